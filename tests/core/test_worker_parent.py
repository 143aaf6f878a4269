"""A forked evaluation worker (core/worker.py, `reasoner run`) ends with its parent, even when the
parent is killed with SIGKILL: by the kernel on Linux (PR_SET_PDEATHSIG), else by a thread that
watches the parent's pid (forced here with the kernel's way turned off)."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import sys, time
from reasoner.core import worker
if sys.argv[1] == "poll":
    worker._kill_me_with_parent = lambda: False
worker.run_limited(time.sleep, (60,), seconds=120)
"""


def _children(pid):
    try:
        return [int(c) for f in Path(f"/proc/{pid}/task").iterdir() for c in (f / "children").read_text().split()]
    except OSError:
        return []


def _alive(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc for the worker process")
@pytest.mark.parametrize("how", ["prctl", "poll"])
def test_the_worker_ends_within_a_second_of_its_parent_s_kill_9(how):
    parent = subprocess.Popen([sys.executable, "-c", SCRIPT, how], cwd=ROOT, start_new_session=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 30
        while not (children := _children(parent.pid)) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert children, "the worker did not start"
        time.sleep(0.1)      # the worker has set up its watch
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait(10)
        deadline = time.monotonic() + 1.0
        while _alive(children[0]) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert not _alive(children[0])
    finally:
        try:
            os.killpg(parent.pid, signal.SIGKILL)
        except OSError:
            pass
