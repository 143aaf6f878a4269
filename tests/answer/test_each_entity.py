"""A saved question about each entity of a kind answers every entity of that kind in the case
(answer/each.py, docs/SEMANTICS.md "Questions about each entity"): none dropped, the yes/no verdict
FALSE when one entity's answer is FALSE, each entity argued with its own provisions and offender; an
atom with a variable keeps its meaning (some value makes it hold)."""
import csv
import io
import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from reasoner.answer.answering import ask
from reasoner.cli import main

FACTS = Path(__file__).resolve().parents[2] / "facts"
RIDES = str(FACTS / "ch350_three_night_rides.yaml")        # 45 ft (lawful), 30 ft (unlawful), unstated (open)
TRUCKS = str(FACTS / "ch348_weigh_station_one_within.yaml")  # 79,900 lb (within), 82,600 lb (over), unstated


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_lawful_is_false_when_one_ride_is_unlawful_and_argues_each_ride():
    a = ask(RIDES, "lawful")
    assert a.answer == "false"
    assert [(r["entity"], r["answer"]) for r in a.each] == [("op1", "true"), ("op2", "false"), ("op3", "undetermined")]
    assert a.bindings == [{"O": "op1", "answer": "true"}, {"O": "op2", "answer": "false"},
                          {"O": "op3", "answer": "undetermined"}]
    arg = a.argument
    assert arg.short.startswith("Of 3 operations: 1 unlawful, 1 undetermined, 1 lawful.")
    # each ride headed with its result; a further ride under the same rule says only what differs
    heads = [p.case.split(";")[0] for p in arg.provisions if p.case and "only what differs" not in p.case.split(";")[0]]
    assert heads == ["The ride on the 45-ft trail: lawful", "The ride on the 30-ft trail: unlawful",
                     "The ride on the unmeasured trail: undetermined"]   # capitalised headings (fees14)
    # the unlawful ride's argument is under s. 350.02(2)(b)4 and names its operator, not the others'
    unlawful = next(p for p in arg.provisions if p.case.startswith("The ride on the 30-ft trail: unlawful"))
    assert unlawful.citation == "350.02(2)(b)4" and unlawful.offender == "Alex Berg"
    # what would decide the open ride: its distances, and nothing of the two decided rides
    assert any("unmeasured trail" in m for m in a.missing)
    assert not any("45-ft" in m or "30-ft" in m for m in a.missing)


def test_the_text_names_every_ride_and_the_exit_code_is_that_of_false():
    res = run("ask", RIDES, "lawful", "--exit-code")
    assert res.exit_code == 3, res.output
    head = res.output.split("\n\n", 1)[0]
    for name in ("the ride on the 45-ft trail", "the ride on the 30-ft trail", "the ride on the unmeasured trail"):
        assert name.lower() in " ".join(head.split()).lower()
    assert "Alex Berg (the operator) violated s. 350.02(2)(b)4" in " ".join(head.split())
    assert res.output.rstrip().endswith("Verdict: FALSE")


def test_json_gives_one_entry_per_ride_with_its_offenders():
    data = json.loads(run("ask", RIDES, "lawful", "--format", "json").output)
    assert data["answer"] == "false"
    assert [(e["entity"], e["answer"]) for e in data["entities"]] == [("op1", "true"), ("op2", "false"),
                                                                     ("op3", "undetermined")]
    by = {e["entity"]: e for e in data["entities"]}
    assert by["op1"]["offenders"] == [] and by["op3"]["offenders"] == []
    assert [(o["offender"], o["provision"]) for o in by["op2"]["offenders"]] == [("p2", "350.02(2)(b)4")]
    assert by["op2"]["sentence"].startswith("Unlawful: Alex Berg")
    assert [(o["in"], o["offender"]) for o in data["offenders"]] == [("op2", "p2")]


def test_every_ride_lawful_is_true_and_a_typed_variable_keeps_its_meaning(tmp_path):
    text = Path(RIDES).read_text(encoding="utf-8")
    lawful = tmp_path / "lawful.yaml"   # the 30-ft trail moved to 40 ft and the unmeasured one given 60 ft
    lawful.write_text(text.replace("trail_distance_ft: 30", "trail_distance_ft: 40")
                      .replace("distance_from_roadway_ft: 30", "distance_from_roadway_ft: 40")
                      .replace("    trail_approved_by_dot: true\n  p1:",
                               "    trail_approved_by_dot: true\n    trail_distance_ft: 60\n"
                               "    distance_from_roadway_ft: 60\n  p1:"), encoding="utf-8")
    a = ask(str(lawful), "lawful")
    assert a.answer == "true" and [r["answer"] for r in a.each] == ["true"] * 3
    # lawful(O) as typed asks whether some operation is lawful: the 45-ft ride is
    assert ask(RIDES, "lawful(O)").answer == "true"
    assert ask(RIDES, "lawful(op2)").answer == "false"


