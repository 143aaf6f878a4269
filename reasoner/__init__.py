"""reasoner: Wis. Stat. ch. 350 and ch. 348 as Datalog rules; true / false / undetermined answers with
their proofs. The package's Python face, for a notebook (docs/API.md walks through it):

    import reasoner
    law = reasoner.load_law()                                        # the bundled law, checked (cached)
    a = reasoner.ask("facts/ch350_night_direction_unlawful.yaml", "lawful")
    a.answer, a.rows, a.presumed, a.missing, a.cited, a.exact        # the answer and what it rests on
    a.graph                                                          # the proof, a networkx.DiGraph
    reasoner.export(a, "md")                                         # text json graphml dot svg png md html
    rows = reasoner.batch("cases/", "forfeiture")                    # plain dicts, money Decimal dollars
    rows.to_frame()                                                  # a pandas.DataFrame (the frames extra)
    a = reasoner.ask(case, "lawful", settings=reasoner.Settings(strict=True))   # the CLI's --strict

The names below load on first use (PEP 562 `__getattr__`), so that `import reasoner` stays cheap and
the command line loads only what its command needs; type checkers read them from the imports under
TYPE_CHECKING.
"""
from __future__ import annotations

from importlib import import_module as _import_module
from typing import TYPE_CHECKING as _TYPE_CHECKING
from types import MappingProxyType

__all__ = ("Answer", "Case", "Question", "ReasonerError", "Settings", "Verdict", "answer_case", "ask", "batch",
           "current", "export", "load_law", "use")

_HOME = MappingProxyType({
    "Answer": "reasoner.answer.answering",
    "answer_case": "reasoner.answer.answering",
    "ask": "reasoner.answer.answering",
    "load_law": "reasoner.answer.answering",
    "Case": "reasoner.answer.api",
    "Verdict": "reasoner.answer.api",
    "Question": "reasoner.answer.question",
    "batch": "reasoner.apps.batch",
    "export": "reasoner.apps.export",
    "ReasonerError": "reasoner.core.errors",
    "Settings": "reasoner.core.settings",
    "current": "reasoner.core.settings",
    "use": "reasoner.core.settings",
})

if _TYPE_CHECKING:  # pragma: no cover - what `reasoner.NAME` is, for type checkers and editors
    from .answer.answering import Answer, answer_case, ask, load_law
    from .answer.api import Case, Verdict
    from .answer.question import Question
    from .apps.batch import batch
    from .apps.export import export
    from .core.errors import ReasonerError
    from .core.settings import Settings, current, use


def __getattr__(name: str) -> object:
    if name in _HOME:
        return getattr(_import_module(_HOME[name]), name)
    raise AttributeError(f"module 'reasoner' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names (__all__) and the module's own dunder attributes; no import helpers."""
    return sorted(set(__all__) | {n for n in globals() if n.startswith("__") and n.endswith("__")})
