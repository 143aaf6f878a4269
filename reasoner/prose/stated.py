"""Whether the case's own words state that there is none of something ('its driver has no prior',
'none of the firms or drivers has an earlier weight conviction'): such an absence is stated, not
taken as none because the case lists none (trainer review 8, 11 and 12). Only silence is 'taken as'.

The test is on the case's `description:` (the scenario the trainee reads), one sentence at a time:
a clause that says 'no' right before a word of the kind ('no prior', 'no earlier prior conviction')
or 'none' with a word of the kind later in the clause ('none of the drivers has an earlier weight
conviction'). A sentence that names entities of the case states it of those it names (the grain
cart's sentence, of the grain cart only); a sentence that names none of them states it of all.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

_SENTENCES = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_CLAUSES = re.compile(r"[;:,()]|\b(?:and|but|while|whereas)\b")
_NO = re.compile(r"\bno\s+((?:[a-z-]+\s+){0,2}?)([a-z-]+)\b")
_NONE = re.compile(r"\b(?:none|not one|neither)\b(.*)$")


def _words(kind: str) -> set[str]:
    return {w for w in kind.lower().replace("-", "_").split("_") if len(w) > 2}


def _negates(clause: str, kind: set[str]) -> bool:
    for m in _NO.finditer(clause):
        if m.group(2) in kind or kind & set(m.group(1).split()):
            return True
    rest = _NONE.search(clause)
    return bool(rest and kind & set(re.findall(r"[a-z-]+", rest.group(1))))


def _names(words: str) -> str:
    return re.sub(r"\s+", " ", words.replace("_", " ").lower()).strip()


def _mentions(low: str, names: set[str]) -> set[str]:
    return {n for n in names if n and re.search(rf"\b{re.escape(n)}\b", low)}


def states_none(description: str, kind: str, about: Iterable[str] = (), named: Iterable[str] = (),
                others: Iterable[str] = ()) -> bool:
    """Whether DESCRIPTION states that there is no entity of KIND (a type name, 'prior_conviction')
    for the entities ABOUT (their ids or names); NAMED: every entity id or name of the case, to
    tell a sentence about one of them from a sentence about all; OTHERS: the words of persons who
    are not those of ABOUT ('driver', 'drivers'): a sentence about them only ('none of the drivers
    has an earlier weight conviction') states nothing of ABOUT (the company charged: trainer
    review 12, G4)."""
    kind_words = _words(kind)
    if not description or not kind_words:
        return False
    about_names = {_names(a) for a in about if a}
    all_names = {_names(n) for n in named if n} | about_names
    other_names = {_names(o) for o in others if o} - about_names
    for sentence in _SENTENCES.split(description):
        low = " ".join(sentence.lower().split())
        clauses = [c for c in _CLAUSES.split(low) if c and _negates(c, kind_words)]
        if not clauses:
            continue
        # the clause that says 'none' says of whom: 'none of the drivers has ...' after a name of the
        # company in the same sentence is still about the drivers
        if all(_mentions(c, other_names) and not _mentions(c, about_names) for c in clauses):
            continue
        mentioned = _mentions(low, all_names)
        if mentioned & about_names:
            return True
        if not mentioned and not _mentions(low, other_names):
            return True
    return False


def others_none(description: str, kind: str, others: Iterable[str] = ()) -> str:
    """The words of OTHERS ('drivers') a sentence of DESCRIPTION states has no entity of KIND ('none
    of the drivers has an earlier weight conviction'), '' where none does: what the case gives of
    someone else's record, not of the person charged."""
    kind_words = _words(kind)
    other_names = sorted({_names(o) for o in others if o}, key=len, reverse=True)
    if not description or not kind_words or not other_names:
        return ""
    for sentence in _SENTENCES.split(description):
        low = " ".join(sentence.lower().split())
        if any(_negates(c, kind_words) for c in _CLAUSES.split(low)):
            said = [n for n in other_names if re.search(rf"\b{re.escape(n)}\b", low)]
            if said:
                return said[0]
    return ""


_RECORD_WORDS = frozenset({"conviction", "convictions", "judgment", "judgments", "deposit", "citation",
                           "prior", "priors", "record", "forfeiture"})


def others_have(description: str, others: Iterable[str], about: Iterable[str] = (), named: Iterable[str] = ()) -> str:
    """The word of OTHERS ('driver') a sentence of DESCRIPTION gives a record to ('The first driver has
    an overweight judgment 8 months ago'), '' where none does: the case gives someone else's record,
    not that of the person charged (trainer review 14, G6). ABOUT: the ids and names of the vehicle
    and the parties linked to it; NAMED: every entity's. A sentence that names entities of the case
    speaks of those it names ('The second, a sand company's truck ..., has a driver with a ...
    deposit': the sand company's truck only); one that names none, of all. A sentence that says they
    have none is others_none's."""
    words = sorted({_names(o) for o in others if o}, key=len, reverse=True)
    if not description or not words:
        return ""
    about_names = {_names(a) for a in about if a}
    all_names = {_names(n) for n in named if n} | about_names
    for sentence in _SENTENCES.split(description):
        low = " ".join(sentence.lower().split())
        said = [n for n in words if re.search(rf"\b{re.escape(n)}s?\b", low)]
        if not said or not _RECORD_WORDS & set(re.findall(r"[a-z]+", low)) or _NONE.search(low):
            continue
        mentioned = _mentions(low, all_names - set(words))
        if not mentioned or mentioned & about_names:
            return said[0]
    return ""
