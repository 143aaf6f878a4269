"""s. 350.09: lamps, brakes, reflectors, muffler, noise, width and race tether switches."""
import pytest

from reasoner.answer.answering import ask
from reasoner.core.errors import QueryError
from test_ch350_support import case, check, stating, violations

L1, L2, L2A, L2B, L2C, L2D, L3 = ("350.09(1)", "350.09(2)", "350.09(2)(a)", "350.09(2)(b)",
                                  "350.09(2)(c)", "350.09(2)(d)", "350.09(3)")
BRK, REFL, MUFF, NOISE, EXC, WIDTH, TETHER = ("350.09(4)", "350.09(5)", "350.09(6)", "350.09(7)",
                                              "350.09(8)", "350.09(8m)", "350.09(9)")


def v(p):
    return f'violation(op1, "{p}")'


def not_an_operation_duty(c, provision):
    """No rule lets an operation violate `provision`: asking is a located error, not FALSE, and the
    operation's violations never include it."""
    with pytest.raises(QueryError, match="is not something argument 2 of violation can be"):
        check(c, v(provision), "false")
    assert provision not in violations(c)[0]


def expect(c, provision, answer, also_not=()):
    """violation(op1, provision) has `answer`; the provision is cited iff it is violated."""
    if answer == "true":
        return check(c, v(provision), "true", cited=[provision], not_cited=list(also_not))
    return check(c, v(provision), answer, not_cited=[provision, *also_not])


# -- (1) lighted lamps -------------------------------------------------------------------------

@pytest.mark.parametrize("night, highway, head, tail, answer", [
    (True, False, False, True, "true"),
    (True, False, True, False, "true"),
    (True, False, True, True, "false"),
    (False, True, False, True, "true"),     # daylight on a highway right-of-way
    (False, False, False, False, "false"),  # daylight off the highway: no lamps needed
])
def test_lighted_lamps(night, highway, head, tail, answer):
    op = {"at_night": night, "head_lamp_lit": head, "tail_lamp_lit": tail}
    if highway:
        op.update(on_highway_right_of_way=True, adjacent_to_roadway=True, highway_class="town",
                  on_main_traveled_portion=False, on_plowed_portion=False,
                  distance_from_roadway_ft=20, roadway_speed_limit_mph=45,
                  loaded_or_unloaded_near_highway=False)
    res = expect(case(op=op), L1, answer, also_not=[L2, L3])
    if answer == "false" and not night and not highway:
        assert L1 in res.checked


# -- (2) head lamps after February 12, 1970 ---------------------------------------------------

@pytest.mark.parametrize("date, answer", [("1970-02-11", "false"), ("1970-02-12", "false"),
                                          ("1970-02-13", "true"), ("2024-01-15", "true")])
def test_head_lamp_rules_start_after_feb_12_1970(date, answer):
    c = case(op={"operation_date": date}, sled={"head_lamp_electric": False})
    res = expect(c, L2A, answer)
    assert (L2 in res.cited) == (answer == "true")
    c = case(op={"operation_date": date}, sled={"tail_lamp_visible_ft": 300})
    expect(c, L3, answer)


def test_head_lamp_must_be_electric_2a():
    expect(case(sled={"head_lamp_electric": False}), L2A, "true", also_not=[L2B])
    expect(case(), L2A, "false")


@pytest.mark.parametrize("feet, answer", [(199, "true"), (199.5, "true"), (200, "false"), (201, "false")])
def test_head_lamp_reveals_200_feet_2b(feet, answer):
    expect(case(sled={"head_lamp_range_ft": feet}), L2B, answer, also_not=[L2A, L2C])


def test_head_lamp_white_light_2b():
    expect(case(sled={"head_lamp_white": False}), L2B, "true")


@pytest.mark.parametrize("feet, answer", [(99, "true"), (100, "false"), (101, "false")])
def test_multiple_beam_lower_beam_100_feet_2c(feet, answer):
    expect(case(sled={"head_lamp_beam_type": "multiple", "lower_beam_range_ft": feet}), L2C,
           answer, also_not=[L2D, L2B])


