"""A split past its budget whose goal rows belong to several entities, each moving with its own
inputs, is split again one entity at a time (engine/exact/split.py, _by_entity): two things with
15 worlds each make 225 leaves together and 15 apart. Checked against brute force over every
completion on a grid of values around every cut: the answer over all of them, the rows certain in
every one listed true, and every row a completion has listed (or an interval's UNKNOWN)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from reasoner.core.settings import current, use
from reasoner.engine.exact.split import exact_answer
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, pattern, resolve
from splitgrid import assert_exact_over, completions, grid_of

VOCAB = '''@entity thing "a thing".
@input n(X: thing, N: number) "the n of {X}".
@input m(X: thing, M: number) "the m of {X}".
'''
RULES = ("amount(X, A) :- n(X, W), W > 1, W < 5, A = 10.\n"
         "amount(X, A) :- n(X, W), W >= 5, A = 20.\n"
         "amount(X, A) :- m(X, M), M > 3, A = 30.\n"
         "amount(X, A) :- m(X, M), M < 1, A = M.\n")
PROGRAMS = {
    "some": RULES,                                                   # a world without any row
    "every": RULES + "amount(X, A) :- n(X, W), W <= 1, A = 0.\n",    # a row in every world
}
GRID = {"n": [Fraction(v) for v in (0, 1, 3, 5, 6)], "m": [Fraction(v, 2) for v in (0, 1, 2, 6, 7, 8)]}


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _case():
    return {"entities": {"t1": {"type": "thing", "n": "unknown", "m": "unknown"},
                         "t2": {"type": "thing", "n": "unknown", "m": "unknown"}}}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_each_entity_apart_is_exact_within_the_budget_and_matches_every_completion(program, name):
    rb = program(VOCAB + PROGRAMS[name])
    loaded = load_case(_case(), rb.checked)
    atom, _ = resolve("amount(X, A)")
    atom = check_atom(atom, rb.checked)
    ex = exact_answer(rb, loaded, atom, pattern(atom), budget=150, settle=False, apart=True)
    assert ex.exact, ex.reason
    assert ex.evaluations <= 2 * 150
    # one split of both together does not finish within the budget
    alone = exact_answer(rb, loaded, atom, pattern(atom), budget=150, settle=False, apart=False)
    assert not alone.exact and "branch evaluations" in alone.reason
    assert ex.answer == ("true" if name == "every" else "undetermined")
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, GRID)))
    listed = {(b["X"], b["A"]): b["answer"] for b in ex.bindings}
    # the same answer from one split with budget enough for the whole product
    whole = exact_answer(rb, loaded, atom, pattern(atom), budget=5000, settle=False)
    assert whole.exact and whole.answer == ex.answer
    assert {(b["X"], b["A"]): b["answer"] for b in whole.bindings} == listed
