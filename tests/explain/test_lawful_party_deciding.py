"""A party with no violation (or no forfeiture) is argued by the facts that decide it (trainer review 4,
items 01.3-4, 09.1, 10.3, 11.3): the rules its stated facts reach for, each with the element that
fails and its fact (8 mph, at most 10 mph; 79,500 lb, at most 80,000 lb); an exception that keeps it
lawful named by the branch that holds (the uncle on the same sled), never the exception's whole
disjunction; and a section's standing requirements (lamps, brake, muffler) that are all met and on
which nothing turns as one line, unquoted. Each provision's words are quoted once in the argument."""
from pathlib import Path

import pytest

import reasoner

ROOT = Path(__file__).resolve().parents[2]
LAKE = ROOT / "tests/fixtures/lake_four_riders_shanties.yaml"
YOUTH = ROOT / "tests/fixtures/youth_five_riders_club_trail.yaml"
TRUCKS = ROOT / "tests/fixtures/scale_five_trucks_one_under.yaml"
LENDS = ROOT / "facts/ch350_owner_lends_three_times.yaml"

BRAKE_WORDS = "Every snowmobile shall be equipped with at least one brake"


@pytest.fixture(scope="module")
def lake():
    return reasoner.ask(str(LAKE), "violations")


@pytest.fixture(scope="module")
def lends():
    return reasoner.ask(str(LENDS), "violations")


def test_lake_slow_rider_argued_by_speed_and_yield_not_by_equipment(lake):
    arg = lake.argument
    assert lake.answer == "true"
    # the riders who violated, each by name of their own provision
    conclusions = " | ".join(p.conclusion for p in arg.provisions)
    assert "violated s. 350.10(1)(i) in run" in conclusions and "violated s. 350.03(1) in run" in conclusions
    third = [p for p in arg.provisions if p.outcome == "false"]   # the lawful run's (run 3)
    cited = [p.citation for p in third]
    assert "350.10(1)(i)" in cited and "350.03(1)" in cited
    by = {p.citation: p for p in third}
    assert "8 mph" in by["350.10(1)(i)"].conclusion and "at most the 10 mph" in by["350.10(1)(i)"].conclusion
    assert "8 mph" in by["350.03(1)"].conclusion and "yielded the right-of-way" in by["350.03(1)"].conclusion
    assert by["350.10(1)(i)"].conclusion.startswith("No violation of s. 350.10(1)(i)")
    # no lamp, brake or muffler check argued; one line for the section, unquoted, no elements
    assert not [c for c in cited if c.startswith("350.09(")]
    assert by["350.09"].quote == "" and by["350.09"].elements == []
    assert "each requirement checked is met on the stated facts" in by["350.09"].conclusion
    assert "Head lamps, tail lamps and brakes, etc." in by["350.09"].conclusion
    assert not any(BRAKE_WORDS in p.quote for p in arg.provisions)


def test_lends_second_ride_argued_by_consent_and_equipment_in_one_line(lends):
    arg = lends.argument
    lawful = [p for p in arg.provisions if p.outcome == "false"]
    # the person in control who lent the sled cleared under s. 350.08 in one line (review 16, 09)
    assert [p.citation for p in lawful] == ["350.10(1)(f)", "350.08", "350.09"]
    assert lawful[1].conclusion.startswith("No violation of s. 350.08 by ")
    assert "consent" in lawful[0].conclusion
    assert not any(BRAKE_WORDS in p.quote for p in arg.provisions)
    # the violations are unchanged, each with its offender
    offenders = {(p.citation, p.offender) for p in arg.provisions if p.outcome == "true"}
    assert ("350.08", "Quinn Adler") in offenders and ("350.101(1)(a)", "Chris Meyer") in offenders


