"""Every violation names who committed it, in the proof, the words, the JSON, the handout and the
batch CSV. Who the offender is (offender_role, offender and binds in the rules) is checked by the
YAML law tests offenders_roles_outcomes.yaml (reasoner/law/tests, facts/tests)."""
from pathlib import Path

import yaml

from reasoner.answer.answering import ask

from test_ch350_support import case
from test_ch348_prosecution import prosecution_case

FACTS = Path(__file__).resolve().parents[2] / "facts"
YOUTH = FACTS / "ch350_youth_age_12_alone.yaml"


# -- the operator ------------------------------------------------------------------------------

def test_the_operator_committed_the_night_direction_violation():
    c = FACTS / "ch350_night_direction_unlawful.yaml"
    res = ask(c, "lawful")
    assert res.argument.short.startswith("Unlawful: Sam Olson (the operator) violated s. 350.02(2)(b)4 in the ride (")
    assert [p.conclusion for p in res.argument.provisions] == ["Sam Olson (the operator) violated s. 350.02(2)(b)4 in the ride"]


def test_the_operator_committed_the_dwelling_violation():
    c = FACTS / "ch350_dwelling_night_unlawful.yaml"
    res = ask(c, "lawful")
    assert "Pat Lindqvist (the operator) violated s. 350.10(1)(g) in the ride" in [p.conclusion for p in res.argument.provisions]


def test_a_violation_with_no_operator_named_says_an_unnamed_operator():
    data = yaml.safe_load((FACTS / "ch350_dwelling_night_unlawful.yaml").read_text())
    del data["entities"]["op1"]["operator"]
    res = ask(data, 'violation(op1, "350.10(1)(g)")')
    assert res.argument.provisions[0].conclusion == "an unnamed operator violated s. 350.10(1)(g) in the ride"
    from reasoner.render.jsonout import answer_dict
    assert answer_dict(res)["offenders"] == [
        {"in": "op1", "provision": "350.10(1)(g)", "offender": None, "role": "operator",
         "offender_name": None, "in_name": "the ride"}]


# -- the owner or person in control (s. 350.08): the youth case -------------------------------

def test_the_owner_not_the_operation_committed_the_350_08_violation():
    lawful = ask(YOUTH, "lawful")
    assert lawful.argument.short == (
        "Unlawful: Terry Garcia (the operator) violated s. 350.05(2) in the ride (the operator of the ride was "
        "12 to 15 without a valid certificate or a qualified companion); Mark Garcia (the owner or person in "
        "charge or control) violated s. 350.08 in the ride. This answer turns on the reading of “No person over "
        "the age of 12 years but under the age of 16 years” (s. 350.05(2)). Read otherwise (a 12-year-old is not "
        "over the age of 12), it would be lawful.")   # our reading said where the answer is
    conclusions = [p.conclusion for p in lawful.argument.provisions]
    assert conclusions == ["Terry Garcia (the operator) violated s. 350.05(2) in the ride",
                           "Mark Garcia (the owner or person in charge or control) violated s. 350.08 in the ride"]
    assert not any(c.startswith("the ride violated") for c in conclusions)


# -- the maker, seller or modifier (s. 350.09) ---------------------------------------------------

FIRMS = {"mk": {"type": "person"}, "dl": {"type": "person"}, "mech": {"type": "person"}}


def test_the_maker_and_seller_committed_the_reflector_violation_not_the_operator():
    c = case(sled={"side_marker_reflectors": False, "manufacturer_of": "mk", "seller_of": "dl"}, extra=FIRMS)
    res = ask(c, 'person_violation(mk, "350.09(5)")')
    assert res.argument.provisions[0].conclusion == "mk (the manufacturer) violated s. 350.09(5)"
    # the provision does not bind the operator: asked, answered false, the role it binds argued
    asked = ask(c, 'offender(op1, "350.09(5)", p1)')
    assert "s. 350.09(5) binds the manufacturer" in asked.argument_text()


def test_the_modifier_committed_the_noise_modification_violation():
    c = case(sled={"manufacture_date": "1968-01-01", "modified_to_amplify_noise": True, "modifier_of": "mech"},
             extra=FIRMS)
    res = ask(c, 'person_violation(mech, "350.09(7)")')
    assert res.argument.provisions[0].conclusion == "mech (the modifier) violated s. 350.09(7)"


# -- ch. 348: the purchaser (s. 348.195) and the person prosecuted (s. 348.20(1)) ---------------

def test_the_person_prosecuted_under_348_20_is_the_offender_of_the_overweight_violation():
    c = prosecution_case({"acme": False, "own": False}, authority_holder="acme", vehicle_owner="own",
                         owner_required_or_permitted=True)
    asked = ask(c, 'offender(v1, "348.15 to 348.17", d1)')   # the driver is not prosecuted under s. 348.20(1)
    assert asked.argument.short == "No: d1 did not commit the violation of s. 348.15 to 348.17 in v1."


