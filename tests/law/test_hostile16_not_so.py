"""A saved query's `not_so:` (what a row the answer says no for is, in the law's words: 'not joined')
is input like any other: a value that is not words is refused with one message naming the file and
what to write (exit 2, no traceback), and words holding markup print as text in an HTML handout."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "tests" / "fixtures" / "hostile16_two_riders_charges.yaml"


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    # the user's own queries/ folder is read from the folder the command runs in
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(cwd)}
    return subprocess.run([sys.executable, "-m", "reasoner", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def _joinder_with(tmp_path: Path, line: str) -> None:
    (tmp_path / "queries").mkdir()
    text = (ROOT / "queries" / "joinder.yaml").read_text(encoding="utf-8")
    assert "\nnot_so: not joined" in text
    (tmp_path / "queries" / "joinder.yaml").write_text(text.replace("\nnot_so: not joined", "\n" + line),
                                                       encoding="utf-8")


def test_a_not_so_that_is_not_words_is_refused_with_its_file(tmp_path):
    _joinder_with(tmp_path, "not_so: [not, joined]")
    res = _run(tmp_path, "ask", str(CASE), "joinder")
    assert res.returncode == 2, res.stdout + res.stderr
    out = res.stdout + res.stderr
    assert "Traceback" not in out
    assert "`not_so:` is what a row the answer says no for is" in out
    assert str(tmp_path / "queries" / "joinder.yaml") in out


def test_not_so_words_holding_markup_print_as_text_in_html(tmp_path):
    _joinder_with(tmp_path, 'not_so: "<b>held</b> apart & unjoined"')
    shutil.copy(CASE, tmp_path / "case.yaml")
    res = _run(tmp_path, "export", "case.yaml", "joinder", "--to", "html", "-o", "out.html")
    assert res.returncode == 0, res.stdout + res.stderr
    html = (tmp_path / "out.html").read_text(encoding="utf-8")
    assert "<b>held</b>" not in html
    assert "&lt;b&gt;held&lt;/b&gt; apart &amp; unjoined" in html   # Bo Lind's rides are two incidents: a 'no' row
