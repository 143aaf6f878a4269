"""A few whole completions of a case's unknown inputs, to settle an exact answer without splitting.

The split (engine/exact.py) is exact when every branch it opens is decided; it costs one evaluation
per branch and falls back to the three-valued answer past its budget. Before (batch) or after
(ask) it, a handful of *completions* (every splittable unknown input given one of its values, the
others, which cannot be split, left unknown) tell two things at the cost of one evaluation each:

- **A completion the three-valued engine leaves open means no split can finish.** The engine is
  monotone in what is known (a stated input only adds certain rows and removes possible ones), so
  a branch of the split that contains that completion, having fewer inputs stated, is open too;
  the split then ends with an open leaf (no input left to split) or past its budget, and the
  answer falls back either way. `probe` says so, and batch falls back without splitting.
- **Completions that reach both ends settle the answer.** Each completion's rows are rows of a real
  completion; the three-valued root's possible rows hold every row of every completion, its
  certain rows are in all of them. When the completions' rows together are exactly the root's
  possible rows, every candidate binding is reached; when the rows they all share are exactly the
  root's certain rows, no other binding is true in every completion: that is the exact answer,
  with no split (the answer is TRUE when the root has a certain row, UNDETERMINED when a completion
  has no row). Not when an input the goal's values come from stands for an interval (the split
  then reports such values as unknown), nor when a row has an unknown value.

The completions are chosen by the signs of the inputs in the goal's rules: all inputs at the value
that helps the goal hold (an input read only under an even number of `not`s: stated true; under an
odd number: false), all at the value that works against it, then a few mostly at the helping value and otherwise at random (fixed seed, so a
case gets the same completions in `ask` and `batch`).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..language.ast import Negative, Positive

COMPLETIONS = 8          # completions evaluated per open goal (bench/results.md: 6 to 12 tried)


@dataclass
class Probe:
    open: bool                # some completion is left undetermined: the split cannot finish
    settled: tuple | None     # (answer, bindings) when the completions settle the exact answer
    evaluations: int


def signs(checked, goal_key) -> dict:
    """Input predicate key -> {+1, -1}: the parities of the `not`s on the paths from the goal's
    rules to the literals that read it."""
    cache = checked.__dict__.setdefault("_probe_signs", {})
    out = cache.get(goal_key)
    if out is not None:
        return out
    seen, todo, out = set(), [(goal_key, 1)], {}
    while todo:
        key, sign = todo.pop()
        if (key, sign) in seen:
            continue
        seen.add((key, sign))
        rules = checked.derived.get(key)
        if not rules:
            out.setdefault(key, set()).add(sign)
            continue
        for rule in rules:
            for lit in rule.body:
                if isinstance(lit, Positive):
                    todo.append((lit.atom.key, sign))
                elif isinstance(lit, Negative):
                    todo.append((lit.atom.key, -sign))
    cache[goal_key] = out
    return out


def completions(checked, goal_key, cands, count=COMPLETIONS) -> list:
    """`count` completions of the splittable unknown inputs `cands`: [[(Unknown, Choice)]]."""
    sign = signs(checked, goal_key)
    rng = random.Random(len(cands))
    out = []
    for k in range(count):
        one = []
        for u in cands:
            s = sign.get((u.row.pred, len(u.row.args)), set())
            if u.decl.arity == 1 and len(s) == 1 and (k < 2 or rng.random() < 0.75):
                helps = (next(iter(s)) > 0) == (k != 1)
                one.append((u, u.choices[0] if helps else u.choices[-1]))
            else:
                one.append((u, u.choices[rng.randrange(len(u.choices))]))
        out.append(one)
    return out


def judge(atom, root, statuses, cands) -> Probe:
    """What the completions' (certain, possible) goal rows say, given the root's."""
    from .exact import combine
    n = len(statuses)
    if any(c != p for c, p in statuses):
        return Probe(True, None, n)
    if any(not c.point and u.taint for u in cands for c in u.choices):
        return Probe(False, None, n)
    reached = set().union(*(p for _, p in statuses)) if statuses else set()
    shared = set(statuses[0][0]).intersection(*(c for c, _ in statuses[1:])) if statuses else set()
    if reached != set(root[1]) or shared != set(root[0]):
        return Probe(False, None, n)
    if not root[0] and all(p for _, p in statuses):
        return Probe(False, None, n)   # every completion has a row, and none is certain: not settled
    # the completions' rows are the exact ones: shared = the root's certain rows, reached = its possible
    return Probe(False, combine(atom, list(statuses)), n)


def variants(rows, comp) -> list:
    """The case's rows with the completion's values (the rows of false / "none" values gone)."""
    from .exact import _live, assign
    for u, c in comp:
        rows = assign(rows, u, c)
    return _live(rows)


def probe_many(rb, atom, args, jobs) -> list:
    """A Probe per (loaded case, root status) of `jobs`, all the completions evaluated together on
    the set engine (one evaluation for many cases' goals)."""
    from .exact import Evaluator, unknowns
    ev = Evaluator(rb, atom, args, "sets")
    batch, spans, cand_lists = [], [], []
    for loaded, root in jobs:
        cands = [u for u in unknowns(rb, loaded, atom) if u.choices]
        comps = completions(rb.checked, atom.key, cands) if cands else []
        start = len(batch)
        batch.extend(variants(list(loaded.rows), comp) for comp in comps)
        spans.append((start, len(batch)))
        cand_lists.append(cands)
    statuses = ev.many(batch)
    out = []
    for (loaded, root), (a, b), cands in zip(jobs, spans, cand_lists):
        out.append(judge(atom, root, statuses[a:b], cands) if b > a else Probe(False, None, 0))
    return out
