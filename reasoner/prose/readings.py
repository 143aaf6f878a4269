"""Sentences saying whether an answer turns on a reading (the record: answer/interpretation.py)."""
from __future__ import annotations
import re
from types import MappingProxyType

from ..core.values import show_value
from .cite import cite

WORD = MappingProxyType({"true": "TRUE", "false": "FALSE", "undetermined": "UNDETERMINED", "not_applicable": "NOT APPLICABLE"})
TRAINEE_WORD = MappingProxyType({"true": "yes", "false": "no", "undetermined": "undetermined", "not_applicable": "not applicable"})


def reading_name(entry) -> str:
    kind = "the default reading" if entry.get("default") else "the alternative reading"
    return f'{kind} {entry["qualified"]} of "{entry["text"]}" (s. {entry["citation"]})'


def _bindings(entry) -> str:
    types = entry.get("types") or {}
    shown = []
    for b in entry.get("bindings") or ():
        values = ", ".join(f"{k}={show_value(v, types.get(k))}" for k, v in b.items() if k != "answer")
        if values:
            shown.append(f"{values} ({b.get('answer', '')})")
    return f", with {'; '.join(shown)}" if shown else ""


def interpretation_lines(interp) -> list:
    """The lines under "Readings:" in text answers and handouts; [] when no phrase was checked."""
    if not interp or not (interp.get("checked") or interp.get("used") or interp.get("selected")):
        return []
    out = []
    if interp.get("selected"):
        out.append("Chosen instead of the default: " + ", ".join(interp["selected"]) + ".")
    used = interp.get("used") or ()
    if used:
        out.append("Readings used: " + ", ".join(
            f"{e['qualified']} ({'default' if e.get('default') else 'alternative'})" for e in used)
            + " (each reason is given in the proof).")
    turns = interp.get("turns_on") or []
    for entry in turns:
        out.append(f"Turns on a reading: under {reading_name(entry)} the answer would be "
                   f"{WORD.get(entry['answer'], entry['answer'])}{_bindings(entry)}. Reason for that reading: "
                   f"{entry['reason']}")
    if interp.get("not_checked"):
        out.append(not_checked_line(interp))
    elif not turns and interp.get("checked"):
        out.append("Does not turn on a reading: no other reading of the phrases the question depends on ("
                   + ", ".join(interp["checked"]) + ") changes the answer.")
    return out


def not_checked_line(interp) -> str:
    where = ", ".join(cite(c) for c in interp.get("checked_citations") or ())
    return ("Not checked whether the answer turns on a reading of a contested phrase"
            + (f" (in {where})" if where else "") + f": {interp['not_checked']}.")


# -- the trainee's words (the argument's "Readings" section): no identifiers ------------------------
def reading_words(entry) -> str:
    """A reading as a trainee reads it: 'the alternative reading of "when within 150 feet of a
    dwelling" (s. 350.10(1)(g)), that a snowmobile exactly 150 feet from a dwelling is not within 150
    feet' (the words its rule file gives; without them, the phrase and the kind of reading)."""
    kind = "the default reading" if entry.get("default") else "the alternative reading"
    said = f'{kind} of "{entry["text"]}" ({cite(entry["citation"])})'
    words = (entry.get("words") or "").strip().rstrip(".")
    return f"{said}, that {words}" if words else said


def would_have(offence: str) -> str:
    """'Jesse Brandt (the operator) would have violated s. 350.05(1) in the ride': a violation another
    reading finds, said as what would follow (review 7, 03: 'Read otherwise, it would be yes' named
    no provision and no one)."""
    return offence.replace(" violated ", " would have violated ", 1)


def _what(entry) -> str:
    """': op1 was lawful under ...' / ': possibly the forfeiture ...; possibly ...' (a row not
    established): the other answer in the rule files' words (answer/interpretation.answer_said);
    without them, the bindings' values."""
    if entry.get("offences"):   # the violations that reading finds, with whom they bind
        return ": " + "; ".join(would_have(o) for o in entry["offences"])
    said = entry.get("said") or []
    if not said:
        return _for_whom(entry)
    return ": " + "; ".join(s["text"] if s["answer"] != "undetermined" else f"possibly {s['text']}"
                            for s in said)


def _for_whom(entry) -> str:
    """' (for op1)' / ' (op1: TRUE; op2: FALSE)': the bindings' values, without variable names."""
    types = entry.get("types") or {}
    shown = []
    for b in entry.get("bindings") or ():
        values = ", ".join(show_value(v, types.get(k)) for k, v in b.items() if k != "answer")
        if values:
            shown.append((values, b.get("answer", "")))
    if not shown:
        return ""
    if len(shown) == 1:
        return f" (for {shown[0][0]})"
    return " (" + "; ".join(f"{v}: {WORD.get(a, a)}" for v, a in shown) + ")"


