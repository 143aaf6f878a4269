"""Review 15b (3), on a fresh fixture: the one fact a permit's fee turns on (whether the boiler's
trailer exceeds height limitations, left blank on the form) is one 'not stated' line in the facts box,
however its two cases word it ('exceeds height limitations', 'does not exceed height limitations')."""
from pathlib import Path

from reasoner.apps.export import export_files
from reasoner.answer.question import Question

ROOT = Path(__file__).resolve().parents[2]
BOILER = str(ROOT / "tests/fixtures/fresh15_boiler_permit_height.yaml")


def _box(md: str) -> list:
    lines = md.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("**The facts the argument uses.**"))
    end = next(i for i, x in enumerate(lines) if i > start and x.startswith(("## ", "**", "*")) and not x.startswith("- "))
    return [x for x in lines[start + 1:end] if x.startswith("- ")]


def test_one_unknown_height_one_not_stated_line():
    q = Question.of(BOILER, "permit_fee")
    (_, md), *_ = export_files("md", q.answer(), None, question=q, with_whatif=False)
    box = _box(md)
    open_lines = [x for x in box if "not stated" in x]
    assert open_lines == ["- the vehicle or combination under the boiler permit exceeds height limitations — "
                          "*not stated; each possibility is argued below*"], box
    # the escort's stated height stays its own stated line
    assert any("escort permit does not exceed height limitations — *stated*" in x for x in box), box
    # both cases are still argued, each with its fee
    assert "$25.00 if the vehicle or combination under the boiler permit exceeds height limitations; $20.00 if not" in md


def test_the_key_joins_a_fact_and_its_negation_only():
    from reasoner.render.handout import _unknown_key
    assert _unknown_key("the trailer exceeds height limitations") == \
        _unknown_key("the trailer does not exceed height limitations")
    assert _unknown_key("whether the sled has a permit") == _unknown_key("the sled does not have a permit")
    assert _unknown_key("the trailer exceeds height limitations") != _unknown_key("the trailer exceeds width limitations")


def test_the_answer_box_keeps_what_the_other_reading_would_change():
    """Review 15b (2): the handout's answer box keeps the 'Read otherwise' sentence whole, the seller's
    violation that would no longer be established first, and never the other reading's phantom rows."""
    q = Question.of(str(ROOT / "tests/fixtures/fresh15_auction_sleds.yaml"), "equipment_duties")
    (_, md), *_ = export_files("md", q.answer(), None, question=q, with_whatif=False)
    box = next(x for x in md.splitlines() if x.startswith("**Answer.**"))
    assert ("This answer turns on the reading of “shall be so constructed as to limit total vehicle noise” "
            "(s. 350.09(7)). Read otherwise (the noise measured shows how a snowmobile was constructed only if it "
            "was not modified to amplify its noise), it would be no longer established that the owner violated "
            "s. 350.09(7); no longer open whether an unnamed person violated s. 350.09(7).") in box, box
    assert "possibly s. 350.09(5)" not in md and "possibly s. 350.09(6)" not in md
