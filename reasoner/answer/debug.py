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
- an exception added: a rule that applied in the proof (the question's own, or a provision's that
  defeats it; never an exception's) gets an exception the law already makes elsewhere (a condition some other provision's rule states negatively, `not utility_exempt(O)`),
  one that holds in the case: the rule would then not apply to it. Only exceptions of one entity
  of the rule are tried, and only those the case establishes (certainly), so each reads as a revision a court or a drafter could make ("extend
  the utility exemption of s. 350.045 to s. 350.10(1)(g)");
- a fact the case would need: what-if's changes of the case's inputs (answer/whatif.py);
- two facts the case would need: when nothing above gives the expected answer, pairs of changes to
  the inputs the answer depends on (those in the proof, then those of the rules the question rests
  on that the proof never reached), with what-if's candidates and pair search, at most max_pairs
  judged and stopped in time to verify and report under the time limit. A pair is kept only when
  neither of its changes alone gives the expected answer, and is verified like every suggestion.
  When nothing works, the result lists the facts the answer depends on (Debugging.depends_on) and
  why the search stopped, so the report can say what to try next.

Each suggestion counts its changes (a what-if pair is two); they are ranked fewest first, then in
the order above (the law's side before the case's facts), then as found.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import os
import time
from dataclasses import dataclass, field

from ..law.index import statute_order
from ..core.deadline import check as check_deadline
from ..core.errors import EvaluationError, ReasonerError
from ..facts.case import Case as LoadedCase, load_case
from ..language.readings import chosen
from ..facts.presume import without as without_presumption
from ..core.record import replace
from ..core.settings import current
from ..core.values import UNKNOWN
from ..engine.rulebase import Rulebase
from .interpretation import cone, phrases_for
from ..prose.debugging import sentence
from ..prose.sentences import prose_for
from ..engine.setsession import SetSession
from ..language.ast import Atom, Negative, Positive, Var
from .whatif import (Change, Outcome, answer_change, pair_pool, entity_template, apply_changes, candidate_changes, dependent_inputs,
                     input_decl, possible, quick_answer, search_pairs, what_if)

if TYPE_CHECKING:
    from .result import Answer, AskedQuestion as Question, CaseSource
    from ..facts.case import Case
    from ..language.ast import Key, PredDecl, Rule
    from ..law.queries import SavedQuery

MAX_PAIRS = 400       # pairs of changes judged at most (`reasoner debug --max-pairs`)
PAIRS_SHOWN = 10      # verified pairs kept at most (the search stops once it has them)

KINDS = ("presumption", "reading", "condition", "exception", "fact")


@dataclass
class Suggestion:
    kind: str                # one of KINDS
    changes: int             # how many changes it takes
    citation: str            # the provision it concerns
    detail: dict[str, Any]   # what was changed (kind-specific, plain data)
    answer: Answer           # the Answer after the change (the verification)
    sentence: str = ""
    answer_changes: tuple[Change, ...] = ()   # a fact suggestion of the pair search: the what-if Changes made

    def as_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "changes": self.changes, "citation": self.citation,
                "sentence": self.sentence, "answer": self.answer.answer, "detail": self.detail,
                "cited": statute_order(self.answer.cited)}


@dataclass
class Debugging:
    answer: Answer           # the answer now
    expected: str
    suggestions: list[Suggestion] = field(default_factory=list)
    tried: int = 0
    source: str = ""                                  # the case file, for the next steps a report names
    asked: str = ""                                   # the query as asked (a saved query by its name)
    pairs: int = 0                                    # pairs of changes to the facts judged
    stopped: str = ""                                 # why the pair search stopped early: "budget", "time", "enough"
    max_pairs: int = MAX_PAIRS
    with_facts: bool = True
    depends_on: list[str] = field(default_factory=list)    # the facts the answer depends on (sentences), when the pairs were searched

    @property
    def matches(self) -> bool:
        return self.answer.answer == self.expected


def debug(q: Question, expected: str, max_conditions: int = 12, with_facts: bool = True, max_exceptions: int = 12,
          max_pairs: int = MAX_PAIRS) -> Debugging:
    """What would make Q's answer EXPECTED (`Question.debug`, `reasoner debug`): its case as read
    already (never read again), under the Question's settings (the engine too).
    max_pairs: the pairs of changes to the facts judged at most, when no single change works."""
    from ..core.settings import use
    with use(q.settings or current()):
        return _debug(q, expected, max_conditions, with_facts, max_exceptions, max_pairs)


