"""Trainer review 6: the exceptions checked for a violation are shown, each with the fact that decides
it (03); a double negative in the event rule reads positively (01)."""
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.prose.argument import others_line

FACTS = Path(__file__).resolve().parents[2] / "facts"


def test_exceptions_checked_each_with_its_deciding_fact():
    arg = ask(str(FACTS / "ch350_state_trunk_roadway.yaml"), "violations").argument
    assert [p.citation for p in arg.provisions] == ["350.02(4)"]
    line = others_line(arg.others, "md")
    assert line.startswith("Also checked, none applies: ")
    for said in ("the ride was not for emergency purposes (s. 350.02(3))",
                 "the ride was not carried out to fulfil the corporate function of a public utility (s. 350.045)",
                 "the ride was not part of a special snowmobile event (s. 350.02(2)(a)4)"):
        assert said in line, line
    assert "not concluded" not in line


def test_many_checked_provisions_stay_cited_only():
    arg = ask(str(FACTS / "ch350_village_event.yaml"), "lawful").argument
    assert arg.answer == "true"
    assert others_line(arg.others, "md").startswith("Also checked, not concluded: s. 350.02(2)(a)6")


def test_notice_rule_for_races_reads_without_a_double_negative():
    arg = ask(str(FACTS / "ch350_village_event.yaml"), "lawful").argument
    text = repr(arg.provisions)
    assert "meets the one-week notice rule for races" in text
    assert "was not a race or derby of which the police and sheriff were notified less than" not in text


def test_the_exceptions_checked_are_printed_not_folded_away():
    from reasoner.engine.rulebase import default_rulebase
    from reasoner.render.handout import build_handout
    from reasoner.render.html import render_html
    answer = ask(str(FACTS / "ch350_state_trunk_roadway.yaml"), "violations")
    html = render_html(build_handout(answer, None, program=default_rulebase().program))
    assert '<p class="others">Also checked, none applies: ' in html
    assert '<details class="others">' not in html
