"""A saved question "about each" entity of a kind answers every entity of that kind in the case.

A saved query declares the entity kind it is about (`subject: operation` in queries/lawful.yaml).
Its goal's variable of that kind (`lawful(O)`) is then read "for each operation", not "for some
operation": the answer covers every entity of the kind the case holds, none dropped
(docs/SEMANTICS.md, "Questions about each entity").

- A yes/no question (the subject is the goal's only variable: `lawful(O)`, `may_proceed(V)`): each
  entity gets its own answer, argued on its own. The overall verdict is FALSE when some entity's
  answer is FALSE, else UNDETERMINED when some entity's is open, else TRUE: the case is never called
  lawful while an operation in it is unlawful. When every entity's answer is TRUE, the answer is
  the one the goal gives (its proof shows each row).
- A question with more variables (`forfeiture(V, Min, Max)`, `violation(O, P)`): the rows found, as
  before (TRUE when some row is established), and each entity of the kind with no row is answered
  on its own ("no forfeiture follows ... for the gravel truck"), so that it is in the answer too.
  An entity whose rows are all open is answered on its own as well: where one of its rows holds in
  every world the case allows (a conviction of Dale counts, for (a) alone or for (a) and (b)
  joined, whether or not count 2 ended in a finding of guilt), it is TRUE, argued case by case, and
  its open rows are no longer said as open.

An atom the user writes (`lawful(O)`, `lawful(op2)`) keeps its meaning: a variable asks for the
values that make the atom hold. Only saved questions declare "each".
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING
from types import MappingProxyType

from ..core.record import replace
from ..language.ast import Atom, Const
from ..law.queries import variables
from .applicability import NOT_APPLICABLE
from .result import EachRow

if TYPE_CHECKING:
    from collections.abc import Iterable
    from ..facts.case import Case
    from ..language.checks import CheckedProgram
    from ..law.queries import SavedQuery
    from ..explain.builder import MissingInput
    from .result import Answer, Binding


ORDER = MappingProxyType({"false": 0, "undetermined": 1, "true": 2})


def each_subject(checked: CheckedProgram, atom: Atom, saved: SavedQuery | None) -> tuple[int, str, str] | None:
    """(position, variable, kind) of the goal's variable that a saved question is about, or None."""
    kind = getattr(saved, "subject", "") if saved is not None else ""
    if not kind:
        return None
    decl = checked.program.preds.get(atom.key)
    if decl is None:
        return None
    for i, name in variables(atom):
        if i < len(decl.params) and decl.params[i].type == kind:
            return i, name, kind
    return None


def subjects(case: Case, kind: str) -> list[str]:
    """The case's entities of the kind, in the order of the case file."""
    return [e for e, k in (getattr(case, "entities", None) or {}).items() if k == kind]


def ground(atom: Atom, position: int, entity: str) -> Atom:
    """The goal with the subject variable replaced by one entity (`lawful(op2)`)."""
    args = tuple(Const(entity) if j == position else a for j, a in enumerate(atom.args))
    return Atom(atom.pred, args, atom.loc)


def overall(answers: list[str]) -> str:
    """A yes/no question about each: FALSE if one is FALSE, else UNDETERMINED if one is open, else TRUE."""
    return min(answers, key=lambda a: ORDER.get(a, 1)) if answers else "false"


def entity_status(bindings: list[Binding], name: str, also: tuple[str, ...] = ()) -> dict[str, str]:
    """Entity id -> "true" (a row about it is established), "undetermined" (only open rows) or
    "false" (a row of its own says so: an answer about each already made). also: the goal's other
    variables of the same kind; a row names an entity there too (offenses_joined(A, B): the charge
    under par. (b) is joined as B)."""
    out: dict[str, str] = {}
    for b in bindings:
        said = str(b.get("answer"))   # "None" is in no ORDER, as None was not
        for e in dict.fromkeys(str(b.get(n)) for n in (name,) + tuple(also) if b.get(n) is not None):
            if e not in out or ORDER.get(said, 1) > ORDER.get(out[e], 1):
                out[e] = said if said in ORDER else "undetermined"
    return out


def same_kind(checked: CheckedProgram, atom: Atom, name: str, kind: str) -> tuple[str, ...]:
    """The goal's variables other than `name` whose declared type is the subject's kind."""
    decl = checked.program.preds.get(atom.key)
    if decl is None:
        return ()
    return tuple(n for i, n in variables(atom) if n != name and i < len(decl.params) and decl.params[i].type == kind)


