"""Trainer review 10's four fresh cases (written from the statute without `name:` fields, now kept as
fixtures): the answers the case writer and the reviewer worked out from the statute."""
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.prose.answers import answer_line

CASES = Path(__file__).resolve().parents[1] / "fixtures/review10"


def test_the_cooperative_trucks_reloaded_second_offence_and_within():
    a = ask(str(CASES / "coop_harvest.yaml"), "forfeiture")
    line = answer_line(a)
    # t1 1,400 lb over, reloaded within 2,000 lb: no forfeiture (s. 348.21(2)(b)); t2 5,800 lb over with a
    # prior 10 months earlier, 6,300 lb over: (3)(b)2.e, $100-$300 + 18 cents x 6,300 lb = $1,134.00
    assert "No forfeiture under s. 348.21 for the weight violation of t1 may be imposed (s. 348.21(2)(b))" in line
    assert "t2: not less than $1,234.00 nor more than $1,434.00 (s. 348.21(3)(b)2)" in line
    assert "No forfeiture under s. 348.21 follows from the facts for t3" in line


def test_the_road_crossing_turns_on_the_subdivisions_the_excerpt_does_not_print():
    a = ask(str(CASES / "club_ride.yaml"), "violations")
    line = answer_line(a)
    assert "violated s. 350.02(4) in op_b" in line
    assert "This answer turns on the reading of “except as provided in this section" in line
    assert "it would be undetermined whether op_b violated s. 350.02(4)" in line


def test_no_prior_the_scenario_states_of_the_drivers_and_the_carrier_is_stated_not_taken_as_none():
    # trainer review 10, 12: "None of the drivers or the carrier has a prior weight conviction" names the
    # parties linked to each vehicle; the handout said "the case's facts list no prior conviction (taken as none)"
    from asking import export_markdown
    md = export_markdown(CASES / "house_move_permits.yaml", "permit_condition_forfeiture")
    assert "taken as none" not in md.split("## The argument")[1].split("## Our readings")[0]
    assert "the person charged over the first vehicle has a prior conviction — **not met** (case file line 1)" in md
