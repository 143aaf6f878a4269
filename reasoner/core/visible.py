"""Text that came from input, made safe to show: control characters visible, never obeyed.

A terminal obeys what it is sent: ESC begins a sequence that may clear the screen (`ESC[2J`) or set
the window title (`ESC]0;...BEL`), a carriage return rewrites the line, a bidirectional override
(U+202E) shows the text after it reversed. Input (ids, file names, rule-file templates, a query,
values) may hold any of them, so every text a person reads -- answers, errors, warnings, usage
errors, the `batch --to text` table -- goes through `visible()`, which writes each such character
as the text of its escape: ESC as `\\x1b`, U+202E as `\\u202e`. Line breaks and tabs the program
lays out itself are kept; inside one field (an id, a file name: `field=True`) they are escaped too
(`\\t`, `\\n`), so that one field stays on one line and in one column.
A backslash is left as it is (a Windows path reads as typed), so the text `\\x1b` and an ESC look
alike once shown: what is shown is safe, not a lossless encoding. Machine formats keep the exact
data: JSON escapes per its spec (`escape_json`), CSV quotes.
"""
from __future__ import annotations

import re
from types import MappingProxyType

# C0 controls but tab and line feed, DEL, C1 controls (NEL included), the line and paragraph
# separators, the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069),
# and a lone surrogate (not a character: no UTF-8 can carry it)
_SHOWN = "\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff"
_UNSAFE = re.compile(f"[{_SHOWN}]")
_UNSAFE_IN_FIELD = re.compile(f"[\t\n{_SHOWN}]")
_NAMED = MappingProxyType({"\t": "\\t", "\n": "\\n", "\r": "\\r"})
# what json.dumps(..., ensure_ascii=False) leaves raw and a terminal or a JavaScript or line-based
# reader would act on (it escapes C0 itself)
_JSON_RAW = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def visible(text: object, field: bool = False) -> str:
    """`text` with every control character written as its escape (`\\x1b`, `\\r`, `\\x9b`,
    `\\u202e`); tabs and line breaks kept, unless `field` (then `\\t`, `\\n`). Already visible text
    comes back unchanged, so applying it twice is applying it once."""
    text = str(text)
    pattern = _UNSAFE_IN_FIELD if field else _UNSAFE
    return pattern.sub(_escape, text) if pattern.search(text) else text


def escape_json(text: str) -> str:
    """JSON text (json.dumps(..., ensure_ascii=False)) with DEL, the C1 controls, U+2028/U+2029 and
    the bidirectional controls written as `\\u` escapes: the same JSON value (they stand only inside
    strings, where the escape means the character), safe on a terminal, and one line of JSONL stays
    one line for a reader that splits at U+2028."""
    if text.isascii() and "\x7f" not in text:   # the common case, without a scan by the regex (an
        return text                              # 89 MB `run --format json` model: 1 s -> 0.03 s)
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text) if _JSON_RAW.search(text) else text
