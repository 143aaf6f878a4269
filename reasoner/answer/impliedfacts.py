"""The facts a stated one implies that take away what the argument would otherwise hold open
(trainer review 15, 06).

A case that states the cattle trailer was weighed implies its operator stopped and submitted it to
the weighing (the law's `@implies`, facts/constraints.py): the refusal to stop of s. 348.19(3) is
then never open, and the argument, which shows only what holds or is left open, no longer names it.
The trainee still reads the implied fact in the facts box, marked implied, with the line it follows
from and why: never a fact the answer silently rests on.

An implied fact is said beside the argument when a fact a line of the case states true implies it and a rule
concluding an atom the argument concludes or leaves open reads it, while the argument does not
show it.
Answer.implied: [{"text", "loc", "reason"}] (text: the fact in the rule files' words); [] when none.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..prose.sentences import prose_for

if TYPE_CHECKING:
    from .result import Answer, AskedQuestion


def implied_beside(q: AskedQuestion, answer: Answer) -> list[dict[str, str]]:
    """The record above."""
    case = q.case
    implied = getattr(case, "implied", None) or {}
    g = answer.proof
    if not implied or g is None:
        return []
    shown = {(str(d.get("pred")), tuple(str(a) for a in d.get("args") or ())) for _, d in g.nodes(data=True)
             if d.get("pred")}
    # the atoms the argument concludes or leaves open (never one it finds false on other facts: the
    # reloading a load that could not be reloaded never had, beside a forfeiture)
    heads = {str(d.get("pred")) for _, d in g.nodes(data=True)
             if d.get("pred") and d.get("kind") in ("atom", "goal") and d.get("status") in ("true", "undetermined")}
    program = q.law.checked.program
    read = {lit.atom.pred for r in program.rules if r.head.pred in heads
            for lit in r.body if getattr(lit, "atom", None) is not None}
    shown_preds = {p for p, _ in shown}
    words = prose_for(program, getattr(case, "names", None) or {})
    out: list[dict[str, str]] = []
    for (pred, entity), info in implied.items():
        if pred in shown_preds or pred not in read or not info.get("loc") \
                or str(info.get("because") or "").startswith("not "):
            continue   # shown by the argument itself, of no rule it shows, implied by no stated line, or
            # only the contrapositive of a fact stated false (the reload a load that could not be
            # reloaded never had: what the argument finds false already)
        value = info.get("value")
        said = words.positive(pred, (entity,)) if value is not False else words.negative(pred, (entity,))
        if said is None or not isinstance(value, bool):
            continue
        out.append({"text": str(said), "loc": str(info.get("loc") or ""), "reason": str(info.get("reason") or "")})
    return out
