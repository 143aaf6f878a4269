"""CLI hygiene (issue 13 item 6): Ctrl-C in interview, odd files as cases, non-UTF-8, spaced citations."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parent.parent
CASE = "facts/ch350_dwelling_night_undetermined.yaml"
REASONER = str(Path(sys.executable).with_name("reasoner"))


def invoke(*args):
    return CliRunner().invoke(main, list(args))


def _interrupted_interview(tmp_path, *extra):
    out = tmp_path / "saved.yaml"
    proc = subprocess.Popen([REASONER, "interview", CASE, "lawful", "--save", str(out), *extra],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT)
    seen = ""
    deadline = time.monotonic() + 60
    while "Q1." not in seen and time.monotonic() < deadline:
        ch = proc.stderr.read(1)
        if not ch:
            break
        seen += ch
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    return proc.returncode, seen + err, out


def test_ctrl_c_in_interview_says_interrupted_exits_130_and_saves_nothing(tmp_path):
    code, err, out = _interrupted_interview(tmp_path)
    assert code == 130, err
    assert "interrupted; nothing saved" in err
    assert not out.exists()


def test_ctrl_c_with_save_partial_saves(tmp_path):
    code, err, out = _interrupted_interview(tmp_path, "--save-partial")
    assert code == 130 and "interrupted; saved" in err, err
    assert out.exists() and "entities" in out.read_text()
