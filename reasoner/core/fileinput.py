"""Input files that are not what they seem: a directory, a named pipe or a device given where a file
is read, and text that is not UTF-8 -- each one line saying where and what to do."""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .errors import ReasonerError

# anonymous pipes the shell hands over (`<(cat case.yaml)`, `/dev/stdin`) are read like files
_PASSED_PIPES = ("/dev/fd/", "/proc/self/fd/", "/dev/stdin")


def refuse_special(path: str | Path, error_cls: type[ReasonerError], what: str = "file") -> None:
    """Raise error_cls when `path` exists but is a directory, a named pipe (opening it would wait for
    a writer), a device or a socket. A missing path is left to the reader's own message."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    if stat.S_ISREG(mode):
        return
    text = str(path)
    if stat.S_ISFIFO(mode) and text.startswith(_PASSED_PIPES):
        return
    kind = ("a directory" if stat.S_ISDIR(mode) else "a named pipe (FIFO)" if stat.S_ISFIFO(mode)
            else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket"
            if stat.S_ISSOCK(mode) else "not a regular file")
    hint = (f"give the path of a {what} inside it" if stat.S_ISDIR(mode) else
            f"save the {what} to a regular file and give its path")
    raise error_cls(f"is {kind}, not a {what}", location=text, hint=hint)


def not_utf8(path: str | Path, what: str = "file") -> tuple[str, str]:
    """(message, location) for a file that does not decode as UTF-8: the first bad byte, its offset
    and its line."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return (f"{what} is not UTF-8 text", str(path))
    return not_utf8_bytes(data, path, what)


def not_utf8_bytes(data: bytes, path: str | Path, what: str = "file") -> tuple[str, str]:
    """(message, location) for bytes already read that do not decode as UTF-8."""
    try:
        data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return (f"{what} is not UTF-8 text: byte 0x{data[exc.start]:02x} at byte offset {exc.start} "
                f"(line {line}) cannot be decoded", f"{path}:{line}")
    return (f"{what} is not UTF-8 text", str(path))


class DuplicateKey(ValueError):
    """A JSON object with the same key twice (json.loads keeps the last one, silently)."""


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """object_pairs_hook for json.loads: refuse a key given twice, as the YAML reader does."""
    out = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKey(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def exact_float(text: str) -> Any:
    """parse_float for json.loads: a JSON number with a fraction or exponent, exactly (Decimal); out
    of range it stays text, which the case reader refuses with a located error (the number reader,
    core/values.read_number), rather than expanding 1e999999999."""
    from decimal import Decimal
    from .values import MAX_DIGITS
    value = Decimal(text)
    return value if abs(value.adjusted()) <= MAX_DIGITS else _too_long(text)


def exact_int(text: str) -> Any:
    """parse_int for json.loads: a JSON integer; more than MAX_DIGITS digits stays text (refused by
    the case reader)."""
    from .values import MAX_DIGITS
    return int(text) if len(text.lstrip("-")) <= MAX_DIGITS else _too_long(text)


def _too_long(text: str) -> str:
    from .values import MAX_DIGITS
    return text if len(text) <= 40 else f"{text[:20]}... ({len(text)} characters, more than {MAX_DIGITS} digits)"


def loads_exact(text: "str | bytes") -> Any:
    """JSON as the case readers take it: numbers exact (exact_float, exact_int: never a binary
    float), a key given twice refused (DuplicateKey). json's own errors (ValueError) and
    RecursionError (nesting hundreds deep) are the caller's to report."""
    import json
    return json.loads(text, parse_float=exact_float, parse_int=exact_int, object_pairs_hook=unique_keys)


# Control characters other than line breaks (\n, \r, NEL) and tabs: escape sequences a terminal would obey, NUL.
# Input text is printable: every output (text, handouts, CSV) would otherwise carry them to the reader.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f]")   # not \t \n \r or NEL (U+0085)
CONTROL_HINT = "remove it: input holds printable text (line breaks and tabs are allowed)"


def control_character(text: str) -> str | None:
    """'a control character (U+001B)' when `text` holds one, else None."""
    bad = CONTROL.search(text)
    return f"a control character (U+{ord(bad.group()):04X})" if bad else None


def json_depth(obj: Any, limit: int | None = None) -> int:
    """The nesting depth of parsed JSON, without recursion; past `limit` it stops counting (a
    100,000-deep body is refused without walking all of it)."""
    deepest, todo = 0, [(obj, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            deepest = max(deepest, depth)
            if limit is not None and depth > limit:
                return depth
            todo.extend((v, depth + 1) for v in value)
    return deepest
