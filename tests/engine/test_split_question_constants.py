"""A question about an unknown input's value: its own constants are split points, and a value the
split only chose to stand for an interval is never a binding of the answer (engine/exact/unknowns.py,
question_values; openvalues.settle).

`speed_mph(op1, 30)` with the speed unknown and the roadway's limit stated: the rules cut the speed at
10 and 45, so 30 lies inside an interval the split tried at another value; the answer was FALSE,
marked exact. `speed_mph(op1, S)` listed the interval's values (9, 27.5, 46) as speeds. Checked
against brute force: every completion of the unknown input (a grid of values around every cut and
the question's constants) evaluated one by one; the exact answer must be the answer over all of
them, and every concrete value listed one a completion has and not merely an interval's stand-in."""
from __future__ import annotations

from fractions import Fraction

import pytest

from reasoner.answer.answering import ask
from reasoner.core.settings import current, use
from reasoner.core.values import UNKNOWN
from reasoner.engine.exact.split import Evaluator
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.facts.rows import FactRow
from reasoner.law.queries import check_atom, pattern, resolve

SPEED_CASE = {"entities": {"op1": {"type": "operation", "roadway_speed_limit_mph": 45}}}
GRID = sorted({Fraction(v, 2) for v in range(0, 121)} | {Fraction(55, 2), Fraction(91, 2)})   # 0 to 60


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _number(v):
    return int(v) if Fraction(v).denominator == 1 else Fraction(v)


def _lit(v):
    """A number as the query language writes it (27.5, not 55/2)."""
    return str(_number(v)) if Fraction(v).denominator == 1 else str(float(v))


def _worlds(rb, case, query, pred, values):
    """The goal rows of `query` in each completion: the unknown input `pred` stated at each value."""
    loaded = load_case(case, rb.checked)
    atom = check_atom(resolve(query)[0], rb.checked)
    ev = Evaluator(rb, atom, pattern(atom), "sets")
    at = next(i for i, r in enumerate(loaded.rows) if r.pred == pred and not r.known)
    variants = []
    for v in values:
        rows = list(loaded.rows)
        old = rows[at]
        rows[at] = FactRow(pred, (old.args[0], v), True, old.loc, old.attribute)
        variants.append(rows)
    out = []
    for certain, possible in ev.many(variants):
        assert certain == possible      # every input stated: decided
        out.append(certain)
    return out


def _expected(worlds):
    if all(worlds):
        return "true"
    return "undetermined" if any(worlds) else "false"


def _check(rb, case, query, pred, values, names, stand_ins=()):
    """The exact answer of `query` is the answer over every completion; each concrete value listed
    is a completion's, and none is an interval's stand-in (`stand_ins`: values the split tries for
    an interval)."""
    got = ask(case, query, rb)
    worlds = _worlds(rb, case, query, pred, values)
    assert got.exact, (query, got.exact_reason)
    assert got.answer == _expected(worlds), (query, got.answer)
    produced = set().union(*worlds)
    every = set.intersection(*(set(w) for w in worlds))
    for b in got.bindings if names else ():
        values_listed = tuple(b[n] for n in names)
        if UNKNOWN in values_listed or None in values_listed:
            continue
        assert not set(values_listed) & set(stand_ins), (query, b, "an interval's stand-in listed as a value")
        row = next((r for r in produced if tuple(r[-len(names):]) == values_listed), None)
        assert row is not None, (query, b, "no completion has it")
        assert (b["answer"] == "true") == (row in every)
    return got


@pytest.mark.parametrize("speed", [9, 10, Fraction(55, 2), 30, 44, 45, Fraction(91, 2), 46, 50])
def test_a_speed_the_question_names_is_a_split_point(speed):
    """30 and 46 lie inside the intervals the split tries at 27.5 and 46 (above 45): each is a
    value of its own, so the answer is undetermined (the speed decides it), never FALSE."""
    rb = default_rulebase()
    query = f"speed_mph(op1, {_lit(speed)})"
    got = _check(rb, SPEED_CASE, query, "speed_mph", sorted(set(GRID) | {Fraction(speed)}), [])
    assert got.answer == "undetermined"
    assert any("speed of the snowmobile" in m for m in got.missing)
    # the case stating the speed decides it: that speed holds, any other does not
    stated = {"entities": {"op1": {**SPEED_CASE["entities"]["op1"], "speed_mph": _number(speed)}}}
    assert ask(stated, query, rb).answer == "true"
    other = {"entities": {"op1": {**SPEED_CASE["entities"]["op1"], "speed_mph": _number(speed + 1)}}}
    assert ask(other, query, rb).answer == "false"


