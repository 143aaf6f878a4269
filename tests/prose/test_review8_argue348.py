"""Trainer review 8 (issue 46), ch. 348 arguments: what decides each vehicle's result is argued, not
only its table row.

tests/fixtures/three_cranes_permit_conditions.yaml (amounts in tests/answer/test_otherwise_each.py):
the yard crane, 92,500 lb on a 90,000-lb permit within its hours, owes the s. 348.21(3) forfeiture
on the excess over its permit weight (s. 348.25(2)(b)): 92,500 - 90,000 = 2,500 lb at 3 cents
(1.b) = $75; $125.00 to $275.00. The bridge crane, 96,000 lb on a 100,000-lb permit, is exempt
(s. 348.25(2)(a)). The night crane, outside its hours, is penalized as without a permit.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.answer.question import Question

ROOT = Path(__file__).resolve().parent.parent.parent
CRANES = ROOT / "tests" / "fixtures" / "three_cranes_permit_conditions.yaml"


@pytest.fixture(scope="module")
def cranes():
    q = Question.of(str(CRANES), "permit_condition_forfeiture")
    answer = q.answer()
    from reasoner.render.handout import build_handout
    from reasoner.render.markdown import render_markdown
    return answer, render_markdown(build_handout(answer, None, program=q.law.program, ids=False))


def _section(md: str, heading: str) -> str:
    """The handout's argument for one party, from its heading to the next party's."""
    rest = md.split(f"*{heading}", 1)[1]
    return rest.split("\n*the ", 1)[0].split("## Our readings", 1)[0]


def test_instead_amount_worked_out(cranes):
    """12, move 1: the $70-$220 under s. 348.25(2)(b) was never worked; the argument shows the excess
    over the permit weight, the bracket and the arithmetic (old: only a near miss of the hours)."""
    answer, md = cranes
    assert answer.answer == "true"
    assert [(r["entity"], r["answer"]) for r in answer.each] == [
        ("night_crane", "true"), ("yard_crane", "false"), ("bridge_crane", "false")]
    yard = _section(md, "The yard crane: no other condition of the permit was violated, so s. 348.25(2)(b) "
                        "applies instead:*")
    assert "the total excess load of the yard crane is 92,500 lb - 90,000 lb = 2,500 lb" in yard
    assert "3 cents a pound × 2,500 lb = $75.00" in yard
    assert "$50.00 + $75.00 = $125.00" in yard and "$200.00 + $75.00 = $275.00" in yard
    assert "s. 348.21(3)(b)1.b" in yard and "s. 348.21(3)(b)1.e" not in yard
    assert "against River Hoist Company" in yard   # the offender: the permit holder (s. 348.20(1))
    assert "No violation of s. 348.25(3)" not in yard   # the hours are checked inside (2)(b)'s exception


def test_exempt_within_permit_weight_shown(cranes):
    """12, move 4: the weight within the permit, which makes the vehicle exempt, is shown (old: the
    hours only)."""
    _, md = cranes
    bridge = _section(md, "The bridge crane: no forfeiture follows from the facts for the bridge crane:*")
    assert "the weight found for the bridge crane is 96,000 lb, which is at most 100,000 lb — **met**" in bridge
    assert "s. 348.25(2)(a): the bridge crane is exempt from the weight limitations" in bridge
    assert "**the exception applies, so s. 348.21 does not apply**" in bridge
    assert "$" not in bridge   # no amount for it
    assert "| the bridge crane | no one |" in md


def test_instead_sentence_names_its_vehicle(cranes):
    """12: 'No other condition ... applies instead', after 'For each', read as said of all; it begins
    with the vehicle's name."""
    answer, md = cranes
    box = md.split("**Answer.**", 1)[1].split("\n", 1)[0]
    assert "For the yard crane, no other condition of the permit was violated, so s. 348.25(2)(b) applies instead" in box
    assert ". No other condition of the permit" not in box
    assert "bridge crane: no other condition" not in box and "night crane: no other condition" not in box


def test_one_vehicle_instead_not_renamed():
    """One vehicle: the sentence before names it; the lead is not prefixed."""
    answer = Question.of(str(ROOT / "facts" / "ch348_crane_over_permit_weight.yaml"),
                         "permit_condition_forfeiture").answer()
    assert answer.answer == "false"
    text = " ".join(answer.argument_text(width=300).split())
    assert "follows. No other condition of the permit was violated, so s. 348.25(2)(b) applies instead" in text


