"""Facts that cannot both hold, and facts that stated ones imply (the law's `@implies`).

The law declares, with `@implies [not] p(O) then [not] q(O) "reason".`, what the statute's words or
the physical world impose on the facts of one entity (docs/LANGUAGE.md, "Facts that go together"):
a ride on the main-traveled portion of a highway is not adjacent to the roadway; a ride adjacent to
the roadway is within the highway right-of-way. On a case, before the presumptions:

- two stated facts that break one are refused, with both lines and the reason (CaseError);
- a fact the case leaves unknown and a stated fact implies is filled in and remembered as implied
  (`Case.implied`): the answer shows it as implied ("implied by case file line 45: ..."), it is
  never asked for and never listed as missing; the contrapositive too (where the second side is
  stated false, the first is taken as false).

`broken(rows, ...)` is the same test on rows alone, for the worlds the exact split and what-if make
(a completion that breaks one is not a world the case can have); `forced(rows, ...)` lists what the
rows' known facts force on facts still unknown, so that a split that chooses one fact fills in what
it implies instead of splitting on it again.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.deadline import check as check_deadline
from ..core.errors import CaseError
from .rows import FactRow

if TYPE_CHECKING:
    from ..language.ast import Implication


class FactsConflict(CaseError):
    """Two facts of one entity that the law says cannot both hold."""


def implications(checked: Any) -> list[Implication]:
    return list(getattr(checked.program, "implications", None) or [])


def kind_of(checked: Any, lit: Any) -> str:
    decl = checked.program.preds.get(lit.key)
    return decl.params[0].type if decl is not None and decl.params else ""


def _index(rows: Any) -> dict:
    """(pred, entity) -> [rows], the case's rows of every input."""
    out: dict = {}
    for i, r in enumerate(rows):
        if r is not None and r.args:
            out.setdefault((r.pred, r.args[0]), []).append(i)
    return out


def truth(lit: Any, entity: str, rows: Any, index: dict) -> bool | None:
    """Whether the literal holds for the entity: True, False, or None (unknown). A true/false input
    with no row is false (the case states it false); a valued input with no known row is unknown."""
    found = [rows[i] for i in index.get((lit.pred, entity), ()) if rows[i] is not None
             and len(rows[i].args) == lit.arity]
    return truth_of(lit, found)


def truth_of(lit: Any, found: Any) -> bool | None:
    """Whether the literal holds over its rows for one entity (`truth`'s rule, rows already found)."""
    if lit.arity == 1:
        value: bool | None = False if not found else True if any(r.known for r in found) else None
    else:
        known = [r for r in found if r.known]
        value = None if not known else any(r.args[1] == lit.value for r in known)
    if value is None:
        return None
    return (not value) if lit.negated else value


def _subjects(case: Any, kind: str) -> list:
    return [e for e, k in (getattr(case, "entities", None) or {}).items() if k == kind]


def _where(case: Any, lit: Any, entity: str, rows: Any, index: dict) -> str:
    for i in index.get((lit.pred, entity), ()):
        r = rows[i]
        if r is not None and r.known and r.loc:
            return str(r.loc)
    implied = (getattr(case, "implied", None) or {}).get((lit.pred, entity))
    if implied:
        return str(implied["loc"])
    return str((getattr(case, "attr_locs", None) or {}).get((entity, lit.pred), ""))


def _line(loc: str) -> str:
    tail = loc.rsplit(":", 1)[-1]
    return f"line {tail}" if tail.isdigit() else (loc or "the case")


def _stated(lit: Any, entity: str, case: Any) -> str:
    """How the case states the literal's fact: 'adjacent_to_roadway: true'."""
    shown = (getattr(case, "attributes", None) or {}).get(entity, {}).get(lit.pred)
    return f"{lit.pred}: {shown}" if shown is not None else lit.text(entity)


