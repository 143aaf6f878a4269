"""Trainer review 12 (issue #46), G4 and 11, 12, 01: every prior the case lists for a weight violation is
accounted for in its vehicle's argument, each with the statute's reason; a description that states no prior
only of the drivers states nothing of the company charged (s. 348.20(1)); the person charged is named."""
from __future__ import annotations

from pathlib import Path

from asking import export_markdown

FIX = Path(__file__).resolve().parent.parent / "fixtures"
FACTS = Path(__file__).resolve().parent.parent.parent / "facts"


def _argument(md: str) -> str:
    return md.split("## The argument")[1].split("## Our readings")[0]


def test_every_prior_is_accounted_for_with_its_reason():
    md = export_markdown(FIX / "priors17_ridge_records.yaml", "forfeiture")
    arg = _argument(md)
    # the amount does not change: the 8-month sub. (3) judgment makes it a 2nd conviction, s. 348.21(3)(b)2.c
    assert "not less than $388.00 nor more than $588.00 (s. 348.21(3)(b)2)" in md
    assert "against Ridge Haulers under s. 348.20(1)" in md
    # the prior counted, with the facts that count it, in its one line (histories16)
    assert ("judgment 8 is a prior conviction counted under s. 348.21(3r) for the mixer: the provision of s. 348.21 "
            "under which it was imposed is sub. (3); it ended in a court judgment; the number of months from it to "
            "the weighing is 8 months, which is at most 12 months (assumed: this case's conviction is entered within "
            "4 months of the weighing) — **met**") in arg
    lines = [line.strip() for line in arg.splitlines()]
    assert ("- the s. 348.21(2)(b) citation 2 months earlier (not a prior conviction): not counted: 'Violations under "
            "this paragraph shall not be considered as violations or prior convictions under par. (a) or sub. (3) to "
            "(3r)' (s. 348.21(2)(b))") in lines
    assert ("- the conviction 4 months earlier: a s. 348.21(2)(a) conviction, not counted: s. 348.21(3r) counts only "
            "convictions under subs. (3) and (3g)") in lines
    assert ("- the conviction 13 months earlier: not counted: 13 months before, outside the 12-month period "
            "(s. 348.21(4))") in lines
    assert ("- the conviction 15 months earlier: 15 months before, appealed, outcome not stated: counts only if "
            "affirmed within the 12 months (s. 348.21(4)); not needed, judgment 8 already makes this a 2nd "
            "conviction") in lines
    # each once, in one line: never the proof's long 'imposed under sub. (3) — not met; or ... sub. (3g)'
    assert "was imposed is sub. (3g) — **not met**" not in arg
    assert "is a prior conviction counted under s. 348.21(3r) for the mixer — **not met**" not in arg
    assert sum("the conviction 4 months earlier" in line for line in lines) == 1
    # a forfeited deposit is no judgment: no 'affirmed by an appellate court' line for it in the argument
    assert "the judgment in the conviction 13 months earlier" not in arg
    # the person charged, named: never 'on the record of the person charged over the mixer'
    assert "- the conviction 4 months earlier is Ridge Haulers' — *stated*" in md.split("## The argument")[0]
    assert "the person charged over the mixer" not in md


def test_a_first_conviction_accounts_for_every_prior_in_place_of_the_nearest():
    md = export_markdown(FIX / "priors17_first_record.yaml", "forfeiture")
    assert "not less than $50.00 nor more than $100.00 (s. 348.21(3)(a))" in md
    arg = _argument(md)
    lines = [line.strip() for line in arg.splitlines()]
    assert "2. the conviction for the overweight of the mixer is a first conviction within the 12-month period — **met**" in lines
    for said in ("- the s. 348.21(2)(b) citation 2 months earlier (not a prior conviction): not counted: 'Violations",
                 "- the conviction 4 months earlier: a s. 348.21(2)(a) conviction, not counted: s. 348.21(3r)",
                 "- the conviction 13 months earlier: not counted: 13 months before, outside the 12-month period"):
        assert sum(line.startswith(said) for line in lines) == 1, said
    # not the proof's nearest prior with its either-or of (3)/(3g) and its affirmance of a deposit
    assert "was imposed is sub. (3g) — **not met**" not in arg
    assert "affirmed by an appellate court" not in arg


def test_the_drivers_record_is_not_the_companys():
    md = export_markdown(FIX / "priors17_drivers_only.yaml", "forfeiture")
    assert "not less than $50.00 nor more than $100.00 (s. 348.21(3)(a))" in md
    assert "against Birch Line under s. 348.20(1)" in md
    box = md.split("## The argument")[0]
    assert ("- Birch Line has no prior conviction — *assumed: Birch Line has no prior conviction counted; the case "
            "gives only the drivers' record*") in box
    assert ("Birch Line has a prior conviction — **not met** (assumed: Birch Line has no prior conviction counted; "
            "the case gives only the drivers' record)") in _argument(md)
    assert "has no prior conviction — *stated*" not in md and "(case file line 1)" not in md


def test_a_single_owner_operator_is_named():
    md = export_markdown(FACTS / "ch348_gravel_truck_repeat_offense.yaml", "forfeiture")
    assert "- the earlier conviction is Jo Keller's — *stated*" in md
    assert "on the record of the person charged over the dump truck" not in md
    assert "not less than $604.00 nor more than $804.00" in md
