"""The temporary file of an atomic write that a killed writer (SIGKILL) left is removed by the next
write of the same output, when its process is gone; a running writer's file is kept."""
import os
import subprocess
import sys

import pytest

from reasoner.core.atomic import write_atomic


@pytest.mark.skipif(os.name != "posix", reason="a process's liveness is asked with kill(pid, 0)")
def test_the_next_write_removes_a_dead_writer_s_temporary_file_only(tmp_path):
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    dead = tmp_path / f".out.jsonl.{gone.pid}.k3j2h1g0.tmp"
    live = tmp_path / f".out.jsonl.{os.getppid()}.a1b2c3d4.tmp"    # this test's parent runs
    other = tmp_path / f".other.jsonl.{gone.pid}.a1b2c3d4.tmp"     # another output's: not this write's to clean
    unnamed = tmp_path / ".out.jsonl.x1y2z3.tmp"                    # no pid in its name (an older version's)
    for p in (dead, live, other, unnamed):
        p.write_text("partial")
    write_atomic(tmp_path / "out.jsonl", "done\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, other.name, unnamed.name, "out.jsonl"])
    assert (tmp_path / "out.jsonl").read_text() == "done\n"