def _debug(q: Question, expected: str, max_conditions: int, with_facts: bool, max_exceptions: int,
           max_pairs: int) -> Debugging:
    case_source, saved, atom = q.source, q.saved, q.atom
    base = q.answer(interpretation=False)
    out = Debugging(base, expected, source=str(case_source) if isinstance(case_source, (str, os.PathLike)) else "",
                    asked=saved.name if saved is not None else str(atom), max_pairs=max_pairs, with_facts=with_facts)
    if base.answer == expected:
        return out
    found = []
    found += _presumptions(q, base, expected, out)
    found += _readings(q, expected, out)
    found += _conditions(q, base, expected, out, max_conditions)
    found += _exceptions(q, base, expected, out, max_exceptions)
    if with_facts:
        found += _facts(q, base, expected, out)
        if not found:
            found += _pairs(q, base, expected, out, max_pairs)
    order = {k: i for i, k in enumerate(KINDS)}
    found.sort(key=lambda s: (s.changes, order[s.kind]))
    for s in found:
        s.sentence = sentence(s, expected)
    out.suggestions = found
    return out


def _presumptions(q: Question, base: Answer, expected: str,
                  out: Debugging) -> list[Suggestion]:
    rb, loaded, atom, saved = q.law, q.case, q.atom, q.saved
    used = [p["fact"] for p in base.presumed]
    found = []
    for (pred, args), pr in sorted(loaded.presumed.items(), key=lambda kv: repr(kv[0])):
        entity = args[0]
        if not any(f"{pred}({entity}" in fact for fact in used):
            continue
        # a copy of the case read already, this one presumption taken back (never read again: a
        # Question made by Question.about, or from a Case, has no file to read)
        case = without_presumption(loaded, pred, args)
        out.tried += 1
        answer = q.with_case(case).answer(interpretation=False)
        if answer.answer == expected:
            fact = next(f for f in used if f"{pred}({entity}" in f)
            found.append(Suggestion("presumption", 1, pr.citation,
                                    {"fact": fact, "input": pred, "entity": str(entity), "reason": pr.reason},
                                    answer))
    return found


def _readings(q: Question, expected: str,
              out: Debugging) -> list[Suggestion]:
    rb, loaded, atom, saved = q.law, q.case, q.atom, q.saved
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
            answer = q.with_law(other).answer(interpretation=False)
            if answer.answer == expected:
                found.append(Suggestion("reading", 1, ph.citation,
                                        {"reading": f"{phrase}.{name}", "text": ph.text, "reason": alt.reason},
                                        answer))
    return found


def _conditions(q: Question, base: Answer, expected: str,
                out: Debugging, limit: int) -> list[Suggestion]:
    """Drop, one at a time, the condition that failed (or stayed open) in each rule of the proof."""
    rb, loaded, atom, saved = q.law, q.case, q.atom, q.saved
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
        answer = q.with_law(other).answer(interpretation=False)
        if answer.answer == expected:
            found.append(Suggestion("condition", 1, rule.provision or "",
                                    {"rule": rule.rule_id, "dropped": str(rule.body[idx]), "rule_text": str(rule),
                                     "location": str(rule.loc), "head": rule.head.pred},
                                    answer))
    return found


def exception_predicates(rb: Rulebase) -> dict[Key, str]:
    """(name, 1) -> the provision of a rule that states it as an exception (`not p(X)` in its body),
    for every one-place derived predicate the law uses that way at least as often as a condition, in
    program order. An input stated negatively is a condition of its rule (`not at_night(O)`), and
    so is a predicate the law mostly requires (`overweight(V)`, negated once in `may_proceed`)."""
    out: dict[Key, str] = {}
    uses: dict[Key, int] = {}
    for rule in rb.program.rules:
        for lit in rule.body:
            atom = getattr(lit, "atom", None)
            if atom is None or atom.key not in rb.checked.derived:
                continue
            negative = isinstance(lit, Negative)
            uses[atom.key] = uses.get(atom.key, 0) + (1 if negative else -1)
            if negative and len(atom.args) == 1 and isinstance(atom.args[0], Var):
                out.setdefault(atom.key, rule.provision or "")
    return {k: v for k, v in out.items() if uses.get(k, 0) >= 0}


