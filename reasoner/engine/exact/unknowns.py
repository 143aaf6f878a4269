"""The unknown inputs of a case that an exact answer splits on, the default budget of a split, and
how the leaves' statuses combine into an answer (shared by the split, split.py, and the probe, probe.py)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from dataclasses import dataclass

from ...core.values import UNKNOWN
from ...law.queries import variables
from .domains import domain_of

if TYPE_CHECKING:
    from ...facts.case import Case
    from ...language.ast import Atom
    from ..rulebase import Rulebase

# branch evaluations per answer. Measured: every split of a bundled case file that finishes
# within 20,000 needs at most 101 (bench/exact_budget.md); on 2 x 4,000 generated cases
# (seeds 1, 2) 150 left 475 + 442 open goals exact against 475 + 444 with 200, with half the split
# evaluations (a split that cannot finish costs its whole budget)
DEFAULT_BUDGET = 150


@dataclass
class Unknown:
    """One unknown input of the case: the row at `index` of the case's rows."""
    index: int
    row: Any
    decl: Any
    choices: tuple
    taint: frozenset          # goal positions whose values are computed from it
    why: str = ""             # why it cannot be split (no choices)
    nonlinear: bool = False   # a goal position gets a value computed from it non-linearly
    relevant: bool = False    # one of its values changes the answer at the root (look-ahead)

    @property
    def entity(self) -> str:
        entity: str = self.row.args[0]
        return entity


def unknowns(rb: Rulebase, loaded: Case, atom: Atom, order: Iterable = ()) -> list:
    """The case's unknown inputs the goal's rules can read, those named in `order` (attribute
    questions from the Kleene proof; the order is kept for callers, the split does not use it)."""
    used = rb.set_engine([atom.key]).program.base_used
    prog = rb.checked.program
    out = []
    for i, row in enumerate(loaded.rows):
        if row.known or (used is not None and row.pred not in used):
            continue
        decl = prog.preds.get((row.pred, len(row.args)))
        if decl is None or not decl.is_input:
            continue
        choices, flow = domain_of(rb.checked, decl, loaded.entities, loaded.rows)
        taint: frozenset = frozenset()
        nonlinear = False
        if flow is not None:
            taint = frozenset(pos for pred, arity, pos in flow.outputs
                              if (pred, arity) == atom.key)
            nonlinear = any((pred, arity) == atom.key for pred, arity, _ in flow.nonlinear)
        out.append(Unknown(i, row, decl, choices, taint, flow.why if flow is not None and not choices else "",
                           nonlinear))
    out.sort(key=lambda u: u.index)
    return out


def combine(atom: Atom, statuses: Iterable[tuple]) -> tuple:
    """(answer, bindings) over the leaves: a row is true if certain in every leaf, a candidate if
    possible in some; the answer is true if every leaf has a certain row, false if none has a
    possible row."""
    names = variables(atom)
    every = None
    some = set()
    for certain, possible in statuses:
        every = set(certain) if every is None else every & set(certain)
        some |= set(possible)
    every = every or set()
    bindings = []
    for row in sorted(some, key=repr):
        b = {name: row[i] for i, name in names}
        sure = row in every and not any(v is UNKNOWN for v in row)
        b["answer"] = "true" if sure else "undetermined"
        bindings.append(b)
    bindings.sort(key=lambda b: b["answer"] != "true")
    if statuses and all(c for c, _ in statuses):
        answer = "true"
    elif not some:
        answer = "false"
    else:
        answer = "undetermined"
    # one binding per distinct values of the query's variables (like api.verdict)
    seen, out = set(), []
    for b in bindings:
        key = tuple(repr(b[n]) for _, n in names)
        if key in seen:
            continue
        seen.add(key)
        out.append(b)
    return answer, out
