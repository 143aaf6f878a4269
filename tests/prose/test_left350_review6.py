"""Trainer review 6, what the ch. 350 list left: a 'which charges' question answered 'None' says the
condition that fails first (04); ..."""
from pathlib import Path

from reasoner.answer.answering import ask

FACTS = Path(__file__).resolve().parents[2] / "facts"


def test_none_answer_says_the_failed_condition_first():
    ans = ask(str(FACTS / "ch350_charges_different_incidents.yaml"), "joinder")
    assert ans.answer == "false"
    line = ans.argument.short
    # the same-incident condition is our reading, said where it decides (pages16, trainer review 15, 10)
    assert line.startswith("None: count 1 and count 2 arise out of different incidents or occurrences "
                           "(our reading: par. (d) joins only charges from one incident or occurrence, and read "
                           "otherwise it would join them) (s. 350.101(1)(d)), so "), line
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
            # no one liable: only where nothing was found (a ride cleared on our reading says which reading)
            assert row.get("imposed_on", "x") != "" or (
                row["established"] and all(e.startswith("no violation") for e in row["established"])
                and not row["open"]), (case, row)
    table = ask(str(FACTS.parent / "tests" / "fixtures" / "ch350_county_k_night_rides.yaml"), "violations").argument.table
    first = [r for r in table if r["entity"] == "ride_a"]
    # the owner's s. 350.08 is not raised by the case (nothing suggests a prohibited operator): no row of
    # its own, said once in the answer (trainer review 10, change 4)
    assert [r.get("imposed_on") for r in first] == ["p1"]
    assert first[0]["established"] == ["violated s. 350.10(1)(g)", "no violation of s. 350.09(1)"]
    # a ride with nothing open once s. 350.08 is not raised: its rulings out only, nobody liable
    assert all(r.get("imposed_on") or (r["established"] and not r["open"]
                                       and all(e.startswith("no violation") for e in r["established"]))
               for r in table)


def test_the_facts_an_exception_fails_on_are_in_the_facts_box():
    """Review 6, 03: a fact that decides an exception's failure, said in 'Also checked, none
    applies', is among the facts the argument uses (the facts box), with its case file line."""
    arg = ask(str(FACTS / "ch350_state_trunk_roadway.yaml"), "violations").argument
    used = [t for t, _ in arg.facts]
    for fact in ("the ride was not part of a special snowmobile event",
                 "the ride was not for emergency purposes",
                 "the ride was not carried out to fulfil the corporate function of a public utility"):
        assert fact in used, used
    assert [p.citation for p in arg.provisions] == ["350.02(4)"]
    # a lawful case whose many checked provisions are cited only keeps its box to the argument's facts
    lawful = ask(str(FACTS / "ch350_village_event.yaml"), "lawful").argument
    assert not any("alcohol" in t for t, _ in lawful.facts)


def test_a_condition_checked_is_said_with_the_stated_value_it_was_checked_on():
    from reasoner.explain.argument import Element
    from reasoner.prose.argument import others_line
    e = Element("state trunk roadways are not among those s. 350.02(2)(a)4 allows for special events", "false",
                citation="350.02(2)(a)4",
                parts=[Element("the ride took place on a highway or within a highway right-of-way", "true", loc="f:12"),
                       Element("the highway on or along which the ride took place is a state trunk highway", "true",
                               loc="f:43")])
    assert others_line([e], "md") == (
        "Also checked, none applies: the highway on or along which the ride took place is a state trunk highway, "
        "and state trunk roadways are not among those s. 350.02(2)(a)4 allows for special events (s. 350.02(2)(a)4).")


def test_readings_that_cannot_bear_on_the_case_are_not_listed():
    """Review 6, 01: the manufacturer duties of s. 350.09 (a section the argument does not show),
    the one-week notice read for a festival that is no race or derby, and the same condition read
    twice are not listed; the readings the argument rests on stay."""
    arg = ask(str(FACTS / "ch350_village_event.yaml"), "lawful").argument
    readings = [r if isinstance(r, str) else str(r) for r in arg.readings]
    text = " ".join(readings)
    assert "manufacturer" not in text
    assert "6 days is not" not in text
    assert sum("authorized under s. 350.04" in r for r in readings) == 1
    assert any(r.startswith("An operation is lawful when it violates no provision") for r in readings)
    assert any("The exceptions provided in this section are those in the excerpt" in r for r in readings)
