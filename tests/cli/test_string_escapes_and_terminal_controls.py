"""The rule language's string escapes (before: "\\n" read as
`n`, unknown escapes silently dropped, `run` printed a backslash that did not read back) and
terminal escape sequences from input text (before: printed raw into text, Markdown and HTML)."""
import json

import pytest
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.language.ast import quote_string, unquote_string


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("text", ["a\\b", "line\nbreak", "tab\there", 'q"uote', "été", "\x1b[31m", "\\n", ""])
def test_a_quoted_string_reads_back_as_itself(text):
    assert unquote_string(quote_string(text)) == text
    assert "\x1b" not in quote_string(text)


def test_escapes_mean_what_they_say_and_run_output_reads_back(tmp_path):
    prog = tmp_path / "p.dl"
    prog.write_text('p("a\\\\b").\np("two\\nlines").\np("\\u00e9t\\u00e9").\n', encoding="utf-8")
    case = tmp_path / "c.yaml"
    case.write_text("entities: {}\n", encoding="utf-8")
    first = run("run", prog, case)
    assert first.exit_code == 0, first.output
    assert 'p("a\\\\b").' in first.output and 'p("two\\nlines").' in first.output and 'p("été").' in first.output
    again = tmp_path / "again.dl"
    again.write_text(first.output, encoding="utf-8")
    second = run("run", again, case)
    assert second.output == first.output


@pytest.mark.parametrize("escape", ["\\q", "\\x41", "\\u12", "\\"])
def test_an_unknown_escape_is_a_located_error(tmp_path, escape):
    prog = tmp_path / "p.dl"
    prog.write_text(f'p("a{escape}b").\n', encoding="utf-8")
    case = tmp_path / "c.yaml"
    case.write_text("entities: {}\n", encoding="utf-8")
    r = run("run", prog, case)
    assert r.exit_code == 2
    assert f"{prog}:1:3:" in r.output and ("unknown escape" in r.output or "string" in r.output)
    assert "Traceback" not in r.output


def test_a_control_character_in_a_case_file_is_refused_where_it_stands(tmp_path):
    case = tmp_path / "c.yaml"
    case.write_text('description: "Evil \\e[2J text"\nentities:\n  op1: {type: operation}\n', encoding="utf-8")
    for args in (["ask", case, "lawful"], ["export", case, "lawful", "--to", "md", "-o", tmp_path / "h.md"]):
        r = run(*args)
        assert r.exit_code == 2 and "\x1b" not in r.output
        assert f"{case}:1:14: a control character (U+001B) in a value" in r.output
    assert not (tmp_path / "h.md").exists()


def test_a_control_character_in_batch_input_is_that_case_s_error(tmp_path):
    jl = tmp_path / "in.jsonl"
    jl.write_text('{"id": "a\\u001b[2J", "entities": {"op1": {"type": "operation"}}}\n'
                  '{"id": "ok", "entities": {"op1": {"type": "operation"}}}\n', encoding="utf-8")
    r = run("batch", jl, "lawful")
    lines = [json.loads(x) for x in r.output.splitlines() if x.startswith("{")]
    assert lines[0]["error"] == "a control character (U+001B) in a string" and lines[0]["location"] == f"{jl}:1"
    assert "error" not in lines[1]
    csvf = tmp_path / "in.csv"
    csvf.write_text("id,entity,type\nx\x1b[31m,op1,operation\nok,op1,operation\n", encoding="utf-8")
    r = run("batch", csvf, "lawful", "--to", "text")
    assert "\x1b" not in r.output and f"{csvf}:2: a control character (U+001B) in column 'id'" in r.output


def test_a_full_disk_leaves_neither_the_handout_nor_its_figure_and_names_the_file(tmp_path, monkeypatch):
    # before: the Markdown handout was written, its figure not, and the error named no path
    import errno
    import os

    import reasoner.core.atomic as atomic
    calls = []
    real = os.fsync

    def fsync(fd):
        name = os.readlink(f"/proc/self/fd/{fd}")
        calls.append(name)
        if os.path.basename(name).startswith(".h.svg."):     # the export's figure
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd)
    monkeypatch.setattr(atomic.os, "fsync", fsync)
    out = tmp_path / "h.md"
    r = run("export", "facts/ch350_night_direction_lawful.yaml", "lawful", "--to", "md", "-o", out, "--no-whatif")
    assert r.exit_code == 2, r.output
    assert "cannot write: No space left on device" in r.output and "h.svg" in r.output
    assert "Traceback" not in r.output
    assert sorted(p.name for p in tmp_path.iterdir()) == []     # no handout, no figure, no temporary
    assert any(".h.md." in c for c in calls)                    # the handout was written first
