"""What-if: the nearest changes to a case's inputs that change the answer.

Candidate changes, for the inputs that appear in the proof graph of the current answer (inputs the
law makes irrelevant to this answer are not offered):
- a stated boolean flipped; an unknown boolean stated true or false;
- for a numeric input (number, money, time, date), the values just across each threshold that the
  rules mentioning the input compare it with (a constant, or another input's stated value);
- the other words a symbol is tested against, the other entities a reference could name.
What a change does (Outcome.kind): "flip" (TRUE <-> FALSE), "settle" (an undetermined answer becomes
TRUE or FALSE), "value" (a value question finds another value under another provision or step), or
"unsettle" (a determined answer is no longer established: it would then depend on the facts the
changed answer lists). Single changes first; pairs only if no single change decides the answer
another way. The rulebase is compiled once; each candidate is evaluated on a copy of the case's
facts, under the command's time limit.

The result is a WhatIf: `nearest(n)` gives the n nearest Outcomes (fewest changes; then a change to
an input of the deciding provisions before another, and a value moved under the same provisions
last; then the smallest distance), each with its sentence (prose/whatif.py), the changed Answer, the
provisions gained and lost (provision_changes: only those whose status differs between the two
arguments) and the facts it would depend on; render/whatif.py lays the text out, the handouts read
the same list.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Sequence, TypeVar, cast

import itertools
from fractions import Fraction
import re
from dataclasses import dataclass, field
from types import MappingProxyType

from ..engine.choice import open_session
from .result import Answer, AskedQuestion as Question, verdict
from .each import ORDER, each_bindings, each_subject, ground
from ..facts.constraints import broken
from ..law.index import statute_order
from ..core.deadline import check as check_deadline
from ..core.errors import ReasonerError
from ..core.record import replace
from ..core.settings import current
from ..core.values import UNKNOWN, Day, TimeOfDay, show_value
from ..engine.exact.openvalues import settle, status
from ..facts.case import Case, role_apart_from
from ..facts.rows import FactRow
from ..language import arith
from ..language.ast import CONFLICT_PRED, is_conflict_pred, Assign, Atom, BinOp, Compare, Const, Negative, Positive, Var, term_vars
from ..law.queries import pattern, variables
from .interpretation import cone
from ..prose import prose_for
from ..prose.sentences import case_related, entity_text, kind_members, named_in, sole_place_dropped
from ..prose.answers import answer_heads
from ..prose.whatif import (EachFound, within_provision, grouped, amount_phrase, change_clause, counterfactual, crossing,
                            cleared_own, each_sentence, had_value, handout_lead, handout_sentence, outcome_sentence, parties_then,
                            search_summary, shown_unit, stepped, was_presumed, was_said, with_unit, word)
from ..explain.builder import fmt_atom
from ..render.figure import proof_order
from .whatif_carry import carried

if TYPE_CHECKING:
    import networkx
    from .each import EachRow
    from ..engine.rulebase import Rulebase
    from ..explain.argument import Argument, Element, Exception_
    from ..language.ast import Param, PredDecl, Program, Rule, Term
    from ..law.queries import SavedQuery

V = TypeVar("V")   # what search_pairs's judge says of a pair

# an input of the case: (entity, attribute)
InputKey = tuple[str, str]
# an input a node of the proof reads: (entity, attribute), the entity None where the node does not name one
NodeInput = tuple["str | None", str]
# a value of the case (True / False / UNKNOWN, a number, an amount, a time, a date, a word, an entity);
# numbers, amounts, times and dates are compared and subtracted, so it is not narrowed further
Value = Any
NUMERIC = ("number", "money", "time", "date")
WHATIF_LOC = "what-if change"
STATUS_WORD = MappingProxyType({"true": "TRUE", "false": "FALSE", "undetermined": "UNDETERMINED", "not_applicable": "NOT APPLICABLE"})


_VALUE_SLOT = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")   # the value's place in an input's sentence ('{D}')


@dataclass(frozen=True)
class Change:
    entity: str
    attribute: str
    old: Any          # True / False / UNKNOWN / a value (or a tuple of values)
    new: Any          # True / False / a value
    type: str            # "boolean" or the declared value type
    template: str        # the vocabulary sentence for this entity (statement or noun phrase)
    note: str = ""       # a computed amount the change carries across a threshold (prose.whatif.crossing)
    step: bool = False   # the change moves a stepped amount (an increment) to its next step
    presumed: str = ""   # the citation of the presumption that filled the old value (burden of proof)
    unit: str = ""       # the unit the @input declares for a number (mph, feet, pounds)
    phrases: tuple = ()  # the phrases the @input declares for the words of a closed set ((word, phrase), ...)
    stated: str = ""     # what the case states now, as a sentence (a true/false input: its @negative when false)
    clears: bool = False  # it carries a computed amount across 0 (the excess over the limit): the offence itself
    #                       falls away, which a trainee knows already (ranked after a change inside the law)
    crossed: tuple = ()  # the note's crossing: (noun, amount, boundary, provisions, kind, of_what), its provisions
    #                      narrowed, once the change is tried, to those the changed answer moves between
    twin: bool = False   # the word another entity of the kind with the same references has (_twin_words)

    @property
    def key(self) -> InputKey:
        return (self.entity, self.attribute)

    def show(self, value: Value) -> str:
        if value is UNKNOWN:
            return "unknown"
        if isinstance(value, tuple):
            return ", ".join(self.show(v) for v in value)
        if self.type == "boolean":
            return "true" if value else "false"
        return str(show_value(value, self.type))

    def said(self, value: Value) -> str:
        """The value in a sentence: whole numbers grouped as the statute writes them (83,500), with
        the declared unit ("10 mph"), a word of a closed set in words."""
        if self.type == "number" and value is not UNKNOWN and not isinstance(value, (bool, tuple)):
            return with_unit(grouped(value), shown_unit(self.template, self.unit))
        if isinstance(value, str) and value in dict(self.phrases):
            return str(dict(self.phrases)[value])   # 'a multiple trip permit (s. 348.27)', not 'multiple_trip'
        if self.type == "symbol" and isinstance(value, str):
            return word(value)
        return self.show(value)

    def clause(self) -> str:
        """'the use of the snowmobile trail in op1 had not been approved by the department of
        transportation (the case says it was so)', 'the speed ... had been 10 mph instead of 25 mph'."""
        if self.type == "boolean":
            text = counterfactual(self.template, bool(self.new))
            was = was_said(None if self.old is UNKNOWN else bool(self.old), stated=self.stated)
        elif _VALUE_SLOT.search(self.template):
            # a sentence that holds the value ('{C} ended in {D}'): the sentence with the new value,
            # moved into the past ('the log prior had ended in a court judgment instead of a dismissal'),
            # never the slot left in the words ('the log prior ended in {D} had been', review 7, 11)
            text = counterfactual(_VALUE_SLOT.sub(lambda _: self.said(self.new), self.template, count=1), True)
            was = was_said(None, None if self.old is UNKNOWN else self.said(self.old))
        else:
            text = had_value(self.template, self.said(self.new), shown_unit(self.template, self.unit))
            was = was_said(None, None if self.old is UNKNOWN else self.said(self.old))
        if self.presumed:   # the old value was presumed (burden of proof), and the clause says so
            was = was_presumed(bool(self.old) if self.type == "boolean" else None,
                               None if self.type == "boolean" else self.said(self.old), self.presumed)
        return change_clause(text, was, self.note)

    @property
    def distance(self) -> float:
        """How far the change moves the input, 0 to 1, for ranking (nearest first): a number or an
        amount by the fraction of its value now (at most 1), a time by the fraction of a day (the
        shorter way round the clock), a date by the fraction of a year; stating an unknown input,
        flipping a true/false one or naming another word or entity counts 1."""
        old, new = self.old, self.new
        if old is UNKNOWN or self.type not in NUMERIC or isinstance(old, (tuple, bool)) or isinstance(new, bool):
            return 1.0
        gap = abs(new - old)
        if self.type == "time":
            return float(min(gap, 24 * 60 - gap) / (24 * 60))
        if self.type == "date":
            return float(min(gap / 365, 1.0))
        return float(min(gap / max(abs(int(old)), 1), 1.0))

    def case_value(self) -> object:
        """The new value as written in a case file."""
        return case_value(self.new, self.type)

    def as_dict(self) -> dict[str, Any]:
        return {"entity": self.entity, "attribute": self.attribute,
                "from": None if self.old is UNKNOWN else self.show(self.old),
                "to": self.show(self.new), "sentence": self.clause()}


@dataclass
class Outcome:
    """One set of changes and what it does to the answer. kind: "flip" (a determined answer turns
    to the other one), "settle" (an undetermined answer becomes TRUE or FALSE), "value" (a value
    question finds another value, under another provision or step) or "unsettle" (the answer is no
    longer established: it would then depend on the facts answer.missing lists)."""
    changes: tuple[Change, ...]
    answer: Answer
    kind: str = "flip"
    base: Answer | None = None     # the answer now (an "unsettle" sentence says what it loses)
    order: int = 0                 # the changed input's place in the proof (ties of distance)
    gained: list[str] = field(default_factory=list)   # provisions that would apply and do not now (provision_changes)
    lost: list[str] = field(default_factory=list)     # provisions that apply now and would not
    tier: int = 0                  # 0: it changes an input of the deciding provisions; 1: another input;
    #                                2: a value moved under the same provisions (ranked last)
    moved: list[EachRow] = field(default_factory=list)    # kind "each": [EachRow] of the entities whose own answer it
    #                                              changes (the row of the changed answer, its part their own)

    @property
    def sentence(self) -> str:
        if self.kind == "each":
            return each_sentence([c.clause() for c in self.changes], self.moved, self.answer, self.base)
        return outcome_sentence([c.clause() for c in self.changes], self.kind, self.answer, self.base)

    @property
    def handout_sentence(self) -> str:
        """The sentence a trainee's handout prints: short, the answer left undetermined said as such
        with at most its one deciding fact (prose/whatif.py handout_sentence)."""
        return handout_sentence([c.clause() for c in self.changes], self.kind, self.answer, self.base, self.moved,
                                self.lost)

    @property
    def distance(self) -> float:
        return float(sum(c.distance for c in self.changes))

    @property
    def depends_on(self) -> list[str]:
        return list(self.answer.missing) if self.answer.answer == "undetermined" else []

    def as_dict(self, proof: object = None) -> dict[str, Any]:
        out = {"outcome": self.kind, "changes": [c.as_dict() for c in self.changes], "answer": self.answer.answer,
               "sentence": self.sentence, "cited": statute_order(self.answer.cited), "gained": self.gained,
               "lost": self.lost, "depends_on": self.depends_on, "presumed": self.answer.presumed,
               "distance": round(float(self.distance), 4)}
        if self.kind == "each":   # the answer stays; these entities' own answers change
            out["entities"] = [{"entity": r["entity"], "name": r["name"], "answer": r["answer"]} for r in self.moved]
        if proof is not None:
            out["proof"] = proof
        return out


