"""What-if reports the nearest changes that change the answer, not only those that flip it: a change may flip the answer, settle an undetermined one, move a value found, or leave the
answer no longer established (it would then depend on facts the case does not state). Each is one
sentence in words, values with their units; the text view fits 60 lines; JSON carries the same
changes with their outcome.

Before: on the officer's report (facts/ch350_report_dwelling_night.yaml: 23:10, 90 feet, 25 mph,
nothing else stated) whatif said "no single change or pair of changes to the inputs in the proof
flips the answer", although at 10 mph s. 350.10(1)(g) -- the only violation -- is no longer made out.
"""
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
REPORT = str(ROOT / "facts/ch350_report_dwelling_night.yaml")
UNLAWFUL = str(ROOT / "facts/ch350_dwelling_night_unlawful.yaml")
LAWFUL = str(ROOT / "facts/ch350_dwelling_night_lawful.yaml")
SEMI = str(ROOT / "facts/ch348_grain_semi_first_offense.yaml")
OUTCOMES = {"flip", "settle", "value", "unsettle"}


def invoke(*args):
    result = CliRunner().invoke(main, ["whatif", *map(str, args)])
    assert result.exit_code == 0, result.output
    return result.stdout


def data(*args):
    return json.loads(invoke(*args, "--format", "json"))


def by_change(found, attribute, to):
    return [o for o in found["outcomes"] if [(c["attribute"], c["to"]) for c in o["changes"]] == [(attribute, to)]]


@pytest.fixture(scope="module")
def report():
    return data(REPORT, "lawful")


# -- the sparse report: speed, distance and time decide; nothing else is stated ---------------------------
def test_the_report_names_the_10_mph_change(report):
    assert report["answer"] == "false"
    (speed,) = by_change(report, "speed_mph", "10")
    assert speed["outcome"] == "unsettle" and speed["answer"] == "undetermined"
    assert speed["sentence"].startswith(
        "If the speed of the snowmobile had been 10 mph instead of 25 mph, it would no longer be "
        "established that Riley Kowalski (the operator) violated s. 350.10(1)(g): the answer would then depend on ")
    # the facts it would then depend on are the ones the changed answer lists, the deciding first
    assert speed["depends_on"] and speed["depends_on"][0] in speed["sentence"]
    # the rest are not counted ("and 35 more facts" told a trainee nothing)
    assert speed["sentence"].endswith("; and other facts.") and "more facts" not in speed["sentence"]


def test_the_report_offers_each_boundary_just_across_it(report):
    # "exceeding 10 mph": 11 still violates, 10 does not; "within 150 feet": 150 is within, 151 is
    # not; "between 10:30 p.m. and 7 a.m." read inclusively: 22:30 and 07:00 are inside
    changed = {(c["attribute"], c["to"]) for o in report["outcomes"] for c in o["changes"]}
    assert changed == {("speed_mph", "10"), ("dwelling_distance_ft", "151"), ("clock_time", "22:29"),
                       ("clock_time", "07:01")}
    assert all(o["outcome"] == "unsettle" and o["answer"] == "undetermined" for o in report["outcomes"])
    (far,) = by_change(report, "dwelling_distance_ft", "151")
    assert "had been 151 feet instead of 90 feet" in far["sentence"]
    assert "in feet" not in far["sentence"]   # the unit is said once, with the value


def test_the_report_summary_says_what_the_changes_do(report):
    assert report["summary"] == ("no single change or pair of changes flips the answer; "
                                 "4 single changes make it no longer established")
    assert report["searched"] == "pairs"   # no single change flips it: pairs were tried, none flips it
    assert report["found"] == [{"changes": 1, "outcome": "unsettle", "count": 4}]
    text = invoke(REPORT, "lawful")
    flat = " ".join(line.strip() for line in text.splitlines())
    assert "If the speed of the snowmobile had been 10 mph instead of 25 mph, it would no longer be established" in flat
    assert "flips the answer (15 changes tried)" not in flat


