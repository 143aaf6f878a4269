"""Ranks of recursive atoms, so that a proof of a recursive atom is finite and non-circular.

The rank of an atom of a recursive stratum (in the certain or the possible copy) is the round of
naive bottom-up evaluation in which it first appears: 0 for an atom concluded by a rule that reads
no predicate of its own stratum (or given as a fact by the case), else 1 + the largest rank among the
stratum premises of its best derivation. A proof justifies each recursive atom only by derivations
whose stratum premises all have a lower rank, so following premises always descends and ends.

Computed from the session's body relations (`r<i>__bc/bp`, engine/codes.py) over the final model,
so both engines give the same ranks and the same proofs.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.codes import cname
from ..language.ast import Const, Positive, Var
from ..core.values import UNKNOWN

if TYPE_CHECKING:
    from ..engine.codes import RuleCode, RuleCodes, ThreeValuedAnswers
    from ..language.ast import Key, Term

# a ground atom: (predicate name, its values); None for an open position
Ground = tuple[str, tuple[object, ...]]


class Ranks:
    def __init__(self, session: ThreeValuedAnswers, codes: RuleCodes) -> None:
        self.s = session
        self.codes = codes
        self.checked = codes.checked
        # (component, copy) -> {(pred, args): rank}
        self._ranks: dict[tuple[frozenset[Key], str], dict[Ground, int]] = {}

    def recursive(self, key: Key) -> bool:
        return key in getattr(self.checked, "recursive", ())

    def rank(self, pred: str, args: Sequence[object], copy: str) -> int | None:
        """The atom's rank, or None if it is not in the copy (or not of a recursive stratum)."""
        key = (pred, len(args))
        if not self.recursive(key):
            return None
        table = self._table(self.checked.component(key), copy)
        r = table.get((pred, tuple(args)))
        if r is not None or not any(a is UNKNOWN or a is None for a in args) and not self.checked.mu.get(key):
            return r
        # a possible-copy premise matched through an unknown value (or with open positions)
        best: int | None = None
        for (p, row), rank in table.items():
            if p == pred and len(row) == len(args) and all(
                    a is None or a is UNKNOWN or v is UNKNOWN or a == v for a, v in zip(args, row)):
                best = rank if best is None else min(best, rank)
        return best

    def descends(self, code: RuleCode, row: Sequence[object], copy: str, head_args: Sequence[object]) -> bool:
        """Whether the body row `row` (values of code.variables) of a rule concluding a recursive
        atom has all its premises of the same stratum ranked below that atom."""
        head_key = code.rule.head.key
        if not self.recursive(head_key):
            return True
        head_rank = self.rank(code.rule.head.pred, head_args, copy)
        if head_rank is None:
            return True
        comp = self.checked.component(head_key)
        env = dict(zip(code.variables, row))
        for pred, args in _premises(code, env, comp):
            r = self.rank(pred, args, copy)
            if r is None or r >= head_rank:
                return False
        return True

    def _table(self, comp: frozenset[Key], copy: str) -> dict[Ground, int]:
        table = self._ranks.get((comp, copy))
        if table is not None:
            return table
        derivations: list[tuple[Ground, frozenset[Ground]]] = []   # (head atom, frozenset of stratum premises)
        for key in sorted(comp):
            for code in self.codes.by_head.get(key, []):
                if not code.rule.body:
                    derivations.append(((key[0], _head(code, {})), frozenset()))
                    continue
                pattern: list[object] = [None] * len(code.variables) or [0]
                name = code.body_c if copy == "c" else code.body_p
                for row in self.s.rows(name, pattern):
                    env = dict(zip(code.variables, row)) if code.variables else {}
                    derivations.append(((key[0], _head(code, env)), frozenset(_premises(code, env, comp))))
        atoms: set[Ground] = set()
        for key in comp:
            for row in self.s.rows(cname(key[0], copy), [None] * key[1]):
                atoms.add((key[0], tuple(row)))
        by_pred: dict[str, list[Ground]] = {}
        for atom in atoms:
            by_pred.setdefault(atom[0], []).append(atom)

        def matching(premise: Ground) -> tuple[Ground, ...]:
            """The atoms a premise can stand for: itself, or (matched through an unknown value or
            an open position) every atom it matches."""
            if premise in atoms:
                return (premise,)
            pred, args = premise
            return tuple(a for a in by_pred.get(pred, ()) if all(
                x is None or x is UNKNOWN or v is UNKNOWN or x == v for x, v in zip(args, a[1])))
        waiting: list[int] = []
        by_atom: dict[Ground, list[tuple[int, int]]] = {}          # atom -> [(derivation, premise group)]
        frontier: set[Ground] = set()
        for i, (head, premises) in enumerate(derivations):
            waiting.append(len(premises))
            if not premises:
                frontier.add(head)
            for g, premise in enumerate(sorted(premises, key=repr)):
                for atom in matching(premise):
                    by_atom.setdefault(atom, []).append((i, g))
        derived_heads = {h for h, _ in derivations}
        # atoms of the stratum with no derivation here are facts the case gave: rank 0
        frontier |= atoms - derived_heads
        ranked: dict[Ground, int] = {}
        done: set[tuple[int, int]] = set()
        level = 0
        while frontier:
            for atom in frontier:
                ranked[atom] = level
            nxt: set[Ground] = set()
            for atom in frontier:
                for i, g in by_atom.get(atom, ()):
                    if (i, g) in done:
                        continue
                    done.add((i, g))
                    waiting[i] -= 1
                    if waiting[i] == 0:
                        head = derivations[i][0]
                        if head not in ranked:
                            nxt.add(head)
            frontier = nxt
            level += 1
        self._ranks[(comp, copy)] = ranked
        return ranked


def _value(term: Term, env: dict[str, object]) -> object:
    if isinstance(term, Const):
        return term.value
    return env.get(term.name)   # type: ignore[union-attr]  # a rule's argument: a constant or a variable


def _head(code: RuleCode, env: dict[str, object]) -> tuple[object, ...]:
    return tuple(_value(a, env) for a in code.rule.head.args)


def _premises(code: RuleCode, env: dict[str, object], comp: frozenset[Key]) -> list[Ground]:
    out: list[Ground] = []
    for lit in code.rule.body:
        if isinstance(lit, Positive) and lit.atom.key in comp:
            out.append((lit.atom.pred, tuple(_value(a, env) if not (isinstance(a, Var) and a.generated)
                                             else None for a in lit.atom.args)))
    return out
