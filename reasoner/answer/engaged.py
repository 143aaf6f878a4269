"""The provisions a case's stated facts engage (docs/SEMANTICS.md, "Engaged provisions").

A report states what an officer saw and no more: a question about the whole chapter then turns on
dozens of facts nobody asked about (alcohol, age, equipment). The answer leads with the provisions
the stated facts engage and says the rest in one line.

A provision is **engaged** by a case when one of its rules reads, in its own body, an input the
case states for some entity: a fact stated true or false, or a value (not `unknown`, and not one
filled by a presumption; a fact implied by a stated one counts as stated). The inputs that only
name an entity or link two (`operation(O)`, `operator(O, P)`) engage nothing. A fact the answer
turns on is *of an engaged provision* when the provision that reads it is engaged, or is a
subdivision of one, or one of its subdivisions is.
"""
from __future__ import annotations

from typing import Any

from ..language.ast import Positive, Negative
from ..prose.answers import of_engaged as of_engaged   # the provision is engaged, within an engaged one, or holds one


def provision_inputs(checked: Any) -> dict[str, set[str]]:
    """Citation -> the input predicates its rules read in their own bodies (entity kinds and links
    between entities left out)."""
    prog = checked.program
    out: dict[str, set[str]] = {}
    for rule in prog.rules:
        if not rule.provision:
            continue
        for lit in rule.body:
            if not isinstance(lit, (Positive, Negative)):
                continue
            decl = prog.preds.get(lit.atom.key)
            if decl is None or not decl.is_input or lit.atom.pred in prog.entities:
                continue
            if len(decl.params) == 2 and decl.params[1].type in prog.entities:
                continue   # a link between two entities (operator(O, P)): no fact of a provision
            out.setdefault(rule.provision, set()).add(lit.atom.pred)
    return out


def stated_inputs(case: Any) -> set[str]:
    """The input predicates the case states for some entity (true, false or a value)."""
    unknown = {(r.pred, r.args[0]) for r in getattr(case, "rows", ()) if not r.known and r.loc and r.args}
    return {attr for (entity, attr), loc in (getattr(case, "attr_locs", None) or {}).items()
            if loc and attr != "name" and (attr, entity) not in unknown}


def engaged(checked: Any, case: Any, inputs: dict[str, set[str]] | None = None) -> list[str]:
    """The citations of the provisions the case's stated facts engage (module doc), sorted. inputs:
    provision_inputs(checked), when the caller keeps it (answering: once per law)."""
    stated = stated_inputs(case)
    return sorted(c for c, preds in (inputs if inputs is not None else provision_inputs(checked)).items()
                  if preds & stated)


def law_inputs(rb: Any) -> dict[str, set[str]]:
    """provision_inputs of the rulebase's law, worked out once and kept with the rulebase (read only)."""
    kept: dict[str, set[str]] | None = rb._engines.get("provision inputs")
    if kept is None:
        kept = rb._engines["provision inputs"] = provision_inputs(rb.checked)
    return kept

