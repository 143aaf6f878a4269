"""An entity's own inputs that the goal reads only through yes/no facts (engine/exact/funnel.py): the
batch split takes them as one input whose values are the classes of what the rules see, not one by
one. Checked against every completion on a grid (splitgrid.py), and against the split without the
merge: the same answer and rows, fewer evaluations."""
from __future__ import annotations

import pytest

from reasoner.core.settings import current, use
from reasoner.engine.exact import funnel, split
from reasoner.engine.exact.funnel import funnels, merge as _merge_with
from reasoner.core.deadline import DEFAULT_MAX_ROWS
from reasoner.engine.exact.split import assign, goal_statuses


def merge(rb, loaded, key, cands, max_rows=DEFAULT_MAX_ROWS):
    """funnel.merge with the split's operations, as split.py gives them."""
    return _merge_with(rb, loaded, key, cands, max_rows, (assign, goal_statuses))
from reasoner.engine.exact.split import split_many
from reasoner.engine.exact.unknowns import unknowns
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, pattern, resolve

from splitgrid import assert_exact_over, completions

MARKS = '''@entity thing "a thing".
@entity mark "an earlier mark".
@domain mark_word {a "a", b "b", c "c", d "d"} "the kinds of mark".
@input n(X: thing, N: number) "the n of {X}".
@input mark_of(M: mark, X: thing) "{M} is on {X}".
@input mark_kind(M: mark, K: mark_word) "the kind of {M}".
@input mark_paid(M: mark) "{M} was paid".
@input mark_age(M: mark, N: number) "the age of {M}".
@predicate recent(M: mark) "{M} is recent".
recent(M) :- mark_age(M, N), N <= 12.
@predicate counted(T: thing, M: mark) "{M} counts for {T}".
counted(X, M) :- mark_of(M, X), mark_kind(M, a), mark_paid(M), recent(M).
counted(X, M) :- mark_of(M, X), mark_kind(M, b), mark_paid(M), recent(M).
amount(X, A) :- n(X, W), W > 5, not counted(X, _), A = 10.
amount(X, A) :- n(X, W), W > 5, counted(X, _), W < 9, A = 20.
amount(X, A) :- n(X, W), W >= 9, counted(X, _), A = 30.
'''
# the age carried into the amount: the mark's inputs are no yes/no facts of it, no funnel
CARRIED = MARKS + '''@predicate aged(T: thing, N: number) "the age counted for {T}".
aged(X, N) :- mark_of(M, X), mark_age(M, N).
amount(X, A) :- n(X, W), W > 20, aged(X, N), A = N.
'''
GRID = {"n": [0, 6, 10], "mark_kind": ["a", "b", "c", "d"], "mark_paid": [True, None], "mark_age": [0, 12, 13],
        "mark_of": ["t1", "t2", None]}
CASE = {"entities": {
    "t1": {"type": "thing", "n": "unknown"},
    "t2": {"type": "thing", "n": 3},
    "m1": {"type": "mark", "mark_of": "unknown", "mark_kind": "unknown", "mark_paid": "unknown",
           "mark_age": "unknown"},
}}


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def grid_of(loaded, grid):
    """Each unknown row of a predicate `grid` names takes its values there (the known ones stay)."""
    return {i: grid[r.pred] for i, r in enumerate(loaded.rows) if r is not None and not r.known and r.pred in grid}


def _asked(rb):
    atom, _ = resolve("amount(X, A)")
    return check_atom(atom, rb.checked)


def test_the_marks_own_inputs_are_read_through_what_counted_sees(program):
    rb = program(MARKS)
    found = funnels(rb.checked, ("amount", 2))
    assert set(found) == {"mark"}
    f = found["mark"]
    assert f.inputs == {("mark_kind", 2), ("mark_paid", 1), ("mark_age", 2), ("mark_of", 2)}
    assert f.facts == {("recent", 1)}
    assert set(f.gates) == {(("mark_of", 2), funnel.JOIN, ()), (("mark_kind", 2), False, ("a",)),
                            (("mark_kind", 2), False, ("b",)), (("mark_paid", 1), False, ()),
                            (("recent", 1), False, ())}
    assert len(f.groups) == 1          # counted's two rules differ only in their gates: one group


def test_a_value_carried_into_the_goal_leaves_no_funnel(program):
    rb = program(CARRIED)
    assert funnels(rb.checked, ("amount", 2)) == {}


