"""`textwrap.wrap(text, width)` with its default options, line for line, in a quarter of the time.

A text proof quotes the statute under every rule step: the `lawful` proof of one snowmobile case
wraps ~38,000 characters, and textwrap's general chunking and filling took ~14 ms of a ~250 ms
command. Here a text made of words and spaces is split once by `str.split` and filled greedily the
way textwrap fills it (leading spaces kept on the first line only, spaces at a break dropped).
Anything that takes textwrap's other paths — a hyphen touching a word (where it may break it), a tab,
a space other than ASCII's, a word longer than the width, a width below 1 — goes to textwrap
itself, so the result is always textwrap's (tests/prose/test_wrap.py compares the two on the statute
texts and on random text).
"""
from __future__ import annotations

import re

_WHITESPACE = str.maketrans("\t\n\x0b\x0c\r", "     ")   # textwrap's replace_whitespace
_SPACES = re.compile(r"( +)")
_OTHER_SPACE = re.compile(r"[^\S \t\n\x0b\x0c\r]")   # a no-break space: textwrap strips it at a break
# a hyphen touching a word, where textwrap may break (`self-evident`, `--`); a hyphen between spaces
# (a list's `- `) is a word of its own to textwrap as here
_IN_WORD_HYPHEN = re.compile(r"\S-|-\S")


def wrap(text: str, width: int = 70) -> list:
    if width < 1 or "\t" in text or ("-" in text and _IN_WORD_HYPHEN.search(text)) \
            or (not text.isascii() and _OTHER_SPACE.search(text)):
        return _textwrap(text, width)
    chunks = [c for c in _SPACES.split(text.translate(_WHITESPACE)) if c]
    if any(len(c) > width for c in chunks):
        return _textwrap(text, width)
    lines: list[str] = []
    i, n = 0, len(chunks)
    while i < n:
        if lines and chunks[i][0] == " ":
            i += 1              # a break drops the spaces it falls on
            if i == n:
                break
        start, length = i, 0
        while i < n and length + len(chunks[i]) <= width:
            length += len(chunks[i])
            i += 1
        end = i
        if end > start and chunks[end - 1][0] == " ":
            end -= 1            # and the spaces before it
        if end > start:
            lines.append("".join(chunks[start:end]))
    return lines


def _textwrap(text, width):
    import textwrap
    return textwrap.wrap(text, width)
