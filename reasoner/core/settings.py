"""Settings of answering: whether answers are exact over the unknown inputs, and the split's budget."""
from __future__ import annotations

import os

EXACT = {"on": True, "budget": None}   # exact answers (engine/exact/); budget None: the default


def exact_budget() -> int | None:
    if EXACT.get("budget") is not None:
        return EXACT["budget"]
    raw = os.environ.get("REASONER_EXACT_BUDGET")
    return int(raw) if raw and raw.isdigit() else None
