"""Trainer review 11, G5: names made from case ids and the tool's own words. A sled whose id names it
by a clipped word of its rider's id reads as that rider's ('the elder rider's sled', never 'the
elder sled'); a ride id that goes on after 'ride' ('ride_home_berm': 'the ride home berm') and the
rides of a rider of several read by their rider and, where needed, their time ('the elder rider's
ride at 20:45'); a time two rides share names neither ('the 21:30 ride'); a highway class by its
phrase ('a U.S. highway', never 'us highways'); 'case by case' and 'special regime' in plain words."""
from pathlib import Path

import pytest

from reasoner.answer.api import Case
from reasoner.prose.argument import cases_heading

FIX = Path(__file__).resolve().parents[1] / "fixtures"
RIDES = FIX / "scen16_two_rides_back.yaml"


def roles(path) -> dict:
    return dict(Case.from_file(str(path)).loaded.roles)


@pytest.fixture(scope="module")
def rides_md():
    from asking import export_markdown
    return export_markdown(RIDES, "lawful")


def test_rides_and_sleds_are_named_by_their_rider():
    got = roles(RIDES)
    assert got["ride_out"] == "the elder rider's ride at 14:10"
    assert got["ride_home_50ft"] == "the elder rider's ride at 20:45"
    assert got["ride_home_berm"] == "the younger rider's ride"
    assert got["elder_sled"] == "the elder rider's sled" and got["younger_sled"] == "the younger rider's sled"
    assert got["elder_rider"] == "the elder rider"


def test_the_handout_says_no_id_name_and_no_shared_time(rides_md):
    for struck in ("the ride home berm", "the ride out", "the elder sled", "the younger sled", "the 20:45 ride",
                   "us highways", "near or crossing us"):
        assert struck not in rides_md, struck
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in rides_md.splitlines()
            if line.startswith("| the ")]
    assert [r[0] for r in rows] == ["the elder rider's ride at 14:10", "the elder rider's ride at 20:45",
                                    "the younger rider's ride"]
    # the verdict, its provision and its offender under the new name
    assert rows[1][1:] == ["the elder rider", "unlawful: violated s. 350.02(2)(b)4"]
    assert "violated" not in rows[2][2] and "s. 350.02(2)(b)4" not in rows[2][2]
    assert "the highway on or along which the elder rider's ride at 20:45 took place is a U.S. highway" in rides_md
    assert "the officer in charge of maintenance does not approve trails near or crossing a U.S. highway" in rides_md


def test_a_time_two_rides_share_names_neither():
    got = roles(FIX / "scen16_same_time.yaml")
    assert got["trail_run"] == "the trail run"
    assert got["r2"] == "the second ride" and got["p2"] == "the second rider"
    assert "21:30" not in got["r2"] and "21:30" not in got["p2"]


def test_a_proof_by_cases_says_in_plain_words_that_the_answer_differs():
    said = cases_heading("whether or not the person charged was found guilty on count 2", same=False)
    assert said == ("the answer depends on whether the person charged was found guilty on count 2; "
                    "each possible result is argued")
    assert "case by case" not in said
    assert cases_heading("whether or not X").endswith("X, the answer is the same")


def test_no_presumption_of_the_law_calls_itself_a_regime():
    from reasoner.engine.rulebase import default_rulebase
    reasons = {pr.pred: pr.reason for pr in default_rulebase().program.presumptions}
    assert not [p for p, r in reasons.items() if "regime" in (r or "")]
    assert reasons["transports_livestock"] == ("The livestock permission to proceed is for the operator claiming "
                                               "it to raise.")


def test_a_sled_named_for_its_rider_s_own_word_reads_as_the_rider_s():
    got = roles(FIX / "defence15_family_farm_night.yaml")
    assert got["farmer_sled"] == "the farmer's sled" and got["niece_sled"] == "the niece's sled"
    assert got["hand_sled"] == "the hand sled"   # a word that is not its rider's: the file's own name, kept