def test_failed_exception_says_why(cranes):
    """12, move 3: the s. 348.25(2)(b) exception 'does not apply' said why under it: another condition
    of the permit violated, argued above (old: nothing, or only the weight over the permit)."""
    answer, md = cranes
    night = md.split("| the night crane |", 1)[1]
    assert "$3,650.00 to $3,800.00" in night.split("\n", 1)[0]
    block = md.split("Exception, s. 348.25(2)(b): the overweight violation of the night crane", 1)[1]
    block = block.split("\n      - ", 1)[0]
    assert "**the exception does not apply**" in block
    assert ("- the operation of the night crane violated a condition of its permit — **met** "
            "(as argued above under s. 348.25(3))") in block


def test_long_provision_quoted_by_its_sentence():
    """12: a long subsection is quoted by the sentence(s) its rule rests on (s. 348.25(3): the hours
    sentence, not the forms and electronic applications); a short one stays whole."""
    from reasoner.explain.argument import _relied_on
    from reasoner.law.index import default_index
    text = default_index().get("348.25(3)").text
    hours = ("The department may limit use of the highways under any permit issued to specified hours of the day "
             "or days of the week.")
    assert "prescribe forms" in text and hours in " ".join(text.split())
    quoted = _relied_on({"statute": text, "sentences": [hours]})
    assert quoted == f"(3) … {hours} …"
    assert "prescribe forms" not in quoted and "electronic" not in quoted
    short = default_index().get("348.25(2)(b)").text   # two sentences: whole
    assert _relied_on({"statute": short, "sentences": ["This paragraph does not apply if any other conditions "
                                                       "of an overweight permit are violated."]}) == short
    assert _relied_on({"statute": text, "sentences": ["Words not in it at all."]}) == text


def _handout(case: str, query: str) -> tuple:
    from reasoner.render.handout import build_handout
    from reasoner.render.markdown import render_markdown
    from reasoner.apps.related import related_answers
    q = Question.of(str(ROOT / "facts" / case), query)
    answer = q.answer()
    handout = build_handout(answer, None, program=q.law.program, ids=False)
    handout.related = related_answers(q, answer)
    return answer, render_markdown(handout)


@pytest.fixture(scope="module")
def tandem():
    return _handout("ch348_tandem_axle_not_reloaded.yaml", "forfeiture")


def test_worked_out_value_said_once(tandem):
    """05: element 1 printed the excess twice ('... is 1,500 lb — met', then '... is 1,500 lb, which is at
    most 2,000 lb — met'): once, with the comparison."""
    answer, md = tandem
    assert answer.answer == "true"
    argument = md.split("## The argument", 1)[1].split("## Our readings", 1)[0]
    # (fees14: the excess s. 348.21(2)(b) measures is over the weight limitation taking any permit into account)
    line = "exceeds the weight limitation applicable to it (taking any permit into account) is 1,500 lb"
    assert argument.count(line + ", which is at most 2,000 lb — **met**") == 1
    assert argument.count(line + " — **met**") == 0
    assert "$50.00 (s. 348.21(2)(b))" in md.split("**Answer.**", 1)[1].split("\n", 1)[0]
    assert "s. 348.21(3)(b)1" not in argument   # the penalty of sub. (3) is not cited: (2)(b) decides


def test_may_proceed_reading_said(tandem):
    """05: 'may proceed' said under s. 348.21(2)(b) as prevailing over s. 348.19(2)(a), our reading, and
    declining to reload is no s. 348.19(3) refusal."""
    _, md = tandem
    also = md.split("## Also decided on the same facts", 1)[1].split("\n## ", 1)[0]
    assert "may proceed (s. 348.21(2)(b):" in also
    # the reading said short where used (pages16: its whole text is in 'Our readings', once)
    assert "our reading: s. 348.21(2)(b) prevails over the duty of s. 348.19(2)(a) not to proceed until reloaded or unloaded" in also
    assert "declining to reload under it is no refusal under s. 348.19(3)" in also
    assert "violated the duty in s. 348.19(3)" not in md   # no refusal found


def test_livestock_proceed_excuses_only_reloading():
    """07: being let proceed under s. 348.19(2)(b) is no pardon: the overweight remains a s. 348.21(3)
    matter (old: not said)."""
    answer, md = _handout("ch348_cattle_near_home.yaml", "may_proceed")
    assert answer.answer == "true"
    box = md.split("**Answer.**", 1)[1].split("\n", 1)[0].strip()
    assert box.startswith("The operator of the cattle trailer may proceed (s. 348.19(2)(b) applies to the cattle trailer: ")
    assert ("without reloading or unloading; this excuses only the reloading or unloading, and the overweight "
            "remains a violation penalized under s. 348.21(3))") in box
    assert "may not proceed" not in box