@dataclass
class WhatIf:
    base: Answer
    outcomes: list[Outcome] = field(default_factory=list)      # nearest first (fewest changes, smallest distance)
    candidates: list[Change] = field(default_factory=list)    # the single changes considered
    tried: int = 0                                    # evaluations made
    searched: str = "single"                          # "single" or "pairs"
    truncated: bool = False                           # pairs left untried (limit reached)
    counts: dict[tuple[int, str], int] = field(default_factory=dict)   # {(number of changes, kind): found (before the limit)}
    merged: int = 0                                   # changes left out: the same lesson as a nearer one shown
    each: dict[tuple[int, str, bool], int] = field(default_factory=dict)   # a yes/no question about each entity whose answer stays:
    #                                                   {(number of changes, the entity's new answer, one entity?): found}
    subject: str = ""                                 # the kind of entity a question about each is about

    @property
    def found(self) -> int:
        return sum(self.counts.values())

    @property
    def flips(self) -> list[Outcome]:
        """The outcomes that decide the answer another way (every kind but "unsettle", and "each":
        one entity's own answer changes, the answer stays)."""
        return [o for o in self.outcomes if o.kind not in ("unsettle", "each")]

    def nearest(self, n: int | None = None, settled_first: bool = False) -> list[Outcome]:
        """The n nearest outcomes, every kind (what a handout's what-if section lists). settled_first
        (a trainee's handout): of outcomes as near as each other, those whose changed answer is
        settled come before one left to facts the case does not give (its line lists every answer
        it could be): the nearer stays first."""
        # a change that makes an entity a second of another (count 2 under par. (a), count 1 of the same
        # person and ride being under par. (a)) with an answer established on it: a conclusion on a case
        # the excerpt may not speak to ('one conviction ... under par. (a) alone': trainer review 16, 01).
        # One whose answer is that the provision no longer reaches the case stays (joinder needs both
        # pars. (a) and (b): the facts then do not show the offenses shall be joined)
        ordered = [o for o in self.outcomes if not (o.answer.answer == "true" and any(c.twin for c in o.changes))]
        if settled_first:
            # a trainee's list leaves out a change of a fact the case leaves open whose every value the
            # answer argues already ('If Dale Peters had not been found guilty on count 2 (the case does
            # not say)' repeats a branch of the answer: trainer review 16, 01)
            argued = _argued_both_ways(self.base)
            ordered = [o for o in ordered if not all(c.old is UNKNOWN and (c.entity, c.attribute) in argued
                                                     for c in o.changes)] or ordered
            # a trainee's list leaves out a change that only takes the case outside a provision's reach
            # (tier 1: 'if the ride had not been adjacent to the roadway, it would be lawful' reads as
            # 'riding on the roadway is lawful', a rule the argument never checked), while any other remains
            ordered = [o for o in ordered if o.tier != 1] or ordered
            # nor, beside a change that moves the answer to another provision, one that only moves a
            # value under the same provisions ('if the weight had been 82,499 lb instead of 82,500 lb',
            # 20 cents less, the next bracket far off: trainer review 9); alone, it stays
            ordered = [o for o in ordered if o.tier != 3] or ordered
   # within each run of equally near outcomes (the search's order kept otherwise)
            runs: list[list[Outcome]] = []
            for o in ordered:
                if runs and (len(o.changes), o.distance) == (len(runs[-1][0].changes), runs[-1][0].distance):
                    runs[-1].append(o)
                else:
                    runs.append([o])
            ordered = [o for run in runs for o in sorted(run, key=lambda o: bool(o.answer.missing))]
            # a change that leaves the answer open on the same fact as a nearer one teaches nothing
            # more ('undetermined, turning on whether the officer directed the truck to a scale'
            # twice: review 6, 06): the nearer one is kept
            turning: set[str] = set()
            kept = []
            for o in ordered:
                said = o.handout_sentence if o.kind == "unsettle" else ""   # a line that says the party's own
                #                                  outcome (a ride cleared) is its own lesson, never merged
                first = said.rpartition(", turning on ")[2] if ", turning on " in said else None
                if first is not None and first in turning:
                    continue
                if first is not None:
                    turning.add(first)
                kept.append(o)
            ordered = _one_per_lesson(kept)
        return list(ordered if n is None else ordered[:n])

    def lead(self, shown: int | None = None) -> str:
        """The what-if section's opening for a trainee handout (prose/whatif.py handout_lead)."""
        count = len(self.outcomes) if shown is None else min(shown, len(self.outcomes))
        listed = self.nearest(count, settled_first=True)
        count = len(listed)   # the lines listed, fewer where some are left out (WhatIf.nearest)
        counts, each, cleared = self._by_party(listed)
        # the lead says what the changes listed do, each kind it names true of one listed at least
        # ('some would leave it undecided' over a list none of which does: trainer review 12, 07);
        # the kinds found and not listed only make the list 'the nearest'
        kinds = {(len(o.changes), o.kind) for o in listed}
        unlisted = sum(n for k, n in counts.items() if k not in kinds)
        counts = {k: n for k, n in counts.items() if k in kinds}
        # an amount found (cents, pounds) is a number in the answer's rows; a list of violations has none
        amounts = any(isinstance(v, int) and not isinstance(v, bool)
                      for row in getattr(self.base, "bindings", None) or [] for v in row.values())
        # one party in the answer (one row, no party argued on its own): clearing it changes the answer
        one_party = len(getattr(self.base, "bindings", None) or []) <= 1 and len(getattr(self.base, "each", None) or []) <= 1
        return handout_lead(counts, count, self.searched, bool(self.candidates), self.truncated,
                            self.base.answer, self.merged + unlisted, each, cleared, amounts, one_party)

    def _by_party(self, listed: list[Outcome]) -> tuple[dict[tuple[int, str], int], EachFound | None, dict[int, int]]:
        """The counts a handout's lead says, with the changes whose line gives the changed party's own
        result (prose/whatif.py parties_then) counted as that party's change, not as leaving the whole
        answer undecided (handout 08: 'would leave the answer undecided' over lines that each make one
        ride lawful): a ride made lawful joins the changes of one entity's own answer; a violation
        cleared (a question about violations or amounts) is counted in `cleared` {number of changes: n}."""
        counts = dict(self.counts)
        # the changes of one entity's own answer the lines listed make, never those found and not listed
        # ('would make one vehicle's answer yes' over lines none of which does: trainer review 16, G4)
        each: dict[tuple[int, str, bool], int] = {}
        for o in listed:
            if o.kind == "each" and o.moved:
                key = (len(o.changes), str(o.moved[0]["answer"]), len(o.moved) == 1)
                each[key] = each.get(key, 0) + 1
        cleared: dict[int, int] = {}
        for o in listed:
            if o.kind == "value" and counts.get((len(o.changes), "value")) and _clears_a_party(o):
                # an amount found no longer found for one party, the others' kept: the change clears
                # that party (trainer review 13: 'would change the amount or value found' over it)
                counts[(len(o.changes), "value")] -= 1
                cleared[len(o.changes)] = cleared.get(len(o.changes), 0) + 1
                continue
            if o.kind != "unsettle" or not counts.get((len(o.changes), "unsettle")):
                continue
            if not cleared_own(o.answer, o.base, o.lost):
                continue
            size = len(o.changes)
            counts[(size, "unsettle")] -= 1
            before = {r["entity"]: r["answer"] for r in getattr(o.base, "each", None) or []}
            moved = [r for r in getattr(o.answer, "each", None) or []
                     if r["entity"] in before and r["answer"] != before[r["entity"]] and r["answer"] in ("true", "false")]
            if self.subject and moved and answer_heads(self.base).get("true") != "Yes":
                key = (size, moved[0]["answer"], len(moved) == 1)
                each[key] = each.get(key, 0) + 1
            else:
                cleared[size] = cleared.get(size, 0) + 1
        if cleared or each != self.each:   # unlisted changes left undecided are not said over lines that are not
            sizes = {len(o.changes) for o in listed if o.kind == "unsettle" and not cleared_own(o.answer, o.base, o.lost)}
            counts = {k: n for k, n in counts.items() if k[1] != "unsettle" or k[0] in sizes}
        counts = {k: n for k, n in counts.items() if n}
        found = EachFound(each, self.subject, answer_heads(self.base)) if each else None
        return counts, found, cleared

    def summary(self, shown: int | None = None) -> str:
        count = len(self.outcomes) if shown is None else min(shown, len(self.outcomes))
        return search_summary(self.counts, count, self.searched, bool(self.candidates), self.truncated,
                              self.base.answer, self.merged, self._each())

    def _each(self) -> EachFound | None:
        """What prose/whatif.py needs to count the changes of one entity's own answer (None when the
        question is not about each entity, or none was found)."""
        if not self.each:
            return None
        return EachFound(self.each, self.subject, answer_heads(self.base))


def _argued_both_ways(answer: Answer) -> set[InputKey]:
    """The open facts the answer argues case by case (its proof's `cases` nodes): {(entity, input)}."""
    g = getattr(answer, "proof", None)
    if g is None:
        return set()
    return {(str(d.get("entity")), str(d.get("pred"))) for _, d in g.nodes(data=True)
            if d.get("kind") == "cases" and d.get("pred")}


def _lesson(o: Outcome) -> tuple[object, ...] | None:
    """What a single change carried across a comparison of two of the case's values teaches: the
    comparison (the party, its provisions, the two quantities compared), whichever fact moved (the
    limit one pound under the estimate, the load's figure, its length: one lesson, 'the estimate
    exceeds the lawful limit'); None for any other change (its own lesson)."""
    if len(o.changes) != 1 or not o.changes[0].crossed or len(o.changes[0].crossed) < 6:
        return None
    ch = o.changes[0]
    noun, _, _, provisions, _, of_what = ch.crossed[:6]
    if not of_what:
        return None
    return (ch.entity, tuple(provisions or ()), frozenset((_quantity(str(noun)), _quantity(str(of_what)))))


_QUANTITY = re.compile(r"^(.*?)(?: (?:of|in|applicable|for|between|from|is)\b.*)?$")


def _quantity(noun: str) -> str:
    """The quantity a noun names, without its unit, its holder or its value: 'the maximum weight
    applicable to the truck ... is 77,999 lb' -> 'the maximum weight'; 'the estimated gross weight in
    pounds of the truck' -> 'the estimated gross weight'."""
    m = _QUANTITY.match(noun.strip())
    return (m.group(1) if m else noun).strip().lower()


def _knife_edge(o: Outcome) -> bool:
    """A change that sets one fact a least step past another fact of the case ('the maximum weight had
    been 77,999 lb', the estimate being 78,000 lb): it says only where the line is, which the argument
    shows already; a number moved to cross the law's own figure (a bracket, 1,000 lb) is not one."""
    ch = o.changes[0]
    _, amount, boundary, _, _, of_what = ch.crossed[:6]
    if not of_what or isinstance(amount, (bool, str, tuple)) or isinstance(boundary, (bool, str, tuple)):
        return False
    try:
        gap = abs(Fraction(amount) - Fraction(boundary))
    except (TypeError, ValueError):
        return False
    return gap <= Fraction(1, 10 ** nearest_step(boundary, amount))


def _one_per_lesson(ordered: list[Outcome]) -> list[Outcome]:
    """A trainee's what-ifs, one change per lesson before a second of the same one (trainer review 14,
    04: three changes that each only tipped the estimate over the limit, '77,999 lb' first, hid the
    scale's distance and the interstate, the facts the excuse also turns on): within a lesson a change
    of a fact the comparison is computed from before one that sets a fact a pound past the other
    (_knife_edge); the rest after every lesson's first, in their order."""
    lessons: dict[tuple[object, ...], list[Outcome]] = {}
    for o in ordered:
        key = _lesson(o)
        if key is not None:
            lessons.setdefault(key, []).append(o)
    if not any(len(v) > 1 for v in lessons.values()):
        return ordered
    first: dict[tuple[object, ...], Outcome] = {
        key: next((o for o in group if not _knife_edge(o)), group[0]) for key, group in lessons.items()}
    chosen = set(map(id, first.values()))
    head: list[Outcome] = []
    for o in ordered:
        key = _lesson(o)
        if key is None:
            head.append(o)
        elif id(o) in chosen:
            head.append(first[key])
    rest = [o for o in ordered if _lesson(o) is not None and id(o) not in chosen]
    return head + sorted(rest, key=_knife_edge)


def case_value(value: Value, type_name: str) -> object:
    if type_name == "boolean":
        return bool(value)
    if value is UNKNOWN:
        return None
    if type_name == "money":
        return show_value(value, "money").replace("$", "").replace(",", "")
    if type_name == "number":
        text = show_value(value)
        return int(text) if re.fullmatch(r"-?\d+", text) else text
    return str(value)


# -- applying changes --------------------------------------------------------------------------------
def apply_changes(case: Case, changes: Iterable[Change]) -> Case:
    """A copy of the case with the changes made (locations marked as what-if changes)."""
    rows = list(case.rows)
    attributes = {e: dict(a) for e, a in case.attributes.items()}
    attr_locs = dict(case.attr_locs)
    presumed = dict(getattr(case, "presumed", {}))
    for ch in changes:
        presumed = {k: p for k, p in presumed.items() if not (k[0] == ch.attribute and k[1][:1] == (ch.entity,))}
        arity = 1 if ch.type == "boolean" else 2
        rows = [r for r in rows if not (r.pred == ch.attribute and len(r.args) == arity and r.args
                                        and r.args[0] == ch.entity)]
        if ch.type == "boolean":
            if ch.new is UNKNOWN:
                rows.append(FactRow(ch.attribute, (ch.entity,), False, WHATIF_LOC, ch.attribute))
            elif ch.new:
                rows.append(FactRow(ch.attribute, (ch.entity,), True, WHATIF_LOC, ch.attribute))
        elif ch.new is UNKNOWN:
            rows.append(FactRow(ch.attribute, (ch.entity, UNKNOWN), False, WHATIF_LOC, ch.attribute))
        else:
            rows.append(FactRow(ch.attribute, (ch.entity, ch.new), True, WHATIF_LOC, ch.attribute))
        attributes.setdefault(ch.entity, {})[ch.attribute] = ch.show(ch.new)
        attr_locs[(ch.entity, ch.attribute)] = WHATIF_LOC
    implied = _unimplied(case, changes, rows, attributes, attr_locs)
    return replace(case, rows=rows, attributes=attributes, attr_locs=attr_locs, presumed=presumed, implied=implied)


def _unimplied(case: Case, changes: Iterable[Change], rows: list[FactRow], attributes: dict[str, dict[str, Any]],
               attr_locs: dict[tuple[str, str], Any]) -> dict[tuple[str, str], Any]:
    """The case's implied facts after the changes (facts/constraints.py): one a change sets is
    stated now; one whose premise a change sets (or a fact it was implied from) is unknown again,
    in place in rows, attributes and attr_locs."""
    implied = {k: v for k, v in (getattr(case, "implied", None) or {}).items()}
    moved = {(ch.attribute, ch.entity) for ch in changes}
    for key in moved:
        implied.pop(key, None)
    while True:
        stale = [k for k, v in implied.items() if v["premise"] in moved]
        if not stale:
            return implied
        for pred, entity in stale:
            arity = 1 if isinstance(implied[(pred, entity)]["value"], bool) else 2
            rows[:] = [r for r in rows if not (r.pred == pred and len(r.args) == arity and r.args[0] == entity)]
            rows.append(FactRow(pred, (entity,) if arity == 1 else (entity, UNKNOWN), False, "", pred))
            attributes.get(entity, {}).pop(pred, None)
            attr_locs.pop((entity, pred), None)
            del implied[(pred, entity)]
            moved.add((pred, entity))


def possible(rb: Rulebase, case: Case, changes: Sequence[Change]) -> bool:
    """The changed case is one the law's @implies allow (facts/constraints.py): a change that would
    make two facts that cannot both hold is not a what-if."""
    changed = apply_changes(case, changes)
    return not broken(rb.checked, case, changed.rows) and not _conflicting(rb, changed, changes)


CONFLICT = CONFLICT_PRED   # the law's facts that cannot all hold beyond @implies: bounds between amounts


