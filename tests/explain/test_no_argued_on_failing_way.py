"""A "no" is argued on the element that fails each way, with its numbers: never a search tree of
nested ways ('under s. 348.21(2)(a) — not met / under s. 348.21(2)(a) — not met / ... another way
under s. 348.21(2)(a) — not met'), which pushed the s. 348.19(1)(b) estimate past the nesting limit
so its arithmetic went unsaid (trainer review 7, 06)."""
from pathlib import Path

import reasoner
from reasoner.explain.argument import build_argument

ROOT = Path(__file__).resolve().parents[2]


def _tree(elements, depth=0):
    for e in elements:
        yield depth, e
        yield from _tree(e.parts, depth + 1)
        for x in e.exceptions:
            yield from _tree(x.reasons, depth + 2)


def test_pulpwood_no_is_flat_with_its_arithmetic():
    answer = reasoner.ask(str(ROOT / "facts/ch348_pulpwood_distant_scale.yaml"), "duty_forfeiture")
    assert answer.answer == "false"
    arg = build_argument(answer)
    (p,) = arg.provisions
    assert p.citation == "348.21(2)(a)" and p.outcome == "false"
    top = [e.text for e in p.elements]
    # one level of ways, each failing on its own element; never a way inside a way, nor 'another way'
    assert not any(t.startswith("another way") for t in top), top
    assert top.count("under s. 348.19(3)") == 1, top
    assert not any(x.text.startswith("under s. 348.21") for _, x in _tree(p.elements)), top
    scale = next(e for e in p.elements if e.text == "under s. 348.19(3)")
    assert [x.status for x in scale.exceptions] == ["applies"] and scale.exceptions[0].citation == "348.19(1)(b)"
    # the estimate shown with its numbers: 40 x 8 x 150 = 48,000; + 30,000 = 78,000, at most 80,000
    said = " | ".join(x.text for _, x in _tree(p.elements))
    assert "78,000 lb, which is at most 80,000 lb" in said, said
    assert "Figure 348.19(1)(b) (not in the excerpt) is 150 lb" in said
    assert "from the case: those sections are not in the excerpt) is 80,000 lb" in said
    assert p.arithmetic and "40 feet × 8 feet × 150 lb per square foot = 48,000 lb" in p.arithmetic[0]
    assert "48,000 lb + 30,000 lb = 78,000 lb" in p.arithmetic[1]
    text = answer.argument_text()
    assert "another way under" not in text and "It follows if any one of these holds:\n    - under s. 348.21" not in text


def test_gravel_truck_within_limit_is_no_forfeiture_not_no_violation_of_a_penalty_section():
    answer = reasoner.ask(str(ROOT / "facts/ch348_weigh_station_one_within.yaml"), "forfeiture")
    arg = build_argument(answer)
    gravel = [p for p in arg.provisions if p.outcome == "false" and "79,900 lb" in p.conclusion]
    assert len(gravel) == 1 and gravel[0].citation.startswith("348.21")
    assert gravel[0].conclusion == (
        "No forfeiture under s. 348.21: the weight found for the gravel truck on weighing (gross weight, or the "
        "load on the wheel, axle or axle group in question) is 79,900 lb, which is at most 80,000 lb")
    assert "No violation of s. 348.21" not in answer.argument_text()
    # the milk tanker's forfeiture still argued, against the holder of the authority
    assert any(p.outcome == "true" and "milk tanker" in p.conclusion for p in arg.provisions)


def test_the_penalty_paragraph_is_no_circular_element():
    """'the forfeiture for the violation by the truck is fixed by s. 348.21(3)(b)1 — met' stated the
    conclusion as element 1 (review 7, 07): the step says why the paragraph applies."""
    answer = reasoner.ask(str(ROOT / "facts/ch348_report_axle_overweight.yaml"), "forfeiture")
    assert answer.answer == "true"
    text = answer.argument_text()
    assert "is fixed by s. 348.21" not in text
    (p,) = [p for p in build_argument(answer).provisions if p.citation == "348.21(3)(b)1"]
    first = p.elements[0]
    assert first.text == ("by its total excess and the prior convictions counted, the violation by the truck "
                          "falls under s. 348.21(3)(b)1") and first.status == "true"
    said = [x.text for x in first.parts]
    # with the reading of the missing lead-in of par. (b) at the line (trainer review 10, 11)
    assert ("the total excess load of the truck is 1,500 lb, which is more than 1,000 lb (our reading: "
            "s. 348.21(3)(b) read as covering an excess over 1,000 lb, the complement of par. (a), as the "
            "excerpt lacks its lead-in)") in said, said
