"""A party with no violation is argued on the provisions its facts come nearest (trainer review 5,
handout 09): the 06:40 ride on County K is inside 10:30 p.m.-7 a.m. but 300 ft from the dwelling, so
s. 350.10(1)(g) fails on its distance; it kept 45 ft from the roadway (s. 350.02(2)(b)1), travelled
with traffic (s. 350.02(2)(b)4) and at 40 mph, at most 55 (s. 350.02(2)(b)6). The lamp checks that
decide nothing stay in one line, and no line says 'no shortfall found'."""
from pathlib import Path

import pytest

import reasoner

RIDERS = Path(__file__).resolve().parents[1] / "fixtures/county_k_ditch_riders.yaml"


@pytest.fixture(scope="module")
def riders():
    return reasoner.ask(str(RIDERS), "violations")


def test_the_lawful_ride_is_argued_on_distance_time_and_direction(riders):
    arg = riders.argument
    lawful = [p for p in arg.provisions if p.outcome == "false"]
    by = {p.citation: p for p in lawful}
    assert {"350.10(1)(g)", "350.02(2)(b)1", "350.02(2)(b)4", "350.02(2)(b)6"} <= set(by)
    g = by["350.10(1)(g)"]
    assert g.conclusion.startswith("No violation of s. 350.10(1)(g)")
    flat = " ".join(e.text + " " + e.status for e in g.elements)
    assert "22:30 or later, or 07:00 or earlier" in flat and "true" in flat
    text = riders.argument_text()
    at = text.index("No violation of s. 350.10(1)(g)")
    assert "it is 300 feet" in text[text.rindex("350.10(1)(g)", 0, at - 40):at]
    assert "45 feet, at least the 10 feet" in by["350.02(2)(b)1"].conclusion
    assert "40 mph, which is at most 55 mph" in by["350.02(2)(b)6"].conclusion
    assert any("travelled in the direction of vehicular traffic" in e.text and e.status == "false"
               for e in by["350.02(2)(b)4"].elements)
    assert not any("median" in e.text for e in by["350.02(2)(b)1"].elements)   # decides nothing here
    # the lamps: one line for the section, no lamp rule argued
    assert not [c for c in by if c.startswith("350.09(")]
    assert by["350.09"].elements == [] and by["350.09"].quote == ""
    assert "no shortfall found" not in text
    # the riders who violated, unchanged, each with its offender
    done = {(p.citation, p.offender) for p in arg.provisions if p.outcome == "true"}
    assert {c for c, _ in done} == {"350.10(1)(g)", "350.02(2)(b)4", "350.02(2)(b)1"}


def test_a_reading_caveat_is_said_once_beside_the_rides_it_is_about(riders):
    from reasoner.prose.answers import answer_line
    line = answer_line(riders)
    assert line.count("This answer turns on the reading of") == 1
    # after the rows it is about, before the ride with none
    assert line.index("This answer turns on") < line.index("None for ride_b")


def test_a_which_owner_question_answered_with_nobody_begins_none():
    from reasoner.prose.answers import answer_line
    root = Path(__file__).resolve().parents[2]
    a = reasoner.ask(str(root / "facts/ch350_youth_michigan_certificate.yaml"), "owner_liable")
    assert a.answer == "false"
    line = answer_line(a)
    assert line.startswith("None: ") and not line.startswith("No: ")
    assert not [p for p in a.argument.provisions if p.outcome == "true"]


def test_the_michigan_certificate_is_a_second_independent_reason():
    """Handout 04: s. 350.08 fails on 'knowingly', and also because the 13-year-old holds a Michigan
    certificate whose course substantially meets the department's (s. 350.055): he was not prohibited
    under s. 350.05(2). Both are argued."""
    root = Path(__file__).resolve().parents[2]
    a = reasoner.ask(str(root / "facts/ch350_youth_michigan_certificate.yaml"), "owner_liable")
    (p,) = [p for p in a.argument.provisions if p.citation == "350.08"]
    assert p.outcome != "true"
    failing = [e for e in p.elements if e.status == "false"]
    assert len(failing) == 2
    assert "knowingly" in failing[0].text
    text = a.argument_text()
    assert "350.055" in text and "substantially meets" in text
    assert "issued by another state" in " ".join(text.split())