def test_the_four_inputs_are_one_of_three_classes(program):
    rb = program(MARKS)
    loaded = load_case(CASE, rb.checked)
    atom = _asked(rb)
    cands = unknowns(rb, loaded, atom)
    merged, spent = merge(rb, loaded, atom.key, cands)
    assert spent > 0
    assert [u.row.pred for u in merged if not u.members] == ["n"]
    (m,) = [u for u in merged if u.members]
    assert {u.row.pred for u in m.members} == {"mark_of", "mark_kind", "mark_paid", "mark_age"}
    # what counted sees of m1: on t1 and it counts, on t2 and it counts, or it counts for no thing
    assert len(m.choices) == 3
    # each class is one completion of the four inputs (the first the split's order of values reaches)
    assert [c.label for c in m.choices] == [
        "mark of t1; mark kind a; mark paid true; mark age below 12",     # counts for t1
        "mark of t1; mark kind a; mark paid true; mark age above 12",     # counts for no thing
        "mark of t2; mark kind a; mark paid true; mark age below 12"]     # counts for t2


def test_exact_over_every_completion_and_cheaper_than_one_by_one(program, monkeypatch):
    rb = program(MARKS)
    loaded = load_case(CASE, rb.checked)
    atom = _asked(rb)
    ex = split_many(rb, atom, pattern(atom), [loaded], budget=400)[0]
    assert ex.exact, ex.reason
    assert ex.answer == "undetermined"
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, GRID)))
    assert sorted((b["X"], b["A"], b["answer"]) for b in ex.bindings) == [
        ("t1", 10, "undetermined"), ("t1", 20, "undetermined"), ("t1", 30, "undetermined")]
    with monkeypatch.context() as mp:
        mp.setattr(split, "merge", lambda rb, loaded, goal, cands, max_rows=0, ops=(): (cands, 0))
        apart = split_many(rb, atom, pattern(atom), [loaded], budget=2000)[0]
    assert apart.exact and apart.answer == ex.answer and apart.bindings == ex.bindings
    assert ex.evaluations < apart.evaluations


def test_a_known_kind_that_never_counts_settles_it(program):
    rb = program(MARKS)
    case = {"entities": {**CASE["entities"], "m1": {**CASE["entities"]["m1"], "mark_kind": "c"}}}
    loaded = load_case(case, rb.checked)
    atom = _asked(rb)
    merged, _ = merge(rb, loaded, atom.key, unknowns(rb, loaded, atom))
    (m,) = [u for u in merged if u.members]
    assert len(m.choices) == 1          # kind c: m1 counts for no thing, whatever the rest
    ex = split_many(rb, atom, pattern(atom), [loaded], budget=400)[0]
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, GRID)))
    assert sorted((b["X"], b["A"], b["answer"]) for b in ex.bindings) == [("t1", 10, "undetermined")]


TWO_MARKS = [
    # (m1's stated facts, m2's stated facts): "unknown" is split on; the rest as stated
    ({}, {}),
    ({"mark_kind": "a"}, {"mark_of": "t1"}),
    ({"mark_paid": True, "mark_age": 13}, {"mark_kind": "b", "mark_of": "t1"}),
    ({"mark_of": "t2"}, {"mark_age": 3, "mark_paid": False}),
]


@pytest.mark.parametrize("first, second", TWO_MARKS)
def test_two_marks_exact_over_every_completion(program, first, second):
    """Two marks, each with some of its facts open: the merged split's answer and rows are those of
    every completion on the grid."""
    rb = program(MARKS)
    blank = {"type": "mark", "mark_of": "unknown", "mark_kind": "unknown", "mark_paid": "unknown",
             "mark_age": "unknown"}
    case = {"entities": {"t1": CASE["entities"]["t1"], "t2": {"type": "thing", "n": "unknown"},
                         "m1": {**blank, **first}, "m2": {**blank, **second}}}
    loaded = load_case(case, rb.checked)
    atom = _asked(rb)
    merged, _ = merge(rb, loaded, atom.key, unknowns(rb, loaded, atom))
    assert {u.entity for u in merged if u.members} == {"m1", "m2"}
    ex = split_many(rb, atom, pattern(atom), [loaded], budget=2000)[0]
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, GRID)))