def test_single_beam_has_no_lower_beam_rule_2c():
    c = case(sled={"head_lamp_beam_type": "single", "lower_beam_range_ft": 10,
                   "single_beam_aimed_low": True})
    expect(c, L2C, "false")
    check(c, "lawful(op1)", "true", not_cited=[L2C, L2D])


@pytest.mark.parametrize("beam, aimed, answer", [("single", False, "true"), ("single", True, "false"),
                                                 ("multiple", False, "false")])
def test_single_beam_aim_2d(beam, aimed, answer):
    expect(case(sled={"head_lamp_beam_type": beam, "single_beam_aimed_low": aimed}), L2D, answer,
           also_not=[L2C])


def test_beam_type_unknown_is_undetermined():
    c = case(sled={"head_lamp_beam_type": None, "single_beam_aimed_low": False})
    check(c, v(L2D), "undetermined", cited=[L2D],
          missing=["the beam type of the head lamp of s1"])
    check(stating(c, "s1", head_lamp_beam_type="single"), v(L2D), "true", cited=[L2D])
    check(stating(c, "s1", head_lamp_beam_type="multiple"), v(L2D), "false", not_cited=[L2D])


# -- (3) tail lamp ----------------------------------------------------------------------------

@pytest.mark.parametrize("feet, answer", [(499, "true"), (500, "false"), (501, "false")])
def test_tail_lamp_visible_500_feet(feet, answer):
    expect(case(sled={"tail_lamp_visible_ft": feet}), L3, answer, also_not=[L2])


def test_tail_lamp_red():
    expect(case(sled={"tail_lamp_red": False}), L3, "true")


# -- (4) brakes -------------------------------------------------------------------------------

@pytest.mark.parametrize("sled, answer", [
    ({"brake_stop_distance_ft": 39}, "false"),
    ({"brake_stop_distance_ft": 40}, "false"),
    ({"brake_stop_distance_ft": 41, "brake_locks_track": False}, "true"),
    ({"brake_stop_distance_ft": 55, "brake_locks_track": True}, "false"),   # or locks the track
    ({"has_brake": False}, "true"),
    ({"brake_easily_adjustable": False}, "true"),
    ({"brake_impairing_control": True}, "true"),
])
def test_brakes(sled, answer):
    c = case(sled=sled)
    if answer == "true":
        check(c, v(BRK), "true", cited=[BRK])
        check(c, "lawful(op1)", "false", cited=[BRK])
    else:   # the capability rule of (4) applies: that is why there is no violation
        res = check(c, v(BRK), "false", cited=[BRK])
        assert "brake_capable(s1) is TRUE" in res.text()


def test_stop_distance_unknown_is_undetermined_unless_track_locks():
    c = case(sled={"brake_stop_distance_ft": None, "brake_locks_track": None})
    res = check(c, v(BRK), "undetermined", cited=[BRK])
    assert "whether the brake of s1 can lock the track on a level, hard-packed snow surface" in res.missing
    check(case(sled={"brake_stop_distance_ft": None, "brake_locks_track": True}), v(BRK), "false")


# -- (5) side marker reflectors: a manufacture-and-sale standard ------------------------------
# "All snowmobiles manufactured after July 1, 1972, and offered for sale or sold in this state
# shall be equipped with side marker reflectors": binds the manufacturer and seller, not the rider.

MAKER_SELLER = {"manufacturer_of": "mk", "seller_of": "dl"}
FIRMS = {"mk": {"type": "person"}, "dl": {"type": "person"}}


def pv(person, p):
    return f'person_violation({person}, "{p}")'