# -- an answer that flips; one that settles -------------------------------------------------------------
def test_a_change_that_flips_the_answer():
    found = data(UNLAWFUL, "lawful")
    (speed,) = by_change(found, "speed_mph", "10")
    assert speed["outcome"] == "flip" and speed["answer"] == "true"
    assert speed["sentence"].startswith("If the speed of the snowmobile had been 10 mph instead of 25 mph, "
                                        "the answer would then be: the ride violated no provision of the ch. 350 excerpt")
    assert speed["lost"] == ["350.10(1)(g)"] and speed["depends_on"] == []
    assert not by_change(found, "speed_mph", "11")        # still exceeding 10 mph
    (dwelling,) = by_change(found, "dwelling_distance_ft", "151")
    assert dwelling["outcome"] == "flip"


def test_a_lawful_ride_lists_flips_and_changes_that_leave_it_unsettled():
    found = data(LAWFUL, "lawful", "--limit", "40")
    kinds = {o["outcome"] for o in found["outcomes"]}
    assert kinds == {"flip", "unsettle"}
    (eleven,) = by_change(found, "speed_mph", "11")       # 10 mph now: 11 exceeds it
    assert eleven["outcome"] == "flip" and "violated s. 350.10(1)(g)" in eleven["sentence"]
    (teen,) = by_change(found, "age", "15")               # a 15-year-old needs a certificate the case does not state
    assert teen["outcome"] == "unsettle" and "had been 15 years instead of 35 years" in teen["sentence"]
    assert any("safety certificate" in fact for fact in teen["depends_on"])


# -- a case no single change or pair of changes moves -----------------------------------------------------
THREE = """
@entity operation "a snowmobile operation".
@input speeding(O: operation) "{O} was too fast".
@input unlit(O: operation) "the head lamp in {O} was off".
@input noisy(O: operation) "the exhaust in {O} was too loud".
@predicate violation(O: operation, P: string) "{O} violated s. {P}".
@predicate lawful(O: operation) "{O} was lawful".
@provision "350.10(1)(g)"
violation(O, "350.10(1)(g)") :- speeding(O).
@provision "350.09(1)"
violation(O, "350.09(1)") :- unlit(O).
@provision "350.09(6)"
violation(O, "350.09(6)") :- noisy(O).
@provision "350.02(4)"
lawful(O) :- operation(O), not violation(O, _).
"""


def test_no_change_moves_three_violations(tmp_path):
    rules, case = tmp_path / "three.dl", tmp_path / "three.yaml"
    rules.write_text(THREE, encoding="utf-8")
    case.write_text("entities:\n  op1: {type: operation, speeding: true, unlit: true, noisy: true}\n", encoding="utf-8")
    found = data("--rules", rules, case, "lawful(op1)")
    assert found["answer"] == "false" and found["searched"] == "pairs"
    assert found["outcomes"] == [] and found["found"] == []
    assert found["summary"] == "no single change or pair of changes to the inputs in the proof changes the answer"
    # two of the three stated: one change leaves one violation, a pair clears both
    case.write_text("entities:\n  op1: {type: operation, speeding: true, unlit: true, noisy: false}\n", encoding="utf-8")
    two = data("--rules", rules, case, "lawful(op1)")
    assert [(o["outcome"], len(o["changes"])) for o in two["outcomes"]] == [("flip", 2)]
    assert two["outcomes"][0]["sentence"] == (
        "If the head lamp had not been off (the case states that the head lamp was off), and op1 "
        "had not been too fast (the case states that op1 was too fast), the answer would then be: op1 was lawful "
        "(s. 350.02(4)).")


