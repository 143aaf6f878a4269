"""A "no" that turns on a reading argues the provisions the reading decides (trainer review 7, 03):
an 11-year-old on the same sled as her 18-year-old cousin printed an empty argument ("The rules /
Conclusion: the facts stated do not show ..."), cited the reading under s. 350.05(2) (the 12-to-16
rule) and said "Read otherwise ..., it would be yes" without saying what."""
from pathlib import Path

import pytest

import reasoner
from reasoner.explain.argument import build_argument

ROOT = Path(__file__).resolve().parents[2]
YOUTH = ROOT / "facts/ch350_youth_companion_18.yaml"


@pytest.fixture(scope="module")
def youth():
    return reasoner.ask(str(YOUTH), "violations")


def test_the_no_argues_s_350_05_1_and_s_350_08_with_the_ages(youth):
    assert youth.answer == "false" and not [b for b in youth.bindings if b.get("answer") == "true"]
    arg = build_argument(youth)
    by = {p.citation: p for p in arg.provisions}
    assert list(by) == ["350.05(1)", "350.08"]          # not s. 350.05(2): she is 11
    first = by["350.05(1)"]
    # 'unless ... accompanied' is s. 350.05(1)'s own condition of compliance, not an exception to it
    # (trainer review 13, 09): satisfied, never 'no violation ... (the exception applies)'
    assert first.outcome == "false" and first.conclusion.startswith("s. 350.05(1) is satisfied: ")
    said = " ".join(e.text + " " + e.status for e in first.elements)
    assert "the age of Jesse Brandt is 11 years, which is less than 12 years true" in said
    [exc] = first.exceptions
    assert exc.status == "applies"
    flat = repr(exc.reasons)
    assert "the age of Ben Tran is 18 years, which is at least 18 years" in flat
    assert "350.05(4)" in flat                            # accompanied = on the same sled
    # s. 350.08 for the father: not re-argued, its failing element said, never 'its elements are met'
    owner = by["350.08"]
    assert owner.conclusion == ("No violation of s. 350.08: the operator of the ride was not prohibited "
                                "from operating by s. 350.05")
    assert "as argued above under s. 350.05(1)" in repr(owner.elements)
    facts = " ".join(f for f, _ in arg.facts) if arg.facts and isinstance(arg.facts[0], tuple) else repr(arg.facts)
    assert "the age of Jesse Brandt is 11 years" in facts and "the age of Ben Tran is 18 years" in facts


def test_the_answer_cites_s_350_05_1_and_says_who_would_have_violated_what(youth):
    [turn] = youth.interpretation["turns_on"]
    assert turn["citation"] == "350.05(1)" and turn["text"] == "a person over 18 years of age"
    line = " ".join(youth.argument_text().split())
    assert "turns on the reading of “a person over 18 years of age” (s. 350.05(1))" in line
    assert "(s. 350.05(2))" not in line.split("Readings")[0]
    assert ("it would be yes: Jesse Brandt (the operator) would have violated s. 350.05(1); "
            "Mark Brandt (the owner or person in charge or control) would have violated s. 350.08") in line
    assert "The rules (Wis. Stat. ch. 350, excerpt)\n  Conclusion" not in youth.argument_text()


def test_the_paper_header_names_only_the_chapter_argued(youth):
    from reasoner.prose.argument import prepared_from_paper
    arg = build_argument(youth)
    assert prepared_from_paper(arg).startswith("Prepared from the excerpt of Wis. Stat. ch. 350 quoted below.")
    # nothing argued in full (a lawful ride): the chapter of the provisions checked, never 'ch. 348 and 350'
    arg.provisions = []
    assert "ch. 348" not in prepared_from_paper(arg)
