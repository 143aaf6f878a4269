"""Trainer review 15, G3 and G7: an element is a condition of the rule set against a fact, marked met,
not met or open. A line that only states the law's own list ('travel along a state trunk highway must
keep 10 feet from the roadway', 'the department of transportation approves trails near or crossing a
state trunk highway') is no element; the hold of s. 348.19(2)(a) is the rule, never an exception to
itself; no empty 'Ground 2'; a rule failing on a stated fact is never said 'assumed not to apply'; a
value the case does not state (a prior's months) is said as supposed, never as a number."""
from functools import lru_cache
from pathlib import Path

from reasoner.answer.answering import answer_case
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, resolve
from reasoner.render.handout import build_handout
from reasoner.render.markdown import render_markdown

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@lru_cache(maxsize=None)
def _md(name: str, query: str) -> str:
    rb = default_rulebase()
    atom, saved = resolve(query)
    case = load_case(FIXTURES / name, rb.checked)
    answer = answer_case(rb, case, check_atom(atom, rb.checked), saved)
    return render_markdown(build_handout(answer, None, program=rb.program), svg=None)


def _part(md: str, start: str, end: str = "**Conclusion:**") -> str:
    at = md.index(start)
    return md[at:md.index(end, at)]


RIDES = "elements15_sth_night_rides.yaml"


def test_night_rides_verdicts_and_offender_unchanged():
    md = _md(RIDES, "lawful")
    assert "| the ride on the 62-ft trail | no one | lawful |" in md
    assert "| the ride on the unpaced trail | possibly Ole Brandt | open:" in md
    assert "**Conclusion:** it is undetermined whether Ole Brandt (the operator) violated s. 350.02(2)(b)1 " \
           "in the ride on the unpaced trail." in md
    assert "**Conclusion:** it is undetermined whether Ole Brandt (the operator) violated s. 350.02(2)(b)4 " \
           "in the ride on the unpaced trail." in md
    assert "No violation of s. 350.02(2)(b)4: the trail used in the ride on the 62-ft trail meets " \
           "s. 350.02(2)(b)4.a and 4.c (the exception applies)." in md
    assert "Nora Vik (the operator) violated" not in md


def test_a_rule_is_no_element():
    md = _md(RIDES, "lawful")
    assert "must keep 10 feet from the roadway" not in md
    assert "the department of transportation approves trails near or crossing" not in md
    elements = _part(md, "1. s. 350.02(2)(b): the ride on the unpaced trail was adjacent to a roadway")
    lines = [line for line in elements.splitlines() if line[:2].rstrip(".").isdigit()]
    # every numbered element carries a status or the fact it rests on: none is the law's statement alone
    assert all("**" in line or "(case file line" in line for line in lines), lines
    assert "less than 10 feet — **open**" in elements   # the figure is said by the comparison itself


def test_stated_fact_not_presumption_fails_the_access_exception():
    md = _md(RIDES, "lawful")
    assert ("- Exception: the ride on the unpaced trail was adjacent and parallel to the roadway to gain access, "
            "as s. 350.02(2)(b)5 allows — **the exception does not apply**, because the ride on the unpaced trail "
            "was not adjacent and parallel to the roadway for the purpose of gaining access to and from the area "
            "of operation (case file line 96)") in md
    assert "assumed not to apply" not in md
    assert "it was not impracticable to gain immediate access" not in md   # no presumption in the facts box
    assert "unless marked assumed" not in md


TRUCKS = "elements15_reload_two_trucks.yaml"


def test_hold_is_the_rule_not_an_exception():
    md = _md(TRUCKS, "may_proceed")
    rows = [line for line in md.splitlines() if line.startswith(("| the feed truck |", "| the lumber truck |"))]
    assert len(rows) == 2 and all(line.endswith("| yes |") for line in rows), rows   # a 'Who is liable' cell between
    assert ("- Hold rule: the operator of the lumber truck may not proceed, except to drive where the traffic "
            "officer directs for reloading or unloading, until enough of the load is reloaded or unloaded to "
            "bring the lumber truck within the weight limitations — **the hold rule does not apply**") in md
    assert "Exception: the operator of the lumber truck may not proceed" not in md
    assert "Exception: the operator of the feed truck may not proceed" not in md
    assert "**Conclusion:** the operator of the lumber truck may proceed." in md
    assert "a forfeiture of $50 is imposed on its operator for failure to reload" in md


def test_no_empty_ground():
    md = _md(TRUCKS, "must_reload")
    assert "Ground 1" not in md and "Ground 2" not in md
    assert "It follows on each of these grounds" not in md
    feed = _part(md, "### s. 348.19(2)(a)")
    assert ("1. s. 348.21(2)(b): the operator of the feed truck reloaded it within the limits, so no forfeiture "
            "may be imposed — **met**") in feed
    assert "2. a weighing found the feed truck over the weight limitations — **met**" in feed
    assert ("**Conclusion:** s. 348.21(2)(b) let the operator of the lumber truck reload or go on, in place of "
            "the duty of s. 348.19(2)(a).") in md
    assert "1,300 lb, which is at most 2,000 lb — **met**" in md


def test_unstated_months_of_a_prior_said_as_supposed():
    md = _md("elements15_prior_no_date.yaml", "forfeiture")
    assert ("the earlier forfeited deposit: not counted: supposed here more than 12 months before (the case does "
            "not say when), outside the 12-month period (s. 348.21(4))") in md
    assert "13 months" not in md
    assert "not less than $1,270.00 nor more than $1,470.00 (s. 348.21(3)(b)2)" in md
    assert "not less than $1,025.00 nor more than $1,175.00 (s. 348.21(3)(b)1)" in md
