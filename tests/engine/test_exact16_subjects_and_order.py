"""The batch split (engine/exact/split.py, split_many):

- a goal open for several subjects is split for each subject's rows on its own first
  (_per_subject): two things whose amounts move with their own numbers make the product of their
  branches in one tree and the sum of them apart; the variants both evaluate (the case, the root's
  look-ahead) are evaluated and counted once;
- the input of the lowest branches / (1 + decided) at the root's look-ahead is split first
  (_index): yes/no facts that each decide one of their two branches before a weight that decides
  one of its many.

Each answer is checked against every completion on a grid (splitgrid.py): the answer over all of
them, the rows certain in every one listed true, every row a completion has listed."""
from __future__ import annotations

from fractions import Fraction

import pytest

from reasoner.core.settings import current, use
from reasoner.engine.exact.split import exact_answer, split_many
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, pattern, resolve

from splitgrid import assert_exact_over, completions, grid_of

SUBJECTS = '''@entity thing "a thing".
@input n(X: thing, N: number) "the n of {X}".
@input m(X: thing, M: number) "the m of {X}".
amount(X, A) :- n(X, W), W > 1, W < 5, A = 10.
amount(X, A) :- n(X, W), W >= 5, A = 20.
amount(X, A) :- m(X, M), M > 3, A = 30.
amount(X, A) :- m(X, M), M < 1, A = M.
'''
SUBJECT_GRID = {"n": [Fraction(v) for v in (0, 1, 3, 5, 6)], "m": [Fraction(v, 2) for v in (0, 1, 2, 6, 7, 8)]}

GATES = '''@entity thing "a thing".
@input w(X: thing, N: number) "the w of {X}".
@input g1(X: thing) "{X} is g1".
@input g2(X: thing) "{X} is g2".
@input g3(X: thing) "{X} is g3".
amount(X, A) :- w(X, W), W >= 10, W < 20, g1(X), g2(X), g3(X), A = 1.
amount(X, A) :- w(X, W), W >= 20, W < 30, g1(X), g2(X), g3(X), A = 2.
amount(X, A) :- w(X, W), W >= 30, W < 40, g1(X), g2(X), g3(X), A = 3.
amount(X, A) :- w(X, W), W >= 40, W < 50, g1(X), g2(X), g3(X), A = 4.
amount(X, A) :- w(X, W), W >= 50, g1(X), g2(X), g3(X), A = 5.
'''
GATE_GRID = {"w": [0, 10, 15, 20, 25, 30, 35, 40, 45, 50, 60], "g1": [True, None], "g2": [True, None],
             "g3": [True, None]}


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _asked(rb):
    atom, _ = resolve("amount(X, A)")
    return check_atom(atom, rb.checked)


def _things(n: int, attrs: dict) -> dict:
    return {"entities": {f"t{i}": {"type": "thing", **attrs} for i in range(1, n + 1)}}


@pytest.mark.parametrize("things,budget", [(2, 150), (3, 250)])
def test_each_subject_split_on_its_own_within_the_budget(program, things, budget):
    rb = program(SUBJECTS)
    loaded = load_case(_things(things, {"n": "unknown", "m": "unknown"}), rb.checked)
    atom = _asked(rb)
    ex = split_many(rb, atom, pattern(atom), [loaded], budget=budget)[0]
    assert ex.exact, ex.reason
    assert ex.evaluations <= budget
    assert ex.answer == "undetermined"
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, SUBJECT_GRID)))
    listed = {(b["X"], b["A"]): b["answer"] for b in ex.bindings}
    assert {x for x, _ in listed} == {f"t{i}" for i in range(1, things + 1)}
    # each thing's amounts are its own, none of them certain: 10, 20, 30 and the m below 1 (an interval's)
    assert {a for x, a in listed if x == "t1" and not isinstance(a, type(None))} >= {10, 20, 30}
    assert set(listed.values()) == {"undetermined"}
    if things > 2:
        return
    # the same answer as one split of the whole goal with budget enough for the product
    whole = exact_answer(rb, loaded, atom, pattern(atom), budget=20000, settle=False)
    assert whole.exact and whole.answer == ex.answer
    assert {(b["X"], b["A"]): b["answer"] for b in whole.bindings} == listed


def test_a_subject_that_always_has_an_amount_makes_the_answer_true(program):
    rb = program(SUBJECTS + "amount(X, A) :- n(X, W), W <= 1, A = 0.\n")
    loaded = load_case(_things(2, {"n": "unknown", "m": "unknown"}), rb.checked)
    atom = _asked(rb)
    ex = split_many(rb, atom, pattern(atom), [loaded], budget=150)[0]
    assert ex.exact, ex.reason
    assert ex.answer == "true"
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, SUBJECT_GRID)))


def test_yes_no_facts_that_decide_a_branch_are_split_before_a_weight(program):
    rb = program(GATES)
    loaded = load_case(_things(1, {"w": "unknown", "g1": "unknown", "g2": "unknown", "g3": "unknown"}), rb.checked)
    atom = _asked(rb)
    ex = split_many(rb, atom, pattern(atom), [loaded], budget=60)[0]
    assert ex.exact, ex.reason
    assert ex.root.split.row.pred in {"g1", "g2", "g3"}     # not the weight, which decides two of its values
    assert ex.answer == "undetermined"
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, GATE_GRID)))
    assert sorted(b["A"] for b in ex.bindings) == [1, 2, 3, 4, 5]
    assert {b["answer"] for b in ex.bindings} == {"undetermined"}


def test_the_ask_path_keeps_its_root(program):
    """The order is the batch path's: `reasoner ask` ranks the deciding facts by its own (the input
    that decides the most branches first)."""
    rb = program(GATES)
    loaded = load_case(_things(1, {"w": "unknown", "g1": "unknown", "g2": "unknown", "g3": "unknown"}), rb.checked)
    atom = _asked(rb)
    ex = exact_answer(rb, loaded, atom, pattern(atom), budget=20000, settle=False)
    assert ex.exact and ex.root.split.row.pred == "w"
