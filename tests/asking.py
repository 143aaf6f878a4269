"""Asking in tests through the one door (Question.of), as the CLI, batch and the server do: the
answer with its readings check, and its what-if. Tests never compose the answering steps by hand."""
from __future__ import annotations

from functools import lru_cache
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


@lru_cache(maxsize=None)
def handout_of(path, query: str):
    """The trainee's handout (ids=False) of QUERY about the case at PATH, as `reasoner export ... --to
    pdf` builds it: the question asked through the one door, relabelled by role where the case gives
    no `name:`, with its what-if. Built once per test process for each (PATH, QUERY): tests read it,
    never change it."""
    from reasoner.apps.export import handout_answer
    from reasoner.render.handout import build_handout
    question = Question.of(str(path), query)
    question, answer = handout_answer(question, question.answer())
    return build_handout(answer, question.whatif(base=answer), program=question.law.program, ids=False)


@lru_cache(maxsize=None)
def handout_text(path, query: str) -> str:
    """The handout of handout_of as one line of plain text: its HTML without styles or tags."""
    import re
    from html import unescape

    from reasoner.render.html import render_html
    html = re.sub(r"<style.*?</style>", " ", render_html(handout_of(path, query)), flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))