def answer_each(one: Answer, ask_one: Callable[[Atom], Answer], checked: CheckedProgram, case: Case, atom: Atom,
                saved: SavedQuery | None) -> Answer:
    """The answer `one` to the goal, completed for every entity of the subject kind (module doc).
    ask_one(ground atom) answers the goal about one entity."""
    found = each_subject(checked, atom, saved)
    if found is None or one.answer == NOT_APPLICABLE:
        return one
    position, name, kind = found
    entities = subjects(case, kind)
    if len(entities) < 2:
        return one
    status = entity_status(one.bindings, name, same_kind(checked, atom, name, kind))
    yes_no = len(variables(atom)) == 1
    if yes_no:
        if all(status.get(e) == "true" for e in entities):   # the goal's proof shows each of them
            return replace(one, each=[_row(e, status.get(e, "false"), None, case) for e in entities])
        parts = [ask_one(ground(atom, position, e)) for e in entities]
        verdict = overall([p.answer for p in parts])
        deciding = next(p for p in parts if p.answer == verdict)
        missing = list(dict.fromkeys(m for p in parts for m in p.missing))
        inputs = _merged_inputs(p.missing_inputs for p in parts)
        bindings: list[Binding] = [{name: e, "answer": p.answer} for e, p in zip(entities, parts)]
        return replace(deciding, query=str(atom), answer=verdict, bindings=bindings, saved=saved,
                       missing=missing, missing_inputs=inputs,
                       missing_all=list(dict.fromkeys(m for p in parts for m in p.missing_all)),
                       exact=all(p.exact for p in parts),
                       exact_reason=next((p.exact_reason for p in parts if not p.exact), ""),
                       undetermined=[u for p in parts for u in p.undetermined],
                       each=[_row(e, p.answer, p, case, argued=True) for e, p in zip(entities, parts)], parts=parts,
                       _nx=None)
    absent = [e for e in entities if e not in status]
    alone = {e: ask_one(ground(atom, position, e)) for e in absent}
    # an entity whose rows are all open may still have one in every world the case allows (Dale's
    # conviction counts as (a) alone or as (a) and (b) joined): asked on its own, it is argued by cases
    settled: dict[str, Answer] = {}
    opened: dict[str, Answer] = {}   # asked on its own and still open: argued up to what decides it
    for e in entities:
        if status.get(e) == "undetermined":
            own = ask_one(ground(atom, position, e))
            if own.answer == "true":
                settled[e] = own
            elif own.answer == "undetermined":
                opened[e] = own
    alone.update(settled)
    kept = [u for u in one.undetermined if str((u.get("binding") or {}).get(name)) not in settled]
    rows = [_row(e, "true" if e in settled else status.get(e, "false"), alone.get(e), case,
                 by_cases=e in settled) for e in entities]
    for row in rows:
        if row["entity"] in opened:
            row["open_part"] = opened[row["entity"]]
    return replace(one, each=rows,
                   parts=list(alone.values()), undetermined=kept if settled else one.undetermined)


def _row(entity: str, answer: str, part: Answer | None, case: Case, argued: bool = False,
         by_cases: bool = False) -> EachRow:
    """One entity's row: its id, its name, its answer, its own Answer where it was answered on its
    own (part), whether its argument is part of the whole answer's (argued: a yes/no question
    whose entities' answers differ), and whether its rows are each open but one of them holds in
    every world the case allows (by_cases: its own answer argues it case by case)."""
    names = getattr(case, "names", None) or {}
    return {"entity": entity, "name": names.get(entity, entity), "answer": answer, "part": part, "argued": argued,
            "by_cases": by_cases}


def _merged_inputs(groups: Iterable[list[MissingInput]]) -> list[MissingInput]:
    out: list[MissingInput] = []
    seen: set[object] = set()
    for group in groups:
        for m in group:
            key = m.get("question")
            if key not in seen:
                seen.add(key)
                out.append(m)
    return out


def each_bindings(checked: CheckedProgram, case: Case, atom: Atom, saved: SavedQuery | None, answer: str,
                  bindings: list[Binding]) -> tuple[str, list[Binding]]:
    """(answer, bindings) of a question about each entity from the goal's rows alone, as batch
    reports them (one row per entity): a yes/no question gets a row for every entity of the kind
    (FALSE where the goal has none) and the overall verdict (module doc); a relation gets, after its
    rows, a FALSE row for each entity of the kind it has none for (its other values empty)."""
    found = each_subject(checked, atom, saved)
    if found is None or answer == NOT_APPLICABLE:
        return answer, bindings
    _, name, kind = found
    entities = subjects(case, kind)
    if len(entities) < 2:
        return answer, bindings
    status = entity_status(bindings, name, same_kind(checked, atom, name, kind))
    others = [n for _, n in variables(atom) if n != name]
    if not others:
        rows: list[Binding] = [{name: e, "answer": status.get(e, "false")} for e in entities]
        return overall([status.get(e, "false") for e in entities]), rows
    return answer, list(bindings) + [{name: e, "answer": "false"} for e in entities if e not in status]
