"""The HTML handout rendered in headless Chromium: a non-blank page, no console errors, the content.

Skipped when Chromium is not installed, except under CI=true (where .ci/run installs it).
"""
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
FIX = "tests/fixtures/cli"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium():
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    if os.environ.get("CI") == "true":
        pytest.fail("CI=true but chromium is not installed (.ci/run installs it with apt-get)")
    pytest.skip("chromium is not installed (apt-get install -y chromium); the test runs under CI=true")


def browse(browser, url, *extra):
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run([browser, *FLAGS, f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
                               *extra, url], capture_output=True, text=True, timeout=120)


def console_errors(stderr: str) -> list:
    return [line for line in stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]


@pytest.fixture(scope="module")
def handout(tmp_path_factory):
    pytest.importorskip("matplotlib")
    out = tmp_path_factory.mktemp("html") / "handout.html"
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        r = CliRunner().invoke(main, ["export", "--rules", f"{FIX}/trail.dl", f"{FIX}/night_unlawful.yaml",
                                      "lawful(op1)", "--to", "html", "-o", str(out)])
    finally:
        os.chdir(cwd)
    assert r.exit_code == 0, r.output
    return out


def test_handout_screenshot_is_not_blank_and_has_no_console_errors(handout, tmp_path):
    browser = chromium()
    shot = tmp_path / "shot.png"
    r = browse(browser, handout.as_uri(), f"--screenshot={shot}", "--window-size=1200,1600")
    assert shot.exists() and shot.stat().st_size > 0, r.stderr[-2000:]
    assert not console_errors(r.stderr), console_errors(r.stderr)
    import matplotlib.image as mpimg
    import numpy as np
    pixels = mpimg.imread(shot)
    assert pixels.shape[0] >= 1000 and pixels.shape[1] >= 1000
    flat = (pixels[..., :3] * 255).astype("uint8").reshape(-1, 3)
    colours = np.unique(flat, axis=0)
    assert len(colours) > 50, f"only {len(colours)} distinct colours: the page looks blank"
    # the status colours of the badges are on the page (the FALSE badge of the answer)
    assert ((flat[:, 0] > 180) & (flat[:, 1] < 60) & (flat[:, 2] < 60)).any()


def test_handout_dom_has_the_content(handout):
    browser = chromium()
    r = browse(browser, handout.as_uri(), "--dump-dom")
    dom = r.stdout
    assert "The argument" in dom and "What if?" in dom and "The facts the argument uses" in dom
    assert "At night travel shall conform to the direction of vehicular traffic" in dom
    assert "<svg" in dom
    assert not console_errors(r.stderr), console_errors(r.stderr)


# -- the handouts a trainer prints: the three focus areas and a forfeiture ----------------------------------
A4_WIDTH_PX = 794   # 210 mm at 96 px per inch
EXAMPLES = {"night_direction": ("facts/ch350_night_direction_unlawful.yaml", "lawful", "350.02(2)(b)4"),
            "dwelling": ("facts/ch350_dwelling_night_unlawful.yaml", "lawful", "350.10(1)(g)"),
            "joinder": ("facts/ch350_charges_same_incident.yaml", "joinder", "350.101(1)(d)"),
            "forfeiture": ("facts/ch348_grain_semi_first_offense.yaml", "forfeiture", "348.21(3)(b)1")}


