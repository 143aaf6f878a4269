"""A saved question's `otherwise:` (queries/permit_condition_forfeiture.yaml) per subject, at the
Question stage: a vehicle whose answer is "no" while another's is "yes" keeps what the law applies to
it instead (s. 348.25(2)(b): the s. 348.21(3) forfeiture on the excess over the permit weight),
in ask's text and JSON, the handout and batch alike; where `when:` does not hold for a vehicle (one
within its permit), nothing is added and its row stays "no".

tests/fixtures/three_cranes_permit_conditions.yaml, amounts worked out from s. 348.21(3)(b) 1:
- the night crane: 104,000 lb on a 110,000-lb permit, moving at 21:30 outside 06:00-18:00: a
  condition violated, so penalized as without a permit (s. 348.25(2)(a)): excess 24,000 lb over
  80,000 at 15 cents (1.e) = $3,600; $3,650.00 to $3,800.00;
- the yard crane: 92,500 lb on a 90,000-lb permit, within its hours: no permit-condition forfeiture;
  s. 348.25(2)(b): excess 2,500 lb over the permit weight at 3 cents (1.b) = $75; $125.00 to
  $275.00, against River Hoist Company (s. 348.20(1));
- the bridge crane: 96,000 lb on a 100,000-lb permit, within its hours: exempt, no forfeiture at all.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from reasoner.answer.question import Question

ROOT = Path(__file__).resolve().parent.parent.parent
CRANES = ROOT / "tests" / "fixtures" / "three_cranes_permit_conditions.yaml"
QUERY = "permit_condition_forfeiture"
YARD_CELL = ("no permit-condition forfeiture; s. 348.25(2)(b) applies instead: $125.00 to $275.00 "
             "under s. 348.21(3)(b)1")


@pytest.fixture(scope="module")
def cranes():
    q = Question.of(str(CRANES), QUERY)
    return q, q.answer()


def _rows(text: str) -> dict[str, str]:
    """The text view's table of parties: party -> 'liable / result', each on one line."""
    flat = re.sub(r"\n  (?![ -])", " ", text)
    return {m.group(1): m.group(2) for m in re.finditer(r"^  - (the \w+ crane): (.*)$", flat, re.M)}


def test_text_each_vehicle_its_own_row(cranes):
    _, answer = cranes
    assert answer.answer == "true"   # the night crane's permit-condition forfeiture
    text = answer.argument_text(width=200)
    rows = _rows(text)
    assert rows["the yard crane"] == f"the operator (s. 348.21(3)) and, where practicable, River Hoist Company (s. 348.20(1)) / {YARD_CELL}"
    # a permit condition broken: its operator (s. 348.25(2)(a)) beside the carrier (trainer review 15, 12)
    assert rows["the night crane"].startswith("the operator (s. 348.25(2)(a)) and, where "
                                              "practicable, North Lift Cranes (s. 348.20(1)) / $3,650.00 to $3,800.00 "
                                              "(s. 348.25(2)(a))")
    assert "348.25(2)(b)" not in rows["the night crane"] and "applies instead" not in rows["the night crane"]
    assert rows["the bridge crane"] == ("no one / No permit-condition forfeiture under s. 348.25 follows from "
                                        "the facts for the bridge crane")
    answer_box = text.split("Answer: ", 1)[1].split("\nVehicle:", 1)[0].replace("\n  ", " ")
    assert "s. 348.25(2)(b) applies instead" in answer_box
    assert ("The forfeiture under s. 348.21 for the weight violation of the yard crane: not less than $125.00 "
            "nor more than $275.00 (s. 348.21(3)(b)1), imposed on the operator of the yard crane, not named in the "
            "case; to be prosecuted, where practicable, against River Hoist Company under s. 348.20(1).") in answer_box
    assert "weight violation of the bridge crane" not in answer_box   # within its permit: nothing added
    assert "weight violation of the night crane" not in answer_box   # its own answer is yes: nothing added


def test_json_otherwise_per_vehicle(cranes):
    _, answer = cranes
    data = answer.to_dict()
    assert data["answer"] == "true"
    [yard] = data["otherwise"]
    assert (yard["entity"], yard["query"]) == ("yard_crane", "forfeiture")
    assert [(r["Min"]["dollars"], r["Max"]["dollars"], r["answer"]) for r in yard["rows"]] == [("125.00", "275.00", "true")]
    assert {"348.25(2)(b)", "348.21(3)(b)1", "348.21(3)(b)1.b"} <= set(yard["cited"])
    assert not {"348.21(3)(b)1.e", "348.21(3)(b)1.c", "348.25(2)(a)"} & set(yard["cited"])
    assert "River Hoist Company" in yard["sentence"] and "$125.00" in yard["sentence"]
    entities = {e["entity"]: e for e in data["entities"]}
    assert entities["yard_crane"]["answer"] == "false"   # the question asked stays answered as asked
    assert entities["yard_crane"]["otherwise"]["entity"] == "yard_crane"
    assert "s. 348.25(2)(b) applies instead" in entities["yard_crane"]["sentence"]
    assert entities["bridge_crane"]["otherwise"] is None and entities["night_crane"]["otherwise"] is None
    assert "applies instead" not in entities["bridge_crane"]["sentence"]
    table = {r["entity"]: r for r in data["argument"]["table"]}
    assert table["the yard crane"]["established"] == [YARD_CELL]
    assert table["the yard crane"]["imposed_on"] == "the operator (s. 348.21(3)) and, where practicable, River Hoist Company (s. 348.20(1))"
    assert table["the bridge crane"]["imposed_on"] == ""
    assert "s. 348.25(2)(b) applies instead" in data["sentence"]


