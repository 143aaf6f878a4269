"""Assumptions a prosecutor would be asked about, found on the case and said beside the fact in a
handout's facts box (trainer review 4): a month count the law measures to the current conviction,
which the case cannot have yet (with the answer the same law gives when the case ends too late); a
building the case's description calls by another word than the statute's; a figure the description
gives as an estimate ('about 25 mph'), with the margin the what-if search finds. The words are
prose.argument's; every amount is the law's answer on the case varied (Question.varied)."""
from __future__ import annotations

import re
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..answer.timing import answer_short
from ..answer.timing import changed as changed_clauses
from ..core.record import replace
from ..prose.argument import PENDING   # an @input counted to the conviction the case asks about

if TYPE_CHECKING:
    from ..answer.question import Question


def note_assumptions(question: Question, answer: Any, handout: Any, whatif: Any = None) -> None:
    """Notes (and, for a count to the current conviction, the mark) of the handout's facts box."""
    if not handout.facts_box or answer.case is None:
        return
    _pending(question, answer, handout, whatif)
    _given_counts(answer, handout)
    _buildings(handout)
    _estimates(handout, whatif)


def _given_counts(answer: Any, handout: Any) -> None:
    """Every month count the case gives, in the box (and the appendix) as the case gives it, to the incident, one past
    the period as much as one within it (which _pending has said with its assumption): the months to
    the current conviction are never the case's to give (trainer review 16, 05)."""
    from ..prose import argument as words
    incident = words.incident_of(answer)
    for f in handout.facts_box:
        f.text = words.given_to_incident(f.text, incident)
    handout.other_facts = [(words.given_to_incident(t, incident), n) for t, n in getattr(handout, "other_facts", None) or []]


def _without_glosses(program: Any, text: str) -> str:
    """text without the rule files' long glosses (the `[[...]]` of a template, said once a handout)."""
    for g in sorted({getattr(d, "gloss", "") or "" for d in program.preds.values()}, key=len, reverse=True):
        if g:
            text = text.replace(g, "")
    return text


def _pending(question: Question, answer: Any, handout: Any, whatif: Any) -> None:
    """The month counts the answer assumes reach this case's conviction in time (Answer.assumed,
    answer/timing.py: the same words as ask and the JSON) in the facts box, marked assumed with what
    holds otherwise, and both outcomes in the table's row or after a one-party answer."""
    from ..prose import argument as words
    program = question.law.checked.program
    from ..prose.sentences import SaidOnce
    rows = [a for a in getattr(answer, "assumed", None) or [] if a.get("counted")]
    found = []   # (fact, its row)
    once = SaidOnce([getattr(d, "gloss", "") or "" for d in program.preds.values()])
    for f in handout.facts_box:   # a gloss the box says already is not said again by a count put in it
        once(f.text)
    for row in rows:
        full = row["counted"]
        bare = _without_glosses(program, full)   # a later fact reads without the gloss said above it
        fact = next((f for f in handout.facts_box if f.how == "stated" and f.text in (full, bare)), None)
        if fact is None:
            _out_of_party_line(handout, (full, bare))
            # a several-party handout's box said it in the party's one line (taken out above): its own line
            several = len(getattr(getattr(handout, "argument", None), "table", None) or []) > 1
            fact = _dropped(handout, once(full)) if several else None
        if fact is not None:
            found.append((fact, row))
    if not found:
        return
    # the case gives the months to the incident (the weighing, the refusal): the law counts them to
    # this case's conviction, which no case can have yet, so each count within the period is an
    # assumption, said with what holds if this conviction comes later - in the box, in the table's
    # row and in the answer (trainer review 11, G3: 'to the current conviction is 11 months —
    # stated', and the other range only in the box's small type). One date moves every count.
    parties = [str(r.get("entity", "")) for r in getattr(handout.argument, "table", None) or [] if r.get("entity")]
    said: set = set()   # (entity, input) of the counts whose note says what holds past the period
    notes: dict = {}    # party -> what holds for it past the period, as its count's note says it
    for fact, row in found:
        otherwise = row["otherwise"]
        if len(parties) >= 2 and row.get("later") is not None:
            # several parties: what changes for the count's own party, each other's in its own row
            party = _party(answer.case, row["entity"], parties, handout.argument.table)
            otherwise = _of_party(changed_clauses(answer_short(answer), answer_short(row["later"])), party)
            if party and otherwise:
                notes.setdefault(party, otherwise)
        fact.text = words.to_incident(fact.text, PENDING, row["incident"])
        if not row["otherwise"] or not otherwise:
            # an assumption that changes nothing (another count makes up for it, or the answer
            # changes at fewer months left): the count is stated, and only the binding assumption
            # is printed (trainer review 13, G1)
            continue
        fact.how, fact.what = "timing", row["condition"]
        fact.note = words.timing_note(otherwise)
        said.add((row["entity"], row["input"]))
    later = {row["within"]: row.get("later") for row in rows}
    # the parties whose own counts move: only their rows can turn on this case's conviction date; a
    # party with no such count is never conditioned on it (trainer review 15, 12: the gear flatbed,
    # no prior, read '$64.00 to $214.00 ... if this case's conviction is entered within 5 months')
    owners = {_party(answer.case, row["entity"], parties, handout.argument.table) for row in rows}
    if all(v is not None for v in later.values()):
        _carry(handout, answer, later, rows[0]["incident"], notes, owners if "" not in owners else None)
    _notes_in_rows(handout, [fact for fact, _ in found])
    # a what-if moving one such count past the period says again what its note says, and the table's
    # row or the sentence after the answer (the log truck's 10 months read 13: five lines)
    handout.contrasts = [c for c in handout.contrasts if not _moves_count(c, said)]


