"""What-if sections say what their own items do (trainer review 16, G4; handouts 01, 07, 09, 11).

Before: 09's lead read 'Changes of one fact each would leave the answer undecided' over lines that each
cleared the farmer; 07's 'some would clear one party of the violation found and some would reverse it'
with one party; 11's 'No change of a single fact the argument uses or of two facts together would make
every vehicle yes'; 01 listed the open verdict the answer already argues both ways, and a count moved to
the paragraph the other count of the same ride has; 07 read 'including had trailered and semitrailers'
and 'instituted against any carrier'.
"""
from pathlib import Path

import pytest

from asking import handout_of
from reasoner.prose.whatif import EachFound, counterfactual, handout_lead

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def _section(path: str, query: str):
    h = handout_of(FIX / path, query)
    return h.contrast_note, [c.sentence for c in h.contrasts]


@pytest.fixture(scope="module")
def rides():
    return _section("whatif17_two_night_rides.yaml", "violations")


@pytest.fixture(scope="module")
def semi():
    return _section("whatif17_leased_semi.yaml", "prosecute")


@pytest.fixture(scope="module")
def counts():
    return _section("whatif17_two_counts.yaml", "conviction_count")


def test_lines_that_clear_a_rider_are_said_to_clear_one(rides):
    lead, items = rides
    assert lead.startswith("Changes of one fact each would clear one party of the violation found."), lead
    assert "undecided" not in lead
    assert items and all("Nora Quist (the operator) would not have violated s. 350.10(1)(g) in the ski-hill ride"
                         in i for i in items), items
    # the feed-mill ride stays open: never 'the case states nothing else that would decide the answer'
    assert not any("states nothing else" in i for i in items)
    assert any(i.endswith("; the rest of the answer would stay as it is.") for i in items)
    assert not any("Ivo Marsh" in i for i in items)


def test_one_party_lead_says_each_change_changes_the_answer(semi):
    lead, items = semi
    assert lead == "Each change below, on its own, would change the answer.", lead
    assert "one party" not in lead and "some would" not in lead
    first = items[0]
    assert first.startswith("If the principal business of Birchwood Feeds Co. had been leasing vehicles, including "
                            "trailers and semitrailers, for compensation (the case states the opposite)"), first
    assert "had trailered" not in first and not first.endswith("..")
    # and whom it would be instituted against instead (offender18: the lessee)
    assert first.endswith("is not to be instituted against Birchwood Feeds Co.; instead, the prosecution for the "
                          "overweight violation of the feed semi is to be instituted against the lessee of the feed "
                          "semi, whom the case does not name."), first
    rest = [i for i in items[1:] if "81,900 lb" in i or "weighed" in i]
    assert rest and all(i.endswith("is to be instituted against anyone.") for i in rest), rest
    assert not any("carrier" in i for i in items)


def test_the_open_verdict_and_a_twin_paragraph_are_not_listed(counts):
    lead, items = counts
    said = " ".join(items)
    assert "(the case does not say)" not in said          # the answer argues both verdicts already
    assert "instead of par." not in said and "under par. (a) alone" not in said
    assert items == ["If Tessa Brandt had not been found guilty on the first count (the case states that Tessa "
                     "Brandt was found guilty on the first count), the answer would then be undetermined, still "
                     "turning on whether Tessa Brandt was found guilty on the second count."], items
    assert lead.startswith("The change of a single fact below would leave the answer undecided."), lead


def test_no_negative_sentence_over_one_entity_s_changes():
    heads = {"true": "Yes", "false": "No", "undetermined": "Undetermined"}
    lead = handout_lead({}, 1, "pairs", True, False, "false", 0,
                        EachFound({(1, "undetermined", True): 1}, "vehicle", heads))
    assert lead == "The change of a single fact below would leave one vehicle's answer undecided.", lead
    assert "No change" not in lead


def test_one_party_cleared_and_reversed_is_one_sentence():
    assert handout_lead({(1, "flip"): 2}, 3, "single", True, False, "true", 0, None, {1: 1}, False, True) == \
        "Each change below, on its own, would change the answer."
    # several parties: the clearing said as such
    several = handout_lead({(1, "flip"): 2}, 3, "single", True, False, "true", 0, None, {1: 1}, False, False)
    assert "some would clear one party of the violation found" in several, several


def test_a_list_of_two_plural_nouns_is_not_a_verb():
    s = "the principal business of Lakeview Rentals is leasing vehicles, including trailers and semitrailers, for hire"
    assert counterfactual(s, False) == ("the principal business of Lakeview Rentals had not been leasing vehicles, "
                                        "including trailers and semitrailers, for hire")
    # a second verb still keeps the sentence whole
    assert counterfactual("the trail is open and runs north", True) == "the facts had been that the trail is open and runs north"