def test_handout_row_and_answer(cranes):
    from reasoner.render.handout import build_handout
    from reasoner.render.markdown import render_markdown
    q, answer = cranes
    md = render_markdown(build_handout(answer, None, program=q.law.program, ids=False))
    assert f"| the yard crane | the operator (s. 348.21(3)) and, where practicable, River Hoist Company (s. 348.20(1)) | {YARD_CELL} |" in md
    assert ("| the bridge crane | no one | No permit-condition forfeiture under s. 348.25 follows from the facts "
            "for the bridge crane |") in md
    box = md.split("**Answer.**", 1)[1].split("\n", 1)[0]
    assert box.count("s. 348.25(2)(b) applies instead") == 1
    # whom the forfeiture binds is the table's "Who is liable" cell (River Hoist Company, above): the
    # box refers to the table rather than say it again (pages16: the handout within its page limit)
    assert box.startswith(" As in the table above.") and "River Hoist Company" not in box


def test_one_crane_over_its_permit_weight_ask_says_it():
    """The whole answer "no": ask itself (not only the handout) goes on with s. 348.25(2)(b)."""
    answer = Question.of(str(ROOT / "facts" / "ch348_crane_over_permit_weight.yaml"), QUERY).answer()
    assert answer.answer == "false"
    text = answer.argument_text(width=300)
    box = " ".join(text.split("Answer: ", 1)[1].split("\n\n", 1)[0].split())   # one line, however it wraps
    # the crane is the case's one vehicle: said of it, never 'for any vehicle' (trainer review 7, 06 and 07)
    assert box.startswith("None: the operation of the mobile crane violated no condition of its permit; no "
                          "permit-condition forfeiture under s. 348.25 follows. "
                          "No other condition of the permit was violated, so s. 348.25(2)(b) applies instead")
    assert ("the mobile crane: not less than $225.00 nor more than $375.00 (s. 348.21(3)(b)1), imposed on the operator "
            "of the mobile crane, not named in the case; to be prosecuted, where practicable, against Badger Crane "
            "Service under s. 348.20(1).") in box
    data = answer.to_dict()
    assert [(o["entity"], o["rows"][0]["Min"]["dollars"], o["rows"][0]["Max"]["dollars"]) for o in data["otherwise"]] \
        == [("crane", "225.00", "375.00")]
    assert "348.21(3)(b)1.c" in data["otherwise"][0]["cited"] and "348.21(3)(b)1.e" not in data["otherwise"][0]["cited"]
    assert data["sentence"].count("applies instead") == 1


def test_transformer_within_weight_outside_hours_adds_nothing():
    answer = Question.of(str(ROOT / "facts" / "ch348_transformer_night_move.yaml"), QUERY).answer()
    assert answer.answer == "true" and answer.otherwise == []
    assert "applies instead" not in answer.argument.short
    assert "not less than $2,750.00 nor more than $2,900.00 (s. 348.25(2)(a))" in answer.argument.short
    assert answer.to_dict()["otherwise"] == []


def test_no_vehicle_not_applicable_adds_nothing():
    answer = Question.of(str(ROOT / "facts" / "ch348_combine_permit_two_implements.yaml"), QUERY).answer()
    assert answer.answer == "not_applicable" and answer.otherwise == []


def test_batch_row_says_it(tmp_path):
    import shutil
    from reasoner.apps.batch import read_items, run_item
    shutil.copy(CRANES, tmp_path / "cranes.yaml")
    q = Question.of(str(CRANES), QUERY)
    [item] = read_items(str(tmp_path), q.law.checked)
    result = run_item(q.law, q.atom, q.saved, item)
    assert result["answer"] == "true"
    assert [(o["entity"], o["rows"][0]["Min"]["dollars"], o["rows"][0]["Max"]["dollars"])
            for o in result["otherwise"]] == [("yard_crane", "125.00", "275.00")]


def test_said_beside_the_forfeiture_answer_it_is_not_repeated():
    """The forfeiture handout of the same cranes says the permit-condition forfeiture beside its
    answer (apps/related.py): the night crane's, never the yard crane's s. 348.21 forfeiture again."""
    from reasoner.apps.related import related_answers
    q = Question.of(str(CRANES), "forfeiture")
    [said] = [r for r in related_answers(q, q.answer(interpretation=False)) if r["query"] == QUERY]
    assert "$3,650.00" in said["short"] and "yard crane" not in said["short"]