@pytest.mark.parametrize("made, sold, answer", [
    ("1972-06-30", True, "false"), ("1972-07-01", True, "false"), ("1972-07-02", True, "true"),
    ("2010-01-01", True, "true"), ("2010-01-01", False, "false"),
])
def test_side_reflectors_bind_manufacturer_and_seller(made, sold, answer):
    c = case(sled={"manufacture_date": made, "offered_or_sold_in_state": sold,
                   "side_marker_reflectors": False, "noise_dba": 70, **MAKER_SELLER}, extra=FIRMS)
    for who in ("mk", "dl"):
        if answer == "true":
            check(c, pv(who, REFL), "true", cited=[REFL], not_cited=[NOISE])
        else:
            check(c, pv(who, REFL), "false", not_cited=[REFL])
    # the rider of the same snowmobile violates nothing under (5), whatever the dates
    not_an_operation_duty(c, REFL)
    res = check(c, "lawful(op1)", "true", not_cited=[REFL])
    assert any("bind a manufacturer, seller or modifier rather than the operator" in r
               for r in res.readings), res.readings
    if answer == "true":
        res = check(c, pv("dl", REFL), "true", cited=[REFL])
        assert any(r.startswith("Sub. (5) is a manufacture-and-sale standard") for r in res.readings)


def test_side_reflectors_without_a_named_seller_is_a_fact_about_the_snowmobile():
    c = case(sled={"side_marker_reflectors": False})
    check(c, f'snowmobile_noncompliant(s1, "{REFL}")', "true", cited=[REFL])
    # who is answerable is open until the case names the manufacturer or seller
    check(c, "equipment_duties", "undetermined", cited=[REFL],
          missing=["the person who offered s1 for sale or sold it in this state", "the manufacturer of s1"])
    check(case(sled={"side_marker_reflectors": True}), "equipment_duties", "false", not_cited=[REFL])


# -- (6) muffler: manufactured, sold, offered for sale, or operated -------------------------

def test_muffler_binds_operator_manufacturer_and_seller():
    c = case(sled={"muffler_in_good_order": False, **MAKER_SELLER}, extra=FIRMS)
    expect(c, MUFF, "true", also_not=[NOISE])
    check(c, pv("mk", MUFF), "true", cited=[MUFF])
    check(c, pv("dl", MUFF), "true", cited=[MUFF])
    c = case(sled=MAKER_SELLER, extra=FIRMS)
    expect(c, MUFF, "false")
    check(c, pv("dl", MUFF), "false", not_cited=[MUFF])


# -- (7) noise: sentences 1-2 bind the manufacturer and seller; sentence 3 the modifier -------

@pytest.mark.parametrize("made, dba, answer", [
    ("1972-06-30", 95, "false"),
    ("1972-07-01", 95, "false"),   # not "after" July 1, 1972
    ("1972-07-02", 81, "false"),
    ("1972-07-02", 82, "false"),
    ("1972-07-02", 83, "true"),
    ("1975-06-30", 80, "false"),
    ("1975-06-30", 83, "true"),
    ("1975-07-01", 82, "false"),   # still the 82 dBA limit
    ("1975-07-01", 83, "true"),
    ("1975-07-02", 77, "false"),
    ("1975-07-02", 78, "false"),
    ("1975-07-02", 79, "true"),   # the 78 dBA limit
    ("2018-09-01", 78.5, "true"),
])
def test_noise_limits_bind_manufacturer_and_seller(made, dba, answer):
    c = case(sled={"manufacture_date": made, "noise_dba": dba, **MAKER_SELLER}, extra=FIRMS)
    for who in ("mk", "dl"):
        if answer == "true":
            check(c, pv(who, NOISE), "true", cited=[NOISE], not_cited=[MUFF, EXC])
        else:
            check(c, pv(who, NOISE), "false", not_cited=[NOISE])
    # an unmodified loud sled: the ride does not violate (7)
    not_an_operation_duty(c, NOISE)


SALE_READING = ("The first two sentences of sub. (7) are construction-and-sale standards "
                "(manufactured ... and offered for sale or sold ... shall be so constructed): they bind "
                "the manufacturer and the seller, not the operator, so no operation violates them.")


