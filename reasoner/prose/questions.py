"""Interview questions: what `reasoner interview` asks, in words (the prose layer's one place for
them; apps/interview.py decides what to ask and reads the replies)."""
from __future__ import annotations

import re

from ..language.domains import describe

KINDS = {"number": "a number", "money": "dollars, e.g. 125.50", "time": "a clock time HH:MM",
         "date": "a date YYYY-MM-DD", "symbol": "a lowercase word", "string": "text"}


# 'SUBJECT did not VERB ...': the one negation of a statement, at its auxiliary verb
_NEGATED = re.compile(r"(?P<subject>.+?) (?P<aux>did|does|do|was|were|is|are|has|have|had) not (?P<rest>.+)")
_NEGATION = re.compile(r"\b(not|no|never|none|nor|neither|without)\b|n't\b", re.IGNORECASE)


def positive_question(sentence: str):
    """'Did the operator of op1 comply with a stop sign ...?' for the statement 'the operator of op1
    did not comply with a stop sign ...' (an @input whose own template is a negative, such as
    failed_to_obey_regulatory_sign): the question asks the positive, and a yes means the input is
    false. None when the sentence is not one plain negation at its auxiliary verb (then it is asked
    as it stands: 'Is it so that ...?')."""
    m = _NEGATED.fullmatch(sentence)
    if m is None or _NEGATION.search(m["subject"]) or _NEGATION.search(m["rest"]):
        return None
    return f"{m['aux'].capitalize()} {m['subject']} {m['rest']}"


def ask_input(sentence: str, type_: str, choices=(), param=None, note: str = "") -> str:
    """'Is it so that op1 took place at night? [y/n/unknown]' for a boolean input ('Did the operator
    of op1 comply ...?' for a negative statement, positive_question); 'What is the distance ...? (a
    number, at least 0 feet; or unknown)' for a value."""
    said = f"{sentence} (note: {note})" if note else sentence
    if type_ == "boolean":
        positive = positive_question(sentence)
        if positive is not None:
            return f"{positive}{f' (note: {note})' if note else ''}? [y/n/unknown]"
        return f"Is it so that {said}? [y/n/unknown]"
    what = KINDS.get(type_)
    if what is None or (type_ == "symbol" and choices):
        what = f"one of {', '.join(choices)}" if choices else f"the id of a {type_}"
    elif type_ in ("number", "money") and param is not None:
        if param.low is not None:   # the declared range, with its unit
            what += f", {describe(param)}"
        elif param.unit:
            what += f" in {param.unit}"
    return f"What is {said}? ({what}; or unknown)"


def ask_presumed(items) -> str:
    """One question for every presumed exception an answer relies on (burden of proof)."""
    lines = ["The answer presumes that none of these was raised in the case:"]
    lines += [f"  {i}. {d['fact']} (s. {d['citation']}: {d['reason']})" for i, d in enumerate(items, 1)]
    return "\n".join(lines) + "\nWas any of them raised? [n, or the numbers, e.g. 1,3]"
