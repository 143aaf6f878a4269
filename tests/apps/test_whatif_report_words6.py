"""Handout what-ifs a trainee can read (trainer review 4, handouts 02 and 04).

Before: on the officer's report (facts/ch350_report_dwelling_night.yaml: 23:10, 90 ft, 25 mph,
nothing else stated) every what-if line ended "the answer would then be undetermined, turning on
whether the ride took place adjacent to the roadway (within the highway right-of-way but off the
roadway)": a fact the argument never mentions. The change takes away the only violation found and
the report states nothing else; the line now says so.
"""
from pathlib import Path

import pytest


from asking import whatif_of
ROOT = Path(__file__).resolve().parents[2]


def _whatif(path, query, limit=6):
    _, base, result = whatif_of(path, query, limit)
    return base, result


@pytest.fixture(scope="module")
def report():
    return _whatif(ROOT / "facts/ch350_report_dwelling_night.yaml", "lawful")


def test_a_report_whatif_says_the_only_violation_is_gone(report):
    _, found = report
    lines = [o.handout_sentence for o in found.outcomes]
    assert lines
    for line in lines:
        assert line.endswith("Riley Kowalski (the operator) would not have violated s. 350.10(1)(g); "
                             "the case states nothing else that would decide the answer."), line
        assert "adjacent to the roadway" not in line and "turning on" not in line
        assert "would then be undetermined" not in line
    assert any(line.startswith("If the clock time of the ride had been 22:29 instead of 23:10, ") for line in lines)


def test_a_whatif_line_never_ends_undetermined_without_saying_on_what(report):
    _, found = report
    assert not any(o.handout_sentence.rstrip(".").endswith("would then be undetermined") for o in found.outcomes)


def test_no_whatif_changes_two_parties_facts_at_once():
    """Before: handout 04's what-ifs read 'If the person charged in count 1 had been Erin Moss instead
    of Dale Peters, and the person charged in count 3 had been Dale Peters instead of Erin Moss, ...':
    two people's counts swapped at once. A pair of changes to two entities of one kind is not offered."""
    base, found = _whatif(ROOT / "facts/ch350_charges_two_people.yaml", "joinder")
    assert base.answer == "true"
    for o in found.outcomes:
        assert "and the person charged in count" not in o.handout_sentence
    assert not any(len(o.changes) == 2 for o in found.outcomes)


def test_two_parties_is_a_pair_of_entities_of_one_kind():
    from reasoner.answer.whatif import Change, two_parties

    class Case:
        entities = {"count1": "charge", "count3": "charge", "p1": "person"}
    one = Change("count1", "charged_person", "p1", "p2", "person", "")
    other = Change("count3", "charged_person", "p2", "p1", "person", "")
    own = Change("count1", "paragraph", "a", "b", "symbol", "")
    who = Change("p1", "age", 41, 11, "number", "")
    assert two_parties(Case, one, other)
    assert not two_parties(Case, one, own) and not two_parties(Case, one, who)
