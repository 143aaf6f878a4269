"""A month count the law measures to this case's conviction (s. 348.21(4): 'within a given 12-month
period'), which no case can have yet: the case gives the months from the earlier conviction to the
incident, so the count within the period is an assumption - that this case's conviction is entered
within the months left - and the answer says it with what holds if the conviction comes later
(trainer review 11, G3; every assumption visible in the answer, text and JSON). Made once here,
on the Answer (Answer.assumed), so that ask, the JSON, the handouts and the server say it alike.

Each entry: {"entity", "input", "months", "within", "incident", "fact" (the count as the case gives
it, to the incident), "counted" (the law's sentence, to the current conviction), "condition"
('this case's conviction is entered within 8 months of the refusal'), "otherwise" (what holds
then, '$50.00 to $100.00 (s. 348.21(2)(a))'), "steps" ([[months, result]] when several counts
give several outcomes), "sentence" ('Assumed: ...; otherwise ...'), "cited" (the citations of
the later answer), "later" (that Answer, not in the JSON)}."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..core.errors import ReasonerError
from ..core.record import replace
from ..prose.argument import PENDING   # an @input counted to the conviction the case asks about

if TYPE_CHECKING:
    from .result import Answer


def timing_rows(question: Any, answer: Answer) -> list[dict]:   # question: answering.Question (it imports this module)
    """The month counts of the case that the answer assumes reach this case's conviction in time,
    each with the answer when the conviction comes later; [] when there is none."""
    from ..prose import argument as words
    from ..prose.answers import citations
    from ..prose.sentences import case_prose
    case = answer.case
    if case is None or answer.answer != "true":
        return []
    program = question.law.checked.program
    counted = {d.name for d in program.preds.values() if d.is_input and d.arity == 2 and PENDING in d.template}
    if not counted:
        return []
    prose = case_prose(program, case)
    found = []   # (row's entity, pred, months, the change past the period, months left)
    for row in case.rows:
        if row.pred not in counted or not row.known or len(row.args) != 2 or not isinstance(row.args[1], int) \
                or isinstance(row.args[1], bool):
            continue
        entity, months = row.args
        if not _used(answer, row.pred, entity):
            continue
        later = past_bound(program, entity, row.pred, months)
        if later is not None:
            found.append((entity, row.pred, months, later, later.new - 1 - months))
    if not found:
        return []
    incident = incident_word(answer)
    # one date moves every count: a conviction entered d months after the incident adds d to each
    later_answers: dict[int, Any] = {}
    for left in sorted({n for *_, n in found}):
        moved = []
        for _, _, _, change, _ in found:
            moved.append(replace(change, new=change.old + left + 1))
            if not dated_otherwise(case, counted, change):
                moved += unaffirmed(change, change.entity, program)
        try:   # widened as the answer is: a party the law applies another provision to ('s. 348.25(2)(b)
            # applies instead: $64.00 to $214.00') reads the same later, never 'no forfeiture follows'
            # (trainer review 15, 12: the gear flatbed's row conditioned on another vehicle's count)
            later_answers[left] = question.varied(moved).answer(interpretation=False, widen=True)
        except ReasonerError:
            later_answers[left] = None
    now = str(answer_short(answer))
    lefts = sorted(later_answers)
    results = [now] + [changed(now, answer_short(later_answers[n])) if later_answers[n] is not None else ""
                       for n in lefts]
    # several subjects: the rows bind more than one (a reading's 'Read otherwise ...' sentence in the
    # short answer is no second subject)
    several = len({next(iter(r.values()), None) for r in (answer.rows or [])}) > 1
    sentence = words.assumed_sentence(results, lefts, incident, several)
    out = []
    for entity, pred, months, _, left in found:
        later = later_answers[left]
        other = changed(now, answer_short(later)) if later is not None else ""
        # only the binding assumption changes the answer: a count whose later date changes what an
        # earlier date (a count with fewer months left) changed already is plain stated (trainer
        # review 13, G1: the log truck's 5 months, when after 2 months the result is the same)
        other = binding_part(other, [changed(now, answer_short(later_answers[n])) for n in lefts
                                     if n < left and later_answers[n] is not None])
        said = prose.positive(pred, (entity, months))
        full = str(said) if said is not None else ""
        out.append({"entity": entity, "input": pred, "months": months, "within": left, "incident": incident,
                    "fact": words.to_incident(full, PENDING, incident), "counted": full,
                    "condition": words.entered_within(left, incident),
                    "otherwise": words.later_said(other, several),
                    "steps": [[n, words.later_said(r, several)] for n, r in zip(lefts, results[1:]) if r]
                    if len(lefts) > 1 else [],
                    "sentence": sentence, "cited": citations(later)[0] if later is not None else [],
                    "later": later})
    return out


def binding_part(other: str, earlier: list) -> str:
    """Of what a later conviction changes ('; '-joined clauses, one a subject), those whose subject
    no earlier date changes already ('' when none is left: the count's assumption changes nothing)."""
    done = {c.partition(": ")[0] for e in earlier for c in e.split("; ") if c}
    return "; ".join(c for c in other.split("; ") if c and c.partition(": ")[0] not in done) if other else ""


def answer_short(answer: Any) -> str:
    """The answer's own sentence (prose.answers.answer_line), without its argument's additions."""
    from ..prose.answers import answer_line
    return str(answer_line(answer))


def _used(answer: Answer, pred: str, entity: str) -> bool:
    """Whether the proof uses the count (a prior of another vehicle's incident, or one the answer
    never reaches, is no assumption of this answer)."""
    said = re.compile(rf"\b{re.escape(pred)}\({re.escape(entity)},")
    return any(d.get("pred") == pred and said.match(str(d.get("label", ""))) for _, d in answer.proof.nodes(data=True))


def incident_word(answer: Answer) -> str:
    """What the case's incident is, where the saved question's `incident:` names it by a predicate
    its proof establishes ('the weighing', 'the refusal'); else 'the incident'."""
    from ..prose import argument as words
    return words.incident_of(answer)


def changed(now: str, then: str) -> str:
    """What the varied short answer says that the answer now does not: its clauses (one per
    vehicle, '; '-joined) not in the answer now ('the forfeiture ... of truck C: ...'), else ''."""
    def clauses(text: str) -> list:
        return [c for c in re.split(r"; |\.\s+(?=[A-Z])", text.strip().rstrip(".")) if c]
    said = set(clauses(now))
    new = [c for c in clauses(then) if c not in said]
    return "; ".join(new) if now != then else ""


def past_bound(program: Any, entity: str, attribute: str, months: int) -> Any:
    """The change past the bound the law's own rule puts on the count ('M <= 12': 13), or None
    (the count past it already, or the rules bound it in more than one way)."""
    from ..language.ast import Compare, Const, Positive, Var
    from .whatif import Change
    bounds = []
    for rule in program.rules:
        counts = [lit.atom.args[1] for lit in rule.body if isinstance(lit, Positive)
                  and lit.atom.pred == attribute and len(lit.atom.args) == 2 and isinstance(lit.atom.args[1], Var)]
        for lit in rule.body:
            if isinstance(lit, Compare) and counts and lit.left == counts[0] and isinstance(lit.right, Const) \
                    and isinstance(lit.right.value, int) and lit.op in ("<=", "<"):
                bounds.append(lit.right.value + (1 if lit.op == "<=" else 0))
    if len(set(bounds)) != 1 or bounds[0] <= months:
        return None
    decl = next(d for d in program.preds.values() if d.name == attribute)
    return Change(entity, attribute, months, bounds[0], "number", decl.template, unit=decl.params[1].unit or "")


def dated_otherwise(case: Any, counted: set, change: Any) -> bool:
    """Whether the case gives the count's entity another count to the current conviction (the
    affirmance's months beside the original judgment's, s. 348.21(4)): that count moves with this
    one, so the other way the period is met is not taken as not so (the fourth of five vehicles,
    its affirmance 5 months back, read as a first conviction once this case's conviction came 3
    months late: 'within 2 months', not 7)."""
    return any(r.pred in counted and r.pred != change.attribute and r.known and len(r.args) == 2
               and r.args[0] == change.entity for r in case.rows)


def unaffirmed(change: Any, entity: str, program: Any) -> list:
    """The other way the period is met (the affirmance counted instead, s. 348.21(4)) taken as not
    so, when the law declares it as an input of the same entity: the answer when this case ends late."""
    kind = next((d.params[0].type for d in program.preds.values() if d.name == change.attribute), None)
    names = sorted(d.name for d in program.preds.values()
                   if d.is_input and d.arity == 1 and d.name.startswith("affirmed") and d.params[0].type == kind)
    return [replace(change, entity=entity, attribute=n, old=False, new=False, type="boolean", unit="") for n in names[:1]]
