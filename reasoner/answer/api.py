"""The notebook face of the package: a case read once and asked many questions, answers as an
enum that compares equal to its string, and flat typed rows (money as Decimal dollars).

    case = reasoner.Case.from_file("facts/ch350_night_direction_unlawful.yaml")   # parsed once
    case.ask("lawful").answer == "false"                                          # Verdict.FALSE
    rows = reasoner.batch([case, "facts/ch348_grain_semi_first_offense.yaml"], "forfeiture")
"""
from __future__ import annotations

import os
from decimal import Decimal
from typing import Any

from ..core.errors import CaseError
from ..core.settings import Settings, current, use
from ..engine.rulebase import default_rulebase
from ..facts.case import Case as LoadedCase, load_case
from .answering import Answer, Verdict
from .question import Question


class Case:
    """A case read and checked against the law once: ask it any number of questions."""

    def __init__(self, loaded: LoadedCase, law: Any, settings: Settings, source: Any = None) -> None:
        self.loaded, self.law, self.settings, self.source = loaded, law, settings, source

    @classmethod
    def from_file(cls, path: str | os.PathLike, settings: Settings | None = None) -> "Case":
        """The case file at PATH (YAML, docs/LANGUAGE.md), read once."""
        if isinstance(path, (bytes, bytearray)) or not isinstance(path, (str, os.PathLike)):
            raise CaseError(f"Case.from_file takes a case file's path (a str or os.PathLike), not "
                            f"{type(path).__name__}")
        return cls._read(path, None, settings)

    @classmethod
    def from_dict(cls, data: dict, name: str | None = None, settings: Settings | None = None) -> "Case":
        """A case given as a dict with the case-file structure (NAME: its id in outputs)."""
        if not isinstance(data, dict):
            raise CaseError(f"Case.from_dict takes a dict with the case-file structure, not {type(data).__name__}")
        return cls._read(data, name, settings)

    @classmethod
    def _read(cls, source: Any, name: str | None, settings: Settings | None) -> "Case":
        settings = settings or current()
        with use(settings):
            law = default_rulebase(settings.readings)
            return cls(load_case(source, law.checked, name, settings.strict), law, settings, source)

    @property
    def name(self) -> str:
        return str(self.loaded.name)

    def question(self, query: str) -> Question:
        """The Question QUERY about this case (answer/question.py), without reading the case again."""
        from .answering import check_query_argument
        check_query_argument(query)
        with use(self.settings):
            return Question.of(self.loaded, query, self.law, self.settings)

    def ask(self, query: str, compare_readings: bool = True) -> Answer:
        """The answer to QUERY (a saved query's name or an atom), as reasoner.ask gives it."""
        from ..core.deadline import time_limit
        q = self.question(query)
        with use(self.settings), time_limit(self.settings.time_limit):
            return q.answer(interpretation=compare_readings)

    def __repr__(self) -> str:
        return f"<reasoner.Case {self.name!r} ({len(self.loaded.rows)} facts)>"


def _flat_value(value: Any) -> Any:
    if isinstance(value, dict) and value.get("type") == "money":
        return Decimal(value["dollars"])
    if isinstance(value, dict) and "value" in value:
        return value["value"]
    return value


def flat_rows(records: list[dict]) -> list[dict]:
    """batch's records as flat rows, one per binding (a case without bindings: one row): id,
    answer (a Verdict), each query variable (money as Decimal dollars), binding_answer, exact,
    cited, missing, not_applicable and error (lists joined with "; ")."""
    out = []
    for r in records:
        base = {"id": r["id"], "answer": Verdict(r["answer"]) if r.get("answer") else None}
        tail = {"exact": r.get("exact"), "cited": "; ".join(r.get("cited") or []),
                "missing": "; ".join(r.get("missing") or []), "not_applicable": r.get("not_applicable", ""),
                "error": r.get("error", "")}
        for b in r.get("bindings") or [{}]:
            row = dict(base)
            row.update({k: _flat_value(v) for k, v in b.items() if k != "answer"})
            row["binding_answer"] = Verdict(b["answer"]) if "answer" in b else None
            row.update(tail)
            out.append(row)
    return out
