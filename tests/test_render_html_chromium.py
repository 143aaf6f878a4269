"""The HTML handout rendered in headless Chromium: a non-blank page, no console errors, the content.

Skipped when Chromium is not installed, except under CI=true (where .ci/run installs it).
"""
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parent.parent
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
    assert "The reasoning" in dom and "What if?" in dom
    assert "At night travel shall conform to the direction of vehicular traffic" in dom
    assert "<svg" in dom
    assert not console_errors(r.stderr), console_errors(r.stderr)