def _notes_in_rows(handout: Any, facts: list) -> None:
    """Several parties: a count's note in the box ('otherwise $222.50 to $372.50 (s. 348.21(3)(b)1)')
    that its party's row of the results table says in the same words is not said again under the
    fact: the box keeps the assumption's mark, the row says what holds past the period (issue 46,
    item 4: the five histories said each such range in the row, at the count and in the box)."""
    table = getattr(getattr(handout, "argument", None), "table", None) or []
    if len(table) < 2:
        return
    cells = [" ".join(str(v) for v in r.get("established") or [] if v) for r in table]
    for fact in facts:
        said = str(getattr(fact, "note", "") or "")
        amount = said.split(" ", 1)[1] if said.startswith("otherwise ") else ""
        if amount and any(f"otherwise {amount}" in cell for cell in cells):
            fact.note = ""


def _moves_count(contrast: Any, said: set) -> bool:
    """Whether a what-if changes only one count whose note says already what holds once it is past
    the period (several parties: the third vehicle's 10 months read 13, its row and the count's note
    giving the same range, issue 46 item 4)."""
    changes = list(getattr(contrast, "changes", None) or [])
    # one that says more, a case apart ('If the judgment ... was affirmed ...; if not, ...'), stays
    return len(changes) == 1 and (changes[0].get("entity"), changes[0].get("attribute")) in said \
        and "; if not, " not in str(getattr(contrast, "sentence", ""))


def _party(case: Any, entity: str, parties: list, table: Any = ()) -> str:
    """The results table's party an entity is tied to by a fact of the case (a prior conviction by
    whose record it is on), by its name in the table; a person tied to it is the party of the row
    that binds that person (a prior on the owner-operator's record: the vehicle he is charged over);
    '' if none."""
    names = getattr(case, "names", None) or {}
    bound = {str(r.get("imposed_on")): str(r.get("entity")) for r in table or () if r.get("imposed_on")}
    for r in getattr(case, "rows", None) or []:
        if r.known and len(r.args) == 2 and r.args[0] == entity and isinstance(r.args[1], str):
            name = names.get(r.args[1], r.args[1])
            if name in parties:
                return str(name)
            if name in bound and bound[name] in parties and list(bound.values()).count(bound[name]) == 1 \
                    and list(bound).count(name) == 1:
                return bound[name]
    return ""


def _of_party(otherwise: str, party: str) -> str:
    """Of the clauses a later conviction changes ('; '-joined, one a party), those of the count's own
    party: each other party's row in the table says its own (trainer review 11, G3; issue 46, item 4:
    five vehicles' changes repeated under each of six counts, the second vehicle's amount under the
    third's). With no party found, all of them."""
    if not party:
        return otherwise
    pattern = re.compile(r"(?<![\w-])" + re.escape(party) + r"(?![\w-])")
    return "; ".join(c for c in otherwise.split("; ") if pattern.search(c))


def _out_of_party_line(handout: Any, texts: tuple) -> None:
    """A count taken out of its party's one line of stated facts, to be said in its own line with
    its assumption (the fourth of four trucks: 'to the current conviction is 8 months' in its line,
    stated, and again below, 'to the incident is 8 months', assumed)."""
    for f in list(handout.facts_box):
        head, colon, said = f.text.partition(": ")
        if not getattr(f, "party", "") or not colon:
            continue
        parts = said.split("; ")
        kept = [x for x in parts if x not in texts]
        if len(kept) < len(parts):
            if kept and not kept[0].startswith("and "):
                f.text = f"{head}: {'; '.join(kept)}"
            else:
                handout.facts_box.remove(f)
            return


