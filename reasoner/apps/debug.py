"""`reasoner debug CASE QUERY --expect VALUE`: what on the law's side would give the expected answer.

Legal debugging (after PROLEG's, Fungwacharakorn and Satoh): when a case comes out other than a
researcher expects, the smallest changes that would give the expected answer, each verified by
answering the question again with the change made:

- a presumption not applied: an input the case leaves unstated and the law presumes (burden of
  proof, docs/PRESUMPTIONS.md) is left unknown instead;
- another reading chosen: an alternative reading of a phrase the question depends on;
- a rule condition dropped: a condition that failed (or stayed open) in a rule of the proof is
  removed from that rule (for a false goal: a rule that would conclude it; for a true one: the rule
  of an exception that would defeat it);
- a fact the case would need: what-if's changes of the case's inputs (reasoner/whatif.py).

Each suggestion counts its changes (a what-if pair is two); they are ranked fewest first, then in
the order above (the law's side before the case's facts), then as found.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..answer.answering import answer_case
from ..core.errors import ReasonerError
from ..facts.case import load_case
from ..language.ast import Positive
from ..language.readings import chosen
from ..facts.presume import apply as apply_presumptions, strict_mode
from ..core.record import replace
from ..engine.rulebase import Rulebase
from ..answer.interpretation import phrases_for
from ..prose.debugging import sentence
from .whatif import what_if

KINDS = ("presumption", "reading", "condition", "fact")


@dataclass
class Suggestion:
    kind: str                # one of KINDS
    changes: int             # how many changes it takes
    citation: str            # the provision it concerns
    detail: dict             # what was changed (kind-specific, plain data)
    answer: object           # the Answer after the change (the verification)
    sentence: str = ""

    def as_dict(self) -> dict:
        return {"kind": self.kind, "changes": self.changes, "citation": self.citation,
                "sentence": self.sentence, "answer": self.answer.answer, "detail": self.detail,
                "cited": sorted(self.answer.cited)}


@dataclass
class Debugging:
    answer: object           # the answer now
    expected: str
    suggestions: list = field(default_factory=list)
    tried: int = 0

    @property
    def matches(self) -> bool:
        return self.answer.answer == self.expected


def debug(rb, case_source, atom, saved, expected, engine="sets", max_conditions=12, with_facts=True) -> Debugging:
    loaded = load_case(case_source, rb.checked)
    base = answer_case(rb, loaded, atom, saved, engine=engine)
    out = Debugging(base, expected)
    if base.answer == expected:
        return out
    found = []
    found += _presumptions(rb, case_source, loaded, atom, saved, base, expected, engine, out)
    found += _readings(rb, loaded, atom, saved, expected, engine, out)
    found += _conditions(rb, loaded, atom, saved, base, expected, engine, out, max_conditions)
    if with_facts:
        found += _facts(rb, loaded, atom, saved, base, expected, engine, out)
    order = {k: i for i, k in enumerate(KINDS)}
    found.sort(key=lambda s: (s.changes, order[s.kind]))
    for s in found:
        s.sentence = sentence(s, expected)
    out.suggestions = found
    return out


def _presumptions(rb, source, loaded, atom, saved, base, expected, engine, out) -> list:
    used = [p["fact"] for p in base.presumed]
    found = []
    for (pred, args), pr in sorted(loaded.presumed.items(), key=lambda kv: repr(kv[0])):
        entity = args[0]
        if not any(f"{pred}({entity}" in fact for fact in used):
            continue
        with strict_mode(True):
            case = load_case(source, rb.checked)
        apply_presumptions(case, rb.checked, skip={(pred, entity)})
        out.tried += 1
        answer = answer_case(rb, case, atom, saved, engine=engine)
        if answer.answer == expected:
            fact = next(f for f in used if f"{pred}({entity}" in f)
            found.append(Suggestion("presumption", 1, pr.citation,
                                    {"fact": fact, "input": pred, "entity": str(entity), "reason": pr.reason},
                                    answer))
    return found


def _readings(rb, loaded, atom, saved, expected, engine, out) -> list:
    use = chosen(rb.program, rb.readings)
    found = []
    for phrase in sorted(phrases_for(rb, atom.key)):
        ph = rb.program.phrases[phrase]
        for name, alt in ph.alternatives.items():
            if name == use.get(phrase):
                continue
            selection = [s for s in rb.readings if not s.startswith(phrase + ".")]
            if not alt.default:
                selection.append(f"{phrase}.{name}")
            other = rb.with_readings(selection)
            out.tried += 1
            answer = answer_case(other, loaded, atom, saved, engine=engine)
            if answer.answer == expected:
                found.append(Suggestion("reading", 1, ph.citation,
                                        {"reading": f"{phrase}.{name}", "text": ph.text, "reason": alt.reason},
                                        answer))
    return found


def _conditions(rb, loaded, atom, saved, base, expected, engine, out, limit) -> list:
    """Drop, one at a time, the condition that failed (or stayed open) in each rule of the proof."""
    by_id = {r.rule_id: r for r in rb.program.rules}
    candidates, seen = [], set()
    for nid in sorted(base.proof.nodes):
        d = base.proof.nodes[nid]
        if d.get("kind") != "rule" or d.get("status") == "true" or d.get("helper") or not d.get("provision"):
            continue
        rule = by_id.get(d.get("rule_id"))
        failed = d.get("failed")
        if rule is None or not failed:
            continue
        idx = _literal_index(rule, failed)
        if idx is None or (rule.rule_id, idx) in seen:
            continue
        rest = [lit for i, lit in enumerate(rule.body) if i != idx]
        if all(isinstance(lit, Positive) and rb.checked.base.get(lit.atom.key) == "entity" for lit in rest):
            continue   # without it the rule would hold for every entity of its kind: not a revision
        seen.add((rule.rule_id, idx))
        candidates.append((rule, idx))
    found = []
    for rule, idx in candidates[:limit]:
        dropped = replace(rule, body=[lit for i, lit in enumerate(rule.body) if i != idx])
        program = replace(rb.source, rules=[dropped if r is rule else r for r in rb.source.rules])
        try:
            other = Rulebase(program, rb.index, rb.require_provisions, rb.fact_preds, rb.readings)
        except ReasonerError:   # a rule without that condition may be unsafe: not a candidate
            continue
        out.tried += 1
        answer = answer_case(other, loaded, atom, saved, engine=engine)
        if answer.answer == expected:
            found.append(Suggestion("condition", 1, rule.provision or "",
                                    {"rule": rule.rule_id, "dropped": str(rule.body[idx]), "rule_text": str(rule),
                                     "location": str(rule.loc), "head": rule.head.pred},
                                    answer))
    return found


def _literal_index(rule, failed: str):
    want = " ".join(str(failed).split())
    for i, lit in enumerate(rule.body):
        if " ".join(str(lit).split()) == want:
            return i
    # the proof writes `_` where the checker named a fresh variable
    for i, lit in enumerate(rule.body):
        text = str(lit)
        if text.replace(" ", "") == want.replace(" ", ""):
            return i
    return None


def _facts(rb, loaded, atom, saved, base, expected, engine, out) -> list:
    result = what_if(rb, loaded, atom, saved, base=base, engine=engine, max_results=10)
    out.tried += result.tried
    found = []
    for flip in result.flips:
        if flip.answer.answer != expected:
            continue
        cites = sorted(flip.answer.cited) or sorted(base.cited)
        found.append(Suggestion("fact", len(flip.changes), cites[0] if cites else "",
                                {"changes": [c.as_dict() for c in flip.changes], "what_if": flip.sentence},
                                flip.answer))
    return found
