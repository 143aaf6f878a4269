"""A PDF is printed from the case's own text only: a case description that closes the footer's
<style> cannot print a local file, run a script or reach the network, and the page Chromium prints
may not load anything beyond itself even when the HTML has an element that tries (the page's
Content-Security-Policy and Chromium's flags). A Chromium that fails leaves no broken PDF behind."""
import io
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
NIGHT = ROOT / "facts" / "ch350_night_direction_unlawful.yaml"
SECRET = "TOPSECRETxq7"

pypdf = pytest.importorskip("pypdf")


def chromium():
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and Path(candidate).exists():
            return candidate
    pytest.skip("chromium is not installed (apt-get install -y chromium)")


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages)


@pytest.fixture
def secret_file():
    """A short path (the footer keeps 70 characters of the description) to a file with a secret."""
    folder = Path(tempfile.mkdtemp(prefix="s", dir="/tmp"))
    (folder / "s.txt").write_text(SECRET + "\n", encoding="utf-8")
    yield folder / "s.txt"
    shutil.rmtree(folder)


class Listener:
    """A loopback port that records whether anything connected to it."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(5)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.hits = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            self.hits += 1
            conn.close()

    def close(self):
        self.stop.wait(1.0)    # a late request has a moment more to arrive (bounded)
        self.stop.set()
        self.thread.join(2)
        self.sock.close()


def export_pdf(tmp_path, description):
    data = yaml.safe_load(NIGHT.read_text(encoding="utf-8"))
    data["description"] = description
    case = tmp_path / "case.yaml"
    case.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(main, ["export", str(case), "lawful", "--to", "pdf", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def test_a_description_closing_the_style_cannot_print_a_local_file(tmp_path, secret_file):
    chromium()
    text = pdf_text(export_pdf(tmp_path, f"</style><iframe src={secret_file}></iframe>"))
    assert SECRET not in text
    assert "</style><iframe" in text            # the description is printed as the text it is


def test_a_description_closing_the_style_cannot_run_a_script_or_reach_the_network(tmp_path):
    chromium()
    listener = Listener()
    try:
        text = pdf_text(export_pdf(tmp_path, f"</style><img src=http://127.0.0.1:{listener.port}/x>"))
        script = pdf_text(export_pdf(tmp_path, "</style><script>document.write('RANX'+'9')</script>"))
    finally:
        listener.close()
    assert listener.hits == 0
    assert "RANX9" not in script
    assert "<img src=" in text


def test_the_printed_page_loads_nothing_beyond_itself(secret_file):
    """Defence in depth: HTML that itself holds an iframe, an image, a script and a stylesheet from
    outside prints none of them (CSP first in <head>, scripts off, the network sent to nowhere)."""
    chromium()
    from reasoner.render.pdf import print_pdf
    listener = Listener()
    port = listener.port
    try:
        html = ("<!doctype html><html><head><meta charset='utf-8'>"
                f"<link rel=stylesheet href='http://127.0.0.1:{port}/s.css'></head><body><p>shown</p>"
                f"<iframe src='{secret_file.as_uri()}'></iframe><iframe src='{secret_file}'></iframe>"
                f"<img src='http://127.0.0.1:{port}/i.png'><img src='http://localhost:{port}/j.png'>"
                "<script>document.write('RANX'+'9')</script>"
                "<img src='data:image/gif;base64,R0lGODlhAQABAAAAACw='></body></html>")
        text = pdf_text(print_pdf(html, footer="a case"))
    finally:
        listener.close()
    assert "shown" in text
    assert SECRET not in text and "RANX9" not in text
    assert listener.hits == 0


def test_the_footer_css_string_holds_only_letters_digits_and_hex_escapes():
    import re
    from reasoner.render.pdf import _css_string
    out = _css_string('</style>"\'\\\n<x>\u00e9 1')
    assert re.fullmatch(r'"(?:[A-Za-z0-9]|\\[0-9a-f]{6})*"', out), out
    assert "\\00003c" in out and "\\0000e9" in out


def test_a_chromium_that_fails_is_an_error_and_the_old_file_stays(tmp_path, monkeypatch):
    from reasoner.render import pdf as pdfmod
    fake = tmp_path / "chromium"
    # writes a file that is not a PDF, then exits nonzero
    fake.write_text("#!/bin/sh\nfor a in \"$@\"; do case \"$a\" in --print-to-pdf=*) "
                    "printf 'not a pdf' > \"${a#--print-to-pdf=}\";; esac; done\nexit 3\n")
    fake.chmod(0o755)
    monkeypatch.setattr(pdfmod, "chromium", lambda: str(fake))
    with pytest.raises(pdfmod.PrintError):
        pdfmod.print_pdf("<html><head></head><body>x</body></html>")
    fake.write_text("#!/bin/sh\nfor a in \"$@\"; do case \"$a\" in --print-to-pdf=*) "
                    "printf 'not a pdf' > \"${a#--print-to-pdf=}\";; esac; done\nexit 0\n")
    with pytest.raises(pdfmod.PrintError):
        pdfmod.print_pdf("<html><head></head><body>x</body></html>")
    old = tmp_path / "old.pdf"
    old.write_bytes(b"%PDF-1.4 the old one")
    result = CliRunner().invoke(main, ["export", str(NIGHT), "lawful", "--to", "pdf", "-o", str(old)])
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    assert old.read_bytes() == b"%PDF-1.4 the old one"
