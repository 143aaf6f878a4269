"""Trainer review 8, change 5 (issue 46 item 4): a report's 'What to ask next' lists only the facts
of the provisions the stated facts engage, the rest in one closing line; handout 01 (a ride home on a
town road, one party) fits on 2 pages, from 3 with 42 lines of questions."""
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.prose import argument as words
from reasoner.render.pdf import page_count

from tests.render.test_handout_pages import _pdf

ROOT = Path(__file__).resolve().parents[2]
HOME = "facts/ch350_report_residential_access.yaml"


def test_the_residential_access_report_asks_only_what_its_engaged_provisions_turn_on():
    answer = ask(str(ROOT / HOME), "violations", compare_readings=False)
    arg = answer.argument
    # the law: nothing decided, s. 350.09(1) and s. 350.10(1)(g) open on the stated facts; no offender found
    assert answer.answer == "undetermined"
    box = words.answer_box(arg)
    assert box.startswith("Undetermined: depends on whether the snowmobile displayed a lighted head lamp; whether the "
                          "snowmobile displayed a lighted tail lamp; the clock time of the ride home")
    assert "Not raised by the case" in box   # what nothing stated engages, said once (inissue14)
    assert "lighted head lamp" in box and "violated s." not in box.split("Possibly:")[0]
    lines = [str(u) for u in arg.undetermined]
    # the two open provisions, each with the facts that decide it (inissue14: the 22 provisions nothing
    # stated engages are said once as not raised, so the list is short enough to go by provision)
    assert lines == [
        "s. 350.09(1): whether the snowmobile displayed a lighted head lamp; whether the "
        "snowmobile displayed a lighted tail lamp",   # the case's one ride: its snowmobile not 'in the ride home' (words15)
        # the distance matters only within the hours of s. 350.10(1)(g), and says so (deciding13)
        "s. 350.10(1)(g): the clock time of the ride home; if the clock time of the ride home is 22:30 or "
        "later, or 07:00 or earlier, the distance in feet between the snowmobile and the nearest dwelling "
        "during the ride home"]
    # the old list: every fact of every open provision, 42 lines (the age, the safety certificate, Indian lands)
    assert not any("age in years" in u or "safety certificate" in u or "Indian lands" in u for u in lines)
    # every provision nothing stated engages is still counted, in the answer (nothing hidden)
    assert "Not raised by the case: 22 provisions of ss. 350.05, 350.07, 350.08, 350.09, 350.10 and 350.101" in box
    # the answer sends the reader only to a fact the list below does give (the distance, under s. 350.10(1)(g))
    # one fact past the three named is named too, never counted (trainer review 13, G3)
    assert "more fact" not in box and "the distance in feet" in box and "the distance in feet" in lines[1]
    # nor does the handout list them again under 'Facts that would decide it'
    assert not arg.missing


def test_the_residential_access_handout_prints_on_at_most_two_pages(tmp_path):
    assert page_count(_pdf(tmp_path, HOME, "violations")) <= 2