def _conflicting(rb: Rulebase, changed: Case, changes: Sequence[Change]) -> bool:
    """A changed entity for which one of the law's facts_conflict predicates holds (a bound between
    stated amounts the law declares as a rule: the weight to be shifted is never more than the excess
    found; a par. (c) charge against a person stated to be 19 or older: facts_conflict_charge)."""
    for (pred, arity), decl in rb.checked.program.preds.items():
        if arity != 1 or not is_conflict_pred(pred) or not decl.params:
            continue
        kind = decl.params[0].type
        entities = {ch.entity for ch in changes if changed.entities.get(ch.entity) == kind}
        if not entities or not {ch.attribute for ch in changes} & _read_by(rb.checked.rules, pred):
            continue   # a change the bounds never read (every other law's entities): no question asked
        for entity in entities:
            if quick_answer(rb, changed, Atom(pred, (Const(entity),), None)) == "true":
                return True
    return False


def _read_by(rules: Sequence[Rule], pred: str) -> set[str]:
    """The predicates the rules of pred read, directly or through the rules of what they read."""
    seen: set[str] = set()
    todo = [pred]
    while todo:
        head = todo.pop()
        for rule in rules:
            if rule.head.pred != head:
                continue
            for lit in rule.body:
                if isinstance(lit, (Positive, Negative)) and lit.atom.pred not in seen:
                    seen.add(lit.atom.pred)
                    todo.append(lit.atom.pred)
    return seen


def quick_answer(rb: Rulebase, case: Case, atom: Atom, engine: str | None = None,
                 saved: SavedQuery | None = None) -> str:
    """true / false / undetermined without building the proof."""
    return quick_rows(rb, case, atom, engine, saved)[0]


def quick_rows(rb: Rulebase, case: Case, atom: Atom, engine: str | None = None,
               saved: SavedQuery | None = None) -> tuple[str, frozenset[tuple[object, ...]]]:
    """(true / false / undetermined, the certain rows) without building the proof; a saved question
    about each entity answered as answer_case answers it (answer/each.py: FALSE when one is).
    engine: the Settings' (current()) when not given."""
    settings = current()
    engine = engine or settings.engine
    with open_session(rb, case.rows, atom.key, engine, max_rows=settings.rows) as session:
        certain, possible, opened = status(session, atom.pred, pattern(atom))
    answer = "true" if certain else "undetermined" if possible else "false"
    if saved is not None and opened == pattern(atom):
        answer = each_bindings(rb.checked, case, atom, saved, answer, verdict(atom, certain, possible)[1])[0]
    if opened != pattern(atom):
        answer = settle(rb, case, atom, pattern(atom), opened, answer, [], engine,
                        exact=settings.exact, budget=settings.exact_budget, max_rows=settings.rows)[0]
    return answer, frozenset(map(tuple, certain))


# -- finding the inputs in the proof ------------------------------------------------------------------
def input_decl(prog: Program, pred: str) -> PredDecl | None:
    for arity in (1, 2):
        decl: PredDecl | None = prog.preds.get((pred, arity))
        if decl is not None and decl.is_input:
            return decl
    return None


def _entity_from_label(label: str, pred: str) -> str | None:
    m = re.match(rf"^{re.escape(pred)}\(([a-z][a-z0-9_]*)", label or "")
    return m.group(1) if m else None


def relevant_inputs(answer: Answer, rb: Rulebase) -> list[InputKey]:
    """(entity, attribute) of the case inputs in the proof graph, in proof order."""
    g = answer.graph
    prog = rb.checked.program
    rules = {code.rule.rule_id: code.rule for code in rb.codes.rules}
    out: list[InputKey] = []
    seen: set[InputKey] = set()

    def add(entity: str | None, pred: str) -> None:
        if entity and (entity, pred) not in seen and input_decl(prog, pred) is not None:
            seen.add((entity, pred))
            out.append((entity, pred))

    for nid in proof_order(g):
        check_deadline()
        d = g.nodes[nid]
        kind = d.get("kind")
        if kind in ("unknown", "presumed"):   # a presumed input: "had the exception been raised"
            add(d.get("entity"), d.get("pred"))
        elif kind == "fact":
            add(_entity_from_label(d.get("label"), d.get("pred", "")), d.get("pred", ""))
        elif kind == "comparison":
            for entity, pred in _compared_inputs(nid, d, rules, prog):
                add(entity, pred)
    return out


def _compared_inputs(nid: str, d: dict[str, Any], rules: dict[str, Rule], prog: Program) -> list[InputKey]:
    rule_id = d.get("rule_id", "")
    prefix = f"comparison:{rule_id}:"
    rule = rules.get(rule_id)
    if rule is None or not nid.startswith(prefix):
        return []
    index, _, shown = nid[len(prefix):].partition(":")
    try:
        lit = rule.body[int(index)]
    except (ValueError, IndexError):
        return []
    if not isinstance(lit, Compare):
        return []
    env = dict(re.findall(r"(?:^|,)([A-Z_][A-Za-z0-9_]*)=([a-z][a-z0-9_]*)(?=,|$)", shown))
    out: list[InputKey] = []
    for name in sorted(term_vars(lit.left) | term_vars(lit.right)):
        for other in rule.body:
            if (isinstance(other, Positive) and len(other.atom.args) == 2
                    and isinstance(other.atom.args[1], Var) and other.atom.args[1].name == name):
                first = other.atom.args[0]
                entity = env.get(first.name) if isinstance(first, Var) else first.value
                if not entity:
                    continue
                if input_decl(prog, other.atom.pred) is not None:
                    out.append((entity, other.atom.pred))
                else:   # an amount computed from numeric inputs (`X = W * 5 / 100`, `T = A + B`)
                    out.extend((entity, p) for p in _feeding_inputs(rules.values(), prog, other.atom.pred))
    return out


def _feeding_inputs(rules: Iterable[Rule], prog: Program, pred: str, depth: int = 0) -> list[str]:
    """The numeric inputs p(S, W) whose value reaches the value of pred(S, X) through arithmetic."""
    out: list[str] = []
    if depth > 4:
        return out
    for rule in rules:
        head = rule.head
        if head.pred != pred or len(head.args) != 2 or not isinstance(head.args[1], Var):
            continue
        asg = next((a for a in rule.body if isinstance(a, Assign) and a.var == head.args[1]), None)
        if asg is None:
            continue
        names = term_vars(asg.expr)
        for lit in rule.body:
            if (isinstance(lit, Positive) and len(lit.atom.args) == 2 and lit.atom.args[0] == head.args[0]
                    and isinstance(lit.atom.args[1], Var) and lit.atom.args[1].name in names):
                decl = input_decl(prog, lit.atom.pred)
                if decl is not None:
                    if decl.params[1].type in NUMERIC and lit.atom.pred not in out:
                        out.append(lit.atom.pred)
                else:
                    out.extend(p for p in _feeding_inputs(rules, prog, lit.atom.pred, depth + 1) if p not in out)
    return out


# -- candidate changes ----------------------------------------------------------------------------------
def current_value(case: Case, entity: str, attr: str, arity: int) -> Value:
    if arity == 1:
        for r in case.rows:
            if r.pred == attr and r.args == (entity,):
                return True if r.known else UNKNOWN
        return False
    values = [r.args[1] for r in case.rows if r.pred == attr and len(r.args) == 2 and r.args[0] == entity]
    if not values or any(v is UNKNOWN for v in values):
        return UNKNOWN
    return values[0] if len(values) == 1 else tuple(sorted(values, key=repr))


def thresholds(rb: Rulebase, case: Case, entity: str, attr: str, feeds: Collection[str] | None = None) -> list[Value]:
    """Values that rules mentioning attr compare it with (constants, or other inputs' values); with
    feeds (the predicates the question rests on, _read_by), only those of rules that conclude one:
    a permit fee's 100,000 lb (s. 348.25(8)(b)3.c) is no line a forfeiture turns on, though both read
    the permit's weight (trainer review 13, G4: a 100,001-lb permit in a forfeiture handout)."""
    prog = rb.checked.program
    out: set[Value] = set()
    for code in rb.codes.rules:
        rule = code.rule
        if feeds is not None and rule.head.pred not in feeds:
            continue
        for lit in rule.body:
            if not (isinstance(lit, Positive) and lit.atom.pred == attr and len(lit.atom.args) == 2
                    and isinstance(lit.atom.args[1], Var)):
                continue
            var = lit.atom.args[1].name
            for cmp in rule.body:
                if not isinstance(cmp, Compare):
                    continue
                for mine, other in ((cmp.left, cmp.right), (cmp.right, cmp.left)):
                    if not (isinstance(mine, Var) and mine.name == var):
                        continue
                    if not term_vars(other):
                        try:
                            out.add(arith.evaluate(other, {}))
                        except (ReasonerError, arith.Unknown, KeyError, TypeError):
                            pass
                    elif isinstance(other, Var):
                        value = _other_input_value(rule, other.name, lit, prog, case, entity)
                        if value is not None:
                            out.add(value)
                        else:   # a constant the law states as a fact: instruction_charge_max(500).
                            out |= _stated_constants(rb, rule, other.name)
    return sorted((v for v in out if not isinstance(v, (bool, str))), key=lambda v: (v, repr(v)))


def _linear(expr: Term, name: str) -> tuple[Term, int, str] | None:
    """For Y = expr linear in the variable `name` (W + K, K + W, W - K, K - W): (K, sign) with
    W = sign * Y + (K or -K) recovered by _invert; None otherwise."""
    if not isinstance(expr, BinOp) or expr.op not in ("+", "-"):
        return None
    left, right = expr.left, expr.right
    if isinstance(left, Var) and left.name == name and not (isinstance(right, Var) and right.name == name):
        return (right, 1, expr.op)
    if isinstance(right, Var) and right.name == name and expr.op == "+":
        return (left, 1, "+")
    if isinstance(right, Var) and right.name == name and expr.op == "-":
        return (left, -1, "-")
    return None


def _invert(y: Value, k: Value, sign: int, op: str) -> Value:
    """W from Y for Y = W + K (W = Y - K), Y = W - K (W = Y + K), Y = K - W (W = K - Y)."""
    if sign == -1:
        return k - y
    return y - k if op == "+" else y + k


def _compared_constants(rb: Rulebase, pred: str, pos: int) -> list[tuple[int, str]]:
    """(constant, provision) that rules compare the value at `pos` of pred with."""
    out: list[tuple[int, str]] = []
    for code in rb.codes.rules:
        rule = code.rule
        for lit in rule.body:
            if not (isinstance(lit, Positive) and lit.atom.pred == pred and len(lit.atom.args) > pos
                    and isinstance(lit.atom.args[pos], Var)):
                continue
            var = lit.atom.args[pos].name
            for cmp in rule.body:
                if isinstance(cmp, Compare):
                    for mine, other in ((cmp.left, cmp.right), (cmp.right, cmp.left)):
                        if isinstance(mine, Var) and mine.name == var and isinstance(other, Const) \
                                and isinstance(other.value, int) and not isinstance(other.value, bool):
                            out.append((other.value, rule.provision or ""))
    return sorted(set(out))


def computed_thresholds(rb: Rulebase, case: Case, entity: str, attr: str, engine: str | None = None,
                        feeds: Collection[str] | None = None) -> list[tuple[Value, int, str, str, int]]:
    """Thresholds carried through arithmetic: a rule computes Y = W - K from the input W (the weight
    found, less the permissible weight), other rules compare Y with constants (the tiers of the
    excess); each such constant t is a threshold W = t + K of the input. Returns
    [(input value at the threshold, t, provision, noun phrase of Y, sign)]."""
    engine = engine or current().engine
    prog = rb.checked.program
    out: list[tuple[Value, int, str, str, int]] = []
    for code in rb.codes.rules:
        rule = code.rule
        if feeds is not None and rule.head.pred not in feeds:
            continue   # a line of a rule the question does not rest on (thresholds)
        for lit in rule.body:
            if not (isinstance(lit, Positive) and lit.atom.pred == attr and len(lit.atom.args) == 2
                    and isinstance(lit.atom.args[1], Var)):
                continue
            w, subject = lit.atom.args[1].name, lit.atom.args[0]
            for asg in rule.body:
                found = _linear(asg.expr, w) if isinstance(asg, Assign) else None
                if found is None:
                    continue
                k_term, sign, op = found
                positions = [i for i, a in enumerate(rule.head.args) if isinstance(a, Var) and a.name == asg.var.name]
                if not positions or not rule.head.args or rule.head.args[0] != subject:
                    continue
                k = _term_value(rb, case, rule, k_term, subject, entity, engine)
                if k is None:
                    continue
                noun_args = [entity] + [None] * (len(rule.head.args) - 1)
                noun = prose_for(prog, getattr(case, "names", None)).positive(rule.head.pred, tuple(noun_args))
                for t, provision in _compared_constants(rb, rule.head.pred, positions[0]):
                    out.append((_invert(t, k, sign, op), t, provision, str(noun or rule.head.pred), sign))
    return out


def _term_value(rb: Rulebase, case: Case, rule: Rule, term: Term, subject: Term, entity: str,
                engine: str) -> int | None:
    """The value of K in Y = W - K: a constant, or the value an atom p(entity, K) of the rule has."""
    if isinstance(term, Const):
        return term.value if isinstance(term.value, int) else None
    if not isinstance(term, Var):
        return None
    for other in rule.body:
        if (isinstance(other, Positive) and len(other.atom.args) == 2 and other.atom.args[0] == subject
                and isinstance(other.atom.args[1], Var) and other.atom.args[1].name == term.name):
            key = (other.atom.pred, 2)
            with open_session(rb, case.rows, key, engine, max_rows=current().rows) as session:
                certain, _ = session.status(other.atom.pred, (entity, None))
            values = {row[1] for row in certain}
            if len(values) == 1:
                value = values.pop()
                return value if isinstance(value, int) and not isinstance(value, bool) else None
    return None


