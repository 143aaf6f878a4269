"""What-if lines about several parties say the changed party's own outcome.

Before (trainer review, handouts 08 and 09): every what-if line that changed one party's fact ended
"it would no longer be established that Alex Berg ... violated s. 350.02(2)(b)4 ...: the answer would
then be undetermined", when by the handout's own reading that ride would then be lawful (or that
rider would no longer violate the rule); "undetermined" was the overall answer, kept open by another
party. Now the line gives the changed party's own result (the violation it clears) and says the whole
answer only where the change decides it (review 3: "the answer would then be undetermined" still misled).
"""
from pathlib import Path

from reasoner.answer.question import Question

ROOT = Path(__file__).resolve().parents[2]


def _lines(path, query, limit=4):
    """The answer and its what-if, asked through the one door (Question.of)."""
    q = Question.of(str(path), query)
    base = q.answer()
    return base, q.whatif(base=base, max_results=limit).outcomes


def test_three_rides_the_changed_ride_would_be_lawful():
    base, outcomes = _lines(ROOT / "facts/ch350_three_night_rides.yaml", "lawful")
    assert base.answer == "false"
    distance = [o for o in outcomes if "40 feet instead of 30 feet" in o.handout_sentence]
    assert distance, [o.handout_sentence for o in outcomes]
    line = distance[0].handout_sentence
    assert distance[0].answer.answer == "undetermined"
    # the 30-ft ride's own outcome first: lawful, as its row in the changed answer says
    own = {r["entity"]: r["answer"] for r in distance[0].answer.each}
    assert own["op2"] == "true" and own["op3"] == "undetermined"
    # the ride's own result and the violation it clears; not the whole answer's "undetermined",
    # which the unmeasured ride keeps open (trainer review 3, handout 08)
    assert line.endswith("the ride on the 30-ft trail would then be lawful (no violation of s. 350.02(2)(b)4)."), line
    assert "undetermined" not in line and "unmeasured" not in line
    assert "no longer be established" not in line
    assert "45-ft" not in line   # the lawful ride is not what keeps the answer open


def test_three_riders_the_changed_rider_would_not_have_violated():
    base, outcomes = _lines(ROOT / "tests/fixtures/night_trail_three_riders.yaml", "violations")
    assert base.answer == "true"
    line = next(o.handout_sentence for o in outcomes if "40 feet instead of 25 feet" in o.handout_sentence)
    # the rider's own result, not the whole answer's "undetermined" (trainer review 3, handout 09)
    assert line.endswith("rider_c (the operator) would not have violated s. 350.02(2)(b)4 in ride_c."), line
    assert "undetermined" not in line
    assert "no longer be established" not in line
    assert "rider_a" not in line and "rider_b" not in line


def test_scale_direction_the_livestock_trailer_driven_to_the_scale():
    """Handout 12: 'If the operator of the second vehicle had driven ... to the scale as directed ...
    the answer would then be undetermined' (the grain truck keeps the whole answer open). Now that
    truck's own result — and, since the grain truck is no longer held open by s. 348.17(2) (a
    presumption: the case raises no violation of it), the whole answer is decided: no forfeiture."""
    base, outcomes = _lines(ROOT / "tests/fixtures/scale_direction_two_trucks.yaml", "duty_forfeiture")
    line = next(o.handout_sentence for o in outcomes if "had driven stock_trailer to the scale as directed" in o.handout_sentence)
    assert line.endswith("no forfeiture under ss. 348.19 and 348.21 follows from the facts for any vehicle."), line
    assert "undetermined" not in line and "grain_truck" not in line


def test_the_lead_agrees_with_lines_that_give_a_party_s_result():
    """The lead said 'Changes of one fact each would leave the answer undecided' (handouts 09, 12)
    and '...; the answer would stay unlawful' (08) over lines that each give one party's result."""
    for path, query, want in ((ROOT / "tests/fixtures/night_trail_three_riders.yaml", "violations",
                               "Changes of one fact each would clear one party of the violation found."),
                              (ROOT / "facts/ch350_three_night_rides.yaml", "lawful",
                               "Changes of one fact each would make one operation lawful.")):
        q = Question.of(str(path), query)
        result = q.whatif(base=q.answer())
        lead = result.lead(shown=3)
        assert want in lead, lead
        assert "undecided" not in lead and "would stay" not in lead, lead
        listed = result.nearest(3, settled_first=True)
        # the change that only takes a ride off the roadway's edge is not listed for a trainee
        assert not any("adjacent to the roadway" in o.handout_sentence for o in listed)
