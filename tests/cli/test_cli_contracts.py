"""The foundation's CLI contracts: ask/run/cite JSON shapes, exit codes, time limit, clean errors."""
import json

import pytest
from click.testing import CliRunner

from reasoner.cli import main

PROGRAM = '''
@entity operation "a snowmobile operation".
@input speed_mph(O: operation, S: number) "the speed of {O} in miles per hour".
@provision "350.10(1)(g)"
fast(O) :- speed_mph(O, S), S > 10.
'''


def invoke(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def files(tmp_path):
    prog = tmp_path / "p.dl"
    prog.write_text(PROGRAM)
    case = tmp_path / "c.yaml"
    case.write_text("entities:\n  op1: {type: operation, speed_mph: 11}\n  op2: {type: operation}\n")
    return prog, case


def test_run_json_model_and_answers(files):
    prog, case = files
    result = invoke("run", str(prog), str(case), "--query", "fast(X)", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["model"]["fast"] == [["op1"]]
    assert data["undetermined"]["fast"] == [["op2"]]
    assert data["answers"] == [{"X": "op1", "answer": "true"}, {"X": "op2", "answer": "undetermined"}]
    assert data["answer"] == "true"


def test_run_generic_program_with_raw_facts(tmp_path):
    prog = tmp_path / "g.dl"
    prog.write_text("two(X, Z) :- edge(X, Y), edge(Y, Z).\n")
    case = tmp_path / "g.yaml"
    case.write_text("facts:\n  edge: [[a, b], [b, c], [c, d]]\n")
    result = invoke("run", str(prog), str(case), "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["model"]["two"] == [["a", "c"], ["b", "d"]]


def test_run_time_limit_is_a_clear_error(tmp_path):
    prog = tmp_path / "slow.dl"
    prog.write_text("big(A, B, C, D, E) :- n(A), n(B), n(C), n(D), n(E).\n")
    case = tmp_path / "slow.yaml"
    case.write_text("facts:\n  n: [" + ", ".join(f"[{i}]" for i in range(60)) + "]\n")
    result = invoke("--max-rows", "1000000000", "run", str(prog), str(case), "--timeout", "1")  # the time limit, not the row budget
    assert result.exit_code == 2
    assert "exceeded the time limit of 1 s" in result.output
    assert "Traceback" not in result.output


def test_ask_unknown_predicate_is_exit_2_without_traceback(tmp_path):
    case = tmp_path / "c.yaml"
    case.write_text("entities: {}\n")
    result = invoke("ask", str(case), "no_such_thing(op1)")
    assert result.exit_code == 2
    assert result.output.startswith("error: unknown predicate 'no_such_thing'")
    assert "Traceback" not in result.output


def test_ask_missing_case_file(tmp_path):
    result = invoke("ask", str(tmp_path / "nope.yaml"), "lawful(op1)")
    assert result.exit_code == 2 and "no such case file" in result.output


def test_ask_bad_query_syntax_has_a_caret(tmp_path):
    case = tmp_path / "c.yaml"
    case.write_text("entities: {}\n")
    result = invoke("ask", str(case), "lawful(op1")
    assert result.exit_code == 2 and "^" in result.output


def test_cite_prints_verbatim_text():
    result = invoke("cite", "350.02(2)(b)4", "--only")   # the provision alone (its subtree: test_cite_subtree.py)
    assert result.exit_code == 0
    assert result.output == ("350.02(2)(b)4\n4. At night travel shall conform to the direction of "
                             "vehicular traffic in the nearest lane unless:\n")


def test_cite_unknown_suggests_nearest():
    result = invoke("cite", "350.02(2)(b)2")
    assert result.exit_code == 2
    assert "350.02(2)(b)1" in result.output and "350.02(2)(b)3" in result.output


def test_run_evaluates_recursion_on_a_cycle(tmp_path):
    prog = tmp_path / "r.dl"
    prog.write_text("p(X, Y) :- e(X, Y).\np(X, Z) :- e(X, Y), p(Y, Z).\n")
    case = tmp_path / "r.yaml"
    case.write_text("facts:\n  e: [[a, b], [b, a]]\n")
    result = invoke("run", str(prog), str(case))
    assert result.exit_code == 0, result.output
    assert "p(a, a).\np(a, b).\np(b, a).\np(b, b).\n" in result.output


def test_run_refuses_a_cycle_through_negation(tmp_path):
    prog = tmp_path / "r.dl"
    prog.write_text("win(X) :- move(X, Y), not win(Y).\n")
    case = tmp_path / "r.yaml"
    case.write_text("facts:\n  move: [[a, b], [b, a]]\n")
    result = invoke("run", str(prog), str(case))
    assert result.exit_code == 2 and "cycle through negation: win -> not win" in result.output