# -- the text view fits a screen; --proofs shows the proofs ---------------------------------------------
@pytest.mark.parametrize("case, query", [(REPORT, "lawful"), (LAWFUL, "lawful"), (SEMI, "forfeiture"),
                                         (str(ROOT / "facts/ch348_permit_fees_mixed.yaml"), "permit_fee"),
                                         (str(ROOT / "facts/ch350_report_night_direction.yaml"), "lawful"),
                                         # a tenth change numbered "10." once wrapped to 101 columns
                                         (str(ROOT / "facts/ch350_town_route_lawful.yaml"), "lawful"),
                                         (str(ROOT / "facts/ch348_leased_tractor_prosecution.yaml"), "forfeiture")])
def test_the_default_text_fits_60_lines_of_100_columns(case, query):
    text = invoke(case, query)
    lines = text.splitlines()
    assert len(lines) <= 60, len(lines)
    assert max(map(len, lines)) <= 100
    assert "Proof:" not in text and "change: " not in text
    assert not re.search(r"\b\d+\. [a-z]+_[a-z_]+\b", text)   # no snake_case input names as a change's words
    found = data(case, query)
    shown = len(re.findall(r"^\d+\. If ", text, re.M))
    assert shown >= 1
    if shown < len(found["outcomes"]):
        assert f"({len(found['outcomes']) - shown} more change{'' if len(found['outcomes']) - shown == 1 else 's'} not shown" in text


def test_the_lawful_ride_is_cut_to_fit_and_says_so():
    text = invoke(LAWFUL, "lawful", "--limit", "40")
    assert len(text.splitlines()) <= 60 and "more changes not shown: --format json lists them" in text


def test_proofs_show_each_change_with_its_proof():
    text = invoke(UNLAWFUL, "lawful", "--proofs")
    assert "change: op1.speed_mph: 25 -> 10" in text
    assert "Then s. 350.10(1)(g) would not apply." in text and "350.02 to 350.101;" not in text
    assert text.count("Proof:") == len(data(UNLAWFUL, "lawful")["outcomes"])
    assert len(text.splitlines()) > 60


# -- JSON -----------------------------------------------------------------------------------------------
def test_json_carries_the_same_changes_with_their_outcome(report):
    assert {"schema", "command", "case", "query", "answer", "presumed", "summary", "searched", "tried",
            "truncated", "found", "outcomes"} <= set(report)
    for o in report["outcomes"]:
        assert set(o) == {"outcome", "changes", "answer", "sentence", "cited", "gained", "lost", "depends_on",
                          "presumed", "distance"}
        assert o["outcome"] in OUTCOMES
        assert all(set(c) == {"entity", "attribute", "from", "to", "sentence"} for c in o["changes"])
    # nearest first: fewest changes, then the smallest move (22:29 is 41 minutes from 23:10)
    order = [(len(o["changes"]), o["distance"]) for o in report["outcomes"]]
    assert order == sorted(order)
    assert report["outcomes"][0]["changes"][0]["to"] == "22:29"
    text = invoke(REPORT, "lawful")
    flat = " ".join(line.strip() for line in text.splitlines())
    for i, o in enumerate(report["outcomes"], 1):   # the text lists the same sentences in the same order
        assert f"{i}. {o['sentence']}" in flat


def test_a_value_question_reports_a_value_moved():
    found = data(SEMI, "forfeiture", "--limit", "40")
    kinds = {o["outcome"] for o in found["outcomes"]}
    assert "value" in kinds and "flip" in kinds
    (tier,) = by_change(found, "found_weight_lb", "84001")
    assert tier["outcome"] == "value" and "had been 84,001 lb instead of 83,500 lb" in tier["sentence"]


