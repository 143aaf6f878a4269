"""Semi-naive evaluation of one recursive stratum, shared by the batch engine (batch.py) and the
set session (setsession.py).

A stratum is a strongly connected component of the predicate dependency graph
(language/checks.py): its rules read each other only through positive literals, and read lower
strata (complete by now) through negation. Each copy is its own least fixpoint: the certain copy's
positive literals read certain copies, the possible copy's read possible copies, and a negation
reads the other copy of a lower stratum, so the two copies saturate independently in one loop.

Round 0 runs every rule body in full. Every later round runs, for each rule and each of its
positive literals that reads a relation of the stratum, a variant of the body plan in which that
literal reads only the rows that were new in the previous round (the delta) and every other literal
reads the whole relation. A body row over the final relations has a last-appearing recursive premise;
the variant reading that premise's delta, in the round after it appeared, produces it. So the union
of every round's body rows is exactly the body relation over the fixpoint (the proofs re-read it),
and every head row is derived. The loop stops when a round adds nothing.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TYPE_CHECKING, Any

from ..core.deadline import check as check_deadline
from ..language.ast import Key, Negative, Positive
from .compile import in_place_variants
from .plan import DELTA, Plan

if TYPE_CHECKING:
    from ..language.checks import CheckedProgram

class Unit:
    """One rule body in one copy: `plan_of()` gives its executable plan (`.plan`, the data plan;
    `.run(read, errors)`, body rows); `heads(rows)` the head rows they conclude in relation `target`;
    `make(plan)` an interpreter's executable form of a data plan (for the variants); `delta(plan,
    keys)` the compiler's semi-naive variants (compile.delta_variants), or None for in-place ones;
    `record(rows)` (optional) keeps the body rows."""

    def __init__(self, plan_of: Callable[[], Any], target: tuple, heads: Callable[[Any], Any],
                 make: Callable[[Plan], Any], delta: Callable[[Plan, Collection[tuple]], list | None],
                 record: Callable[[Any], None] | None = None) -> None:
        self.plan_of = plan_of      # () -> the executable plan (compiled on first use)
        self.target = target
        self.heads = heads
        self.make = make
        self.delta = delta
        self.record = record
        self._variants: list | None = None

    def variants(self, keys: Collection[tuple]) -> list:
        """[(stratum relation key, executable plan reading that literal's delta)], one per recursive literal."""
        if self._variants is None:
            plan = self.plan_of().plan
            # the compiler moves the delta literal to the front (compile.delta_variants)
            out = self.delta(plan, keys)
            if out is None:
                out = in_place_variants(plan, keys)
            self._variants = [(key, self.make(variant)) for key, variant in out]
        return self._variants


def saturate(units: list[Unit], keys: Iterable[tuple], read: Callable[[tuple], Any], relation: Callable[[tuple], Any],
             errors: Any, new_relation: Callable[[set], Any], budget: int | None = None) -> None:
    """Evaluate the stratum's units to their least fixpoint.

    keys: the relation keys ((pred, copy)) of the stratum; read(key): a relation, or an empty
    stand-in (never creates one); relation(key): the relation, created if needed; new_relation(rows):
    a relation holding rows (for the deltas); budget: the most rows a relation may hold (the row
    budget, the settings' rows), past which the unit's plan gives its error. Relations are grown
    with `add`, which keeps their indexes up to date."""
    keys = frozenset(keys)
    # facts the case itself gives for a predicate of the stratum take part like round-0 conclusions
    delta = {k: set(read(k).rows) for k in keys if read(k).rows}

    def conclude(unit: Unit, rows: Any, into: dict) -> None:
        if unit.record is not None:
            unit.record(rows)
        target = relation(unit.target)
        new = target.add(unit.heads(rows))
        if budget is not None and len(target.rows) > budget:
            raise unit.plan_of().too_many(len(target.rows), budget)
        if new:
            into.setdefault(unit.target, set()).update(new)

    for unit in units:
        check_deadline()
        out = unit.plan_of().run(read, errors, rows=budget)
        if out:
            conclude(unit, out, delta)
    # round 0's full plans indexed the stratum's relations for joins the variants may not make
    # (right recursion joins `path` in full only in round 0); an index kept up to date on every
    # new row is pure cost then: drop them, and the variants build the ones they use, once
    for key in keys:
        r = read(key)
        if r.rows and hasattr(r, "drop_indexes"):
            r.drop_indexes()
    while delta:
        check_deadline()
        deltas = {(DELTA,) + k: new_relation(rows) for k, rows in delta.items()}

        def read_delta(key: tuple, _deltas: dict = deltas) -> Any:
            r = _deltas.get(key)
            return r if r is not None else read(key)
        nxt: dict = {}
        for unit in units:
            for key, variant in unit.variants(keys):
                if key not in delta:
                    continue
                check_deadline()
                out = variant.run(read_delta, errors, rows=budget)
                if out:
                    conclude(unit, out, nxt)
        delta = nxt


def reads(checked: CheckedProgram, comp: Iterable[Key]) -> set:
    """Names of the relations a stratum's rules read (positively or under negation), its own
    predicates included (a case may give facts for them)."""
    out = {k[0] for k in comp}
    for key in comp:
        for rule in checked.derived.get(key, []):
            for lit in rule.body:
                if isinstance(lit, (Positive, Negative)):
                    out.add(lit.atom.pred)
    return out


def two_valued(names: Iterable[str], read: Callable[[tuple], Any]) -> bool:
    """Whether every relation read has equal certain and possible copies. Then the stratum's
    possible copy is its certain copy: no unknown value or unknown fact can reach it (comparisons,
    assignments and `_eq3` joins differ between the copies only on UNKNOWN, which lives only in
    possible rows), and a negation reads equal relations either way. Saturating the certain copy
    alone then halves the work of a two-valued case."""
    for name in names:
        certain, possible = read((name, "c")), read((name, "p"))
        if certain is not possible and certain.rows != possible.rows:
            return False
    return True


def share_possible(comp: Iterable[Key], relation: Callable[[tuple], Any]) -> None:
    """After a two-valued stratum: its possible copy is its certain copy."""
    for key in comp:
        certain = relation((key[0], "c")).rows
        if certain:
            relation((key[0], "p")).add(certain)
