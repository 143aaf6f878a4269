"""dup18 (trainer review 16, 09 and G6; issue 46): three dawn rides past a trailer home, a certificated
13-year-old on his grandfather's older sled, and a courier whose speed no one could establish.

The table says the open fact as the facts box and the answer say it, without the unit its words close on
('the case does not state the speed of the snowmobile in the courier's ride', never '..., in miles per
hour'), and the table still carries it: no 'Left undetermined' list repeating it. The grandfather, in
control of the sled, is cleared under s. 350.08 with the operator said once, never three times joined
by '; and'."""
from pathlib import Path

import pytest

from reasoner.apps.export import export_files

ROOT = Path(__file__).resolve().parents[2]
CASE = "tests/fixtures/dup18_ice_shanty_dawn_rides.yaml"


@pytest.fixture(scope="module")
def answered():
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.core.settings import current
    q = Question.of(str(ROOT / CASE), "violations", default_rulebase(current().readings), current(), None)
    answer = q.answer()
    (_, text), *_ = export_files("md", answer, None, question=q, with_whatif=False)
    return answer, text


def _row(md: str, party: str) -> str:
    return next(x for x in md.splitlines() if x.startswith(f"| {party} |"))


def test_the_open_row_names_its_fact_without_the_unit(answered):
    _, md = answered
    row = _row(md, "the courier's ride")
    assert row == ("| the courier's ride | possibly the courier | open: whether it violated s. 350.10(1)(g); "
                   "the case does not state the speed of the snowmobile in the courier's ride |")
    assert "in miles per hour" not in row
    # the two parties decided keep their own results
    assert _row(md, "the grandfather's ride") == "| the grandfather's ride | the grandfather | violated s. 350.10(1)(g) |"
    assert _row(md, "the grandson's ride") == "| the grandson's ride | no one | no violation found |"
    # the table carries the open fact: it is not listed again below the argument
    assert "Left undetermined" not in md
    assert "which turns on: the speed of the snowmobile in the courier's ride" not in md
    # said once in the facts box, without its unit
    box = md[md.index("**The facts the argument uses.**"):md.index("## The argument")]
    assert box.count("the speed of the snowmobile in the courier's ride") == 1
    assert "- the speed of the snowmobile in the courier's ride — *not stated*" in box


def test_the_open_row_in_the_argument_data_says_the_same(answered):
    answer, _ = answered
    rows = {str(r["entity"]): r for r in answer.argument.table if "more" not in r}
    courier = rows["courier_ride"]   # the data by id; the handout names it
    assert courier["established"] == []
    assert courier["open"] == ["open: whether it violated s. 350.10(1)(g); the case does not state the speed of "
                               "the snowmobile in courier_ride"]
    # the answer's own record of the missing fact keeps its unit (the interview asks it in mph)
    missing = [f for e in answer.undetermined if "more" not in e for f in e.get("missing") or []]
    assert missing == ["the speed of the snowmobile in courier_ride, in miles per hour"]


def test_the_person_in_control_is_cleared_with_the_operator_said_once(answered):
    _, md = answered
    grandson = md[md.index("*The grandson's ride:"):md.index("*The courier's ride:")]
    assert ("**Conclusion:** No violation of s. 350.08 by the grandfather: the operator of the grandson's ride "
            "was not prohibited from operating by s. 350.05, incapable of operating a snowmobile because of "
            "physical or mental disability or under the influence of an intoxicant.") in grandson
    assert grandson.count("the operator of the grandson's ride was not") == 1
    assert "; and the operator" not in md
    # s. 350.08 is argued for the grandson's ride only: the grandfather's own ride binds no one else
    assert md.count("### s. 350.08") == 1
    grandfather = md[md.index("*The grandfather's ride:"):md.index("*The grandson's ride:")]
    assert "350.08" not in grandfather
