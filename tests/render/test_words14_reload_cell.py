"""words14: the several-vehicle table says what happened to the vehicle whose excess was reloaded.
Its cell read a bare "no" (must the operator stop until reloaded? no), which reads as "did not meet the
duty", though s. 348.21(2)(b) let its operator reload, and it was reloaded within the limits
(tests/fixtures/reload13_coop_harvest.yaml)."""
from pathlib import Path

import pytest

import reasoner
from reasoner.apps.export import export_files

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
REASON = ("s. 348.21(2)(b) let the operator of the first vehicle reload or go on, in place of the duty of "
          "s. 348.19(2)(a) (the operator of the first vehicle reloaded it within the limits, so no forfeiture "
          "may be imposed)")


def _md(query: str) -> str:
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.core.settings import current
    q = Question.of(str(FIXTURES / "reload13_coop_harvest.yaml"), query, default_rulebase(current().readings),
                    current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q)
    return text


@pytest.mark.parametrize("query", ["must_reload", "reload_met"])
def test_the_reloaded_truck_s_cell_says_it_was_reloaded(query):
    a = reasoner.ask(str(FIXTURES / "reload13_coop_harvest.yaml"), query)
    rows = {r["entity"]: r for r in a.argument.table}
    # led by its answer all the same (trainer review 16, 11): 'no — ' and the reason, never a bare "no"
    assert rows["t1"]["established"] == ["no — " + REASON.replace("the first vehicle", "t1")]
    # the truck never reloaded keeps its plain answer; the truck within its limits a plain "no"
    assert rows["t3"]["established"] == ["no"]
    md = _md(query)
    assert f"| the first vehicle | no — {REASON} |" in md or f"| the first vehicle | no one | no — {REASON} |" in md \
        or f"| the first vehicle | no one: no forfeiture may be imposed | no — {REASON} |" in md
    assert "| the first vehicle | no |" not in md and "| the first vehicle | no one | no |" not in md


def test_the_second_truck_still_must_reload():
    a = reasoner.ask(str(FIXTURES / "reload13_coop_harvest.yaml"), "must_reload")
    rows = {r["entity"]: r for r in a.argument.table}
    # held, and still overweight: its forfeiture beside the yes (trainer review 15, 11)
    held = "yes; if convicted of the overweight violation: $1,234.00 to $1,434.00 under s. 348.21(3)(b)2"
    assert rows["t2"]["established"] == [held]
    assert f"| {held} |" in _md("must_reload")
