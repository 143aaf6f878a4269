"""A split past its budget whose goal rows belong to several entities, each moving with its own
inputs, is split again one entity at a time (engine/exact/split.py, _by_entity): two things with
15 worlds each make 225 leaves together and 15 apart. Checked against brute force over every
completion on a grid of values around every cut: the answer over all of them, the rows certain in
every one listed true, and every row a completion has listed (or an interval's UNKNOWN)."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from reasoner.core.settings import current, use
from reasoner.core.values import UNKNOWN
from reasoner.engine.exact.split import Evaluator, exact_answer
from reasoner.facts.case import load_case
from reasoner.facts.rows import FactRow
from reasoner.law.queries import check_atom, pattern, resolve

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


def _worlds(rb, loaded, atom):
    ev = Evaluator(rb, atom, pattern(atom), "sets")
    at = [i for i, r in enumerate(loaded.rows) if not r.known]
    variants = []
    for values in itertools.product(*(GRID[loaded.rows[i].pred] for i in at)):
        rows = list(loaded.rows)
        for i, v in zip(at, values):
            old = rows[i]
            rows[i] = FactRow(old.pred, (old.args[0], v if v.denominator != 1 else int(v)), True, old.loc,
                              old.attribute)
        variants.append(rows)
    out = []
    for certain, possible in ev.many(variants):
        assert certain == possible
        out.append(set(certain))
    return out


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
    worlds = _worlds(rb, loaded, atom)
    produced, every = set().union(*worlds), set.intersection(*worlds)
    if all(worlds):
        expected = "true"
    elif not produced:
        expected = "false"
    else:
        expected = "undetermined"
    assert ex.answer == expected == ("true" if name == "every" else "undetermined")
    listed = {(b["X"], b["A"]): b["answer"] for b in ex.bindings}
    for x, a in produced:
        assert (x, a) in listed or (x, UNKNOWN) in listed, (x, a, listed)
    for (x, a), said in listed.items():
        if a is UNKNOWN:
            continue
        assert (x, a) in produced, ((x, a), "listed, but no completion has it")
        assert (said == "true") == ((x, a) in every)
    # the same answer from one split with budget enough for the whole product
    whole = exact_answer(rb, loaded, atom, pattern(atom), budget=5000, settle=False)
    assert whole.exact and whole.answer == ex.answer
    assert {(b["X"], b["A"]): b["answer"] for b in whole.bindings} == listed
