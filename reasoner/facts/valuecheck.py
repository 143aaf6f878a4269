"""A case value against its declared value space (reasoner/language/domains.py): the words of a
closed symbol, the range of a number or money, a list only where the vocabulary allows one.

Called by facts/case.py after a value is converted; each failure is one CaseError at file:line with
what to write instead."""
from __future__ import annotations

import difflib
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.errors import CaseError
from ..language.domains import describe, example
from ..core.values import parse_number

if TYPE_CHECKING:
    from ..language.ast import Param
    from .yamlsafe import Located


def check_value(attr: str, param: Param | None, value: Any, raw: str, where: str) -> None:
    """Raise CaseError if an already converted value (a bool, number, word, date or time) is outside
    the declared space of `param`."""
    if param is None:
        return
    if param.words is not None and value not in param.words:
        words = sorted(param.words, key=lambda w: (w == "other", w))
        close = difflib.get_close_matches(str(value), words, n=3, cutoff=0.5)
        hint = f"did you mean: {', '.join(close)}?" if close else None
        more = "; write other for anything else" if "other" in param.words else ""
        raise CaseError(f"{attr}: {raw!r} is not a word {attr} can take (one of {', '.join(words)}{more})",
                        location=where, hint=hint or f"{attr} is one of: {', '.join(words)}")
    if param.low is None or param.type not in ("number", "money"):
        return
    amount = Fraction(value) / 100 if param.type == "money" else value   # int or Fraction: exact
    if amount < param.low or (param.high is not None and amount > param.high):
        raise CaseError(f"{attr}: {raw} is out of range: {describe(param)}", location=where,
                        hint=f"for example {attr}: {example(param)}")


def quoted_scalar_hint(ptype: str, item: Located) -> str | None:
    """'remove the quotes' when a quoted string would be a valid number or boolean unquoted."""
    if item.tag != "str":
        return None
    raw = (item.raw or "").strip()
    if ptype == "boolean" and raw.lower() in ("true", "false", "yes", "no"):
        return f"remove the quotes: write {raw.lower()}, not \"{raw}\""
    if ptype == "number":
        try:
            parse_number(raw)
        except (ValueError, ArithmeticError):
            return None
        return f"remove the quotes: write {raw}, not \"{raw}\" (a quoted value is text)"
    return None


def list_refused(attr: str, param: Param, where: str) -> CaseError:
    return CaseError(f"{attr} takes one value, not a list", location=where,
                     hint=f"write one value, e.g. {attr}: {example(param)}; a list is accepted only for "
                          "attributes declared `list of` (see `reasoner vocab`)")


def hint_for(attr: str, param: Param | None, ptype: str) -> str:
    """The hint of a conversion error, its example taken from the declared value space."""
    if ptype not in ("number", "money", "time", "date", "string", "symbol"):
        return f"{attr} is the id of {_a(ptype)} entity of this case"
    if param is not None:
        space = describe(param)
        return f"{attr} is a {ptype}{' (' + space + ')' if space else ''}, e.g. {attr}: {example(param)}"
    sample = {"number": "30", "money": "125.50", "time": '"23:05"', "date": "1994-05-07",
              "symbol": "a_word", "string": '"text"'}.get(ptype, "an entity id")
    return f"{attr} is a {ptype}, e.g. {attr}: {sample}"




def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word
