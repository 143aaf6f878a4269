"""Review 4 wording (trainer's pen edits), each checked at its source: a question about each vehicle
asked of one vehicle, the heading of what the deciding provisions decide besides."""
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.explain.argument import build_argument
from reasoner.prose.questions import asked_of_one

FACTS = Path(__file__).resolve().parents[2] / "facts"
Q = "What forfeiture range applies under s. 348.21 to the weight violation of each vehicle?"


def test_a_question_about_each_vehicle_asked_of_one_reads_in_the_singular():
    # 06: 'What forfeiture range applies ... of each vehicle?' for the one dump truck
    assert asked_of_one(Q, "vehicle", ["the dump truck"]).endswith("weight violation of the dump truck?")
    assert asked_of_one(Q, "vehicle", ["the gravel truck", "the milk tanker"]) == Q
    assert asked_of_one(Q, "vehicle", []) == Q


def test_the_one_truck_handout_asks_of_its_truck():
    arg = build_argument(ask(FACTS / "ch348_gravel_truck_repeat_offense.yaml", "forfeiture"))
    assert "each vehicle" not in arg.question and arg.question.endswith("of the dump truck?"), arg.question
    arg = build_argument(ask(FACTS / "ch348_weigh_station_three_trucks.yaml", "forfeiture"))
    assert arg.question.endswith("of each vehicle?"), arg.question