def test_violations_list_the_ride_with_none_and_the_open_one():
    a = ask(RIDES, "violations")
    assert a.answer == "true"
    assert [(r["entity"], r["answer"]) for r in a.each] == [("op1", "false"), ("op2", "true"), ("op3", "undetermined")]
    cells = {row["entity"]: row for row in a.argument.table}
    # 45 ft, against traffic at night: cleared only on our reading of the trail exception (4.b is not in
    # the excerpt), and its row says so, not a flat 'no violation found' (review 7, 09)
    assert cells["the ride on the 45-ft trail"]["established"] == [
        "no violation of s. 350.02(2)(b)4, unless the missing 4.b adds a condition to the trail exception"]
    # the violation first; a provision the case raises and the ride did not violate is said too
    assert cells["the ride on the 30-ft trail"]["established"][0] == "violated s. 350.02(2)(b)4"
    assert "no violation of s. 350.02(2)(b)4" not in cells["the ride on the 30-ft trail"]["established"]
    assert "350.02(2)(b)4" in a.cited


def test_a_truck_within_its_limit_is_in_the_forfeiture_answer():
    a = ask(TRUCKS, "forfeiture")
    assert [(r["entity"], r["answer"]) for r in a.each] == [("gravel1", "false"), ("milk1", "true"),
                                                            ("steel1", "undetermined")]
    assert "No forfeiture under s. 348.21 follows from the facts for the gravel truck." in a.argument.short
    # the unweighed truck's open ranges in words, smallest first: each bracket's range at its edges,
    # and the amounts inside a bracket its weight would fix (it read 'not less than an amount nor
    # more than an other amount (2 rows) ($50.00, $100.00)')
    short = " ".join(a.argument.short.split())
    # every candidate amount turns on the one missing weight: said once as that fact (trainer review 7, 08),
    # not as the brackets' ranges
    assert ("Undetermined: no forfeiture under s. 348.21 can be computed for the steel hauler: the case does not "
            "state the weight in pounds found for the steel hauler on weighing") in short
    assert "$140.00" not in short
    assert "an other amount" not in short and "rows)" not in short
    table = {row["entity"]: row for row in a.argument.table}
    assert list(table) == ["the gravel truck", "the milk tanker", "the steel hauler"]
    assert table["the milk tanker"]["established"] == ["$128.00 to $278.00 (s. 348.21(3)(b)1)"]
    data = json.loads(run("ask", TRUCKS, "forfeiture", "--format", "json").output)
    by = {e["entity"]: e for e in data["entities"]}
    assert by["gravel1"]["answer"] == "false" and by["gravel1"]["rows"] == []
    assert by["milk1"]["rows"][0]["Min"] == {"type": "money", "dollars": "128.00"}
    # its operator under s. 348.21(3) beside the s. 348.20(1) person (offender18)
    assert [o["offender"] for o in by["milk1"]["offenders"]] == ["driver_ben", "dairy_coop"]


def test_prosecution_names_no_one_for_the_truck_within_its_limit():
    a = ask(TRUCKS, "prosecute")
    assert [(r["entity"], r["answer"]) for r in a.each] == [("gravel1", "false"), ("milk1", "true"),
                                                            ("steel1", "undetermined")]
    assert "the gravel truck" in a.argument.short


def _csv(output):
    rows = list(csv.DictReader(io.StringIO(output)))
    return [(r["id"], r["answer"], r["binding_answer"], r.get("O") or r.get("V")) for r in rows]


def test_batch_gives_one_row_per_entity_on_both_paths(tmp_path):
    folder = tmp_path / "cases"
    folder.mkdir()
    shutil.copy(RIDES, folder / "rides.yaml")
    shutil.copy(TRUCKS, folder / "trucks.yaml")
    for extra in ((), ("--verdicts-only",)):
        res = run("batch", str(folder), "lawful", "--to", "csv", *extra)
        rows = [r for r in _csv(res.output) if r[0] == "rides"]
        assert rows == [("rides", "false", "true", "op1"), ("rides", "false", "false", "op2"),
                        ("rides", "false", "undetermined", "op3")], (extra, res.output)
        res = run("batch", str(folder), "forfeiture", "--to", "csv", *extra)
        rows = sorted({(r[2], r[3]) for r in _csv(res.output) if r[0] == "trucks"})   # the open truck: a row per range
        assert rows == [("false", "gravel1"), ("true", "milk1"), ("undetermined", "steel1")], (extra, res.output)