def imply(case: Any, checked: Any) -> Any:
    """The case (in place) with every fact its stated facts imply filled in (Case.implied), or a
    FactsConflict naming the two facts that cannot both hold, their lines and the reason."""
    imps = implications(checked)
    if not imps:
        return case
    rows = case.rows
    index = _index(rows)
    implied = case.implied
    changed = True
    while changed:
        changed = False
        for imp in imps:
            check_deadline()   # reading the case is inside the command's time limit
            for e in _subjects(case, kind_of(checked, imp.first)):
                a = truth(imp.first, e, rows, index)
                b = truth(imp.then, e, rows, index)
                if a is True and b is False:
                    first, then = _where(case, imp.first, e, rows, index), _where(case, imp.then, e, rows, index)
                    raise FactsConflict(
                        f"{e}: {_stated(imp.first, e, case)} ({_line(first)}) and {_stated(imp.then, e, case)} "
                        f"({_line(then)}) cannot both hold: {imp.reason}",
                        location=then or first, hint="correct one of the two facts, or state the other as unknown")
                if a is True and b is None:
                    changed |= _fill(case, imp.then, e, imp, imp.first, rows, index)
                elif b is False and a is None:
                    changed |= _fill(case, imp.first, e, imp, imp.then, rows, index, contrary=True)
    case.rows = [r for r in rows if r is not None]
    case.implied = implied
    return case


def _fill(case: Any, lit: Any, entity: str, imp: Any, premise: Any, rows: list, index: dict,
          contrary: bool = False) -> bool:
    """Make the literal hold for the entity (want: the literal true; contrary: its negation, the
    contrapositive). False when a valued input cannot be filled by a negation."""
    holds = not contrary                  # the literal as it must be
    value = holds != lit.negated          # the input's atom: true or false
    if lit.arity == 2 and not value:
        return False                      # 'not highway_class(O, us)' names no value to fill
    where = _where(case, premise, entity, rows, index)
    slots = [i for i in index.get((lit.pred, entity), ()) if rows[i] is not None and len(rows[i].args) == lit.arity]
    attribute = rows[slots[0]].attribute if slots else lit.pred
    for i in slots:
        rows[i] = None
    if value:
        args = (entity,) if lit.arity == 1 else (entity, lit.value)
        rows.append(FactRow(lit.pred, args, True, where, attribute))
        index.setdefault((lit.pred, entity), []).append(len(rows) - 1)
    case.implied[(lit.pred, entity)] = {
        "value": value if lit.arity == 1 else lit.value, "loc": where, "reason": imp.reason,
        "because": premise.text(entity) if not contrary else ("not " + premise.text(entity)).replace("not not ", ""),
        "premise": (premise.pred, entity)}
    shown = ("true" if value else "false") if lit.arity == 1 else str(lit.value)
    case.attributes.setdefault(entity, {})[lit.pred] = shown
    case.attr_locs[(entity, lit.pred)] = where
    return True


def broken(checked: Any, case: Any, rows: Any) -> str:
    """The reason of the first implication the rows break for an entity of the case ('' when none):
    a world the exact split or what-if makes that no case can have."""
    imps = implications(checked)
    if not imps:
        return ""
    index = _index(rows)
    for imp in imps:
        for e in _subjects(case, kind_of(checked, imp.first)):
            if truth(imp.first, e, rows, index) is True and truth(imp.then, e, rows, index) is False:
                return imp.reason
    return ""


def forced(checked: Any, case: Any, rows: Any) -> list:
    """What the rows' known facts force on facts they leave unknown: [(literal, entity, holds,
    implication)], the literal to make hold (holds) or fail (not holds), by the implication whose
    other side the rows settle (forward: the first side holds; the contrapositive: the second fails)."""
    imps = implications(checked)
    if not imps:
        return []
    index = _index(rows)
    out = []
    for imp in imps:
        for e in _subjects(case, kind_of(checked, imp.first)):
            a = truth(imp.first, e, rows, index)
            b = truth(imp.then, e, rows, index)
            if a is True and b is None:
                out.append((imp.then, e, True, imp))
            elif b is False and a is None:
                out.append((imp.first, e, False, imp))
    return out


def live(checked: Any, case: Any, rows: Any) -> bool:
    """Whether some implication has both its facts unknown for an entity of the case: completions
    of the unknown facts may then break it (what a case states was settled when it was loaded)."""
    imps = implications(checked)
    if not imps:
        return False
    index = _index(rows)
    return any(truth(imp.first, e, rows, index) is None and truth(imp.then, e, rows, index) is None
               for imp in imps for e in _subjects(case, kind_of(checked, imp.first)))
