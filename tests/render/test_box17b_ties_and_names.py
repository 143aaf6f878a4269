"""box17b (trainer review 12, 10-12; issue 46): a several-party facts box says each tie once, in the
party's own line, and leaves out a tie the party's line, the table's 'Who is liable' column or the
argument's silence makes idle (19 lines for two parties); a charge's sentences name the person
charged ('Ray Dunn was found guilty on ...', not 'the person charged was found guilty on ...'), in
the box, the table, the argument and the what-ifs; a table cell whose later outcome itself turns on
a fact (an appeal's outcome) says it with its condition and citations, as the count's note does."""
from pathlib import Path

from reasoner.apps.export import export_files

ROOT = Path(__file__).resolve().parents[2]


def _md(path: str, query: str, whatif: bool = False) -> str:
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.core.settings import current
    q = Question.of(str(ROOT / path), query, default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q, with_whatif=whatif)
    return text


def _box(md: str) -> list:
    lines = md.splitlines()
    start = next(i for i, x in enumerate(lines) if x.startswith("**The facts the argument uses.**"))
    end = next(i for i, x in enumerate(lines) if i > start and x.startswith(("## ", "**", "*")) and not x.startswith("- "))
    return [x for x in lines[start + 1:end] if x.startswith("- ")]


def test_charges_each_in_its_persons_line_named_with_no_idle_tie_lines():
    md = _md("tests/fixtures/box17b_two_cousins_charges.yaml", "conviction_count", whatif=True)
    assert _box(md) == [
        "- Ray Dunn: found guilty on the culvert crash par. (a) charge; not found guilty on the culvert crash par. (b) "
        "charge; the paragraph of s. 350.101(1) under which the supper club ride charge is brought is par. (b); found "
        "guilty on the supper club ride charge — *stated*",
        "- Cal Dunn: the paragraph of s. 350.101(1) under which the ride home charge is brought is par. (a) — *stated*",
        "- whether Cal Dunn was found guilty on the ride home charge — *not stated*",
    ]
    # the table, the argument and the what-ifs name the person charged too
    assert ("| Cal Dunn | open: the ride home, par. (a) alone; the case does not state whether Cal Dunn was found "
            "guilty on the ride home charge |") in md
    assert "   - Ray Dunn was found guilty on the supper club ride charge — **met** (case file line 37)" in md
    assert "      - Ray Dunn was found guilty on the culvert crash par. (b) charge — **not met** (case file line 31)" in md
    assert ("   - whether Cal Dunn was found guilty on the ride home charge — **not stated** "
            "(the answer turns on it)") in md
    assert ("If Ray Dunn had not been found guilty on the supper club ride charge (the case states that Ray Dunn was "
            "found guilty on the supper club ride charge)") in md
    assert "the person charged was" not in md and "whether the person charged" not in md
    assert "is Ray Dunn — *stated*" not in md and "is Cal Dunn — *stated*" not in md
    # the verdicts as before (s. 350.101(1)(d) counts each of Ray's, Cal's open)
    assert "| Ray Dunn | the supper club ride, par. (b) alone; the culvert crash, par. (a) alone |" in md


def test_a_charge_whose_person_the_case_does_not_state_keeps_the_words():
    from reasoner.prose.sentences import named_in
    related = {"c1": (("charged_person", "the person charged", "Ray Dunn"),)}
    said = "the person charged was found guilty on count 1"
    assert named_in(related, "found_guilty", ("c1",), said) == "Ray Dunn was found guilty on count 1"
    assert named_in(related, "found_guilty", ("c2",), said) == said            # no person stated for count 2
    assert named_in(related, "charged_person", ("c1", "ray"), "the person charged in count 1 is Ray Dunn") == \
        "the person charged in count 1 is Ray Dunn"                             # the relation's own sentence