def test_whatif_changes_the_verdict_about_each_ride():
    res = run("whatif", str(FACTS / "ch350_three_night_rides.yaml"), "lawful", "--no-pairs", "--limit", "3")
    assert res.exit_code == 0, res.output
    text = " ".join(res.output.split())
    # the 30-ft trail at 40 ft: that ride lawful, the answer undetermined (the unmeasured ride is open)
    assert "had been 40 feet instead of 30 feet" in text


def test_a_question_answered_by_cases_reads_as_the_question_not_as_its_split():
    # it read "Is it so that whether or not Dale Peters was found guilty on count 2?"
    a = ask(str(FACTS / "ch350_charges_verdict_undetermined.yaml"), "counted_conviction(dale, I, P)")
    assert a.graph.nodes[a.graph.graph["root"]]["kind"] == "cases"
    assert a.argument.question.startswith("Is it so that Dale Peters has one conviction for some incident under some paragraph")
    assert "whether or not" not in a.argument.question


def test_a_question_with_its_role_open_reads_in_words():
    # it read "Is it so that s. 348.25(1) binds the some value?"
    a = ask(str(FACTS / "ch348_crane_over_permit_weight.yaml"), 'binds("348.25(1)", R)')
    assert a.argument.question == "Is it so that s. 348.25(1) binds a person in some role?"
    assert a.argument.short == "s. 348.25(1) binds the operator."


def _without(src: Path, tmp_path: Path, lines: list[tuple[str, str]]) -> str:
    """A copy of a bundled case with some verdicts left unstated (each (before, after) replaced once)."""
    text = src.read_text()
    for before, after in lines:
        assert before in text
        text = text.replace(before, after, 1)
    out = tmp_path / src.name
    out.write_text(text)
    return str(out)


TWO = FACTS / "ch350_charges_two_people.yaml"   # Dale: (a) guilty, (b) verdict unknown; Erin: (a) and (b) guilty
COUNT1_GUILTY = ("    charge_paragraph: a\n    found_guilty: true\n  count2", "    charge_paragraph: a\n  count2")
COUNT4_GUILTY = ("    charge_paragraph: b\n    found_guilty: true", "    charge_paragraph: b")


def test_one_conviction_of_dale_counts_either_way_beside_erins_charges():
    # s. 350.101(1)(d): whether or not count 2 ended in a finding of guilt, one conviction of Dale
    # counts for the February 3 ride, (a) alone or (a) and (b) joined; his two rows are each open,
    # but the answer says that one of them holds, case by case, instead of leaving him open
    a = ask(str(TWO), "conviction_count")
    assert a.answer == "true"
    assert [(r["entity"], r["answer"], r["by_cases"]) for r in a.each] == [("dale", "true", True), ("erin", "true", False)]
    short = " ".join(a.argument.short.split())
    assert short.startswith("Erin Moss has one conviction for the March 9 ride under both pars. (a) and (b),")
    # a sentence that names him (trainer review 4), not a label ('For Dale Peters: yes, ...')
    assert ("What holds for Dale Peters turns on whether Dale Peters was found guilty on count 2: if so, "
            "Dale Peters has one conviction for the February 3 ride under both pars. (a) and (b)") in short
    assert "For Dale Peters:" not in short and "though what holds differs" not in short
    # if not, his one finding is not merged: par. (d) is not its ground (it cites the paragraph found)
    assert ("if not, Dale Peters has one conviction for the February 3 ride under par. (a) alone, for sentencing and "
            "for counting convictions under s. 350.11(3)(a)2 and 3 (not in the excerpt) (s. 350.101(1)(a), (d))") in short
    assert "Undetermined" not in short and "incidents" not in short
    # each row stays open on its own (which one holds is not known); the table says one of them
    assert sorted(b["Paragraph"] for b in a.bindings if b["Person"] == "dale" and b["answer"] == "undetermined") \
        == ["a", "a_and_b"]
    table = {row["entity"]: row for row in a.argument.table}
    assert table["Dale Peters"]["established"] == ["one of: the February 3 ride, par. (a) alone; or the February 3 ride, both pars. (a) and (b)"]
    assert table["Dale Peters"]["open"] == []
    # his argument under s. 350.101(1)(d), in each case, headed with his name
    heads = [p.case for p in a.argument.provisions if p.case]
    # each case headed with his name and the case (trainer review 12, 12: not the heading, the case and
    # 'only what differs' strung with semicolons)
    assert heads[0].startswith("Dale Peters — if Dale Peters was found guilty on count 2: only what differs")
    # (d) for the merged findings; (a) for his finding under par. (a) alone (if count 2 ended otherwise)
    assert {p.citation for p in a.argument.provisions} == {"350.101(1)(a)", "350.101(1)(d)"}
    data = json.loads(run("ask", str(TWO), "conviction_count", "--format", "json").output)
    by = {e["entity"]: e for e in data["entities"]}
    assert by["dale"]["by_cases"] is True and by["dale"]["answer"] == "true"
    assert by["dale"]["sentence"].startswith("What holds for Dale Peters turns on whether Dale Peters was found guilty")
    assert by["erin"]["by_cases"] is False and data["undetermined"] == []


