"""The notebook face of the package: a case read once and asked many questions, answers as an
enum that compares equal to its string, and flat typed rows (money as Decimal dollars, the one way
Python gets money: docs/API.md), which make themselves a pandas.DataFrame (Rows.to_frame).

    case = reasoner.Case.from_file("facts/ch350_night_direction_unlawful.yaml")   # parsed once
    case.ask("lawful").answer == "false"                                          # Verdict.FALSE
    rows = reasoner.batch([case, "facts/ch348_grain_semi_first_offense.yaml"], "forfeiture")
"""
from __future__ import annotations

import enum
import os
from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..core.errors import CaseError
from ..core.settings import Settings, current, use
from ..core.values import money_dollars
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


def record_value(value: Any) -> Any:
    """A value of a record as `reasoner batch` writes it (JSON-shaped, render/jsonout.py) as the
    Python API gives it: money ({"type": "money", "dollars": ...}) as Decimal dollars, the exact
    amount where the JSON gives one beside the rounded dollars; another typed value as its value."""
    if isinstance(value, dict) and value.get("type") == "money":
        exact = value.get("exact_dollars")
        return money_dollars(Fraction(exact) * 100) if exact else Decimal(value["dollars"])
    if isinstance(value, dict) and "value" in value:
        return value["value"]
    return value


def python_records(records: list[dict]) -> list[dict]:
    """batch's records with each binding's values as Python values (record_value): money as Decimal
    dollars where the JSON has a dollar string. The command line writes the records themselves."""
    out = []
    for r in records:
        if r.get("bindings"):
            r = dict(r, bindings=[{k: v if k == "answer" else record_value(v) for k, v in b.items()}
                                  for b in r["bindings"]])
        out.append(r)
    return out


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
            row.update({k: record_value(v) for k, v in b.items() if k != "answer"})
            row["binding_answer"] = Verdict(b["answer"]) if "answer" in b else None
            row.update(tail)
            out.append(row)
    return out


_TAIL = ("binding_answer", "exact", "cited", "missing", "not_applicable", "error")


def to_frame(rows: list[dict]) -> Any:
    """ROWS (batch's records or flat rows, or Answer.rows) as a pandas.DataFrame, one row per
    binding: money as float64 dollars (each amount exact to the cent; add them with Decimal from the
    rows where a sum must be exact), the answers as plain strings ("false", not the Verdict), the
    query's variables after id and answer. Needs pandas (`pip install reasoner[frames]`)."""
    try:
        import pandas
    except ImportError as exc:   # an optional extra (setup.cfg frames), as pandas' own optional ones
        raise ImportError("to_frame needs pandas: pip install 'reasoner[frames]' (the rows themselves "
                          "are plain dicts)") from exc
    if any("schema" in r for r in rows):
        rows = flat_rows(rows)
    columns: dict[str, None] = {}
    for r in rows:
        columns.update(dict.fromkeys(r))
    order = [c for c in columns if c not in _TAIL] + [c for c in _TAIL if c in columns]
    return pandas.DataFrame([{k: _frame_value(r.get(k)) for k in order} for r in rows], columns=order)


def _frame_value(value: Any) -> Any:
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, enum.Enum):
        return value.value
    return value


class Rows(list):
    """What reasoner.batch returns: a list of its records or flat rows (plain dicts, money as Decimal
    dollars) that also makes itself a pandas.DataFrame (to_frame)."""

    def to_frame(self) -> Any:
        """The rows as a pandas.DataFrame (answer/api.py to_frame: money float64 dollars)."""
        return to_frame(self)
