"""Trainer review 11, G6: the argument frames elements and exceptions as the statute does.

- s. 350.10(1)(i) 'within 100 feet of a person not in or upon a vehicle ... unless operated at a speed
  of 10 miles per hour or less': the person not in or upon a vehicle is part of the element; the
  provision's 'unless' states the speed, not the person (never 'Exception: Pat Olsen was in or upon a
  vehicle').
- s. 350.02(2)(b)4 'At night travel shall conform ... unless: a. ... c. ...': at night is an element of
  (b)4 itself, never the daylight of (b)3 argued as an exception to it.
"""
from pathlib import Path

from reasoner.answer.answering import ask

ROOT = Path(__file__).resolve().parents[2]


def _texts(items):
    for e in items:
        yield e.text
        yield from _texts(getattr(e, "parts", []) or [])


def test_the_person_not_in_or_upon_a_vehicle_is_an_element_of_350_10_1_i():
    a = ask(str(ROOT / "tests/fixtures/form16_ice_spectator.yaml"), 'violation(op1, "350.10(1)(i)")')
    assert a.answer == "true"
    p = [p for p in a.argument.provisions if p.citation == "350.10(1)(i)"][0]
    assert p.offender == "Casey Larson"
    assert p.exceptions == []   # the 'unless' of (i) is the speed, argued as an element (more than 10 mph)
    first = p.elements[0]
    assert first.status == "true"
    said = list(_texts(p.elements))
    assert "Pat Olsen was not in or upon a vehicle" in said
    assert "Pat Olsen was not in or on a snowmobile" in said   # the facts under it
    text = a.argument_text()
    assert "Exception: Pat Olsen was in or upon a vehicle" not in text
    assert "Pat Olsen was in or upon a vehicle — " not in text
    assert "350.10(1)(i)" in text and "350.03" not in text.split("Conclusion")[0]


def test_at_night_is_an_element_of_the_night_direction_rule_where_it_is_violated():
    a = ask(str(ROOT / "facts/ch350_night_direction_unlawful.yaml"), 'violation(op1, "350.02(2)(b)4")')
    assert a.answer == "true"
    p = a.argument.provisions[0]
    assert p.citation == "350.02(2)(b)4" and p.offender == "Sam Olson"
    night = [e for e in p.elements if e.text == "the ride took place at night (during the hours of darkness)"]
    assert len(night) == 1 and night[0].status == "true" and night[0].loc.endswith(":11")
    assert not [x for x in p.exceptions if x.citation == "350.02(2)(b)3"]
    text = a.argument_text()
    assert "Exception, s. 350.02(2)(b)3" not in text and "the ride was in daylight" not in text
    assert "Exception: the trail used in the ride meets s. 350.02(2)(b)4.a and 4.c" in text


def test_at_night_is_an_element_where_the_trail_exception_applies():
    a = ask(str(ROOT / "facts/ch350_night_direction_lawful.yaml"), 'violation(op1, "350.02(2)(b)4")')
    assert a.answer == "false"
    p = a.argument.provisions[0]
    assert [(x.citation, x.status) for x in p.exceptions] == [("", "applies")]
    assert [e.text for e in p.elements if "at night" in e.text] == [
        "the ride took place at night (during the hours of darkness)"]
    assert "Exception, s. 350.02(2)(b)3" not in a.argument_text()
