"""The assumed date of this case's conviction said right where several counts give several dates
(s. 348.21(4) counts to the current conviction; the case gives months to the weighing). A count that
another count makes up for moves nothing; with several vehicles each change names its vehicle and
the month after which it holds (before: 'within 3 months;  if within 7 months; $394.00 ... if within
8 months; otherwise $394.00 ...; ... of t2: $50.00 ...', the first range with no vehicle)."""
from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

FIX = Path(__file__).resolve().parent.parent / "fixtures"


def _ask(name: str, *more: str) -> str:
    r = CliRunner().invoke(main, ["ask", str(FIX / name), "forfeiture", *more])
    assert r.exit_code == 0, r.output
    return r.output


def test_one_truck_the_count_made_up_for_by_another_is_no_step():
    out = " ".join(_ask("timing17_one_truck_two_priors.yaml").split())
    assert ("Assumed: this case's conviction is entered within 7 months of the weighing; otherwise "
            "$394.00 to $544.00 (s. 348.21(3)(b)1).") in out
    assert "within 3 months" not in out.split("Assumed:")[1].split(".")[0]
    assert "$616.00" in out and "(s. 348.21(3)(b)2)" in out   # the answer now: a 2nd conviction


def test_three_trucks_each_change_names_its_vehicle_and_its_month():
    out = " ".join(_ask("timing17_three_trucks_staggered_priors.yaml").split())
    said = out.split("Assumed: ")[1].split(" Vehicle:")[0]
    assert said == ("this case's conviction is entered within 7 months of the weighing; if it is entered later: "
                    "the forfeiture under s. 348.21 for the weight violation of t1: $394.00 to $544.00 "
                    "(s. 348.21(3)(b)1) after 7 months; the forfeiture under s. 348.21 for the weight "
                    "violation of t2: $50.00 to $100.00 (s. 348.21(3)(a)) after 8 months.")
    assert "  " not in said and "; if within" not in said
    # the third truck has no prior: no change is said of it
    assert "of t3" not in said


def test_the_json_steps_name_their_vehicle_and_skip_a_date_that_changes_nothing():
    data = json.loads(_ask("timing17_three_trucks_staggered_priors.yaml", "--format", "json"))
    rows = {a["entity"]: a for a in data["assumptions"]}
    assert {e: rows[e]["within"] for e in rows} == {"p1": 3, "p2": 7, "p3": 8}
    steps = rows["p3"]["steps"]
    assert [n for n, _ in steps] == [7, 8]
    assert all(s.startswith("the forfeiture under s. 348.21 for the weight violation of t1: $394.00") for _, s in steps)
    assert "of t2: $50.00 to $100.00 (s. 348.21(3)(a))" in steps[1][1]
    assert rows["p1"]["otherwise"] == ""   # the 9-month judgment alone moves nothing
