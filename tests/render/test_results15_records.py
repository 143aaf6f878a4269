"""The range the answer applies is said where it is applied (trainer review 14, 11): priors the case
gives as the drivers' record, taken as the record of the person prosecuted, carry what holds if they
are not, in the party's row of the results table and beside the element that counts each prior, not
only in the facts box."""
from __future__ import annotations

from pathlib import Path

from reasoner.answer.api import Case
from reasoner.apps.export import export_files

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _md(case: Path, query: str) -> str:
    q = Case.from_file(case).question(query)
    return str(export_files("md", q.answer(), None, with_whatif=False, question=q)[0][1])


def test_the_row_says_the_first_conviction_range_with_its_assumption():
    md = _md(FIXTURES / "results15_grain_priors.yaml", "forfeiture")
    assert ("| the first vehicle | the operator (s. 348.21(3)) and, where practicable, the authority holder (s. 348.20(1)), not named in the case | $215.00 to $415.00 (s. 348.21(3)(b)2) if this case's "
            "conviction is entered within 7 months of the weighing; otherwise $119.00 to $269.00 (s. 348.21(3)(b)1); "
            "$119.00 to $269.00 (s. 348.21(3)(b)1) if the drivers' priors are not the record of the person "
            "prosecuted (assumed they are) |") in md
    # the second vehicle's priors count for nothing either way: its row says no such thing
    assert "| the second vehicle | the operator (s. 348.21(3)) and, where practicable, the authority holder (s. 348.20(1)), not named in the case | $62.00 to $212.00 (s. 348.21(3)(b)1) |" in md


def test_the_element_that_counts_the_prior_says_it():
    md = _md(FIXTURES / "results15_grain_priors.yaml", "forfeiture")
    argument = md.split("## The argument", 1)[1]
    assert ("- the conviction 5 months earlier is a prior conviction counted under s. 348.21(3r) for "
            "the first vehicle (assumed: the case gives the drivers' record, taken as the record of the person "
            "prosecuted; if it is not, $119.00 to $269.00 (s. 348.21(3)(b)1)): the provision of s. 348.21 under "
            "which it was imposed is sub. (3); it ended in a court judgment;") in argument   # its facts in its line (histories16)
    assert argument.count("taken as the record of the person prosecuted") == 1


def test_the_box_keeps_the_assumption_once():
    md = _md(FIXTURES / "results15_grain_priors.yaml", "forfeiture")
    box = md.split("**The facts the argument uses.**", 1)[1].split("## The argument", 1)[0]
    assert ("each of the 3 priors the case lists is on the record of the person charged over its vehicle — *assumed: "
            "the case gives the drivers' record; taken as the record of the person prosecuted under s. 348.20(1); "
            "if none is, the forfeiture under s. 348.21 for the weight violation of the first vehicle: $119.00 to "
            "$269.00 (s. 348.21(3)(b)1)*") in box
