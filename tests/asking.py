"""Asking in tests through the one door (Question.of), as the CLI, batch and the server do: the
answer with its readings check, and its what-if. Tests never compose the answering steps by hand."""
from __future__ import annotations

from pathlib import Path

from reasoner.answer.question import Question

ROOT = Path(__file__).resolve().parent.parent


def whatif_of(path, query: str, limit: int = 4):
    """(question, answer, what-if result) of QUERY about the case at PATH (a path, or a file name
    under facts/)."""
    path = Path(path)
    if not path.is_absolute() and not path.exists():
        path = ROOT / "facts" / path
    question = Question.of(str(path), query)
    base = question.answer()
    return question, base, question.whatif(base=base, max_results=limit)