def symbol_values(rb: Rulebase, attr: str) -> list[str]:
    """Words the rules test a symbol input against: constants in its value position, constants it is
    compared with, and the facts of a table it is joined with (`highway_class(O, C), state_class(C)`)."""
    rules = [code.rule for code in rb.codes.rules]
    tables: dict[str, dict[int, set[object]]] = {}     # pred -> {position: values} for predicates defined by facts only
    derived = {rule.head.pred for rule in rules if rule.body}
    for rule in rules:
        if not rule.body and rule.head.pred not in derived:
            for i, a in enumerate(rule.head.args):
                if isinstance(a, Const):
                    tables.setdefault(rule.head.pred, {}).setdefault(i, set()).add(a.value)
    out: set[object] = set()
    for rule in rules:
        for lit in rule.body:
            if not (isinstance(lit, Positive) and lit.atom.pred == attr and len(lit.atom.args) == 2):
                continue
            value = lit.atom.args[1]
            if isinstance(value, Const):
                out.add(value.value)
                continue
            if not isinstance(value, Var):
                continue
            for other in rule.body:
                if isinstance(other, Positive) and other.atom.pred in tables:
                    for i, a in enumerate(other.atom.args):
                        if a == value:
                            out |= tables[other.atom.pred].get(i, set())
                if isinstance(other, Compare) and other.op in ("=", "!="):
                    for mine, const in ((other.left, other.right), (other.right, other.left)):
                        if mine == value and isinstance(const, Const):
                            out.add(const.value)
    return sorted(v for v in out if isinstance(v, str))


def _stated_constants(rb: Rulebase, rule: Rule, name: str) -> set[int]:
    """The numbers a variable of the rule takes from a predicate the law defines by facts alone
    (`instruction_charge_max(500).` read as `instruction_charge_max(T)`, then `M > T`)."""
    out: set[int] = set()
    for lit in rule.body:
        if not isinstance(lit, Positive):
            continue
        positions = [i for i, a in enumerate(lit.atom.args) if isinstance(a, Var) and a.name == name]
        if not positions:
            continue
        defining = rb.checked.derived.get(lit.atom.key, ())   # the rules concluding the literal's predicate
        if not defining or any(r.body for r in defining):
            continue
        for r in defining:
            value = r.head.args[positions[0]]
            if isinstance(value, Const) and isinstance(value.value, int) and not isinstance(value.value, bool):
                out.add(value.value)
    return out


def _other_input_value(rule: Rule, name: str, lit: Positive, prog: Program, case: Case, entity: str) -> Value:
    for other in rule.body:
        if (isinstance(other, Positive) and len(other.atom.args) == 2 and isinstance(other.atom.args[1], Var)
                and other.atom.args[1].name == name and input_decl(prog, other.atom.pred) is not None
                and other.atom.args[0] == lit.atom.args[0]):
            value = current_value(case, entity, other.atom.pred, 2)
            if value is not UNKNOWN and not isinstance(value, tuple):
                return value
    return None


def _coerce(value: Value, type_name: str) -> Value:
    try:
        if type_name == "time":
            return TimeOfDay(int(value))
        if type_name == "date":
            return Day(int(value)) if int(value) > 0 else None
    except (ValueError, TypeError):
        return None
    return value


def candidate_changes(rb: Rulebase, case: Case, entity: str, attr: str,
                      relevant: Iterable[str] = (), feeds: Collection[str] | None = None) -> list[Change]:
    """The changes of attr(entity) to try; feeds (the predicates the question rests on): only the lines
    of rules that conclude one of them."""
    out = _candidate_changes(rb, case, entity, attr, relevant, feeds)
    presumed = next((pr.citation for (pred, args), pr in getattr(case, "presumed", {}).items()
                     if pred == attr and args[:1] == (entity,)), "")
    return [replace(c, presumed=presumed) for c in out] if presumed else out


def _candidate_changes(rb: Rulebase, case: Case, entity: str, attr: str,
                       relevant: Iterable[str] = (), feeds: Collection[str] | None = None) -> list[Change]:
    decl = input_decl(rb.checked.program, attr)
    if decl is None or attr in _set_by_law(rb.checked.program):
        return []
    related = case_related(rb.checked.program, case)   # 'the uncle was found guilty on ...' (@names)
    template = named_in(related, attr, (entity,), entity_template(decl, entity, getattr(case, "names", None),
                                                                kind_members(case)))
    if decl.arity == 1:
        old = current_value(case, entity, attr, 1)
        news = [True, False] if old is UNKNOWN else [not old]
        stated = "" if old is UNKNOWN else template if old else \
            named_in(related, attr, (entity,), _negative(rb.checked.program, decl, entity, case))
        return [Change(entity, attr, old, new, "boolean", template, stated=stated) for new in news]
    type_name = decl.params[1].type
    old = current_value(case, entity, attr, 2)
    if isinstance(old, tuple):
        return []
    names = getattr(case, "names", None) or {}
    said = (getattr(case, "attributes", None) or {}).get(entity, {}).get(attr)
    if isinstance(said, str) and said and entity in names and \
            re.search(rf"(?<![\w:]){re.escape(said)}(?![\w:])", names[entity]):
        # the entity's name reads the value changed ('the 14-year-old' of an age): named by its other
        # role ('the third rider'), never 'If the age of the 14-year-old had been 16' (review 6, 10)
        other = role_apart_from(case, entity, attr)
        if not other and type_name not in NUMERIC:
            # no other name for a word it is named by: 'If the paragraph ... under which the Feb. 10
            # crash par. (b) charge is brought had been par. (a)' contradicts its own subject (trainer
            # review 13, 10): not offered. A figure it is named by stays ('the 30-ft trail' at 40 feet
            # is the same trail, measured otherwise)
            return []
        if other:
            template = entity_template(decl, entity, {**names, entity: other}, kind_members(case))
    values: Any   # the other words to try (a list) for a word; the numbers to try (a set) for a number
    if type_name not in NUMERIC:
        if type_name in rb.checked.program.entities:
            # a reference (who operated, whose sled): another person or thing put in the role is a
            # change of identity, not of a fact, and teaches nothing (review 5, handout 10); except
            # where the law asks whether two of them name the same one (`same_incident(A, B) :-
            # charge_incident(A, I), charge_incident(B, I)`): the one another entity of the kind
            # names ('if count 2 had arisen from the January ride': joined, review 6, 04)
            if not _joined(rb, attr) or old is UNKNOWN or _identity_link(rb.checked.program, attr):
                # who was charged (`@names charged_person`) is who the charge is: 'If the person
                # charged in the guest's par. (a) charge had been the host' changes the case, not a
                # fact of it (trainer review 15, G2: 03 and 10)
                return []
            if names.get(old) and entity in names and names[old].removeprefix("the ") in names[entity]:
                # the entity is named by the one changed ('the Feb. 10 crash par. (b) charge' arising
                # out of the Jan. 20 ride): its name would contradict the change (trainer review 13, 10)
                other = role_apart_from(case, entity, attr)
                if not other:
                    return []
                template = entity_template(decl, entity, {**names, entity: other}, kind_members(case))
            kind = case.entities.get(entity)
            # only a value another entity of the kind names with the same identity links (another
            # charge against the same person): count 2 moved to the person's other ride, never
            # Erin's count to Dale's ride, a ride she is not charged for (trainer review 15, 03)
            links = _identity_values(rb.checked.program, case, entity)
            shared = sorted({r.args[1] for r in case.rows if r.pred == attr and len(r.args) == 2 and r.known
                             and r.args[0] != entity and case.entities.get(r.args[0]) == kind
                             and _identity_values(rb.checked.program, case, r.args[0]) == links
                             and isinstance(r.args[1], str) and r.args[1] != old})
            phrases = tuple(sorted((e, names[e]) for e in [*shared, old] if e in names))
            return [Change(entity, attr, old, v, type_name, template, phrases=phrases) for v in shared]
        if type_name == "symbol":
            twin = _twin_words(case, entity, attr)
            values = [v for v in symbol_values(rb, attr) if v != old]
        else:
            twin = set()
            values = []
        phrases = tuple(sorted((getattr(decl.params[1], "phrases", None) or {}).items()))
        if type_name in rb.checked.program.entities:   # the entities by their names, as the argument reads them
            names = getattr(case, "names", None) or {}
            phrases = tuple(sorted((e, names[e]) for e in [*values, old] if isinstance(e, str) and e in names))
        return [Change(entity, attr, old, v, type_name, template, phrases=phrases, twin=v in twin) for v in values]
    values = set()
    for t in thresholds(rb, case, entity, attr, feeds):
        places = nearest_step(t, old)
        for v in (_stepped(t, places, -1), t, _stepped(t, places, 1)):
            v = _coerce(v, type_name)
            if v is not None and v != old and _in_declared_range(decl.params[1], v) and not _bygone(type_name, old, v):
                values.add(v)
    notes: dict[Value, str] = {}
    crossed: dict[Value, tuple] = {}   # Change.crossed
    steps: set[Value] = set()
    zero: set[Value] = set()   # the values that carry a computed amount across 0 (Change.clears)
    if type_name == "number":
        found: dict[tuple[Value, int, str, int], list[str]] = {}
        for w, t, provision, noun, sign in computed_thresholds(rb, case, entity, attr, feeds=feeds):
            found.setdefault((w, t, noun, sign), []).append(provision)
        for (w, t, noun, sign), provisions in sorted(found.items()):
            near = [p for p in provisions if p in relevant or p.rpartition(".")[0] in relevant]
            every, provisions = provisions, near or provisions
            for v in (w - 1, w, w + 1):
                if v != old and v not in notes:
                    values.add(v)
                    notes[v] = crossing(noun, t + sign * (v - w), t, statute_order(set(provisions)))
                    crossed[v] = (noun, t + sign * (v - w), t, tuple(statute_order(set(every))), "number", "")
                    if t == 0:
                        zero.add(v)
    if type_name in ("number", "money") and (old is UNKNOWN or isinstance(old, int)):
        _carry(rb, case, entity, attr, old, decl.params[1], relevant, values, notes, steps, zero, crossed, feeds)

    def order(v: Value) -> tuple[Value, Value]:
        return (abs(v - old) if old is not UNKNOWN else 0, v)
    unit = decl.params[1].unit or ""
    return [Change(entity, attr, old, v, type_name, template, notes.get(v, ""), v in steps, unit=unit, clears=v in zero,
                   crossed=crossed.get(v, ()))
            for v in sorted(values, key=order)]


BYGONE_DAYS = 366   # a date moved further than this crosses a commencement date, not a line a case turns on


def _bygone(type_name: str, old: Value, new: Value) -> bool:
    """A date moved back (or on) by more than a year: to the day a rule took effect ('after February
    12, 1970') from a ride in 2025. It teaches a trainee nothing about the case (review 8, 10: 'If
    the date of the second ride had been 1970-02-12'), so it is never offered."""
    if type_name != "date" or old is UNKNOWN or isinstance(old, tuple):
        return False
    return bool(abs(int(new) - int(old)) > BYGONE_DAYS)


def _places(value: Value) -> int:
    """The decimal places a number is written with (0.14, held as 7/50 -> 2; 40 -> 0)."""
    if isinstance(value, bool) or not isinstance(value, (Fraction, float)):
        return 0
    denominator = Fraction(value).limit_denominator(10 ** 6).denominator
    return next((k for k in range(7) if 10 ** k % denominator == 0), 6)


def nearest_step(threshold: Value, old: Value) -> int:
    """The decimal places of the nearest change across a threshold: 0 for whole numbers (a time, a
    date, 40 feet -> 41 feet, a step of 1); for a decimal, one place finer than the case and the
    threshold are written ("0.1 or more" with 0.14 stated -> 0.099 and 0.101: 0 is not the nearest
    value below 0.1)."""
    values = [v for v in (threshold, old) if v is not UNKNOWN and not isinstance(v, (tuple, bool))]
    places = max((_places(v) for v in values), default=0)
    return places + 1 if places else 0


def _stepped(value: Value, places: int, sign: int) -> Value:
    """value one step of `places` decimal places up (sign 1) or down (-1), exactly: 1/10 -> 99/1000
    (0.099); a whole number by 1."""
    if not places:
        return value + sign
    return Fraction(value) + sign * Fraction(1, 10 ** places)


def _carry(rb: Rulebase, case: Case, entity: str, attr: str, old: Value, param: Param, relevant: Iterable[str],
           values: set[Value], notes: dict[Value, str], steps: set[Value], zero: set[Value],
           crossed: dict[Value, tuple] | None = None, feeds: Collection[str] | None = None) -> None:
    """Thresholds carried through any arithmetic (whatif_carry.py): a percentage, a ceiling of a
    division, a sum with other amounts the case fixes; the steps of an increment."""
    low = param.low * (100 if param.type == "money" else 1) if getattr(param, "low", None) is not None else 0
    found: dict[tuple[Any, ...], list[str]] = {}
    for c in sorted(carried(rb, case, entity, attr, None if old is UNKNOWN else old, low=int(low), feeds=feeds),
                    key=lambda c: (c.value, c.depth, c.step)):
        found.setdefault((c.value, c.amount, c.boundary, c.was, c.noun, c.amount_type, c.step, c.of_what, c.said),
                         []).append(c.provision)
    for (v, amount, boundary, was, noun, kind, step, of_what, said), provisions in found.items():
        if v == old or v in notes or not _in_declared_range(param, v):
            continue
        near = [p for p in provisions if p in relevant or p.rpartition(".")[0] in relevant]
        every, provisions = statute_order(set(provisions)), statute_order(set(near or provisions))
        values.add(v)
        noun = amount_phrase(rb.checked.program, entity, said, amount, noun, kind, getattr(case, "names", None))
        if step:
            steps.add(v)
            notes[v] = stepped(noun, amount, was, provisions, kind)
        else:
            notes[v] = crossing(noun, amount, boundary, provisions, kind, of_what)
            if crossed is not None:
                crossed[v] = (noun, amount, boundary, tuple(every), kind, of_what)
            if boundary == 0 and not of_what:
                zero.add(v)


