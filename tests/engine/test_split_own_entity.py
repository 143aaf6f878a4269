"""An unknown number compared with a value the rules read about the same entity (`n(X, W), m(X, M),
W > M`, `est(X, G)` computed from X's own inputs) is split at that entity's values only: another
entity's value of `m`, unknown too, no longer refuses it (engine/exact/domains.py, _local); read
through a link, the other entities' unknown values follow it as a star (unknowns.py, _star). Checked
against brute force: every completion on a grid of values around every cut evaluated one by one;
the exact answer must be the answer over all of them, its true rows those every completion has,
and every row a completion has listed."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from reasoner.core.settings import current, use
from reasoner.engine.exact.split import Evaluator, exact_answer
from reasoner.engine.exact.unknowns import unknowns
from reasoner.facts.case import load_case
from reasoner.facts.rows import FactRow
from reasoner.law.queries import check_atom, pattern, resolve

VOCAB = '''@entity thing "a thing".
@entity link "a link".
@input n(X: thing, N: number) "the n of {X}".
@input m(X: thing, M: number) "the m of {X}".
@input e(X: thing, E: number) "the e of {X}".
@input joins(L: link, X: thing) "{L} joins {X}".
@input far(L: link, X: thing) "{L} reaches {X}".
'''

PROGRAMS = {
    "over": "over(X) :- n(X, W), m(X, M), W > M.\n",
    # through a value computed from the entity's own inputs (a sum, as the estimated gross weight)
    "est": ("est(X, G) :- m(X, M), e(X, E), G = M + E.\n"
            "over(X) :- n(X, W), est(X, G), W > G.\n"
            "over(X) :- n(X, W), W < 1.\n"),
    # and a value of another entity, reached through a link (every entity's value counts)
    "linked": ("over(X) :- n(X, W), m(X, M), W > M.\n"
               "over(X) :- n(X, W), joins(L, X), far(L, Y), m(Y, M), W < M - 1.\n"),
}
GRID = [Fraction(v, 2) for v in range(-2, 17)]     # -1 to 8 in halves: every cut and between


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _case(name):
    ents = {"t1": {"type": "thing", "n": "unknown", "m": 3, "e": 1},
            "t2": {"type": "thing", "n": 2, "m": "unknown", "e": 1},
            "t3": {"type": "thing", "n": 6, "m": "unknown", "e": 2}}
    if name == "linked":
        ents["l1"] = {"type": "link", "joins": "t1", "far": "t2"}
    return {"entities": ents}


def _completions(rb, loaded, atom):
    """{values: its goal rows} over the grid (every completion of the three unknown numbers)."""
    ev = Evaluator(rb, atom, pattern(atom), "sets")
    at = [i for i, r in enumerate(loaded.rows) if not r.known and r.pred in ("n", "m")]
    assert len(at) == 3
    variants, keys = [], []
    for values in itertools.product(GRID, repeat=len(at)):
        rows = list(loaded.rows)
        for i, v in zip(at, values):
            old = rows[i]
            rows[i] = FactRow(old.pred, (old.args[0], v if v.denominator != 1 else int(v)), True, old.loc,
                              old.attribute)
        variants.append(rows)
        keys.append(values)
    out = {}
    for key, (certain, possible) in zip(keys, ev.many(variants)):
        assert certain == possible
        out[key] = certain
    return out


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_own_entity_values_only_and_matches_every_completion(program, name):
    rb = program(VOCAB + PROGRAMS[name])
    loaded = load_case(_case(name), rb.checked)
    atom, _ = resolve("over(X)")
    atom = check_atom(atom, rb.checked)
    n1 = next(u for u in unknowns(rb, loaded, atom) if u.row.pred == "n")
    assert n1.choices, n1.why
    if name == "linked":
        # t2's m is read through the link, and t3's is unknown too: t1's n compared with both leads
        # them as a star (engine/exact/unknowns.py, _star), each m split after it
        ms = [u for u in unknowns(rb, loaded, atom) if u.row.pred == "m"]
        assert len(ms) == 2 and all(u.leader == n1.index for u in ms)
    else:
        assert {c.value for c in n1.choices if c.point} == ({3} if name == "over" else {1, 4})
    ex = exact_answer(rb, loaded, atom, pattern(atom), budget=5000, settle=False)
    assert ex.exact, ex.reason
    worlds = _completions(rb, loaded, atom)
    produced = set().union(*worlds.values())
    every = set.intersection(*(set(rows) for rows in worlds.values()))
    listed = {b["X"]: b["answer"] for b in ex.bindings}
    assert set(listed) == {row[0] for row in produced}
    assert {x for x, said in listed.items() if said == "true"} == {row[0] for row in every}
    assert ex.answer == ("true" if every else "undetermined")


def test_a_comparison_outside_the_goals_rules_cuts_nothing(program):
    """`m` is also compared with a value computed non-linearly from an unknown input (`est`, as the
    estimated gross weight of s. 348.19 (1) (b)), in a rule the goal does not read: that comparison
    decides nothing the question asks, and no longer refuses the split of `m`."""
    rb = program(VOCAB + PROGRAMS["over"] + "est(X, G) :- e(X, P), G = P * P.\n"
                 "side(X) :- est(X, G), m(X, M), G <= M.\n"
                 "goal(X) :- over(X).\n"
                 "both(X) :- over(X), side(X).\n")
    ents = {"t1": {"type": "thing", "n": "unknown", "m": "unknown", "e": "unknown"},
            "t2": {"type": "thing", "n": 2, "m": "unknown", "e": 1},
            "t3": {"type": "thing", "n": 6, "m": "unknown", "e": 2}}
    loaded = load_case({"entities": ents}, rb.checked)
    atom, _ = resolve("goal(X)")
    atom = check_atom(atom, rb.checked)
    ex = exact_answer(rb, loaded, atom, pattern(atom), budget=5000, settle=False)
    assert ex.exact, ex.reason
    at = [i for i, r in enumerate(loaded.rows) if not r.known and r.pred in ("n", "m")]
    ev = Evaluator(rb, atom, pattern(atom), "sets")
    variants = []
    for values in itertools.product(GRID[::2], repeat=len(at)):
        rows = list(loaded.rows)
        for i, v in zip(at, values):
            old = rows[i]
            rows[i] = FactRow(old.pred, (old.args[0], v if v.denominator != 1 else int(v)), True, old.loc,
                              old.attribute)
        variants.append(rows)
    worlds = [set(certain) for certain, _ in ev.many(variants)]
    produced, every = set().union(*worlds), set.intersection(*worlds)
    listed = {b["X"]: b["answer"] for b in ex.bindings}
    assert set(listed) == {row[0] for row in produced} == {"t1", "t2", "t3"}
    assert {x for x, said in listed.items() if said == "true"} == {row[0] for row in every} == set()
    assert ex.answer == "undetermined"
    # a goal that reads the comparison: m of t1 stays refused (est of t1 moves with e)
    both, _ = resolve("both(t1)")
    both = check_atom(both, rb.checked)
    refused = exact_answer(rb, loaded, both, pattern(both), budget=5000, settle=False)
    assert not refused.exact and "cannot be split exactly" in refused.reason
