"""Every facts/ch350_*.yaml case gives its expected answer, for the right reasons.

Case files hold facts and a description only; the expectations live in this table:
(file, query, answer, cited, not cited, missing).
"""
from pathlib import Path

import pytest

from reasoner.answer.answering import ask
from test_ch350_support import check

FACTS = Path(__file__).resolve().parents[2] / "facts"
DIRECTION_Q = "whether the ride travelled in the direction of vehicular traffic in the nearest lane"

B4, B4A, B4C, B3 = "350.02(2)(b)4", "350.02(2)(b)4.a", "350.02(2)(b)4.c", "350.02(2)(b)3"
G = "350.10(1)(g)"
PA, PB, PC, PD = "350.101(1)(a)", "350.101(1)(b)", "350.101(1)(c)", "350.101(1)(d)"

TABLE = [
    # focus 1: direction of travel at night
    ("night_direction_lawful", "lawful(op1)", "true", [B4, B4A, B4C], [B3], []),
    ("night_direction_unlawful", "lawful(op1)", "false", [B4], [B3, B4A, B4C, "350.02(4)"], []),
    ("night_direction_unlawful", f'violation(op1, "{B4}")', "true", [B4], [B4A], []),
    ("night_direction_undetermined", "lawful(op1)", "undetermined", [B4], [B3, B4A], [DIRECTION_Q]),
    # focus 2: dwellings at night
    ("dwelling_night_lawful", "lawful(op1)", "true", [], [G], []),
    ("dwelling_night_unlawful", "lawful(op1)", "false", [G], ["350.03(1)"], []),
    ("dwelling_night_undetermined", "lawful(op1)", "undetermined", [G], [],
     ["the distance in feet between the snowmobile and the nearest dwelling during the ride"]),
    ("dwelling_boundary_2230", f'violation(op1, "{G}")', "true", [G], [], []),
    # the boundaries of the contested phrases (docs/READINGS.md), each under its default reading
    ("dwelling_boundary_0700", f'violation(op1, "{G}")', "true", [G], [], []),
    ("pedestrian_at_100_ft", 'violation(op1, "350.03(1)")', "true", ["350.03(1)"], [G], []),
    ("youth_age_12_alone", 'violation(op1, "350.05(2)")', "true", ["350.05(2)"], ["350.05(1)"], []),
    ("youth_companion_18", f'violation(op1, "350.05(1)")', "false", ["350.05(1)"], ["350.05(2)"], []),
    # focus 3: related charges
    ("charges_same_incident", "joinder", "true", [PD], [], []),
    ("charges_same_incident", "conviction_count", "true", [PD], [], []),
    ("charges_different_incidents", "joinder", "false", [], [PD], []),
    ("charges_different_incidents", "conviction_count", "true", [PD], [], []),
    # exact answer: a conviction counts whatever the count-2 verdict (paragraph a alone, or a and b);
    # which one is open, and the verdict is the fact that decides it
    ("charges_verdict_undetermined", "conviction_count", "true", [PD], [],
     ["whether the person charged in count 2 was found guilty"]),
    ("underage_alcohol", "lawful(op1)", "false", [PC], [PA, PB], []),
    ("adult_at_limit", "lawful(op1)", "false", [PB], [PA, PC], []),
    ("impaired_borrowed_sled", "lawful(op1)", "false", [PA, PB, "350.08"], [PC], []),
    ("impaired_borrowed_sled", "owner_liable", "true", ["350.08"], [], []),
    # youthful operators
    ("youth_under_12_unaccompanied", "lawful(op1)", "false", ["350.05(1)", "350.08"],
     ["350.05(2)", "350.05(3)"], []),
    ("youth_under_12_unaccompanied", "owner_liable(dad, op1)", "true", ["350.08", "350.05(1)"], [], []),
    ("youth_parent_land", "lawful(op1)", "true", ["350.05(3)"], ["350.05(1)"], []),
    ("youth_certified_14", "lawful(op1)", "true", ["350.05(2)"], ["350.05(1)", "350.055"], []),
    ("youth_michigan_certificate", "lawful(op1)", "true", ["350.055"], ["350.05(1)"], []),
    # persons, animals, ice
    ("pedestrian_slow", "lawful(op1)", "false", ["350.03(1)"], ["350.03(2)(a)", "350.03(2)(b)"], []),
    ("race_frozen_lake", "lawful(op1)", "false", ["350.03(1)", "350.10(1)(i)"],
     ["350.03(2)(b)", "350.09(7)", "350.09(9)"], []),
    ("ice_shanty", "lawful(op1)", "false", ["350.10(1)(i)"], ["350.03(1)"], []),
    ("cattle_drive", "lawful(op1)", "true", [], ["350.07"], []),
    ("airport", "lawful(op1)", "false", ["350.10(1)(L)"], ["350.10(1)(f)"], []),
    # highways, routes, events, utilities, ordinances
    ("town_route_lawful", "lawful(op1)", "true", ["350.02(2)(a)5", "350.04(2)"],
     ["350.02(4)", "350.04(2)(a)"], []),
    ("state_trunk_roadway", "lawful(op1)", "false", ["350.02(4)"], ["350.02(2)(a)5", "350.045"], []),
    ("utility_lineman", "lawful(op1)", "true", ["350.045"], ["350.02(4)"], []),
    ("declared_emergency", "lawful(op1)", "true", ["350.02(3)"], ["350.02(4)"], []),
    ("village_event", "lawful(op1)", "true", ["350.02(2)(a)4", "350.04(1)"], ["350.02(4)"], []),
    ("route_ordinance_not_filed", 'municipal_duty_breached(ord1, "350.047")', "true", ["350.047"],
     [], []),
    ("route_ordinance_not_filed", 'municipal_duty_breached(ord1, "350.04(2)(d)")', "false", [],
     ["350.04(2)(d)"], []),
    # equipment
    # s. 350.09(7) sentences 1-2 bind the manufacturer and seller: the ride is lawful, the dealer is not
    ("loud_vintage_sled", "lawful(op1)", "true", [], ["350.09(7)", "350.09(8)", "350.09(6)"], []),
    ("loud_vintage_sled", 'snowmobile_noncompliant(s1, "350.09(7)")', "true", ["350.09(7)"], [], []),
    ("loud_vintage_sled", "equipment_duties", "true", ["350.09(7)"], ["350.09(6)", "350.09(8)"], []),
    ("wide_sled", "lawful(op1)", "false", ["350.09(8m)"], ["350.09(7)"], []),
    ("headlamp_out", "lawful(op1)", "false", ["350.09(1)"], ["350.09(2)(a)", "350.09(3)"], []),
    # report-style files: only the report's facts (presumptions: tests/law/test_presumptions.py)
    ("report_night_direction", "lawful(op1)", "false", [B4], [B3, B4A, B4C, "350.02(4)"], []),
    ("report_dwelling_night", "lawful(op1)", "false", [G], ["350.03(1)"], []),
    ("report_joinder", "joinder", "true", [PD], [], []),
    ("report_youth_alone", "lawful(op1)", "false", ["350.05(2)"], ["350.05(1)", "350.05(3)"], []),
    # several operations: the saved question answers each (the 30-ft ride decides it), what decides
    # the unmeasured one is its distances
    ("three_night_rides", "lawful", "false", [B4], [G, "350.03(1)"],
     ["the distance in feet between the snowmobile trail used in the ride on the unmeasured trail and the roadway"]),
    ("three_night_rides", "violations", "true", [B4], [G], []),
    ("owner_lends_three_times", "owner_liable", "true", ["350.08"], [], []),
    # two persons' charges: Erin's counted, Dale's open on his (b) verdict
    ("charges_two_people", "conviction_count", "true", [PD], [], ["whether the person charged in count 2 was found guilty"]),
    # a report of residential access on the roadway at the limit: open only on what it does not state
    ("report_residential_access", "lawful", "undetermined", [], ["350.02(2)(a)6", "350.02(4)"],
     ["whether the snowmobile in the ride home displayed a lighted head lamp"]),
]