def test_the_offender_is_in_the_json_of_each_violation():
    from reasoner.render.jsonout import answer_dict
    data = answer_dict(ask(YOUTH, "lawful"))
    assert data["offenders"] == [
        {"in": "op1", "provision": "350.05(2)", "offender": "p1", "role": "operator",
         "offender_name": "Terry Garcia", "in_name": "the ride"},
        {"in": "op1", "provision": "350.08", "offender": "dad", "role": "owner or person in charge or control",
         "offender_name": "Mark Garcia", "in_name": "the ride"}]
    assert [(p["citation"], p["offender"], p["offender_role"]) for p in data["argument"]["provisions"]] == [
        ("350.05(2)", "Terry Garcia", "operator"), ("350.08", "Mark Garcia", "owner or person in charge or control")]


def test_the_handout_concludes_with_the_offender(tmp_path):
    from click.testing import CliRunner
    from reasoner.cli import main
    out = tmp_path / "youth.md"
    result = CliRunner().invoke(main, ["export", str(YOUTH), "lawful", "--to", "md", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "Mark Garcia (the owner or person in charge or control) violated s. 350.08 in the ride" in text
    assert "the ride violated s. 350.08" not in text and "op1 violated" not in text


def test_the_offender_is_a_column_of_the_batch_csv(tmp_path):
    import shutil
    from click.testing import CliRunner
    from reasoner.cli import main
    shutil.copy(YOUTH, tmp_path / YOUTH.name)
    result = CliRunner().invoke(main, ["batch", str(tmp_path), "lawful", "--to", "csv"])
    header, row = result.stdout.splitlines()[:2]
    assert header.split(",")[-1] == "offenders"
    assert row.endswith(",p1 (the operator): s. 350.05(2) in op1; dad (the owner or person in charge or "
                        "control): s. 350.08 in op1")


# -- whom a penalty is imposed on (penalty_of in the rules) -------------------------------------

def test_each_forfeiture_names_the_carrier_prosecuted_for_its_truck():
    c = FACTS / "ch348_weigh_station_three_trucks.yaml"
    res = ask(c, "forfeiture")
    # s. 348.20(1): each carrier holds the authority for its own truck
    assert ("the gravel truck", "North Gravel Inc.", "$50.00 to $100.00") in [
        tuple(r[k] for k in ("entity", "imposed_on")) + tuple(r["established"]) for r in res.argument.table]
    short = res.argument.short
    assert "(s. 348.21(3)(a)), imposed on North Gravel Inc. (the person prosecuted under s. 348.20(1))" in short
    assert "imposed on Dairyland Co-op" in short and "imposed on Lakeshore Steel LLC" in short
    assert "imposed on Lakeshore Steel LLC" in res.argument.provisions[-1].conclusion
    from reasoner.render.jsonout import offenders as json_offenders
    assert {(o["in"], o["offender"]) for o in json_offenders(res)} >= {("gravel1", "north_gravel"), ("milk1", "dairy_coop")}


def test_a_forfeiture_with_no_carrier_in_the_case_says_that_no_one_is_named():
    data = yaml.safe_load((FACTS / "ch348_gravel_truck_repeat_offense.yaml").read_text())
    for key in ("authority_holder", "vehicle_owner"):
        del data["entities"]["dump1"][key]
    res = ask(data, "forfeiture")
    assert res.argument.short.endswith("(s. 348.21(3)(b)2); the case does not name the person prosecuted under "
                                       "s. 348.20(1).")


def test_the_leasing_business_is_not_the_one_the_forfeiture_is_imposed_on():
    # s. 348.20(1): "such prosecutions shall be instituted against the lessee of the vehicle"
    data = yaml.safe_load((FACTS / "ch348_leased_tractor_prosecution.yaml").read_text())
    res = ask(data, "forfeiture")
    assert "imposed on Fresh Produce Co. (the person" in res.argument.short and "Rent-a-Rig" not in res.argument.short


def test_the_fixed_50_for_failure_to_reload_is_imposed_on_the_operator_not_the_carrier():
    # s. 348.21(2)(b): the operator may reload; $50 "shall be imposed for failure to reload"
    data = yaml.safe_load((FACTS / "ch348_tandem_axle_not_reloaded.yaml").read_text())
    truck = data["entities"]["milk_tanker"]
    truck.update({"vehicle_operator": "drv", "authority_holder": "co"})
    data["entities"]["drv"] = {"type": "driver", "name": "Ana Voss"}
    data["entities"]["co"] = {"type": "carrier", "name": "Dairyland Co-op", "leasing_business": False}
    res = ask(data, "forfeiture")
    assert res.argument.short.endswith("$50.00 (s. 348.21(2)(b)), imposed on Ana Voss (the operator).")
    # reloaded within the limits: no forfeiture may be imposed, on anyone
    truck["reloaded_within_limits"] = True
    assert "imposed on" not in ask(data, "forfeiture").argument.short


def test_the_clerk_committed_the_late_report_and_not_the_timely_one():
    # s. 348.22: "the clerk of the court in which the conviction occurred ... shall, within 48 hours
    # after the conviction, forward a record"; 60 hours is late, exactly 48 is within
    c = FACTS / "ch348_clerk_report_late.yaml"
    res = ask(c, 'offender(conviction_a, "348.22", clerk_lee)')
    assert "Robin Lee, clerk of the Dane County municipal court" in res.argument.short


def test_the_argument_shows_what_makes_the_named_person_the_one():
    # s. 348.20(1): the prosecution goes to the authority holder -- the handout says Fresh Produce
    # Co. holds it (a join to the person the conclusion names is an element, not a footnote)
    res = ask(FACTS / "ch348_leased_tractor_prosecution.yaml", "prosecute")
    texts = []

    def walk(es):
        for e in es:
            texts.append(e.text)
            walk(e.parts)
    walk(res.argument.provisions[0].elements)
    assert any(t.startswith("the person holding the authority") and t.endswith("is Fresh Produce Co.") for t in texts), texts
    # s. 350.08: the owner or person in control is the one who permitted
    res = ask(FACTS / "ch350_youth_under_12_unaccompanied.yaml", "lawful")
    owner = [p for p in res.argument.provisions if p.citation == "350.08"][0]
    texts = []
    walk(owner.elements)
    assert any(t.endswith("charge or control of the snowmobile used in the ride is Mark Olson") for t in texts), texts


def test_the_lessee_is_prosecuted_on_both_grounds_and_the_leasing_business_is_said():
    # s. 348.20(1): Fresh Produce Co. holds the authority; Rent-a-Rig Inc., the owner, is a leasing
    # business, so "such prosecutions shall be instituted against the lessee" -- both grounds argued
    res = ask(FACTS / "ch348_leased_tractor_prosecution.yaml", "prosecute")
    [p] = res.argument.provisions
    assert p.alternatives and len(p.elements) == 2 and all(e.status == "true" for e in p.elements)
    texts = []

    def walk(es):
        for e in es:
            texts.append(e.text)
            walk(e.parts)
    walk(p.elements)
    assert any(t.startswith("the principal business of Rent-a-Rig Inc. is leasing vehicles") for t in texts)
    assert "the lessee of the rented rig is Fresh Produce Co." in texts
    from reasoner.prose.argument import elements_label
    assert elements_label(p) == "It follows on each of these grounds:"


# -- every relation that has an offender gives its offender rows in JSON ------------------------

def _json_offenders(c, query):
    from reasoner.render.jsonout import offenders as json_offenders
    res = ask(c, query)
    return res, [(o["in"], o["provision"], o["offender"], o["role"]) for o in json_offenders(res)]


def test_relations_with_an_offender_list_it():
    res, found = _json_offenders(FACTS / "ch350_youth_under_12_unaccompanied.yaml", "owner_liable")
    assert res.answer == "true"
    assert found == [("op1", "350.08", "dad", "owner or person in charge or control")]
    res, found = _json_offenders(FACTS / "ch348_sawmill_weight_records.yaml", "records_forfeiture")
    assert res.answer == "true" and found and all(f[1:] == ("348.195", "north_mill", "purchaser") for f in found)
    assert all(f[0] and f[0].startswith("ticket_") for f in found)
    for query in ("weighing_duty_violation(V)", "duty_forfeiture"):
        res, found = _json_offenders(FACTS / "ch348_refused_scale_repeat.yaml", query)
        assert res.answer == "true" and found == [("tanker", "348.19(3)", None, "operator")], (query, found)


def test_person_violation_rows_say_where():
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "two_sellers_modifier.yaml"
    res, found = _json_offenders(fixture, "equipment_duties")
    assert ("s1", "350.09(7)", "seller1", "seller") in found
    assert all(f[0] is not None for f in found)


def test_two_prosecuted_are_two_offender_entries():
    c = prosecution_case({"cc": False, "oak": False}, authority_holder="cc", tractor_combination=True,
                         driver_principal="oak")
    res, found = _json_offenders(c, "forfeiture")
    assert res.answer == "true"
    assert found == [("v1", "348.15 to 348.17", "cc", "person prosecuted under s. 348.20(1)"),
                     ("v1", "348.15 to 348.17", "oak", "person prosecuted under s. 348.20(1)")]


