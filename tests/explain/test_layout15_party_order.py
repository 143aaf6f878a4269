"""Trainer review 11, G7: an argument about several parties runs in the order of the table of
parties, every party's part under a heading naming it (the first party's too), and a what-if says
only the party whose result it changes, the others' results said to stay -- not every party's
result again."""
from pathlib import Path

import pytest

from reasoner.answer.answering import ask
from reasoner.prose import argument as words

ROOT = Path(__file__).resolve().parents[2]


def _first_of_each(arg):
    """The party each provision's heading names, for the provisions a heading opens."""
    names = [r["entity"] for r in arg.table]
    out = []
    for p in arg.provisions:
        for n in sorted(names, key=len, reverse=True):
            if p.case.lower().startswith(n.lower() + ":") or p.case == n:
                out.append((n, p))
                break
    return out


@pytest.fixture(scope="module")
def permits():
    return ask(str(ROOT / "facts/ch348_permit_fees_mixed.yaml"), "permit_fee").argument


def test_the_parties_are_argued_in_the_order_of_the_table(permits):
    table = [words.table_cells(r, permits.table)[0] for r in permits.table]
    assert table == ["the single-trip wide-and-heavy permit", "the annual long-and-heavy permit",
                     "the annual 88,000-lb permit", "the single-trip oversize permit"]
    headed = [n for n, _ in _first_of_each(permits)]
    argued = [n for n in table if n in headed]
    assert headed == argued, headed   # the table's order, each party once
    assert headed[0] == "the single-trip wide-and-heavy permit"
    assert headed[-1] == "the single-trip oversize permit"


def test_the_first_party_has_its_heading_with_its_result(permits):
    first = permits.provisions[0]
    assert first.case == "The single-trip wide-and-heavy permit: $65.00 (s. 348.25(8)(a))"   # capitalised (fees14)
    assert first.citation == "348.25(8)(a)"
    assert first.conclusion == "the fee for the single-trip wide-and-heavy permit is $65.00"
    # the annual permit's own paragraph, (8)(b), not (8)(a); and not headed as differing from itself
    annual = next(p for p in permits.provisions if "annual long-and-heavy" in p.conclusion)
    assert annual.citation == "348.25(8)(b)"
    assert annual.case.lower().startswith("the annual long-and-heavy permit: ")
    # a later party under the same words is compared with the one argued before it in the table
    oversize = next(p for p in permits.provisions if "single-trip oversize" in p.conclusion)
    assert "only what differs from the single-trip wide-and-heavy permit" in oversize.case
    assert "only what differs from the single-trip oversize permit" not in " ".join(p.case for p in permits.provisions)


def test_a_party_with_a_row_per_person_is_headed_by_its_name_alone():
    # the first ride binds Quinn Adler (s. 350.08) and Chris Meyer (s. 350.101): no one person's result
    arg = ask(str(ROOT / "facts/ch350_owner_lends_three_times.yaml"), "violations").argument
    assert arg.provisions[0].case == "The first ride"   # a heading opens with a capital (fees14)
    assert arg.provisions[0].citation == "350.08"
    heads = [p.case for p in arg.provisions if p.case]
    assert heads.index("The first ride") < heads.index(
        "The second ride: the facts stated do not show that the second ride violated any provision")
    assert "The third ride: the same reasoning as for the first ride" in heads


def test_a_what_if_says_only_the_party_it_changes():
    from reasoner.answer.answering import Question
    q = Question.of(str(ROOT / "tests/fixtures/layout15_three_rides_one_too_near.yaml"), "lawful")
    base = q.answer()
    assert [(r["entity"], r["answer"]) for r in base.each] == [("op1", "true"), ("op2", "false"), ("op3", "true")]
    result = q.whatif(base=base)
    line = next(o.handout_sentence for o in result.nearest(3, settled_first=True)
                if "40 feet instead of 30 feet" in o.handout_sentence)
    assert line == ("If the distance between the snowmobile trail used in the ride on the 30-ft trail and the "
                    "roadway had been 40 feet instead of 30 feet, the answer would then be: the ride on the 30-ft "
                    "trail violated no provision of the ch. 350 excerpt; "
                    "the others' results stay as they are."), line
    assert "45-ft" not in line and "50-ft" not in line
