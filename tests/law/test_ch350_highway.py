"""ss. 350.02(2)(a)4-6, (3), (4); 350.04 (events, routes, liability); 350.045; 350.047."""
import pytest

from reasoner.answer.answering import ask
from test_ch350_support import adjacent, case, check, roadway, route, stating

S4 = "350.02(4)"
A4 = "350.02(2)(a)4"
A5 = "350.02(2)(a)5"
A6 = "350.02(2)(a)6"
EMERG = "350.02(3)"
UTIL = "350.045"
EV = "350.04(1)"
R = "350.04(2)"
RA, RB, RC, RD, RE = ("350.04(2)(a)", "350.04(2)(b)", "350.04(2)(c)", "350.04(2)(d)",
                      "350.04(2)(e)")
V4 = f'violation(op1, "{S4}")'


def event(**attrs):
    body = {"type": "event", "blocked_off_by_local_authority": True, "race_or_derby": False,
            "event_on_state_trunk_or_connecting_highway": False}
    body.update(attrs)
    return body


def event_case(highway="village_street", **ev):
    return case(op=roadway(highway_class=highway, at_special_event=True, special_event="ev1"),
                extra={"ev1": event(**ev)})


# -- (4) the main-traveled or plowed portion ------------------------------------------------

def test_main_traveled_portion_without_exception_violates_4():
    c = case(op=roadway())
    check(c, V4, "true", cited=[S4], not_cited=[A4, A5, A6, EMERG, UTIL], checked=[A6, EMERG, UTIL])
    check(c, "lawful(op1)", "false", cited=[S4], not_cited=[A4, A5, A6])


def test_plowed_portion_alone_is_enough():
    c = case(op=roadway(on_main_traveled_portion=False, on_plowed_portion=True))
    check(c, V4, "true", cited=[S4])


def test_neither_portion_is_not_4():
    c = case(op=adjacent())
    check(c, V4, "false", not_cited=[S4], checked=[S4])


def test_portion_unknown_is_undetermined():
    c = case(op=roadway(on_main_traveled_portion=None, on_plowed_portion=False))
    check(c, V4, "undetermined", cited=[S4],
          missing=["whether op1 took place on the main-traveled portion of a highway"])
    check(stating(c, on_main_traveled_portion=True), V4, "true", cited=[S4])
    check(stating(c, on_main_traveled_portion=False), V4, "false", checked=[S4])


# -- (2)(a)4 special events authorized under 350.04 -----------------------------------------

@pytest.mark.parametrize("highway", ["county", "town", "city_street", "village_street"])
def test_authorized_event_on_local_roadway_is_lawful(highway):
    c = event_case(highway)
    check(c, V4, "false", cited=[A4, EV], not_cited=[S4])
    check(c, "lawful(op1)", "true", cited=[A4, EV], not_cited=[S4])


@pytest.mark.parametrize("highway", ["state_trunk", "us", "connecting"])
def test_event_exception_not_on_state_highways(highway):
    c = event_case(highway)
    check(c, V4, "true", cited=[S4], not_cited=[A4])


def test_event_not_blocked_off_is_not_authorized():
    c = event_case(blocked_off_by_local_authority=False)
    check(c, V4, "true", cited=[S4], not_cited=[A4, EV], checked=[EV])
    check(c, "event_authorized(ev1)", "false", not_cited=[EV], checked=[EV])


@pytest.mark.parametrize("days, authorized", [(6, "false"), (7, "true"), (8, "true")])
def test_race_notice_one_week_boundary(days, authorized):
    c = event_case(race_or_derby=True, notice_days_in_advance=days)
    check(c, "event_authorized(ev1)", authorized, cited=[EV] if authorized == "true" else [])
    duty = check(c, 'municipal_duty_breached(ev1, "350.04(1)")',
                 "true" if authorized == "false" else "false")
    if authorized == "true":
        check(c, V4, "false", cited=[A4, EV], not_cited=[S4])
        assert EV not in duty.cited
    else:
        check(c, V4, "true", cited=[S4, EV], not_cited=[A4])