def test_lends_handout_quotes_each_provision_once(tmp_path):
    from click.testing import CliRunner
    from reasoner.cli import main
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["export", str(LENDS), "violations", "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    text = out.read_text()
    assert text.count(BRAKE_WORDS) == 0
    assert text.count("No person may engage in the operation of a snowmobile while under the influence") == 1
    assert "each requirement checked is met on the stated facts" in text


def test_youth_lawful_rides_name_the_branch_that_holds():
    a = reasoner.ask(str(YOUTH), "owner_liable")
    arg = a.argument
    lawful = [p for p in arg.provisions if p.outcome == "false"]
    text = " | ".join(p.conclusion for p in lawful)
    assert "or held a valid certificate, or had a qualified companion" not in text
    # a certificate or a companion is the provision's own condition, no exception (review 16, 09); the
    # other duties are not checked on this question, so never 'is satisfied' either
    assert "accompanied by uncle" in text and "over 18 years of age, as s. 350.05(2) requires" in text
    assert "issued by another state or a province of Canada" in text      # the Minnesota certificate
    assert "issued by the department, as s. 350.05(2) requires" in text      # the certificate left at home
    assert "(the exception applies)" not in text and "is satisfied" not in text
    # s. 350.05(2) quoted once, though argued for three rides
    assert sum("Snowmobile safety permit or operator's license required" in p.quote for p in arg.provisions) == 1
    # the one liable owner is still liable
    assert a.answer == "true"
    assert any(p.outcome == "true" and p.citation == "350.08" for p in arg.provisions)


def test_truck_under_its_limit_is_argued_by_its_weight():
    a = reasoner.ask(str(TRUCKS), "forfeiture")
    arg = a.argument
    under = [p for p in arg.provisions if p.outcome == "false" and "79,500 lb" in p.conclusion]
    assert len(under) == 1
    assert "79,500 lb, which is at most 80,000 lb" in under[0].conclusion
    # s. 348.21 is a penalty section: no forfeiture under it, never "No violation of s. 348.21" (review 7, 08)
    assert under[0].conclusion.startswith("No forfeiture under s. 348.21: ") and "No violation" not in under[0].conclusion
    assert any("weighed by a traffic officer" in e.text and e.status == "true" for e in under[0].elements)


def test_permit_exception_that_fails_still_shows_the_load_within_the_permit_weight():
    """The transformer (bundled): 98,000 lb, within its 100,000-lb permit weight, operated at 21:30
    outside the permit's hours: the exemption of s. 348.25(2)(a) fails on the violated condition, and
    the argument says the load was within the permit weight and is still penalised on 80,000 lb."""
    a = reasoner.ask(str(ROOT / "facts/ch348_transformer_night_move.yaml"), "permit_condition_forfeiture")
    text = " ".join(a.argument_text().split())
    flat = text[text.index("exempt from the weight limitations to the extent stated in its permit"):]
    flat = flat[:flat.index("Exception:")] if "Exception:" in flat else flat
    assert "(the weight the permit authorizes) is 100,000 lb — met" in flat
    assert "is 98,000 lb, which is at most 100,000 lb — met" in flat
    assert "violated a condition of its permit — applies" in flat
    assert "$2,750.00" in text and "$2,900.00" in text
    assert "98,000 lb, which is more than 80,000 lb" in text


def test_an_exception_said_as_met_shows_the_facts_under_it():
    """The cattle truck on I-94 (bundled): the livestock exception of s. 348.19(2)(b) fails because
    its last sentence applies; that sentence, said as met, shows the interstate and the corridors."""
    a = reasoner.ask(str(ROOT / "facts/ch348_cattle_on_i94.yaml"), "must_reload")
    assert a.answer == "true"
    text = " ".join(a.argument_text().split())
    met = text.index("outside the I 39 and I 41 corridors, beyond the reach of s. 348.19(2)(b) — applies")
    under = text[met:met + 600]
    assert "was on the national system of interstate and defense highways — met" in under
    assert "was not in the I 39 corridor or the I 41 corridor — met" in under
