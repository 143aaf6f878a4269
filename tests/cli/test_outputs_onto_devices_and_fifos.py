"""`-o` onto a device, FIFO or stream writes through it
and never renames a regular file over it; the md export never writes its figure over the handout
or over an SVG the user wrote; SIGTERM during `batch -o` leaves no temporary file.

The devices are reached through symlinks in a temporary folder, so that a regression replaces the
link and not /dev/null itself (the tests may run as root)."""
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "facts" / "ch350_night_direction_unlawful.yaml"


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def leftovers(folder):
    return [p.name for p in Path(folder).iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("device", ["/dev/null", "/dev/full"])
@pytest.mark.parametrize("command", ["export", "batch"])
def test_output_onto_a_device_is_not_replaced(tmp_path, device, command):
    link = tmp_path / "out.txt"
    link.symlink_to(device)
    before = os.stat(device)
    if command == "export":
        r = invoke("export", CASE, "lawful", "--to", "json", "-o", link)
    else:
        r = invoke("batch", ROOT / "facts", "lawful", "--verdicts-only", "-o", link)
    assert link.is_symlink() and os.readlink(link) == device
    after = os.stat(device)
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    if device == "/dev/full":  # writing fails: one clear error, no "wrote"
        assert r.exit_code == 2 and "out.txt" in r.stderr and "internal error" not in r.stderr, r.stderr
        assert "wrote" not in r.stderr
    else:
        assert r.exit_code == 0, r.stderr
    assert not leftovers(tmp_path) and not [p for p in Path("/tmp").glob(".out.txt.*.tmp")]


def test_output_into_a_fifo_is_written_through(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    got = {}

    def read():
        with open(fifo, "rb") as fh:
            got["data"] = fh.read()
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    r = invoke("export", CASE, "lawful", "--to", "json", "-o", fifo)
    reader.join(30)
    assert r.exit_code == 0, r.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert json.loads(got["data"])["answer"] == "false"


def test_a_fifo_nobody_reads_is_an_error_within_the_time_limit(tmp_path):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    began = time.monotonic()
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "a.yaml").write_text(CASE.read_text())
    p = subprocess.run([sys.executable, "-m", "reasoner.cli", "--timeout", "1", "batch", str(folder), "lawful",
                        "-o", str(fifo)], capture_output=True, text=True, timeout=30, cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 2
    assert p.stderr.splitlines()[-1] == (f"error: {fifo}: nobody reads the FIFO (named pipe); waited 1 s, the time "
                                         "limit (hint: start its reader first (e.g. `cat FIFO` in another "
                                         "terminal), or give a regular file)")
    assert time.monotonic() - began < 15 and stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_output_to_dev_stdout_goes_to_stdout(tmp_path):
    link = tmp_path / "stdout.json"
    link.symlink_to("/dev/stdout")
    p = subprocess.run([sys.executable, "-m", "reasoner.cli", "export", str(CASE), "lawful", "--to", "json",
                        "-o", str(link)], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 0, p.stderr
    assert link.is_symlink()
    assert json.loads(p.stdout)["answer"] == "false"


def test_symlink_to_a_regular_file_keeps_the_link(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    r = invoke("export", CASE, "lawful", "--to", "json", "-o", link)
    assert r.exit_code == 0, r.stderr
    assert link.is_symlink() and json.loads(real.read_text())["answer"] == "false"


def test_md_export_never_writes_its_figure_over_the_handout(tmp_path):
    out = tmp_path / "handout.svg"
    r = invoke("export", CASE, "lawful", "--to", "md", "--no-whatif", "-o", out)
    assert r.exit_code == 2 and "handout.svg" in r.stderr and "FILE.md" in r.stderr
    assert not out.exists() and not leftovers(tmp_path)


def test_md_export_keeps_a_users_svg(tmp_path):
    mine = tmp_path / "handout.svg"
    mine.write_text("<svg>my own drawing</svg>")
    r = invoke("export", CASE, "lawful", "--to", "md", "--no-whatif", "-o", tmp_path / "handout.md")
    assert r.exit_code == 2 and "handout.svg" in r.stderr, r.stderr
    assert mine.read_text() == "<svg>my own drawing</svg>" and not (tmp_path / "handout.md").exists()
    # a figure reasoner drew before is simply replaced
    mine.unlink()
    assert invoke("export", CASE, "lawful", "--to", "md", "--no-whatif", "-o", tmp_path / "handout.md").exit_code == 0
    assert invoke("export", CASE, "lawful", "--to", "md", "--no-whatif", "-o", tmp_path / "handout.md").exit_code == 0


def test_md_export_never_writes_its_figure_through_a_link(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert invoke("export", CASE, "lawful", "--to", "md", "--no-whatif", "-o", elsewhere / "old.md").exit_code == 0
    drawn = (elsewhere / "old.svg").read_bytes()      # a figure reasoner drew, that the link names
    inode = (elsewhere / "old.svg").stat().st_ino
    link = tmp_path / "handout.svg"
    link.symlink_to(elsewhere / "old.svg")
    r = invoke("export", CASE, "lawful", "--to", "md", "--no-whatif", "-o", tmp_path / "handout.md")
    assert r.exit_code == 2
    assert r.stderr == (f"error: {link}: handout.svg is a symbolic link; the figure is never written through a "
                        "link you did not name (hint: remove the link, or give -o another name)\n")
    assert (elsewhere / "old.svg").read_bytes() == drawn and link.is_symlink()
    assert (elsewhere / "old.svg").stat().st_ino == inode        # not replaced either
    assert not (tmp_path / "handout.md").exists() and not leftovers(tmp_path)


def test_sigterm_during_batch_output_leaves_no_temporary_file(tmp_path):
    line = json.dumps({"entities": {"op1": {"type": "operation", "at_night": True, "speed_mph": 40}}})
    cases = tmp_path / "many.jsonl"
    cases.write_text("".join('{"id": "c%d", ' % i + line[1:] + "\n" for i in range(20000)))
    out = tmp_path / "results.jsonl"
    p = subprocess.Popen([sys.executable, "-m", "reasoner.cli", "batch", str(cases), "lawful", "-o", str(out)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 120
        while not leftovers(tmp_path) and time.monotonic() < deadline and p.poll() is None:
            time.sleep(0.05)
        assert leftovers(tmp_path), "batch never started writing"
        p.send_signal(signal.SIGTERM)
        p.wait(60)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode != 0
    assert not leftovers(tmp_path) and not out.exists()


def test_output_to_dev_stdout_redirected_to_a_file_writes_into_that_file(tmp_path):
    link = tmp_path / "stdout.json"
    link.symlink_to("/dev/stdout")
    target = tmp_path / "redirected.txt"
    target.write_text("kept\n")
    with open(target, "a") as fh:  # like `>> redirected.txt`: the output is appended, not renamed over
        p = subprocess.run([sys.executable, "-m", "reasoner.cli", "export", str(CASE), "lawful", "--to", "json",
                            "-o", str(link)], stdout=fh, stderr=subprocess.PIPE, text=True, timeout=120,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 0, p.stderr
    text = target.read_text()
    assert text.startswith("kept\n") and json.loads(text[5:])["answer"] == "false"
    assert link.is_symlink()