@pytest.fixture(scope="module")
def handouts(tmp_path_factory):
    pytest.importorskip("matplotlib")
    out = tmp_path_factory.mktemp("handouts")
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        for name, (case, query, _) in EXAMPLES.items():
            r = CliRunner().invoke(main, ["export", case, query, "--to", "html", "-o", str(out / f"{name}.html")])
            assert r.exit_code == 0, r.output
    finally:
        os.chdir(cwd)
    return out


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_handout_fits_one_page_width_and_its_appendix_opens(handouts, name, tmp_path):
    from cdp import Browser
    browser = chromium()
    page = (handouts / f"{name}.html").as_uri()
    with Browser(browser, A4_WIDTH_PX, 1123) as b:
        b.open(page)
        # nothing is wider than an A4 page: no horizontal scrolling, the figure scaled to the column
        assert b.js("document.documentElement.scrollWidth") <= A4_WIDTH_PX
        assert b.js("Math.max(...[...document.querySelectorAll('figure svg')]"
                    ".map(s => s.getBoundingClientRect().right))") <= A4_WIDTH_PX
        # the appendix (the facts the argument does not use) is closed, and opens when clicked
        before = b.js("(() => { const d = document.querySelector('details.appendix');"
                      " return d ? [d.open, d.getBoundingClientRect().height] : null; })()")
        if before is not None:
            assert before[0] is False
            opened = b.js("(() => { const d = document.querySelector('details.appendix');"
                          " d.querySelector('summary').click(); const h = d.getBoundingClientRect().height;"
                          " d.open = false; return [h]; })()")
            assert opened[0] > before[1]
        text = b.js("document.body.innerText")
        assert f"s. {EXAMPLES[name][2]}" in text and "official text" in text
        assert " is FALSE (" not in text and "For no " not in text
        shot = b.screenshot()
        (tmp_path / f"{name}.png").write_bytes(shot)
        pdf = b.pdf(paperWidth=8.27, paperHeight=11.69, printBackground=True, preferCSSPageSize=False)
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"
    import struct
    width = struct.unpack(">I", shot[16:20])[0]
    assert width <= A4_WIDTH_PX, f"the screenshot is {width} px wide"
    assert pdf.startswith(b"%PDF")
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert boxes and all(abs(float(w) - 595.3) < 2 and float(h) > float(w) for w, h in boxes)  # A4 portrait
    assert len(boxes) <= PAGES[name], f"{name} prints on {len(boxes)} A4 pages"


LETTER_WIDTH_PX = 816   # 8.5 in at 96 px per inch
# a handout a trainer hands out: at most 2 pages, a forfeiture with its arithmetic at most 3
PAGES = {"night_direction": 2, "dwelling": 2, "joinder": 2, "forfeiture": 3}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_handout_prints_on_letter_portrait_within_the_page_width(handouts, name):
    """US Letter as well as A4: the page is 8.5 in wide, the handout no wider, every page portrait."""
    from cdp import Browser
    with Browser(chromium(), LETTER_WIDTH_PX, 1056) as b:
        b.open((handouts / f"{name}.html").as_uri())
        assert b.js("document.documentElement.scrollWidth") <= LETTER_WIDTH_PX
        pdf = b.pdf(paperWidth=8.5, paperHeight=11, printBackground=True, preferCSSPageSize=False)
    assert pdf.startswith(b"%PDF")
    boxes = re.findall(rb"/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]", pdf)
    assert boxes and all(abs(float(w) - 612) < 2 and abs(float(h) - 792) < 2 for w, h in boxes)  # Letter portrait
    assert len(boxes) <= PAGES[name], f"{name} prints on {len(boxes)} Letter pages"


# three more focus cases: a lawful answer with its exception, a third-offence forfeiture, two violations
FOCUS = {"facts/ch350_night_direction_lawful.yaml": ("lawful", 2),
         "facts/ch350_youth_under_12_unaccompanied.yaml": ("lawful", 2),
         "facts/ch348_log_truck_third_offense.yaml": ("forfeiture", 3)}


@pytest.mark.parametrize("case", sorted(FOCUS))
def test_focus_case_handout_prints_within_its_page_bound(case, tmp_path):
    pytest.importorskip("matplotlib")
    from cdp import Browser
    query, most = FOCUS[case]
    out = tmp_path / "h.html"
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        r = CliRunner().invoke(main, ["export", case, query, "--to", "html", "-o", str(out)])
    finally:
        os.chdir(cwd)
    assert r.exit_code == 0, r.output
    with Browser(chromium(), LETTER_WIDTH_PX, 1056) as b:
        b.open(out.as_uri())
        pages = []
        for w, h in ((8.5, 11), (8.27, 11.69)):
            pdf = b.pdf(paperWidth=w, paperHeight=h, printBackground=True, preferCSSPageSize=False)
            pages.append(len(re.findall(rb"/MediaBox\s*\[", pdf)))
    assert all(1 <= n <= most for n in pages), (case, pages)
