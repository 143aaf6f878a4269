"""A minimal Chrome DevTools Protocol client over --remote-debugging-pipe (no extra packages):
open a page, evaluate JavaScript (to click a <summary> open and measure the layout), take a
screenshot, print to PDF. Used by the Chromium handout tests only."""
from __future__ import annotations

import base64
import json
import os
import subprocess
import tempfile


class Browser:
    def __init__(self, binary: str, width: int, height: int):
        self._profile = tempfile.TemporaryDirectory()
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def fds():  # chromium reads commands on fd 3 and writes replies on fd 4
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)
        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--remote-debugging-pipe", f"--user-data-dir={self._profile.name}",
             f"--window-size={width},{height}", "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4, to_chrome_r, from_chrome_w),  # 3, 4 made by fds()
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buf = b""
        self._id = 0
        self.session = None
        targets = self.send("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.send("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        self.send("Page.enable")
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                  mobile=False)

    def send(self, method, **params):
        self._id += 1
        message = {"id": self._id, "method": method, "params": params}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def _read(self):
        while b"\0" not in self._buf:
            chunk = os.read(self._from_chrome, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self._buf += chunk
        raw, _, self._buf = self._buf.partition(b"\0")
        return json.loads(raw)

    def open(self, url):
        self.send("Page.navigate", url=url)
        for _ in range(200):
            if self.js("document.readyState") == "complete":
                return
            self.js("new Promise(r => setTimeout(r, 50))", wait=True)
        raise RuntimeError(f"{url} did not load")

    def js(self, expression, wait=False):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=wait)
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def screenshot(self) -> bytes:
        return base64.b64decode(self.send("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"])

    def pdf(self, **options) -> bytes:
        return base64.b64decode(self.send("Page.printToPDF", **options)["data"])

    def close(self):
        try:
            self.send("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_chrome)
        os.close(self._from_chrome)
        self._profile.cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
