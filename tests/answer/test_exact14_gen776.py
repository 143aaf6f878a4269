"""A generated case (bench/gen.py, seed 1, case 776) whose forfeiture answer on the batch path was past
the split budget (UNDETERMINED, not exact) and is exact when the batch split's order counts the
outcomes of an input's branches (engine/exact/split.py, _index): the vehicle's maximum weight, whose
values part the case into no forfeiture and one range a bracket, is split before the yes/no facts and
the prior's class that matter only in some of those brackets."""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.core.settings import current, use
from reasoner.engine.exact import split
from tests.batchverdict import amounts, batch_verdict

CASE = Path(__file__).with_name("exact14_gen776.yaml")
_INDEX = split._index


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _verdict():
    return batch_verdict(CASE, "gen_776")


def _amounts(result):
    return amounts(result)


def test_the_case_is_exact_with_the_outcomes_counted():
    r = _verdict()
    assert r["exact"] is True and "exact_reason" not in r
    assert r["answer"] == "undetermined"
    # the maximum weight open (its brackets), whether the vehicle was weighed, the months since the
    # prior's affirmance (whether the prior counts doubles the range)
    assert _amounts(r) == [
        ("vehicle_1", None, None, "undetermined"),        # an interval's amount, blanked (open)
        ("vehicle_1", "0.00", "0.00", "undetermined"),
        ("vehicle_1", "100.00", "200.00", "undetermined"),
        ("vehicle_1", "140.00", "290.00", "undetermined"),
        ("vehicle_1", "140.00", "340.00", "undetermined"),
        ("vehicle_1", "250.00", "400.00", "undetermined"),
        ("vehicle_1", "250.00", "450.00", "undetermined"),
        ("vehicle_1", "420.00", "620.00", "undetermined"),
        ("vehicle_1", "450.00", "600.00", "undetermined"),
        ("vehicle_1", "50.00", "100.00", "undetermined"),
        ("vehicle_1", "70.00", "220.00", "undetermined"),
        ("vehicle_1", "700.00", "900.00", "undetermined"),
    ]
    # one presumption, the same in either order: not a s. 348.15(3)(b) husbandry violation
    assert [(p["citation"], p["fact"]) for p in r["presumed"]] == [
        ("348.21(3t)(b)", "not husbandry_348_15_3b(vehicle_1)")]


def test_in_the_old_order_it_is_past_the_budget(monkeypatch):
    monkeypatch.setattr(split, "_index", lambda b, d, m, o=1: _INDEX(b, d, m))
    r = _verdict()
    assert r["exact"] is False
    assert r["exact_reason"] == "the split needs more than 150 branch evaluations"
    assert r["answer"] == "undetermined"
    # past the budget: the rows the split reached, not every range a completion has
    assert _amounts(r) == [("vehicle_1", None, None, "undetermined"),
                           ("vehicle_1", "0.00", "0.00", "undetermined"),
                           ("vehicle_1", "100.00", "200.00", "undetermined"),
                           ("vehicle_1", "50.00", "100.00", "undetermined")]
