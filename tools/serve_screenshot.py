#!/usr/bin/env python3
"""Regenerate docs/serve.png: the case page of `reasoner serve` in headless Chromium, after a trainer
changed the trail distance in the form and answered again (docs/SERVE.md shows it); and, cropped to
what they show, docs/serve_form_error.png (a number refused beside its field, every other value
kept), docs/serve_party_added.png (a second operation added on the form) and
docs/serve_interview_checklist.png (the interview's presumption step on a report).

    python tools/serve_screenshot.py                 # writes the four into docs/
    python tools/serve_screenshot.py -o /tmp/shots   # writes them into another folder

Each PNG is reduced to 256 colours when Pillow is installed (screenshots of text lose nothing seen).

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


SHOTS = ("serve.png", "serve_form_error.png", "serve_party_added.png", "serve_interview_checklist.png")
REPORT = "ch348_report_axle_overweight"   # the interview's checklist: three presumed exceptions


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


def around(page, selector: str, above: int = 0, below: int = 0, width: int = 760) -> dict:
    """A clip of the page's left column (width px) from `above` px over selector's box to `below` px under it."""
    box = page.locator(selector).bounding_box()   # in the viewport: moved to the page's coordinates
    box = {**box, "y": box["y"] + page.evaluate("window.scrollY")}
    top = max(0, box["y"] - above)
    return {"x": 0, "y": top, "width": width, "height": box["y"] + box["height"] + below - top}


def a_number_refused(page, base: str) -> dict:
    """"35 ft" typed for the trail distance beside another edit: the form comes back with the message at the field."""
    page.goto(f"{base}/case/{NIGHT}")
    page.fill('input[name="f.op1.speed_mph"]', "41")
    page.fill('input[name="f.op1.trail_distance_ft"]', "35 ft")
    page.click("#answer-btn")
    page.wait_for_selector("#err-op1-trail_distance_ft")
    if page.input_value('input[name="f.op1.speed_mph"]') != "41":
        raise SystemExit("the other edit was lost beside the refused number; no screenshot written")
    page.locator("#f-op1-trail_distance_ft").scroll_into_view_if_needed()
    return around(page, "#f-op1-trail_distance_ft", above=10, below=10)


def a_party_added(page, base: str) -> dict:
    """A second operation added with its name (Enter in the name box adds it), nothing saved."""
    page.goto(f"{base}/case/{NIGHT}")
    page.select_option("#add-type", "operation")
    page.fill("#add-name", "the second ride")
    page.press("#add-name", "Enter")
    page.wait_for_selector("#entity-op2")
    page.locator("#entity-op2").scroll_into_view_if_needed()
    return around(page, "#entity-op2", above=10, below=10)


def the_checklist(page, base: str) -> dict:
    """The interview of a scale report: its presumption step, a checklist in the statute's words."""
    page.set_viewport_size({"width": 1000, "height": 1000})
    page.goto(f"{base}/interview/{REPORT}?q=forfeiture")
    page.wait_for_selector("#checklist")
    page.check("#raised-2")
    return around(page, "form fieldset >> nth=0", above=10, below=10, width=1000)


def smaller(path: Path) -> None:
    """path reduced to 256 colours and compressed harder, when Pillow is installed."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as image:
        reduced = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    reduced.save(path, optimize=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, default=ROOT / "docs", help="the folder written into")
    args = parser.parse_args(argv)
    browser_path = chromium()
    if browser_path is None:
        raise SystemExit("chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        folder = copy_cases(Path(tmp))
        shutil.copy(ROOT / "facts" / f"{REPORT}.yaml", folder / f"{REPORT}.yaml")
        browser = p.chromium.launch(executable_path=browser_path, args=["--no-sandbox", "--disable-gpu"])
        with serving(folder) as base:
            try:
                page = browser.new_page(viewport=VIEWPORT)
                page.set_default_timeout(60_000)
                change_the_trail_distance(page, base)
                if not page.inner_text("#answer").startswith("yes"):
                    raise SystemExit("the answer did not change to yes after the trail distance did; no screenshot written")
                page.screenshot(path=str(args.output / SHOTS[0]), full_page=False)
                for name, step in zip(SHOTS[1:], (a_number_refused, a_party_added, the_checklist)):
                    page.screenshot(path=str(args.output / name), clip=step(page, base), full_page=True)
            finally:
                browser.close()
    for name in SHOTS:
        smaller(args.output / name)
        print(f"{args.output / name}: {(args.output / name).stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