def test_loud_unmodified_ride_is_lawful_and_says_why():
    c = case(sled={"noise_dba": 90, **MAKER_SELLER}, extra=FIRMS)
    res = check(c, "lawful(op1)", "true", not_cited=[NOISE])
    assert any("bind a manufacturer, seller or modifier rather than the operator" in r
               for r in res.readings), res.readings
    res = check(c, pv("dl", NOISE), "true", cited=[NOISE])
    assert any(r.startswith(SALE_READING) for r in res.readings), res.readings


def test_noise_limit_only_for_snowmobiles_offered_or_sold_here():
    c = case(sled={"noise_dba": 90, "offered_or_sold_in_state": False, **MAKER_SELLER}, extra=FIRMS)
    check(c, pv("mk", NOISE), "false", not_cited=[NOISE])


MEASURED = ("The first two sentences set the limit for every snowmobile manufactured after the date and "
            "offered for sale or sold in this state, without exception for a modified one")


@pytest.mark.parametrize("modified", [True, None, False])
def test_construction_limit_does_not_wait_on_modification(modified):
    """s. 350.09 (7): 'Every snowmobile manufactured after July 1, 1975, and offered for sale or sold in
    this state shall be so constructed as to limit total vehicle noise to not more than 78 decibels':
    the limit is on every such snowmobile; 'as originally constructed' belongs to the modification
    sentence. The seller's and the manufacturer's breach does not turn on whether it was modified."""
    c = case(sled={"noise_dba": 90, "modified_to_amplify_noise": modified, "modifier_of": "mech",
                   **MAKER_SELLER}, extra={"mech": {"type": "person"}, **FIRMS})
    for who in ("mk", "dl"):
        res = check(c, pv(who, NOISE), "true", cited=[NOISE], not_cited=[MUFF, EXC])
        assert not any("modified" in m for m in res.missing), res.missing
        assert any(MEASURED in r for r in res.readings), res.readings
    mech = {True: "true", None: "undetermined", False: "false"}[modified]
    check(c, pv("mech", NOISE), mech, **({"not_cited": [NOISE]} if mech == "false" else {"cited": [NOISE]}))


def test_two_sellers_with_modification_unknown():
    from pathlib import Path
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "two_sellers_modifier.yaml"
    res = check(fixture, pv("seller1", NOISE), "true", cited=[NOISE])
    assert res.missing == []
    # s2 (76 dBA) complies: no one offends in it (seller2 stays open only as s1's unstated maker)
    assert ask(fixture, 'offender_role(s2, "350.09(7)", X, R)').answer == "false"
    check(fixture, pv("m1", NOISE), "undetermined", cited=[NOISE])
    res = ask(fixture, 'offender_role(s1, "350.09(7)", X, R)')
    assert sorted((b["X"], b["R"], b["answer"]) for b in res.bindings if isinstance(b["X"], str)) == [
        ("m1", "modifier", "undetermined"), ("seller1", "seller", "true")]


def test_measured_noise_of_a_modified_sled_under_the_unmodified_only_reading():
    c = case(sled={"noise_dba": 90, "modified_to_amplify_noise": True, "modifier_of": "mech",
                   **MAKER_SELLER}, extra={"mech": {"type": "person"}, **FIRMS})
    reading = ["noise_as_constructed.unmodified_only"]
    for who in ("mk", "dl"):
        res = ask(c, pv(who, NOISE), readings=reading)
        assert res.answer == "false" and NOISE not in res.cited
    res = ask(c, pv("mech", NOISE), readings=reading)
    assert res.answer == "true" and NOISE in res.cited
    # modification unknown: under this reading the seller's breach turns on it
    c = case(sled={"noise_dba": 90, "modified_to_amplify_noise": None, "modifier_of": "mech", **MAKER_SELLER},
             extra={"mech": {"type": "person"}, **FIRMS})
    res = ask(c, pv("dl", NOISE), readings=reading)
    assert res.answer == "undetermined" and any("modified" in m for m in res.missing)


