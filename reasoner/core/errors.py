"""The one domain exception hierarchy. Only cli.py translates these into Click errors."""
from .visible import visible


class ReasonerError(Exception):
    """Base of all domain errors; carries an optional location "file:line:col" and a hint."""

    def __init__(self, message: str, location: str | None = None, hint: str | None = None,
                 excerpt: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.location = location
        self.hint = hint
        self.excerpt = excerpt  # source line with a caret under the spot, when known

    def __str__(self) -> str:
        # the location is a file name (and line): one field, its tabs and line breaks shown as escapes
        text = f"{visible(self.location, field=True)}: {self.message}" if self.location else self.message
        if self.excerpt:
            text += "\n" + self.excerpt
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text


class RuleError(ReasonerError):
    """A rule file is malformed or fails a static check."""


class CaseError(ReasonerError):
    """A case file is malformed or does not fit the vocabulary."""


class QueryError(ReasonerError):
    """A query cannot be parsed or names something unknown."""


class EvaluationError(ReasonerError):
    """Evaluation failed (time limit, division by zero, type clash)."""


class InputLimitError(ReasonerError):
    """An input is larger than the configured limits."""


EXCERPT_WIDTH = 80  # columns shown on each side of the spot
SHOWN_INPUT = 80    # characters of a user's input a message repeats


def clip(text: str) -> str:
    """A user's input as a message repeats it bare: whole, or for a long one its first SHOWN_INPUT
    characters and "… (N characters)" (a 100,000-character citation is never echoed whole)."""
    text = str(text)
    return text if len(text) <= SHOWN_INPUT else f"{text[:SHOWN_INPUT]}… ({len(text):,} characters)"


def shown(value: object) -> str:
    """A user's input as a message quotes it: its repr, shortened like clip()."""
    return clip(repr(value))


def caret_excerpt(source_line: str, column: int) -> str:
    """The source line and a caret under the 1-based column; a long line is cut to
    EXCERPT_WIDTH columns either side of the spot, with "..." where it was cut. A control character
    in the line is shown as its escape (core/visible.py), the caret still under the spot."""
    line = source_line.rstrip("\n")
    at = max(column - 1, 0)
    start = max(at - EXCERPT_WIDTH, 0)
    end = at + EXCERPT_WIDTH + 1
    before, after = visible(line[start:at]), visible(line[at:end])
    if start == 0 and len(line) <= end:
        return f"    {before}{after}\n    {' ' * len(before)}^"
    head = "..." if start > 0 else ""
    tail = "..." if len(line) > end else ""
    return f"    {head}{before}{after}{tail}\n    {' ' * (len(head) + len(before))}^"


class BatchInputError(ReasonerError):
    """The batch input itself (not one case) cannot be read."""