def _carry(handout: Any, answer: Any, later: dict, incident: str, notes: Any = None,
           owners: set | None = None) -> None:
    """Every outcome into the table's rows the later conviction changes ('$230.00 to $430.00 (s.
    348.21(3)(b)2) if this case's conviction is entered within 1 month of the incident; otherwise
    $128.00 to $278.00 (s. 348.21(3)(b)1)') and, in a one-party handout, after its answer. notes:
    party -> what its count's note says holds past the period; where that itself turns on a fact
    (an appeal's outcome), the row says it so, with its condition and citations, not the later
    row's bare amounts ('otherwise $230.00 to $380.00; or $388.00 to $588.00', trainer review 12, 11).
    owners: the parties (by their names in the table) whose counts move, when each count's party is
    found: no other row is changed, whatever its words read in the later answer."""
    from ..prose import argument as words
    argument = getattr(handout, "argument", None)
    if argument is None:
        return
    table = list(getattr(argument, "table", None) or [])
    lefts = sorted(later)
    if len(table) >= 2:
        thens = [{r.get("entity"): r for r in getattr(later[n].argument, "table", None) or [] if "more" not in r}
                 for n in lefts]
        rows, changed = [], False
        for row in table:
            # a cell of another reading of the law stays as it is, after the rest: the later answers
            # are found on our readings only, so its absence there is no change (the fourth of five
            # vehicles read 'if within 2 months' for the cell of s. 348.21(4)'s 'may')
            reading = [v for v in row.get("on_reading") or [] if v]
            now_said = [v for v in row.get("established") or [] if v and v not in reading]
            saids = [[v for v in (t.get(row.get("entity")) or {}).get("established") or [] if v] for t in thens]
            if "more" in row or not now_said or not all(saids) or all(x == now_said for x in saids) \
                    or owners is not None and str(row.get("entity", "")) not in owners:
                rows.append(row)
                continue
            kept = [v for v in now_said if all(v in x for x in saids)]
            results = ["; ".join(v for v in x if v not in kept) for x in [now_said, *saids]]
            note = (notes or {}).get(str(row.get("entity", "")), "")
            if len(lefts) == 1 and not kept and re.search(r"(?:^|; )if not, ", note):
                results[1] = note   # the later outcome with the fact it turns on, as the note says it
            rows.append({**row, "established": kept + [words.on_timing(results, lefts, incident)] + reading})
            changed = True
        if changed:
            handout.argument = replace(argument, table=rows)
        return
    now = str(answer.argument.short)
    results = [now] + [changed_clauses(now, str(later[n].argument.short)) for n in lefts]
    if not any(results[1:]):
        return
    said = words.timing_sentence(results, lefts, incident)
    handout.answer_sentence = f"{handout.answer_sentence} {said}"
    handout.argument = replace(argument, short=f"{argument.short} {said}")


def _dropped(handout: Any, full: str) -> Any:
    """A count to the current conviction that the argument uses but a several-party handout's box
    left to the party's argument (a stated fact the box does not list): put in the box, where its
    note can say the assumption it decides (trainer review 10, 11: '10 months' was the months to the
    weighing, printed as the months to the conviction with no label)."""
    from ..render.handout import BoxFact
    fact = BoxFact(full, "stated")
    handout.facts_box.append(fact)
    return fact


def _buildings(handout: Any) -> None:
    from ..prose import argument as words
    description = (handout.description or "").lower()
    for statute_word, case_words in words.CASE_WORDS.items():
        if re.search(rf"\b{statute_word}s?\b", description):
            continue   # the case uses the statute's own word
        found = next((w for w in case_words if re.search(rf"\b{re.escape(w)}\b", description)), None)
        if found is None:
            continue
        for f in handout.facts_box:
            if re.search(rf"\b{statute_word}\b", f.text):
                f.note = "; ".join(x for x in (f.note, words.building_note(found, statute_word)) if x)
                # and numbered among 'Our readings', where every reading of the handout is (trainer
                # review 13, 09: 'the cabin, taken as a dwelling' was only beside the fact)
                argument = handout.argument
                said = words.building_reading(found, statute_word)
                if argument is not None and said not in argument.readings:
                    handout.argument = replace(argument, readings=list(argument.readings) + [said])
                break


_UNITS = MappingProxyType({"mph": "mph", "miles per hour": "mph", "ft": "feet", "feet": "feet", "foot": "feet",
          "lb": "lb", "pounds": "lb", "months": "months"})


def _estimates(handout: Any, whatif: Any) -> None:
    from ..prose import argument as words
    from ..prose.sentences import grouped
    description = handout.description or ""
    lead = "|".join(re.escape(w) for w in words.APPROXIMATE)
    units = "|".join(re.escape(u) for u in sorted(_UNITS, key=len, reverse=True))
    for m in re.finditer(rf"\b(?:{lead})\s+(\d[\d,]*)\s*({units})\b", description, re.I):
        value, unit = int(m.group(1).replace(",", "")), _UNITS[m.group(2).lower()]
        shown = f"{grouped(value)} {unit}"
        fact = next((f for f in handout.facts_box if re.search(rf"\b{re.escape(shown)}\b", f.text)), None)
        if fact is None:
            continue
        threshold = margin = ""
        nearest = None
        for o in getattr(whatif, "outcomes", None) or []:
            if o.kind not in ("flip", "unsettle") or len(o.changes) != 1:
                continue
            c = o.changes[0]
            if c.old == value and isinstance(c.new, int) and (nearest is None or abs(c.new - value) < abs(nearest.new - value)):
                nearest = c
        if nearest is not None:
            threshold, margin = nearest.said(nearest.new), nearest.said(abs(nearest.new - value))
        said = words.approximate_note(m.group(0), threshold, margin)
        if said in (fact.note or ""):
            continue   # the description says 'about 25 mph' of two rides: the line says it once
        fact.note = "; ".join(x for x in (fact.note, said) if x)
