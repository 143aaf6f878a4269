"""When a reading or a missing passage can change a result, the table row says so (trainer review 7,
change 4): the row of a party our reading clears, the row whose amount another reading changes, and
never "None of these readings changes the answer" when one does."""
from pathlib import Path

from reasoner.answer.api import Case
from reasoner.prose.argument import answer_box, table_cells
from reasoner.prose.readings import NONE_CHANGES, handout_closing

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
SLEDS = FIXTURES / "review7_county_k_night_sleds.yaml"          # review 7, 09
RECORDS = FIXTURES / "review7_weigh_station_four_records.yaml"  # review 7, 11


def _cells(arg) -> dict[str, tuple]:
    return {r["entity"]: table_cells(r, arg.table) for r in arg.table if "entity" in r}


def test_a_party_with_no_row_of_its_own_that_our_reading_clears_says_the_reading():
    """The 21:55 ride (against traffic, 60 ft, approved trail, 4.b missing from the excerpt): nothing
    else is open for it, so it had no row when the reading's note was added and printed a flat
    'no one / no violation found'."""
    answer = Case.from_file(SLEDS).ask("violations")
    arg = answer.argument
    cells = _cells(arg)
    row = cells["ride_b"]
    assert row[-1] == ("no violation of s. 350.02(2)(b)4, unless the missing 4.b adds a condition to the trail exception"), row
    assert "no violation found" not in row[-1]
    # the others keep their violations and their offenders, and no note of the reading
    assert cells["ride_a"][-1] == "violated s. 350.02(2)(b)4" and cells["ride_a"][1] != "no one"
    assert cells["ride_d"][-1] == "violated s. 350.02(2)(b)1"
    assert cells["ride_c"][-1] == "violated s. 350.09(1) and s. 350.10(1)(g)"
    assert not any("unless the missing" in c[-1] for e, c in cells.items() if e != "ride_b")
    assert handout_closing(arg) != NONE_CHANGES


def test_an_amount_another_reading_changes_shows_both_in_its_row():
    """The fuel tanker: a (3) judgment 13 months back, affirmed 5 months back. s. 348.21(4) 'may be
    counted': on our reading the affirmance counts ($100-$200, s. 348.21(3)(a)); if the court counts
    the original judgment, a first conviction ($50-$100)."""
    answer = Case.from_file(RECORDS).ask("forfeiture")
    turns = answer.interpretation["turns_on"]
    assert [t["qualified"] for t in turns] == ["affirmance_counted.original_judgment"]
    arg = answer.argument
    cells = _cells(arg)
    assert cells["fuel_tanker"][-1] == ("$100.00 to $200.00 (s. 348.21(3)(a)); $50.00 to $100.00 if the court counts "
                                        "the original judgment (s. 348.21(4) 'may')"), cells
    # the other three vehicles' amounts do not turn on it: no note in their rows
    assert cells["grain_semi"][-1] == "$372.00 to $572.00 (s. 348.21(3)(b)2)"
    assert cells["log_combo"][-1] == "$310.00 to $410.00 (s. 348.21(3g)(a))"
    assert cells["mixer_truck"][-1] == "$700.00 to $900.00 (s. 348.21(3)(b)2)"
    # the closing sentence that said no reading changes the answer is gone, and the answer says it turns;
    # the closing names the reading that changes it beside those that do not (trainer review 14, 03)
    closing = handout_closing(arg)
    assert closing.startswith("Read the other way, ") and closing.endswith(" changes it, as the answer says.")
    assert "the same answer;" in closing and NONE_CHANGES not in arg.interpretation
    assert "turns on the reading of" in answer_box(arg) and "s. 348.21(4)" in answer_box(arg)


def test_the_may_be_counted_reading_is_listed_and_argued_where_it_is_used():
    arg = Case.from_file(RECORDS).ask("forfeiture").argument
    said = repr(arg.provisions)
    assert "by an appellate court is counted for the 12-month period" in said
    assert any("may be counted" in r and "either date" in r for r in arg.readings), arg.readings


