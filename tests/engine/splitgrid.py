"""Brute force for the exact split's tests: every completion of a case's unknown inputs on a grid of
values, each evaluated on its own, and the check that an exact answer is the answer over all of them
(tests/engine/test_split_pairs.py, test_split_star.py, test_split_by_entity.py)."""
from __future__ import annotations

from fractions import Fraction
from itertools import product

from reasoner.core.values import UNKNOWN
from reasoner.engine.exact.split import Evaluator
from reasoner.facts.rows import FactRow
from reasoner.law.queries import pattern, variables


def completions(rb, loaded, atom, values_of: dict) -> dict:
    """{one value for each row of `values_of`: the goal's rows in that completion}. values_of: the
    case's row index -> the values it takes (a number, a word, an entity; for a true/false input
    True, or None: the row goes)."""
    ev = Evaluator(rb, atom, pattern(atom), "sets")
    at = sorted(values_of)
    variants, keys = [], []
    for values in product(*(values_of[i] for i in at)):
        rows = list(loaded.rows)
        for i, v in zip(at, values):
            old = rows[i]
            if v is None:
                rows[i] = None
                continue
            if isinstance(v, Fraction) and v.denominator == 1:
                v = int(v)
            args = old.args[:1] if len(old.args) == 1 else (old.args[0], v)
            rows[i] = FactRow(old.pred, args, True, old.loc, old.attribute)
        variants.append([r for r in rows if r is not None])
        keys.append(values)
    out = {}
    for key, (certain, possible) in zip(keys, ev.many(variants)):
        assert certain == possible       # every input stated: decided
        out[key] = certain
    return out


def grid_of(loaded, grid: dict) -> dict:
    """values_of for `completions`: each row of a predicate `grid` names takes its values there."""
    return {i: grid[r.pred] for i, r in enumerate(loaded.rows) if r is not None and r.pred in grid}


def assert_exact_over(ex, atom, worlds: dict) -> None:
    """The exact answer `ex` is the answer over every completion in `worlds`: TRUE when each has a
    row, FALSE when none has one, UNDETERMINED otherwise; every row a completion has is listed (as
    it is, or as an interval's UNKNOWN), every row listed is one a completion has, and it is listed
    true exactly when every completion has it."""
    assert ex.exact, ex.reason
    produced = set().union(*worlds.values())
    every = set.intersection(*(set(rows) for rows in worlds.values()))
    if all(worlds.values()):
        assert ex.answer == "true"
    elif not produced:
        assert ex.answer == "false"
    else:
        assert ex.answer == "undetermined"
    names = dict(variables(atom))

    def row_of(b):
        return tuple(b[names[i]] if i in names else a.value for i, a in enumerate(atom.args))
    listed = {row_of(b): b["answer"] for b in ex.bindings}
    for row in produced:
        assert row in listed or any(_within(row, k) for k in listed), (row, listed)
    for row, said in listed.items():
        if UNKNOWN in row:
            continue
        assert row in produced, (row, "listed, but no completion on the grid has it")
        assert (said == "true") == (row in every), (row, said)


def _within(row: tuple, listed: tuple) -> bool:
    """Whether a listed row with UNKNOWN values (an interval's) stands for `row`."""
    return UNKNOWN in listed and all(b is UNKNOWN or a == b for a, b in zip(row, listed))


def asked(rb, query: str = "amount(X, A)"):
    """The goal of a test program's rules, checked against its rule base."""
    from reasoner.law.queries import check_atom, resolve
    atom, _ = resolve(query)
    return check_atom(atom, rb.checked)
