"""The one domain exception hierarchy. Only cli.py translates these into Click errors."""


class ReasonerError(Exception):
    """Base of all domain errors; carries an optional location "file:line:col" and a hint."""

    def __init__(self, message, location=None, hint=None, excerpt=None):
        super().__init__(message)
        self.message = message
        self.location = location
        self.hint = hint
        self.excerpt = excerpt  # source line with a caret under the spot, when known

    def __str__(self):
        text = f"{self.location}: {self.message}" if self.location else self.message
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


def caret_excerpt(source_line, column):
    """The source line and a caret under the 1-based column."""
    line = source_line.rstrip("\n")
    return f"    {line}\n    {' ' * max(column - 1, 0)}^"