def test_a_weight_box_drops_the_liable_holder_and_the_driver_and_the_table_keeps_the_appeal_condition():
    md = _md("tests/fixtures/box17b_two_trucks_appealed_prior.yaml", "forfeiture")
    box = _box(md)
    # each prior's tie said once, in its vehicle's line, without the vehicle's name again; no line of
    # the authority holder (the table's 'Who is liable' says it) or of the driver (no element names him)
    assert box[:2] == [
        "- the first vehicle: the weight found on weighing (gross weight, or the load on the wheel, axle or axle group "
        "in question) is 73,600 lb; the provision of s. 348.21 under which the conviction 8 months earlier was imposed "
        "is sub. (3); the conviction 8 months earlier ended in a court judgment; the conviction 15 months "
        "earlier is on the record of the person charged — *stated*",
        # offender18 (trainer review 16, G1): the second truck's prior is its driver's, the case says, and
        # the driver is named under s. 348.21(3): the record is the operator's, stated, never assumed the
        # sand company's
        "- the second vehicle: the weight found is 70,950 lb; the conviction 13 months earlier is on the record of "
        "the operator — *stated*",
    ]
    assert "taken as the record of the person prosecuted" not in md
    assert ("- the excess load of the first vehicle could not be reloaded within the normal load carrying areas onto "
            "other wheels or axles so that all wheels and axles are then within the statutory limits; the same for the "
            "second vehicle — *stated*") in box
    assert not any("operating privileges" in x or "the operator of" in x or "truck one driver" in x
                   or "on the record of the person charged over" in x or x.startswith("- the conviction")
                   for x in box), box
    assert ("| the first vehicle | the first vehicle's driver (operator, s. 348.21(3), against whom the listed priors are "
            "not shown to count) and, where practicable, the sole trader (s. 348.20(1)) | $388.00 to $588.00 (s. "
            "348.21(3)(b)2) if this case's conviction is "
            "entered within 4 months of the weighing; otherwise, if the judgment in the conviction 15 months earlier "
            "was affirmed by an appellate court and if the number of months from the appellate affirmance of the "
            "conviction 15 months earlier to the current conviction is 12 months or less, $388.00 to $588.00 (s. "
            "348.21(3)(b)2), imposed on the first vehicle's driver (the operator) only at the first-conviction range, "
            "not this one (assumed: no prior conviction counted against the first vehicle's driver — the case gives "
            "only the sole trader's record); if not, $230.00 to $380.00 (s. 348.21(3)(b)1), imposed on the first "
            "vehicle's driver (the operator, assumed: no prior conviction counted against the first vehicle's driver "
            "— the case gives only the sole trader's record) |") in md
    assert "otherwise $230.00 to $380.00; or $388.00 to $588.00" not in md
    assert ("| the second vehicle | the second vehicle's driver (operator, s. 348.21(3), whose record the listed priors are) "
            "and, where practicable, the sand company (s. 348.20(1), against whom the listed priors are not shown to "
            "count) | $50.00 to $100.00 (s. 348.21(3)(a)) |") in md
    # the count's note says the same, in the same words
    assert any(x.endswith("*stated; assumed: this case's conviction is entered within 4 months of the weighing* (otherwise, "
                          "if the judgment in the conviction 15 months earlier was affirmed by an appellate court and "
                          "if the number of months from the appellate affirmance of the conviction 15 months earlier "
                          "to the current conviction is 12 months or less, $388.00 to $588.00 (s. 348.21(3)(b)2), "
                          "imposed on the first vehicle's driver (the operator) only at the first-conviction range, not "
                          "this one (assumed: no prior conviction counted against the first vehicle's driver — the case "
                          "gives only the sole trader's record); if not, $230.00 to $380.00 (s. 348.21(3)(b)1), imposed "
                          "on the first vehicle's driver (the operator, assumed: no prior conviction counted against the "
                          "first vehicle's driver — the case gives only the sole trader's record))") for x in box), box


def test_three_carriers_box_has_no_holder_or_operator_lines():
    md = _md("facts/ch348_weigh_station_three_trucks.yaml", "forfeiture")
    box = _box(md)
    assert box[:3] == [
        "- the gravel truck: the weight found on weighing (gross weight, or the load on the wheel, axle or axle group "
        "in question) is 80,900 lb — *stated*",
        "- the milk tanker: the weight found is 82,600 lb — *stated*",
        "- the steel hauler: the weight found is 85,300 lb — *stated*",
    ]
    assert not any("operating privileges" in x or x.startswith("- the operator of") for x in box), box
    assert ("| the gravel truck | Ana Voss (operator, s. 348.21(3)) and, where practicable, North Gravel Inc. (s. 348.20(1)) "
            "| $50.00 to $100.00 (s. 348.21(3)(a)) |") in md
