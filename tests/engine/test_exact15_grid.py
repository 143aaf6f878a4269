"""Every exact answer of the split's second try through the goal's own rules (exact14b: split.py
exact_steps, unknowns.cone_helps) against every completion on a grid (tests/engine/splitgrid.py).

The exact14b merge was reverted because `speed_mph(op1, X)` with the speed unknown became TRUE and
`speed_mph(op1, 30)` lost its "Exact: no" (tests/facts/test_value_spaces.py, test_open_values.py).
Over the completions both are what the law gives: a question about the input itself reads no rule,
so nothing but the question compares the speed; every completion has a speed (TRUE, the speed open,
as `speed_mph(op1, S)` has been with the roadway's limit stated: test_split_question_constants.py),
and 30 is a speed of some completions and not of others (UNDETERMINED, exact). The speed is
enumerated here together with the roadway's limit, which the rules outside the question compare it
with (the input the first try refused it for), on `ask` and on `batch` (with and without
--verdicts-only): each exact answer must be the enumeration's, each value listed a completion's.
Then the same on small programs with the input compared in the question only, or read by a rule
outside the goal (another unknown, a non-linear fee), and case 14 of bench/gen.py (seed 1), whose
permit weight a fee table reads (183 and 975: test_exact14b_cone.py)."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

from reasoner.answer.answering import ask
from reasoner.core.settings import current, use
from reasoner.core.values import UNKNOWN
from reasoner.engine.exact import split
from reasoner.engine.exact.unknowns import unknowns
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, pattern, resolve

from tests.engine.splitgrid import assert_exact_over, completions

HERE = Path(__file__).parent
SPEEDS = sorted({Fraction(v, 2) for v in range(0, 121, 3)} | {Fraction(v) for v in (9, 10, 11, 30, 44, 45, 46)}
                | {Fraction(55, 2)})
LIMITS = [None, 10, 30, 45, 55]     # None: the row goes (the case states no limit)

CASES = {
    "unstated": "entities:\n  op1: {type: operation}\n",
    "null": "entities:\n  op1:\n    type: operation\n    speed_mph: ~\n",
    "empty": "entities:\n  op1:\n    type: operation\n    speed_mph:\n",
}
QUESTIONS = ["speed_mph(op1, X)", "speed_mph(op1, 30)", "speed_mph(op1, 27.5)", "speed_mph(O, 30)",
             "speed_mph(O, X)"]


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _unknown_at(loaded, pred):
    return next(i for i, r in enumerate(loaded.rows) if r is not None and r.pred == pred and not r.known)


def _as_exact(answer, exact, reason, bindings):
    """An answer as splitgrid.assert_exact_over reads an Exact (JSON's null for an open value: UNKNOWN)."""
    rows = [{k: (UNKNOWN if v is None and k != "answer" else v) for k, v in b.items()} for b in bindings]
    return SimpleNamespace(answer=answer, exact=exact, reason=reason, bindings=rows)


def _speed_worlds(rb, loaded, atom):
    values = {_unknown_at(loaded, "speed_mph"): SPEEDS}
    limit = [i for i, r in enumerate(loaded.rows) if r is not None and r.pred == "roadway_speed_limit_mph"]
    if limit:
        values[limit[0]] = LIMITS
    return completions(rb, loaded, atom, values)


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.parametrize("query", QUESTIONS)
def test_a_speed_compared_only_in_the_question_is_the_enumerations(tmp_path, name, query):
    rb = default_rulebase()
    path = tmp_path / "case.yaml"
    path.write_text(CASES[name])
    loaded = load_case(str(path), rb.checked)
    atom = check_atom(resolve(query)[0], rb.checked)
    worlds = _speed_worlds(rb, loaded, atom)
    got = ask(str(path), query, rb)
    # the speed is open in every completion: a named speed is some completions' and not others'
    expected = "true" if query.endswith("X)") else "undetermined"
    assert got.exact is True and got.answer == expected, (got.answer, got.exact_reason)
    assert_exact_over(_as_exact(got.answer, got.exact, got.exact_reason, got.bindings), atom, worlds)
    # the speed asked for is open (an interval's), never a value the split chose to stand for it
    if "X" in query:
        assert [b["X"] for b in got.bindings] == [UNKNOWN] and got.bindings[0]["answer"] == "undetermined"
    if "op1" in query:
        # (`speed_mph(O, 30)` lists no deciding fact, on main too with the limit stated: not this branch's)
        assert any("the speed of the snowmobile" in m for m in got.missing), got.missing
    assert not any("speed limit" in m for m in got.missing), got.missing     # the limit decides nothing here


def test_the_grid_catches_the_question_value_taken_for_the_whole_domain(tmp_path, monkeypatch):
    """What the revert feared, made on purpose: the speed split on the question's one value alone.
    The answer is then TRUE, and the enumeration says it is not (a speed of 31 is a completion too)."""
    real = split.unknowns

    def only_the_question(rb, loaded, atom, order=(), named=None, cone=False):
        found = real(rb, loaded, atom, order, named, cone)
        for u in found:
            if u.row.pred == "speed_mph":
                u.choices = tuple(c for c in u.choices if c.point and c.value == 30)
        return found
    monkeypatch.setattr(split, "unknowns", only_the_question)
    rb = default_rulebase()
    path = tmp_path / "case.yaml"
    path.write_text(CASES["unstated"])
    loaded = load_case(str(path), rb.checked)
    atom = check_atom(resolve("speed_mph(op1, 30)")[0], rb.checked)
    got = ask(str(path), "speed_mph(op1, 30)", rb)
    assert got.exact is True and got.answer == "true"
    with pytest.raises(AssertionError):
        assert_exact_over(_as_exact(got.answer, got.exact, got.exact_reason, got.bindings), atom,
                          _speed_worlds(rb, loaded, atom))


@pytest.mark.parametrize("query", QUESTIONS)
def test_batch_answers_the_speed_as_ask(tmp_path, query):
    rb = default_rulebase()
    path = tmp_path / "case.yaml"
    path.write_text(CASES["unstated"])
    loaded = load_case(str(path), rb.checked)
    atom, saved = resolve(query)
    atom = check_atom(atom, rb.checked)
    worlds = _speed_worlds(rb, loaded, atom)
    one = ask(str(path), query, rb)
    from reasoner.apps.batch import Item, run_verdicts
    r = list(run_verdicts(rb, atom, [Item("case", loaded)], saved=saved, cases=[loaded]))[0]
    assert r["exact"] is True and "exact_reason" not in r
    assert r["answer"] == one.answer
    assert_exact_over(_as_exact(r["answer"], r["exact"], "", r.get("bindings", one.bindings)), atom, worlds)


# -- small programs: the input read by a rule outside the goal ----------------------------------------

VOCAB = '''@entity thing "a thing".
@input n(X: thing, N: number) "the n of {X}".
@input m(X: thing, M: number) "the m of {X}".
copy(X, S) :- n(X, S).
gated(X) :- n(X, S), S > 20.
shift(X, T) :- n(X, S), T = S + 5.
'''
OUTSIDE = {
    "none": "",
    # compared with another unknown value: the first try refuses n
    "relative": "fast(X) :- n(X, S), m(X, M), S > M.\n",
    # read non-linearly (a fee from a table): the first try refuses n
    "nonlinear": "fee(X, F) :- n(X, S), F = S * S.\ncostly(X) :- fee(X, F), F > 400.\n",
}
THING = {"entities": {"t1": {"type": "thing"}}}
NS = sorted({Fraction(v, 2) for v in range(-2, 101, 3)} | {Fraction(v) for v in (19, 20, 21, 25, 30, 35)})
MS = [None, 0, 20, 30, 100]
PROGRAM_QUESTIONS = ["copy(t1, V)", "copy(t1, 30)", "copy(t1, 20)", "gated(t1)", "shift(t1, 35)", "shift(t1, V)",
                     "n(t1, 30)", "n(t1, V)"]


@pytest.mark.parametrize("outside", sorted(OUTSIDE))
@pytest.mark.parametrize("query", PROGRAM_QUESTIONS)
def test_an_input_a_rule_outside_the_goal_reads(program, outside, query):
    rb = program(VOCAB + OUTSIDE[outside])
    loaded = load_case(THING, rb.checked)
    atom = check_atom(resolve(query)[0], rb.checked)
    worlds = completions(rb, loaded, atom, {_unknown_at(loaded, "n"): NS, _unknown_at(loaded, "m"): MS})
    got = ask(THING, query, rb)
    assert got.exact is True, (query, got.exact_reason)
    assert_exact_over(_as_exact(got.answer, got.exact, got.exact_reason, got.bindings), atom, worlds)
    expected = {"gated(t1)": "undetermined"}.get(query, "true" if "V" in query else "undetermined")
    assert got.answer == expected
    assert any("the n of t1" in m for m in got.missing) and not any("the m of t1" in m for m in got.missing)


# -- case 14 of bench/gen.py: the permit's weight a fee table reads ------------------------------------

def test_14_against_its_completions():
    """Case 14: the found weight (every value the split tries, and the second value of each interval)
    by the second permit's weight (refused for the fee table of s. 348.25(8) outside the forfeiture's
    rules; here at each of its lines at each of those weights, and one pound either side), the other
    inputs at their first value; and the found weights by a few permit weights with every other input
    at each of its values: the exact answer is the enumeration's (each row listed a completion's)."""
    rb = default_rulebase()
    loaded = load_case(HERE / "exact14b_gen14.yaml", rb.checked)
    atom = check_atom(resolve("forfeiture")[0], rb.checked)
    ex = split.split_many(rb, atom, pattern(atom), [loaded])[0]
    assert ex.exact is True and ex.answer == "undetermined"
    found = {u.row.pred + ":" + u.entity: u for u in unknowns(rb, loaded, atom, cone=True)}
    weight, permit = found.pop("found_weight_lb:vehicle_1"), found.pop("permit_gross_weight_lb:permit_2")
    assert permit.leader == weight.index and all(u.choices for u in found.values())
    weights = sorted({c.value for c in weight.choices} | {c.alt for c in weight.choices if c.alt is not None})
    permits = sorted({int(b + c * w) + d for b, c in permit.lines for w in weights for d in (-1, 0, 1)} | {0})
    first = {u.index: [u.choices[0].value] for u in found.values()}
    every = {u.index: [c.value for c in u.choices] for u in found.values()}
    worlds = completions(rb, loaded, atom, {weight.index: weights, permit.index: permits, **first})
    worlds |= completions(rb, loaded, atom, {weight.index: weights, permit.index: [0, 15000, 19999, 25000, 60000],
                                             **every})
    assert ("vehicle_1", 1103690, 1118690) in set().union(*worlds.values())    # 112,850 lb found
    assert_exact_over(ex, atom, worlds)
