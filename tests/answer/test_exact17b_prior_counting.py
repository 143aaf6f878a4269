"""A generated case (bench/gen.py, seed 1, case 490) whose forfeiture answer on the batch path was past
the split budget (UNDETERMINED, not exact) and is exact when the prior conviction's own unknown inputs
(the provision it was imposed under, the months since an affirmance) are split together on what
s. 348.21(3r)'s rules see of them, whether it counts (engine/exact/funnel.py): two branches, not one
for each of their values."""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.core.settings import current, use
from reasoner.engine.exact import split
from tests.batchverdict import amounts, batch_verdict

CASE = Path(__file__).with_name("exact17b_gen490.yaml")


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _verdict():
    return batch_verdict(CASE, "gen_490")


def _amounts(result):
    return amounts(result)


def test_the_case_is_exact_when_the_prior_is_split_on_whether_it_counts():
    r = _verdict()
    assert r["exact"] is True and "exact_reason" not in r
    assert r["answer"] == "undetermined"
    # the weight found is open (13 brackets), and the prior counts or not (sub. (3)(b)2. doubles the range)
    assert _amounts(r) == [
        ("vehicle_1", None, None, "undetermined"),        # an interval's amount, blanked (open)
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
    # nothing presumed: the prior's facts the case leaves open (its provision, the months since the
    # affirmance) are split on, not presumed
    assert r["presumed"] == []


def test_without_the_merge_it_is_past_the_budget(monkeypatch):
    monkeypatch.setattr(split, "merge", lambda rb, loaded, goal, cands, max_rows=0, ops=(): (cands, 0))
    r = _verdict()
    assert r["exact"] is False
    assert r["exact_reason"] == "the split needs more than 150 branch evaluations"
    assert r["answer"] == "undetermined"
    assert _amounts(r) == [("vehicle_1", None, None, "undetermined"),
                           ("vehicle_1", "100.00", "200.00", "undetermined"),
                           ("vehicle_1", "50.00", "100.00", "undetermined")]
