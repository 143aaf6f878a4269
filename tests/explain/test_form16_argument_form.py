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
    assert "Exception: the trail meets s. 350.02(2)(b)4.a and 4.c" in text


def test_at_night_is_an_element_where_the_trail_exception_applies():
    a = ask(str(ROOT / "facts/ch350_night_direction_lawful.yaml"), 'violation(op1, "350.02(2)(b)4")')
    assert a.answer == "false"
    p = a.argument.provisions[0]
    assert [(x.citation, x.status) for x in p.exceptions] == [("", "applies")]
    assert [e.text for e in p.elements if "at night" in e.text] == [
        "the ride took place at night (during the hours of darkness)"]
    assert "Exception, s. 350.02(2)(b)3" not in a.argument_text()


# -- no repeated lines -------------------------------------------------------------------------------

def test_a_condition_restated_by_its_one_fact_is_said_once():
    a = ask(str(ROOT / "tests/fixtures/form16_ice_spectator.yaml"), 'violation(op1, "350.03(1)")')
    assert a.answer == "true"
    p = [p for p in a.argument.provisions if p.citation == "350.03(1)"][0]
    assert p.offender == "Casey Larson"
    race = p.exceptions[0]
    assert race.citation == "350.03(2)" and race.status == "fails"
    raceway = [r for r in race.reasons if r.citation == "350.03(2)(a)"]
    assert len(raceway) == 1 and raceway[0].parts == []
    assert raceway[0].text == "the ride did not take place on a privately owned raceway facility"
    assert raceway[0].requirement == "the ride took place on a privately owned raceway facility"
    assert raceway[0].loc.endswith(":42")
    text = " ".join(a.argument_text().split())
    assert "raceway facility" in text
    assert "the ride was on a privately owned raceway facility" not in text
    assert text.count("privately owned raceway facility —") == 1


def test_an_element_restating_an_earlier_one_points_to_it():
    a = ask(str(ROOT / "tests/fixtures/form16_livestock_refused.yaml"), "duty_forfeiture")
    assert a.answer == "true"
    p = a.argument.provisions[0]
    assert p.citation == "348.21(2)(a)" and p.offender == "stock_driver"
    third = p.elements[2]
    assert third.text.startswith("under s. 348.19(3), the operator of stock_trailer violated the duty")
    assert third.parts == [] and third.source == "as argued under element 1 above"
    assert [q.text for q in p.elements[0].parts][0].startswith(
        "the operator of stock_trailer violated the duty in s. 348.19(3)")
    text = " ".join(a.argument_text().split())
    assert text.count("to reload or unload as required or to follow the officer's directions") == 1
    assert "348.21(2)(a)" in text and "not less than $50.00 nor more than $100.00" in text


# -- the conditions of an exception hold or do not: never 'met' ---------------------------------------

def test_the_conditions_of_an_exception_hold_or_do_not():
    from reasoner.prose.argument import element_parts
    a = ask(str(ROOT / "tests/fixtures/form16_ice_spectator.yaml"), 'violation(op1, "350.03(1)")')
    p = [p for p in a.argument.provisions if p.citation == "350.03(1)"][0]
    marked = [e for e in p.elements]
    assert all(not e.of_exception for e in marked)
    assert element_parts(p.elements[1])[1] == "met"   # an element of the provision is met
    marked_b = [r for r in p.exceptions[0].reasons if r.citation == "350.03(2)(b)"][0]
    place = [q for q in marked_b.parts if "frozen public waters" in q.text and q.loc][0]
    assert place.of_exception and place.status == "true"
    assert element_parts(place)[1] == "met"
    assert element_parts(marked_b)[1] == "not met"
    text = " ".join(a.argument_text().split())
    assert "the place of the race or derby is frozen public waters — met" in text
    assert "frozen public waters — holds" not in text   # one vocabulary (trainer review 14, G8)


def test_a_condition_of_an_exception_is_not_coloured_as_met_in_the_handout():
    from reasoner.render.handout import build_handout
    from reasoner.render.html import render_html
    html = render_html(build_handout(ask(str(ROOT / "tests/fixtures/form16_ice_spectator.yaml"),
                                         'violation(op1, "350.03(1)")'), None))
    assert '<li class="el true cond">the place of the race or derby is frozen public waters' in html
    assert ".el.cond > .status { color: var(--ink); }" in html
    assert '<li class="el true">the speed of the snowmobile is 60 mph' in html