def test_the_handout_lists_the_same_changes(tmp_path):
    out = tmp_path / "report.md"
    result = CliRunner().invoke(main, ["export", REPORT, "lawful", "-o", str(out)])
    assert result.exit_code == 0, result.output
    md = out.read_text(encoding="utf-8")
    section = md[md.index("## What if?"):]
    # the trainee's lead in words: how many were found, what they do, how many are listed
    # each line clears the one rider: the lead says so, never 'would leave the answer undecided' over
    # them (trainer review 16, G4 and 09)
    assert "## What if?\n\nEach change below, on its own, would change the answer.\n" in section
    assert "undecided" not in section
    assert ("If the speed of the snowmobile had been 10 mph instead of 25 mph, Riley Kowalski (the "
            "operator) would not have violated s. 350.10(1)(g); the case states nothing else that would "
            "decide the answer") in section
    assert "Would then apply" not in section   # an undetermined answer's provisions are only considered


def test_the_trainee_lead_says_the_search_in_sentences():
    """The trainee handout opens its what-if section with sentences (prose/whatif.py handout_lead):
    the count found, what the changes do, and how many are listed; one change and several, one kind
    and a mix, pairs, and nothing to change. The researchers' view keeps the search's own summary."""
    from reasoner.prose.whatif import handout_lead
    assert handout_lead({(1, "flip"): 1}, 3, "singles", True, False) == \
        "The change of a single fact below would reverse the answer."   # never a count (review 10, 05)
    # no counts a trainee cannot see ("16 changes of one fact each", "3 more that reach the same
    # amount another way are left out"): what the changes do, and that the nearest are listed
    assert handout_lead({(1, "settle"): 5}, 3, "singles", True, False) == (
        "Changes of one fact each would decide the question the case leaves open. The nearest to the case "
        "as stated are listed below.")
    assert handout_lead({(1, "unsettle"): 2}, 1, "singles", True, False) == (
        "Changes of one fact each would leave the answer undecided. The nearest to the case as stated is "
        "listed below.")
    assert handout_lead({(1, "flip"): 2, (1, "value"): 4}, 3, "singles", True, False, "true", 3) == (
        "Changes of one fact each would change the answer: some would reverse it and some would change the amount. "
        "The nearest to the case as stated are listed below.")
    assert handout_lead({(1, "flip"): 1, (1, "value"): 1, (1, "unsettle"): 1}, 2, "singles", True, False, "true", 1) \
        .startswith("Changes of one fact each would change the answer: some would reverse it, some would change the "
                    "amount and some would leave it undecided. The nearest to the case as stated are "
                    "listed below.")
    # all found listed, but one left out as reaching the same amount: still 'the nearest'
    assert handout_lead({(1, "flip"): 2}, 2, "singles", True, False, "true", 1) == (
        "Changes of one fact each would reverse the answer. The nearest to the case as stated are listed below.")
    assert handout_lead({(1, "unsettle"): 4, (2, "flip"): 1}, 5, "pairs", True, True) == (
        "Changes of one fact each would leave the answer undecided. The change of two facts together below would "
        "reverse the answer (each fact was tried alone, but only some pairs of facts were tried together).")
    assert handout_lead({(2, "flip"): 2}, 5, "pairs", True, False) == (
        "No change of a single fact the argument uses would change the answer. Changes of two facts together "
        "would reverse the answer.")
    assert handout_lead({}, 3, "pairs", True, False) == \
        "No change of a single fact the argument uses or of two facts together would change the answer."
    # no fact to change: no section, never the false 'No fact the argument uses can be changed' (review 6, 04)
    assert handout_lead({}, 3, "singles", False, False) == ""


def test_the_full_view_keeps_the_search_summary(tmp_path):
    out = tmp_path / "full.md"
    result = CliRunner().invoke(main, ["export", REPORT, "lawful", "--view", "full", "-o", str(out)])
    assert result.exit_code == 0, result.output
    md = out.read_text(encoding="utf-8")
    assert ("Changes to the facts that would change the answer: no single change or pair of changes flips the "
            "answer; 4 single changes make it no longer established.") in md
    assert "changes of one fact each" not in md