def test_every_ch350_case_file_is_in_the_table():
    files = {p.stem.removeprefix("ch350_") for p in FACTS.glob("ch350_*.yaml")}
    assert files == {row[0] for row in TABLE}
    assert len(files) >= 20


@pytest.mark.parametrize("name, query, answer, cited, not_cited, missing", TABLE,
                         ids=[f"{r[0]}:{r[1]}" for r in TABLE])
def test_case_file(name, query, answer, cited, not_cited, missing):
    path = FACTS / f"ch350_{name}.yaml"
    check(str(path), query, answer, cited=cited, not_cited=not_cited, missing=missing)


def test_case_files_have_one_line_descriptions():
    import yaml
    for p in FACTS.glob("ch350_*.yaml"):
        data = yaml.safe_load(p.read_text())
        assert set(data) <= {"description", "entities", "facts"}
        assert data["description"] and "\n" not in data["description"].strip()


def test_conviction_counts_of_the_charge_files():
    def rows(name):
        res = ask(str(FACTS / f"ch350_{name}.yaml"), "conviction_count")
        return sorted((b["Person"], b["Incident"], b["Paragraph"]) for b in res.bindings)
    assert rows("charges_same_incident") == [("dale", "ride_feb3", "a_and_b")]
    assert rows("charges_different_incidents") == [("dale", "ride_jan", "a"), ("dale", "ride_mar", "b")]


def test_undetermined_case_files_resolve_when_the_fact_is_stated(tmp_path):
    import yaml
    for name, attr, value, answer in [
        ("night_direction_undetermined", "travelled_with_traffic", True, "true"),
        ("night_direction_undetermined", "travelled_with_traffic", False, "false"),
        ("dwelling_night_undetermined", "dwelling_distance_ft", 150, "false"),
        ("dwelling_night_undetermined", "dwelling_distance_ft", 151, "true"),
    ]:
        data = yaml.safe_load((FACTS / f"ch350_{name}.yaml").read_text())
        data["entities"]["op1"][attr] = value
        check(data, "lawful(op1)", answer)