def test_race_on_state_trunk_highway_may_not_be_blocked_off():
    c = event_case("county", race_or_derby=True, notice_days_in_advance=30,
                   event_on_state_trunk_or_connecting_highway=True)
    check(c, "event_authorized(ev1)", "false", cited=[EV])
    check(c, 'municipal_duty_breached(ev1, "350.04(1)")', "true", cited=[EV])


def test_non_race_event_needs_no_notice():
    c = event_case(race_or_derby=False)   # notice_days_in_advance unknown
    check(c, "event_authorized(ev1)", "true", cited=[EV])


def test_race_notice_unknown_is_undetermined():
    c = event_case(race_or_derby=True)
    check(c, V4, "undetermined", cited=[S4, EV],
          missing=["the number of days before ev1 that the local police department and the "
                   "county sheriff's office were notified of its time and place"])
    check(stating(c, "ev1", notice_days_in_advance=7), V4, "false", cited=[A4], not_cited=[S4])
    check(stating(c, "ev1", notice_days_in_advance=5), V4, "true", cited=[S4], not_cited=[A4])


# -- (2)(a)5 designated routes and 350.04(2) -------------------------------------------------

def test_town_route_is_lawful():
    c = case(op=route())
    check(c, V4, "false", cited=[A5, R], not_cited=[S4, RE])
    check(c, "lawful(op1)", "true", cited=[A5, R], not_cited=[S4, RA, RB, RC, RE])


@pytest.mark.parametrize("highway", ["state_trunk", "us", "connecting"])
def test_route_on_state_trunk_or_connecting_highway_is_not_permitted(highway):
    c = case(op=route(highway_class=highway, on_designated_state_trunk_bridge_route=False))
    res = check(c, "violation(op1, P)", "true", cited=[S4, RE], not_cited=[A5])
    assert {b["P"] for b in res.bindings} == {S4, RE}


def test_state_trunk_bridge_route_is_lawful():
    c = case(op=route(highway_class="state_trunk", on_designated_state_trunk_bridge_route=True))
    check(c, "lawful(op1)", "true", cited=[A5, R], not_cited=[S4, RE])


def test_route_duties_extreme_right():
    c = case(op=route(on_extreme_right_side=False))
    check(c, f'violation(op1, "{RA}")', "true", cited=[RA, R], not_cited=[RB, RC, S4])


@pytest.mark.parametrize("safely, answer", [(False, "true"), (True, "false")])
def test_route_duties_left_turn(safely, answer):
    c = case(op=route(made_left_turn=True, left_turn_made_safely=safely))
    res = check(c, f'violation(op1, "{RB}")', answer, not_cited=[RA, RC])
    assert (RB in res.cited) == (answer == "true")


def test_route_duties_yield():
    c = case(op=route(failed_to_yield=True))
    check(c, f'violation(op1, "{RC}")', "true", cited=[RC], not_cited=[RA, RB])
    off_route = case(op=adjacent(failed_to_yield=True))
    check(off_route, f'violation(op1, "{RC}")', "false", not_cited=[RC, R])


def test_route_marking_duty_350_04_2_d():
    base = {"type": "ordinance", "ordinance_adopted_by": "town", "designates_snowmobile_route": True}
    c = case(extra={"ord1": dict(base, route_marked=False)})
    check(c, f'municipal_duty_breached(ord1, "{RD}")', "true", cited=[RD])
    c = case(extra={"ord1": dict(base, route_marked=True)})
    check(c, f'municipal_duty_breached(ord1, "{RD}")', "false", not_cited=[RD], checked=[RD])


def test_only_towns_cities_villages_designate_routes():
    for kind, answer in (("town", "true"), ("village", "true"), ("county", "false")):
        c = case(extra={"ord1": {"type": "ordinance", "ordinance_adopted_by": kind,
                                 "designates_snowmobile_route": True}})
        res = check(c, "route_designation_authorized(ord1)", answer)
        assert (R in res.cited) == (answer == "true")


# -- (2)(a)6 residential or lodging access under an ordinance --------------------------------

