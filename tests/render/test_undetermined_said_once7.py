"""Never leave a party half-answered (trainer review 7, change 2): an amount whose every candidate
turns on one missing fact is said as that fact, once, and its party's liable cell is not 'no one'
(08); the list of what is left open is not repeated below a table whose rows say it, and an owner's
open s. 350.08 in a ride is never listed as 's. the second ride' (10); a report's open provisions
are what to ask next, one line per fact, and its answer box does not count '1 more' provisions (01)."""
import re
from pathlib import Path

from asking import handout_of, handout_text
from reasoner.prose import argument as words

ROOT = Path(__file__).resolve().parents[2]
STATION = ROOT / "facts/ch348_weigh_station_one_within.yaml"       # 79,900 lb; 82,600 lb; steel hauler unweighed
LANDING = ROOT / "tests/fixtures/landing_borrowed_sleds.yaml"     # four owners: liable, open, not, open
REPORT = ROOT / "facts/ch350_report_night_direction.yaml"          # one violation, 27 provisions open


def _rows(path: Path, query: str) -> dict:
    arg = handout_of(path, query).argument
    return {r["entity"]: words.table_cells(r, arg.table) for r in arg.table}


def test_an_amount_open_on_one_missing_weight_is_said_as_that_weight_once():
    rows = _rows(STATION, "forfeiture")
    vehicle, liable, result = rows["the steel hauler"]
    assert liable != "no one" and liable == "possibly Lakeshore Steel LLC"   # whom the open amount would bind (review 9)
    assert result.startswith("undetermined: the case does not state the weight in pounds found for the steel hauler")
    assert result.endswith("no forfeiture under s. 348.21 can be computed")
    assert "$" not in result and result.count("the case does not state") == 1
    # the decided parties are unchanged: the milk tanker's bracket against the authority holder
    assert rows["the milk tanker"][1:] == ("Dairyland Co-op", "$128.00 to $278.00 (s. 348.21(3)(b)1)")
    assert rows["the gravel truck"][1] == "no one"
    text = handout_text(STATION, "forfeiture")
    # no bracket ranges of the steel hauler anywhere: not in the answer box, not in a list below
    for amount in ("$140.00", "$250.00", "$450.00", "$50.00 nor more than $100.00"):   # ($70.00: a what-if of the tanker)
        assert amount not in text, amount
    assert "or another amount the facts leave open" not in text
    assert "Left undetermined" not in text
    box = words.answer_box(handout_of(STATION, "forfeiture").argument)
    # whom the milk tanker's row holds liable is the table's (its liable column), not said again in the box
    assert "steel hauler" not in box and box.startswith("As in the table above.") and "Dairyland Co-op" not in box


def test_the_open_list_is_not_repeated_below_a_table_that_says_it():
    arg = handout_of(LANDING, "owner_liable").argument
    rows = _rows(LANDING, "owner_liable")
    said = " ".join(" ".join(r) for r in rows.values())
    assert "whether the 14-year-old holds a valid snowmobile safety certificate" in said
    assert "under the influence of an intoxicant" in said
    assert arg.undetermined == [] and not arg.missing
    text = handout_text(LANDING, "owner_liable")
    assert "Left undetermined" not in text and "s. the second ride" not in text and "(“the ride” below):;" not in text
    box = words.answer_box(arg)
    assert "listed below" not in box and box.endswith("The table gives the facts that would decide each.")
    assert "The 44-year-old knowingly permitted a prohibited operator" in box and "(s. 350.08)" in box
    assert "kid" not in box.lower() and "owner 1" not in box.lower()   # no case id (trainer review 7)


def test_a_report_lists_what_to_ask_next_one_line_per_fact():
    arg = handout_of(REPORT, "violations").argument
    box = words.answer_box(arg)
    assert box == ("Taylor Johnson (the operator) violated s. 350.02(2)(b)4 in the ride. "
                   "Nothing else can be decided from the report; the list at the end says what to ask.")
    lines = [str(u) for u in arg.undetermined]
    # one line per fact, only the facts of the provisions the report's stated facts engage (trainer
    # review 8, 01): the speed once for its two provisions; the lamp provisions' 'snowmobile used in
    # the ride' and the age, of provisions nothing in the report touches, said in the closing line
    assert sum(1 for u in lines if u.startswith("the speed of the snowmobile in the ride")) == 1
    assert "the speed of the snowmobile in the ride, in miles per hour (ss. 350.02(2)(b)6 and 350.10(1)(g))" in lines
    assert not any(u.startswith(("the snowmobile used in the ride", "the age in years of Taylor Johnson")) for u in lines)
    assert lines[-1].startswith("The other facts the case does not state would matter only to the provisions not examined")
    assert not any(u.startswith("s. 350.") for u in lines)
    text = handout_text(REPORT, "violations")
    assert "What to ask next" in text and "and 1 more" not in text and "23 more provisions left open" not in text
    assert "27 other provisions are left undetermined" in text


def test_single_changes_of_several_kinds_are_said_in_one_sentence():
    text = handout_text(REPORT, "violations")
    assert "Changes of one fact each would clear one party of the violation found. Changes of one fact each" not in text
    assert ("Each change below, on its own, would alter the answer: some would clear one party of the violation "
            "found and some would leave it undecided.") in text


def test_a_report_whose_answer_is_open_keeps_what_it_turns_on():
    arg = handout_of(ROOT / "facts/ch350_report_residential_access.yaml", "violations").argument
    box = words.answer_box(arg)
    assert box.startswith("Undetermined: on the provisions the case's facts engage")
    assert "lighted head lamp" in box and words.ASK_BELOW not in box