def test_the_speed_asked_for_is_never_an_intervals_stand_in():
    """`speed_mph(op1, S)`: every completion has a speed (TRUE), and which one stays open: the
    values the split chose for the intervals below 10, between 10 and 45 and above 45 are no speeds
    of the answer; the interval is listed as unknown."""
    rb = default_rulebase()
    got = _check(rb, SPEED_CASE, "speed_mph(op1, S)", "speed_mph", GRID, ["S"], stand_ins=(9, Fraction(55, 2), 46))
    assert got.answer == "true"
    assert all(b["answer"] == "undetermined" for b in got.bindings)
    assert any(b["S"] in (UNKNOWN, None) for b in got.bindings)
    assert any("speed of the snowmobile" in m for m in got.missing)


VOCAB = '''@entity thing "a thing".
@input n(X: thing, N: number) "the n of {X}".
@input m(X: thing, M: number) "the m of {X}".
@input kind(X: thing, C: symbol) "the kind of {X}".
fast(X) :- n(X, S), S > 45.
slow(X) :- n(X, S), S <= 10.
special(X) :- kind(X, trail).
'''

DERIVED = {
    "copy": "copy(X, S) :- n(X, S).\n",
    "shift": "shift(X, T) :- n(X, S), T = S + 5.\n",
    "half": "half(X, H) :- n(X, S), H = S / 2.\n",
    "over": "over(X, D) :- n(X, S), m(X, M), D = S - M.\n",    # relative to m: not covered
    "gated": "gated(X, S) :- n(X, S), S > 20.\n",
}
CONSTANTS = {"copy": [30, 45, 46, 50], "shift": [35, 50, 51], "half": [15, Fraction(45, 2), 23],
             "over": [0, 3], "gated": [20, 30, 46]}
THING = {"entities": {"t1": {"type": "thing", "m": 45}}}


@pytest.mark.parametrize("name", sorted(DERIVED))
def test_a_constant_on_a_derived_predicate_that_copies_an_input(program, name):
    """The question's constant on a derived predicate whose value is the input's (or linear in it):
    the input is split at the value that gives it, and the answer is exact and the brute force's."""
    rb = program(VOCAB + DERIVED[name])
    grid = sorted(set(GRID) | {Fraction(k) - 5 for k in CONSTANTS[name]} | {Fraction(k) * 2 for k in CONSTANTS[name]}
                  | {Fraction(k) + 45 for k in CONSTANTS[name]} | {Fraction(k) for k in CONSTANTS[name]})
    for k in CONSTANTS[name]:
        query = f"{name}(t1, {_lit(k)})"
        got = ask(THING, query, rb)
        worlds = _worlds(rb, THING, query, "n", grid)
        if name == "over" and not got.exact:
            continue     # relative to another value: the split may stay open, never wrong
        assert got.exact, (query, got.exact_reason)
        assert got.answer == _expected(worlds), (query, got.answer)
        assert got.answer == ("false" if (name, k) == ("gated", 20) else "undetermined")
        assert any("the n of t1" in m for m in got.missing) == (got.answer == "undetermined")


@pytest.mark.parametrize("name", ["copy", "shift", "gated"])
def test_a_derived_value_asked_for_is_never_an_intervals_stand_in(program, name):
    rb = program(VOCAB + DERIVED[name])
    got = _check(rb, THING, f"{name}(t1, V)", "n", GRID, ["V"],
                 stand_ins={"copy": (9, Fraction(55, 2), 46), "shift": (14, Fraction(65, 2), 51),
                            "gated": (Fraction(55, 2), 46, Fraction(65, 4))}[name])
    assert got.answer == ("true" if name != "gated" else "undetermined")


def test_a_word_the_question_names_is_a_choice_of_its_own(program):
    """`kind(t1, highway)`: the rules test only `trail`; "another word" stood for highway too."""
    rb = program(VOCAB + "tag(X, C) :- kind(X, C).\n")
    case = {"entities": {"t1": {"type": "thing", "m": 1}}}
    for query in ("kind(t1, highway)", "tag(t1, highway)", "tag(t1, trail)"):
        got = ask(case, query, rb)
        assert got.exact, (query, got.exact_reason)
        assert got.answer == "undetermined", query
        stated = ask({"entities": {"t1": {"type": "thing", "m": 1, "kind": query.split(", ")[1][:-1]}}}, query, rb)
        assert stated.answer == "true"


def test_a_question_about_an_input_with_a_variable_never_says_a_stand_in_value(tmp_path):
    # 'Yes: the speed ... is 9 mph, whatever the speed ... is': the proof by cases of an input
    # question was built on the split's stand-in value (9, 27.5, 46), which no case states
    from reasoner.answer.answering import ask
    case = tmp_path / "speed.yaml"
    case.write_text("entities:\n  op1:\n    type: operation\n    roadway_speed_limit_mph: 45\n")
    a = ask(str(case), "speed_mph(op1, S)")
    text = a.text() + a.argument_text()
    for stand_in in ("9 mph", "27.5 mph", "46 mph"):
        assert stand_in not in text, text
    assert {b["S"] for b in a.bindings} <= {10, 45, __import__("reasoner").core.values.UNKNOWN}
