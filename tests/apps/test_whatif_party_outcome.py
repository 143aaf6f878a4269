"""What-if lines about several parties say the changed party's own outcome.

Before (trainer review, handouts 08 and 09): every what-if line that changed one party's fact ended
"it would no longer be established that Alex Berg ... violated s. 350.02(2)(b)4 ...: the answer would
then be undetermined", when by the handout's own reading that ride would then be lawful (or that
rider would no longer violate the rule); "undetermined" was the overall answer, kept open by another
party. Now the changed party's outcome comes first, then the overall answer and who keeps it so.
"""
from pathlib import Path

from reasoner.answer.answering import answer_case, with_interpretation
from reasoner.answer.question import Question
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, resolve

ROOT = Path(__file__).resolve().parents[2]


def _lines(path, query, limit=4):
    rb = default_rulebase()
    atom, saved = resolve(query)
    atom = check_atom(atom, rb.checked)
    loaded = load_case(str(path), rb.checked)
    base = with_interpretation(rb, loaded, atom, saved, answer_case(rb, loaded, atom, saved))
    result = Question.about(rb, loaded, atom, saved).whatif(base=base, max_results=limit)
    return base, result.outcomes


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
    assert "the ride on the 30-ft trail would be lawful" in line, line
    # then the overall answer, and the ride that keeps it open
    assert line.endswith("the answer would then be undetermined (the ride on the unmeasured trail).")
    assert "no longer be established" not in line
    assert "45-ft" not in line   # the lawful ride is not what keeps the answer open


def test_three_riders_the_changed_rider_would_not_have_violated():
    base, outcomes = _lines(ROOT / "tests/fixtures/night_trail_three_riders.yaml", "violations")
    assert base.answer == "true"
    line = next(o.handout_sentence for o in outcomes if "40 feet instead of 25 feet" in o.handout_sentence)
    assert ("rider_c (the operator) would not have violated s. 350.02(2)(b)4 in ride_c; "
            "the answer would then be undetermined.") in line, line
    assert "no longer be established" not in line
    assert "rider_a" not in line and "rider_b" not in line
