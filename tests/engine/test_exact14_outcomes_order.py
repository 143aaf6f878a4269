"""The batch split's order (engine/exact/split.py, _index): an input whose look-ahead branches part the
case into several outcomes (a weight: nothing under the limit, one amount in each bracket) counts each
outcome past the first as a decided branch, so it is split before yes/no facts that each move every
branch a little but matter in the end only over some of its values. An order only: the answer and
its rows are checked against every completion on a grid (splitgrid.py), and against the split in
the old order (the same answer and rows, at more evaluations)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from reasoner.engine.exact import split
from reasoner.engine.exact.split import split_many
from reasoner.facts.case import load_case
from reasoner.law.queries import pattern

from splitgrid import asked, assert_exact_over, completions, grid_of

# a weight in brackets that meet at their ends (a weight at 20 is in two of them: its own outcome);
# `h` changes the amount in every bracket from 20, `g1` and `g2` add one only over 60
BRACKETS = '''@entity load "a load".
@input w(X: load, N: number) "the weight of {X}".
@input h(X: load) "{X} is hazardous".
@input g1(X: load) "{X} is g1".
@input g2(X: load) "{X} is g2".
amount(X, A) :- w(X, W), W >= 10, W <= 20, A = 100.
amount(X, A) :- w(X, W), W >= 20, W <= 30, not h(X), A = 200.
amount(X, A) :- w(X, W), W >= 20, W <= 30, h(X), A = 250.
amount(X, A) :- w(X, W), W >= 30, W <= 40, not h(X), A = 300.
amount(X, A) :- w(X, W), W >= 30, W <= 40, h(X), A = 350.
amount(X, A) :- w(X, W), W >= 40, W <= 50, not h(X), A = 400.
amount(X, A) :- w(X, W), W >= 40, W <= 50, h(X), A = 450.
amount(X, A) :- w(X, W), W >= 50, W <= 60, not h(X), A = 500.
amount(X, A) :- w(X, W), W >= 50, W <= 60, h(X), A = 550.
amount(X, A) :- w(X, W), W >= 60, not h(X), A = 600.
amount(X, A) :- w(X, W), W >= 60, h(X), A = 650.
amount(X, A) :- w(X, W), W > 60, g1(X), A = 900.
amount(X, A) :- w(X, W), W > 60, g2(X), A = 950.
'''
AMOUNTS = (100, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650, 900, 950)
GRID = {"w": [Fraction(v) for v in (0, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65)], "h": [True, None],
        "g1": [True, None], "g2": [True, None]}
CASE = {"entities": {"l1": {"type": "load", "w": "unknown", "h": "unknown", "g1": "unknown", "g2": "unknown"}}}


pytestmark = pytest.mark.usefixtures("exact_unbounded")


def _asked(rb):
    return asked(rb)


_INDEX = split._index


def _old_index(branches, decided, moved, outcomes=1):
    """The order before: branches / (1 + decided), the outcomes not counted."""
    return _INDEX(branches, decided, moved)


def test_the_weight_is_split_first_and_the_answer_is_every_completions(program):
    rb = program(BRACKETS)
    loaded = load_case(CASE, rb.checked)
    atom = _asked(rb)
    ex = split_many(rb, atom, pattern(atom), [loaded], budget=60)[0]
    assert ex.exact, ex.reason
    assert ex.evaluations <= 60
    assert ex.root.split.row.pred == "w"
    assert ex.answer == "undetermined"
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, GRID)))
    assert sorted((b["X"], b["A"], b["answer"]) for b in ex.bindings) == [
        ("l1", a, "undetermined") for a in AMOUNTS]


def test_the_old_order_gives_the_same_rows_past_that_budget(program, monkeypatch):
    rb = program(BRACKETS)
    loaded = load_case(CASE, rb.checked)
    atom = _asked(rb)
    new = split_many(rb, atom, pattern(atom), [loaded], budget=2000)[0]
    monkeypatch.setattr(split, "_index", _old_index)
    old = split_many(rb, atom, pattern(atom), [loaded], budget=2000)[0]
    assert old.exact and new.exact
    assert old.root.split.row.pred != "w"          # h first: it moves two branches of two
    assert (old.answer, old.bindings) == (new.answer, new.bindings)
    assert new.evaluations < old.evaluations
    cut = split_many(rb, atom, pattern(atom), [loaded], budget=60)[0]
    assert not cut.exact and "more than 60 branch evaluations" in cut.reason


def test_outcomes_past_the_first_count_as_decided():
    assert split._index(9, 2, 9, 1) == split._index(9, 2, 9) == Fraction(9, 3)
    assert split._index(9, 2, 9, 5) == Fraction(9, 7)
    assert split._index(2, 0, 2, 2) == Fraction(2, 2)
    assert split._index(4, 0, 0, 3) > split._index(100, 0, 1, 1)     # moving nothing: last
