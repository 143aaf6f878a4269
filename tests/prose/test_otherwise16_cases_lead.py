"""Review 12, case 4: a vehicle a saved question with `otherwise:` says "no" for, whose other answer is
argued by cases, the `when:` predicate holding in some of them only.

tests/fixtures/otherwise16_permit_in_force_unknown.yaml: first_lowboy, 104,600 lb on a 104,000-lb
overweight permit whose being in force is not stated, violating no other condition of it; the gross
limit is 80,000 lb, no prior conviction. If the permit was in force, s. 348.25(2)(b) computes the
forfeiture on the permit weight: 600 lb over, s. 348.21(3)(a), $50 to $100. If not, it ran without a
permit in force and s. 348.21(3) applies on the excess over 80,000 lb: 24,600 lb at 15 cents (1.e) =
$3,690, $3,740 to $3,890. second_lowboy, 100,500 lb on a 100,000-lb permit in force: (2)(b) applies
whatever the facts, 500 lb over, $50 to $100.

Before, first_lowboy's lead was said unconditionally ('first_lowboy: no other condition of the permit
was violated, so s. 348.25(2)(b) applies instead: ...'), then 'Yes, whether or not first_permit was in
force (...), though what holds differs by case: if so, ...' (a 'Yes' to what forfeiture applies).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from reasoner.answer.question import Question

ROOT = Path(__file__).resolve().parent.parent.parent
CASE = ROOT / "tests" / "fixtures" / "otherwise16_permit_in_force_unknown.yaml"

IN_FORCE = "first_permit was in force (issued, not expired, suspended or revoked)"
LEAD = ("no other condition of the permit was violated, so s. 348.25(2)(b) applies instead: the excess over the "
        "weight authorized in the permit is an overweight violation whose forfeiture is calculated as provided "
        "in s. 348.21(3) to (3r).")
FIRST = (f"For first_lowboy, if {IN_FORCE}, {LEAD} What holds for first_lowboy turns on whether {IN_FORCE}: if so, "
         "the forfeiture under s. 348.21 for the weight violation of first_lowboy: not less than $50.00 nor more "
         "than $100.00 (s. 348.21(3)(a)), imposed on first_driver (the operator); to be prosecuted, where practicable, against quarry_company under s. "
         "348.20(1); if not, the forfeiture under s. 348.21 for the weight violation of first_lowboy: not less "
         "than $3,740.00 nor more than $3,890.00 (s. 348.21(3)(b)1), imposed on first_driver (the operator); to be prosecuted, where practicable, against "
         "quarry_company under s. 348.20(1).")
SECOND = (f"For second_lowboy, {LEAD} The forfeiture under s. 348.21 for the weight violation of second_lowboy: not "
          "less than $50.00 nor more than $100.00 (s. 348.21(3)(a)), imposed on second_driver (the operator); to be prosecuted, where practicable, against "
          "quarry_company under s. 348.20(1).")


@pytest.fixture(scope="module")
def asked():
    q = Question.of(str(CASE), "permit_condition_forfeiture")
    return q, q.answer()


def test_lead_said_under_its_case(asked):
    """The lead is said only where the permit was in force; the amounts case by case, never 'Yes'."""
    from reasoner.prose.answers import answer_line
    _, answer = asked
    assert answer.answer == "false"
    line = answer_line(answer)
    assert FIRST in line and SECOND in line
    assert "Yes" not in line and "whether or not" not in line
    assert "first_lowboy: no other condition" not in line   # never unconditionally
    rows = {o["entity"]: o for o in answer.otherwise}
    assert rows["first_lowboy"]["condition"] == f"if {IN_FORCE}"
    assert rows["second_lowboy"]["condition"] == ""
    assert answer.otherwise_not == []


def test_json_says_the_same(asked):
    from reasoner.render.jsonout import answer_dict
    _, answer = asked
    data = json.loads(json.dumps(answer_dict(answer), default=str))
    rows = {o["entity"]: o for o in data["otherwise"]}
    first = rows["first_lowboy"]
    assert first["condition"] == f"if {IN_FORCE}"
    assert first["lead"] == f"If {IN_FORCE}, {LEAD[:-1]}"
    assert first["sentence"] == FIRST.split(f"{LEAD} ", 1)[1]
    assert set(first["cited"]) >= {"348.21(3)(a)", "348.21(3)(b)1"}
    assert rows["second_lowboy"]["lead"] == LEAD[:1].upper() + LEAD[1:-1]
    assert rows["second_lowboy"]["condition"] == ""
    assert "348.21(3)(b)1" not in rows["second_lowboy"]["cited"]
    entity = {e["entity"]: e for e in data["entities"]}["first_lowboy"]
    assert f"If {IN_FORCE}, {LEAD} What holds for first_lowboy turns on whether" in entity["sentence"]
    assert "Yes" not in entity["sentence"]


def test_handout_heads_the_in_force_case_only(asked):
    from reasoner.render.handout import build_handout
    from reasoner.render.markdown import render_markdown
    q, answer = asked
    md = render_markdown(build_handout(answer, None, program=q.law.program, ids=False))
    named = IN_FORCE
    head = ("*first_lowboy: if " + named + ", no other condition of the permit was violated, so s. "
            "348.25(2)(b) applies instead:*")
    assert head in md
    rest = md.split(head, 1)[1]
    # the other case in the law's negative words (trainer review 12, G1: never 'if it is not so that')
    in_force, _, not_in_force = rest.partition("*if first_permit was not in force (never issued, or expired, suspended or revoked):*")
    assert not_in_force, "the case where the permit was not in force has its own heading, without the lead"
    assert "s. 348.21(3)(a)" in in_force and "$50.00 + " not in in_force
    assert "$50.00 + $3,690.00 = $3,740.00" in not_in_force.split("*second_lowboy", 1)[0]
    assert "applies instead; if" not in md and "Yes, whether or not" not in md
    assert "against quarry_company" in not_in_force
    assert "*second_lowboy: no other condition of the permit was violated, so s. 348.25(2)(b) applies instead:*" in md
