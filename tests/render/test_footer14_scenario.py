"""Every page's footer names the case by its scenario, so that handouts titled alike ('Three
vehicles: what forfeiture range applies ...') can be told apart in a stack (trainer review 14, G10)."""
from reasoner.answer.question import Question
from reasoner.render.handout import build_handout


def _footer(case, query):
    q = Question.of(case, query)
    return build_handout(q.answer()).footer


def test_the_footer_is_the_scenario_not_the_question():
    a = _footer("facts/ch348_weigh_station_three_trucks.yaml", "forfeiture")
    b = _footer("facts/ch348_log_truck_third_offense.yaml", "forfeiture")
    assert a.startswith("One morning at a weigh station: three trucks over the 80,000-lb gross limit")
    assert a != b and "what forfeiture range" not in a and not a.startswith("Scenario")