def _in_declared_range(param: Param, value: Value) -> bool:
    """A what-if never proposes a value the case file could not state (reasoner/language/domains.py)."""
    if getattr(param, "low", None) is None:
        return True
    scale = 100 if param.type == "money" else 1
    return value >= param.low * scale and (param.high is None or value <= param.high * scale)


def _negative(program: Program, decl: PredDecl, entity: str, case: Case) -> str:
    """The input's @negative sentence about this entity ('the vehicle was not weighed ...'), '' when
    the rule files declare none."""
    found = getattr(program, "negatives", {}).get((decl.name, decl.arity))
    if not found or not decl.params:
        return ""
    params, text = found[0], found[1]
    name = params[0] if params else decl.params[0].name
    text = sole_place_dropped(text, name, entity, decl.params[0].type, kind_members(case))
    return str(text.replace("{" + name + "}", entity_text(entity, decl.params[0].type, getattr(case, "names", None))))


def entity_template(decl: PredDecl, entity: str, labels: dict[str, str] | None = None, members: dict | None = None) -> str:
    """The input's sentence about this entity (by its `name:` where the case gives one); the case's
    one ride not named ('the speed of the snowmobile', as the facts box says it) where members (the
    case's entities by kind: prose/sentences.py kind_members) show it is the only one."""
    text = decl.template
    if decl.params:
        text = sole_place_dropped(text, decl.params[0].name, entity, decl.params[0].type, members)
        text = text.replace("{" + decl.params[0].name + "}", entity_text(entity, decl.params[0].type, labels))
    return str(text)


# -- what a change does to the provisions ----------------------------------------------------------------------
APPLIES, NOT_APPLY, OPEN = "applies", "does not apply", "open"
_OUTCOME_STATUS = MappingProxyType({"true": APPLIES, "false": NOT_APPLY, "undetermined": OPEN})
_EXCEPTION_STATUS = MappingProxyType({"applies": APPLIES, "fails": NOT_APPLY, "not raised": NOT_APPLY, "open": OPEN})


def stated_provisions(argument: Argument) -> dict[str, str]:
    """{citation: "applies" / "does not apply" / "open"} for every provision the argument names with
    a status: each deciding provision by its conclusion (s. 350.02(2)(b)4 "does not apply" when an
    exception defeats it, although its elements are met), each exception by whether it applies,
    each element that cites a (sub)provision by whether it is met, each provision checked and not
    concluded ("also checked") as not applying. A provision named twice keeps its first status, the
    conclusion before an element."""
    out: dict[str, str] = {}

    def put(citation: str | None, status: str | None) -> None:
        if citation and status:
            out.setdefault(citation, status)

    def element(e: Element) -> None:
        put(e.citation, _OUTCOME_STATUS.get(e.status))
        for part in e.parts:
            element(part)
        for x in e.exceptions:
            exception(x)

    def exception(x: Exception_) -> None:
        put(x.citation, _EXCEPTION_STATUS.get(x.status))
        for r in x.reasons:
            element(r)

    for p in argument.provisions:
        put(p.citation, _OUTCOME_STATUS.get(p.outcome))
    for p in argument.provisions:
        for x in p.exceptions:
            exception(x)
        for e in p.elements:
            element(e)
    for o in argument.others:
        element(o)
    return out


def _both_ways(argument: Argument) -> set[str]:
    """The provisions the argument concludes as applying for one party and not for another (a
    provision's outcome or an exception's status, named twice with different ones)."""
    seen: dict[str, set[str]] = {}

    def put(citation: str | None, status: str | None) -> None:
        if citation and status in (APPLIES, NOT_APPLY):
            seen.setdefault(citation, set()).add(status)

    def exceptions(xs: Iterable[Exception_]) -> None:
        for x in xs:
            put(x.citation, _EXCEPTION_STATUS.get(x.status))

    def walk(e: Element) -> None:
        exceptions(e.exceptions)
        for part in e.parts:
            walk(part)

    for p in argument.provisions:
        put(p.citation, _OUTCOME_STATUS.get(p.outcome))
        exceptions(p.exceptions)
        for e in p.elements:
            walk(e)
    return {c for c, statuses in seen.items() if len(statuses) > 1}


def _exception_both_ways(argument: Argument) -> set[str]:
    """The exceptions the argument says fail for one party while an element citing the same
    provision is met for another (the permit weight of s. 348.25(2)(b): met for the third vehicle,
    its exception failing for the first, whose hours condition was broken): that it 'would apply'
    then cannot say for whom (trainer review 10, 12). Only the provision itself, not those under it."""
    failing: set[str] = set()
    met: set[str] = set()

    def exceptions(of: Any) -> None:   # a provision's or an element's exceptions, and their reasons
        for x in of.exceptions:
            if x.citation and _EXCEPTION_STATUS.get(x.status) == NOT_APPLY:
                failing.add(x.citation)
            for r in x.reasons:
                walk(r)

    def walk(e: Element) -> None:
        if e.citation and e.status == "true":
            met.add(e.citation)
        exceptions(e)
        for part in e.parts:
            walk(part)

    for p in argument.provisions:
        exceptions(p)
        for e in p.elements:
            walk(e)
    return failing & met


def _concluded(answer: Answer, citation: str, status: str = "true") -> list[tuple[str, str, str]]:
    """The atoms the proof concludes under the provision (the heads of its rules that apply, not
    helpers; with status "false", the heads of those it shows failing): [(node kind, pred, label)]."""
    g = answer.graph
    out: list[tuple[str, str, str]] = []
    for nid, d in g.nodes(data=True):
        if (d.get("kind") == "rule" and d.get("provision") == citation and d.get("status") == status
                and str(d.get("helper")) not in ("True", "true")):
            for parent in g.predecessors(nid):
                pd = g.nodes[parent]
                if pd.get("kind") in ("atom", "goal") and pd.get("pred"):
                    out.append((pd["kind"], pd["pred"], pd.get("label", "")))
    return list(dict.fromkeys(out))


def _holds_in(rb: Rulebase, case: Case, answer_there: str, atoms: list[tuple[str, str, str]],
              engine: str) -> str | None:
    """Whether the atoms one proof concludes under a provision hold in another case: "applies"
    (all of them), "does not apply" (none, not even possibly), "open" (none certainly, some
    possibly); None when some hold and some do not (the provision's status is not one thing). The
    question itself (a goal) holds as the other case's answer says."""
    if not atoms:
        return None
    prog = rb.checked.program
    held = []
    for kind, pred, label in atoms:
        if kind == "goal":
            held.append({"true": "yes", "undetermined": "maybe"}.get(answer_there, "no"))
            continue
        certain: set[str] = set()
        possible: set[str] = set()
        for (name, arity), decl in prog.preds.items():
            if name != pred:
                continue
            types = [p.type for p in decl.params]
            with open_session(rb, case.rows, (pred, arity), engine, max_rows=current().rows) as session:
                sure, maybe = session.status(pred, (None,) * arity)
            certain |= {fmt_atom(pred, tuple(r), types) for r in sure}
            possible |= {fmt_atom(pred, tuple(r), types) for r in maybe}
        held.append("yes" if label in certain else "maybe" if label in possible else "no")
    if all(h == "yes" for h in held):
        return APPLIES
    if all(h == "no" for h in held):
        return NOT_APPLY
    if "yes" not in held:
        return OPEN
    return None


def provision_changes(rb: Rulebase, case: Case, changed: Case, base: Answer, answer: Answer,
                      engine: str | None = None) -> tuple[list[str], list[str]]:
    """(gained, lost): the provisions whose status differs between the answer now and the changed
    answer, each one the question depends on (named with a status by one of the two arguments).
    Gained: applies then, and does not apply (or is open) now; lost: applies now, and does not
    apply then. A provision one argument does not name takes the status the other case gives the
    atoms the naming proof concludes under it (s. 350.02(2)(b), the ride adjacent to the roadway,
    still holds when the trail exception is met: it is not lost). A provision that applies in both,
    or that the argument says does not apply now, is never said to be lost; a changed answer that
    is undetermined gains nothing (its provisions are only considered)."""
    engine = engine or current().engine
    now, then = stated_provisions(base.argument), stated_provisions(answer.argument)
    deciding = deciding_citations(base)
    own = _question_provisions(base) | _question_provisions(answer)
    gained: list[str] = []
    lost: list[str] = []
    # a provision the argument concludes both ways (the race exception met on the road, not on the
    # lake) applies for one party and not for another: 'then it would apply' would name it for the
    # party it does not reach (review 8, 09: 'Then s. 350.03(2)(b) would apply' on the lake)
    mixed = _both_ways(base.argument) | _both_ways(answer.argument)
    unsure = _exception_both_ways(base.argument)
    for citation in dict.fromkeys([*now, *then]):
        if citation in own or citation in unsure or any(citation == m or citation.startswith(m + "(") or citation.startswith(m + ".")
                                  for m in mixed):   # the question's own rule ('lawful under ss. 350.02 to 350.101'): the answer says it
            continue
        b, n = now.get(citation), then.get(citation)
        if b == APPLIES and n is None:
            n = _holds_in(rb, changed, answer.answer, _concluded(base, citation), engine)
        elif b in (NOT_APPLY, OPEN) and n is None and citation in deciding:
            # an element of a deciding provision not met now (4.a: the trail 30 feet from the road),
            # which the changed argument does not name: met then if what it failed to conclude holds
            n = _holds_in(rb, changed, answer.answer, _concluded(base, citation, "false"), engine)
            n = n if n == APPLIES else None
        if n == APPLIES and b is None:
            b = _holds_in(rb, case, base.answer, _concluded(answer, citation), engine)
        if n == APPLIES and b in (NOT_APPLY, OPEN) and answer.answer != "undetermined":
            gained.append(citation)
        elif b == APPLIES and n == NOT_APPLY:
            lost.append(citation)
    if not gained and not lost and base.answer == answer.answer == "true":
        # a row of the answer the change takes away whose provision the changed argument no longer
        # names (handout 03: the owner's s. 350.08 once Chris owns the sled), said as no longer applying,
        # never 'the same provisions apply'
        lost = [c for c in deciding & set(base.cited) if c not in answer.cited and c not in own
                and not any(_within(d, c) or _within(c, d) for d in answer.cited)]
    return _through_exceptions(rb, base, answer, statute_order(set(gained))), statute_order(set(lost))


class Gained(str):
    """A provision a change would make apply that is a condition of an exception the argument now
    finds failing (4.a of the trail exception of s. 350.02(2)(b)4): the citation, with the exception
    it makes apply and the short words of the readings that exception rests on, so that a what-if
    names the exception, not its one subdivision, and says the readings (trainer review 10, 07:
    'Then s. 350.02(2)(b)4.a would apply')."""
    exception: str = ""
    readings: tuple = ()


def _through_exceptions(rb: Rulebase, base: Answer, changed: Answer, gained: list[str]) -> list[str]:
    """Each gained citation that is a condition of an exception the argument finds failing or open,
    as that exception (Gained), with the readings it rests on where the changed argument finds it
    applying (the U.S. highway read as a state trunk highway for its approval, 40 feet exactly); the
    others unchanged."""
    argument = getattr(base, "argument", None)
    if argument is None or not gained:
        return gained
    found: dict[str, Exception_] = {}

    def cites(items: Iterable[Any]) -> set[str]:
        out: set[str] = set()
        for e in items:
            if getattr(e, "citation", ""):
                out.add(e.citation)
            out |= cites(getattr(e, "parts", ()) or ())
        return out

    def walk(xs: Iterable[Exception_]) -> None:
        for x in xs:
            if _EXCEPTION_STATUS.get(x.status) in (NOT_APPLY, OPEN) and x.status != "not raised":
                for c in cites(x.reasons):
                    found.setdefault(c, x)
            for r in x.reasons:
                walk(getattr(r, "exceptions", ()) or ())

    for p in argument.provisions:
        walk(p.exceptions)
        for e in p.elements:
            walk(e.exceptions)
    if not found:
        return gained
    rests: dict[str, list[str]] = {}   # the exception's text -> the readings of it where it applies

    def applying(xs: Iterable[Exception_]) -> None:
        for x in xs:
            if _EXCEPTION_STATUS.get(x.status) == APPLIES:
                rests.setdefault(x.text, [])
                held: list[str] = []
                _readings_under(x, held)
                rests[x.text] += [r for r in held if r not in rests[x.text]]
            for r in x.reasons:
                applying(getattr(r, "exceptions", ()) or ())

    for p in getattr(getattr(changed, "argument", None), "provisions", ()) or ():
        applying(p.exceptions)
        for e in p.elements:
            applying(e.exceptions)
    words = reading_words(rb.checked.program)
    out: list[str] = []
    for c in gained:
        x = found.get(c)
        if x is None or x.citation == c:   # the exception's own citation names it (s. 350.05(3))
            out.append(c)
            continue
        g = Gained(c)
        g.exception = x.text
        g.readings = tuple(dict.fromkeys(words[r] for r in [*x.readings, *rests.get(x.text, ())] if r in words))
        out.append(g)
    return out


def _readings_under(item: Any, out: list[str]) -> None:
    """The readings of an exception or element and of every line under it, each once."""
    for r in getattr(item, "readings", ()) or ():
        if r not in out:
            out.append(r)
    for sub in [*(getattr(item, "reasons", ()) or ()), *(getattr(item, "parts", ()) or ()),
                *(getattr(item, "exceptions", ()) or ())]:
        _readings_under(sub, out)


