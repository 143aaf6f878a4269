"""The batch split's order below the root (engine/exact/split.py, Splitter.learn and .sample): a
node's first open child chooses its input before its siblings start, and they try first the inputs
split on elsewhere; an input with many values is tried on its lowest, middle and highest values
first, and on the others only when one of those moves the branch. Here `g` decides the amount only
once the weight is known to lie between 10 and 30 (it moves nothing at the root), and three numbers
with many split points, read only by a rule a stated fact blocks (`never` is false), come before it in the case: the
split tried each of them on all its values at every open branch and ran out of its budget. The
order changes no answer: each is checked against every completion on a grid."""
from __future__ import annotations

import pytest

from reasoner.core.settings import current, use
from reasoner.engine.exact.split import split_many
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, pattern, resolve

from splitgrid import assert_exact_over, completions, grid_of

ODD = "\n".join(f"odd(X) :- never(X), {h}(X, H), H > {k}." for h in ("h1", "h2", "h3") for k in range(10, 100, 10))
PROGRAM = f'''@entity thing "a thing".
@input h1(X: thing, N: number) "the h1 of {{X}}".
@input h2(X: thing, N: number) "the h2 of {{X}}".
@input h3(X: thing, N: number) "the h3 of {{X}}".
@input never(X: thing) "{{X}} is never".
@input g(X: thing) "{{X}} is g".
@input w(X: thing, N: number) "the w of {{X}}".
{ODD}
amount(X, 1) :- w(X, W), W < 10.
amount(X, 1) :- w(X, W), W >= 10, W < 30, not g(X).
amount(X, 2) :- w(X, W), W >= 10, g(X).
amount(X, 2) :- w(X, W), W >= 30.
amount(X, 9) :- odd(X).
'''
NUMBERS = [0, 5, 10, 15, 20, 30, 35, 40, 45, 50, 55, 60, 70, 80, 90, 95, 100]
GRID = {"w": [0, 5, 10, 20, 30, 40], "g": [True, None], "h1": NUMBERS, "h2": NUMBERS, "h3": NUMBERS}


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _case(n: int) -> dict:
    attrs = {"h1": "unknown", "h2": "unknown", "h3": "unknown", "never": False, "g": "unknown", "w": "unknown"}
    return {"entities": {f"t{i}": {"type": "thing", **attrs} for i in range(1, n + 1)}}


def _asked(rb):
    atom, _ = resolve("amount(X, A)")
    return check_atom(atom, rb.checked)


def test_the_batch_split_finishes_within_a_budget_it_ran_out_of(program):
    rb = program(PROGRAM)
    loaded = load_case(_case(1), rb.checked)
    atom = _asked(rb)
    ex = split_many(rb, atom, pattern(atom), [loaded], budget=100)[0]
    assert ex.exact, ex.reason
    assert ex.answer == "true"
    assert {(b["X"], b["A"]): b["answer"] for b in ex.bindings} == {("t1", 1): "undetermined",
                                                                    ("t1", 2): "undetermined"}
    # its weight first, then `g` under the weight's open branches; never the three numbers
    split_on = set()

    def walk(node):
        if node.split is not None:
            split_on.add(node.split.row.pred)
            for _, child in node.children:
                walk(child)
    walk(ex.root)
    assert split_on == {"w", "g"}
    assert ex.root.split.row.pred == "w"


def test_the_answer_is_the_answer_over_every_completion(program):
    rb = program(PROGRAM)
    loaded = load_case(_case(1), rb.checked)
    atom = _asked(rb)
    ex = split_many(rb, atom, pattern(atom), [loaded], budget=100)[0]
    small = {**GRID, "h1": [0, 45, 100], "h2": [0, 45, 100], "h3": [0, 45, 100]}
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, small)))


def test_two_things_split_side_by_side_give_each_its_own_rows(program):
    # two entities: each one's rows are the same as alone, at a budget the learned order fits in
    rb = program(PROGRAM)
    loaded = load_case(_case(2), rb.checked)
    atom = _asked(rb)
    ex = split_many(rb, atom, pattern(atom), [loaded], budget=400)[0]
    assert ex.exact, ex.reason
    grid = {"w": [0, 20, 40], "g": [True, None], "h1": [45], "h2": [45], "h3": [45]}
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, grid)))
    assert {(b["X"], b["A"]) for b in ex.bindings} == {("t1", 1), ("t1", 2), ("t2", 1), ("t2", 2)}
