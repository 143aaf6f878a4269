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
    assert box.startswith("Undetermined: on the provisions the case's facts engage")
    assert "lighted head lamp" in box and "violated s." not in box.split("Possibly:")[0]
    lines = [str(u) for u in arg.undetermined]
    assert lines[:4] == [
        "whether the snowmobile in the ride home displayed a lighted head lamp (s. 350.09(1))",
        "whether the snowmobile in the ride home displayed a lighted tail lamp (s. 350.09(1))",
        "the clock time of the ride home (s. 350.10(1)(g))",
        # the distance matters only within the hours of s. 350.10(1)(g), and says so (deciding13)
        "if the clock time of the ride home is 22:30 or later, or 07:00 or earlier, the distance in feet "
        "between the snowmobile and the nearest dwelling during the ride home (s. 350.10(1)(g))"]
    # the old list: every fact of every open provision, 42 lines (the age, the safety certificate, Indian lands)
    assert len(lines) == 5
    assert not any("age in years" in u or "safety certificate" in u or "Indian lands" in u for u in lines)
    assert lines[4] == ("The other facts the case does not state would matter only to the provisions not examined, "
                        "which nothing the case states touches: ask about them only if something points to them")
    # every open provision is still counted by some line (nothing hidden)
    said = {c for u in arg.undetermined for c in u.provisions}
    assert said == {"s. " + e["value"] for e in answer.undetermined if "more" not in e}
    # the answer does not send the reader to a list of the unengaged facts that is no longer printed
    assert "facts not listed" in box and "facts listed below" not in box
    # nor does the handout list them again under 'Facts that would decide it'
    assert not arg.missing


def test_the_residential_access_handout_prints_on_at_most_two_pages(tmp_path):
    assert page_count(_pdf(tmp_path, HOME, "violations")) <= 2
