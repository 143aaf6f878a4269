"""Leave open only what the case puts in issue (trainer review 10, change 4): an open row whose open
part no stated fact engages is "not raised by the case" (answer/openrows.py in_issue), said once as a
line naming its provisions, with no violation shown on the facts stated; a row a stated fact engages
stays open with the facts in issue to find out. The verdict never changes: the rows keep their
undetermined answer in the bindings and the JSON says `in_issue` per row."""
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.prose.answers import answer_line
from reasoner.render.jsonout import answer_dict

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests/fixtures/review10"
FACTS = ROOT / "facts"


def _rows(a):
    return {tuple(str(v) for v in e["binding"].values()): e for e in a.undetermined if "more" not in e}


def test_the_resort_rides_of_the_adult_and_the_17_year_old_are_not_raised_the_14_year_old_is_open():
    a = ask(str(CASES / "resort_rental.yaml"), "owner_liable")
    assert a.answer == "undetermined"   # the 14-year-old's certificate: still open
    rows = _rows(a)
    assert rows[("r1", "op1")]["raised"] is False
    assert rows[("r1", "op3")]["raised"] is False
    assert rows[("r1", "op2")]["raised"] is True
    # the 14-year-old's row: the certificate is in issue; a disability or an intoxicant nothing suggests is not
    assert rows[("r1", "op2")]["missing"][0] == "whether g2 holds a valid snowmobile safety certificate issued by the department"
    assert not any("disability" in q or "intoxicant" in q for q in rows[("r1", "op2")]["missing"])
    assert any("disability" in q for q in rows[("r1", "op2")]["not_in_issue"])
    # the bindings keep every row undetermined: nothing settled silently
    assert [b["answer"] for b in a.bindings] == ["undetermined"] * 3
    line = answer_line(a)
    assert ("Not raised by the case: s. 350.08 (op1 and op3) — the case states nothing about it, so no violation "
            "is shown on the facts stated.") in line
    assert "Possibly: r1 knowingly permitted a prohibited operator to operate the snowmobile in op2 (s. 350.08)." in line
    assert "in op1 (s. 350.08)" not in line and "in op3 (s. 350.08)" not in line
    assert "whether the operator of op1 was incapable" not in line.split("Not raised")[0]
    data = answer_dict(a)
    flags = {e["binding"]["O"]: e["in_issue"] for e in data["undetermined"]}
    assert flags == {"op1": False, "op2": True, "op3": False}
    op2 = next(e for e in data["undetermined"] if e["binding"]["O"] == "op2")
    assert any("disability" in q for q in op2["not_in_issue"]) and not any("disability" in q for q in op2["missing"])


def test_the_club_ride_lists_no_lamp_brake_or_disability_points_as_open():
    a = ask(str(CASES / "club_ride.yaml"), "violations")
    assert a.answer == "true"
    assert all(e["raised"] is False for e in a.undetermined if "more" not in e)
    line = answer_line(a)
    assert ("Not raised by the case: ss. 350.08, 350.09(2)(a), 350.09(2)(b), 350.09(3), 350.09(4) and 350.09(6) "
            "(each ride); s. 350.101(1)(a) (op_b and op_c); ss. 350.10(1)(a) and 350.101(1)(b) (op_c) — the case "
            "states nothing about them, so no violation is shown on the facts stated."
            "") in line
    # what the case does establish is unchanged
    assert "violated s. 350.02(4) in op_b" in line
    assert "violated s. 350.10(1)(g) in op_c" in line
    assert "other points are left undetermined" not in line
    data = answer_dict(a)
    assert data["undetermined"] and not any(e["in_issue"] for e in data["undetermined"])


def test_the_handout_table_says_no_violation_is_shown_and_argues_only_the_open_ride():
    from asking import export_markdown
    md = export_markdown(CASES / "resort_rental.yaml", "owner_liable")
    table = md.split("**Answer.**")[0]
    assert "| the 38-year-old's ride | no violation is shown on the facts stated (not raised by the case) |" in table
    assert "| the 17-year-old's ride | no violation is shown on the facts stated (not raised by the case) |" in table
    argument = md.split("## The argument")[1].split("## Our readings")[0]
    assert "the operator of the 38-year-old's ride was incapable" not in argument
    assert "the 14-year-old holds a valid snowmobile safety certificate" in argument


def test_a_row_a_stated_fact_engages_stays_open():
    # the distance to the house is unstated, but the time and the speed engage s. 350.10(1)(g)
    a = ask(str(FACTS / "ch350_dwelling_night_undetermined.yaml"), "lawful")
    assert a.answer == "undetermined"
    assert all(e["raised"] for e in a.undetermined if "more" not in e)
    assert "Not raised by the case" not in answer_line(a)


def test_only_the_presumptions_the_argument_uses_are_in_the_facts_box():
    from asking import export_markdown
    md = export_markdown(FACTS / "ch350_night_direction_lawful.yaml", "lawful")
    box = md.split("**The facts the argument uses.**")[1].split("## The argument")[0]
    assert "residential access" not in box
    assert "impracticable" not in box
    assert "- the distance between the snowmobile trail and the roadway is 45 feet — *stated*" in box   # one ride, not named
    # the JSON keeps every presumption the proof relied on
    a = ask(str(FACTS / "ch350_night_direction_lawful.yaml"), "lawful")
    assert a.answer == "true"
    assert any(p["citation"] == "350.02(2)(a)6" for p in answer_dict(a)["presumed"])
