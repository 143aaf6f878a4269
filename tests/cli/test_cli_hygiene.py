"""CLI hygiene: Ctrl-C in interview, odd files as cases, non-UTF-8, spaced citations."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
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


@pytest.mark.parametrize("command", [["ask"], ["why-not"], ["whatif"], ["export", "--to", "json"]])
def test_directory_as_case_is_one_line(tmp_path, command):
    result = invoke(command[0], str(tmp_path), "lawful", *command[1:])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"error: {tmp_path}: is a directory, not a case file (hint: give the path of a case file inside it)"]


def test_fifo_and_device_as_case_are_refused_without_waiting(tmp_path):
    fifo = tmp_path / "case.fifo"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "a named pipe (FIFO)"), ("/dev/zero", "a device")):
        for args in (["ask", str(path), "lawful"],
                     ["run", str(ROOT / "tests/fixtures/cli/trail.dl"), str(path)]):
            result = subprocess.run([REASONER, *args], capture_output=True, text=True, timeout=60, cwd=ROOT)
            assert result.returncode == 2, result.stderr
            assert result.stderr.startswith(f"error: {path}: is {kind}, not a case file"), result.stderr
            assert len(result.stderr.strip().splitlines()) == 1


def test_process_substitution_pipe_is_still_read():
    result = subprocess.run(["bash", "-c", f"{REASONER} ask <(cat facts/ch350_night_direction_lawful.yaml) lawful"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0 and "Verdict: TRUE" in result.stdout, result.stderr


def test_non_utf8_gives_byte_offset_and_line(tmp_path):
    case = tmp_path / "latin1.yaml"
    case.write_bytes(b"entities:\n  op1: {type: operation}\n  # caf\xe9\n")
    result = invoke("ask", str(case), "lawful")
    assert result.exit_code == 2
    assert (f"{case}:3: case file is not UTF-8 text: byte 0xe9 at byte offset 42 (line 3)") in result.output
    rules = tmp_path / "r.dl"
    rules.write_bytes(b"% \xff\n")
    result = invoke("run", str(rules), str(ROOT / "facts/ch350_night_direction_lawful.yaml"))
    assert result.exit_code == 2 and "r.dl:1: rule file is not UTF-8 text: byte 0xff at byte offset 2" in result.output


@pytest.mark.parametrize("spaced, suggestion", [("350.10 1 g", "350.10(1)(g)"),
                                                 ("350.02 2 b 4 a", "350.02(2)(b)4.a")])
def test_cite_refuses_ambiguous_spaced_forms(spaced, suggestion):
    result = invoke("cite", spaced)
    assert result.exit_code == 2
    assert "ambiguous citation" in result.output and f"did you mean '{suggestion}'?" in result.output
    assert "350.101" not in result.output
    assert invoke("cite", suggestion).exit_code == 0
    assert invoke("cite", "s. 350.02 (2) (b) 4.").output.startswith("350.02(2)(b)4\n")


# Usage errors (bad option values, unknown options, missing arguments) are one line in the tool's
# style, `error: WHERE: WHAT (hint: ...)`, exit 2 -- never Click's Usage/Try/Error block.
@pytest.mark.parametrize("args, line", [
    (["--timeout", "nan", "ask", CASE, "lawful"],
     "error: reasoner --timeout: nan is not a time limit: give a number of seconds greater than 0 and at "
     "most 86400 (hint: see 'reasoner --help')"),
    (["--timeout", "0", "ask", CASE, "lawful"],
     "error: reasoner --timeout: 0 is not a time limit: give a number of seconds greater than 0 and at "
     "most 86400 (hint: see 'reasoner --help')"),
    (["--max-rows", "5", "ask", CASE, "lawful"],
     "error: reasoner --max-rows: 5 rows is too small a budget: give at least 1000 (hint: see 'reasoner --help')"),
    (["--exact-budget", "-1", "ask", CASE, "lawful"],
     "error: reasoner --exact-budget: -1 is not in the range x>=0 (hint: see 'reasoner --help')"),
    (["--bogus", "ask"], "error: reasoner: no such option '--bogus' (hint: see 'reasoner --help')"),
    (["nocommand"], "error: reasoner: no such command 'nocommand' (hint: see 'reasoner --help')"),
    # a global option after the command says where it goes (a flag, and an option with a value)
    (["ask", CASE, "lawful", "--strict"], "error: reasoner ask: no such option '--strict' (hint: --strict is a "
     "global option: put it before the command, 'reasoner --strict ask ...')"),
    (["batch", CASE, "lawful", "--reading", "dwelling_150_ft.exclusive"], "error: reasoner batch: no such option "
     "'--reading' (hint: --reading is a global option: put it before the command, 'reasoner --reading VALUE "
     "batch ...')"),
    (["ask"], "error: reasoner ask: missing argument 'CASE' (hint: see 'reasoner ask --help')"),
    (["ask", CASE, "lawful", "--depth", "-1"],
     "error: reasoner ask --depth: -1 is not in the range x>=0 (hint: see 'reasoner ask --help')"),
    (["ask", CASE, "lawful", "--format", "xml"],
     "error: reasoner ask --format: 'xml' is not one of 'text', 'json' (hint: see 'reasoner ask --help')"),
])
def test_usage_errors_are_one_line(args, line):
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [line]


def test_every_command_usage_error_is_one_line():
    from reasoner.cli import main as group
    for name, command in group.commands.items():
        result = invoke(name, "--no-such-option-here")
        lines = result.output.strip().splitlines()
        assert result.exit_code == 2, (name, result.output)
        assert len(lines) == 1 and lines[0].startswith(f"error: reasoner {name}: no such option"), (name, lines)
        assert "Usage:" not in result.output and "Try " not in result.output


def test_ctrl_c_in_batch_says_interrupted_exits_130_and_writes_nothing(tmp_path):
    # was Click's "Aborted!" and exit 1
    import json
    import yaml
    case = yaml.safe_load((ROOT / CASE).read_text())
    cases = tmp_path / "cases.jsonl"
    cases.write_text("".join(json.dumps({**case, "id": f"c{i}"}) + "\n" for i in range(5000)))
    out = tmp_path / "out.jsonl"
    proc = subprocess.Popen([REASONER, "batch", str(cases), "lawful", "-o", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not any(p.name.endswith(".tmp") for p in tmp_path.iterdir()):
        time.sleep(0.05)                                   # answering has begun: the output is open
    assert proc.poll() is None, "the batch ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert err.strip().splitlines() == ["interrupted"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cases.jsonl"]   # no output, no temp file


def test_a_closed_pipe_ends_quietly():
    # `reasoner whatif ... | head -2` printed "error: Broken pipe" (exit 2); here the reader is gone
    # before the first line is written
    result = subprocess.run(["bash", "-c", f"{REASONER} vocab | true; echo ${{PIPESTATUS[0]}} >&2"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.stderr.strip() == "141", result.stderr


def test_check_reads_the_rule_and_case_files_inside_a_folder(tmp_path):
    # a folder given to `check` is the .dl and .yaml files below it (it was one line, "not a .dl rule
    # file or a .yaml case file", whatever the folder held)
    good, bad, empty = tmp_path / "good", tmp_path / "bad" / "deeper", tmp_path / "empty"
    for d in (good, bad, empty):
        d.mkdir(parents=True)
    (good / "a.yaml").write_text("entities:\n  op1: {type: operation, highway_class: county}\n")
    (bad / "b.yaml").write_text("entities:\n  op1: {type: operation, highway_class: countyy}\n")
    r = invoke("check", str(good))
    assert r.exit_code == 0 and "1 case file(s): 0 problem(s)" in r.output, r.output
    r = invoke("check", str(tmp_path / "bad"))
    assert r.exit_code == 1 and "b.yaml:2: highway_class: 'countyy'" in r.output and "did you mean: county" in r.output
    r = invoke("check", str(empty))
    assert r.exit_code == 1 and "a folder with no .dl rule file or .yaml case file" in r.output, r.output
