"""Review 15 (3) and 15b (2), on fresh fixtures.

A truck waved to the scale that drove on was never weighed: s. 348.19(2) neither lets it proceed nor
holds it back. may_proceed's "no" for it says that it has no leave to proceed because it was not
weighed (never 'may not proceed', a hold order beside must_reload's 'not held back'), its refusal
under s. 348.19(3) answered with it; the livestock allowance's words give livestock to no vehicle.

A reading compared with another: the other reading's rows are the rows the question asked under that
reading has (the sled maker the case does not name, never 'possibly the farmer violated (5)')."""
from pathlib import Path

from reasoner.answer.question import Question
from reasoner.core.settings import current, use
from reasoner.prose.answers import answer_line

ROOT = Path(__file__).resolve().parents[2]
MULCH = str(ROOT / "tests/fixtures/fresh15_mulch_truck_past_scale.yaml")
SLEDS = str(ROOT / "tests/fixtures/fresh15_auction_sleds.yaml")


def _row(answer, entity):
    """The entity's entry as the JSON gives it: its answer and its own sentence."""
    from reasoner.render.jsonout import entities_data
    return next(r for r in entities_data(answer) if r["entity"] == entity)


def test_an_unweighed_truck_has_no_leave_to_proceed_because_it_was_not_weighed_never_a_hold():
    answer = Question.of(MULCH, "may_proceed").answer()
    assert answer.answer == "false"
    mulch = _row(answer, "mulch_truck")
    assert mulch["answer"] == "false"
    assert mulch["sentence"].startswith(
        "No: neither s. 348.19(2) nor s. 348.21(2)(b) gives the operator of mulch_truck leave to proceed, because "
        "mulch_truck and its load were not weighed by a traffic officer. S. 348.19(3) reaches its operator: ")
    assert "may not proceed" not in mulch["sentence"]
    # the others as before: the grain truck within its limit, the calf hauler under the livestock allowance
    assert _row(answer, "grain_truck")["answer"] == "true"
    calf = _row(answer, "calf_hauler")
    assert calf["answer"] == "true" and "s. 348.19(2)(b)" in calf["sentence"]
    assert "s. 348.19(2)(b) applies to calf_hauler" in calf["sentence"]


def test_the_refusal_under_sub_3_is_answered_with_the_unweighed_truck_only():
    answer = Question.of(MULCH, "may_proceed").answer()
    assert [o["entity"] for o in answer.otherwise] == ["mulch_truck"]
    (o,) = answer.otherwise
    assert o["query"] == "duty_forfeiture" and o["answer"].answer == "true"
    line = answer_line(answer)
    assert ("For mulch_truck, s. 348.19(3) reaches its operator: a failure or refusal to stop and submit to a "
            "weighing, to drive to a scale or to reload as directed is a violation of that subsection.") in line
    assert ("The forfeiture for the violation of s. 348.19(3) concerning mulch_truck: not less than $50.00 "
            "nor more than $100.00 (s. 348.21(2)(a)), imposed on mulch_driver (the operator).") in line
    assert "grain_driver" not in line and "calf_driver" not in line


def test_must_reload_says_the_same_truck_is_not_held_back_for_the_same_reason():
    answer = Question.of(MULCH, "must_reload").answer()
    mulch = _row(answer, "mulch_truck")
    assert mulch["sentence"] == ("No: the operator of mulch_truck is not held back by s. 348.19(2)(a) until the load "
                                 "is reloaded or unloaded to comply, because mulch_truck and its load were not "
                                 "weighed by a traffic officer.")
    # a no on a comparison (within the limit) names no fact it fails on
    assert "because" not in _row(answer, "grain_truck")["sentence"]


def test_the_argument_of_the_unweighed_truck_gives_it_no_livestock():
    import json
    q = Question.of(MULCH, "may_proceed(mulch_truck)")
    answer = q.answer()
    text = json.dumps([n for _, n in answer.proof.nodes(data=True)], default=str)
    assert "mulch_truck, carrying livestock" not in text
    assert "s. 348.19(2)(b) applies to mulch_truck" in text   # its permission, said as not met


def _turns(answer):
    (t,) = answer.interpretation["turns_on"]
    return t


def test_the_other_reading_is_compared_on_the_rows_its_own_answer_has():
    mine = Question.of(SLEDS, "equipment_duties").answer()
    t = _turns(mine)
    assert t["qualified"] == "noise_as_constructed.unmodified_only"
    with use(current().replace(readings=("noise_as_constructed.unmodified_only",))):
        theirs = Question.of(SLEDS, "equipment_duties").answer(interpretation=False)
    key = sorted(repr(sorted(b.items())) for b in theirs.bindings)
    assert sorted(repr(sorted(b.items())) for b in t["bindings"]) == key
    said = [s["text"] for s in t["said"]]
    for who in ("farmer", "owner"):
        assert not any(s.startswith(f"{who} violated") for s in said), said
    assert "speed_shop violated s. 350.09(5)" not in said and "speed_shop violated s. 350.09(6)" not in said
    assert "speed_shop violated s. 350.09(7)" in said and "auctioneer violated s. 350.09(6)" in said
    assert t["changed"] == [
        {"text": "owner violated s. 350.09(7)", "now": "true", "then": "absent"},
        {"text": "an unnamed person violated s. 350.09(7)", "now": "undetermined", "then": "absent"}]


def test_the_answer_says_the_sellers_violation_would_no_longer_be_established():
    line = answer_line(Question.of(SLEDS, "equipment_duties").answer())
    assert ("Read otherwise (the noise measured shows how a snowmobile was constructed only if it was not "
            "modified to amplify its noise), it would be no longer established that owner violated s. 350.09(7); "
            "no longer open whether an unnamed person violated s. 350.09(7).") in line
    assert "more such changes" not in line
