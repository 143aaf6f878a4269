"""What-if sentences: 'had X been so', 'had <noun phrase> been <value>', and what would follow.

A statement whose verb is be/have becomes a past-perfect counterfactual ("the trail is approved"
-> "had the trail been approved"); one with a second verb the pattern cannot move ("is of s. ...
and involves ...") becomes "had it been so that ...". A noun phrase with a comma in it is closed
with a comma before "been".
"""
from __future__ import annotations

import re

from .cite import cite
from .answers import answer_heads, answer_line
from . import prose_for
from ..core.values import show_value

_BE = re.compile(r"^(.+?) (is|are|was|were) (.+)$")
_HAVE = re.compile(r"^(.+?) (has|have|had) (.+)$")
_SECOND_VERB = re.compile(r"\b(and|or|but) (involves|involve|is|are|was|were|has|have|had|does|did|"
                          r"[a-z]+s)\b(?! of\b)")


def counterfactual(statement: str, positive: bool) -> str:
    """'the trail is approved by X' -> 'had the trail been approved by X' (or 'not been')."""
    neg = "" if positive else "not "
    m = _BE.match(statement)
    if m and not _SECOND_VERB.search(m.group(3)):
        return f"had {m.group(1)} {neg}been {m.group(3)}"
    m = _HAVE.match(statement)
    if m and not _SECOND_VERB.search(m.group(3)):
        return f"had {m.group(1)} {neg}{m.group(3)}"
    return f"had it {neg}been so that {statement}"


def had_value(noun: str, value: str) -> str:
    """'had the speed of the snowmobile in op1, in miles per hour, been 10'; a comma only inside
    parentheses does not call for one: 'had the weight ... (gross weight, or the load ...) been 83000'."""
    comma = "," if "," in _outside_parentheses(noun) else ""
    return f"had {noun}{comma} been {value}"


def _outside_parentheses(text: str) -> str:
    out, depth = [], 0
    for ch in text:
        depth += ch == "("
        if not depth:
            out.append(ch)
        depth -= ch == ")" and depth > 0
    return "".join(out)


def was_said(old_bool=None, old_value=None) -> str:
    """What the case says now: 'the case says it was so' / '... was not so' (a boolean), 'instead of
    83,500' (a value), 'the case does not say' (unknown)."""
    if old_value is not None:
        return f"instead of {old_value}"
    if old_bool is None:
        return "the case does not say"
    return "the case says it was so" if old_bool else "the case says it was not so"


def was_presumed(old_bool=None, old_value=None, citation: str = "") -> str:
    """What the case says of a presumed input: 'the case does not raise it: presumed not so under
    s. 350.045' (a boolean), 'instead of 0, presumed under s. ...' (a value)."""
    said = (f"instead of {old_value}, presumed" if old_value is not None
            else f"the case does not raise it: presumed {'so' if old_bool else 'not so'}")
    return f"{said} under s. {citation}"


def search_summary(found: int, shown: int, searched: str, flipped: bool, candidates: bool,
                   truncated: bool) -> str:
    """The what-if search in one line: '3 single changes flip the answer', 'no single change flips
    the answer; 2 pair(s) of changes do (the first 1 are shown)', 'no ... flips the answer'."""
    more = f" (the first {shown} are shown)" if found > shown else ""
    if flipped:
        if searched == "single":
            return "1 single change flips the answer" if found == 1 else \
                f"{found} single changes flip the answer{more}"
        return f"no single change flips the answer; {found} pair(s) of changes do{more}"
    if not candidates:
        return "no input in the proof can be changed (nothing to try)"
    stopped = " (the pair search stopped at its limit)" if truncated else ""
    tried = " or pair of changes" if searched == "pairs" else ""
    return f"no single change{tried} to the inputs in the proof flips the answer{stopped}"


def change_clause(text: str, was: str, note: str = "") -> str:
    """'had X been 84,001 (instead of 83,500; the total excess ... would then be 4,001, ...)'"""
    return f"{text} ({was}" + (f"; {note})" if note else ")")


def consequence(answer) -> str:
    """'the answer would be FALSE: op1 was not lawful ...' (the answer line of the changed case)."""
    word = {"true": "TRUE", "false": "FALSE", "undetermined": "UNDETERMINED"}.get(answer.answer, answer.answer)
    line = answer_line(answer)
    head, sep, rest = line.partition(": ")
    said = rest if sep and head in ("Yes", "No", *answer_heads(answer).values()) else line
    said = said.rstrip(".")
    if answer.answer == "undetermined":
        return f"the answer would be {word}: it would depend on {said.removeprefix('depends on ')}"
    first = said.split(" ", 1)[0]
    if first.isalpha() and first[:1].isupper() and first[1:].islower():
        said = said[:1].lower() + said[1:]
    return f"the answer would be {word}: {said}"


class Said(str):
    """A statement already holding the amount ('truck1 was 0 pounds over the limit'): the note
    reads 'then <statement>' rather than '<noun phrase> would then be <amount>'."""


def amount_phrase(prog, entity, said, amount, noun, kind):
    """noun when the template of the amount is a noun phrase; else the statement with the amount."""
    if not said:
        return noun
    pred, arity, pos, values = said
    args = list(values) if len(values) == arity and None not in values else [None] * arity
    args[0], args[pos] = entity, amount
    if None in args:
        return noun
    text = prose_for(prog).positive(pred, tuple(args))
    if text is None or str(text).startswith(f"{noun} is "):
        return noun
    return Said(str(text))


def crossing(noun: str, value, boundary, provisions, kind="number", of_what="") -> str:
    """'the total excess load of semi1 in pounds would then be 4,001, across the 4,000 of
    s. 348.21(3)(b)1.c and s. 348.21(3)(b)1.d'; a boundary the case fixes is named (of_what):
    '..., across the 80,000 of s. 348.19(1)(b) (the maximum weight in pounds applicable to ...)'"""
    cites = " and ".join(cite(p) for p in provisions if p)
    where = f" of {cites}" if cites else ""
    named = f" ({of_what})" if of_what else ""
    then = f"then {noun}" if isinstance(noun, Said) else f"{noun} would then be {_grouped(value, kind)}"
    return f"{then}, across the {_grouped(boundary, kind)}{where}{named}"


def stepped(noun: str, value, was, provisions, kind="number") -> str:
    """'the number of 10,000-pound increments or fractions by which the gross weight of p1 exceeds
    100,000 pounds would then be 3 instead of 2 (s. 348.25(8)(b)3.c)'"""
    cites = " and ".join(cite(p) for p in provisions if p)
    where = f" ({cites})" if cites else ""
    if isinstance(noun, Said):
        return f"then {noun}{where}"
    return f"{noun} would then be {_grouped(value, kind)} instead of {_grouped(was, kind)}{where}"


def _grouped(value, kind="number") -> str:
    """4001 -> 4,001 (whole numbers in prose); money in dollars."""
    if kind == "money":
        return show_value(value, "money")
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return show_value(value)
