"""Trainer review 6, what the ch. 350 list left: a 'which charges' question answered 'None' says the
condition that fails first (04); ..."""
from pathlib import Path

from reasoner.answer.answering import ask

FACTS = Path(__file__).resolve().parents[2] / "facts"


def test_none_answer_says_the_failed_condition_first():
    ans = ask(str(FACTS / "ch350_charges_different_incidents.yaml"), "joinder")
    assert ans.answer == "false"
    line = ans.argument.short
    assert line.startswith("None: count 1 and count 2 arise out of different incidents or occurrences "
                           "(s. 350.101(1)(d)), so "), line
    assert "(checked under s. 350.101)" not in line


def test_joined_answer_is_unchanged():
    ans = ask(str(FACTS / "ch350_charges_two_people.yaml"), "joinder")
    assert not ans.argument.short.startswith("None")
