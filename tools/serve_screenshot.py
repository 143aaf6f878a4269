#!/usr/bin/env python3
"""Regenerate docs/serve.png: the case page of `reasoner serve` in headless Chromium, after a trainer
changed the trail distance in the form and answered again (docs/SERVE.md shows it).

    python tools/serve_screenshot.py                 # writes docs/serve.png
    python tools/serve_screenshot.py -o /tmp/x.png   # writes elsewhere

Needs the `web` and `test` extras (Starlette, uvicorn, Playwright) and chromium on PATH. The server
answers copies of three bundled cases in a temporary folder, on a port the system picks; nothing in
facts/ is changed. tests/server/test_serve_browser.py drives the same server (`serving`).
"""
from __future__ import annotations

import argparse
import contextlib
import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
NIGHT = "ch350_night_direction_unlawful"
CASES = (NIGHT, "ch350_night_direction_undetermined", "ch350_pedestrian_at_100_ft")
VIEWPORT = {"width": 1400, "height": 1000}


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def copy_cases(folder: Path) -> Path:
    """The cases the server answers, copied from facts/ into folder."""
    for name in CASES:
        shutil.copy(ROOT / "facts" / f"{name}.yaml", folder / f"{name}.yaml")
    return folder


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[str]:
    """`reasoner serve` over folder in a thread, on a socket bound before the server starts (port 0:
    the system picks a free one, so two runs side by side never race for a port); yields its URL."""
    import uvicorn
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from reasoner.server.app import create_app
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(folder, host="127.0.0.1"), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(400):
            if srv.started:
                break
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)
        sock.close()


def change_the_trail_distance(page, base: str) -> None:
    """The trainer's step the screenshot shows: the night case, trail distance 30 ft -> 45 ft, answered again."""
    page.goto(f"{base}/cases")
    page.click(f"text={NIGHT}")
    page.fill('input[name="f.op1.trail_distance_ft"]', "45")
    page.check("#whatif-box")        # and what would change the answer now
    page.click("#answer-btn")
    page.wait_for_selector("#answer")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, default=ROOT / "docs" / "serve.png")
    args = parser.parse_args(argv)
    browser_path = chromium()
    if browser_path is None:
        raise SystemExit("chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp, serving(copy_cases(Path(tmp))) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=browser_path, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport=VIEWPORT)
            page.set_default_timeout(60_000)
            change_the_trail_distance(page, base)
            if not page.inner_text("#answer").startswith("yes"):
                raise SystemExit("the answer did not change to yes after the trail distance did; no screenshot written")
            page.screenshot(path=str(args.output), full_page=False)
        finally:
            browser.close()
    print(f"{args.output}: {args.output.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
