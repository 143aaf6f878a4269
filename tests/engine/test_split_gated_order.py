"""A split below the root tries first the inputs that have not already moved nothing on its path
(engine/exact/split.py, Node.idle): an input another unknown gates (h counts only when g holds)
moves nothing until g is split, and trying it again at every node spent evaluations. Checked
against brute force over every completion; the answer and its rows do not depend on the order."""
from __future__ import annotations

import itertools

import pytest

from reasoner.core.settings import current, use
from reasoner.engine.exact.split import Evaluator, exact_answer
from reasoner.facts.case import load_case
from reasoner.facts.rows import FactRow
from reasoner.law.queries import check_atom, pattern, resolve

PROGRAM = '''@entity thing "a thing".
@input w(X: thing, N: number) "the w of {X}".
@input g(X: thing) "{X} is g".
@input h(X: thing, N: number) "the h of {X}".
@input k(X: thing) "{X} is k".
late(X) :- g(X), h(X, H), H < 12.
amount(X, 1) :- w(X, W), W < 5.
amount(X, 2) :- w(X, W), W >= 5, W < 10, not late(X).
amount(X, 3) :- w(X, W), W >= 10, late(X).
amount(X, 4) :- w(X, W), W >= 10, not late(X), k(X).
amount(X, 5) :- w(X, W), W >= 20, late(X), k(X).
'''
GRID = {"w": [0, 5, 7, 10, 15, 20, 30], "h": [0, 11, 12, 20], "g": [True, False], "k": [True, False]}


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _case():
    return {"entities": {"t1": {"type": "thing", "w": "unknown", "h": "unknown", "k": "unknown", "g": "unknown"}}}


def _worlds(rb, loaded, atom):
    ev = Evaluator(rb, atom, pattern(atom), "sets")
    at = [i for i, r in enumerate(loaded.rows) if not r.known]
    variants = []
    for values in itertools.product(*(GRID[loaded.rows[i].pred] for i in at)):
        rows = list(loaded.rows)
        for i, v in zip(at, values):
            old = rows[i]
            if isinstance(v, bool):
                rows[i] = FactRow(old.pred, old.args, True, old.loc, old.attribute) if v else None
            else:
                rows[i] = FactRow(old.pred, (old.args[0], v), True, old.loc, old.attribute)
        variants.append([r for r in rows if r is not None])
    out = []
    for certain, possible in ev.many(variants):
        assert certain == possible
        out.append(set(certain))
    return out


def test_a_gated_input_is_tried_after_the_others_and_the_answer_is_every_completions(program):
    rb = program(PROGRAM)
    loaded = load_case(_case(), rb.checked)
    atom, _ = resolve("amount(X, A)")
    atom = check_atom(atom, rb.checked)
    ex = exact_answer(rb, loaded, atom, pattern(atom), budget=10_000, settle=False)
    assert ex.exact, ex.reason
    print("evaluations", ex.evaluations)
    worlds = _worlds(rb, loaded, atom)
    produced, every = set().union(*worlds), set.intersection(*worlds)
    assert ex.answer == ("true" if all(worlds) else "false" if not produced else "undetermined")
    got = {(b["X"], b["A"]): b["answer"] for b in ex.bindings}
    assert set(got) == {(x, a) for x, a in produced}
    assert {k for k, v in got.items() if v == "true"} == {(x, a) for x, a in every}
