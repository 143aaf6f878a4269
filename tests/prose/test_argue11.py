"""argue11 (trainer review 9): the lesson elsewhere (the clerk's duty of s. 350.047), what-ifs that
are true, readings said at the element they decide."""
from pathlib import Path

from asking import export_markdown

FACTS = Path(__file__).resolve().parents[2] / "facts"


def _answer(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("**Answer.**"))


def test_the_clerks_duty_of_350_047_is_asked_and_argued():
    md = export_markdown(FACTS / "ch350_route_ordinance_not_filed.yaml", "municipal_duties")
    line = _answer(md)
    # who is bound, and the ordinance by its name, never its id
    assert "s. 350.047" in line and "clerk of the government that adopted it" in line, line
    assert "the route ordinance" in line and "ord1" not in line, line
    assert "the clerk did not immediately send a copy of the route ordinance to the department — **met**" in md
    # a class the case states: marked like every element, with its source (trainer review 16, G7;
    # review 12, G1 had it a plain statement)
    assert "the local government that adopted the route ordinance is a village — **met** (case file line" in md


def test_no_duty_failed_is_said_by_the_facts_that_meet_the_duties(tmp_path):
    # the same village's clerk sent both copies: no duty failed
    case = tmp_path / "filed.yaml"
    case.write_text((FACTS / "ch350_route_ordinance_not_filed.yaml").read_text()
                    .replace("copy_sent_to_department: false", "copy_sent_to_department: true"))
    md = export_markdown(case, "municipal_duties")
    line = _answer(md)
    # the one ordinance: the 'no' said by the facts that meet each duty (as for the case's one vehicle)
    assert line.startswith("**Answer.** No: "), line
    assert "the clerk immediately sent a copy of the route ordinance to the department" in line, line
    assert "any value" not in line and "ord1" not in line


FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def test_the_record_kept_to_day_30_is_the_nearest_what_if():
    # trainer review 9: 'No change of a single fact ... would change the answer' was false: the first
    # purchaser's record kept to day 30 (s. 348.195 (1): not less than 30 days) clears it, though the
    # second purchaser still forfeits under the same provisions
    from asking import whatif_of
    _, base, found = whatif_of(FIXTURES / "records_day_29.yaml", "records_forfeiture")
    first = found.outcomes[0]
    assert len(first.changes) == 1, first.changes
    change = first.changes[0]
    assert (change.entity, change.attribute, change.old, change.new) == ("rec_a", "discarded_on_day", 29, 30)
    assert not any(row.get("P") == "mill_a" and row.get("answer") == "true" for row in first.answer.bindings)
    assert "No change of a single fact" not in found.lead()


def test_no_change_is_said_only_when_no_single_change_was_found():
    # the sentence and the search agree: said exactly when no single change is among the outcomes
    from asking import whatif_of
    for case, query in ((FIXTURES / "records_day_29.yaml", "records_forfeiture"),
                        (FIXTURES / "two_purchasers_records.yaml", "records_forfeiture")):
        _, _, found = whatif_of(case, query, limit=10)
        singles = [o for o in found.outcomes if len(o.changes) == 1]
        assert ("No change of a single fact" in found.lead()) == (not singles), (case, found.lead())


def test_a_lawful_ride_points_to_the_clerks_duty_it_leaves_out():
    # 1(b): the lawful answer is about the rider; the village clerk's duty is answered elsewhere
    line = _answer(export_markdown(FACTS / "ch350_route_ordinance_not_filed.yaml", "lawful"))
    assert line.count("Not asked here") == 1, line
    assert "another party than the operator failed under s. 350.047 (the saved question municipal_duties " \
           "answers it)." in line, line


def test_no_pointer_where_no_other_duty_is_failed():
    line = _answer(export_markdown(FACTS / "ch350_town_route_lawful.yaml", "lawful"))
    assert "Not asked here" not in line, line


def test_an_empty_lawful_argument_argues_the_provision_its_stated_facts_engage():
    # 1(c): the ride on another's land with the owner's consent, argued as s. 350.10(1)(f) not met
    md = export_markdown(FACTS / "ch350_route_ordinance_not_filed.yaml", "lawful")
    argument = md.split("## The argument", 1)[1].split("## Our readings", 1)[0]
    assert "### s. 350.10(1)(f)" in argument
    assert "the ride took place on the private property of another — **met** (case file line 32)" in argument
    assert "**not met**, because the owner or lessee of the private property consented to the ride" in argument
    assert "**Conclusion:** No violation of s. 350.10(1)(f): the owner or lessee of the private property " \
           "consented to the ride." in argument
    # only what a fact stated true engages: the equipment met by its values is not argued
    assert "350.09(8m) ([official" not in argument and "350.09(2)(c) ([official" not in argument


def test_the_reading_is_said_at_the_exception_it_decides():
    # 3: a dealer's demo day on its own land, the sleds also offered for sale, one loud (84 dBA): the
    # exception of s. 350.09(8) is our reading (noise_exception_reach); the argument says so where it
    # applies and what the other reading would give, not only the answer line
    md = export_markdown(FIXTURES / "dealer_demo_day.yaml", "equipment_duties")
    argument = md.split("## The argument", 1)[1].split("## What if", 1)[0]
    assert "### s. 350.09(7)" in argument
    exception = next(line for line in argument.splitlines() if line.startswith("- Exception:") and "350.09(8)" in line)
    assert "**the exception applies" in exception
    assert "on our reading (a snowmobile raced or tested as sub. (8) says is outside sub. (7) even where it is " \
           "offered for sale or sold); read otherwise (the exception of sub. (8) covers the racing or testing only, " \
           "not the sale of the snowmobile), it would be yes: North Woods Sleds (the seller) would have violated " \
           "s. 350.09(7)" in exception, exception
    assert "**Conclusion:** No violation of s. 350.09(7)" in argument
