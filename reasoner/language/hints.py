"""Hints in check messages: the citations of the statute index nearest to a mistyped one."""
from __future__ import annotations

from typing import Any


def nearest_citation(index: Any, citation: str) -> str:
    """index: the statute index (law/index.py), which this stage below it does not import."""
    try:
        near = index.nearest(citation)
    except Exception:  # noqa: BLE001 - a hint must never fail the check
        near = []
    return f"did you mean: {', '.join(near)}?" if near else "see `reasoner provisions`"