def reading_words(program: Any) -> dict[str, str]:
    """The reading in full -> its short words: those a rule gives (`@reading "words" "reading"`) and
    those of each reading of a contested phrase (`@reading PHRASE NAME "words" "why" { ... }`)."""
    out: dict[str, str] = {}
    for rule in getattr(program, "rules", ()) or ():
        for short, full in getattr(rule, "said", ()) or ():
            out.setdefault(full, short)
        alt = getattr(rule, "alternative", None)
        if alt is not None and rule.readings:
            phrase = program.phrases.get(alt[0])
            chosen = phrase.alternatives.get(alt[1]) if phrase is not None else None
            if chosen is not None and chosen.words:
                out.setdefault(rule.readings[0], chosen.words)
    return out


def _question_provisions(answer: Answer) -> set[str]:
    """The provisions the question's own rules cite (lawful(O): 'ss. 350.02 to 350.101'): that one
    applies or not is the answer itself, which the what-if sentence says already."""
    g = getattr(answer, "proof", None)
    if g is None or g.graph.get("root") is None:
        return set()
    root = g.graph["root"]
    return {g.nodes[c]["provision"] for c in g.successors(root)
            if g.nodes[c].get("kind") == "rule" and g.nodes[c].get("provision")}


def deciding_citations(answer: Answer) -> set[str]:
    """The provisions the argument decides the answer by: its deciding provisions (and those argued
    in full) with the exceptions and cited elements under them, not the ones only 'also checked'."""
    arg = answer.argument
    out = set(stated_provisions(replace(arg, others=[])))
    # a condition a deciding provision's own words state, argued as its element though the law reads
    # it through another provision's rule ('at night' of s. 350.02(2)(b)4, the rule of (b)3 'in
    # daylight' negated: trainer review 11, G6): that rule decides too
    g = answer.graph
    extra: set[str] = set()
    for nid, d in g.nodes(data=True):
        if d.get("kind") != "rule" or not d.get("provision") or not _reads(str(d["provision"]), out):
            continue
        for c in g.successors(nid):
            if g.nodes[c].get("kind") != "negation":
                continue
            for inner in g.successors(c):
                for r in g.successors(inner):
                    rd = g.nodes[r]
                    if rd.get("kind") == "rule" and rd.get("provision"):
                        extra.add(str(rd["provision"]))
    return out | extra


def _reads(citation: str, deciding: set[str]) -> bool:
    return any(citation == d or citation.startswith(d + ".") or citation.startswith(d + "(") for d in deciding)


def _within(e: str, d: str) -> bool:
    """Citation e is a subdivision of d ('350.02(2)(b)4' of '350.02(2)(b)'; '350.101' is not of '350.10')."""
    return e != d and e.startswith(d) and (d[-1] == ")" or not e[len(d)].isdigit())


def scope_inputs(answer: Answer, rb: Rulebase) -> set[NodeInput]:
    """(entity, attribute) of the inputs only the lead-ins of the deciding provisions read: the facts
    that bring the case within a provision's reach ('adjacent to a roadway' for s. 350.02(2)(b)),
    not the elements or exceptions of its deciding subdivision. A change to one of them takes the
    case outside the provision; a trainee learns more from a change inside it first. A lead-in is a
    provision a deciding provision is a subdivision of (s. 350.02(2)(b) over (b)4), never the
    deciding provision itself: the exceptions under it (4.a, 4.c) do not make its elements scope."""
    deciding = deciding_citations(answer)
    heads = {p.citation for p in answer.argument.provisions if p.citation}
    leads = {d for d in deciding if any(_within(h, d) for h in heads)}
    if not leads:
        return set()
    g = answer.graph
    read_by: dict[NodeInput, set[str]] = {}
    for nid, found in _input_nodes(answer, rb):
        citing = _citing_rules(g, nid)
        for key in found:
            read_by.setdefault(key, set()).update(citing)
    return {key for key, citing in read_by.items() if citing and citing <= leads}


def _input_nodes(answer: Answer, rb: Rulebase) -> Iterator[tuple[str, Sequence[NodeInput]]]:
    """(node id, [(entity, attribute)]) of each node of the proof that reads inputs: an unknown or
    presumed input, a stated fact, a comparison of input values."""
    g = answer.graph
    prog = rb.checked.program
    rules = {code.rule.rule_id: code.rule for code in rb.codes.rules}
    for nid, d in g.nodes(data=True):
        kind = d.get("kind")
        if kind in ("unknown", "presumed"):
            yield nid, [(d.get("entity"), d.get("pred"))]
        elif kind == "fact":
            yield nid, [(_entity_from_label(d.get("label"), d.get("pred", "")), d.get("pred", ""))]
        elif kind == "comparison":
            yield nid, _compared_inputs(nid, d, rules, prog)


def deciding_inputs(answer: Answer, rb: Rulebase) -> set[NodeInput]:
    """(entity, attribute) of the inputs a rule of a deciding provision reads (the nearest rules
    above the input in the proof that cite a provision)."""
    deciding = deciding_citations(answer)
    if not deciding:
        return set()
    g = answer.graph
    out: set[NodeInput] = set()
    for nid, found in _input_nodes(answer, rb):
        if any(_reads(c, deciding) for c in _citing_rules(g, nid)):
            out.update(found)
    return out


def _citing_rules(g: networkx.DiGraph, nid: str, depth: int = 0) -> set[str]:
    """The provisions of the nearest rules above a node that cite one."""
    out: set[str] = set()
    for parent in g.predecessors(nid):
        pd = g.nodes[parent]
        if pd.get("kind") == "rule" and pd.get("provision"):
            out.add(pd["provision"])
        elif depth < 12:
            out |= _citing_rules(g, parent, depth + 1)
    return out


# -- the search ----------------------------------------------------------------------------------------------
def answer_change(current: str, new: str) -> str | None:
    """What a change does to a yes/no answer: "flip", "settle", "unsettle" or None (no change)."""
    if new == current:
        return None
    if current == "undetermined":
        return "settle"
    return "flip" if new in ("true", "false") else "unsettle"


def _later(ch: Change) -> bool:
    """The change moves the value up (a time: forward, the shorter way round the clock)."""
    if ch.type == "time":
        return 0 < (int(ch.new) - int(ch.old)) % (24 * 60) < 12 * 60
    return bool(ch.new > ch.old)


def what_if(q: Question, base: Answer | None = None, pairs: bool = True, max_pairs: int = 400,
            max_results: int = 10) -> WhatIf:
    """The nearest changes that change the answer: flip it, settle it, move a value question to
    another value, or leave it no longer established. Single changes first, for each input the
    nearest value on each side for each outcome; pairs only when no single change decides the
    answer another way (a pair is kept only when neither of its changes alone has its outcome).
    Outcomes ranked nearest first: fewest changes, then the smallest distance (Change.distance),
    then the input's place in the proof. Under the Question's settings (the engine too):
    `Question.whatif()`."""
    from ..core.settings import use
    with use(q.settings or current()):
        return _what_if(q, base, pairs, max_pairs, max_results)


def _what_if(q: Question, base: Answer | None, pairs: bool, max_pairs: int, max_results: int) -> WhatIf:
    rb, case, atom, saved = q.law, q.case, q.atom, q.saved
    engine = current().engine
    base = base or q.answer(interpretation=False)
    result = WhatIf(base)
    # a yes/no question about each entity whose answer is not TRUE: each entity argued on its own
    # (answer/each.py); the inputs of every entity's own proof are changed, and a change that moves
    # one entity's own answer while the answer stays is an outcome too (kind "each")
    each = _each_rows(rb, atom, saved, base)
    parts = [row["part"] for row in each.values()] if each else []
    if each:
        result.subject = str(getattr(saved, "subject", "") or "entity")
    # once: base.cited walks every proof node (walked again for every input, 9,997 priors of varied
    # dates kept export past 550 s under a 60 s limit)
    relevant = base.cited.union(*(p.cited for p in parts)) if parts else base.cited
    # a value question (forfeiture(V, Min, Max)): a change of the value found is a change of the answer
    value_question = base.answer == "true" and bool(variables(atom))
    base_rows = quick_rows(rb, case, atom, engine, saved)[1] if value_question else None
    groups: list[list[Change]] = []
    changes: Sequence[Change]   # one input's candidate changes here; a set of changes found (a tuple) below
    inputs = relevant_inputs(base, rb)
    own = len(inputs)   # the answer's own inputs; those of the other entities' proofs after them
    for part in parts:
        inputs += [key for key in relevant_inputs(part, rb) if key not in inputs]
    # then the inputs the answer rests on that its proof never shows (dependent_inputs) of an entity
    # the proof leaves out that is a record of one it reads (`prior_of(old_prior, pulp_hauler)`):
    # the months since a prior conviction the count leaves out ('only the recent conviction is
    # counted': review 6, 08); never the other rides of a night the answer does not turn on
    # Only the records the count turns on (_edge_records): with more of them counted than any rule
    # counts, no one of them moved changes the answer (2,000 priors within the period), and of the
    # ones left out only the nearest way across the line per fact is tried (_nearest_records below)
    edge = _edge_records(rb, case, atom, _records(case, inputs), engine)
    record_inputs = [key for key in dependent_inputs(rb, case, atom, base, among=edge) if key not in inputs]
    inputs += record_inputs
    # the records the proof itself argues (each prior left out, with its months: their months are
    # inputs of the proof) are narrowed alike, where a rule counts them (two distinct ones or more):
    # of 40 priors left out only the nearest is moved inside the period, never each one
    argued = _edge_records(rb, case, atom, _records(case, inputs, argued=True), engine, counts_only=True)
    nearest = {key: edge[key[0]] for key in record_inputs}
    nearest.update({key: argued[key[0]] for key in inputs if key[0] in argued and key not in nearest})
    paired = 0   # the groups the pair search draws on: the answer's own inputs, as for any question
    premises = _premises(rb, atom) if base.answer == "true" else set()
    feeds = _read_by(rb.program.rules, atom.pred) | {atom.pred}   # the lines a what-if may cross (thresholds)
    for i, (entity, attr) in enumerate(inputs):
        check_deadline()   # thousands of inputs (a vehicle's priors): finding candidates is under the time limit too
        changes = [ch for ch in candidate_changes(rb, case, entity, attr, relevant=relevant, feeds=feeds)
                   if possible(rb, case, [ch]) and not (ch.attribute in premises and ch.old is True and ch.new is False)]
        if changes:
            groups.append(changes)
            paired += i < own
    groups = _nearest_records(groups, nearest)
    result.candidates = [c for g in groups for c in g]
    answers: dict[tuple[Change, ...], Answer] = {}

    def changed_answer(changes: tuple[Change, ...]) -> Answer:
        """The changed case's full answer (once per set of changes)."""
        if changes not in answers:
            changed = q.with_case(apply_changes(case, changes))
            answers[changes] = changed.answer(interpretation=False)
        return answers[changes]

    found: list[tuple[tuple[Change, ...], str, int]] = []      # (changes, kind, order)
    alone: dict[Change, str | None] = {}      # a single change -> its outcome
    moved: dict[tuple[Change, ...], list[EachRow]] = {}   # a single change of kind "each" -> the rows of the entities whose own answer it changes
    for order, group in enumerate(groups):
        sides: set[tuple[object, ...]] = set()
        for ch in group:
            check_deadline()
            result.tried += 1
            new, rows = quick_rows(rb, apply_changes(case, [ch]), atom, engine, saved)
            kind = answer_change(base.answer, new)
            if kind == "unsettle":   # the quick split may run out where the full answer argues by cases:
                full = changed_answer((ch,))   # never 'no longer established' for an answer that stays
                new, kind = full.answer, answer_change(base.answer, full.answer)
                if kind is None and value_question and full.bindings != base.bindings:
                    kind = "value"
            if (kind is None and value_question and new == "true" and rows != base_rows
                    and (ch.step or (ch.type == "boolean" or ch.type in NUMERIC)
                         and _parties(rows, case) != _parties(base_rows, case)
                         or _nothing_due(rb, atom, rows) != _nothing_due(rb, atom, base_rows)
                         or changed_answer((ch,)).cited != base.cited)):
                # a row of one party gone or come by a fact of its own (the first purchaser's record
                # kept to day 30: it forfeits nothing, the second still does) changes the answer though
                # the provisions cited stay the same (trainer review 9: 'no change of a single fact' was
                # false); a count moved to another person is no such change (review 4, 04); nor is an
                # amount due where none was, under the same provision ('not reloaded': $50 under
                # s. 348.21(2)(b), where the reload left no forfeiture: trainer review 12, 04)
                kind = "value"
            if kind == "flip" and _nothing_either_way(rb, atom, base.answer, base_rows, new, rows):
                kind = None   # 'no forfeiture may be imposed' and 'no forfeiture follows': the same answer
            alone[ch] = kind
            moves: tuple = ()
            if kind is None and each:   # the answer stays: does some entity's own answer change?
                moves = _own_moves(rb, apply_changes(case, [ch]), atom, each, engine)
                kind = "each" if moves else None
            if kind is None:
                continue
            side: tuple
            if ch.type == "boolean" or ch.type not in NUMERIC:
                side = (ch.new,)  # every word that changes it is its own change
            elif ch.old is UNKNOWN:
                side = (new, kind)
            else:
                side = (_later(ch), kind, ch.step)   # the next increment is its own change
            side += moves
            if side in sides:
                continue  # a farther value on the same side with the same outcome: not a nearest change
            if kind == "each":   # confirmed by the full answer: the answer stays, the entities' own answers move
                moving = _moved_rows(changed_answer((ch,)), base, each)
                if not moving:
                    continue
                moved[(ch,)] = moving
            sides.add(side)
            found.append(((ch,), kind, order))
    if pairs and not any(kind not in ("unsettle", "each") for _, kind, _ in found):
        result.searched = "pairs"

        def judge(a: Change, b: Change) -> str | None:
            if two_parties(case, a, b) and not (a.old is UNKNOWN and b.old is UNKNOWN):
                # (two facts the case leaves unstated, each filled in, are the open question itself:
                # the verdicts on counts 1 and 2, never a swap of people: trainer review 14, 07)
                return None   # two parties' facts changed at once ('count 1 charged to Erin, count 3 to Dale'): no lesson
            if not possible(rb, case, [a, b]):
                return None   # two facts that cannot both hold
            new, rows = quick_rows(rb, apply_changes(case, [a, b]), atom, engine, saved)
            kind = answer_change(base.answer, new)
            if kind == "flip" and _nothing_either_way(rb, atom, base.answer, base_rows, new, rows):
                return None   # no amount due either way: not a reversal
            if kind == "unsettle":   # confirmed by the full answer, as for a single change
                kind = answer_change(base.answer, changed_answer((a, b)).answer)
            if kind is None or kind in (alone.get(a), alone.get(b)):
                return None   # no change, or one of the two alone does as much: not a nearest pair
            return kind
        kept, tried, result.truncated = search_pairs([pair_pool(g) for g in groups[:paired]], judge, max_pairs)
        result.tried += tried
        found += [((a, b), kind, i) for a, b, i, kind in kept]
    for changes, kind, _ in found:
        if kind == "each":
            moving = moved[changes]
            key = (len(changes), moving[0]["answer"], len(moving) == 1)
            result.each[key] = result.each.get(key, 0) + 1
            continue
        result.counts[(len(changes), kind)] = result.counts.get((len(changes), kind), 0) + 1
    # nearest first, the changes that teach the deciding provisions before the others: fewest
    # changes; then an input of a deciding provision (its elements and exceptions) before a yes/no
    # fact only its lead-in reads (one that brings the case within the provision's reach, as
    # 'adjacent to a roadway' for s. 350.02(2)(b)4: scope_inputs), before an input only the
    # provisions 'also checked' read, and a value moved under the same provisions (one pound more,
    # five cents more) last; then the smallest distance; then the place in the proof
    deciding = deciding_inputs(base, rb).union(*(deciding_inputs(p, rb) for p in parts))
    scope = scope_inputs(base, rb).union(*(scope_inputs(p, rb) for p in parts))
    ranked: list[tuple[tuple[Change, ...], str, int, int]] = []
    for changes, kind, order in found:
        tier = 0 if all(c.key in deciding for c in changes) else 2
        if tier == 0 and all(c.key in scope and c.type == "boolean" for c in changes):
            tier = 1
        if kind == "value":
            answer = changed_answer(changes)
            # only a value moved within the same subdivisions: one that crosses a rate bracket (82,000 lb:
            # the excess at 2,000 lb, s. 348.21(3)(b)1.a for 1.b) names another subdivision and teaches it
            if not any(provision_changes(rb, case, apply_changes(case, changes), base, answer, engine)) \
                    and set(stated_provisions(base.argument)) == set(stated_provisions(answer.argument)):
                tier = 3
        ranked.append((changes, kind, order, tier))
    # a change of one entity's own answer (the answer stays) after those that change the answer; a
    # change of the fact the case turns on (the answer moves to another paragraph: a prior
    # conviction moved inside the 12-month period makes a 2nd conviction a 3rd, (3g)(a) -> (3g)(b))
    # before a step among the numbered tiers of the same paragraph, however near ((3g)(a)2 -> 1), when
    # it is a number or a word of another entity than the ones the answer is about (a prior
    # conviction's months or provision: what the case's count turns on); a vehicle's own facts and
    # a yes/no fact of a ride or a trail keep their order (the nearest first)
    turning = {changes: _turns(rb, case, base, changes, changed_answer(changes), engine)
               for changes, kind, _, _ in ranked if kind in ("flip", "value")}
    subjects = {a.value for a in atom.args if isinstance(a, Const)} | {
        v for b in base.bindings for v in b.values() if isinstance(v, str) and v in case.entities}
    # a change that only brings the excess to 0 (no offence at all: 'the weight found had been
    # 80,000 lb') after every change inside the law (review 6, 07, 08, 12: trivial)
    # an answer the unstated facts leave open: the changes that only fill them in (the verdicts) before
    # any that also change a stated fact (the charging paragraph: trainer review 14, 07)
    open_only = base.answer == "undetermined"
    ranked.sort(key=lambda f: (len(f[0]), f[1] == "each",
                               open_only and not all(c.old is UNKNOWN for c in f[0]),
                               not (turning.get(f[0], False) and all(c.entity not in subjects and c.type != "boolean"
                                                                     for c in f[0])),
                               all(c.clears for c in f[0]), f[3], sum(c.distance for c in f[0]), f[2]))
    if open_only and any(len(f[0]) > 1 and all(c.old is UNKNOWN for c in f[0]) for f in ranked):
        # the unstated facts filled in together decide it: a pair that also moves a stated fact teaches
        # nothing the case asks (count 1 brought under par. (b) instead)
        ranked = [f for f in ranked if len(f[0]) == 1 or all(c.old is UNKNOWN for c in f[0])]
    taught: set[tuple[object, ...]] = set()   # what a shown single change through a computed amount teaches (the same amount reached another way)
    # at most three times the list's length examined: changes merged as one lesson never make the
    # search unbounded (1,500 priors, each carrying the same total across the same threshold)
    for changes, kind, order, tier in ranked[:3 * max_results]:
        if len(result.outcomes) >= max_results:
            break
        check_deadline()
        answer = changed_answer(changes)
        same = _same_lesson(changes, kind, answer)
        if same is not None and same in taught:
            result.merged += 1   # e.g. the weight found 200 lb lower and the limit 200 lb higher: one lesson
            continue
        word = _same_word_lesson(changes, kind, answer)
        if word is not None and word in taught:
            continue   # the prior ended in a deposit forfeited, not a judgment: the same lesson again
        if word is not None:
            taught.add(word)
        moving = moved.get(changes, [])
        if moving:   # the provisions that move for the (first) entity whose own answer changes
            gained, lost = provision_changes(rb, case, apply_changes(case, changes), each[moving[0]["entity"]]["part"],
                                             cast(Answer, moving[0]["part"]), engine)   # _moved_rows: each has its part
        else:
            gained, lost = provision_changes(rb, case, apply_changes(case, changes), base, answer, engine)
        if same is not None:
            taught.add(same)
        changes = tuple(_crossing_cited(c, gained, lost) for c in changes)
        result.outcomes.append(Outcome(tuple(changes), answer, kind, base, order, gained, lost, tier, moving))
    return result


