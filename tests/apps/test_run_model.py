"""`reasoner run`: the model includes the input relations, rows sorted and stable; a directory of
fact files (NAME.csv / NAME.tsv / NAME.facts) as input; strings keep their identity."""
import json

import pytest
from click.testing import CliRunner

from reasoner.cli import main


def run(*args):
    return CliRunner().invoke(main, ["run", *map(str, args)], catch_exceptions=False)


def test_an_empty_program_returns_the_input_relations(tmp_path):
    (tmp_path / "empty.dl").write_text("")
    (tmp_path / "c.yaml").write_text("facts:\n  edge: [[b, c], [a, b]]\n  n: [[10], [9], [-1]]\n")
    result = run(tmp_path / "empty.dl", tmp_path / "c.yaml", "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["model"] == {"edge": [["a", "b"], ["b", "c"]], "n": [[-1], [9], [10]]}
    text = run(tmp_path / "empty.dl", tmp_path / "c.yaml").output
    assert text == "edge(a, b).\nedge(b, c).\nn(-1).\nn(9).\nn(10).\n"


def test_json_rows_are_sorted_numbers_by_value_then_text(tmp_path):
    (tmp_path / "p.dl").write_text("v(2). v(10). v(b). v(\"A b\"). v(1.5).\n")
    (tmp_path / "c.yaml").write_text("facts: {}\n")
    out = json.loads(run(tmp_path / "p.dl", tmp_path / "c.yaml", "--format", "json").output)
    assert out["model"]["v"] == [["1.5"], [2], [10], ["A b"], ["b"]]
    again = json.loads(run(tmp_path / "p.dl", tmp_path / "c.yaml", "--format", "json").output)
    assert again == out


def write_dir(tmp_path):
    d = tmp_path / "facts"
    d.mkdir()
    (d / "edge.csv").write_text("a,b\nb,c\nc,a\n")
    (d / "s.csv").write_text('"01"\n"1"\n"1.0"\n"true"\n1\n"say ""hi"", twice"\n')
    (d / "w.facts").write_text("x\t3\ny\t4.5\n")
    (d / "t.tsv").write_text("x\t12\n")   # 0012 is an error (docs/NUMBERS.md; tests/facts/test_strict_readers.py)
    (tmp_path / "p.dl").write_text("path(X, Y) :- edge(X, Y).\npath(X, Z) :- path(X, Y), edge(Y, Z).\n"
                                   "heavy(X) :- w(X, N), N > 4.\n")
    return d


def test_a_directory_of_fact_files(tmp_path):
    d = write_dir(tmp_path)
    result = run(tmp_path / "p.dl", d, "--format", "json")
    assert result.exit_code == 0, result.output
    model = json.loads(result.output)["model"]
    assert len(model["path"]) == 9 and model["edge"] == [["a", "b"], ["b", "c"], ["c", "a"]]
    assert model["heavy"] == [["y"]] and model["w"] == [["x", 3], ["y", "4.5"]]
    assert model["t"] == [["x", 12]]
    # quoted fields are strings, never numbers or booleans: four different strings and the number 1
    assert model["s"] == [[1], ["01"], ["1"], ["1.0"], ['say "hi", twice'], ["true"]]
    text = run(tmp_path / "p.dl", d).output
    assert 's(1).\ns("01").\ns("1").\ns("1.0").\ns("say \\"hi\\", twice").\ns(true).\n' in text


def test_declared_types_are_used_for_fact_files(tmp_path):
    d = tmp_path / "facts"
    d.mkdir()
    (d / "code.csv").write_text("a,007\nb,12\n")
    (tmp_path / "p.dl").write_text('@predicate code(E: symbol, C: string) "the code of {E}".\n'
                                   'seven(E) :- code(E, "007").\n')
    model = json.loads(run(tmp_path / "p.dl", d, "--format", "json").output)["model"]
    assert model["code"] == [["a", "007"], ["b", "12"]] and model["seven"] == [["a"]]


@pytest.mark.parametrize("name, content, message", [
    ("edge.csv", "a,b\nc\n", "1 values here but 2 on the first line of edge.csv"),
    ("edge.csv", 'a,"b\n', "unterminated quoted field"),
    ("Bad-Name.csv", "a\n", "is not a predicate name"),
])
def test_bad_fact_files_are_one_clear_error(tmp_path, name, content, message):
    d = tmp_path / "facts"
    d.mkdir()
    (d / name).write_text(content)
    (tmp_path / "p.dl").write_text("")
    result = run(tmp_path / "p.dl", d)
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_the_row_limit_is_a_clear_error(tmp_path, monkeypatch):
    d = write_dir(tmp_path)
    monkeypatch.setenv("REASONER_MAX_FACT_ROWS", "5")
    result = run(tmp_path / "p.dl", d)
    assert result.exit_code == 2 and "more than 5 fact rows" in result.output
    assert "REASONER_MAX_FACT_ROWS" in result.output


def test_strings_keep_their_identity_in_rules_and_yaml(tmp_path):
    (tmp_path / "p.dl").write_text('k("01"). k("1"). k("1.0"). k("true"). k(1).\n'
                                   'same(X) :- k(X), y(X).\n')
    (tmp_path / "c.yaml").write_text('facts:\n  y: [["1"], ["01"], [1.0], ["true"]]\n')
    model = json.loads(run(tmp_path / "p.dl", tmp_path / "c.yaml", "--format", "json").output)["model"]
    assert model["k"] == [[1], ["01"], ["1"], ["1.0"], ["true"]]
    assert model["same"] == [[1], ["01"], ["1"], ["true"]]


DECLARED = """@entity operation "a snowmobile operation".
@input at_night(O: operation) "{O} took place during the hours of darkness".
@input light(O: operation, L: {on, off}) "the head lamp in {O} was {L}".
@predicate dark_run(O: operation) "{O} ran dark at night".
dark_run(O) :- at_night(O), light(O, off).
"""


@pytest.mark.parametrize("query, message", [
    ("dark_run(op_x)", "no entity 'op_x' in this case (argument 1 of dark_run is an operation) "
                       "(hint: did you mean: op1?)"),
    ("light(op1, of)", "argument 2 of light can be (one of off, on) (hint: did you mean: off, on?)"),
])
def test_run_query_constants_are_checked_like_ask(tmp_path, query, message):
    # before: `run --query "dark_run(op_x)"` answered `% dark_run(op_x): false` (exit 0)
    (tmp_path / "p.dl").write_text(DECLARED)
    (tmp_path / "c.yaml").write_text("entities:\n  op1: {type: operation, at_night: true, light: off}\n")
    result = CliRunner().invoke(main, ["run", str(tmp_path / "p.dl"), str(tmp_path / "c.yaml"), "--query", query])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: query: ") and message in lines[0], lines
    good = CliRunner().invoke(main, ["run", str(tmp_path / "p.dl"), str(tmp_path / "c.yaml"),
                                     "--query", "dark_run(op1)"])
    assert good.exit_code == 0 and "% dark_run(op1): true" in good.output, good.output
