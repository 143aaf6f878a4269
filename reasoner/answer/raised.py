"""What an exception the answer presumes not raised would change (trainer review 7, 07).

An exception, proviso or mitigating regime is for the party it benefits to raise (docs/PRESUMPTIONS.md);
a case silent on it has it presumed not so, and the amount found rests on that. When raising it would
lower an amount (s. 348.21(2)(b): an axle excess that can be reloaded is no forfeiture if reloaded, $50
if not, in place of the sub. (3) range), the answer says so beside the amount: the answer under the
exception raised, and what that answer then depends on.

The record is kept in the interpretation record (Answer.interpretation["raised"]):
    [{"input", "entity", "citation", "text": the exception raised, in the rule files' words,
      "rows": [{"text": the row in the rule files' words, "value": its money values, "answer"}],
      "if": {"text": the one yes/no fact the rows turn on, "yes": [row indexes], "no": [row indexes]}
            (only when one such fact splits them), "depends_on": [what else the rows turn on]}]
Only for an answer of a few rows about an amount (money), one answer per presumed input (every
entity's presumption of it raised at once), so that a case of many parties costs a few answers.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.record import replace
from ..facts.case import Case
from ..facts.presume import describe, without
from ..facts.rows import FactRow
from ..language.ast import Atom, Program, Var
from ..prose.sentences import prose_for
from .result import Answer

MAX_ROWS = 8          # past this many rows, no exception is tried (each try answers the case again)
MAX_INPUTS = 4        # presumed inputs tried, at most (one answer each, one more where one changes)
RAISED = "raised"     # the location of a fact stated by raising a presumption


def raise_presumed(case: Case, pred: str, entities: list[object]) -> Case:
    """The case with the presumption pred(e) taken back and stated true for each of entities."""
    for e in entities:
        case = without(case, pred, (e,))
    keys = {(e,) for e in entities}
    rows = [FactRow(r.pred, r.args, True, RAISED, r.attribute) if r.pred == pred and r.args in keys else r
            for r in case.rows]
    return replace(case, rows=rows)


def _key(b: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, repr(v)) for k, v in b.items() if k != "answer"))


def raised_exceptions(program: Program, loaded: Case, atom: Atom, answer: Answer,
                      answer_with: Callable[[Case, bool], Answer]) -> list[dict[str, Any]]:
    """The record above; answer_with(case, proof) answers the same question about another case."""
    types = dict(answer.types or {})
    money = [v for v, t in types.items() if t == "money"]
    who = next((v for v, t in types.items() if t != "money"), None)
    if answer.answer != "true" or not answer.bindings or len(answer.bindings) > MAX_ROWS or not money or who is None:
        return []
    relied = {d.get("fact") for d in answer.presumed}
    by_input: dict[str, list[tuple[object, Any]]] = {}
    for (pred, args), pr in sorted(loaded.presumed.items(), key=lambda kv: (kv[0][0], repr(kv[0][1]))):
        if pr.value is False and len(args) == 1 and describe(pr, args) in relied:
            by_input.setdefault(pred, []).append((args[0], pr))
    lowest: dict[str, int] = {}
    for b in answer.bindings:
        if b.get("answer") == "true":
            e = str(b.get(who))
            lowest[e] = min([lowest.get(e, 1 << 62)] + [int(str(b.get(m))) for m in money])
    mine = {_key(b) for b in answer.bindings}
    words = prose_for(program, loaded.names)
    out: list[dict[str, Any]] = []
    for pred, items in list(by_input.items())[:MAX_INPUTS]:
        case = raise_presumed(loaded, pred, [e for e, _ in items])
        theirs = answer_with(case, False)
        new = [b for b in theirs.bindings if _key(b) not in mine and b.get("answer") in ("true", "undetermined")]
        # only an exception that benefits the party who must raise it: every amount it brings is lower
        new = [b for b in new if str(b.get(who)) in lowest
               and all(int(str(b.get(m))) < lowest[str(b.get(who))] for m in money)]
        if not new:
            continue
        proved = answer_with(case, True)
        for entity, pr in items:
            rows = [b for b in new if str(b.get(who)) == str(entity)]
            if rows:
                out.append(_entry(proved, atom, pred, entity, pr.citation, rows, money, words, answer_with, case))
    return out


def _entry(proved: Answer, atom: Atom, pred: str, entity: object, citation: str, rows: list[dict[str, Any]],
           money: list[str], said: Any, answer_with: Callable[[Case, bool], Answer], case: Case) -> dict[str, Any]:
    fact = said.positive(pred, (entity,))
    shown = []
    for b in rows:
        args = tuple(b.get(a.name) if isinstance(a, Var) else getattr(a, "value", a) for a in atom.args)
        text = said.positive(atom.pred, args)
        shown.append({"text": str(text) if text is not None else "", "value": [int(str(b.get(m))) for m in money],
                      "answer": b.get("answer", "")})
    depends: list[str] = []
    booleans: list[tuple[str, tuple]] = []
    keys = {_key(b) for b in rows}
    for u in getattr(proved, "undetermined", None) or []:
        if _key(dict(u.get("binding") or {})) in keys:
            for m in u.get("missing") or []:
                if m not in depends:
                    depends.append(m)
    for m in getattr(proved, "missing_inputs", None) or []:   # the yes/no inputs of this entity left open
        p, e = m.get("pred"), m.get("entity")
        if p and str(e) == str(entity) and m.get("label") == f"{p}({e})" and (p, (entity,)) not in booleans:
            booleans.append((p, (entity,)))
    entry: dict[str, Any] = {"input": pred, "entity": str(entity), "citation": citation,
                             "text": str(fact) if fact is not None else pred, "rows": shown, "depends_on": depends}
    split = _split(case, booleans, rows, answer_with, said)
    if split:
        entry["if"] = split
    return entry


def _split(case: Case, booleans: list[tuple[str, tuple]], rows: list[dict[str, Any]],
           answer_with: Callable[[Case, bool], Answer], said: Any) -> dict[str, Any] | None:
    """The one yes/no input that sends the rows apart (reloaded: no forfeiture; not: $50), or None."""
    keys = [_key(b) for b in rows]
    for p, a in booleans[:2]:
        no_case = _unknown_to_false(case, p, a)
        yes = answer_with(replace(no_case, rows=list(no_case.rows) + [FactRow(p, a, True, RAISED, p)]), False)
        no = answer_with(no_case, False)
        got_yes = {_key(b) for b in yes.bindings if b.get("answer") in ("true", "undetermined")}
        got_no = {_key(b) for b in no.bindings if b.get("answer") in ("true", "undetermined")}
        on_yes = [i for i, k in enumerate(keys) if k in got_yes and k not in got_no]
        on_no = [i for i, k in enumerate(keys) if k in got_no and k not in got_yes]
        if on_yes and on_no and len(on_yes) + len(on_no) == len(keys):
            text = said.positive(p, a)
            return {"text": str(text) if text is not None else p, "yes": on_yes, "no": on_no}
    return None


def _unknown_to_false(case: Case, pred: str, args: tuple) -> Case:
    """The case with the unknown input pred(args) stated false (no known row: false)."""
    return replace(case, rows=[r for r in case.rows if not (r.pred == pred and r.args == args)])
