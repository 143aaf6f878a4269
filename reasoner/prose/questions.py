"""Interview questions: what `reasoner interview` asks, in words (the prose layer's one place for
them; reasoner/interview.py decides what to ask and reads the replies)."""
from __future__ import annotations

from ..language.domains import describe

KINDS = {"number": "a number", "money": "dollars, e.g. 125.50", "time": "a clock time HH:MM",
         "date": "a date YYYY-MM-DD", "symbol": "a lowercase word", "string": "text"}


def ask_input(sentence: str, type_: str, choices=(), param=None, note: str = "") -> str:
    """'Is it so that op1 took place at night? [y/n/unknown]' for a boolean input; 'What is the
    distance ...? (a number, at least 0 feet; or unknown)' for a value."""
    said = f"{sentence} (note: {note})" if note else sentence
    if type_ == "boolean":
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