def _parties(rows: Iterable[tuple[object, ...]] | None, case: Case) -> frozenset[tuple[object, ...]]:
    """The entities of the case each certain row of a value question names, row by row (a purchaser
    and its record): which parties the answer finds something for, apart from the values found."""
    return frozenset(tuple(v for v in row if isinstance(v, str) and v in case.entities) for row in rows or ())


def _nothing_due(rb: Rulebase, atom: Atom, rows: frozenset[tuple[object, ...]] | None) -> bool:
    """Whether the rows found give an amount of zero in every money place of the question
    (forfeiture(V, 0, 0): 'no forfeiture ... may be imposed', the reload of s. 348.21(2)(b))."""
    decl = rb.checked.program.preds.get(atom.key)
    money = [i for i, p in enumerate(decl.params) if p.type == "money"] if decl is not None else []
    return bool(rows) and bool(money) and all(len(r) > i and r[i] == 0 for r in rows or () for i in money)


def _nothing_either_way(rb: Rulebase, atom: Atom, current: str, base_rows: frozenset[tuple[object, ...]] | None,
                        new: str, rows: frozenset[tuple[object, ...]]) -> bool:
    """Whether a change between an amount of zero found and no amount found leaves the same answer
    in a trainee's words: no forfeiture either way ('no forfeiture may be imposed' under the reload
    of s. 348.21(2)(b) against 'no forfeiture follows' of a vehicle within its limit). Listed under
    'would reverse the answer' it read as a reversal that was none (trainer review 12, 04)."""
    if current == "true" and new == "false":
        return _nothing_due(rb, atom, base_rows)
    if current == "false" and new == "true":
        return _nothing_due(rb, atom, rows)
    return False


def _premises(rb: Rulebase, atom: Atom) -> set[str]:
    """The true/false inputs the question's own rules require as such (`may_proceed(V) :- weighed(V),
    ...`: the question is asked after a weighing). An answer that holds is never turned by taking one
    of them away: 'if the cattle trailer had not been weighed, the facts do not show that it may
    proceed' reads as holding back a vehicle no one weighed, which par. (a) never does (review 8, 07);
    the question is then not asked at all."""
    prog = rb.checked.program
    out = set()
    negated = set()   # an input another rule of the question requires not to hold decides between
    # its answers, no premise of asking it: 'reloaded' gives no forfeiture, 'not reloaded' $50
    # (s. 348.21(2)(b): trainer review 12, 04, the what-if that teaches the rule was never tried)
    for rule in rb.program.rules:
        if rule.head.pred != atom.pred:
            continue
        for lit in rule.body:
            if isinstance(lit, Positive) and len(lit.atom.args) == 1:
                decl = input_decl(prog, lit.atom.pred)
                if decl is not None and decl.arity == 1:
                    out.add(lit.atom.pred)
            elif isinstance(lit, Negative) and len(lit.atom.args) == 1:
                negated.add(lit.atom.pred)
    return out - negated


def _crossing_cited(change: Change, gained: Sequence[str], lost: Sequence[str]) -> Change:
    """The change with its note citing, of the provisions that draw its threshold, only those the
    changed answer moves between (gained or lost, or a provision or subdivision of one): 81,999 lb
    puts the log truck under (3g)(a)1 instead of (3g)(a)2, and 'the threshold in s. 348.21(2)(b)',
    which draws the same 2,000 for another purpose, named a rule the answer never applies (review 8,
    11); where none of them is, those the answer moves between. Unchanged where the change moves
    no provision (nothing to narrow by)."""
    if not change.crossed or not (gained or lost):
        return change
    noun, amount, boundary, provisions, kind, of_what = change.crossed
    moved = [*gained, *lost]
    keep = [p for p in provisions if any(p == q or within_provision(q, p) or within_provision(p, q) for q in moved)]
    if not keep:
        # none of them is moved between: the line crossed is the one into (or out of) the paragraphs
        # the answer moves between ('the threshold in s. 348.21(3g)(a)1 and s. 348.21(3g)(a)2 is 2,000')
        keep = statute_order({*gained, *lost})
    return replace(change, note=crossing(noun, amount, boundary, keep, kind, of_what))


def _set_by_law(program: Program) -> set[str]:
    """The inputs that stand in for text outside the excerpt (`@hole ... for p`, `@note ... for p`):
    a maximum weight the case states because ss. 348.15 to 348.17 are not supplied is a limit the
    law sets, not a fact a trainee can vary ('If the maximum weight applicable to the engine lowboy
    had been 115,999 lb instead of 80,000 lb', trainer review 15, 12)."""
    return {p for h in getattr(program, "holes", None) or () for p in getattr(h, "preds", None) or ()}


def _identity_link(program: Program, attr: str) -> bool:
    """attr names who an entity is about (`@names charged_person(C, P) "the person charged"`)."""
    return (attr, 2) in (getattr(program, "names_in", None) or {})


def _identity_values(program: Program, case: Case, entity: str) -> frozenset[tuple[str, object]]:
    """The entity's identity links as the case states them: {(charged_person, dale)}."""
    return frozenset((r.pred, r.args[1]) for r in case.rows if len(r.args) == 2 and r.args[0] == entity
                     and r.known and _identity_link(program, r.pred))


def _references(case: Case, entity: str) -> frozenset[tuple[str, object]]:
    """The entity's references to the case's other entities as stated: {(charged_person, dale),
    (charge_incident, ride_feb3)}."""
    return frozenset((r.pred, r.args[1]) for r in case.rows if len(r.args) == 2 and r.args[0] == entity and r.known
                     and isinstance(r.args[1], str) and r.args[1] in case.entities)


def _twin_words(case: Case, entity: str, attr: str) -> set[object]:
    """The words of attr that another entity of the kind with the same references has (another count
    against the same person for the same ride): the entity set to one of them would be a second of
    that one, a case the excerpt may not speak to ('if count 2 had been brought under par. (a)', count
    1 being under par. (a) for the same ride: two par. (a) counts of one ride are not what s.
    350.101(1)(d) governs; trainer review 16, 01). Our reading: such a change is tried, and not listed
    where its answer establishes something of the twin case (WhatIf.nearest)."""
    refs = _references(case, entity)
    if not refs:
        return set()
    kind = case.entities.get(entity)
    return {r.args[1] for r in case.rows if r.pred == attr and len(r.args) == 2 and r.known and r.args[0] != entity
            and case.entities.get(r.args[0]) == kind and _references(case, r.args[0]) == refs}


def _joined(rb: Rulebase, attr: str) -> bool:
    """Some rule reads the reference twice with one value (`charge_incident(A, I), charge_incident(B, I)`)."""
    for code in rb.codes.rules:
        seen: list[str] = []
        for lit in code.rule.body:
            if isinstance(lit, Positive) and lit.atom.pred == attr and len(lit.atom.args) == 2 \
                    and isinstance(lit.atom.args[1], Var):
                seen.append(lit.atom.args[1].name)
        if len(seen) != len(set(seen)):
            return True
    return False


def _records(case: Case, inputs: Sequence[InputKey], argued: bool = False) -> set[str]:
    """The entities no input of the proof belongs to that name one that does in a fact of theirs
    (a prior conviction of the vehicle: prior_of(old_prior, pulp_hauler)); argued: those the proof
    reads inputs of (a prior argued as not counted, with its months)."""
    read = {entity for entity, _ in inputs}
    return {r.args[0] for r in case.rows if len(r.args) == 2 and (r.args[0] in read) == argued and r.args[1] in read
            and r.args[0] != r.args[1] and isinstance(r.args[0], str) and r.args[0] in case.entities}


