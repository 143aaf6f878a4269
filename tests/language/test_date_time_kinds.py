"""Dates and times are their own kinds in the rule language (docs/LANGUAGE.md, Types).

A date is a day number inside and a time minutes after midnight, so `D < 1972` was false for
1960-05-01, `H > 2200` false for 23:00, `2024-01-31 + 1` was 738917 and `2024-01-31 > 5` TRUE, with
`reasoner check` reporting 0 problems. Now check reports each at file:line:col with what to write
(exit 1, a check failure), `run` refuses the program (exit 2), and what only evaluation can see is
an error there, never a truth value."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

DECLS = """@entity operation "an operation".
@input operation_date(O: operation, D: date) "the date of {O}".
@input clock_time(O: operation, T: time) "the clock time of {O}".
@input count_of(O: operation, N: number) "a count of {O}".
"""


def reasoner(*args, cwd):
    return subprocess.run([sys.executable, "-m", "reasoner.cli", *args], capture_output=True, text=True,
                          cwd=cwd, env=dict(os.environ, PYTHONPATH=str(ROOT)))


def _check(tmp_path, rules):
    (tmp_path / "r.dl").write_text(DECLS + rules, encoding="utf-8")
    return reasoner("check", "r.dl", cwd=tmp_path)


def test_a_date_compared_with_a_number_is_a_check_problem_with_the_date_literal_to_write(tmp_path):
    out = _check(tmp_path, "old(O) :- operation_date(O, D), D < 1972.\n")
    assert out.returncode == 1, out.stdout + out.stderr
    assert ("r.dl:5:33: `D < 1972` compares a date with a number (D from operation_date(O, D))\n"
            "    old(O) :- operation_date(O, D), D < 1972.\n"
            "                                    ^\n"
            "  hint: compare a date with a date: write a date literal, as in D < 1972-01-01\n") in out.stdout
    assert "1 problem(s)" in out.stdout


def test_a_time_compared_with_a_number_and_a_date_with_a_time_are_check_problems(tmp_path):
    out = _check(tmp_path, "late(O) :- clock_time(O, H), H > 2200.\n"
                           "mixed(O) :- operation_date(O, D), clock_time(O, T), D < T.\n")
    assert out.returncode == 1
    assert ("r.dl:5:30: `H > 2200` compares a time with a number (H from clock_time(O, H))\n" in out.stdout)
    assert "  hint: compare a time with a time: write a clock time, as in T > 22:00\n" in out.stdout
    assert "r.dl:6:53: `D < T` compares a date with a time (D from operation_date(O, D))\n" in out.stdout
    assert "2 problem(s)" in out.stdout


def test_arithmetic_on_a_date_is_a_check_problem_naming_the_language_has_no_durations(tmp_path):
    out = _check(tmp_path, "next_day(O, E) :- operation_date(O, D), E = D + 1.\n"
                           "later(O, D + 1) :- operation_date(O, D).\n")
    assert out.returncode == 1
    assert "r.dl:5:41: arithmetic on a date in `(D + 1)` (D from operation_date(O, D)): a date is not a number\n" \
        in out.stdout
    assert "r.dl:6:1: arithmetic on a date in `(D + 1)`" in out.stdout
    assert ("  hint: the rule language has no date arithmetic or durations: compare with a date literal "
            "(D > 2024-02-01), or give the span as a number input of its own (number(days), as s. 348.195 "
            "counts the days after a record was generated)\n") in out.stdout


def test_a_date_joined_with_a_number_and_a_date_through_a_derived_predicate_are_check_problems(tmp_path):
    out = _check(tmp_path, "joined(O) :- operation_date(O, D), count_of(O, D).\n"
                           "day_of(O, D) :- operation_date(O, D).\n"
                           "early(O) :- day_of(O, D), D >= 5.\n")
    assert out.returncode == 1
    assert ("r.dl:5:36: D is a date in operation_date(O, D) and a number in count_of(O, D): "
            "a date is never equal to a number\n") in out.stdout
    assert "r.dl:7:27: `D >= 5` compares a date with a number (D from day_of(O, D))\n" in out.stdout


def test_a_date_compared_with_a_quoted_date_is_a_check_problem(tmp_path):
    out = _check(tmp_path, 'on_day(O) :- operation_date(O, D), D = "2024-01-15".\n')
    assert out.returncode == 1
    assert ('r.dl:5:36: `D = "2024-01-15"` compares a date with a word or string (D from operation_date(O, D))\n'
            in out.stdout), out.stdout


def test_dates_with_dates_and_times_with_times_still_check_and_run(tmp_path):
    rules = ("after(O) :- operation_date(O, D), D > 1970-02-12.\n"
             "evening(O) :- clock_time(O, T), T >= 22:30.\n"
             "same_day(O, P) :- operation_date(O, D), operation_date(P, E), D = E, O != P.\n")
    assert _check(tmp_path, rules).returncode == 0
    facts = tmp_path / "f"
    facts.mkdir()
    (facts / "operation.csv").write_text("a\nb\nc\n", encoding="utf-8")
    (facts / "operation_date.csv").write_text("a,1960-05-01\nb,1972-07-02\nc,1972-07-02\n", encoding="utf-8")
    (facts / "clock_time.csv").write_text("a,23:00\nb,07:00\n", encoding="utf-8")
    out = reasoner("run", "r.dl", "f", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert [x for x in lines if x.startswith(("after", "evening", "same_day"))] == [
        "after(b).", "after(c).", "evening(a).", "same_day(b, c).", "same_day(c, b)."]


def test_run_refuses_a_date_against_a_number_in_constants(tmp_path):
    (tmp_path / "d.dl").write_text("a(1).\nb :- a(_), 2024-01-31 > 5.\n", encoding="utf-8")
    (tmp_path / "d2.dl").write_text("a(1).\nc(2024-01-31 + 1) :- a(_).\n", encoding="utf-8")
    (tmp_path / "f").mkdir()
    (tmp_path / "f" / "z.csv").write_text("x\n", encoding="utf-8")
    out = reasoner("run", "d.dl", "f", cwd=tmp_path)
    assert out.returncode == 2 and out.stdout == ""      # was: b. (TRUE)
    assert out.stderr.startswith("error: d.dl:2:12: `2024-01-31 > 5` compares a date with a number")
    assert "Traceback" not in out.stderr
    out = reasoner("run", "d2.dl", "f", cwd=tmp_path)
    assert out.returncode == 2 and out.stdout == ""      # was: c(738917).
    assert out.stderr.startswith("error: d2.dl:2:3: cannot compute (2024-01-31 + 1): arithmetic on the "
                                 "date 2024-01-31 in `(2024-01-31 + 1)`: a date is not a number")
    assert "the rule language has no date arithmetic" in out.stderr


def test_a_date_met_by_a_number_only_when_evaluated_is_an_error_not_a_truth_value(tmp_path):
    # v/1 has no declaration and its rules disagree (a date, a number): only evaluation can see it
    (tmp_path / "r.dl").write_text('@input day(D: date) "the day {D}".\nv(D) :- day(D).\nv(N) :- n(N).\n'
                                   "later(X) :- v(X), X > 5.\n", encoding="utf-8")
    facts = tmp_path / "f"
    facts.mkdir()
    (facts / "day.csv").write_text("2024-01-31\n", encoding="utf-8")
    (facts / "n.csv").write_text("3\n", encoding="utf-8")
    out = reasoner("run", "r.dl", "f", cwd=tmp_path)
    assert out.returncode == 2 and out.stdout == "", out.stdout     # was: later(2024-01-31).
    assert out.stderr == ("error: r.dl:4:19: cannot compare the date 2024-01-31 with the number 5 in `X > 5` "
                          "(hint: compare a date with a date: write a date literal, as in D < 1972-01-01)\n")


def test_ask_with_a_rule_file_comparing_a_date_with_a_number_is_refused(tmp_path):
    (tmp_path / "r.dl").write_text(DECLS + "old(O) :- operation_date(O, D), D < 1972.\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_text("entities:\n  op1:\n    type: operation\n    operation_date: 1960-05-01\n",
                                     encoding="utf-8")
    out = reasoner("ask", "--rules", "r.dl", "c.yaml", "old(op1)", cwd=tmp_path)
    assert out.returncode == 2 and out.stdout == "", out.stdout      # was: No (FALSE) for 1960
    assert out.stderr.startswith("error: r.dl:5:33: `D < 1972` compares a date with a number "
                                 "(D from operation_date(O, D)) (hint: compare a date with a date: write a "
                                 "date literal, as in D < 1972-01-01)")
