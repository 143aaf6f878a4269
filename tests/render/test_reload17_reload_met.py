"""Trainer review 16, 11 and G3: the handout of reload_met (has the duty of s. 348.19(2)(a) arisen and been
met?) for four rigs at a weigh station. The reading that s. 348.21(2)(b) displaces par. (a) decides rows:
the other reading's answer is said row by row; a rig unloaded within the limits gives its forfeiture
and offender; every result cell begins with its answer; a condition that fails is not denied as
if the case said the opposite; the facts box says what the other reading turns on; the statute's
words, not 'the hold of' nor 'the livestock allowance reaches'."""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.answer.api import Case
from reasoner.apps.export import export_files

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "tests" / "fixtures" / "reload17_carnival_four_rigs.yaml"


@pytest.fixture(scope="module")
def md() -> str:
    q = Case.from_file(CASE).question("reload_met")
    return str(export_files("md", q.answer(), None, with_whatif=False, question=q)[0][1])


def _row(md: str, party: str) -> str:
    return next(line for line in md.splitlines() if line.startswith(f"| {party} |"))


def _answer(md: str) -> str:
    return next(line for line in md.splitlines() if line.startswith("**Answer.**"))


def test_every_result_cell_begins_with_its_answer(md):
    for rig in ("the ferris wheel rig", "the midway games rig", "the swing ride rig"):
        cell = _row(md, rig).split(" | ")[-1]
        assert cell.startswith(f"no — s. 348.21(2)(b) let the operator of {rig} reload or go on, in place of the "
                               "duty of s. 348.19(2)(a)"), cell
    assert _row(md, "the coaster rig").split(" | ")[-1].startswith("yes; ")


def test_the_rig_unloaded_within_the_limits_gives_its_forfeiture_and_offender(md):
    # 2,600 lb over a tandem limit, first conviction taken as none: $50 + 3 cents x 2,600 to $200 + $78
    assert _row(md, "the coaster rig") == (
        "| the coaster rig | the coaster driver (operator, s. 348.21(3)) and, where practicable, the authority holder (s. 348.20(1)), not named in the case | yes; "
        "if convicted of the overweight violation: $128.00 to $278.00 under s. 348.21(3)(b)1 (a first conviction: "
        "the case's facts list no prior conviction, taken as none) |")
    assert "| the coaster rig | no penalty decided in this answer |" not in md
    assert _row(md, "the midway games rig").startswith("| the midway games rig | the games driver | no — ")


def test_the_other_reading_is_said_row_by_row(md):
    line = _answer(md)
    assert ("This answer turns on the reading of “the operator of such vehicle shall not proceed ... until such "
            "portion of the load has been reloaded or unloaded” (s. 348.19(2)(a)). Read otherwise (s. 348.19(2)(a) "
            "reaches every overweight vehicle, and s. 348.21(2)(b) only sets the penalty), it would be established "
            "that the duty of s. 348.19(2)(a) arose for the ferris wheel rig and is already met") in line
    assert "undetermined whether the duty of s. 348.19(2)(a) arose for the swing ride rig" in line
    assert "it would be yes" not in line and "it would be no" not in line
    # the midway games rig is 'no' under either reading; the coaster rig 'yes' under either
    other = line[line.index("Read otherwise"):]
    assert "midway games rig" not in other.split("This answer rests")[0]
    assert "arose for the coaster rig" not in other


def test_a_failing_condition_is_not_denied_as_if_stated(md):
    arg = md[md.index("## The argument"):]
    assert "the operator of the coaster rig reloaded it within the limits, so no forfeiture may be imposed — " \
           "**not met**\n" in arg
    assert "because the operator of the coaster rig did not reload it within the limits" not in arg
    # the condition that fails is the reason, below it
    assert "the excess load of the coaster rig can be reloaded within the normal load carrying areas onto other " \
           "wheels or axles so that all wheels and axles are then within the statutory limits — **not met**" in arg


def test_the_facts_box_says_what_the_other_reading_turns_on(md):
    box = md[md.index("**The facts the argument uses.**"):md.index("## The argument")]
    assert "Stated in the case, unless marked assumed, taken as none or not stated." in box
    assert ("- whether enough of the load of the swing ride rig has been reloaded or unloaded to bring the swing "
            "ride rig within the weight limitations — *not stated*") in box
    assert "whether enough of the load of the ferris wheel rig" not in box   # stated: not an unknown


def test_the_statutes_words_not_the_softwares(md):
    assert "the hold of" not in md
    assert "livestock allowance" not in md
    assert "s. 348.19(2)(b) applies to the coaster rig: the officer must let it proceed" in md
    assert "prevails over the duty of s. 348.19(2)(a) not to proceed until reloaded or unloaded" in md


def test_the_livestock_paragraph_is_cited_once_where_it_lets_the_truck_go_on():
    import reasoner
    from reasoner.prose.answers import answer_line
    line = answer_line(reasoner.ask(str(ROOT / "tests" / "fixtures" / "raises16_stock_truck_near.yaml"), "may_proceed"))
    assert line.startswith("The operator of the hog truck may proceed (s. 348.19(2)(b) applies to the hog truck: "
                           "the officer must let it proceed to its destination without reloading or unloading;")
    assert "(s. 348.19(2)(b): s. 348.19(2)(b)" not in line and "livestock allowance" not in line
