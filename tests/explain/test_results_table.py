"""A handout about two or more parties opens with a results table: one row per party the question is
about, its result in words a trainee reads ('violated s. 350.02(2)(b)4', 'no violation of ...',
'lawful', 'open: the case does not state ...'), who is liable in its own column; never a dash, never
a count of undetermined provisions, never a provision the case does not raise."""
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.answer.api import Case
from reasoner.prose import argument as words

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "facts"


def cells(arg):
    return [words.table_cells(r, arg.table) for r in arg.table]


def test_lawful_unlawful_and_open_party_each_a_row_with_its_result_in_words():
    arg = ask(str(FACTS / "ch350_three_night_rides.yaml"), "lawful").argument
    assert words.table_head(arg.table) == ("Operation", "Who is liable", "Result")
    rows = cells(arg)
    assert [r[0] for r in rows] == ["the ride on the 45-ft trail", "the ride on the 30-ft trail",
                                    "the ride on the unmeasured trail"]
    assert rows[0][1:] == ("no one", "lawful")
    assert rows[1][1:] == ("Alex Berg", "unlawful: violated s. 350.02(2)(b)4")
    assert rows[2][1] == "possibly Kim Lund"   # an open ride: whom it would bind, never "no one" (review 9)
    assert rows[2][2].startswith("open: the case does not state the distance in feet between the snowmobile trail") \
        or rows[2][2].startswith("open: the case does not state the distance in feet between the snowmobile and")
    assert "trail used in the ride on the unmeasured trail and the roadway" in rows[2][2]
    assert not any("—" in c or "undetermined" in c for r in rows for c in r)


RIDES = {
    "description": "Three riders at night beside County Highway K; the first with traffic, the second and third "
                   "against it, 55 ft and 25 ft from the roadway, on an approved trail.",
    "entities": {
        **{ride: {"type": "operation", "operator": rider, "at_night": True, "adjacent_to_roadway": True,
                  "on_main_traveled_portion": False, "highway_class": "county", **extra}
           for ride, rider, extra in [
               ("ride_a", "rider_a", {"distance_from_roadway_ft": 55, "travelled_with_traffic": True}),
               ("ride_b", "rider_b", {"distance_from_roadway_ft": 55, "trail_distance_ft": 55,
                                      "travelled_with_traffic": False, "trail_approved_by_maintenance_officer": True}),
               ("ride_c", "rider_c", {"distance_from_roadway_ft": 25, "trail_distance_ft": 25,
                                      "travelled_with_traffic": False, "trail_approved_by_maintenance_officer": True})]},
        "rider_a": {"type": "person"}, "rider_b": {"type": "person"}, "rider_c": {"type": "person"},
    },
}


def test_violations_report_table_says_violated_and_no_violation_and_never_counts_open_rows():
    answer = Case.from_dict(RIDES, "rides").ask("violations")
    arg = answer.argument
    assert words.table_head(arg.table) == ("Operation", "Who is liable", "Result")
    rows = {r[0]: r[1:] for r in cells(arg)}
    assert set(rows) == {"ride_a", "ride_b", "ride_c"}
    assert rows["ride_c"][0] == "rider_c"
    assert rows["ride_c"][1].startswith("violated s. 350.02(2)(b)4")
    for ride in ("ride_a", "ride_b"):
        assert rows[ride][0] == f"possibly rider_{ride[-1]}"   # open: whom it would bind; never 'no one' (review 6, 9)
        assert rows[ride][1].startswith("no violation of s. 350.02(2)(b)4")
    text = " ".join(c for r in rows.values() for c in r)
    assert "—" not in text and "undetermined" not in text   # no '27 undetermined'
    # provisions the case never raises (drugs, cemeteries, Indian lands) are not in the table
    for unraised in ("s. 350.101(1)(a)", "s. 350.10(1)(k)", "s. 350.10(1)(m)", "s. 350.07"):
        assert unraised not in text


def test_one_ride_two_people_liable_under_different_provisions_a_row_each():
    arg = ask(str(FACTS / "ch350_impaired_borrowed_sled.yaml"), "violations").argument
    assert words.table_head(arg.table) == ("Person", "Result")
    assert cells(arg) == [("Quinn Adler", "violated s. 350.08"),
                          ("Chris Meyer", "violated s. 350.101(1)(a) and s. 350.101(1)(b)")]


def test_daylight_is_argued_as_the_same_exception_for_every_ride():
    """s. 350.02(2)(b)4 'At night travel shall conform ...': at night is an element of the night-direction
    rule for the lawful ride as for the unlawful one (trainer review 11, G6), never the daylight of (b)3
    argued as an exception, nor an element of one ride and an exception of another."""
    answer = ask(str(FACTS / "ch350_three_night_rides.yaml"), "lawful")
    arg = answer.argument
    night = [p for p in arg.provisions if p.citation == "350.02(2)(b)4"]
    assert len(night) == 3

    def texts(items):
        for e in items:
            yield e.text
            yield from texts(getattr(e, "parts", []) or [])
    for p in night:
        assert not any("daylight" in t for t in texts(p.elements)), p.case
        assert not [x for x in p.exceptions if x.citation == "350.02(2)(b)3"], p.case
        said = [e for e in p.elements if "took place at night" in e.text]
        shared = [a for a in p.alike if "at night" in str(a)]
        assert said or shared, p.case   # argued as an element, or said to hold as for the first ride
        assert all(e.status == "true" for e in said)
    first = [e for e in night[0].elements if "took place at night" in e.text][0]
    assert first.text == "the ride on the 45-ft trail took place at night (during the hours of darkness)"
    assert "was not in daylight hours, so travel in either direction was not permitted" not in answer.argument_text()