def test_a_fact_that_only_brings_the_case_within_reach_comes_after_the_elements():
    """s. 350.02(2)(b)4 sits under the lead-in of (b) ('adjacent to a roadway'): changing a fact only
    the lead-in reads takes the case outside the provision, so it is listed after the changes to the
    elements of 4 and its exceptions (4.a, 4.c). The exceptions under 4 do not make 4 a lead-in: its
    own elements (at night, the direction of travel) stay first."""
    found = data(str(ROOT / "facts/ch350_night_direction_unlawful.yaml"), "lawful")
    single = [o["changes"][0]["attribute"] for o in found["outcomes"] if len(o["changes"]) == 1]
    scope = [single.index(a) for a in ("adjacent_to_roadway",)]
    # leaving the right-of-way while adjacent to the roadway is no world (adjacent means within it)
    assert "on_highway_right_of_way" not in single
    inside = [single.index(a) for a in ("at_night", "travelled_with_traffic", "head_lamp_barrier")]
    assert max(inside) < min(scope)
    fix = ROOT / "tests/fixtures/cli"
    fixture = data("--rules", fix / "trail.dl", fix / "night_unlawful.yaml", "lawful(op1)")
    order = [o["changes"][0]["attribute"] for o in fixture["outcomes"]]
    assert order.index("adjacent_to_roadway") < order.index("head_lamp_barrier")   # 4 has no lead-in here


# -- a question about each entity: a change of one entity's own answer is an outcome too ------------------
TWO_RIDES = """\
description: "Two rides pass the same lakeside cabin, 100 ft away, one at 06:30 and one at 23:30, both at 15 mph."
entities:
  r1: {type: operation, operator: o1, clock_time: "06:30", speed_mph: 15, dwelling_distance_ft: 100,
       on_private_property_of_another: true, private_property_consent: true}
  r2: {type: operation, operator: o2, clock_time: "23:30", speed_mph: 15, dwelling_distance_ft: 100,
       on_private_property_of_another: true, private_property_consent: true}
  o1: {type: person}
  o2: {type: person}
"""


@pytest.fixture(scope="module")
def two_rides(tmp_path_factory):
    case = tmp_path_factory.mktemp("each") / "two_rides.yaml"
    case.write_text(TWO_RIDES, encoding="utf-8")
    return case


def test_each_ride_s_own_change_is_said_though_the_answer_stays(two_rides):
    """Both rides exceed 10 mph within 150 feet of a dwelling between 22:30 and 07:00
    (s. 350.10(1)(g)); no single change makes the case lawful (the other ride stays unlawful), but
    each ride at 10 mph, the 23:30 ride at 22:29 (before 10:30 p.m.) or either ride 151 feet away no
    longer violates it. Before, whatif said no change changed the answer and listed none."""
    found = data(two_rides, "lawful")
    assert found["answer"] == "false"
    assert found["summary"].startswith("no single change or pair of changes makes every operation lawful; "
                                       "8 single changes make one operation's answer undetermined")
    assert {"changes": 1, "outcome": "each", "entity_answer": "undetermined", "entities": 1, "count": 8} \
        in found["found"]
    moved = {(c["entity"], c["attribute"], c["to"]) for o in found["outcomes"] for c in o["changes"]}
    assert {("r1", "speed_mph", "10"), ("r2", "speed_mph", "10"), ("r2", "clock_time", "22:29"),
            ("r1", "clock_time", "07:01"), ("r1", "dwelling_distance_ft", "151")} <= moved
    # the law's boundaries: 11 mph still exceeds 10 mph, 150 feet is still within, 22:31 still after 10:30 p.m.
    assert not {("r1", "speed_mph", "11"), ("r2", "dwelling_distance_ft", "150"), ("r2", "clock_time", "22:31")} & moved
    (speed,) = by_change(found, "speed_mph", "10")[:1]
    assert speed["outcome"] == "each" and speed["answer"] == "false"
    assert [e["entity"] for e in speed["entities"]] == ["r1"] and speed["entities"][0]["answer"] == "undetermined"
    assert speed["sentence"].startswith(
        "If the speed of the snowmobile in r1 had been 10 mph instead of 15 mph, it would no longer be established "
        "that o1 (the operator) violated s. 350.10(1)(g) in r1 (r1 would then depend on ")
    # the other ride's own result is not said again (whatif15: 'the others' results stay as they are')
    assert speed["sentence"].endswith(". The others' results stay as they are.")
    late = [o for o in found["outcomes"] if [(c["entity"], c["to"]) for c in o["changes"]] == [("r2", "22:29")]]
    assert late and late[0]["sentence"].endswith("The others' results stay as they are.")


