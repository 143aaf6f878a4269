"""One generated case answered on the batch path (apps/batch.py run_verdicts), as the exact-share
benchmark answers it, and its rows as (vehicle, min dollars, max dollars, answer): shared by the
tests of the batch split's rounds (exact17, exact17b, exact14)."""
from __future__ import annotations

from pathlib import Path

from reasoner.apps.batch import Item, run_verdicts
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, resolve


def batch_verdict(case: Path, label: str, query: str = "forfeiture") -> dict:
    rb = default_rulebase()
    loaded = load_case(case, rb.checked)
    atom, saved = resolve(query)
    atom = check_atom(atom, rb.checked)
    return list(run_verdicts(rb, atom, [Item(label, loaded)], saved=saved, cases=[loaded]))[0]


def amounts(result: dict) -> list:
    rows = [(b["V"], (b.get("Min") or {}).get("dollars"), (b.get("Max") or {}).get("dollars"), b["answer"])
            for b in result["bindings"]]
    return sorted(rows, key=lambda r: tuple("" if v is None else v for v in r))
