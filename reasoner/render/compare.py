"""Layout of `batch --compare-readings` results (apps/compare.py's records): CSV and a text table."""
from __future__ import annotations

import csv
import io

from ..core.visible import visible

COLUMNS = ("id", "readings", "changed", "answer", "bindings", "alternative_answer", "alternative_bindings")


def _value(v) -> str:
    if isinstance(v, dict) and v.get("type") == "money":   # render/jsonout.py's typed money
        return f"${v.get('dollars')}"
    return str(v)


def _bindings(rows) -> str:
    return "; ".join(", ".join(f"{k}={_value(v)}" for k, v in b.items() if k != "answer") + f": {b.get('answer', '')}"
                     if any(k != "answer" for k in b) else str(b.get("answer", "")) for b in rows)


def _cells(r) -> list:
    return [r["id"], " + ".join(r["readings"]), r["changed"], r["answer"], _bindings(r["bindings"]),
            r["alternative_answer"], _bindings(r["alternative_bindings"])]


def _csv_line(cells) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="").writerow(cells)
    return buf.getvalue()


def compare_csv_header() -> str:
    return _csv_line(COLUMNS)


def compare_csv_row(r) -> str:
    return _csv_line(_cells(r))


def compare_text_header() -> str:
    return "\t".join(COLUMNS)


def compare_text_row(r) -> str:
    """One line per change: a tab or line break inside a cell (an id) is shown as its escape."""
    return "\t".join(visible(c, field=True) for c in _cells(r))
