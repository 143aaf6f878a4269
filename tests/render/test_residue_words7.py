"""Duplicates and machine residue on the handout (trainer review 5, change 5): rule-file phrases
that read as code or machine English ('(from <= to)', 'how X came about is a judgment', 'before its
leasing sentence is applied', 'the snowmobile operation near which the fishing shanty stood is the
ride'), readings that repeat one another or say nothing, and text said twice."""
import os
import re
from pathlib import Path

from asking import handout_of, handout_text

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "facts"
TESTS = ROOT / "facts/tests"


def _instructor_text(path, query: str) -> str:
    """The instructor's edition of the same handout (ids=True): it lists every reading."""
    from dataclasses import replace
    from html import unescape

    from reasoner.render.html import render_html
    html = re.sub(r"<style.*?</style>", " ", render_html(replace(handout_of(path, query), ids=True)), flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def test_the_permit_hours_reading_has_no_code_token():
    text = handout_text(FACTS / "ch348_crane_over_permit_weight.yaml", "permit_condition_forfeiture")
    assert "(from <= to)" not in text and "<=" not in text
    # the reading changes nothing: listed in the instructor's edition (trainer review 9: pages12)
    text = _instructor_text(FACTS / "ch348_crane_over_permit_weight.yaml", "permit_condition_forfeiture")
    assert "(from <= to)" not in text and "<=" not in text
    assert "the starting hour no later than the ending hour" in text


def test_how_a_prior_conviction_ended_is_a_sentence():
    text = handout_text(FACTS / "ch348_refused_scale_repeat.yaml", "duty_forfeiture")
    assert "came about is a judgment" not in text
    assert "the 2023 scale refusal ended in a court judgment" in text


def test_the_ground_of_prosecution_reads_without_machine_order():
    text = handout_text(FACTS / "ch348_leased_tractor_prosecution.yaml", "prosecute")
    assert "before its leasing sentence is applied" not in text
    assert "leaving aside its sentence on leased vehicles" not in text   # review 5, handout 12: plainly
    assert "by the sentences of s. 348.20(1) before the one on leased vehicles" not in text
    # each ground cites its own sentence by number (trainer review 13, 12)
    # (the leasing owner's line: '(s. 348.20(1), third sentence, makes that ...)': trainer review 14, 02)
    assert "(s. 348.20(1), first sentence)" in text and "(s. 348.20(1), third sentence," in text


def test_the_operation_near_a_shanty_or_a_bystander_is_a_sentence():
    text = handout_text(FACTS / "ch350_ice_shanty.yaml", "violations")
    assert "near which the fishing shanty stood" not in text
    assert "the ride passed near the fishing shanty" in text
    text = handout_text(FACTS / "ch350_race_frozen_lake.yaml", "violations")
    assert "near which Pat Olsen was" not in text
    assert "the ride passed near Pat Olsen" in text


def test_a_stopped_search_of_pairs_says_what_was_tried():
    from reasoner.prose.whatif import handout_lead
    lead = handout_lead({}, 0, "pairs", True, True)
    assert "stopped at its limit" not in lead
    assert lead == ("No change of a single fact the argument uses or of two facts together would change the answer "
                    "(each fact was tried alone, but only some pairs of facts were tried together).")


def test_one_reading_per_point():
    from reasoner.prose.readings import handout_lines
    lines = handout_lines(handout_of(FACTS / "ch350_race_frozen_lake.yaml", "violations").argument)
    assert "A speed not to exceed 10 miles per hour: exactly 10 mph complies; more than 10 mph does not." in lines
    assert "A speed of 10 miles per hour or less is allowed: exactly 10 mph complies." not in lines
    assert any("a person exactly 100 feet away is within 100 feet" in line for line in lines)
    assert "Within 100 feet: exactly 100 feet is within." not in lines
    # and the reading of s. 350.03(2)(b) the failed race exception is argued on
    assert any("public land does not include the frozen surface of public waters" in line.lower() for line in lines)
    assert len(lines) == 4

    class Arg:
        readings = ['"No person over the age of 12 years but under the age of 16 years" (s. 350.05(2)): Over the '
                    'age of 12 years is read as 12 or older in whole years; under the age of 16 is 15 or younger.',
                    "Under the age of 16 years: 15 or younger in whole years.",
                    "An operation at exactly 07:00 is still between the hours.",
                    "An operation at exactly 22:30 is between the hours."]
        interpretation: list = []
    assert handout_lines(Arg()) == [Arg.readings[0]] + Arg.readings[2:]


def test_a_reading_that_only_points_to_another_is_not_listed():
    text = handout_text(FACTS / "ch350_report_youth_alone.yaml", "lawful")
    assert "read the same way" not in text
    assert "(phrase over_age_12)" not in text


def test_the_sections_considered_are_not_listed_in_each_what_if():
    for path, query in ((FACTS / "ch350_ice_shanty.yaml", "violations"),
                        (FACTS / "ch350_race_frozen_lake.yaml", "violations")):
        text = handout_text(path, query)
        assert text.count("350.10 and 350.101)") <= 1, path
        assert "the answer would then be: no provision is shown violated on the facts stated." in text
        assert "any operation violated any provision" not in text   # review 7, 02: the law's words for none


def test_an_alternative_way_has_a_subject():
    text = handout_text(FACTS / "ch350_report_youth_alone.yaml", "lawful")
    assert "under s. 350.055 — not met" not in text and "— does not hold" not in text
    # a way that did not fire named by its provision (words15; histories18: without the sentence's opening words)
    assert ('s. 350.055: Ella Hanson holds a valid snowmobile '
            "safety certificate issued by another state or a province of Canada — not met (case file line 13)") in text
    from reasoner.prose.argument import alternative_of
    assert alternative_of("the ride was lawful", "350.02(3)") == "the ride was lawful, under s. 350.02(3)"


def test_the_heading_and_the_question_line_ask_in_one_wording():
    h = handout_of(FACTS / "ch350_ice_shanty.yaml", "violations")
    assert h.title == h.question == "Who violated which provisions of ch. 350 in the ride?"
    from reasoner.prose.questions import asked_of_one
    assert asked_of_one("Which provisions does each snowmobile operation violate?", "operation", ["the ride"]) == \
        "Which provisions does the ride violate?"


def test_a_provision_quoted_in_pieces_is_not_quoted_again_whole():
    text = handout_text(FACTS / "ch350_report_youth_alone.yaml", "lawful")
    assert "(3) Exceptions. This section does not apply" not in text
    assert text.count("This section does not apply to the operation of snowmobiles by an operator under the age") == 1


def test_the_scenario_reads_a_case_id_as_its_name():
    from reasoner.prose.questions import scenario_line
    assert scenario_line("whether the course k2 took matches, nor whether k1 (or k12) drank",
                         {"k1": "the 13-year-old", "k2": "the 15-year-old", "k12": "k12"}) == \
        "Scenario: whether the course the 15-year-old took matches, nor whether the 13-year-old (or k12) drank"
    # an id that is a word is the description's own word, never replaced (review 6: 'a the truck',
    # 'its winter the winter festival')
    assert scenario_line("a truck drove past; its winter festival", {"truck": "the truck", "festival": "the winter festival"}) \
        == "Scenario: a truck drove past; its winter festival"
    # a name opening a sentence is capitalised (review 6: 'the first vehicle (grain) is ...')
    assert scenario_line("v1 (grain) is over. v2 is not; k2 took", {"v1": "the first vehicle", "v2": "the second vehicle",
                                                                   "k2": "the 15-year-old"}) \
        == "Scenario: The first vehicle (grain) is over. The second vehicle is not; the 15-year-old took"


def test_a_related_line_reads_as_a_sentence():
    from reasoner.prose.argument import related_line
    assert related_line({"citation": "348.21(2)(b)", "short": "The fifth vehicle: yes — the operator of the fifth "
                         "vehicle may proceed (s. 348.19(2)(a))."}) == \
        "Under s. 348.21(2)(b): the operator of the fifth vehicle may proceed (s. 348.19(2)(a))."
    said = "The 13-year-old (the operator) violated s. 350.05(2) in the first ride."
    # headed by the provision it says was violated, not the question's (review 6, 10)
    assert related_line({"citation": "350.08", "short": said}) == f"Under s. 350.05(2): {said}"


def test_a_reading_caveat_is_said_once_beside_the_rows_it_concerns():
    import subprocess
    import sys
    # the answer sentence (a handout's box below its table of rides says only what the table cannot)
    said = subprocess.run([sys.executable, "-m", "reasoner", "ask", str(FACTS / "ch350_three_night_rides.yaml"),
                           "violations"], capture_output=True, text=True, check=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout
    text = " ".join(said[said.index("Answer: "):].split())
    assert text.count("This answer turns on the reading of") == 1
    found, _, rest = text.partition("This answer turns on the reading of")
    assert "violated s. 350.02(2)(b)4 in the ride on the 30-ft trail" in found
    # a 'which provisions' question answered 'None', never 'No' (review 7, 09)
    # (the query's words for none, said of the ride: review 14, G2)
    assert "None for the ride on the 45-ft trail: no provision is shown violated" in rest
    assert "None for" not in found and "None: the facts stated do not show" not in text
    assert "No: the facts stated do not show" not in text


def test_a_scenario_puts_each_name_in_and_drops_what_it_says_again():
    """Review 6, 09 and 10: 'Owner the 47-year-old (47) handed out', 'the 23:15 ride crosses ...';
    review 7, 09: the key 'In this handout: ride_a is ...' showed a trainee the case's ids. Each id is
    its name; the words beside it that the name says again are dropped; an age's label word is read
    after it; no key."""
    from reasoner.prose.questions import scenario_line
    names = {"own1": "the 47-year-old", "op1": "the first ride", "y1": "the 11-year-old",
             "f3": "the 44-year-old", "ride_a": "the 23:15 ride", "t1": "the first vehicle",
             "ride_b": "the 21:40 ride"}
    line = scenario_line("Owner own1 (47) lent sleds. op1: y1, 11, riding alone, her father f3 (44) behind. "
                         "ride_a crosses a field at 23:15. t1 (grain) is 80,850 lb. ride_b (21:40) runs.", names)
    assert line == ("Scenario: The 47-year-old owner lent sleds. The first ride: the 11-year-old, riding alone, her "
                    "father the 44-year-old behind. The 23:15 ride crosses a field at 23:15. The first vehicle (grain) "
                    "is 80,850 lb. The 21:40 ride runs.")
    assert "In this handout" not in line
    assert scenario_line("whether the course k2 took matches", {"k2": "the 15-year-old"}) == \
        "Scenario: whether the course the 15-year-old took matches"


def test_a_further_answer_is_headed_by_the_provisions_it_says_were_violated():
    """Review 6, 10: 'Under s. 350.05(2): The 11-year-old (the operator) violated s. 350.05(1) ...'."""
    from reasoner.prose.argument import related_line
    said = ("The 11-year-old (the operator) violated s. 350.05(1) in the first ride; the 47-year-old violated s. 350.08 "
            "in the first ride; the 14-year-old (the operator) violated s. 350.05(2) in the third ride.")
    assert related_line({"citation": "350.05(2)", "short": said}).startswith("Under ss. 350.05 and 350.08: The 11-year-old")
    one = "The 11-year-old (the operator) violated s. 350.05(1) in the first ride."
    assert related_line({"citation": "350.05(2)", "short": one}).startswith("Under s. 350.05(1): ")
    # a line that says its own provision was violated, or says no violation, keeps its question's citation
    own = "The 13-year-old (the operator) violated s. 350.05(2) in the first ride."
    assert related_line({"citation": "350.05(2)", "short": own}).startswith("Under s. 350.05(2): ")
    none = "Dale Peters has one conviction for the January ride under par. (a) alone (s. 350.101(1)(a))."
    assert related_line({"citation": "350.101(1)(d)", "short": none}).startswith("Under s. 350.101(1)(d): ")


def test_the_answer_says_the_sections_checked_in_words():
    """Review 6, 04 and 10: '(s. 350.101 considered)' is tool language."""
    from reasoner.prose.answers import _nothing_follows
    line = _nothing_follows("|any charge was joined", ["350.101(1)(d)"])
    assert "considered" not in line and line.endswith("(checked under s. 350.101).")


def test_a_what_if_never_says_other_provisions_would_be_left_open():
    """Review 6, 03 and 09: 'other provisions would be left open' is tool language."""
    from reasoner.prose import whatif as w

    class A:
        answer, missing, each, proof = "undetermined", (), None, None
    said = w._without_open("the 52-year-old violated s. 350.09(1). Undetermined: whether any of 2 provisions (listed below)",
                           A(), None)
    assert said == "the 52-year-old violated s. 350.09(1)" and "left open" not in said


def test_a_what_if_on_an_age_names_the_person_by_another_role():
    """Review 6, 10: 'If the age of the 14-year-old had been 16 years' contradicted itself: the
    person whose age changes is named by their role ('the first rider')."""
    from reasoner.facts.case import role_apart_from
    from reasoner.answer.whatif import candidate_changes
    from reasoner.engine.rulebase import default_rulebase
    from reasoner.facts.case import load_case
    rb = default_rulebase(())
    case = load_case(Path(__file__).parent.parent / "fixtures" / "three_youth_riders_report.yaml", rb.checked).with_roles()
    assert case.names["k1"] == "the 13-year-old"
    assert role_apart_from(case, "k1", "age") == "the first rider"
    changes = candidate_changes(rb, case, "k1", "age")
    assert changes and all("the first rider" in c.template and "13-year-old" not in c.template for c in changes)
    # a ride named by its time keeps its name: 'ride K1' would be a name used nowhere else
    assert role_apart_from(case, "ride_k1", "clock_time") is None


def test_a_what_if_that_clears_one_violation_says_only_that():
    """Review 6, 09: each what-if repeated the whole answer; it says the violation ruled out."""
    import networkx as nx
    from reasoner.prose.whatif import _only_cleared

    def proof(statuses):
        g = nx.DiGraph()
        for n, (st, who, off, where) in statuses.items():
            g.add_node(n, status=st, offence=off, offender=who, offender_role="operator", offence_in=where)
        return g

    class A:
        def __init__(self, g):
            self.proof = g
    base = A(proof({"a": ("true", "the 34-year-old", "350.10(1)(g)", "the 23:15 ride"),
                    "b": ("true", "the 52-year-old", "350.09(1)", "the 22:20 ride")}))
    changed = A(proof({"a": ("false", "the 34-year-old", "350.10(1)(g)", "the 23:15 ride"),
                       "b": ("true", "the 52-year-old", "350.09(1)", "the 22:20 ride")}))
    assert _only_cleared(changed, base) == [
        "the 34-year-old (the operator) would not have violated s. 350.10(1)(g) in the 23:15 ride"]
    opened = A(proof({"a": ("undetermined", "the 34-year-old", "350.10(1)(g)", "the 23:15 ride"),
                      "b": ("true", "the 52-year-old", "350.09(1)", "the 22:20 ride")}))
    assert _only_cleared(opened, base) == []


def test_a_what_if_at_no_excess_does_not_name_a_threshold_of_0():
    """Review 6, 07, 08 and 12: '(then the total excess load ... is 0 lb; the threshold in s. 348.21 is 0)'."""
    from reasoner.prose.whatif import crossing
    assert crossing("the total excess load of the truck in pounds", 0, 0, ["348.21"]) == \
        "the total excess load of the truck in pounds would then be 0"
    assert crossing("the total excess load of the truck in pounds", 4001, 4000, ["348.21(3)(b)1.c"]) == \
        "the total excess load of the truck in pounds would then be 4,001; the threshold in s. 348.21(3)(b)1.c is 4,000"
