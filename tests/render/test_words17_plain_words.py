"""Plain trainer's words (trainer review 12, G1, G9; handouts 04, 07, 09, 12): the handout says what an
exception is, names every check, asks of each ride, heads a party argued case by case with its case,
says each amount with its case in the table, prints identities the case states as plain statements and
one line for an open comparison. The verdicts, provisions and offenders do not change."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reasoner.answer.answering import answer_case
from reasoner.answer.question import Question
from reasoner.apps.export import handout_answer
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, resolve
from reasoner.prose.argument import none_violated_line, one_of_cases, requirements_met_line, stated_there
from reasoner.prose.questions import asked_of_one, handout_title
from reasoner.render.handout import build_handout
from reasoner.render.markdown import render_markdown

ROOT = Path(__file__).resolve().parents[2]
LINEMAN = ROOT / "facts/ch350_utility_lineman.yaml"
JOINDER = ROOT / "facts/ch350_charges_same_incident.yaml"
TANDEM = ROOT / "facts/ch348_tandem_axle_reloaded.yaml"
GRAVEL = ROOT / "facts/ch348_gravel_truck_repeat_offense.yaml"
RIDES = ROOT / "tests/fixtures/words17_three_rides_one_speed_unknown.yaml"
PERMIT_OPEN = ROOT / "tests/fixtures/otherwise16_permit_in_force_unknown.yaml"
ROUTE = ROOT / "tests/fixtures/words17_route_condition_broken.yaml"


@lru_cache(maxsize=None)
def _asked(path: str, query: str):
    rb = default_rulebase()
    atom, saved = resolve(query)
    case = load_case(Path(path), rb.checked)
    answer = answer_case(rb, case, check_atom(atom, rb.checked), saved)
    _, answer = handout_answer(Question.about(rb, case, check_atom(atom, rb.checked), saved), answer)
    return answer, render_markdown(build_handout(answer, None, program=rb.program))


def _md(path, query: str) -> str:
    return _asked(str(path), query)[1]


def test_the_utility_exemption_is_said_by_what_it_is():
    """07: 'the ride was on the roadway where the chapter allows it' read as a route permission."""
    answer, md = _asked(str(LINEMAN), "lawful")
    assert answer.answer == "true"
    assert ("- Exception, s. 350.045: the ride was public utility work where safety did not require strict adherence "
            "to the general snowmobile regulations — **the exception applies, so s. 350.02(4) does not apply**") in md
    assert ("**Conclusion:** No violation of s. 350.02(4): the ride was public utility work where safety did not "
            "require strict adherence to the general snowmobile regulations (the exception applies).") in md
    # its conditions directly under it, not beneath a line that repeats it
    assert "   - the ride was carried out to fulfil the corporate function of a public utility — **met** (case file line 19)" in md
    assert "where the chapter allows it" not in md and "exempt from the highway restrictions of ch. 350" not in md
    # every check named: never 'and 4 more' (G9)
    assert ("; and ss. 350.09(2)(c), 350.09(3), 350.09(8m) and 350.101(1)(c): none violated on the stated facts.") in md
    assert " more." not in md.split("Also checked, none violated: ", 1)[1].split("\n", 1)[0]
    assert "violated s. 350.02(4)" not in md.split("## What if?", 1)[0]


def test_the_checks_past_the_sixth_are_named_by_provision():
    items = [(f"fact {i}", f"350.09({i})") for i in range(1, 10)]
    line = none_violated_line(items)
    assert line.endswith("; and ss. 350.09(7), 350.09(8) and 350.09(9): none violated on the stated facts.")
    assert "more" not in line
    # a standing section's requirements met: each in words up to ten, then by provision (review 16, 09)
    assert requirements_met_line(items).endswith("; fact 9 (s. 350.09(9)).")
    more = [(f"fact {i}", f"350.09({i})") for i in range(1, 13)]
    assert requirements_met_line(more).endswith(
        "fact 10 (s. 350.09(10)); and the requirements of ss. 350.09(11) and 350.09(12), each met on the stated facts.")
    assert none_violated_line(items[:6]).endswith("fact 6 (s. 350.09(6)).")


def test_several_rides_are_asked_of_each_ride():
    """09: 'Is this snowmobile operation lawful' over three rides."""
    answer, md = _asked(str(RIDES), "lawful")
    assert md.startswith("# Three rides: is each ride lawful under the ch. 350 excerpt")
    assert "**Question.** Is each ride lawful under the ch. 350 excerpt (ss. 350.02(2)(a)4 to 350.101(1)(d))?" in md
    assert "Is this snowmobile operation lawful" not in md
    # the verdicts as before: the 30-ft trail's operator liable, the 50-ft trail's open on the speed
    assert "| the ride on the 30-ft trail | Alex Berg | unlawful: violated s. 350.02(2)(b)4 |" in md
    assert "| the ride on the 45-ft trail | no one | lawful |" in md
    # open on its speed, said both ways (trainer review 14, 09)
    assert ("| the ride on the 50-ft trail | possibly Kim Lund | unlawful: violated s. 350.02(2)(b)6 if more than "
            "55 mph; lawful if 55 mph or less; the case does not state the speed of the snowmobile in the ride on "
            "the 50-ft trail |") in md   # the unit said with the values, not after the noun (review 16, 09)


def test_an_open_comparison_and_its_unstated_fact_are_one_line():
    """09: 'the case does not state the speed ... — open' and 'it is undetermined whether the speed ... is
    more than 10 mph — open' said the same thing."""
    md = _md(RIDES, "lawful")
    assert ("3. the speed of the snowmobile in the ride on the 50-ft trail is more than 55 mph — **not stated** "
            "(the answer turns on it)") in md
    assert "it is undetermined whether the speed of the snowmobile in the ride on the 50-ft trail" not in md
    assert "the case does not state the speed of the snowmobile in the ride on the 50-ft trail, in miles per hour — " not in md


