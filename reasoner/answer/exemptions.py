"""The exemptions the statute states in a subdivision of their own, and the provisions each reaches.

A subdivision that exempts from another (s. 350.10(2): "Subsection (1) (c) does not apply to a
person operating a snowmobile on land under the management and control of the person's immediate
family") is encoded as a rule of its own provision whose head the rules of the provisions it
exempts from read negatively:

    @provision "350.10(2)"      sign_rule_excepted(O) :- on_immediate_family_land(O).
    @provision "350.10(1)(c)"   sign_violation(O) :- ..., not sign_rule_excepted(O).

Read from the rules, never written per case: each input the exemption's rule reads in its body
(`on_immediate_family_land`) as its one condition, the exemption's citation ("350.10(2)") and the citations of the rules
that read it negatively ("350.10(1)(c)"). An exception stated in a provision's own words ("except
...", s. 350.10(1)(j)) is no exemption here: it plainly reaches only the provision that states it.

The argument (explain/argument.py _unreached) uses it when a case states such a fact true of a party
that violated a provision of the same section the exemption does not reach: a trainee asks whether
the family's land helps; the answer says it exempts only sub. (1)(c).
"""
from __future__ import annotations

from typing import Any

from ..language.ast import Negative, Positive


def exemption_map(checked: Any) -> list[dict[str, Any]]:
    """[{"fact": input predicate, "exception": citation, "defeats": [citations]}] in the order of
    the rule files (module doc). "defeats" is every provision any rule of the exemption's citation
    is read negatively by (s. 348.195(3)'s copy reaches subs. (1) and (2), by two facts)."""
    prog = checked.program
    by_head: dict[Any, list[Any]] = {}
    for rule in prog.rules:
        by_head.setdefault(rule.head.key, []).append(rule)
    reaches: dict[str, list[str]] = {}   # an exemption's citation -> the provisions it defeats
    facts: list[tuple[str, str]] = []    # (the one input of a rule of it, its citation)
    for rule in prog.rules:
        if not rule.provision:
            continue
        for lit in rule.body:
            if not isinstance(lit, Negative):
                continue
            for ex in by_head.get(lit.atom.key, ()):
                if not ex.provision or ex.provision == rule.provision:
                    continue   # an exception in the provision's own words
                defeats = reaches.setdefault(ex.provision, [])
                if rule.provision not in defeats:
                    defeats.append(rule.provision)
                if len(ex.body) != 1 or not isinstance(ex.body[0], Positive):
                    continue   # one condition of several is no exemption by itself
                decl = prog.preds.get(ex.body[0].atom.key)
                if decl is None or not decl.is_input or ex.body[0].atom.pred in prog.entities \
                        or len(decl.params) != 1:
                    continue   # a fact of one entity only (not a link, not a value)
                if (ex.body[0].atom.pred, ex.provision) not in facts:
                    facts.append((ex.body[0].atom.pred, ex.provision))
    return [{"fact": f, "exception": e, "defeats": reaches[e]} for f, e in facts]


def law_exemptions(rb: Any) -> list[dict[str, Any]]:
    """exemption_map of the rulebase's law, worked out once and kept with the rulebase (read only)."""
    kept: list[dict[str, Any]] | None = rb._engines.get("exemptions")
    if kept is None:
        kept = rb._engines["exemptions"] = exemption_map(rb.checked)
    return kept


def stated_exemptions(rb: Any, case: Any) -> list[dict[str, Any]]:
    """The facts the case states true (on a line of its file) that are the one condition of an
    exemption (exemption_map), each {"entity", "fact" (the sentence, names of the case), "loc",
    "exception", "defeats"}: the argument says under a violation of the same section that the
    exemption does not reach it (explain/argument.py _unreached). [] when the case states none."""
    from ..prose.sentences import case_prose   # lazy: only a case that states one
    out: list[dict[str, Any]] = []
    attributes = getattr(case, "attributes", None) or {}
    locs = getattr(case, "attr_locs", None) or {}
    prose = None
    for ex in law_exemptions(rb):
        for (entity, attr), loc in locs.items():
            if attr != ex["fact"] or not loc or str(attributes.get(entity, {}).get(attr, "")).lower() != "true":
                continue
            if prose is None:
                prose = case_prose(rb.checked.program, case)
            text = prose.positive(attr, (entity,))
            if text is None:
                continue
            out.append({"entity": entity, "fact": str(text), "loc": str(loc),
                        "exception": ex["exception"], "defeats": list(ex["defeats"])})
    return out