TURNS_LEAD = "Turns on a reading: "


def beside_answer(line: str) -> bool:
    """The line says what the answer itself says (prose/answers.py reading_turns): a handout leaves it out."""
    return line.startswith(TURNS_LEAD)


def handout_lines(arg, full: bool = True) -> list:
    """The readings a handout lists, one a line: the argument's, and its interpretation less what
    the answer says; each opens with a capital (a line of its own is a sentence: 'A rate of speed
    exceeding 10 miles per hour: ...') and each is said once. full=False (a trainee's edition): none
    when none of them changes the answer; the closing line counts them and says where they are set
    out (trainer review 9: readings that change nothing filled a third of a page)."""
    lines = _all_lines(arg)
    turning = getattr(arg, "turning", None)
    if full or turning is None:
        return lines
    return [line for line in lines if any(f'"{text}"' in line for text in turning)]


def turning_texts(interp) -> list | None:
    """The words of each phrase another reading of which changes the answer ([] when none does);
    None when the check was not made (every reading is then listed)."""
    if not interp or not interp.get("checked") or interp.get("not_checked"):
        return None
    return list(dict.fromkeys(e["text"] for e in interp.get("turns_on") or ()))


def _all_lines(arg) -> list:
    out: list = []
    for r in list(arg.readings) + [r for r in arg.interpretation if not beside_answer(r) and r != NONE_CHANGES]:
        line = r[:1].upper() + r[1:]
        if line not in out:
            out.append(line)
    return [line for i, line in enumerate(out)
            if not any(j != i and _says_no_more(line, other, later=i > j) for j, other in enumerate(out))]


_WORD = re.compile(r"[a-z0-9]+(?:[.,][0-9]+)*")


def _words(text: str) -> set:
    return set(_WORD.findall(text.lower()))


def _point(line: str) -> str:
    """What a reading decides: the words after its phrase ('Within 100 feet: exactly 100 feet is
    within.' -> 'exactly 100 feet is within.')."""
    _, sep, rest = line.partition(": ")
    return rest if sep else line


def _says_no_more(line: str, other: str, later: bool) -> bool:
    """The reading decides a threshold (a number in its point) that the other reading already
    decides in the same words: 'A speed of 10 miles per hour or less is allowed: exactly 10 mph
    complies.' beside 'A speed not to exceed 10 miles per hour: exactly 10 mph complies; more than
    10 mph does not.' (trainer review 5: one reading per point). Of two that each say what the
    other says, the later goes."""
    point = _words(_point(line))
    if not any(w[0].isdigit() for w in point) or not point <= _words(other):
        return False
    return later or not _words(_point(other)) <= _words(line)


def handout_closing(arg, full: bool = True) -> str:
    """The sentence after a handout's numbered readings ('None of these readings changes the
    answer.'), said after the list, never numbered as if it were a reading (trainer review 5);
    nothing after no list: 'None of these readings' under no reading is an empty section printed
    (trainer review 8, 02 and 03). full=False (a trainee's edition), where none changes the answer:
    one line in place of the list, saying how many readings the argument rests on and where each
    is set out."""
    if full or getattr(arg, "turning", None) is None:
        if NONE_CHANGES in arg.interpretation:
            return tried_closing(_all_lines(arg))
        # some reading changes the answer (the answer says how): the others tried the other way
        # still said, and the one that changes it named, never 'reading 1 gives the same answer'
        # alone beside a reading that does not (trainer review 14, 03, G5)
        return tried_closing(_all_lines(arg), list(getattr(arg, "turning", None) or [])) if full else ""
    rest = len(_all_lines(arg)) - len(handout_lines(arg, full))
    return readings_elsewhere(rest, bool(handout_lines(arg, full))) if rest else ""


# a reading with an alternative set out in the law, as the argument says it (prose/argument.py
# reading_text of language/parser.py alternative_reading): '"X" (s. C): why' or '"X" (s. C), read otherwise: why'
_ALTERNATIVE = re.compile(r'^"[^"]+" \(s\. [0-9.()a-z]+?\)(?::|, read otherwise:) ')


