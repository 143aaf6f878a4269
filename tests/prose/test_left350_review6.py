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


def test_no_row_of_a_violations_table_says_no_one_is_liable():
    """Review 6, 09: 'Who is liable: no one' rows. An operation's rulings out go on the row of the
    person found liable in it; an operation with no one found liable and something open reads 'not
    established'."""
    for case in ("ch350_three_night_rides.yaml", "ch350_owner_lends_three_times.yaml",
                 "ch350_report_youth_alone.yaml"):
        table = ask(str(FACTS / case), "violations").argument.table
        for row in table:
            assert row.get("imposed_on", "x") != "" or row["established"] == ["no violation found"], (case, row)
    table = ask(str(FACTS.parent / "tests" / "fixtures" / "ch350_county_k_night_rides.yaml"), "violations").argument.table
    first = [r for r in table if r["entity"] == "ride_a"]
    assert [r.get("imposed_on") for r in first] == ["p1", "the owner or person in charge or control"]
    assert first[0]["established"] == ["violated s. 350.10(1)(g)", "no violation of s. 350.09(1)"]
    assert all(r.get("imposed_on") for r in table)
