"""The time limit on answering (reasoner --timeout, REASONER_TIMEOUT): one clear error, exit 2,
no traceback; in batch the slow case gets the error and the run goes on."""
import time

from click.testing import CliRunner

from reasoner.cli import main

EXPLODING = """
@entity thing "a thing".
big(A, B, C, D, E) :- thing(A), thing(B), thing(C), thing(D), thing(E).
some(A) :- big(A, _, _, _, _).
"""
SMALL = """
@entity thing "a thing".
pair(A, B) :- thing(A), thing(B).
"""


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def many_things(n):
    return "entities:\n" + "".join(f"  t{i}: {{type: thing}}\n" for i in range(n))


def test_a_question_over_the_limit_is_one_error(tmp_path):
    rules = write(tmp_path, "big.dl", EXPLODING)
    case = write(tmp_path, "case.yaml", many_things(60))   # 60^5 rows: hours, were it not stopped
    t0 = time.monotonic()
    r = CliRunner().invoke(main, ["--timeout", "0.3", "ask", "--rules", rules, case, "some(X)"])
    assert time.monotonic() - t0 < 30
    assert r.exit_code == 2
    assert r.output.count("\n") == 1 and "Traceback" not in r.output
    assert "exceeded the time limit of 0.3 s" in r.output and "--timeout" in r.output


def test_batch_reports_the_slow_case_and_goes_on(tmp_path):
    rules = write(tmp_path, "big.dl", EXPLODING)
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "a_slow.yaml").write_text(many_things(60), encoding="utf-8")
    (folder / "b_fast.yaml").write_text(many_things(2), encoding="utf-8")
    r = CliRunner().invoke(main, ["--timeout", "0.3", "batch", "--rules", rules, str(folder), "some(X)"])
    assert r.exit_code == 2
    lines = [line for line in r.output.splitlines() if line.startswith("{")]
    assert '"id": "a_slow"' in lines[0] and "exceeded the time limit" in lines[0]
    assert '"id": "b_fast"' in lines[1] and '"answer": "true"' in lines[1]


def test_questions_within_the_limit_are_answered(tmp_path, monkeypatch):
    rules = write(tmp_path, "small.dl", SMALL)
    case = write(tmp_path, "case.yaml", many_things(3))
    monkeypatch.setenv("REASONER_TIMEOUT", "30")
    r = CliRunner().invoke(main, ["ask", "--rules", rules, case, "pair(t0, t2)"])
    assert r.exit_code == 0 and "Verdict: TRUE" in r.output
    bad = CliRunner().invoke(main, ["--timeout", "0", "ask", "--rules", rules, case, "pair(t0, t2)"])
    assert bad.exit_code == 2 and "--timeout" in bad.output


def test_deadline_checks_nest_and_end_with_their_block():
    import pytest

    from reasoner.core import deadline
    from reasoner.core.errors import EvaluationError
    deadline.check()                                   # no limit: nothing happens
    with deadline.time_limit(60, "outer"):
        with deadline.time_limit(0.001, "inner"):
            time.sleep(0.01)
            with pytest.raises(EvaluationError, match="inner exceeded the time limit of 0.001 s"):
                deadline.check()
        deadline.check()                               # the outer limit has not passed
    time.sleep(0.01)
    deadline.check()                                   # and no limit is left behind