def test_asked_of_each_uses_the_kinds_noun_only_where_every_name_says_it():
    q = "Is this snowmobile operation lawful under the ch. 350 excerpt?"
    assert asked_of_one(q, "operation", [], ["the welder's ride", "the ride on the 45-ft trail"]) == \
        "Is each ride lawful under the ch. 350 excerpt?"
    assert asked_of_one(q, "operation", [], ["run 1", "run 2"]) == \
        "Is each snowmobile operation lawful under the ch. 350 excerpt?"
    assert asked_of_one(q, "operation", ["Kelly's ride"]) == q   # one: unchanged
    assert handout_title(q, ["run 1", "the ride"], "ride", "operation") == \
        "Run 1 and the ride: is each snowmobile operation lawful under the ch. 350 excerpt?"


def test_a_party_argued_case_by_case_is_headed_by_its_case_and_the_table_says_each():
    """12: 'one of: $3,740.00 to $3,890.00; or $50.00 to $100.00' in the table; 'the excavator lowboy:
    depends on facts ...; if ...; only the points that differ ...' and 'if it is not so that ...'."""
    answer, md = _asked(str(PERMIT_OPEN), "forfeiture")
    assert ("| the first lowboy | the first driver (operator, s. 348.21(3)) and, where practicable, the quarry company "
            "(s. 348.20(1)) | $50.00 to $100.00 if the first permit was in force; "
            "$3,740.00 to $3,890.00 if not |") in md
    assert ("| the second lowboy | the second driver (operator, s. 348.21(3)) and, where practicable, the quarry company "
            "(s. 348.20(1)) | $50.00 to $100.00 (s. 348.21(3)(a)) |") in md
    assert "*the first lowboy — if the first permit was in force (issued, not expired, suspended or revoked):*" in md
    # its second case says only what differs from its first (timing16)
    assert ("*the first lowboy — if the first permit was not in force (never issued, or expired, suspended or revoked): "
            "only the points that differ from the first lowboy's case above:*") in md
    assert "if it is not so that" not in md and "one of: " not in md and "depends on facts the case does not state" not in md
    # both amounts argued, each under its own provision
    in_force, _, not_in_force = md.partition("*the first lowboy — if the first permit was not in force")
    assert "s. 348.21(3)(a)" in in_force and "$50.00 + $3,690.00 = $3,740.00" in not_in_force
    # the handout's Answer points to the table, whose row says 'if ... ; ... if not' (offender18: the
    # operator named in each case, the Answer says it once, in the table)
    assert "**Answer.** As in the table above." in md
    assert "turns on whether the first permit was in force" not in md.partition("**Answer.**")[2].partition("\n")[0]


