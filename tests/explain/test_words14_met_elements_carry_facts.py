"""words14: a met element carries the fact that meets it in a lawful answer too. 02's s. 350.10(1)(g)
printed "the clock time ... is 22:30 or later, or 07:00 or earlier — met" and "the ride came within
150 feet of a dwelling — met" with neither 23:15 nor 120 ft (trainer review 10, 02), where an unlawful
answer shows each element's fact."""
from pathlib import Path

import reasoner

FACTS = Path(__file__).resolve().parents[2] / "facts"


def _provision(name: str, citation: str):
    a = reasoner.ask(str(FACTS / name), "lawful")
    (p,) = [p for p in a.argument.provisions if p.citation == citation]
    return a, p


def test_the_farmhouse_ride_s_met_elements_carry_23_15_and_120_ft():
    a, g = _provision("ch350_dwelling_night_lawful.yaml", "350.10(1)(g)")
    assert a.answer == "true"
    window, near, speed = g.elements
    assert (window.status, near.status, speed.status) == ("true", "true", "false")
    assert [(e.text, e.status) for e in window.parts] == [
        ("the clock time of the ride is 23:15, which is at or after 22:30", "true")]
    assert window.parts[0].loc.endswith(":9")
    assert [(e.text, e.status) for e in near.parts] == [
        ("the distance between the snowmobile and the nearest dwelling during the ride is 120 feet, "
         "which is at most 150 feet", "true")]
    text = " ".join(a.argument_text().split())
    assert "23:15, which is at or after 22:30 — met" in text and "120 feet, which is at most 150 feet — met" in text
    assert "No violation of s. 350.10(1)(g)" in text and "violated s. 350.10(1)(g)" not in text


def test_the_route_and_trail_rides_met_elements_carry_their_facts():
    _, route = _provision("ch350_town_route_lawful.yaml", "350.02(4)")
    (on_roadway,) = [e for e in route.elements if e.status == "true"]
    assert [e.text for e in on_roadway.parts] == ["the ride took place on a highway or within a highway right-of-way",
                                                  "the ride took place on the main-traveled portion of a highway"]
    assert all(e.loc for e in on_roadway.parts)
    _, trail = _provision("ch350_night_direction_lawful.yaml", "350.02(2)(b)4")
    adjacent = trail.elements[0]
    assert adjacent.status == "true" and adjacent.text == "the ride was adjacent to a roadway"
    assert "the ride took place adjacent to the roadway (within the highway right-of-way but off the roadway)" in \
        [e.text for e in adjacent.parts]


def test_the_unlawful_ride_is_argued_as_before():
    a = reasoner.ask(str(FACTS / "ch350_dwelling_night_unlawful.yaml"), "lawful")
    assert a.answer == "false"
    text = " ".join(a.argument_text().split())
    assert "Pat Lindqvist (the operator) violated s. 350.10(1)(g)" in text
    assert "the clock time of the ride is 05:40, which is at or before 07:00 — met" in text