def _exceptions(q: Question, base: Answer, expected: str,
                out: Debugging, limit: int) -> list[Suggestion]:
    """Add to a rule that applied an exception the law states elsewhere and the case establishes."""
    rb, loaded, atom, saved = q.law, q.case, q.atom, q.saved
    by_id = {r.rule_id: r for r in rb.program.rules}
    excs = exception_predicates(rb)
    targets, seen = [], set()
    g = base.proof
    # the rules that decide against the expected answer: for an answer to be made false, those of
    # the question itself (under no negation); to be made true, those of the provisions that defeat
    # it (under one: lawful(O) :- ..., not violation(O, _)). An exception's own rules (under two)
    # are not revised this way: an exception to an exception turns a defence round.
    want = 0 if expected == "false" or (expected == "undetermined" and base.answer == "true") else 1
    depth = {g.graph["root"]: (0, 0)}   # nearest the question first: the rule that concludes, then its helpers
    todo = [g.graph["root"]]
    while todo:
        nid = todo.pop(0)
        steps, negations = depth[nid]
        flip = 1 if g.nodes[nid].get("kind") == "negation" else 0
        for c in g.successors(nid):
            if c not in depth:
                depth[c] = (steps + 1, negations + flip)
                todo.append(c)
    for nid in sorted(depth, key=lambda n: (depth[n], repr(n))):
        d = base.proof.nodes[nid]
        if d.get("kind") != "rule" or d.get("status") not in ("true", "undetermined") or d.get("helper") \
                or not d.get("provision") or depth[nid][1] != want:
            continue
        rule = by_id.get(d.get("rule_id"))
        if rule is None or rule.rule_id in seen:
            continue
        seen.add(rule.rule_id)
        targets.append((rule, d.get("bindings") or {}))
    if not targets or not excs:
        return []
    keys = sorted(excs)
    with SetSession(rb.set_engine(keys), loaded.rows, current().rows) as session:
        holds = {}
        for name, arity in keys:
            certain, _ = session.status(name, (None,) * arity)
            holds[(name, arity)] = {str(r[0]) for r in certain}
    words = prose_for(rb.program)
    candidates, said = [], set()
    for rule, bindings in targets:
        own = {lit.atom.key for lit in rule.body if isinstance(lit, Negative)}
        # what the rule rests on is no exception to it (`not overweight(V)` on a forfeiture rule), and
        # an exception already argued below it would turn round (lawful(O) "unless accompanied")
        below: set = set()
        for lit in rule.body:
            if getattr(lit, "atom", None) is not None and lit.atom.key in rb.checked.derived:
                below |= cone(rb.checked, lit.atom.key)
        own |= below
        own |= {lit.atom.key for key in below for r in rb.checked.derived.get(key, ())
                for lit in r.body if isinstance(lit, Negative)}
        for var in dict.fromkeys(a for a in rule.head.args if isinstance(a, Var)):
            value = bindings.get(var.name)
            if value is None:
                continue
            for key, where in excs.items():
                if key in own or key == rule.head.key or where == rule.provision:
                    continue
                certain = holds[key]
                if value in certain:
                    candidates.append((rule, var, key, where, value))
    found = []
    for rule, var, key, where, value in candidates:
        if (key, value) in said:   # said once, on the rule nearest the question that it would decide
            continue
        if limit <= 0:
            break
        limit -= 1
        literal = Negative(Atom(key[0], (var,)))
        added = replace(rule, body=list(rule.body) + [literal])
        program = replace(rb.source, rules=[added if r is rule else r for r in rb.source.rules])
        try:   # an exception that depends on the rule's own conclusion is a cycle: not a candidate
            other = Rulebase(program, rb.index, rb.require_provisions, rb.fact_preds, rb.readings)
        except ReasonerError:
            continue
        out.tried += 1
        answer = q.with_law(other).answer(interpretation=False)
        if answer.answer == expected:
            said.add((key, value))
            text = words.positive(key[0], (value,))
            found.append(Suggestion("exception", 1, rule.provision or "",
                                    {"rule": rule.rule_id, "added": str(literal), "exception": key[0],
                                     "exception_text": str(text) if text else f"{key[0]}({value})",
                                     "exception_citation": where, "entity": value, "head": rule.head.pred,
                                     "location": str(rule.loc)},
                                    answer))
    return found


def _literal_index(rule: Rule, failed: str) -> int | None:
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


