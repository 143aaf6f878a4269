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
    # the closing sentence that said no reading changes the answer is gone, and the answer says it turns
    assert handout_closing(arg) == "" and NONE_CHANGES not in arg.interpretation
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