@pytest.mark.parametrize("modified, answer", [(True, "true"), (False, "false")])
def test_modification_binds_the_modifier_regardless_of_date(modified, answer):
    c = case(sled={"manufacture_date": "1968-01-01", "modified_to_amplify_noise": modified,
                   "modifier_of": "mech"}, extra={"mech": {"type": "person"}})
    if answer == "true":
        res = check(c, pv("mech", NOISE), "true", cited=[NOISE])
        assert any("binds the person who modified the snowmobile" in r for r in res.readings)
    else:
        check(c, pv("mech", NOISE), "false", not_cited=[NOISE])
    # riding the modified snowmobile is not the modification
    not_an_operation_duty(c, NOISE)
    check(c, "lawful(op1)", "true", not_cited=[NOISE])


@pytest.mark.parametrize("op", [{"competing_in_sanctioned_race": True, "race_location": "private_land",
                                 "tether_attached": True},
                                {"dealer_testing_on_own_land": True}])
def test_races_and_dealer_testing_are_outside_7(op):
    c = case(op=op, sled={"noise_dba": 95, "modified_to_amplify_noise": True,
                          "tether_switch_equipped": True, "modifier_of": "mech", **MAKER_SELLER},
             extra={"mech": {"type": "person"}, **FIRMS})
    check(c, pv("mech", NOISE), "false", cited=[EXC], not_cited=[NOISE])
    check(c, "lawful(op1)", "true", not_cited=[NOISE])
    c = case(op=op, sled={"noise_dba": 95, "tether_switch_equipped": True, **MAKER_SELLER},
             extra=FIRMS)
    for who in ("mk", "dl"):
        check(c, pv(who, NOISE), "false", cited=[EXC], not_cited=[NOISE])


def test_noise_unknown_is_undetermined():
    c = case(sled={"noise_dba": None, **MAKER_SELLER}, extra=FIRMS)
    check(c, pv("dl", NOISE), "undetermined", cited=[NOISE],
          missing=["the total vehicle noise of s1 in decibels of A sound pressure at 50 feet, "
                   "measured by SAE standards"])
    check(stating(c, "s1", noise_dba=78), pv("dl", NOISE), "false", not_cited=[NOISE])
    check(stating(c, "s1", noise_dba=79), pv("dl", NOISE), "true", cited=[NOISE])
    # the rider's answer does not depend on the noise at all
    not_an_operation_duty(c, NOISE)


# -- (8m) width: manufactured after May 7, 1994, no wider than 48 inches ----------------------

@pytest.mark.parametrize("made, width, answer", [
    ("1994-05-06", 52, "false"), ("1994-05-07", 52, "false"), ("1994-05-08", 52, "true"),
    ("2005-01-01", 47, "false"), ("2005-01-01", 48, "false"), ("2005-01-01", 48.5, "true"),
    ("2005-01-01", 49, "true"),
])
def test_width_8m(made, width, answer):
    c = case(sled={"manufacture_date": made, "width_in": width, **MAKER_SELLER}, extra=FIRMS)
    expect(c, WIDTH, answer, also_not=[NOISE])
    # (8m) names the seller too ("offer for sale or sell"), not the manufacturer
    if answer == "true":
        check(c, pv("dl", WIDTH), "true", cited=[WIDTH])
    else:
        check(c, pv("dl", WIDTH), "false", not_cited=[WIDTH])
    check(c, pv("mk", WIDTH), "false", not_cited=[WIDTH])


# -- (9) race tether switch -------------------------------------------------------------------

@pytest.mark.parametrize("race, equipped, attached, answer", [
    (True, False, True, "true"),
    (True, True, False, "true"),
    (True, True, True, "false"),
    (False, False, False, "false"),
])
def test_race_tether_switch(race, equipped, attached, answer):
    c = case(op={"competing_in_sanctioned_race": race, "tether_attached": attached,
                 "race_location": "private_land"},
             sled={"tether_switch_equipped": equipped})
    expect(c, TETHER, answer)