def _facts(q: Question, base: Answer, expected: str,
           out: Debugging) -> list[Suggestion]:
    rb, loaded, atom, saved = q.law, q.case, q.atom, q.saved
    result = what_if(q, base=base, max_results=10)
    out.tried += result.tried
    found: list[Suggestion] = []
    for flip in result.flips:
        if flip.answer.answer != expected:
            continue
        cites = statute_order(flip.answer.cited) or statute_order(base.cited)
        found.append(Suggestion("fact", len(flip.changes), cites[0] if cites else "",
                                {"changes": [c.as_dict() for c in flip.changes], "what_if": flip.sentence},
                                flip.answer))
    return found


def _pairs(q: Question, base: Answer, expected: str,
           out: Debugging, max_pairs: int) -> list[Suggestion]:
    """Pairs of changes to the facts that give the expected answer (see the module's docstring)."""
    rb, loaded, atom, saved = q.law, q.case, q.atom, q.saved
    inputs = dependent_inputs(rb, loaded, atom, base)
    groups = [g for g in ([ch for ch in candidate_changes(rb, loaded, e, a, relevant=base.cited)
                           if possible(rb, loaded, [ch])] for e, a in inputs) if g]
    names = getattr(loaded, "names", None)
    # each input dependent_inputs gives is a declared input
    out.depends_on = [entity_template(cast("PredDecl", input_decl(rb.checked.program, a)), e, names) for e, a in inputs]
    # the answer is not the expected one here (debug returns before): a change that gives it changes the answer
    kind = cast(str, answer_change(base.answer, expected))
    found: list[tuple[Suggestion, float, int]] = []
    alone: dict[Change, bool] = {}
    slowest = [0.0]

    def gives(changes: list[Change]) -> bool:
        started = time.monotonic()
        answer = quick_answer(rb, apply_changes(loaded, changes), atom, saved=saved)
        slowest[0] = max(slowest[0], time.monotonic() - started)
        return answer == expected

    def verified(changes: list[Change]) -> Suggestion | None:
        changed = q.varied(changes)
        answer = changed.answer(interpretation=False)
        if answer.answer != expected:
            return None
        cites = statute_order(answer.cited) or statute_order(base.cited)
        outcome = Outcome(tuple(changes), answer, kind, base)
        s = Suggestion("fact", len(changes), cites[0] if cites else "",
                       {"changes": [c.as_dict() for c in changes], "what_if": outcome.sentence}, answer)
        s.answer_changes = tuple(changes)
        return s

    def single(ch: Change) -> bool:
        """ch alone gives the expected answer (an input the proof never reached): then it is a
        single change, said as one, and no pair with it is a pair."""
        if ch not in alone:
            out.tried += 1
            alone[ch] = gives([ch])
            if alone[ch]:
                s = verified([ch])
                alone[ch] = s is not None
                if s is not None:
                    found.append((s, ch.distance, 0))
        return alone[ch]

    def judge(a: Change, b: Change) -> Suggestion | None:
        if not gives([a, b]) or single(a) or single(b):
            return None
        s = verified([a, b])
        if s is not None:
            found.append((s, a.distance + b.distance, len(found)))
        return s

    def spare() -> bool:
        """Time left to judge one more pair, verify it and report (three of the slowest so far)."""
        if len(found) >= PAIRS_SHOWN:
            out.stopped = "enough"
            return False
        try:
            check_deadline(reserve=3 * slowest[0])
        except EvaluationError:
            out.stopped = "time"
            return False
        return True

    _, out.pairs, truncated = search_pairs([pair_pool(g, width=3) for g in groups], judge, max_pairs, spare)
    out.tried += out.pairs
    if truncated and not out.stopped:
        out.stopped = "budget"
    found.sort(key=lambda f: (f[0].changes, f[1], f[2]))
    kept: list[Suggestion] = []
    sides: set[frozenset[tuple[object, object]]] = set()
    for s, _, _ in found:   # a farther value on the same side of the same input, with the same partner: the same lesson
        side = frozenset(_side(c) for c in s.answer_changes)
        if side not in sides:
            sides.add(side)
            kept.append(s)
    return kept


def _side(ch: Change) -> tuple[object, object]:
    """What a change does to its input: the new word or truth value, or for a number which way it moves."""
    if ch.type == "boolean" or ch.old is UNKNOWN or not isinstance(ch.new, (int, float)) or isinstance(ch.new, bool):
        return (ch.key, repr(ch.new))
    return (ch.key, ch.new > ch.old)
