"""A generated case (bench/gen.py, seed 1, case 1366) whose forfeiture answer on the batch path was
past the split budget (UNDETERMINED, not exact) and is exact with the relevance cut
(engine/exact/relevance.py): vehicle_3 can owe no forfeiture in any completion, and the inputs
no vehicle that can owe one reads through its joins are not split on."""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.core.settings import current, use
from reasoner.engine.exact import split
from tests.batchverdict import amounts, batch_verdict

CASE = Path(__file__).with_name("exact17_gen1365.yaml")


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _verdict():
    return batch_verdict(CASE, "gen_1365")


def _amounts(result):
    return amounts(result)


def test_the_case_is_exact_with_the_cut():
    r = _verdict()
    assert r["exact"] is True and "exact_reason" not in r
    # a forfeiture in every completion (vehicle_1 owes one whatever the open inputs are), none for vehicle_3
    assert r["answer"] == "true"
    assert _amounts(r) == [
        ("vehicle_1", "200.05", "350.05", "undetermined"),
        ("vehicle_1", "340.08", "540.08", "undetermined"),
        ("vehicle_2", "2755.55", "2905.55", "undetermined"),
        ("vehicle_3", None, None, "false"),
    ]
    assert "offenders" not in r
    cited = sorted({(p["citation"], p["fact"]) for p in r["presumed"]})
    assert cited == [
        ("348.21(2)(b)", "weight_limit_source(vehicle_2, statute_declaration_or_permit)"),
        ("348.21(2)(b)", "weight_limit_source(vehicle_3, statute_declaration_or_permit)"),
        ("348.21(3g)", "not raw_forest_combination(vehicle_2)"),
        ("348.21(3t)(b)", "not husbandry_348_15_3b(vehicle_1)"),
        ("348.21(3t)(b)", "not husbandry_348_15_3b(vehicle_3)"),
    ]
    assert not any("vehicle_3" in p["fact"] and "found_weight" in p["fact"] for p in r["presumed"])


def test_without_the_cut_it_is_past_the_budget(monkeypatch):
    monkeypatch.setattr(split, "_near", lambda rb, loaded, atom, args, raw, cands: cands)
    r = _verdict()
    assert r["exact"] is False
    assert r["exact_reason"] == "the split needs more than 150 branch evaluations"
    assert r["answer"] == "undetermined"
    # the same rows: the cut changes whether the answer is exact, not the values it lists
    assert [a[:3] for a in _amounts(r)] == [
        ("vehicle_1", "200.05", "350.05"), ("vehicle_1", "340.08", "540.08"),
        ("vehicle_2", "2755.55", "2905.55"), ("vehicle_3", None, None)]