def tried_closing(lines: list, turning: list | None = None) -> str:
    """The sentence after the numbered readings, when no other reading changes the answer: which
    were tried the other way, by number ('Read the other way, reading 5 gives the same answer.'),
    nothing where none has another reading set out in the law (trainer review 12, G7: 'Each reading above that has an alternative ... The others
    were not tried another way' named none, and a trainee could not use it). '' under no list."""
    tried = [i for i, line in enumerate(lines, 1) if _ALTERNATIVE.match(line)]
    turns = [i for i in tried if any(lines[i - 1].startswith(f'"{t}"') for t in turning or [])]
    if turns:   # turning: the words of the phrases another reading of which changes the answer
        same = [i for i in tried if i not in turns]
        changes = f"{_numbers(turns)} {'changes' if len(turns) == 1 else 'change'} it, as the answer says"
        if not same:
            return f"Read the other way, {changes}."
        return f"Read the other way, {_numbers(same)} {'gives' if len(same) == 1 else 'give'} the same answer; {changes}."
    # said as what a trainee can use, never the software's process (trainer review 13, G3: 'Tried the
    # other way, ...' / 'Not tried another way: readings 1 to 4' struck): the readings that have another
    # reading set out in the law, read that way, give the same answer; the rest have none to try
    if not tried:
        return ""
    verb = "gives" if len(tried) == 1 else "give"
    return f"Read the other way, {_numbers(tried)} {verb} the same answer."


def _numbers(numbers: list) -> str:
    """'reading 5', 'readings 2 and 5', 'readings 1 to 4, 6 and 7': runs of three or more as 'a to b'."""
    runs: list = []
    for n in numbers:
        if runs and runs[-1][1] == n - 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    said: list = []
    for a, b in runs:
        if b - a >= 2:
            said.append(f"{a} to {b}")
        else:
            said += [str(x) for x in range(a, b + 1)]
    kind = "reading" if len(numbers) == 1 else "readings"
    return f"{kind} {said[0]}" if len(said) == 1 else f"{kind} {', '.join(said[:-1])} and {said[-1]}"


def readings_elsewhere(count: int, others: bool = False) -> str:
    """'The argument rests on 6 readings of this kind; none of them changes the answer. Each is
    set out in the instructor's edition (export --view instructor) and in the JSON (export --to json).'
    others: after the readings listed (those that change the answer), '6 other readings'."""
    kind = "other " if others else ""
    many = f"{count} {kind}readings of this kind" if count != 1 else f"one {kind}reading of this kind"
    them = "none of them changes" if count != 1 else "it does not change"
    return (f"The argument rests on {many}; {them} the answer. Each is set out in the instructor's edition "
            "(export --view instructor) and in the JSON (export --to json).")


# said under a list that holds readings with an alternative set out in the law (tried both ways) and
# readings of our own that have none: 'None of these readings changes the answer' claimed more than was
# tried (trainer review 11, G4: a reading from outside the excerpt decided a rider's verdict)
NONE_CHANGES = ("Each reading above that has an alternative set out in the law was also tried the other way: "
                "none changes the answer. The others were not tried another way.")
NONE_TRIED = NONE_CHANGES


def argument_lines(interp) -> list:
    """The sentences the argument adds under its readings (text view, handouts): the readings chosen
    instead of a default, and whether the answer turns on a reading, in words. [] when no phrase
    was checked. The identifiers stay in JSON and the full view (interpretation_lines)."""
    if not interp or not (interp.get("checked") or interp.get("selected")):
        return []
    out = []
    for entry in interp.get("chosen") or ():
        out.append(f"Chosen instead of the default: {reading_words(entry)}.")
    turns = interp.get("turns_on") or []
    for entry in turns:
        out.append(f"{TURNS_LEAD}under {reading_words(entry)}, the answer would be "
                   f"{TRAINEE_WORD.get(entry['answer'], entry['answer'])}{_what(entry)}. "
                   f"Reason for that reading: {entry['reason']}")
    if interp.get("not_checked"):
        out.append(not_checked_line(interp))
    elif not turns and interp.get("checked"):
        # the phrases checked are those of every rule the question reads, most of them not argued
        # here: named in the full view and JSON (interpretation_lines), not on the trainee's page
        out.append(NONE_CHANGES)
    return out


def listing_lines(rows) -> list:
    """`reasoner readings` as text: each phrase, its words and citation, its readings."""
    out = []
    for row in rows:
        out.append(f'{row["phrase"]}: "{row["text"]}" (s. {row["citation"]})')
        for r in row["readings"]:
            mark = "default" if r["default"] else "alternative"
            words = f", that {r['words']}" if r.get("words") else ""
            out.append(f"  {r['qualified']} ({mark}){words}: {r['reason']}")
    out.append(f"{len(rows)} phrase(s), {sum(len(r['readings']) for r in rows)} reading(s); "
               "choose one with: reasoner --reading PHRASE.READING ...")
    return out