def test_two_persons_each_open_either_way_are_argued_each_by_their_own_cases(tmp_path):
    # both (b) verdicts unknown: the whole answer holds in every world, but what it shows is each
    # person's own: one case analysis per person, not the four combinations of both
    path = _without(TWO, tmp_path, [COUNT4_GUILTY])
    a = ask(path, "conviction_count")
    assert a.answer == "true" and [r["by_cases"] for r in a.each] == [True, True]
    short = " ".join(a.argument.short.split())
    assert short.startswith("What holds for Dale Peters turns on whether Dale Peters was found guilty on count 2")
    assert "What holds for Erin Moss turns on whether Erin Moss was found guilty on count 4: if so," in short
    assert "and whether or not" not in a.argument.cases and "count 4 was found guilty and" not in a.text()


def test_two_open_rows_about_one_incident_are_not_called_two_incidents(tmp_path):
    # Dale's two verdicts unknown: no conviction of his may count (neither guilty), so his rows stay
    # open; they differ in the paragraph only (it read "for any of 2 incidents (some value)")
    path = _without(TWO, tmp_path, [COUNT1_GUILTY])
    a = ask(path, "conviction_count")
    assert [(r["entity"], r["answer"], r["by_cases"]) for r in a.each] == [("dale", "undetermined", False),
                                                                          ("erin", "true", False)]
    short = " ".join(a.argument.short.split())
    assert short.startswith("Erin Moss has one conviction for the March 9 ride under both pars. (a) and (b),")
    assert ("whether Dale Peters has one conviction for the February 3 ride under par. (a) alone; both pars. (a) and "
            "(b); par. (b) alone; or none, for sentencing and for counting convictions under s. 350.11(3)(a)2 "
            "and 3 (not in the excerpt), which turn on: whether Dale Peters was found "
            "guilty on count 1; whether Dale Peters was found guilty on count 2") in short
    assert "incidents" not in short


OWNER = str(FACTS / "ch350_owner_lends_three_times.yaml")   # knowingly to a drunk friend, to a sober one, unknown


def test_owner_liability_answers_each_ride_in_text_json_and_csv(tmp_path):
    a = ask(OWNER, "owner_liable")
    assert a.answer == "true"
    assert [(r["entity"], r["answer"]) for r in a.each] == [("op1", "true"), ("op2", "false"), ("op3", "undetermined")]
    table = {row["entity"]: row for row in a.argument.table}
    assert list(table) == ["the first ride", "the second ride", "the third ride"]   # by ride, not by owner
    # found under the default reading of 'knowingly'; open under the other (s. 350.08, words14)
    assert table["the first ride"]["established"][0] == "Quinn Adler"
    assert table["the first ride"]["established"][1:] == [
        "open if the owner must also have known of the age, disability or intoxication that barred the person "
        "(another reading of s. 350.08)"]
    assert table["the third ride"]["open"][0].startswith("open: Quinn Adler; the case does not state")
    assert table["the second ride"]["established"][0].startswith("not shown on the facts stated (")
    data = json.loads(run("ask", OWNER, "owner_liable", "--format", "json").output)
    by = {e["entity"]: e for e in data["entities"]}
    assert [o["offender"] for o in by["op1"]["offenders"]] == ["quinn"] and by["op2"]["offenders"] == []
    folder = tmp_path / "cases"
    folder.mkdir()
    shutil.copy(OWNER, folder / "owner.yaml")
    rows = list(csv.DictReader(io.StringIO(run("batch", str(folder), "owner_liable", "--to", "csv").stdout)))
    assert sorted((r["O"], r["binding_answer"]) for r in rows) == [("op1", "true"), ("op2", "false"),
                                                                     ("op3", "undetermined")]


