"""The `reasoner` command ends without the interpreter's teardown (cli/base.py run, _quick_exit),
but as an ordinary exit ends as far as anyone can see: the exit code, every line of output, the
atexit handlers; and a profiler attached still writes its report."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RUN = """
import atexit, sys
atexit.register(lambda: print("atexit ran"))
sys.argv = ["reasoner"] + sys.argv[1:]
from reasoner.cli import run
run()
"""


def command(*args, wrapper=RUN):
    return subprocess.run([sys.executable, "-c", wrapper, *args], cwd=ROOT, capture_output=True, text=True)


def test_exit_code_output_and_atexit_handlers_kept():
    done = command("ask", "facts/ch350_night_direction_unlawful.yaml", "lawful", "--exit-code")
    assert done.returncode == 3, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "atexit ran" and "Verdict: FALSE" in lines
    done = command("ask", "facts/ch350_night_direction_lawful.yaml", "lawful")
    assert done.returncode == 0 and done.stdout.splitlines()[-2:] == ["Verdict: TRUE", "atexit ran"]


def test_an_error_exits_with_its_code_and_message():
    done = command("ask", "facts/no_such_case.yaml", "lawful")
    assert done.returncode == 2 and "no such case file" in done.stderr
    assert done.stdout.splitlines() == ["atexit ran"]


def test_a_profiler_still_writes_its_report(tmp_path):
    out = tmp_path / "ask.prof"
    done = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(out), "-m", "reasoner", "ask",
                           "facts/ch350_night_direction_lawful.yaml", "lawful"], cwd=ROOT, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 0