def test_one_of_cases_puts_the_yes_first_and_says_if_not():
    said = one_of_cases([("$3,740.00 to $3,890.00", "if the permit was not in force (never issued)", True),
                         ("$50.00 to $100.00", "if the permit was in force (issued)", False)])
    assert said == "$50.00 to $100.00 if the permit was in force; $3,740.00 to $3,890.00 if not"
    assert one_of_cases([("$1.00", "if a", False)]) == ""


def test_identities_the_case_states_are_marked_like_every_element():
    """Review 12, G1 had an identity the case states a plain statement; trainer review 16, G7: every
    element is marked met or not met ('03 el. 1' had none). No unlabelled law line."""
    answer, md = _asked(str(JOINDER), "joinder")
    assert answer.answer == "true"
    assert "   - the paragraph of s. 350.101(1) under which count 1 is brought is par. (a) — **met** (case file line 15)\n" in md
    assert "   - the paragraph of s. 350.101(1) under which count 2 is brought is par. (b) — **met** (case file line 22)\n" in md
    assert "pars. (a) and (b) are the related charges" not in md
    # a comparison keeps its word
    assert "2. count 1 charges par. (a) and count 2 charges par. (b) — **met**" in md
    assert "**Conclusion:** the offenses charged in count 1 and count 2 shall be joined." in md


def test_the_reload_paragraph_is_not_restated_as_an_element():
    """04, 3: 's. 348.21(2)(b) lets an operator reload an excess over ...' among the elements, no status."""
    answer, md = _asked(str(TANDEM), "forfeiture")
    assert "lets an operator reload" not in md.split("## Our readings", 1)[0]
    assert "No forfeiture under s. 348.21 for the weight violation of the flatbed may be imposed (s. 348.21(2)(b))." in md
    # the figures stay: a comparison with its status
    assert ("the total weight that must be shifted among the wheels and axles of the flatbed to bring every wheel, "
            "axle and axle group within its limit is 2,000 lb, which is at most 2,000 lb — **met** (case file line 12)") in md
    assert "the maximum weight applicable to the flatbed is 34,000 lb — **met** (case file line 11)" in md


def test_the_conviction_in_issue_is_the_vehicles_not_the_incidents():
    answer, md = _asked(str(GRAVEL), "forfeiture")
    assert ("s. 348.21(4): the conviction for the overweight of the dump truck is a 2nd or subsequent conviction within a "
            "12-month period — **met**") in md
    assert "conviction for the incident of" not in md
    assert "Jo Keller" in md and "s. 348.21(3)(b)2" in md
    # the prior counted reads with its facts in its line (histories18), its case file lines after it
    assert "the provision of s. 348.21 under which the earlier conviction was imposed is sub. (3) — *stated* (case file line 29)" in md
    assert "the provision of s. 348.21 under which it was imposed is sub. (3); it ended in the payment of a forfeiture; " in md
    assert "(case file lines 29, 30 and 31)" in md


def test_a_line_argued_elsewhere_on_one_stated_fact_gives_that_facts_source():
    """12, 5: 'holds (as argued above under s. 348.25(2)(a))' over the stated route condition."""
    answer, md = _asked(str(ROUTE), "forfeiture")
    assert ("| the first lowboy | the first driver (operator, s. 348.21(3)) and, where practicable, the quarry company "
            "(s. 348.20(1)) | $2,450.00 to $2,600.00 (s. 348.21(3)(b)1) |") in md
    assert ("- the operation of the first lowboy violated a condition of its permit — **met** "
            "(stated: case file line 12)") in md
    assert "as argued above under s. 348.25(2)(a)" not in md and "as argued below under s. 348.25(2)(a)" not in md
    assert stated_there("case file line 12") == "stated: case file line 12"
