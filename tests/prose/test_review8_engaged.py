"""Trainer review 8 (issue 46), handout 01: a report whose answer is open argues the provision its
stated facts engage that an exception defeats.

facts/ch350_report_residential_access.yaml: a ride home on a town road's roadway (main-traveled
portion) at 25 mph, the roadway limit, for residential access under a town ordinance. Worked by hand:
s. 350.02(4) forbids the main-traveled portion "except as provided in this section"; s. 350.02(2)(a)6
provides residential access where the town has an ordinance (stated), so no violation of s. 350.02(4);
its speed condition (observe roadway speed limits) is met at 25 mph against 25 mph, so no violation of
s. 350.02(2)(a)6 either. The answer stays open (lamps, clock time and distance to a dwelling are not
stated) on s. 350.09(1) and s. 350.10(1)(g), both the operator Robin Vale's.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.answer.question import Question
from reasoner.render.argtext import render_argument

ROOT = Path(__file__).resolve().parent.parent.parent
CASE = ROOT / "facts" / "ch350_report_residential_access.yaml"


@pytest.fixture(scope="module")
def report():
    q = Question.of(str(CASE), "violations")
    answer = q.answer()
    return answer, answer.argument, render_argument(answer.argument)


def _cited(argument) -> list[str]:
    return [p.citation for p in argument.provisions]


def test_verdict_and_open_rows(report):
    answer, argument, _ = report
    assert answer.answer == "undetermined"
    open_rows = {(b["O"], b["P"]) for b in answer.bindings if b["answer"] == "undetermined"}
    assert ("op1", "350.09(1)") in open_rows and ("op1", "350.10(1)(g)") in open_rows
    assert not any(p.startswith("350.02") for _, p in open_rows)   # never a violation of s. 350.02
    assert not any(b["answer"] == "true" for b in answer.bindings)


def test_excepted_provision_argued_first(report):
    """Old: s. 350.02 appeared only in a what-if; the argument opened with s. 350.09(1)."""
    _, argument, text = report
    cited = _cited(argument)
    assert cited[:2] == ["350.02(4)", "350.02(2)(a)6"]
    first = argument.provisions[0]
    assert first.outcome == "false"
    assert [x.citation for x in first.exceptions if x.status == "applies"] == ["350.02(2)(a)6"]
    assert first.conclusion.startswith("No violation of s. 350.02(4)")
    speed = argument.provisions[1]
    assert [e.text for e in speed.elements if e.status == "false"] == [
        "the speed of the snowmobile is 25 mph, which is at most 25 mph"]
    assert speed.conclusion == "the ride home did not violate s. 350.02(2)(a)6"
    assert "Robin Vale (the operator) violated s. 350.09(1)" in text   # the open rows still name the offender
    assert cited.count("350.02(4)") == 1   # argued once


def test_not_examined_not_argued_as_open(report):
    """Old: the answer said s. 350.101 and the rest of s. 350.10 were not examined, then argued
    s. 350.10(1)(b) and s. 350.101(1)(b) as open."""
    _, argument, _ = report
    cited = _cited(argument)
    assert "350.10(1)(b)" not in cited and "350.101(1)(b)" not in cited
    assert "350.09(1)" in cited and "350.10(1)(g)" in cited


def test_night_window_whole(report):
    """Old: 'took place between 10:30 p.m. and 7 a.m. (before midnight)', the only test 'at or after 22:30'."""
    _, _, text = report
    flat = " ".join(text.split())
    assert "22:30 or later, or 07:00 or earlier" in flat
    assert "(before midnight)" not in flat and "at or after 22:30" not in flat


def test_ordinance_section_outside_excerpt(report):
    _, _, text = report
    assert "s. 350.18(3) (a section not in the excerpt)" in " ".join(text.split())


@pytest.mark.parametrize("case", ["ch350_youth_parent_land", "ch350_report_dwelling_night"])
def test_other_answers_keep_their_arguments(case):
    """A decided answer gets no excepted block: the youth on parents' land keeps s. 350.05(1) first;
    the dwelling-night report keeps its violation of s. 350.10(1)(g), the window met."""
    answer = Question.of(str(ROOT / "facts" / f"{case}.yaml"), "violations").answer()
    cited = [p.citation for p in answer.argument.provisions]
    if case == "ch350_youth_parent_land":
        assert answer.answer == "false" and cited[0] == "350.05(1)"
    else:
        assert answer.answer == "true" and "350.10(1)(g)" in cited and "350.02(4)" not in cited
        flat = " ".join(render_argument(answer.argument).split())
        assert "22:30 or later, or 07:00 or earlier — met" in flat