def test_each_ride_s_own_change_in_the_text_view(two_rides):
    text = " ".join(invoke(two_rides, "lawful").split())
    assert "What if: no single change or pair of changes makes every operation lawful; 8 single changes make " \
           "one operation's answer undetermined" in text
    assert "If the clock time of r2 had been 22:29 instead of 23:30, it would no longer be established that o2 " \
           "(the operator) violated s. 350.10(1)(g) in r2" in text
    assert "changes the answer" not in text


def test_three_night_rides_settles_the_unmeasured_ride_and_keeps_its_changes():
    """The 30-ft ride is unlawful (s. 350.02(2)(b)4), the unmeasured one open, the 45-ft one lawful:
    the changes that move the 30-ft ride stay as they were (the answer is then no longer
    established); a ride taken off the roadside makes the unmeasured ride lawful while the 30-ft
    ride keeps the answer unlawful; a change that makes the lawful ride unlawful is no outcome (the
    answer is unlawful already)."""
    found = data(ROOT / "facts/ch350_three_night_rides.yaml", "lawful", "--limit", "20")
    assert found["summary"].startswith("no single change or pair of changes makes every operation lawful; "
                                       "6 single changes make it no longer established; 1 single change makes "
                                       "one operation lawful")
    assert {"changes": 1, "outcome": "unsettle", "count": 6} in found["found"]
    each = [o for o in found["outcomes"] if o["outcome"] == "each"]
    assert len(each) == 1 and [o["outcome"] for o in found["outcomes"]][:6] == ["unsettle"] * 6   # the answer's own first
    (off,) = each
    assert [(c["entity"], c["attribute"], c["to"]) for c in off["changes"]] == [("op3", "adjacent_to_roadway", "false")]
    assert off["entities"] == [{"entity": "op3", "name": "the ride on the unmeasured trail", "answer": "true"}]
    assert off["lost"] == ["350.02(2)(b)"]
    assert off["sentence"].endswith(
        ", the ride on the unmeasured trail would be lawful; the others' results stay as they are.")


def test_the_trainee_lead_counts_each_entity_s_own_changes():
    from reasoner.prose.whatif import EachFound, handout_lead, search_summary
    heads = {"true": "Lawful", "false": "Unlawful", "undetermined": "Undetermined"}
    each = EachFound({(1, "true", True): 4}, "operation", heads)
    assert handout_lead({}, 3, "pairs", True, False, "false", 0, each) == (
        # no sentence of what no change would do over the lines (trainer review 16, 11)
        # each line says what becomes of the whole answer; the lead does not say it stays (a ride made
        # lawful may leave it undecided: handout 08's "the answer would stay unlawful" over such lines)
        "Changes of one fact each would make one operation lawful. The nearest "
        "to the case as stated are listed below.")
    assert search_summary({}, 3, "pairs", True, False, "false", 0, each) == (
        "no single change or pair of changes makes every operation lawful; 4 single changes make one operation "
        "lawful (the nearest 3 are shown)")
    # without changes of one entity's own answer, the lead and summary are as before
    assert handout_lead({}, 3, "pairs", True, False, "false", 0, EachFound({}, "operation", heads)) == \
        handout_lead({}, 3, "pairs", True, False, "false")