def test_permit_fees_give_every_permit_in_json_and_csv_the_open_one_too(tmp_path):
    case = str(FACTS / "ch348_permit_fees_mixed.yaml")
    data = json.loads(run("ask", case, "permit_fee", "--format", "json").output)
    fees = {e["entity"]: (e["answer"], [(r["Fee"] or {}).get("dollars") for r in e["rows"]]) for e in data["entities"]}
    assert fees == {"st_wide_heavy": ("true", ["65.00"]), "annual_long_heavy": ("true", ["610.00"]),
                    "annual_88k": ("undetermined", [None]), "st_oversize": ("true", ["40.00"])}
    folder = tmp_path / "cases"
    folder.mkdir()
    shutil.copy(case, folder / "permits.yaml")
    rows = list(csv.DictReader(io.StringIO(run("batch", str(folder), "permit_fee", "--to", "csv").stdout)))
    assert sorted(r["P"] for r in rows) == sorted(fees)


def test_a_charge_joined_as_the_second_of_a_pair_is_not_said_unjoined():
    # offenses_joined(A, B) holds with the par. (a) charge as A and the par. (b) charge as B: the (b)
    # charge is in the row too. It read 'No: the facts do not establish that the offenses charged in
    # count 2 and any charge shall be joined' beside 'count 1 and count 2 shall be joined'
    a = ask(str(TWO), "joinder")
    assert a.answer == "true"
    assert [(r["entity"], r["answer"]) for r in a.each] == [("count1", "true"), ("count2", "true"),
                                                            ("count3", "true"), ("count4", "true")]
    short = " ".join(a.argument.short.split())
    assert short == ("The offenses charged in count 1 and count 2 shall be joined (s. 350.101(1)(d)); the offenses "
                     "charged in count 3 and count 4 shall be joined (s. 350.101(1)(d)).")


def test_a_no_whose_reason_begins_with_the_vehicle_still_says_no(tmp_path):
    # may_proceed about two weighed vehicles: one within its limit (yes), one over it and not
    # reloaded (no); the 'no' line gives a reason that begins with the vehicle's name, and the
    # answer's sentence must still say 'no' for it, not the reason alone
    case = tmp_path / "two.yaml"
    case.write_text(
        "entities:\n"
        "  truck_a:\n    type: vehicle\n    weighed: true\n    found_weight_lb: 79000\n    max_weight_lb: 80000\n"
        "  truck_b:\n    type: vehicle\n    weighed: true\n    found_weight_lb: 90000\n    max_weight_lb: 80000\n"
        "    excess_reloadable: false\n    load_adjusted_to_comply: false\n    transports_livestock: false\n")
    a = ask(str(case), "may_proceed")
    said = {r["entity"]: r["answer"] for r in a.each}
    assert said["truck_b"] == "false", said
    line = a.sentence if hasattr(a, "sentence") else a.text()
    assert "truck_b: no" in line.lower(), line


def test_a_further_party_with_nothing_that_differs_says_the_same_reasoning(tmp_path):
    # review 4 (04): 'count 3: only what differs from count 1 (...)' was followed by nothing that differs
    from click.testing import CliRunner
    from reasoner.cli import main
    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "h.md"
    r = CliRunner().invoke(main, ["export", str(root / "facts/ch350_charges_two_people.yaml"), "joinder",
                                  "--to", "md", "-o", str(out)])
    assert r.exit_code == 0, r.output
    md = out.read_text(encoding="utf-8")
    assert "count 3: only what differs" not in md
    assert "Count 3: the same reasoning as for count 1" in md
    assert "the offenses charged in count 3 and count 4 shall be joined" in md


def test_a_party_argued_alike_under_other_words_of_the_section_keeps_the_same_reasoning(tmp_path):
    # issue 46, item 4: lines are compared within the section, not only the provision; a further party
    # with nothing of its own still reads 'the same reasoning as for ...', never 'only what is its own'
    # over nothing
    from click.testing import CliRunner
    from reasoner.cli import main
    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "h.md"
    r = CliRunner().invoke(main, ["export", str(root / "facts/ch350_owner_lends_three_times.yaml"), "violations",
                                  "--to", "md", "-o", str(out)])
    assert r.exit_code == 0, r.output
    md = out.read_text(encoding="utf-8")
    # headed by the ride the question is about, not the person its conclusion names first (review 7, 09)
    assert md.count("*The third ride: the same reasoning as for the first ride:*") == 2
    assert "only the points that differ" not in md and "only what is its own" not in md
