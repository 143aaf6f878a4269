"""What-if sentences: 'had X been so', 'had <noun phrase> been <value>', and what would follow.

A statement whose verb is be/have becomes a past-perfect counterfactual ("the trail is approved"
-> "had the trail been approved"); one with a second verb the pattern cannot move ("is of s. ...
and involves ...") becomes "had it been so that ...". A noun phrase with a comma in it is closed
with a comma before "been".
"""
from __future__ import annotations

import re

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
    """'had the speed of the snowmobile in op1, in miles per hour, been 10'"""
    comma = "," if "," in noun else ""
    return f"had {noun}{comma} been {value}"


def consequence(answer) -> str:
    """'the answer would be FALSE: op1 was not lawful ...' (the answer line of the changed case)."""
    from .answers import answer_line
    word = {"true": "TRUE", "false": "FALSE", "undetermined": "UNDETERMINED"}.get(answer.answer, answer.answer)
    line = answer_line(answer)
    head, sep, rest = line.partition(": ")
    said = rest if sep and head in ("Yes", "No", "Undetermined") else line
    said = said.rstrip(".")
    if answer.answer == "undetermined":
        return f"the answer would be {word}: it would depend on {said.removeprefix('depends on ')}"
    first = said.split(" ", 1)[0]
    if first.isalpha() and first[:1].isupper() and first[1:].islower():
        said = said[:1].lower() + said[1:]
    return f"the answer would be {word}: {said}"


def crossing(noun: str, value, boundary, provisions) -> str:
    """'the total excess load of semi1 in pounds would then be 4,001, across the 4,000 of
    s. 348.21(3)(b)1.c and s. 348.21(3)(b)1.d'"""
    cites = " and ".join(f"s. {p}" for p in provisions if p)
    where = f" of {cites}" if cites else ""
    return f"{noun} would then be {_grouped(value)}, across the {_grouped(boundary)}{where}"


def _grouped(value) -> str:
    """4001 -> 4,001 (whole numbers in prose)."""
    return f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else str(value)
