"""The batch split's static relevance cut (engine/exact/relevance.py): an unknown input that no
subject with a possible row can read through the joins of the goal's rules is not split on.

Each answer is checked against every completion on a grid (splitgrid.py), and against the same
split with the cut off: the same answer and rows, fewer evaluations."""
from __future__ import annotations

import pytest

from reasoner.core.settings import current, use
from reasoner.engine.exact import split
from reasoner.engine.exact.relevance import reads, relevant
from reasoner.engine.exact.split import Evaluator, split_many
from reasoner.engine.exact.unknowns import Possible, unknowns
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, pattern, resolve

from splitgrid import assert_exact_over, completions, grid_of

BADGES = '''@entity thing "a thing".
@entity badge "a badge".
@input active(X: thing) "{X} is active".
@input n(X: thing, N: number) "the n of {X}".
@input m(X: thing, M: number) "the m of {X}".
@input holder(B: badge, X: thing) "{B} is held by {X}".
@input level(B: badge, L: number) "the level of {B}".
amount(X, A) :- active(X), n(X, W), W > 1, W < 5, A = 10.
amount(X, A) :- active(X), n(X, W), W >= 5, A = 20.
amount(X, A) :- active(X), holder(B, X), level(B, L), L > 3, A = 30.
'''
# a fact read about any thing (not through a join to the subject): read for every subject
GLOBAL = BADGES + '''big :- m(Y, M), M > 3.
amount(X, A) :- active(X), big, A = 40.
'''
GRID = {"n": [0, 3, 6], "m": [0, 5], "level": [0, 5]}
CASE = {"entities": {
    "t1": {"type": "thing", "active": True, "n": "unknown", "m": "unknown"},
    "t2": {"type": "thing", "active": False, "n": "unknown", "m": "unknown"},
    "b1": {"type": "badge", "holder": "t1", "level": "unknown"},
    "b2": {"type": "badge", "holder": "t2", "level": "unknown"},
}}


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _asked(rb):
    atom, _ = resolve("amount(X, A)")
    return check_atom(atom, rb.checked)


def _kept(rb, loaded, atom):
    raw = Evaluator(rb, atom, pattern(atom), "sets").many([list(loaded.rows)])[0]
    subjects = {row[0] for row in raw[1]}
    kept = relevant(rb, loaded, atom.key, subjects, Possible(rb, loaded, atom).rows, unknowns(rb, loaded, atom))
    return subjects, {(u.row.pred, u.entity) for u in kept}


def _without_cut(monkeypatch, rb, atom, loaded, budget):
    with monkeypatch.context() as m:
        m.setattr(split, "_near", lambda rb, loaded, atom, args, raw, cands: cands)
        return split_many(rb, atom, pattern(atom), [loaded], budget=budget)[0]


def test_the_steps_follow_the_rules_joins_in_their_direction(program):
    rb = program(BADGES)
    found = reads(rb.checked, ("amount", 2))
    assert found.everywhere == frozenset()
    assert found.joined == {("active", 1), ("n", 2), ("holder", 2), ("level", 2)}
    # from the thing (position 1 of holder) to its badge (position 0), never from a badge to a thing
    assert found.links == {(("holder", 2), 1, 0)}


def test_another_things_inputs_are_not_split_on(program, monkeypatch):
    rb = program(BADGES)
    loaded = load_case(CASE, rb.checked)
    atom = _asked(rb)
    subjects, kept = _kept(rb, loaded, atom)
    assert subjects == {"t1"}               # t2 is not active: no row in any completion
    assert kept == {("n", "t1"), ("level", "b1")}   # not t2's n or m, nor the level of t2's badge
    ex = split_many(rb, atom, pattern(atom), [loaded], budget=150)[0]
    assert ex.exact, ex.reason
    assert ex.answer == "undetermined"
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, GRID)))
    assert sorted((b["X"], b["A"], b["answer"]) for b in ex.bindings) == [
        ("t1", 10, "undetermined"), ("t1", 20, "undetermined"), ("t1", 30, "undetermined")]
    whole = _without_cut(monkeypatch, rb, atom, loaded, 150)
    assert whole.exact and whole.answer == ex.answer and whole.bindings == ex.bindings
    assert ex.evaluations < whole.evaluations
    # a budget the cut fits in and the whole candidates' look-ahead does not
    fits = next(b for b in range(ex.evaluations, 200)
                if split_many(rb, atom, pattern(atom), [loaded], budget=b)[0].exact)
    assert fits < whole.evaluations
    cut_off = _without_cut(monkeypatch, rb, atom, loaded, fits)
    assert not cut_off.exact and "branch evaluations" in cut_off.reason

def test_a_fact_read_about_any_thing_is_kept(program):
    rb = program(GLOBAL)
    loaded = load_case(CASE, rb.checked)
    atom = _asked(rb)
    assert ("m", 2) in reads(rb.checked, ("amount", 2)).everywhere
    _, kept = _kept(rb, loaded, atom)
    assert kept == {("n", "t1"), ("level", "b1"), ("m", "t1"), ("m", "t2")}   # t2's m gives t1 the 40
    ex = split_many(rb, atom, pattern(atom), [loaded], budget=400)[0]
    assert ex.exact, ex.reason
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, GRID)))
    assert ("t1", 40) in {(b["X"], b["A"]) for b in ex.bindings}


def test_an_unknown_holder_joins_its_badge_to_every_thing(program):
    rb = program(BADGES)
    case = {"entities": {**CASE["entities"], "b2": {"type": "badge", "holder": "unknown", "level": "unknown"}}}
    loaded = load_case(case, rb.checked)
    atom = _asked(rb)
    _, kept = _kept(rb, loaded, atom)
    # b2 may be t1's: its level and holder are read; t2's own inputs still are not
    assert kept == {("n", "t1"), ("level", "b1"), ("level", "b2"), ("holder", "b2")}
