"""box17 (trainer review 12, G2; issue 46): the facts box holds every fact the argument uses, and only
those: the stated facts every argued element reads (each charge and verdict a conviction count reads,
not a party's age it never uses), the fact an open answer turns on marked 'not stated', the
assumptions; its lead says in plain words what the marks are; it comes after the answer in every
handout, one party or several; one word ('assumed') for a fact the case is silent on, in the box and
in the argument."""
from pathlib import Path

import pytest

from reasoner.apps.export import export_files

ROOT = Path(__file__).resolve().parents[2]


def _md(path: str, query: str) -> str:
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.core.settings import current
    q = Question.of(str(ROOT / path), query, default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q, with_whatif=False)
    return text


def _box(md: str) -> tuple:
    """(the lead, [the box's lines]) of a markdown handout."""
    lines = md.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("**The facts the argument uses.**"))
    end = next(i for i, x in enumerate(lines) if i > start and x.startswith(("## ", "**", "*")) and not x.startswith("- "))
    return lines[start][len("**The facts the argument uses.** "):], [x for x in lines[start + 1:end] if x.startswith("- ")]


def _in_order(md: str) -> None:
    """The question, the answer, the facts box, the argument: one order in every handout."""
    assert md.index("**Question.**") < md.index("**Answer.**") < md.index("**The facts the argument uses.**") \
        < md.index("## The argument")


def test_a_named_single_party_case_box_after_the_answer_with_a_plain_lead():
    md = _md("facts/ch348_gravel_truck_repeat_offense.yaml", "forfeiture")
    _in_order(md)
    lead, box = _box(md)
    # with the scenario printed above: its words are not read (trainer review 16, 08)
    assert lead == ("Stated in the case, unless marked assumed or taken as none. The scenario's words above are "
                    "not read, only the case's facts: one they leave out is assumed or taken as none even where "
                    "the scenario speaks of it.")
    assert "- the dump truck was not operated under a permit — *taken as none — the case's facts list no permit*" in box
    assert "- the weight found for the dump truck on weighing (gross weight, or the load on the wheel, axle or " \
           "axle group in question) is 58,200 lb — *stated*" in box
    assert "- the maximum weight applicable to the dump truck (same gross, wheel, axle or axle group) under " \
           "s. 348.15, 348.16 or 348.17 or a posted limit or declaration, not counting any permit (from the case: " \
           "those sections are not in the excerpt) is 54,000 lb — *stated*" in box
    assert any(x.startswith("- the number of months from the earlier conviction") and "*stated; assumed: this case's "
               "conviction is entered within 5 months of the weighing*" in x for x in box), box
    assert "Each is stated in the case file" not in md and "not yet reached" not in md
    assert len(box) == len(set(box))


def test_an_unnamed_several_party_case_keeps_every_noted_fact_in_the_box_once():
    md = _md("tests/fixtures/unnamed_leased_rig.yaml", "forfeiture")
    _in_order(md)
    assert md.index("| the first vehicle |") < md.index("**Answer.**")
    lead, box = _box(md)
    # with the scenario printed above: its words are not read (trainer review 16, 08)
    assert lead == ("Stated in the case, unless marked assumed or taken as none. The scenario's words above are "
                    "not read, only the case's facts: one they leave out is assumed or taken as none even where "
                    "the scenario speaks of it.")
    assert "- the first vehicle was not operated under a permit — *taken as none — the case's facts list no permit*" in box
    assert "own stated facts are in one line" not in md and "that need a note" not in md
    assert md.count("the first vehicle was not operated under a permit — *taken as none") == 1   # in the box only
    assert len(box) == len(set(box))


def test_a_conviction_count_box_holds_each_charge_and_verdict_and_the_open_one_not_the_unused_ages():
    md = _md("tests/fixtures/box17_two_riders_charges.yaml", "conviction_count")
    _in_order(md)
    assert md.index("| Sam Ortiz |") < md.index("**Answer.**")
    lead, box = _box(md)
    assert lead == "Stated in the case, unless marked not stated."
    assert box == [   # the charges named by their incident (joinder17): each charge and verdict, the open one
        # each verdict in its person's line, named (box17b): no tie line the party's line implies
        "- Sam Ortiz: found guilty on the ditch crash par. (a) charge; not found guilty on the ditch crash par. (b) "
        "charge; the paragraph of s. 350.101(1) under which the bar ride charge is brought is par. (b); found guilty "
        "on the bar ride charge — *stated*",
        "- Lee Ortiz: the paragraph of s. 350.101(1) under which the ride home charge is brought is par. (a) — *stated*",
        "- whether Lee Ortiz was found guilty on the ride home charge — *not stated*",
    ]
    assert not any("16 years" in x or "41 years" in x for x in box)   # the ages decide nothing here


def test_one_word_for_a_fact_the_case_is_silent_on_in_the_box_and_the_argument():
    md = _md("facts/ch348_tandem_axle_reloaded.yaml", "forfeiture")
    _in_order(md)
    lead, box = _box(md)
    # with the scenario printed above: its words are not read (trainer review 16, 08)
    assert lead == ("Stated in the case, unless marked assumed or taken as none. The scenario's words above are "
                    "not read, only the case's facts: one they leave out is assumed or taken as none even where "
                    "the scenario speaks of it.")
    assert any(x.startswith("- the kind of limit the weight found for the flatbed exceeds is a weight prescribed")
               and "— *assumed — the case's facts do not mention it* (s. 348.21(2)(b))" in x for x in box), box
    argument = md[md.index("## The argument"):]
    assert "- s. 348.21(2)(b): assumed: the kind of limit the weight found for the flatbed exceeds" in argument
    assert "presumed" not in md.lower()


@pytest.mark.parametrize("hows, lead", [
    (["stated"], "Each is stated in the case."),
    (["stated", "none"], "Stated in the case, unless marked taken as none."),
    (["stated", "timing", "none", "closed"], "Stated in the case, unless marked assumed or taken as none."),
    (["implied", "assumed", "unknown", "none"], "Stated in the case, unless marked assumed, taken as none, implied or "
                                                "not stated."),
])
def test_the_lead_names_the_marks_the_box_uses(hows, lead):
    from reasoner.prose.argument import facts_box_lead
    assert facts_box_lead(hows) == lead
