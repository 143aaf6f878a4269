"""defence15 (trainer review 11, handout 10): a case that states a fact that is the one condition of
an exemption of the section (s. 350.10(2): the land of the operator's immediate family), beside a
violation of that section the exemption does not reach (s. 350.10(1)(g)), says so once under the
violation: the trainee asks whether the family's farm helps. Derived from the rules, not the case:
the exemption's citation and what it reaches come from the rules that read it negatively."""
from pathlib import Path

import pytest

import reasoner
from reasoner.answer.exemptions import exemption_map
from reasoner.engine.rulebase import default_rulebase

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
FACTS = Path(__file__).resolve().parents[2] / "facts"
LINE = ("Not a defence: {ride} took place on land under the management and control of the operator's "
        "immediate family (case file line {line}), but s. 350.10(2) exempts only sub. (1)(c); it does "
        "not reach {reach}.")


@pytest.fixture(scope="module")
def farm():
    return reasoner.ask(str(FIXTURES / "defence15_family_farm_night.yaml"), "violations")


def _lines(answer, ride: str = "") -> list[tuple[str, str]]:
    """(citation, line) of every exemption line of the argument, of the ride named (its words)."""
    return [(p.citation, line) for p in answer.argument.provisions for line in p.unreached if ride in line]


def test_the_rules_say_what_the_family_land_exemption_reaches():
    found = {(e["fact"], e["exception"]): e["defeats"] for e in exemption_map(default_rulebase().checked)}
    assert found[("on_immediate_family_land", "350.10(2)")] == ["350.10(1)(c)"]
    # one condition of several is no exemption by itself (a highway right-of-way at a special event)
    assert not [k for k in found if k[0] == "on_highway_right_of_way"]


def test_the_verdicts_are_unchanged(farm):
    assert farm.answer == "true"
    assert {(b["O"], b["P"]) for b in farm.bindings if b["answer"] == "true"} == {
        ("farm_ride", "350.10(1)(g)"), ("hay_ride", "350.10(1)(a)"), ("hay_ride", "350.10(1)(g)")}
    # the stop sign run on the family's land: excepted by s. 350.10(2), never cited as violated
    assert "350.10(1)(c)" not in {p.citation for p in farm.argument.provisions}


def test_the_line_under_the_violation_it_does_not_reach(farm):
    line = LINE.format(ride="the late ride", line=16, reach="sub. (1)(g)")
    assert _lines(farm, "the late ride") == [("350.10(1)(g)", line)]
    (g,) = [p for p in farm.argument.provisions if line in p.unreached]
    assert g.outcome == "true" and g.offender == "the farmer"
    assert g.conclusion == "the farmer (the operator) violated s. 350.10(1)(g) in the late ride"
    text = farm.argument_text()
    flat = " ".join(text.split())
    assert line in flat and flat.index(line) < flat.index(g.conclusion)


def test_once_per_party_naming_every_provision_of_the_section_it_violated(farm):
    assert _lines(farm, "the early ride") == [
        ("350.10(1)(a)", LINE.format(ride="the early ride", line=56, reach="subs. (1)(a) or (1)(g)"))]


def test_no_line_where_nothing_is_violated(farm):
    assert not _lines(farm, "the porch ride")
    assert len(_lines(farm)) == 2


def test_a_case_that_does_not_state_it_gets_no_line():
    for name in ("ch350_dwelling_night_unlawful.yaml", "ch350_report_dwelling_night.yaml",
                 "ch350_youth_parent_land.yaml"):
        a = reasoner.ask(str(FACTS / name), "violations")
        assert not _lines(a), name
