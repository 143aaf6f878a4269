"""What-if sentences: 'if X had been so', 'if <noun phrase> had been <value> instead of <value>', and
what would follow: the answer flipped or settled ('the answer would be FALSE: ...'), or no longer
established ('that op1 violated s. 350.10(1)(g) would no longer be established: it would then depend
on ...').

A statement whose verb is be/have becomes a past-perfect counterfactual ("the trail is approved"
-> "the trail had been approved"); one with a second verb the pattern cannot move ("is of s. ...
and involves ...") becomes "it had been so that ...". A noun phrase with a comma in it is closed
with a comma before "had been". A value carries the unit its @input declares ("10 mph", "151 feet");
the noun phrase then drops a trailing ", in miles per hour" that would say the unit twice.
"""
from __future__ import annotations

import re
from typing import NamedTuple
from types import MappingProxyType

from ..core.values import Day
from .sentences import value_text as show_value   # a date in words ('18 January 2025')
from . import prose_for
from .answers import defeating_atoms, with_provision, answer_heads, answer_line, several_nothing_follows
from .answers import answer_line as full_line
from .glosses import penalty_clause, offender_phrase, offence_place
from .cite import cite
from .argument import and_list
from .order import ordered_children

_BE = re.compile(r"^(.+?) (is|are|was|were) (.+)$")
_HAVE = re.compile(r"^(.+?) (has|have|had) (.+)$")
_BEING_USED = re.compile(r"^being used\b")
_MODAL = re.compile(r"^(.+?) (?:can|may|must|will) be (.+)$")
_CLAUSE = re.compile(r"\b(that|which|who|whom|whose|where|when|can|may|must|will|could|would|should|s\.)(?=\s)")
_SECOND_VERB = re.compile(r"\b(and|or|but) (involves|involve|is|are|was|were|has|have|had|does|did|"
                          r"[a-z]+s)\b(?! of\b)")
# two plural nouns joined ('trailers and semitrailers'): a list of things, not a second verb (a what-if
# read 'including had trailered and semitrailers': trainer review 16, 07)
_NOUN_PAIR = re.compile(r"\b[a-z]+s (?:and|or) [a-z]+s\b")
# a finite 'be' or 'have': the statement's verb, past which no later word is moved ('is leasing
# vehicles, including trailers' is not 'including had trailered')
_FINITE = frozenset({"is", "are", "was", "were", "has", "have"})


def _second_verb(rest: str) -> bool:
    """Whether the words after a statement's verb hold a second verb ('... and runs ...'), two plural
    nouns joined ('trailers and semitrailers') not counted."""
    for m in _SECOND_VERB.finditer(rest):
        if m.group(2) in ("involves", "involve", "is", "are", "was", "were", "has", "have", "had", "does", "did"):
            return True
        before = rest[:m.start()].rstrip().rpartition(" ")[2]
        if not _NOUN_PAIR.match(f"{before} {m.group(1)} {m.group(2)}"):
            return True
    return False
# the units @input declarations name (number(mph), number(feet), ...): singular, plural, and the words
# a template uses for the unit ("the speed ..., in miles per hour")
UNIT_WORDS = MappingProxyType({"mph": ("mph", "mph", "miles per hour"), "feet": ("foot", "feet", "feet"),
              "miles": ("mile", "miles", "miles"), "inches": ("inch", "inches", "inches"),
              "pounds": ("lb", "lb", "pounds"), "days": ("day", "days", "days"),
              "months": ("month", "months", "months"), "years": ("year", "years", "years"),
              "hours": ("hour", "hours", "hours"), "dba": ("dBA", "dBA", "decibels of A sound pressure"),
              "count": ("", "", ""), "grams_per_100_ml": ("", "", ""),   # the excerpt's "0.1 or more": no unit
              "pounds_per_square_foot": ("lb per square foot", "lb per square foot", "pounds per square foot")})
MAX_NAMED_DEPENDS = 2   # facts named in a "would then depend on" clause; the rest are counted


def counterfactual(statement: str, positive: bool) -> str:
    """'the trail is approved by X' -> 'the trail had been approved by X' (or 'had not been'); 'the
    load can be reloaded ...' -> 'the load could have been reloaded ...'; a subject with a clause of
    its own ('... so that all axles are ...') is not split: 'it had been so that ...'."""
    neg = "" if positive else "not "
    m = _MODAL.match(statement)
    if m and not _CLAUSE.search(m.group(1)):
        return f"{m.group(1)} could {neg}have been {m.group(2)}"
    m = _BE.match(statement)
    if m and not _second_verb(m.group(3)) and not _CLAUSE.search(m.group(1)):
        rest = _BEING_USED.sub("in use", m.group(3))   # 'had not been being used' -> 'had not been in use' (review 8, 08)
        return f"{m.group(1)} had {neg}been {rest}"
    m = _HAVE.match(statement)
    if m and not _second_verb(m.group(3)) and not _CLAUSE.search(m.group(1)):
        if m.group(3).startswith("been "):   # 'has been declared' -> 'had been declared'
            return f"{m.group(1)} had {neg}{m.group(3)}"
        return f"{m.group(1)} had {neg}had {m.group(3)}"
    perfect = _past_perfect(statement, neg)
    if perfect:
        return perfect
    # no verb the patterns can move: the statement as the facts ('if the facts had been that ...')
    return f"the facts had {neg}been that {statement}" if not neg else f"it had not been the case that {statement}"


# the past participles of the irregular verbs the rule files' sentences use (past and present forms)
_IRREGULAR = MappingProxyType({"took": "taken", "takes": "taken", "drove": "driven", "drives": "driven", "held": "held",
              "holds": "held", "made": "made", "makes": "made", "rode": "ridden", "rides": "ridden",
              "went": "gone", "goes": "gone", "gave": "given", "gives": "given", "knew": "known",
              "saw": "seen", "sees": "seen", "ran": "run", "runs": "run", "paid": "paid", "pays": "paid",
              "sold": "sold", "sells": "sold", "kept": "kept", "keeps": "kept", "left": "left",
              "leaves": "left", "found": "found", "finds": "found", "got": "got", "gets": "got",
              "brought": "brought", "brings": "brought", "met": "met", "meets": "met", "came": "come",
              "comes": "come", "became": "become", "becomes": "become", "did": "done", "does": "done",
              "wore": "worn", "wears": "worn", "led": "led", "leads": "led", "built": "built",
              "builds": "built", "sent": "sent", "sends": "sent", "stood": "stood", "stands": "stood",
              "told": "told", "tells": "told", "began": "begun", "begins": "begun", "lay": "lain",
              "lies": "lain", "fell": "fallen", "falls": "fallen", "hit": "hit", "hits": "hit",
              "set": "set", "sets": "set", "put": "put", "puts": "put", "struck": "struck",
              "strikes": "struck"})
_DOUBLED = frozenset({"stop", "permit", "submit", "omit", "commit", "ship", "plan", "bar", "admit", "transmit",
            "equip", "drop", "tow", "travel", "refer", "occur", "control", "patrol"})
_NOT_VERBS = frozenset({"is", "are", "was", "were", "has", "have", "had", "its", "this", "his", "hers", "as", "as",
              "thus", "plus", "less", "unless", "lbs", "mph", "feet", "means", "series", "class",
              "process", "access", "business", "address", "gross", "axles", "lands", "wheels",
              "operations", "persons", "vehicles", "snowmobiles"})
_BEFORE_NOUN = frozenset({"the", "a", "an", "of", "by", "for", "in", "on", "to", "with", "under", "from", "any",
                "some", "each", "every", "its", "their", "his", "her", "or", "and", "at", "whose"})