def test_residential_access_under_ordinance_is_lawful():
    c = case(op=roadway(residential_or_lodging_access=True, access_ordinance_enacted=True,
                        speed_mph=30))
    check(c, "lawful(op1)", "true", cited=[A6], not_cited=[S4])


def test_residential_access_without_ordinance_violates_4():
    c = case(op=roadway(residential_or_lodging_access=True, access_ordinance_enacted=False))
    check(c, V4, "true", cited=[S4], not_cited=[A6], checked=[A6])


@pytest.mark.parametrize("speed, answer", [(44, "false"), (45, "false"), (46, "true")])
def test_access_portion_speed_limit(speed, answer):
    c = case(op=roadway(residential_or_lodging_access=True, access_ordinance_enacted=True,
                        speed_mph=speed, roadway_speed_limit_mph=45))
    if answer == "true":
        check(c, f'violation(op1, "{A6}")', "true", cited=[A6], not_cited=[S4])
    else:
        check(c, f'violation(op1, "{A6}")', "false", not_cited=[A6, S4], checked=[A6])
    # the access exception to (4) applies either way
    check(c, V4, "false", cited=[A6], not_cited=[S4])


# -- (3) declared emergency ------------------------------------------------------------------

def test_declared_emergency_permits_roadway_use():
    c = case(op=roadway(emergency_purpose=True, emergency_declared=True))
    check(c, "lawful(op1)", "true", cited=[EMERG], not_cited=[S4])


def test_emergency_purpose_without_declaration_is_not_enough():
    c = case(op=roadway(emergency_purpose=True, emergency_declared=False))
    check(c, V4, "true", cited=[S4], not_cited=[EMERG], checked=[EMERG])


# -- 350.045 public utilities ------------------------------------------------------------------

def test_utility_work_on_roadway_exempt_when_safety_allows():
    c = case(op=roadway(highway_class="county", public_utility_function=True,
                        safety_requires_strict_adherence=False, operated_in_safe_manner=True))
    check(c, "lawful(op1)", "true", cited=[UTIL], not_cited=[S4])


def test_utility_work_not_exempt_when_safety_requires_adherence():
    c = case(op=roadway(public_utility_function=True, safety_requires_strict_adherence=True,
                        operated_in_safe_manner=True))
    check(c, V4, "true", cited=[S4], not_cited=[UTIL], checked=[UTIL])


def test_utility_must_always_operate_safely():
    c = case(op={"public_utility_function": True, "safety_requires_strict_adherence": False,
                 "operated_in_safe_manner": False})
    check(c, f'violation(op1, "{UTIL}")', "true", cited=[UTIL], not_cited=[S4])
    c = case(op={"public_utility_function": False, "operated_in_safe_manner": False})
    check(c, f'violation(op1, "{UTIL}")', "false", not_cited=[UTIL], checked=[UTIL])


# -- 350.047 ordinances to be filed ----------------------------------------------------------

def ordinance(**attrs):
    body = {"type": "ordinance", "ordinance_adopted_by": "county",
            "designates_snowmobile_route": False, "regulates_snowmobiles": True,
            "copy_sent_to_department": True, "copy_sent_to_law_enforcement": True}
    body.update(attrs)
    return body


@pytest.mark.parametrize("attrs, answer", [
    ({}, "false"),
    ({"copy_sent_to_department": False}, "true"),
    ({"copy_sent_to_law_enforcement": False}, "true"),
    ({"regulates_snowmobiles": False, "copy_sent_to_department": False}, "false"),
    ({"regulates_snowmobiles": False, "designates_snowmobile_route": True,
      "ordinance_adopted_by": "village", "copy_sent_to_department": False}, "true"),
])
def test_ordinance_copies_350_047(attrs, answer):
    c = case(extra={"ord1": ordinance(**attrs)})
    res = check(c, 'municipal_duty_breached(ord1, "350.047")', answer)
    assert ("350.047" in res.cited) == (answer == "true") or attrs == {}
    check(c, "lawful(op1)", "true", not_cited=["350.047"])   # not a duty of the operator


