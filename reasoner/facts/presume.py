"""Presumptions (burden of proof) applied to a case's facts before evaluation.

The law declares, with `@presume`, the exceptions, provisos, exemptions and special regimes that
the statute leaves to the party who benefits to raise (docs/PRESUMPTIONS.md). An input the case
file does not mention at all is filled with its presumed value and remembered as presumed
(`Case.presumed`); a stated value always wins, and so does an input stated as `unknown` (the user
says it is open). Rules are never bent: only unstated inputs change, so both engines, batch and
the proof builder see the same rows. `--strict` (or REASONER_STRICT=1) turns presumptions off.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.record import replace
from ..core.settings import strict_mode  # noqa: F401  (the name facts/presume.py offered)
from ..core.values import UNKNOWN, show_value
from .rows import FactRow

if TYPE_CHECKING:
    from collections.abc import Collection
    from ..language.ast import Key, Presumption
    from ..language.checks import CheckedProgram
    from .loaded import Case


def by_key(checked: CheckedProgram) -> dict[Key, Presumption]:
    """(pred, arity) -> Presumption for the checked program (computed once per program)."""
    cache: dict[Key, Presumption] | None = checked.analysis.presumptions
    if cache is None:
        cache = {p.key: p for p in getattr(checked.program, "presumptions", [])}
        checked.analysis.presumptions = cache
    return cache


def apply(case: Case, checked: CheckedProgram, skip: Collection[tuple[str, object]] = frozenset(),
          strict: bool = False) -> Case:
    """Fill the case's unstated presumed inputs (in place); returns the case. skip: (pred, entity)
    pairs left unknown (`reasoner debug` tries an answer without one presumption); strict: no
    presumptions at all (the settings' strict: reasoner --strict, REASONER_STRICT,
    Settings(strict=True), passed by the caller)."""
    table = by_key(checked)
    if not table or strict:
        return case
    rows: list[FactRow] = []
    for row in case.rows:
        pr = table.get((row.pred, len(row.args))) if not row.known and not row.loc else None
        if pr is not None and (row.pred, row.args[0]) in skip:
            pr = None
        if pr is None:
            rows.append(row)
            continue
        entity = row.args[0]
        if pr.arity == 1:
            case.presumed[(row.pred, (entity,))] = pr
            if pr.value:
                rows.append(FactRow(row.pred, (entity,), True, "", row.attribute))
            # presumed false: no row (false is the absence of a known row)
        else:
            case.presumed[(row.pred, (entity, pr.value))] = pr
            rows.append(FactRow(row.pred, (entity, pr.value), True, "", row.attribute))
    case.rows = rows
    return case



def without(case: Case, pred: str, args: tuple[object, ...]) -> Case:
    """A copy of the case with the presumption of the fact pred(args) (a key of Case.presumed) taken
    back: the input unstated again, its row unknown, as apply(skip={(pred, entity)}) leaves it (what
    `reasoner debug` tries; the case is never read again, and need not have come from a file)."""
    entity = args[0]
    unknown = FactRow(pred, (entity,) if len(args) == 1 else (entity, UNKNOWN), False, "", pred)
    presumed_row = [row.pred == pred and row.args == args and row.known and not row.loc for row in case.rows]
    rows = [unknown if hit else row for row, hit in zip(case.rows, presumed_row)]
    if not any(presumed_row):
        rows.append(unknown)   # presumed false: apply() added no row (false is the absence of a known row)
    presumed = {k: p for k, p in case.presumed.items() if k != (pred, args)}
    return replace(case, rows=rows, presumed=presumed)

def applied(case: Case, checked: CheckedProgram, preds: Collection[str] | None = None) -> list[dict[str, str]]:
    """[{"fact", "citation", "reason"}] of the presumptions filled into this case, limited to the
    predicates in `preds` (those a question's rules read), in predicate and entity order. Without a
    proof (batch --verdicts-only) this is what the answer may rest on: each of them is read by the
    question's rules, though not every one need be reached in a particular proof."""
    out: list[dict[str, str]] = []
    for (pred, args), pr in sorted(case.presumed.items(), key=lambda kv: (kv[0][0], repr(kv[0][1]))):
        if preds is not None and pred not in preds:
            continue
        decl = checked.program.preds.get((pred, len(args)))
        types = [p.type for p in decl.params] if decl is not None else None
        out.append({"fact": describe(pr, args, types), "citation": pr.citation, "reason": pr.reason})
    return out


def describe(pr: Presumption, args: tuple[object, ...], types: list[str] | None = None) -> str:
    """The presumed fact as an atom: `not public_utility_function(op1)`, `axle_count(v1, 2)`."""
    ptype = types[1] if types and len(types) > 1 else None
    return pr.fact(show_value(args[0]), lambda v: show_value(v, ptype))


def node_label(pr: Presumption, fact: str) -> str:
    return f"presumed: {fact} (not raised in the case) — s. {pr.citation}: {pr.reason}"
