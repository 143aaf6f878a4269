"""Hints in check messages: the citations of the statute index nearest to a mistyped one."""
from __future__ import annotations


def nearest_citation(index, citation):
    try:
        near = index.nearest(citation)
    except Exception:  # noqa: BLE001 - a hint must never fail the check
        near = []
    return f"did you mean: {', '.join(near)}?" if near else "see `reasoner provisions`"