def test_ordinance_copy_unknown_is_undetermined():
    c = case(extra={"ord1": ordinance(copy_sent_to_department=None)})
    check(c, 'municipal_duty_breached(ord1, "350.047")', "undetermined", cited=["350.047"],
          missing=["whether the clerk immediately sent a copy of ord1 to the department"])
    check(stating(c, "ord1", copy_sent_to_department=True), 'municipal_duty_breached(ord1, "350.047")',
          "false")
    check(stating(c, "ord1", copy_sent_to_department=False),
          'municipal_duty_breached(ord1, "350.047")', "true", cited=["350.047"])


# -- 350.04(3) liability and posting ---------------------------------------------------------

def race(**attrs):
    body = event(race_or_derby=True, notice_days_in_advance=14, injury_suffered=True)
    body.update(attrs)
    return body


def test_no_municipal_liability_without_negligence():
    c = case(extra={"ev1": race(injury_caused_by_municipal_negligence=False)})
    check(c, "municipality_immune(ev1)", "true", cited=["350.04(3)(a)"])
    check(c, "municipal_liability_not_barred(ev1)", "false", not_cited=["350.04(3)(a)"])


def test_negligence_lifts_the_bar():
    c = case(extra={"ev1": race(injury_caused_by_municipal_negligence=True)})
    check(c, "municipality_immune(ev1)", "false", not_cited=["350.04(3)(a)"])
    check(c, "municipal_liability_not_barred(ev1)", "true", cited=["350.04(3)(a)"])


def test_negligence_unstated_is_presumed_absent_and_undetermined_under_strict():
    c = case(extra={"ev1": race()})
    check(c, "municipality_immune(ev1)", "true", cited=["350.04(3)(a)"],
          presumed=["not injury_caused_by_municipal_negligence(ev1)"])
    check(c, "municipality_immune(ev1)", "undetermined", cited=["350.04(3)(a)"], strict=True, presumed=[],
          missing=["whether the injury suffered in connection with ev1 was caused by the "
                   "negligence of the county, town, city or village"])
    check(stating(c, "ev1", injury_caused_by_municipal_negligence=False),
          "municipality_immune(ev1)", "true", cited=["350.04(3)(a)"])
    check(stating(c, "ev1", injury_caused_by_municipal_negligence=True),
          "municipality_immune(ev1)", "false", not_cited=["350.04(3)(a)"])


@pytest.mark.parametrize("posted, answer", [(False, "true"), (True, "false")])
def test_posting_duty_350_04_3_b(posted, answer):
    c = case(extra={"ev1": race(liability_provision_posted=posted)})
    res = check(c, 'municipal_duty_breached(ev1, "350.04(3)(b)")', answer)
    assert ("350.04(3)(b)" in res.cited) == (answer == "true")


# -- par. (b) reaches only operation adjacent to a roadway -------------------------------------

@pytest.mark.parametrize("on_median", [None, True])
def test_median_sentence_does_not_reach_a_ride_on_the_roadway(on_median):
    """s. 350.02(2)(b): 'Snowmobiles may be operated adjacent to a roadway ... 1. ... Travel upon the
    median of a divided highway is prohibited except to cross': a sentence of par. (b), so it does
    not reach a ride on the main-traveled portion of a designated route (adjacent_to_roadway false)."""
    op = route(adjacent_to_roadway=False, on_main_traveled_portion=True, speed_mph=60,
               roadway_speed_limit_mph=45, on_median=on_median)
    c = case(op=op)
    check(c, 'violation(op1, "350.02(2)(b)1")', "false", not_cited=["350.02(2)(b)1"])
    check(c, 'violation(op1, "350.02(2)(b)6")', "false", not_cited=["350.02(2)(b)6"])
    res = ask(c, "lawful(op1)")
    assert not any("median" in m for m in res.missing), res.missing
    assert not any("adjacent" in m for m in res.missing), res.missing


def test_median_travel_adjacent_to_the_roadway_is_still_a_violation():
    op = adjacent(on_median=True, crossing_median=False)
    res = check(case(op=op), 'violation(op1, "350.02(2)(b)1")', "true", cited=["350.02(2)(b)1"])
    assert ask(case(op=op), 'offender(op1, "350.02(2)(b)1", X)').bindings[0]["X"] == "p1"