def test_an_affirmed_prior_inside_the_period_either_way_does_not_turn_on_it(tmp_path):
    """A judgment 7 months back, affirmed 2 months back: within the period on either reading."""
    import yaml
    case = yaml.safe_load(RECORDS.read_text(encoding="utf-8"))
    case["entities"]["tanker_prior"]["months_since_prior"] = 7
    path = tmp_path / "inside.yaml"
    path.write_text(yaml.safe_dump(case), encoding="utf-8")
    answer = Case.from_file(path).ask("forfeiture")
    assert answer.interpretation["turns_on"] == []
    assert _cells(answer.argument)["fuel_tanker"][-1] == "$100.00 to $200.00 (s. 348.21(3)(a))"


def test_a_phrase_may_name_the_word_its_readings_differ_on():
    """`@phrase NAME "CITATION" "words" "key".`: the key is quoted in a row's note; without it the note
    says 'another reading of'."""
    from reasoner.language.parser import parse_text
    from reasoner.prose.argument import otherwise_on_reading
    prog = parse_text('@phrase p "348.21(4)" "may be counted" "may".\n@phrase q "348.21(4)" "counted".\n', "k.dl")
    assert prog.phrases["p"].key == "may" and prog.phrases["q"].key == ""
    assert otherwise_on_reading(["$1.00"], "x holds", "348.21(4)", "may") == "$1.00 if x holds (s. 348.21(4) 'may')"
    assert otherwise_on_reading(["$1.00"], "x holds", "348.21(4)") == "$1.00 if x holds (another reading of s. 348.21(4))"


ROOT = Path(__file__).resolve().parents[2]


def test_an_exception_presumed_not_raised_that_would_lower_the_amount_is_said_in_the_answer_box():
    """Review 7, 07: a 1,500-lb axle excess; reloading under s. 348.21(2)(b) is for the operator to
    raise (presumed not so), and raised it would give no forfeiture if reloaded, $50 if not, in place
    of $65-$215: the answer box says so, with what else it turns on; the amount found stays."""
    answer = Case.from_file(ROOT / "facts/ch348_report_axle_overweight.yaml").ask("forfeiture")
    assert answer.answer == "true" and [(b["Min"], b["Max"]) for b in answer.bindings] == [(6500, 21500)]
    [r] = answer.interpretation["raised"]
    assert r["input"] == "excess_reloadable" and r["citation"] == "348.21(2)(b)" and r["entity"] == "truck"
    box = " ".join(answer_box(answer.argument).split())
    assert "not less than $65.00 nor more than $215.00 (s. 348.21(3)(b)1)" in box
    assert ("Unless the excess load of the truck can be reloaded within the normal load carrying areas onto other "
            "wheels or axles so that all wheels and axles are then within the statutory limits (s. 348.21(2)(b); "
            "the case does not raise it): then no forfeiture if the operator of the truck reloaded under s. 348.21"
            "(2)(b) and all axles and axle groups were then within the legal limits, $50.00 if not; that also "
            "turns on the total weight in pounds that must be shifted") in box, box
    # the other presumptions (raw forest products, husbandry) would not lower it: not said
    assert box.count("Unless ") == 1 and "raw forest" not in box


def test_no_unless_where_raising_the_exception_would_not_lower_the_amount():
    for case in ("facts/ch348_grain_semi_first_offense.yaml", "facts/ch348_tandem_axle_not_reloaded.yaml"):
        answer = Case.from_file(ROOT / case).ask("forfeiture")
        assert "raised" not in answer.interpretation and "Unless " not in answer_box(answer.argument), case
    # strict: nothing presumed, nothing to raise
    from reasoner.core.settings import Settings, use
    with use(Settings(strict=True)):
        answer = Case.from_file(ROOT / "facts/ch348_report_axle_overweight.yaml").ask("forfeiture")
    assert "raised" not in answer.interpretation
