"""Text from input (ids, file names, rule-file templates, the query, option values) never reaches the
terminal raw: ESC, BEL, the other controls and the bidirectional overrides are shown as their
escapes (core/visible.py), and one case of `batch --to text` is one line, always. Machine formats
keep the exact data (CSV quotes, JSON escapes per its spec).

Before: `\\e[2J` cleared the screen and `\\e]0;...\\a` set the window title from a CSV id, a file
name, an @input template or a bad option value; an id holding tabs and a line break printed a row
`fake<TAB>true` for a case that does not exist."""
import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
RAW = "\x1b[2Jx\x1b]0;pwned\x07"            # clears the screen, then sets the window title
SHOWN = "\\x1b[2Jx\\x1b]0;pwned\\x07"
NAME = "x\x1b[2J\x1b]0;pwned\x07\u202e"      # a file name: ESC, BEL and a right-to-left override
NAME_SHOWN = "x\\x1b[2J\\x1b]0;pwned\\x07\\u202e"
CASE = "entities:\n  op1: {type: operation, at_night: true, speed_mph: 5}\n"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def assert_nothing_raw(*texts):
    for text in texts:
        for char in "\x1b\x07\u202e":
            assert char not in text, (char, text)


def under_a_terminal(*args, cwd):
    """`reasoner ARGS` with its stdout on a pseudo-terminal (stderr a pipe): (exit code, stdout, stderr).

    Our copy of the terminal's other end stays open until the child has exited and everything it wrote has
    been read, so no output is lost to the end-of-terminal race a busy machine can hit (the kernel may report
    the closed end before the last bytes are read)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "reasoner", *map(str, args)], stdin=subprocess.DEVNULL,
                            stdout=slave, stderr=subprocess.PIPE, cwd=cwd,
                            env={**os.environ, "PYTHONPATH": str(ROOT), "REASONER_JOBS": "1"})
    out = b""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            out += os.read(master, 65536)
        elif proc.poll() is not None:
            break
    err = proc.stderr.read()
    proc.wait(timeout=120)
    os.close(slave)
    os.close(master)
    return proc.returncode, out.decode("utf-8").replace("\r\n", "\n"), err.decode("utf-8")


# -- batch ids --------------------------------------------------------------------------------------------
@pytest.fixture
def escape_csv(tmp_path):
    path = tmp_path / "e.csv"
    path.write_text(f"id,entity,type\n{RAW},op1,operation\n", encoding="utf-8")
    return path


def test_an_escape_in_a_csv_id_is_shown_not_sent(escape_csv):
    r = run("batch", escape_csv, "lawful", "--to", "text")
    assert r.exit_code == 2
    assert r.stdout.splitlines()[1] == (
        f"{SHOWN}\terror\t{escape_csv}:2: a control character (U+001B) in column 'id' "
        "(remove it: input holds printable text (line breaks and tabs are allowed))")
    assert_nothing_raw(r.stdout, r.stderr)


def test_an_escape_in_a_csv_id_is_shown_in_csv_at_a_terminal_and_kept_exact_in_a_pipe(escape_csv):
    code, out, err = under_a_terminal("batch", escape_csv.name, "lawful", "--to", "csv", cwd=escape_csv.parent)
    assert code == 2, err
    assert out.splitlines()[1].startswith(f"{SHOWN},error,")
    assert_nothing_raw(out, err)
    piped = subprocess.run([sys.executable, "-m", "reasoner", "batch", escape_csv.name, "lawful", "--to", "csv"],
                           capture_output=True, cwd=escape_csv.parent, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert piped.stdout.decode("utf-8").splitlines()[1].startswith(f"{RAW},error,")   # the data, exactly


@pytest.mark.parametrize("verdicts_only", [False, True])
def test_a_tab_or_newline_in_an_id_cannot_forge_a_row(tmp_path, verdicts_only):
    jl = tmp_path / "in.jsonl"
    jl.write_text('{"id": "fake\\ttrue\\t\\t\\t\\t\\t\\t\\nop_forged", "entities": {"op1": {"type": "operation", '
                  '"at_night": true, "speed_mph": 5}}}\n', encoding="utf-8")
    r = run("batch", jl, "lawful", "--to", "text", *(["--verdicts-only"] if verdicts_only else []))
    assert r.exit_code == 0, r.output
    header, *rows = r.stdout.splitlines()
    assert len(rows) == 1
    assert rows[0].startswith("fake\\ttrue\\t\\t\\t\\t\\t\\t\\nop_forged\tundetermined\tO=op1: undetermined\t")
    assert len(rows[0].split("\t")) == len(header.split("\t"))
    csv_out = run("batch", jl, "lawful", "--to", "csv")      # CSV quotes: the exact id, one record
    assert csv_out.stdout.splitlines()[1].startswith('"fake\ttrue\t\t\t\t\t\t')


def test_a_bidi_override_in_a_jsonl_id_is_shown_as_its_escape(tmp_path):
    jl = tmp_path / "in.jsonl"
    jl.write_text('{"id": "\\u202eevil", "entities": {"op1": {"type": "operation"}}}\n', encoding="utf-8")
    r = run("batch", jl, "lawful", "--to", "text", "--verdicts-only")
    assert r.stdout.splitlines()[1].startswith("\\u202eevil\tundetermined\t")
    assert_nothing_raw(r.stdout, r.stderr)


def test_jsonl_output_escapes_the_line_and_paragraph_separators(tmp_path):
    jl = tmp_path / "in.jsonl"
    jl.write_text('{"id": "a\\u2028b\\u2029c\\u202e", "entities": {"op1": {"type": "operation"}}}\n',
                  encoding="utf-8")
    out = tmp_path / "out.jsonl"
    r = run("batch", jl, "lawful", "--verdicts-only", "-o", out)
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert '"id": "a\\u2028b\\u2029c\\u202e"' in text
    assert "\u2028" not in text and "\u2029" not in text and "\u202e" not in text
    assert json.loads(text.splitlines()[0])["id"] == "a\u2028b\u2029c\u202e"    # the same value


@pytest.mark.parametrize("given, said", [("null", "null"), ('["a"]', "a list"), ('{"a": 1}', "an object"),
                                         ("true", "true")])
def test_an_id_that_is_no_string_or_number_is_refused_with_its_line(tmp_path, given, said):
    jl = tmp_path / "in.jsonl"
    jl.write_text(f'{{"id": {given}, "entities": {{"op1": {{"type": "operation"}}}}}}\n'
                  '{"id": 17, "entities": {"op1": {"type": "operation"}}}\n', encoding="utf-8")
    r = run("batch", jl, "lawful", "--verdicts-only")
    first, second = (json.loads(line) for line in r.stdout.splitlines())
    assert r.exit_code == 2
    assert first == {"schema": 3, "id": "line 1", "error": f'the "id" is {said}, not a string or a number',
                     "location": f"{jl}:1", "hint": 'give each case an id such as "case-1" or 17'}
    assert second["id"] == "17" and second["answer"] == "undetermined"


# -- file names -------------------------------------------------------------------------------------------
@pytest.fixture
def named(tmp_path):
    """A folder with a good case and a broken one, both named with ESC, BEL and U+202E."""
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / f"{NAME}.yaml").write_text(CASE, encoding="utf-8")
    (folder / f"bad{NAME}.yaml").write_text("entities: [\n", encoding="utf-8")
    return folder


def test_a_file_name_with_an_escape_is_shown_not_sent_in_folder_batch(named):
    r = run("batch", named, "lawful", "--to", "text", "--verdicts-only")
    rows = r.stdout.splitlines()[1:]
    assert rows[0] == (f"bad{NAME_SHOWN}\terror\t{named}/bad{NAME_SHOWN}.yaml:2:1: not valid YAML: "
                       "did not find expected node content")
    assert rows[1].startswith(f"{NAME_SHOWN}\tundetermined\t")
    assert_nothing_raw(r.stdout, r.stderr)


def test_a_file_name_with_an_escape_is_shown_not_sent_in_check(named):
    r = run("check", named / f"bad{NAME}.yaml")
    assert r.exit_code == 1
    assert r.stdout.splitlines()[0] == f"{named}/bad{NAME_SHOWN}.yaml:2:1: not valid YAML: did not find expected node content"
    assert_nothing_raw(r.stdout, r.stderr)


def test_a_file_name_with_an_escape_is_shown_not_sent_in_ask(named, monkeypatch):
    monkeypatch.chdir(named)
    r = run("ask", f"{NAME}.yaml", "lawful")
    assert r.exit_code == 0 and r.stdout.splitlines()[0] == f"Case: {NAME_SHOWN}.yaml"
    r = run("ask", named / f"bad{NAME}.yaml", "lawful")
    assert r.exit_code == 2
    assert r.stderr == (f"error: {named}/bad{NAME_SHOWN}.yaml:2:1: not valid YAML: did not find expected node "
                        "content (hint: check indentation, colons and quotes near this line)\n")
    assert_nothing_raw(r.stdout, r.stderr)


def test_a_file_name_with_an_escape_is_shown_not_sent_in_export(named, tmp_path):
    out = tmp_path / f"h{NAME}.md"
    r = run("export", named / f"{NAME}.yaml", "lawful", "-o", out, "--no-whatif")
    assert r.exit_code == 0, r.output
    assert r.stderr == f"wrote {tmp_path}/h{NAME_SHOWN}.md, {tmp_path}/h{NAME_SHOWN}.svg\n"
    r = run("export", named / f"bad{NAME}.yaml", "lawful", "--to", "text")
    assert r.exit_code == 2 and r.stderr.startswith(f"error: {named}/bad{NAME_SHOWN}.yaml:2:1: not valid YAML")
    assert_nothing_raw(r.stdout, r.stderr)


def test_a_line_break_in_a_file_name_stays_in_its_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("a\nAnswer: Yes.yaml").write_text(CASE, encoding="utf-8")
    for args in (["ask", "a\nAnswer: Yes.yaml", "lawful"], ["ask", "a\nAnswer: Yes.yaml", "lawful", "--view", "full"]):
        r = run(*args)
        assert r.stdout.splitlines()[0] == "Case: a\\nAnswer: Yes.yaml"


def test_ask_at_a_terminal_sends_no_escape_from_a_file_name(named):
    code, out, err = under_a_terminal("ask", f"{NAME}.yaml", "lawful", cwd=named)
    assert code == 0, err
    assert out.splitlines()[0] == f"Case: {NAME_SHOWN}.yaml"
    assert_nothing_raw(out, err)


# -- rule-file templates, the query, usage errors ------------------------------------------------------------
LAW = ('@entity thing "a thing".\n'
       '@input flag(T: thing) "{T} is \x1b[2Jflagged\x1b]0;pwned\x07 \u202eok".\n'
       '@predicate ok(T: thing) "{T} is ok".\n'
       '@provision "350.02(4)"\n'
       'ok(T) :- flag(T).\n')


@pytest.fixture
def program(tmp_path):
    law = tmp_path / "law.dl"
    law.write_text(LAW, encoding="utf-8")
    case = tmp_path / "c.yaml"
    case.write_text("entities:\n  t1: {type: thing, flag: true}\n", encoding="utf-8")
    return law, case


def _unwrapped(text: str) -> str:
    """The proof text with the lines `why` wraps (at 100 columns) joined again by one space."""
    return " ".join(text.split())


def test_an_escape_in_an_input_template_is_shown_not_sent_in_ask_and_why(program):
    law, case = program
    r = run("ask", case, "ok(t1)", "--rules", law)
    assert r.exit_code == 0, r.output
    assert "    1. t1 is \\x1b[2Jflagged\\x1b]0;pwned\\x07 \\u202eok — met (case file line 2)" in r.stdout.splitlines()
    r = run("why", case, "ok(t1)", "--rules", law)
    assert r.exit_code == 0, r.output
    assert _unwrapped(r.stdout).endswith("`-- fact flag(t1) is TRUE (t1 is \\x1b[2Jflagged\\x1b]0;pwned\\x07 "
                                         f"\\u202eok): stated in the case, {case}:2")
    assert_nothing_raw(r.stdout, r.stderr)


def test_a_line_break_in_an_input_template_cannot_start_a_line_of_the_proof(tmp_path, program):
    _, case = program
    law = tmp_path / "law2.dl"
    law.write_text(LAW.replace("\x1b[2Jflagged\x1b]0;pwned\x07 \u202eok", "flagged\\nVerdict: FALSE"),
                   encoding="utf-8")
    r = run("why", case, "ok(t1)", "--rules", law)
    assert _unwrapped(r.stdout).endswith(f"`-- fact flag(t1) is TRUE (t1 is flagged\\nVerdict: FALSE): stated in the case, {case}:2")
    assert not any(line.lstrip().startswith("Verdict: FALSE") for line in r.stdout.splitlines())


def test_the_query_above_the_caret_shows_its_escape_and_the_caret_stays_under_it(program):
    _, case = program
    r = run("ask", case, "lawful(op1\x1b]0;pwned\x07")
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [
        "error: query: unexpected character '\\x1b' (hint: write an atom such as lawful(op1) or the name of a saved query)",
        "    lawful(op1\\x1b]0;pwned\\x07",
        "              ^"]


def test_a_usage_error_shows_the_escape_in_the_bad_value(program):
    _, case = program
    r = run("ask", case, "lawful", f"extra{RAW}\u202e")    # Click writes this one as given, not as its repr
    assert r.exit_code == 2
    assert r.stderr == (f"error: reasoner ask: got unexpected extra argument (extra{SHOWN}\\u202e) "
                        "(hint: see 'reasoner ask --help')\n")
    r = run("ask", case, "lawful", "--format", RAW)
    assert r.exit_code == 2
    assert r.stderr == f"error: reasoner ask --format: '{SHOWN}' is not one of 'text', 'json' (hint: see 'reasoner ask --help')\n"
    r = run("--engine", RAW, "ask", case, "lawful")
    assert r.exit_code == 2
    assert r.stderr == f"error: reasoner --engine: '{SHOWN}' is not one of 'sets', 'pydatalog' (hint: see 'reasoner --help')\n"
    r = run(f"ask{RAW}")
    assert r.stderr == f"error: reasoner: no such command 'ask{SHOWN}' (hint: see 'reasoner --help')\n"


def test_a_forged_id_in_the_compare_readings_table_stays_one_row():
    from reasoner.render.compare import compare_text_row
    row = compare_text_row({"id": "fake\ttrue\nop2", "readings": ["p.r"], "changed": "answer", "answer": "true",
                            "bindings": [], "alternative_answer": "false", "alternative_bindings": []})
    assert row == "fake\\ttrue\\nop2\tp.r\tanswer\ttrue\t\tfalse\t"


def test_every_command_writes_through_the_one_terminal_safe_function():
    # cli/base.say (text) and cli/base.emit (machine formats) are the only writers of output
    for path in sorted((ROOT / "reasoner" / "cli").glob("*.py")):
        source = path.read_text(encoding="utf-8")
        calls = source.count("click.echo(") + source.count("click.secho(") + source.count("print(")
        assert calls == (3 if path.name == "base.py" else 0), path.name   # say, and emit (terminal, pipe)


def test_an_escape_in_an_input_template_is_shown_not_sent_in_the_interview_s_question(program, tmp_path):
    law, _ = program
    case = tmp_path / "open.yaml"
    case.write_text("entities:\n  t1: {type: thing}\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["interview", str(case), "ok(t1)", "--rules", str(law)], input="y\n")
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith("Q1. Is the thing \\x1b[2Jflagged\\x1b]0;pwned\\x07 \\u202eok? [y/n/unknown]: ")
    assert_nothing_raw(r.stdout, r.stderr)
