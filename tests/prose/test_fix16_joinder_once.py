"""The joinder of two counts under s. 350.101(1)(d) is argued once: the row of count 1 in the table of
charges does not argue the block again under its own heading (explain/argument.py `_same_argument`)."""
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.render.argtext import render_argument

FACTS = Path(__file__).resolve().parents[2] / "facts"


def test_the_joinder_of_two_counts_from_different_rides_is_argued_once():
    arg = ask(str(FACTS / "ch350_charges_different_incidents.yaml"), "joinder").argument
    assert arg.answer == "false"
    assert [(p.citation, p.case) for p in arg.provisions] == [("350.101(1)(d)", "")]
    assert arg.provisions[0].conclusion == ("the facts stated do not show that the offenses charged in count 1 "
                                           "and count 2 shall be joined")
    text = " ".join(render_argument(arg).split())
    assert text.count("s. 350.101(1)(d) (Wis. Stat. ch. 350, excerpt)") == 1
    assert text.count("count 1 and count 2 arise out of the same incident or occurrence — not met") == 1
    # a joinder is no violation, and count 1's row is not a party of its own
    assert "No violation of s. 350.101(1)(d)" not in text
    assert "count 1: the facts stated" not in text
    assert "350.101(1)(a)" not in [p.citation for p in arg.provisions]
