"""Answer lines that say what the argument shows (trainer review 7, 05, 06 and 12)."""
from __future__ import annotations

from pathlib import Path

from reasoner.answer.question import Question
from reasoner.apps.related import related_answers, says_the_same
from reasoner.prose.answers import answer_line

ROOT = Path(__file__).resolve().parents[2]


def _ask(case: str, query: str):
    q = Question.of(str(ROOT / case), query)
    return q, q.answer()


def test_a_no_names_the_way_an_exception_defeats():
    # was: 'No forfeiture under ss. 348.19 and 348.21 follows from the facts for any vehicle.'
    _, a = _ask("facts/ch348_pulpwood_distant_scale.yaml", "duty_forfeiture")
    line = answer_line(a)
    assert a.answer == "false"
    assert line.startswith("None: the operator of the pulpwood truck did not violate the duty in s. 348.19(3)")
    assert "the exception of s. 348.19(1)(b) applies (the pulpwood truck is not required to proceed to a scale " \
           "more than one mile from the point of apprehension)" in line
    assert line.endswith("no forfeiture under s. 348.21(2)(a) follows.")
    assert "for any vehicle" not in line and "some vehicle" not in line
    assert "348.17" not in line   # the way that does not come near is not named


def test_a_related_line_that_says_the_answer_again_is_dropped():
    # was: 'Also decided ... Under s. 348.19(2)(a): The operator of the cattle truck may not proceed ...'
    q, a = _ask("facts/ch348_cattle_on_i94.yaml", "may_proceed")
    assert a.answer == "false" and "may not proceed" in a.argument.short
    assert not any("may not proceed" in r["short"] for r in related_answers(q, a))


def test_a_related_line_that_says_something_else_stays():
    q, a = _ask("facts/ch350_charges_same_incident.yaml", "joinder")
    related = related_answers(q, a)
    assert any("conviction" in r["short"] and r["citation"] == "350.101(1)(d)" for r in related)


def test_says_the_same():
    answer = ("No: the operator of the cattle truck may not proceed, except to drive where the traffic officer "
              "directs for reloading or unloading, until enough of the load is reloaded or unloaded.")
    assert says_the_same("The operator of the cattle truck may not proceed (except to a place directed for "
                         "reloading or unloading) until the load is reloaded or unloaded to comply.", answer)
    assert not says_the_same("Dale Peters has one conviction for the February 3 ride.", answer)


def test_the_lesser_ways_and_the_conclusion_name_the_one_vehicle():
    # was: 'a traffic officer directed the operator of some vehicle to stop and submit some vehicle ... — not met'
    # and 'Conclusion: no forfeiture follows from the facts for any vehicle.'
    from asking import handout_text
    text = handout_text(ROOT / "facts/ch348_pulpwood_distant_scale.yaml", "duty_forfeiture")
    assert "a traffic officer directed the operator of the pulpwood truck to stop and submit the pulpwood truck " \
           "and its load to a weighing — not met" in text
    assert "the operator of the pulpwood truck violated s. 348.17(2) (not in the excerpt) — not met" in text
    assert "no forfeiture follows from the facts for the pulpwood truck" in text
    assert "some vehicle" not in text and "for any vehicle" not in text


def test_a_change_that_takes_the_one_vehicle_s_violation_away_says_what_would_be_so():
    # review 7, 07, what-if 3: was 'no forfeiture under s. 348.21 follows from the facts for any vehicle'
    from tests.asking import whatif_of
    _, _, result = whatif_of("ch348_report_axle_overweight.yaml", "forfeiture", limit=12)
    lines = [o.handout_sentence for o in result.outcomes]
    within = next(x for x in lines if "20,000 lb instead of 21,500 lb" in x)
    assert within.endswith("the answer would then be: the truck did not exceed the weight limitation applicable "
                           "to it under ss. 348.15 to 348.17 (taking any permit into account); no forfeiture under s. 348.21 follows."), within
    # not weighed: the weight is unknown, so it is never said to be within the limit
    unweighed = next(x for x in lines if "had not been weighed" in x)
    assert "did not exceed" not in unweighed and unweighed.endswith("follows from the facts for the truck."), unweighed
    assert not any("any vehicle" in x for x in lines)


def test_several_vehicles_each_line_says_what_follows_then_why():
    # the grain truck among two: its own line leads with what follows, never a 'No:' inside the answer
    _, a = _ask("tests/fixtures/scale_direction_two_trucks.yaml", "duty_forfeiture")
    line = answer_line(a)
    assert "No forfeiture under s. 348.21(2)(a) follows for grain_truck: the operator of grain_truck did not " \
           "violate the duty in s. 348.19(3)" in line, line
    assert "stopped and submitted grain_truck and its load to the weighing" in line
    assert " No: " not in line
    assert "$50.00 nor more than $100.00" in line and "stock_trailer" in line