def _participle(word: str) -> str:
    """'travelled' -> 'travelled', 'holds' -> 'held', 'exceeds' -> 'exceeded', 'stops' -> 'stopped'
    ('' when word is not a verb form the sentence patterns know)."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith("ed") and len(word) > 4:
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "ied"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2] + "ed"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        base = word[:-1]
        if base in _DOUBLED:
            return base + base[-1] + "ed"
        return base + "d" if base.endswith("e") else base + "ed"
    return ""


def _past_perfect(statement: str, neg: str) -> str:
    """'op1 took place at night' -> 'op1 had taken place at night'; 'p1 holds a certificate' -> 'p1
    had held a certificate'; 'the owner knowingly authorized X' -> 'the owner had knowingly
    authorized X'; 'the operator drove or pursued an animal' -> '... had driven or pursued ...'
    ('' when no verb is found outside the subject's own clause)."""
    words = statement.split(" ")
    for i in range(1, len(words)):
        w = words[i]
        if w in _CLAUSE_WORDS or "(" in w or w in _FINITE:   # a clause, a parenthesis or a verb 'is' or
            return ""                                          # 'has' before any other verb: not moved
        prev = words[i - 1]
        if w in _NOT_VERBS or prev in _BEFORE_NOUN or not w.isalpha() or not w.islower():
            continue
        if w.endswith("ing") or w.endswith("ly"):
            continue
        done = _participle(w)
        if not done:
            continue
        if w.endswith("s") and w not in _IRREGULAR and i + 1 < len(words) and words[i + 1] == "of":
            continue   # a plural noun ('the limits of ...'), not a verb
        start = i - 1 if prev.endswith("ly") and i > 1 else i   # 'knowingly authorized'
        rest = words[i + 1:]
        if len(rest) >= 2 and rest[0] in ("or", "and") and (rest[1] in _IRREGULAR or rest[1].endswith("ed")
                                                            or (w.endswith("s") and rest[1].endswith("s"))):
            rest = [rest[0], _participle(rest[1]) or rest[1]] + rest[2:]   # 'drove or pursued'
        head = " ".join(words[:start])
        adverb = f"{prev} " if start == i - 1 else ""
        return f"{head} had {neg}{adverb}{done}" + (" " + " ".join(rest) if rest else "")
    return ""


_CLAUSE_WORDS = frozenset({"that", "which", "who", "whom", "whose", "where", "when", "can", "may", "must", "will",
                 "could", "would", "should", "s."})


def had_value(noun: str, value: str, unit: str = "") -> str:
    """'the speed of the snowmobile in op1 had been 10 mph': with the unit in the value the noun's own
    ', in miles per hour' / ' in feet' goes (unit_words); a comma only inside parentheses does not
    call for one: 'the weight found for semi1 (gross weight, or the load ...) had been 83,000 pounds'."""
    if unit:
        noun = drop_unit(noun, unit)
    return f"{noun}{_closing_comma(noun)} had been {value}"


_APPOSITIVE = ("in", "not", "measured", "taken", "under", "as", "excluding", "including", "counting")


def _closing_comma(noun: str) -> str:
    """',' when the noun ends in a phrase set off by a comma ('..., not counting any permit', '...,
    measured by SAE standards'), not after a list ('any person, vehicle or substantial object')."""
    outside = _outside_parentheses(noun)
    if "," not in outside:
        return ""
    last = outside.rsplit(",", 1)[1].split()
    return "," if last and last[0] in _APPOSITIVE else ""


def shown_unit(noun: str, unit: str | None) -> str:
    """The unit a value of the noun carries in a sentence: none where the noun counts it ("the number
    of days after ..." had been 31, not "31 days")."""
    if not unit or noun.startswith("the number of ") or not UNIT_WORDS.get(unit, ("x",))[0]:
        return ""
    return unit


def drop_unit(noun: str, unit: str) -> str:
    """'the distance in feet between ...' -> 'the distance between ...'; 'the roadway speed limit, in
    miles per hour, of ...' -> 'the roadway speed limit of ...' (the value says the unit)."""
    words = UNIT_WORDS.get(unit, (None, None, unit.replace("_", " ")))[2]
    return re.sub(rf",? in {re.escape(words)},?(?= |$)", "", noun, count=1) if words else noun


def with_unit(value: str, unit: str | None) -> str:
    """'25' + mph -> '25 mph', '1' + feet -> '1 foot'; a unit the table does not know is written
    as declared, its underscores as spaces."""
    if not unit or value in ("unknown", ""):
        return value
    one, many, _ = UNIT_WORDS.get(unit, (unit.replace("_", " "),) * 3)
    chosen = one if value == "1" else many
    return f"{value} {chosen}" if chosen else value


def word(value: str) -> str:
    """A word of a closed set as a reader reads it: 'state_trunk' -> 'state trunk'."""
    return str(value).replace("_", " ")


def _outside_parentheses(text: str) -> str:
    """TEXT without its glosses in parentheses ('at night (during the hours of darkness)'); a
    paragraph's or subsection's letter or number is part of the words and kept ('the Feb. 10 crash
    par. (b) charge', never 'par. charge': trainer review 13, 10)."""
    kept = re.sub(r"\(([0-9]+[a-z]?|[a-z]{1,2}|[ivx]+)\)", "\0\\1\1", text)
    out, depth = [], 0
    for ch in kept:
        depth += ch == "("
        if not depth:
            out.append(ch)
        depth -= ch == ")" and depth > 0
    return re.sub("\0([^\1]*)\1", r"(\1)", "".join(out))


def was_said(old_bool=None, old_value=None, stated: str = "") -> str:
    """What the case says now: '(the case states that the vehicle was weighed ...)' /
    '(the case states that the vehicle was not weighed ...)' (a boolean: the fact in its own words,
    never 'it was so' after a negative change, which reads as the opposite), 'instead of 25 mph'
    (a value), '(the case does not say)' (unknown)."""
    if old_value is not None:
        return f"instead of {old_value}"
    if old_bool is None:
        return "(the case does not say)"
    if stated:
        # the fact without its own parenthesis: '(the case states that the ride took place at night)',
        # never '(... at night (during the hours of darkness))' after the change said it (review 8, 02)
        return f"(the case states that {' '.join(_outside_parentheses(stated).split())})"
    return "(the case states the opposite)"


def was_presumed(old_bool=None, old_value=None, citation: str = "") -> str:
    """What the case says of a presumed input: '(the case does not mention it: assumed not so under
    s. 350.045)' (a boolean), 'instead of 0 (assumed under s. ...)' (a value): one word for one
    assumption, 'assumed', as in the facts box (trainer review 13, 04)."""
    if old_value is not None:
        return f"instead of {old_value} (assumed under s. {citation})"
    return f"(the case's facts do not mention it: assumed {'so' if old_bool else 'not so'} under s. {citation})"


def change_clause(text: str, was: str, note: str = "") -> str:
    """'the weight ... had been 84,001 pounds instead of 83,500 pounds (the total excess ... would
    then be 4,001, ...)'; a parenthesis of `was` takes the note after a semicolon."""
    if note:
        was = f"{was[:-1]}; {note})" if was.endswith(")") else f"{was} ({note})"
    return f"{text} {was}"


# -- what would follow --------------------------------------------------------------------------------------
OUTCOME_VERBS = MappingProxyType({   # (one change, several): what a change does to the answer
    "flip": ("flips the answer", "flip the answer"),
    "settle": ("settles the answer", "settle the answer"),
    "value": ("changes the amount", "change the amount"),
    "unsettle": ("makes it no longer established", "make it no longer established"),
})
OUTCOME_ORDER = ("flip", "settle", "value", "unsettle")


def _to_incident(clauses, base) -> list:
    """A changed month count said as the case gives it, to the incident ('the number of months from
    last fall's conviction to the weighing had been 13', not '... to the current conviction ...'):
    the facts count to the weighing, and the measure is said once (trainer review 13, G1)."""
    from .argument import PENDING
    clauses = list(clauses)
    if not any(PENDING in str(c) for c in clauses):
        return clauses
    from .argument import incident_of
    incident = incident_of(base)
    return [str(c).replace(PENDING, f"to {incident}") for c in clauses]


def outcome_sentence(clauses, kind: str, answer, base) -> str:
    """'If the speed of the snowmobile in op1 had been 10 mph instead of 25 mph, it would no longer
    be established that op1 violated s. 350.10(1)(g): the answer would then depend on ...'; a flip,
    a settled answer or a changed value: '..., the answer would be TRUE: op1 was lawful ...'."""
    clauses = _to_incident(clauses, base)
    text = "If " + ", and ".join(clauses)
    if kind == "unsettle":
        said = established(base)
        lost = f"it would no longer be established that {said}" if said else \
            "the answer would no longer be established"
        return f"{text}, {lost}: the answer would then depend on {depends_on(answer.missing)}."
    return f"{text}, {consequence(answer, base)}."


_EXCERPT_RANGE = re.compile(r"(\bexcerpt) \(ss?\. \S+ to \S+?\)(?=[\s.,;:]|$)")


def handout_sentence(clauses, kind: str, answer, base, moved=(), lost=()) -> str:
    """handout_sentence_said, the excerpt's range of sections said once, in the title, not again in
    each what-if ('violated no provision of the ch. 350 excerpt', never '... excerpt (ss. 350.02(2)(a)4
    to 350.101(1)(d))' three times: trainer review 15, G9)."""
    said = _EXCERPT_RANGE.sub(r"\1", handout_sentence_said(clauses, kind, answer, base, moved, lost))
    # a sentence that ends on a name ending in a full stop ('Birchwood Feeds Co.') ends there, not '..'
    return said[:-1] if said.endswith("..") else said


def handout_sentence_said(clauses, kind: str, answer, base, moved=(), lost=()) -> str:
    """A what-if line a trainee reads: one sentence, the change and its effect. An answer no longer
    established is 'undetermined', naming at most the one fact that would then decide it first (and
    only one the answer now does not already turn on), never the list of every open fact; a changed
    answer is said without the provisions the case leaves open now and would still leave open."""
    clauses = _to_incident(clauses, base)
    text = "If " + ", and ".join(clauses)
    if kind == "each":
        return each_sentence(clauses, moved, answer, base, short=True)
    if kind == "unsettle":
        own = parties_then(answer, base, lost)
        if own:   # the changed party's own outcome first, then the answer only as it changes
            return f"{text}, {own}."
        cleared = _cleared_violations(answer, base)
        if cleared:   # the only violations found are gone and nothing else is stated (an officer's report);
            # where the answer leaves another party open already, that part stays as it is ('the case
            # states nothing else that would decide the answer' beside a ride left open: review 16, 09)
            rest = others_as_now(0) if _open_rows(base) else NOTHING_ELSE_STATED
            return f"{text}, {' and '.join(cleared)}; {rest}."
        # one line: what the answer would then turn on, never the answer above said again ('it
        # would no longer be established that the forfeiture ... the case does not name the
        # operator', review 6, 06)
        return f"{text}, the answer would then be {undetermined_turning(answer, base)}."
    gone = _only_cleared(answer, base)
    if gone:   # the violations the change takes away, the rest said to stay: not the whole answer again
        return f"{text}, {' and '.join(gone)}; {others_as_now(0)}."
    taken = taken_then(answer, base)
    return f"{text}, {_first_deciding(_without_open(consequence(answer, base), answer, base), answer)}" \
           f"{'; ' + taken if taken else ''}."


def taken_then(answer, base) -> str:
    """'taken as a first conviction within the 12-month period, since the case lists no prior
    conviction': what the changed answer's amount rests on because the case lists none of something
    (a prior conviction), where the answer now does not rest on it already (review 8, 05 and 08: a
    what-if's '$65.00 to $215.00' is the first-conviction range, and the line never said so). ''
    where it rests on nothing new of the kind, or the changed answer is not established."""
    if getattr(answer, "answer", "") != "true":
        return ""
    now = set(_taken(getattr(base, "proof", None))) if base is not None else set()
    said = [f"taken as {rest}, since the case's facts list {what}" for rest, what in _taken(getattr(answer, "proof", None))
            if (rest, what) not in now]
    return "; ".join(dict.fromkeys(said))


def _taken(g) -> list:
    """[(what it is taken as, what the case lists none of)]: each fact false because the case lists no
    entity that could make it so (a node's `none_listed`), said by the finding above it that holds
    because of it: the highest false atom's negative ('... is a first conviction within the 12-month
    period'), else the negation's over it ('first conviction under s. 348.21 (2) (a) ...: the case
    lists no prior conviction ...')."""
    from .answers import none_listed_findings
    out = []
    for finding, what in none_listed_findings(g, negation=True):
        rest = finding.partition(": the case lists")[0] if ": the case lists" in finding else \
            finding.rpartition(" is ")[2] if " is " in finding else ""
        if rest and "exempt" not in rest:   # a permit the case lists none of is said once, in the answer
            out.append((_with_article(rest), what))
    return out


def _with_article(phrase: str) -> str:
    """'first conviction under ...' -> 'a first conviction under ...'; a phrase with its own
    article, or a negative ('not exempt ...'), as it is."""
    first = phrase.split(" ", 1)[0].lower()
    if first in ("a", "an", "the", "no", "not", "any", "each", "every"):
        return phrase
    return f"{'an' if first[:1] in 'aeiou' else 'a'} {phrase}"


def _only_cleared(answer, base) -> list:
    """'the 34-year-old (the operator) would not have violated s. 350.10(1)(g) in the 23:15 ride':
    the violations the answer now finds that the change rules out, where every other violation found
    stays found and the change finds none new (trainer review 6, 09: each what-if repeated the whole
    answer, 'the 52-year-old ... violated s. 350.09(1) in the 22:20 ride. No violation of ...'). []
    where the change finds a new one, leaves one open, or rules out none."""
    g = getattr(base, "proof", None) if base is not None else None
    then = getattr(answer, "proof", None)
    if g is None or then is None:
        return []
    # a question about amounts or penalties says the amount a change moves (consequence), never the
    # weight provisions under it ('c4 would not have violated ss. 348.15 to 348.17')
    if any(d.get("penalty") for _, d in g.nodes(data=True)) or any(
            isinstance(v, int) and not isinstance(v, bool) for row in getattr(base, "bindings", None) or [] for v in row.values()):
        return []
    found = {n for n, d in g.nodes(data=True) if d.get("status") == "true" and d.get("offence") and d.get("offender")}
    now = {n for n, d in then.nodes(data=True) if d.get("status") == "true" and d.get("offence") and d.get("offender")}
    if not found or not now or not now < found:
        return []
    said_of: dict = {}   # (offender, provision, where) -> its clause: each violation said once
    for n in [n for n in g.nodes if n in found and n not in now]:   # in the proof's order, the same every run
        d = g.nodes[n]
        if n in then.nodes and then.nodes[n].get("status") != "false":
            return []   # left open, not ruled out
        who = offender_phrase(d) or d.get("offender") or ""
        if not who:
            return []
        within = offence_place(d)
        # the same violation found as two nodes (of the ride and of the person) is one clause, with
        # the offender's role where one of them says it: 'Quinn Adler would not have violated s. 350.08
        # in the first ride' twice, once without the role (trainer review 12, 08)
        key = (str(d.get("offender") or ""), str(d["offence"]), within)
        if key not in said_of or offender_phrase(d) and not said_of[key][1]:
            said_of[key] = (f"{who} would not have violated {cite(d['offence'])}{within}", bool(offender_phrase(d)))
    return list(dict.fromkeys(said for said, _ in said_of.values()))


NOTHING_ELSE_STATED = "the case states nothing else that would decide the answer"


def _cleared_violations(answer, base) -> list:
    """'Riley Kowalski (the operator) would not have violated s. 350.10(1)(g) in the ride': each
    violation the answer now establishes, where the change rules every one of them out (none is
    still found, nor left open) and the changed answer is undetermined only on provisions the
    case never reaches (a report that states one violation and nothing else): the line then says
    the violation is gone, not 'undetermined, turning on' a fact the argument never mentions.
    [] where any of them stays found or open, or the answer now establishes none."""
    g = getattr(base, "proof", None) if base is not None else None
    then = getattr(answer, "proof", None)
    if g is None or then is None or getattr(answer, "answer", "") != "undetermined":
        return []
    out = []
    for n, d in g.nodes(data=True):
        if d.get("status") != "true" or not d.get("offence") or not d.get("offender"):
            continue
        if n in then.nodes and then.nodes[n].get("status") != "false":
            return []   # still found, or open: the answer's own 'no longer established' is right
        within = offence_place(d)
        said = f"{offender_phrase(d)} would not have violated {cite(d['offence'])}{within}"
        if said not in out:
            out.append(said)
    return out


def _open_rows(base) -> bool:
    """Whether the answer leaves a row of its own open (a ride whose speed the case does not state)."""
    return any(r.get("answer") == "undetermined" for r in getattr(base, "bindings", None) or [])


def cleared_own(answer, base, lost=()) -> bool:
    """Whether a change's line says the changed party's own result (parties_then) or clears the
    violations found (_cleared_violations), not the whole answer's 'undecided': its lead counts it
    as clearing a party, never 'would leave the answer undecided' (trainer review 16, 09)."""
    return bool(parties_then(answer, base, lost) or _cleared_violations(answer, base))


def _first_deciding(said: str, answer) -> str:
    """A changed answer left to facts the case does not give ('...; or ..., depending on A; B') with
    only the first of them named ('depending on A, among other facts'): the what-if line says what
    the change would open, the answer it would be needs its own question for the full list."""
    missing = list(getattr(answer, "missing", None) or ())
    head, sep, _ = said.rpartition(", depending on ")
    if not sep or len(missing) < 2:
        return said
    return f"{head}, depending on {missing[0]}, among other facts"


def parties_then(answer, base, lost=()) -> str:
    """What a change does to the party it changes, in an answer about several parties: the party's
    own result, never the whole answer's 'undetermined' that another party keeps open ('the ride on
    the 30-ft trail would then be lawful (no violation of s. 350.02(2)(b)4)'; 'the third rider (the
    operator) would not have violated s. 350.02(2)(b)4 in the third ride'); the whole answer only
    where it is then decided ('...; the answer stays unlawful', '...; the answer would then be
    lawful'). lost: the provisions the change takes out of the answer (a party's forfeiture whose
    row stays open on another point: 'there would be no violation of s. 348.19(3) for the second
    vehicle'). '' where no party's own result is settled by the change (the answer's own 'no longer
    established' sentence is then right)."""
    if base is None:
        return ""
    heads = answer_heads(answer)
    before = {r["entity"]: r for r in getattr(base, "each", None) or []}
    rows = list(getattr(answer, "each", None) or [])
    moved = [r for r in rows if r["entity"] in before and r["answer"] != before[r["entity"]]["answer"]
             and r["answer"] in ("true", "false")]
    if moved and heads.get("true") != "Yes":   # the law's own words for a party's answer: 'lawful'
        said = " and ".join(f"{r['name']} would then be {heads.get(r['answer'], r['answer']).lower()}"
                            f"{_cleared(before[r['entity']].get('part'), r['answer'])}" for r in moved)
    else:
        said = " and ".join(_ruled_out(answer, base, lost))
    if not said:
        return ""
    word = heads.get(answer.answer, answer.answer).lower()
    if answer.answer == "undetermined":   # kept open by another party, or on another point: not this party's result
        instead = _unnamed_instead(answer, base)
        return f"{said}; instead, {instead}" if instead and not moved else said
    if answer.answer == base.answer:
        return f"{said}; the answer stays {word}"
    return f"{said}; the answer would then be {word}"


def _cleared(part, now: str) -> str:
    """' (no violation of s. 350.02(2)(b)4)': the violations a party's own answer found, which a
    change that makes it lawful clears ('' when it found none, or the party is not made lawful)."""
    g = getattr(part, "proof", None)
    if g is None or now != "true" or part.answer != "false" or g.graph.get("root") is None:
        return ""
    cites = []
    for x in defeating_atoms(g, g.graph["root"]):
        offence = g.nodes[x].get("offence")
        if offence and cite(offence) not in cites:
            cites.append(cite(offence))
    return f" (no violation of {' or '.join(cites)})" if cites else ""


def _unnamed_instead(answer, base) -> str:
    """Whom the changed answer's row of the same subject names in the ruled-out person's place where the
    case does not name them: the one fact it turns on is that person, a relation of the subject
    ('the lessee of the grain semi'): 'the prosecution for the overweight violation of the grain semi
    is to be instituted against the lessee of the grain semi, whom the case does not name' (trainer
    review 16, 07: the leasing sentence of s. 348.20(1) puts the lessee in the leasing business's
    place). '' otherwise."""
    inputs = list(getattr(answer, "missing_inputs", None) or ())
    g, h = getattr(answer, "proof", None), getattr(base, "proof", None)
    if len(inputs) != 1 or g is None or h is None or g.graph.get("root") is None or h.graph.get("root") is None:
        return ""
    fact = inputs[0]
    whom = str(fact.get("question") or "")
    if not str(fact.get("label", "")).endswith(", _)") or not whom.startswith("the "):
        return ""   # not a person the case leaves unnamed: a fact of another kind
    hroot = h.graph["root"]
    ruled = {h.nodes[c].get("offence_in_id") for c in h.successors(hroot)
             if h.edges[hroot, c].get("role") == "instance" and h.nodes[c].get("status") == "true"}
    root = g.graph["root"]
    for c in g.successors(root):
        d = g.nodes[c]
        if g.edges[root, c].get("role") != "instance" or d.get("status") != "undetermined" or d.get("offender_id") \
                or d.get("offence_in_id") != fact.get("entity") or d.get("offence_in_id") not in ruled:
            continue
        said = str(d.get("sentence") or "")
        if len(re.findall(r"\ban unnamed \w+", said)) == 1:
            return re.sub(r"\ban unnamed \w+", f"{whom}, whom the case does not name", said)
    return ""


def _ruled_out(answer, base, lost=()) -> list:
    """The rows the answer now establishes (its TRUE instances) that the changed answer rules out:
    no row of it, neither TRUE nor open, holds them any more, or the violation it rests on is one
    the change takes out of the answer (lost). Each said as its party's own outcome: 'the third
    rider (the operator) would not have violated s. 350.02(2)(b)4 in the third ride'; a forfeiture's
    row 'there would be no violation of s. 348.19(3) for the second vehicle'."""
    g = getattr(base, "proof", None)
    root = g.graph.get("root") if g is not None else None
    if g is None or root is None or base.answer != "true":
        return []
    then = {tuple(str(v) for k, v in b.items() if k != "answer") for b in getattr(answer, "bindings", None) or []}
    now = {tuple(str(v) for k, v in b.items() if k != "answer") for b in getattr(base, "bindings", None) or []}
    dropped = set(lost)
    out = []
    for c in ordered_children(g, root):
        d = g.nodes[c]
        if g.edges[root, c].get("role") != "instance" or d.get("status") != "true":
            continue
        args = tuple(a.strip() for a in d.get("label", "").partition("(")[2].rstrip(")").split(", "))
        gone = args in now and args not in then
        offence = d.get("offence")
        if not gone and not (offence and any(offence == p or offence.startswith(p + "(") for p in dropped)):
            continue   # not a row of the answer's own, or still TRUE or open on the same violation
        who = offender_phrase(d)
        within = offence_place(d)
        said = ""
        if who and offence:
            said = f"{who} would not have violated {cite(offence)}{within}"
        elif offence and d.get("penalty"):
            whose = f" for {d['offence_in']}" if d.get("offence_in") else ""
            said = f"there would be no violation of {cite(offence)}{whose}"
        elif gone and d.get("negative"):
            said = f"it would be established that {d['negative']}"
        if said and said not in out:   # each clause once: two rows of one violation (the owner's, found
            # in the ride and of the person) read 'Quinn Adler would not have violated s. 350.08 in
            # the first ride and Quinn Adler would not have ...' (trainer review 12, 08)
            out.append(said)
    return out


def undetermined_turning(answer, base=None) -> str:
    """'undetermined, turning on whether the ride took place at night' (the first fact the changed
    answer turns on, where the answer now turns on none; where it already turns on some, the first
    one the change opens; where it turns on the one fact it already turns on, 'undetermined, still
    turning on whether Dale Peters was found guilty on count 2'), else 'undetermined, on facts the
    case does not state': never a bare
    'undetermined', which leaves a trainee asking on what."""
    missing = list(getattr(answer, "missing", None) or ())
    if base is not None and (getattr(base, "missing", None) or getattr(base, "answer", "") == "undetermined"
                             or "Undetermined: " in answer_line(base)):
        open_now = set(getattr(base, "missing", None) or ())
        opened = [m for m in missing if m not in open_now] if open_now else []
        if opened:   # a fact the change opens, never one the answer already turns on
            return f"undetermined, turning on {opened[0]}"
        if len(set(missing)) == 1:   # the one fact the answer already turns on, named ('undetermined,
            # on facts the case does not state' left a trainee asking which: trainer review 16, 01)
            return f"undetermined, still turning on {missing[0]}"
        return f"undetermined, {STILL_OPEN}"
    return f"undetermined, turning on {missing[0]}" if missing else f"undetermined, {STILL_OPEN}"


STILL_OPEN = "on facts the case does not state"


_OPEN_TAIL = re.compile(r"\.? Undetermined: .*$", re.S)


def _without_open(said: str, answer, base) -> str:
    """The consequence without its 'Undetermined: whether any of 2 provisions ... (listed below)'
    tail: that tail is the answer's list of open provisions, which a what-if line need not repeat."""
    m = _open_tail(said, answer)
    if m is None:
        return said
    base_line = answer_line(base).rstrip(".") if base is not None else ""
    now = _open_tail(base_line, base) if base is not None else None
    same = now is not None and base_line[now:].strip(". ") == said[m:].strip(". ")
    # never 'other provisions would be left open', tool language a trainer struck (review 6, 03 and
    # 09), nor 'the provisions left open now would stay open' (trainer review 14, 12): plain words
    return said[:m].rstrip(".") + ("; the rest of the answer would stay as it is now" if same else "")


def _open_tail(said: str, answer) -> int | None:
    """Where the part of an answer line that says what stays open begins: its 'Undetermined: ...',
    or the sentence of a party said both ways on a fact the case does not state ('The third
    vehicle: if ...'), whichever comes first; None where it has none."""
    from .answers import party_branches
    m = _OPEN_TAIL.search(said)
    starts = [m.start()] if m is not None else []
    entries = list(getattr(answer, "undetermined", None) or []) if answer is not None else []
    for sentence in party_branches(answer, entries)[0] if answer is not None else []:
        at = said.find(" " + sentence[:60])
        if at >= 0:
            starts.append(at)
    return min(starts) if starts else None


class EachFound(NamedTuple):
    """The changes of one entity's own answer a what-if found, for a yes/no question about each
    entity whose answer they leave as it is (answer/whatif.py WhatIf.each): counts {(number of
    changes, the entity's new answer, one entity?): found}, the kind of entity ('operation') and the
    answer's words by answer (answer_heads: 'Lawful', 'Unlawful', 'Undetermined')."""
    counts: dict
    subject: str
    heads: dict


def each_sentence(clauses, moved, answer, base, short: bool = False) -> str:
    """A change that moves one entity's own answer while the answer stays: 'If the speed of the
    snowmobile in r1 had been 10 mph instead of 15 mph, r1 would be lawful; the answer stays
    unlawful: o2 (the operator) violated s. 350.10(1)(g) in r2.' An entity's answer no longer
    established is said as an answer is ('..., it would no longer be established that o1 (the
    operator) violated s. 350.10(1)(g) in r1 (r1 would then depend on ...). The answer stays
    unlawful: ...'). moved: the changed answer's rows of the entities whose answer it changes
    (answer/each.py EachRow, each with its own answer); base: the answer now (its rows)."""
    heads = answer_heads(answer)
    before = {r["entity"]: r.get("part") for r in getattr(base, "each", None) or []}
    said = " and ".join(_own_then(row, before.get(row["entity"]), heads, short) for row in moved)
    stays = _stays(answer, heads, short)
    if ";" in said:   # a list of facts it would depend on: what stays is a sentence of its own
        return f"If {', and '.join(clauses)}, {said}. {stays[:1].upper() + stays[1:]}."
    return f"If {', and '.join(clauses)}, {said}; {stays}."


def _own_then(row, was, heads, short: bool = False) -> str:
    """'r1 would be lawful', 'the ride on the 45-ft trail would be unlawful: Alex Berg ... violated
    ...', 'it would no longer be established that o1 ... violated ... in r1 (r1 would then depend
    on ...)'. was: the entity's own answer now."""
    part = row["part"]
    word = heads.get(part.answer, part.answer).lower()
    who = _whose(row["name"], heads)
    if part.answer == "false":
        reason = established(part)
        return f"{who} would be {word}: {reason}" if reason else f"{who} would be {word}"
    if part.answer == "undetermined":
        said = established(was) if was is not None and was.answer in ("true", "false") else ""
        if said and short:
            return f"it would no longer be established that {said} ({row['name']} would then be " \
                   f"{undetermined_turning(part, was)})"
        if said:
            return (f"it would no longer be established that {said} ({row['name']} would then depend on "
                    f"{depends_on(part.missing)})")
        if short:
            return f"{who} would be {undetermined_turning(part, was)}"
        return f"{who} would be {word}: it would depend on {depends_on(part.missing)}"
    return f"{who} would be {word}"


def _whose(name: str, heads) -> str:
    """What takes the answer's word: the entity where the law words its answers ('r1 would be
    lawful'), its answer where they are yes and no ('the answer for the milk tanker would be yes')."""
    return f"the answer for {name}" if heads.get("true") == "Yes" else name


def _stays(answer, heads, short: bool = False) -> str:
    """'the answer stays unlawful: o2 (the operator) violated s. 350.10(1)(g) in r2' (what keeps it:
    the entities whose own answer is the answer), 'the answer stays undetermined: it depends on ...'."""
    word = heads.get(answer.answer, answer.answer).lower()
    rows = getattr(answer, "each", None) or []
    if len({r.get("answer") for r in rows}) > 1:
        # the subjects' answers differ (one yes, one no, one open): no one word stands for them all,
        # and 'the answer stays no' beside a 'yes' row contradicts the table (trainer review 15, 11)
        return others_as_now(1)
    if answer.answer == "undetermined":
        return f"the answer stays {word}" if short else \
            f"the answer stays {word}: it depends on {depends_on(answer.missing)}"
    keeping = [r["part"] for r in getattr(answer, "each", None) or []
               if r["answer"] == answer.answer and r.get("part") is not None]
    said = " and ".join(filter(None, (established(p) for p in keeping)))
    return f"the answer stays {word}: {said}" if said else f"the answer stays {word}"


def _each_parts(each: EachFound, size: int) -> list:
    """'4 single changes make one operation lawful', '1 pair of changes makes more than one
    operation unlawful' (the changes of that many facts found)."""
    out = []
    for (sz, new, one), n in sorted(each.counts.items(), key=lambda kv: (kv[0][2] is False, _ANSWERS.index(kv[0][1])
                                                                          if kv[0][1] in _ANSWERS else 9)):
        if sz != size or not n:
            continue
        what = ("single change" if n == 1 else "single changes") if size == 1 else \
            ("pair of changes" if n == 1 else "pairs of changes")
        whom = f"one {_noun(each.subject)}" if one else f"more than one {_noun(each.subject)}"
        if new == "undetermined" or each.heads.get("true") == "Yes":   # 'make one vehicle's answer yes'
            whom = f"{whom}'s answer"
        out.append(f"{n:,} {what} {'makes' if n == 1 else 'make'} {whom} {each.heads.get(new, new).lower()}")
    return out


_ANSWERS = ("true", "false", "undetermined")


def _noun(subject: str) -> str:
    return subject.replace("_", " ")


def _every(each: EachFound, base_answer: str) -> str:
    """What would change the answer about each entity: 'makes every operation lawful' (a FALSE
    answer turns only when every entity's does), 'settles the answer'."""
    if base_answer == "false":
        return f"makes every {_noun(each.subject)} {each.heads.get('true', 'true').lower()}"
    return "settles the answer" if base_answer == "undetermined" else "flips the answer"


# what a stopped search of pairs tried and did not, in words (trainer review 5: not "the search of
# pairs stopped at its limit")
PAIRS_LIMITED = " (each fact was tried alone, but only some pairs of facts were tried together)"


def each_summary(counts: dict, shown: int, searched: str, truncated: bool, base_answer: str, merged: int,
                 each: EachFound) -> str:
    """search_summary of a question about each entity: what changes the answer, then what changes
    one entity's own answer while the answer stays ('no single change makes every operation lawful;
    4 single changes make one operation lawful; 4 pairs of changes flip the answer')."""
    stopped = PAIRS_LIMITED if truncated else ""
    decisive = {size: any(n for (sz, kind), n in counts.items() if sz == size and kind != "unsettle") for size in (1, 2)}
    parts = []
    if not decisive[1]:
        tried = " or pair of changes" if searched == "pairs" and not decisive[2] else ""
        parts.append(f"no single change{tried} {_every(each, base_answer)}{stopped if tried else ''}")
    for size in (1, 2):
        for kind in OUTCOME_ORDER:
            n = counts.get((size, kind), 0)
            if n:
                what = ("single change" if n == 1 else "single changes") if size == 1 else \
                    ("pair of changes" if n == 1 else "pairs of changes")
                parts.append(f"{n} {what} {OUTCOME_VERBS[kind][n != 1]}{stopped if size == 2 else ''}")
        parts += _each_parts(each, size)
    return "; ".join(parts) + shown_of(sum(counts.values()) + sum(each.counts.values()), shown, merged)


def each_lead(counts: dict, shown: int, searched: str, truncated: bool, base_answer: str, merged: int,
              each: EachFound) -> str:
    """handout_lead of a question about each entity: 'No change of a single fact the argument uses
    would make every operation lawful. 4 changes of one fact each would make one operation lawful;
    the answer would stay unlawful. The 3 nearest to the case as stated are listed below.'"""
    stopped = PAIRS_LIMITED if truncated else ""
    out = []
    for size in (1, 2):
        n = sum(c for (sz, _), c in counts.items() if sz == size)
        if n:
            kinds = [(kind, counts.get((size, kind), 0)) for kind in OUTCOME_ORDER if counts.get((size, kind), 0)]
            end = stopped if size == 2 else ""
            if len(kinds) == 1:
                out.append(f"{_changes(n, size)} {_LEAD_VERBS[kinds[0][0]][0]}{end}.")
            else:
                said = [f"some {_LEAD_VERBS[kind][1]}" for kind, k in kinds]
                out.append(f"{_changes(n, size)} would change the answer: {', '.join(said[:-1])} and {said[-1]}{end}.")
        # no sentence of what no change would do ('No change of a single fact the argument uses or of two
        # facts together would make every vehicle yes' over a line that leaves one vehicle open: trainer
        # review 16, 11): the lead says what the lines below do, each_summary what the search did not find
        for (sz, new, one), k in sorted(each.counts.items(), key=lambda kv: (kv[0][2] is False, _ANSWERS.index(kv[0][1])
                                                                              if kv[0][1] in _ANSWERS else 9)):
            if sz != size or not k:
                continue
            whom = f"one {_noun(each.subject)}" if one else f"more than one {_noun(each.subject)}"
            whom = f"{whom}'s answer" if each.heads.get("true") == "Yes" else whom
            become = "leave " + whom + " undecided" if new == "undetermined" else \
                f"make {whom} {each.heads.get(new, new).lower()}"
            # each line says what becomes of the whole answer: the lead does not (a line that makes one
            # ride lawful may leave the whole answer undecided, kept open by another ride)
            out.append(f"{_changes(k, size)} would {become}.")
    total = sum(counts.values()) + sum(each.counts.values())
    return _with_listed(out, shown, total, merged)


def _with_listed(out: list, shown: int, total: int, merged: int) -> str:
    """The lead's sentences, then how many of the changes are listed below (and how many reaching
    the same amount another way are left out), each sentence capitalised."""
    # how many were found, or left out as reaching the same amount, is not counted for a trainee
    if shown <= 0:
        out.append("None of them is listed here.")
    elif shown < total + merged:
        out.append("The nearest to the case as stated is listed below." if shown == 1 else
                   "The nearest to the case as stated are listed below.")
    return " ".join(s[:1].upper() + s[1:] for s in out)


def depends_on(missing) -> str:
    """'A; B; and 43 more facts' (the deciding facts first, as the answer ranks them)."""
    items = list(missing)
    if not items:
        return "facts the case does not state"
    named = items[:MAX_NAMED_DEPENDS]
    if len(items) > len(named):   # the rest are not counted: 'and 35 more facts' told a trainee nothing
        return "; ".join(named) + "; and other facts"
    return " and ".join(named)


def established(answer) -> str:
    """What a determined answer establishes, without its reasons: 'op1 violated s. 350.10(1)(g)'
    (the atoms that defeat a FALSE answer), 'op1 was lawful under ...' (a TRUE one), 'the forfeiture
    for ... is not less than $225.00 nor more than $375.00 (s. 348.21(3)(b)1)' (a value found);
    '' when the proof names nothing."""
    g = answer.proof
    root_id = g.graph.get("root")
    if root_id is None:
        return ""
    root = g.nodes[root_id]
    if answer.answer == "false":
        said = [with_provision(g, x, reason=False) for x in defeating_atoms(g, root_id)]
        return " and ".join(said) if said else root.get("negative") or ""
    if answer.answer != "true":
        return ""
    if root.get("kind") == "cases":   # a proof by cases: what the answer says, not a case's own condition
        short = getattr(answer, "argument", None)
        line = (short.short if short is not None else "").rstrip(".").split(", depending on ")[0]
        return line[:1].lower() + line[1:] if line else ""
    if root.get("sentence"):
        return root["sentence"]
    said = [_is(with_provision(g, c, reason=False)) for c in ordered_children(g, root_id)
            if g.edges[root_id, c].get("role") == "instance" and g.nodes[c].get("status") == "true"]
    return " and ".join(said)


def _is(text: str) -> str:
    """'the forfeiture ... (s. 348.21 (2) (b)): not less than ...' -> '... is not less than ...'
    (a value template's colon, outside parentheses, read as the verb)."""
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if ch == ":" and not depth and text[i + 1:i + 2] == " ":
            return f"{text[:i]} is {text[i + 2:]}"
    return text


def changes_tried(n: int) -> str:
    """'15 changes tried' / '1 change tried'."""
    return f"{n:,} change{'' if n == 1 else 's'} tried"


def more_not_shown(n: int) -> str:
    return (f"({n} more change{'' if n == 1 else 's'} not shown: --format json lists them, --proofs shows "
            f"each with its proof.)")


def search_summary(counts: dict, shown: int, searched: str, candidates: bool, truncated: bool,
                   base_answer: str = "", merged: int = 0, each: EachFound | None = None) -> str:
    """The what-if search in one line. counts: {(number of changes, outcome kind): how many found}.
    '3 single changes flip the answer', 'no single change or pair of changes flips the answer;
    4 single changes make it no longer established', 'no single change ... changes the answer'.
    each: the changes of one entity's own answer found (a question about each entity: each_summary)."""
    if not candidates:
        return "no input in the proof can be changed (nothing to try)"
    if each is not None and each.counts:
        return each_summary(counts, shown, searched, truncated, base_answer, merged, each)
    total = sum(counts.values())
    stopped = PAIRS_LIMITED if truncated else ""
    tried = " or pair of changes" if searched == "pairs" else ""
    if not total:
        return f"no single change{tried} to the inputs in the proof changes the answer{stopped}"
    parts = []
    decisive = any(n for (_, kind), n in counts.items() if kind != "unsettle")
    if not decisive:
        verb = "settles the answer" if base_answer == "undetermined" else "flips the answer"
        parts.append(f"no single change{tried} {verb}{stopped}")
    elif searched == "pairs" and not any(n for (size, kind), n in counts.items() if size == 1 and kind != "unsettle"):
        verb = "settles the answer" if base_answer == "undetermined" else "flips the answer"
        parts.append(f"no single change {verb}")
    for size in (1, 2):
        for kind in OUTCOME_ORDER:
            n = counts.get((size, kind), 0)
            if n:
                what = ("single change" if n == 1 else "single changes") if size == 1 else \
                    ("pair of changes" if n == 1 else "pairs of changes")
                parts.append(f"{n} {what} {OUTCOME_VERBS[kind][n != 1]}")
    return "; ".join(parts) + shown_of(total, shown, merged)


_LEAD_VERBS = MappingProxyType({   # what a change does to the answer, in a trainee's words: (said alone, said in a list)
    "flip": ("would reverse the answer", "would reverse it"),
    "settle": ("would decide the question the case leaves open", "would decide it"),
    "value": ("would change the amount", "would change the amount"),   # not 'or value found' (trainer review 13, G3)
    "unsettle": ("would leave the answer undecided", "would leave it undecided"),
})


# what a change that clears one party does: of a violation found; of an amount found, in a question
# about several parties' amounts (trainer review 13: 'would change the amount or value found' of a
# change that leaves one party with no forfeiture)
_CLEARS = MappingProxyType({False: "would clear one party of the violation found", True: "would clear one of the parties"})


def _changes(n: int, size: int) -> str:
    """'one change of a single fact', '4 changes of one fact each', '2 changes of two facts together'."""
    if n == 1:
        # the change listed, not a count: the search has limits (a date moved at most a year), so 'one
        # change would reverse it' was untrue where a change it does not try would too (trainer review 10, 05)
        return "the change of a single fact below" if size == 1 else "the change of two facts together below"
    # how many is left out: a trainee reads the changes listed, not a count of the search's finds
    return f"changes of {'one fact each' if size == 1 else 'two facts together'}"


def handout_lead(counts: dict, shown: int, searched: str, candidates: bool, truncated: bool,
                 base_answer: str = "", merged: int = 0, each: EachFound | None = None,
                 cleared: dict | None = None, amounts: bool = True, one_party: bool = False) -> str:
    """The what-if section's opening sentences, for a trainee: how many changes to the facts the
    argument uses would change the answer, what each kind does, and how many are listed below.
    'One change of a single fact would reverse the answer.' '4 changes of one fact each would leave
    the answer undecided. The 3 nearest to the case as stated are listed below.' '6 changes of one
    fact each would change the answer: 2 would reverse it and 4 would change the amount or value
    found. The 3 nearest to the case as stated are listed below; 3 more that reach the same amount
    another way are left out.' The count is of what was found, never a limit asked for. one_party: the
    answer is about one party, so a change that clears it is said to change the answer."""
    if not candidates:
        # nothing: the section is left out. 'No fact the argument uses can be changed' was false (a
        # trainer, review 6, 04: the incident a count arises from can be changed)
        return ""
    if each is not None and each.counts:
        return each_lead(counts, shown, searched, truncated, base_answer, merged, each)
    cleared = {size: n for size, n in (cleared or {}).items() if n}
    if cleared and one_party:
        # an answer about one party: a change that clears it changes the answer ('some would clear one
        # party of the violation found and some would reverse it' with one party: trainer review 16, 07)
        sizes = set(cleared) | {size for (size, _), n in counts.items() if n}
        total = sum(counts.values()) + sum(cleared.values())
        if shown == 1:
            whole = f"{_changes(1, min(sizes))} would change the answer."
        else:
            whole = f"each change below{', on its own,' if sizes == {1} else ''} would change the answer."
        return _with_listed([whole], shown, total, merged)
    singles = [kind for (size, kind), n in counts.items() if n and size == 1]
    if cleared and set(cleared) == {1} and singles and not any(n for (size, _), n in counts.items() if size != 1):
        # single changes of several kinds: one sentence, never 'Changes of one fact each would ...'
        # once per kind (trainer review 7, 01 and 10)
        verbs = _LEAD_VERBS if amounts else _LEAD_VERBS_LISTS
        does = [_CLEARS[amounts].removeprefix("would ")] + [
            verbs[kind][1].removeprefix("would ") for kind in OUTCOME_ORDER if kind in singles]
        each_does = ", ".join(f"some would {k}" for k in does[:-1]) + f" and some would {does[-1]}"
        return _with_listed([f"each change below, on its own, would alter the answer: {each_does}."], shown,
                            sum(counts.values()) + sum(cleared.values()), merged)
    if cleared:   # lines that each clear one party of a violation: said so, then the other kinds
        said = [f"{_changes(n, size)} {_CLEARS[amounts]}" for size, n in sorted(cleared.items())]
        rest = handout_lead(counts, 0, searched, candidates, truncated, base_answer,
                            amounts=amounts) if sum(counts.values()) else ""
        rest = rest.replace(" None of them is listed here.", "").removesuffix("None of them is listed here.").strip()
        out = [s + "." for s in said] + ([rest[:1].lower() + rest[1:]] if rest else [])
        return _with_listed([s.rstrip(".") + "." for s in out], shown, sum(counts.values()) + sum(cleared.values()), merged)
    total = sum(counts.values())
    stopped = PAIRS_LIMITED if truncated else ""
    if not total:
        pairs = " or of two facts together" if searched == "pairs" else ""
        return f"No change of a single fact the argument uses{pairs} would change the answer{stopped}."
    out = []
    for size in (1, 2):
        n = sum(c for (sz, _), c in counts.items() if sz == size)
        if not n:
            if size == 1 and searched == "pairs":
                out.append("No change of a single fact the argument uses would change the answer.")
            elif size == 2 and stopped:
                out.append(f"No change of two facts together was found{stopped}.")
            continue
        kinds = [(kind, counts.get((size, kind), 0)) for kind in OUTCOME_ORDER if counts.get((size, kind), 0)]
        end = stopped if size == 2 else ""
        verbs = _LEAD_VERBS if amounts else _LEAD_VERBS_LISTS
        if len(kinds) == 1:
            out.append(f"{_changes(n, size)} {verbs[kinds[0][0]][0]}{end}.")
        else:
            said = [f"some {verbs[kind][1]}" for kind, k in kinds]
            out.append(f"{_changes(n, size)} would change the answer: {', '.join(said[:-1])} and {said[-1]}{end}.")
    return _with_listed(out, shown, total, merged)


# a question whose answer lists what it finds (violations) and no amount: a change of what it finds
# is a change of the answer (handout 03 read 'would change the amount or value found' with no amount)
_LEAD_VERBS_LISTS = MappingProxyType({**_LEAD_VERBS, "value": ("would change the answer", "would change what it finds")})


def shown_of(total: int, shown: int, merged: int = 0) -> str:
    """' (the nearest 3 are shown)' when fewer are listed than found, '' when all are: the count
    is the number of changes listed below it, never the limit asked for. merged: changes left out
    because a nearer one shown reaches the same answer through the same computed amount."""
    same = ""
    if merged:
        same = (f"; {merged} other change that reaches the same answer through the same amount is left out" if merged == 1
                else f"; {merged} other changes that reach the same answer through the same amount are left out")
    if shown >= total:
        return f" ({same[2:]})" if same else ""
    if shown == 1:
        return f" (the nearest is shown{same})"
    return f" (the nearest {shown} are shown{same})"


def _rows_said(answer, one: bool = False) -> dict:
    """Subject id -> its row's words, for an answer about several subjects (the TRUE instances of
    its question); {} for any other (one: also where a single subject's row is true)."""
    g = getattr(answer, "proof", None)
    if g is None or answer.answer != "true" or g.graph.get("root") is None:
        return {}
    root = g.graph["root"]
    out: dict = {}
    for c in g.successors(root):
        d = g.nodes[c]
        if g.edges[root, c].get("role") == "instance" and d.get("status") == "true":
            subject = d.get("label", "").partition("(")[2].split(",")[0].rstrip(")")
            out.setdefault(subject, with_provision(g, c, reason=False))
    return out if len(out) > 1 or one else {}


def others_as_now(n: int) -> str:
    """What a change leaves of an answer about several subjects, as a plain clause: 'the others'
    results stay as they are' ('the other one as now' left a trainee asking which other one); with
    no other subject named, 'the rest of the answer would stay as it is'."""
    return "the others' results stay as they are" if n else "the rest of the answer would stay as it is"


def consequence(answer, base=None) -> str:
    """'the answer would then be: op1 violated ...' (the answer line of the changed case, in words: no
    verdict word, which would stand before a negative sentence: 'FALSE: no forfeiture ...'). About
    several subjects, only the rows the change moves, the others said to stay ('... for the gravel
    truck: ...; the others as now')."""
    # the sections a 'not shown' answer considered are the same in every what-if: said at most once,
    # in the answer itself, not again in each line (trainer review 5: printed three times)
    said = _CONSIDERED.sub("", _consequence(answer, base))
    for clause in _imposed(base):   # whom a penalty is imposed on, unchanged by the change: said once, in the answer
        said = said.replace(f", {clause}", "").replace(f"; {clause}", "")
    outside = from_outside(answer, base)
    return f"{said}. It would use what the case states from outside the excerpt: {outside}" if outside else said


_OUTSIDE = "(from the case:"


def from_outside(answer, base) -> str:
    """The facts the changed answer would rest on that the case states from outside the excerpt
    ('the maximum weight applicable to the mobile crane ... under s. 348.15, 348.16 or 348.17 ...
    (from the case: those sections are not in the excerpt) is 80,000 lb') and the answer now does
    not use: a what-if's amount says where its figure comes from (review 5, 06). '' when none."""
    def used(a) -> dict:
        g = getattr(a, "proof", None) if a is not None else None
        return {n: d.get("sentence", "") for n, d in (g.nodes(data=True) if g is not None else ())
                if d.get("kind") == "fact" and d.get("status") == "true" and _OUTSIDE in (d.get("sentence") or "")}
    now = used(base)
    known = set(now.values())   # a fact the answer now states already, reached another way: nothing new to say
    #                              (trainer review 15, 12: a stray '... the crane lowboy is 80,000 lb')
    return "; ".join(dict.fromkeys(s for n, s in used(answer).items() if n not in now and s and s not in known))


_CONSIDERED = re.compile(r" \(checked under (?:s|ss)\. [^()]*(?:\([^()]*\)[^()]*)*\)")


def _imposed(answer) -> set:
    g = getattr(answer, "proof", None) if answer is not None else None
    return {penalty_clause(d) for _, d in (g.nodes(data=True) if g is not None else ()) if d.get("penalty")} - {""}


def _consequence(answer, base=None) -> str:
    now, then = (_rows_said(base) if base is not None else {}), _rows_said(answer)
    if now and then and set(now) == set(then):
        # a row's own 'No: ' or 'Yes: ' is the answer's word, not part of what would follow from the change
        moved = [re.sub(r"^(?:Yes|No|None): ", "", then[k]) for k in then if then[k] != now[k]]
        if moved and len(moved) < len(then):
            said = "; ".join(moved)
            said = said[:1].lower() + said[1:] if said.split(" ", 1)[0] in _SENTENCE_OPENERS else said
            return f"the answer would then be: {said}; {others_as_now(len(then) - len(moved))}"
    if now and then and set(then) < set(now) and all(then[k] == now[k] for k in then):
        # the change takes one subject's row away (its excess gone): that subject's own line, the
        # others said to stay -- not the whole answer again (a five-truck handout ran to 5 pages)
        gone = [k for k in now if k not in then]
        lines = [full_line(r["part"]) for r in getattr(answer, "each", None) or []
                 if r.get("entity") in gone and r.get("part") is not None]
        if len(lines) == len(gone):
            said = re.sub(r"^(?:Yes|No|None): ", "", " ".join(lines).rstrip("."))
            said = said[:1].lower() + said[1:] if said.split(" ", 1)[0] in _SENTENCE_OPENERS else said
            return f"the answer would then be: {said}; {others_as_now(len(then))}"
    own = "" if several_nothing_follows(answer) else _parties_moved(answer, base)   # 'for any vehicle': said so
    if own:
        return own
    line = several_nothing_follows(answer) or answer_line(answer)
    head, sep, rest = line.partition(": ")
    said = rest if sep and head in ("Yes", "No", "None", *answer_heads(answer).values()) else line
    said = said.rstrip(".")
    if answer.answer == "undetermined":
        return f"the answer would be undetermined: it would depend on {said.removeprefix('depends on ')}"
    first = said.split(" ", 1)[0]
    if first in _SENTENCE_OPENERS:   # 'The fee ...' -> 'the fee ...'; a name stays ('Sam Olson (the operator) ...')
        said = said[:1].lower() + said[1:]
    return f"the answer would then be: {said}"


def _parties_moved(answer, base) -> str:
    """An answer about each of several entities (answer/each.py rows, each with its own answer) where
    the change moves the own answer of some of them and not all: only those entities' own lines, the
    others said to stay ('the answer would then be: the 21:30 ride violated no provision ...; the
    others' results stay as they are'), never every party's result again (trainer review 11, G7: each
    what-if of a three-ride handout restated all three rides). '' for any other answer."""
    if base is None:
        return ""
    now = {str(r.get("entity")): r for r in getattr(base, "each", None) or []}
    then = {str(r.get("entity")): r for r in getattr(answer, "each", None) or []}
    if len(now) < 2 or set(now) != set(then):
        return ""
    rows, rows_now = _rows_said(answer, True), _rows_said(base, True)   # an entity the proof shows (no part of its own)

    def own(row, k: str, said: dict) -> str:   # an entity's own answer in words ('' when not found)
        return str(full_line(row["part"])) if row.get("part") is not None else str(said.get(k, ""))
    # moved: its verdict, or its own amount with the same verdict (the engine lowboy's range, when a
    # change of its weight leaves the gear flatbed and the crane lowboy as they are: trainer review 15,
    # 12, each what-if restating all three vehicles)
    # (compared like with like: both its own answers, or both rows of the whole answer's proof)
    moved = [k for k in then if then[k].get("answer") != now[k].get("answer")
             or (then[k].get("part") is None) == (now[k].get("part") is None)
             and own(then[k], k, rows) and own(now[k], k, rows_now) and own(then[k], k, rows) != own(now[k], k, rows_now)]
    if not moved or len(moved) == len(then):
        return ""
    lines = [full_line(then[k]["part"]) if then[k].get("part") is not None else rows.get(k, "") for k in moved]
    if not all(lines):
        return ""
    said = "; ".join(re.sub(r"^(?:Yes|No|None): ", "", line).rstrip(".") for line in lines)
    said = said[:1].lower() + said[1:] if said.split(" ", 1)[0] in _SENTENCE_OPENERS else said
    return f"the answer would then be: {said}; {others_as_now(len(then) - len(moved))}"


_SENTENCE_OPENERS = frozenset({"The", "A", "An", "No", "Nothing", "It", "Some", "Every", "Each", "Whether", "Possibly"})


def answer_now(answer) -> str:
    """'Unlawful: op1 violated .... Verdict: FALSE.' / 'It depends on whether ...; and 42 more facts.
    Verdict: UNDETERMINED.' (the what-if lists no facts below it, so the count stands alone; the
    verdict word follows its sentence, as in ask's text)."""
    word = {"true": "TRUE", "false": "FALSE", "undetermined": "UNDETERMINED", "not_applicable": "NOT APPLICABLE"}.get(answer.answer, answer.answer)
    line = answer_line(answer)
    if line.startswith("Undetermined: depends on "):
        from .answers import OTHER_FACTS
        line = "It depends on " + line.removeprefix("Undetermined: depends on ").replace(OTHER_FACTS, "other facts", 1)
    return f"{line.rstrip('.')}. Verdict: {word}."


def provisions_then(gained, lost) -> str:
    """'then s. 350.09(4) would apply instead of s. 350.10(1)(g)'; 'then s. 350.08 would not apply'
    ('' if neither): a plain clause, not the list 'would then apply: ...; would no longer apply: ...'."""
    gained = [p for p in gained if not any(q != p and _within(q, p) for q in gained)]   # its subdivision says it
    lost = [p for p in lost if not any(q != p and _within(p, q) for q in lost)]         # its provision says it
    now = and_list(list(dict.fromkeys(_gained_words(p) for p in gained))) if gained else ""
    gone = and_list([cite(p) for p in lost]) if lost else ""
    if gained and lost:
        return f"then {now} would apply instead of {gone}"
    if gained:
        return f"then {now} would apply"
    if lost:
        return f"then {gone} would not apply"
    return ""


def _gained_words(p) -> str:
    """A provision that would apply, cited; one that is a condition of an exception (answer/whatif.py
    Gained) said as that exception, with the readings it rests on: 'the exception that the trail used
    in the ride meets s. 350.02(2)(b)4.a and 4.c (on our readings: ...)' (trainer review 10, 07)."""
    exception = getattr(p, "exception", "")
    if not exception:
        return cite(p)
    readings = list(getattr(p, "readings", ()) or ())
    said = f"the exception that {exception}"
    if readings:
        said += f" (on our reading{'s' if len(readings) > 1 else ''}: {'; '.join(readings)})"
    return said


def within_provision(inner: str, outer: str) -> bool:
    """The citation is a subdivision of the other ('348.21(3g)(a)1' within '348.21(3g)')."""
    return _within(inner, outer)


def _within(inner: str, outer: str) -> bool:
    """The citation is a subdivision of the other ('348.21(3g)(b)1' within '348.21(3g)'): a
    subdivision that applies says its provision applies, and a provision that no longer applies
    says none of its subdivisions does."""
    return inner.startswith(outer) and len(inner) > len(outer) and (inner[len(outer)] in "(." or
                                                                   (outer.endswith(")") and inner[len(outer)].isalnum()))


def contrast_text(gained, lost, answer, cited, sentence: str = "", outcome: str = "") -> str:
    """What a change does to the provisions, as a handout's sentence: 'Would then apply: s. 350.09(4);
    would no longer apply: s. 350.10(1)(g).'; '' when no provision changes (the line's sentence says
    the result: 'The same provisions apply.' was printed where one dropped out, handout 03, and a
    bare 'No provision applies.' told a trainee nothing, handout 10); sentence: the line's own
    sentence, whose cleared violations are not repeated."""
    # a provision the line's own sentence already clears ('... would not have violated s. 350.02(2)(b)4',
    # '(no violation of s. 348.19(3))') is not said again as no longer applying
    lost = [p for p in lost if not re.search(rf"(?:no violation of|not have violated) {re.escape(cite(p))}(?![\w(.])",
                                             sentence)]
    # nor a violation the line's own answer names already ('... violated s. 350.09(1) in the ride
    # home. Then s. 350.09(1) would apply.', review 8, 01 and 08): the tail adds only what it does not say
    said = re.sub(r"(?<=\d) (?=\()", "", re.sub(r"(?<=\)) (?=\()", "", sentence))   # 's. 348.19 (3)' as cited
    gained = [p for p in gained if not re.search(rf"(?:violated|violation of) {re.escape(cite(p))}(?![\w(]|\.\w)", said)]
    if outcome == "value" and not gained:
        # the same section still decides it, only its amount (outcome "value") changes: a subsection dropping out (how
        # prior convictions are counted, s. 348.21(4)) still governs, and 'would not apply' is wrong
        # (review 5, 07: a prior under sub. (3) simply does not count under par. (a))
        sections = {str(c).split("(", 1)[0] for c in cited or ()}
        lost = [p for p in lost if p.split("(", 1)[0] not in sections]
    text = provisions_then(gained, lost)
    if not text:   # the line's own sentence says the result in words: no bare 'No provision applies.'
        return ""
    return text[:1].upper() + text[1:] + "."


class Said(str):
    """A statement already holding the amount ('truck1 was 0 pounds over the limit'): the note
    reads 'then <statement>' rather than '<noun phrase> would then be <amount>'."""


def amount_phrase(prog, entity, said, amount, noun, kind, labels=None):
    """noun when the template of the amount is a noun phrase; else the statement with the amount."""
    if not said:
        return noun
    pred, arity, pos, values = said
    args = list(values) if len(values) == arity and None not in values else [None] * arity
    args[0], args[pos] = entity, amount
    if None in args:
        return noun
    prose = prose_for(prog, labels)
    text = prose.positive(pred, tuple(args))
    if text is None or str(text).startswith(f"{noun} is "):
        return noun
    keyed = prose.positive(pred, tuple(None if i == pos else a for i, a in enumerate(args)))
    if keyed and str(text).startswith(f"{keyed} is "):   # a step keyed by its paragraph: its noun with the key
        return str(keyed)
    return Said(str(text))


def crossing(noun: str, value, boundary, provisions, kind="number", of_what="") -> str:
    """'the total excess load of semi1 in pounds would then be 4,001; the threshold in
    s. 348.21(3)(b)1.c and s. 348.21(3)(b)1.d is 4,000'; a boundary the case fixes is named (of_what):
    '...; the threshold in s. 348.19(1)(b) is 80,000 (the maximum weight in pounds applicable to ...)'.
    (It read 'across the 4,000 of ...', which was wrong English, and wrong at the threshold itself.)"""
    cites = " and ".join(cite(p) for p in provisions if p)
    where = f" in {cites}" if cites else ""
    named = f" ({of_what})" if of_what else ""
    then = f"then {noun}" if isinstance(noun, Said) else f"{noun} would then be {grouped(value, kind)}"
    if boundary == 0 and not of_what:
        # 'the threshold in s. 348.21 is 0' says nothing a trainee needs (review 6, 07, 08, 12: trivial)
        return then
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (value, boundary))
    if of_what and numbers and value != boundary:
        # a boundary the case fixes is said as what the value is compared with, not 'the threshold is
        # 78,000 (the estimated gross weight ...)' (review 7, 06: garbled)
        side = "less than" if value < boundary else "more than"
        at = f" ({cites})" if cites and "(s. " not in of_what else ""
        what, unit = (of_what.replace(" in pounds", "", 1), " lb") if " in pounds" in of_what else (of_what, "")
        return f"{then}, {side} {what}, which is {grouped(boundary, kind)}{unit}{at}"
    return f"{then}; the threshold{where} is {grouped(boundary, kind)}{named}"


def stepped(noun: str, value, was, provisions, kind="number") -> str:
    """'the number of 10,000-pound increments or fractions by which the gross weight of p1 exceeds
    100,000 pounds would then be 3 instead of 2 (s. 348.25(8)(b)3.c)'"""
    cites = " and ".join(cite(p) for p in provisions if p)
    where = f" ({cites})" if cites else ""
    if isinstance(noun, Said):
        return f"then {noun}{where}"
    return f"{noun} would then be {grouped(value, kind)} instead of {grouped(was, kind)}{where}"


def grouped(value, kind="number") -> str:
    """4001 -> 4,001 (whole numbers in prose); money in dollars."""
    if kind == "money":
        return show_value(value, "money")
    if isinstance(value, int) and not isinstance(value, (bool, Day)):
        return f"{value:,}"
    return show_value(value)