def _edge_records(rb: Rulebase, case: Case, atom: Atom, records: set[str], engine: str,
                  counts_only: bool = False) -> dict[str, bool]:
    """Of the records (a vehicle's prior convictions), those whose one fact moved could change how
    many the law counts across a line a rule draws, found from the rules and one evaluation of the
    relation that counts them (`weight_prior(V, C)`), never by answering the question once per
    record. A rule counts at most as many distinct records as it has atoms of the relation
    (`weight_prior(V, A), weight_prior(V, B), A != B`: two); with more than that counted for an
    entity, taking one away changes no rule, and with that many, adding one changes none either (2,000
    priors within the period: none is tried). Under it, each counted record (its losing a fact is
    a lesson: 'if the prior had been 13 months earlier, a 2nd conviction') and each left out one
    (the old prior moved inside the 12-month period: a 3rd conviction) may be tried. Each record
    tried -> whether it is counted now."""
    if not records:
        return {}
    prog = rb.checked.program
    kinds = {case.entities.get(r) for r in records}
    keys = cone(rb.checked, atom.key)
    links: dict[tuple[str, int], tuple[int, int]] = {}   # relation -> (its record position, the most one rule counts)
    for key in keys:
        decl = prog.preds.get(key)
        if decl is None or decl.is_input or len(decl.params) < 2:
            continue
        types = [p.type for p in decl.params]
        places = [i for i, t in enumerate(types) if t in kinds]
        if len(places) != 1 or not any(t in prog.entities for i, t in enumerate(types) if i != places[0]):
            continue
        most = 0
        for rule in rb.program.rules:
            if rule.head.key in keys:
                most = max(most, len({str(lit.atom.args[places[0]]) for lit in rule.body
                                      if isinstance(lit, (Positive, Negative)) and lit.atom.key == key}))
        if most > counts_only:   # counts_only: a rule that counts distinct records (two or more atoms)
            links[key] = (places[0], most)
    if not links:
        return {} if counts_only else dict.fromkeys(records, False)   # no relation counts them: each may be the one the answer turns on
    edge: dict[str, bool] = {}
    settings = current()
    names: dict[object, set[object]] = {}   # record -> the entities it names (prior_of(old_prior, pulp_hauler))
    for row in case.rows:
        if len(row.args) == 2 and row.args[0] in records and row.known and row.args[1] in case.entities:
            names.setdefault(row.args[0], set()).add(row.args[1])
    for key, (at, most) in links.items():
        check_deadline()
        with open_session(rb, case.rows, key, engine, max_rows=settings.rows) as session:
            certain, _ = session.status(key[0], (None,) * key[1])
        counted: dict[object, set[object]] = {}   # an entity -> the records counted for it
        for row in certain:
            for i, v in enumerate(row):
                if i != at:
                    counted.setdefault(v, set()).add(row[at])
        for r in records:
            for named in names.get(r, ()):
                got = counted.get(named, set())
                if (r in got and len(got) <= most) or (r not in got and len(got) < most):
                    edge[r] = edge.get(r, False) or r in got
    return edge


def _nearest_records(groups: list[list[Change]], record_inputs: dict[InputKey, bool]) -> list[list[Change]]:
    """Of the records' candidate changes, the nearest per fact and per value it would take (the prior
    14 months back moved to 12, not the one 30 months back): records alike in that fact teach the
    same lesson once (a counted one and one left out apart). record_inputs: the records' inputs ->
    whether the record is counted now."""
    def way(c: Change) -> tuple[str, Value, str, bool]:   # the fact, the value it would take, from which side
        side = "" if not (isinstance(c.old, int) and isinstance(c.new, int)) else "up" if c.new > c.old else "down"
        return c.attribute, c.new, side, record_inputs[c.key]

    best: dict[tuple[str, Value, str, bool], tuple[float, int]] = {}   # the way across -> (distance, the group)
    for g, changes in enumerate(groups):
        for c in changes:
            if c.key in record_inputs:
                if way(c) not in best or c.distance < best[way(c)][0]:
                    best[way(c)] = (c.distance, g)
    keep = {(g, *w) for w, (_, g) in best.items()}
    out = []
    for g, changes in enumerate(groups):
        kept = [c for c in changes if c.key not in record_inputs or (g, *way(c)) in keep]
        if kept:
            out.append(kept)
    return out


def _turns(rb: Rulebase, case: Case, base: Answer, changes: tuple[Change, ...], answer: Answer, engine: str) -> bool:
    """The change moves the answer to another rule of the law, not to the next step of the same
    one: it loses a provision that applies now and gains one that does not, and they are not
    numbered steps of one paragraph (s. 348.21(3g)(a)2 -> (3g)(a)1, one pound less, is a step;
    (3g)(a)2 -> (3g)(b)1, a third conviction, is a turn). Such a change teaches the point the case
    turns on (a count, a place, an incident) and is listed before a step, however near the step."""
    gained, lost = provision_changes(rb, case, apply_changes(case, changes), base, answer, engine)
    if not gained or not lost:
        return False
    return not all(any(_steps(g, l) for l in lost) for g in gained)


def _steps(a: str, b: str) -> bool:
    """Two citations are steps of one paragraph: they differ in their last part only
    ('348.21(3g)(a)1' and '348.21(3g)(a)2'; '348.21(3)(b)2.b' and '2.c'; never '348.21(3)(b)1.e'
    and '2.e', a first and a 2nd conviction)."""
    def parts(c: str) -> list[str]:
        return re.findall(r"\([^)]*\)|\d+|[a-z]+|[^()\d.a-z]+", c.split("(", 1)[1]) if "(" in c else [c]
    pa, pb = parts(a), parts(b)
    return a.split("(", 1)[0] == b.split("(", 1)[0] and len(pa) == len(pb) and pa[:-1] == pb[:-1] and pa != pb


def two_parties(case: Case, a: Change, b: Change) -> bool:
    """The two changes are to two different entities of one kind (count 1 and count 3, the first
    and the second vehicle): a pair that moves two parties' facts at once, each a lesson of its own
    at best ('if count 1 had been charged to Erin Moss, and count 3 to Dale Peters' swaps people),
    which the trainer struck from every handout (review 4, handout 04). Not offered."""
    kinds = case.entities
    return a.entity != b.entity and a.entity in kinds and kinds.get(a.entity) == kinds.get(b.entity)


MAX_EACH = 20   # entities of a question about each whose own answers a change is judged by (beyond: the answer alone)


def _each_rows(rb: Rulebase, atom: Atom, saved: SavedQuery | None, base: Answer) -> dict[str, dict[str, Any]]:
    """{entity: its row} of a yes/no question about each entity whose entities are each argued on
    their own (answer/each.py: the answer is not TRUE, so some entity's own answer keeps it from
    being TRUE); {} for any other question."""
    found = each_subject(rb.checked, atom, saved)
    rows = getattr(base, "each", None) or []
    if (found is None or len(variables(atom)) != 1 or base.answer not in ("false", "undetermined")
            or not 2 <= len(rows) <= MAX_EACH or any(r.get("part") is None for r in rows)):
        return {}
    return {r["entity"]: dict(r, position=found[0]) for r in rows}


def _toward(was: str, new: str) -> bool:
    """An entity's own answer moves toward TRUE (FALSE to open or TRUE, open to TRUE): a step toward
    the other answer of a question about each, whose answer is FALSE while one entity's is, open
    while one entity's is. A lawful ride made unlawful while the answer is unlawful already
    teaches nothing about the answer: it is not an outcome."""
    return ORDER.get(new, 1) > ORDER.get(was, 1)


def _own_moves(rb: Rulebase, changed: Case, atom: Atom, each: dict[str, dict[str, Any]],
               engine: str) -> tuple[tuple[str, str], ...]:
    """((entity, its new answer), ...) of the entities whose own answer (answered quickly, without
    the proof) moves toward TRUE in the changed case (_toward)."""
    out: list[tuple[str, str]] = []
    for entity, row in each.items():
        if row["answer"] == "true":
            continue   # already TRUE: it can only move away
        check_deadline()
        new = quick_answer(rb, changed, ground(atom, row["position"], entity), engine)
        if _toward(row["answer"], new):
            out.append((entity, new))
    return tuple(out)


def _moved_rows(changed: Answer, base: Answer, each: dict[str, dict[str, Any]]) -> list[EachRow]:
    """The rows of the changed answer whose entity's answer moves toward TRUE (_toward), when the
    answer itself stays ([] when it does not, or no entity's does)."""
    if changed.answer != base.answer:
        return []
    rows = getattr(changed, "each", None) or []
    return [r for r in rows if r["entity"] in each and _toward(each[r["entity"]]["answer"], r["answer"])
            and r.get("part") is not None]


def _same_lesson(changes: tuple[Change, ...], kind: str, answer: Answer) -> tuple[object, ...] | None:
    """What a single change that carries a computed amount across a threshold teaches: the outcome,
    the new answer and the amount reached. Two such changes to different inputs (the weight found,
    or the limit it is measured against) that bring the same amount to the same answer teach one
    thing; the farther one is left out of the list (and counted in the summary). The provisions
    they move may differ only in how the amount is reached, so they are not compared."""
    if len(changes) != 1 or not changes[0].note:
        return None
    rows = tuple(sorted(repr(sorted(b.items())) for b in answer.bindings))
    amounts = tuple(re.findall(r"\d[\d,.]*", changes[0].note))   # the computed amount it reaches, and its threshold
    return (kind, answer.answer, rows, amounts)


def _same_word_lesson(changes: tuple[Change, ...], kind: str, answer: Answer) -> tuple[object, ...] | None:
    """What a single change of a word of a closed set teaches: the fact and the answer it leads to.
    Another word for the same fact with the same answer (a prior that had ended in a judgment, a
    deposit forfeited or a forfeiture paid, each a conviction: review 7, 11) is the same lesson,
    shown once, the first word."""
    if len(changes) != 1 or changes[0].type != "symbol":
        return None
    rows = tuple(sorted(repr(sorted(b.items())) for b in answer.bindings))
    return ("word", changes[0].entity, changes[0].attribute, kind, answer.answer, rows)


def pair_pool(group: list[Change], width: int = 1) -> list[Change]:
    """At most the `width` nearest values on each side of a numeric input (keeps the pair search
    small; debug's pair search takes three, the values just below, at and above the nearest threshold)."""
    if not group or group[0].type == "boolean":
        return group
    if group[0].old is UNKNOWN or group[0].type not in NUMERIC:
        return group[:3 * width]
    below = [c for c in group if c.new < c.old][:width]
    above = [c for c in group if c.new > c.old][:width]
    return below + above


def search_pairs(pools: Sequence[Sequence[Change]], judge: Callable[[Change, Change], V | None], max_pairs: int,
                 spare: Callable[[], bool] | None = None) -> tuple[list[tuple[Change, Change, int, V]], int, bool]:
    """Pairs of changes to two different inputs, one from each of two pools (in pool order), at
    most max_pairs of them judged: judge(a, b) -> what the pair does, or None to pass it over.
    spare() -> False stops the search early (debug keeps time to verify and report what it found).
    Returns ([(a, b, index of a's pool, what it does)], pairs judged, whether pairs were left untried)."""
    kept: list[tuple[Change, Change, int, V]] = []
    count = 0
    for (i, a_pool), (j, b_pool) in itertools.combinations(enumerate(pools), 2):
        for a, b in itertools.product(a_pool, b_pool):
            if count >= max_pairs or (spare is not None and not spare()):
                return kept, count, True
            count += 1
            check_deadline()
            verdict = judge(a, b)
            if verdict is not None:
                kept.append((a, b, i, verdict))
    return kept, count, False


def dependent_inputs(rb: Rulebase, case: Case, atom: Atom, answer: Answer,
                     among: Iterable[str] | None = None) -> list[InputKey]:
    """(entity, attribute) of every input the answer may depend on: those in its proof first
    (relevant_inputs), then the inputs of the rules the question's predicate rests on that the proof
    never reached (a condition after one that failed: `trail_use_approved` once `trail_separated`
    fails), for the case's entities of the input's kind, the question's own entities first."""
    out = list(relevant_inputs(answer, rb))
    seen = set(out)
    prog = rb.checked.program
    keys = cone(rb.checked, atom.key)
    named = [a.value for a in atom.args if isinstance(a, Const) and isinstance(a.value, str)]
    entities = sorted(case.entities, key=lambda e: (e not in named, named.index(e) if e in named else 0, e))
    if among is not None:   # the unread inputs of these entities only (the proof's own all the same)
        chosen = set(among)
        entities = [e for e in entities if e in chosen]
        if not entities:
            return []
        out = []
    for rule in rb.program.rules:
        if rule.head.key not in keys:
            continue
        for lit in rule.body:
            check_deadline()
            inner = getattr(lit, "atom", None)
            decl = input_decl(prog, inner.pred) if inner is not None else None
            if inner is None or decl is None or not decl.params:
                continue
            for entity in entities:
                if case.entities[entity] == decl.params[0].type and (entity, inner.pred) not in seen:
                    seen.add((entity, inner.pred))
                    out.append((entity, inner.pred))
    return out


def _clears_a_party(o: Outcome) -> bool:
    """A change after which a party the answer found something for (an amount, a violation) has
    none, every other party's row kept: it clears that party."""
    before = {r["entity"]: r["answer"] for r in getattr(o.base, "each", None) or []}
    after = {r["entity"]: r["answer"] for r in getattr(o.answer, "each", None) or []}
    moved = [e for e, a in before.items() if a == "true" and after.get(e) == "false"]
    return len(moved) == 1 and all(after.get(e) == a for e, a in before.items() if e not in moved)
