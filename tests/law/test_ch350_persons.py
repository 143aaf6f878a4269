"""s. 350.03 (slow to 10 mph and yield within 100 ft of a person), 350.10(1)(i) (frozen public
waters: persons and fishing shanties) and 350.07 (driving animals)."""
import pytest

from test_ch350_support import bystander, case, check, shanty, stating

P1, P2A, P2B = "350.03(1)", "350.03(2)(a)", "350.03(2)(b)"
ICE = "350.10(1)(i)"
ANIMAL = "350.07"


def near(distance, mph=20, who=None, **op):
    base = {"speed_mph": mph, "on_private_raceway": False}
    base.update(op)
    return case(op=base, extra={"b1": who or bystander(distance)})


# -- 350.03(1): 100 feet and 10 mph, on and either side --------------------------------------

@pytest.mark.parametrize("feet, mph, answer", [
    (99, 20, "true"), (100, 20, "true"), (100.5, 20, "false"), (101, 20, "false"),
    (50, 9, "false"), (50, 10, "false"), (50, 10.5, "true"), (50, 11, "true"),
])
def test_slow_to_10_mph_within_100_feet(feet, mph, answer):
    c = near(feet, mph)
    if answer == "true":
        check(c, f'violation(op1, "{P1}")', "true", cited=[P1], not_cited=[P2A, P2B, ICE])
        check(c, "lawful(op1)", "false", cited=[P1], not_cited=[ICE])
    else:
        res = check(c, f'violation(op1, "{P1}")', "false", not_cited=[P2A, P2B, ICE])
        check(c, "lawful(op1)", "true", not_cited=[ICE])
        # examined and not violated: too far away, or slow enough and yielding
        assert P1 in res.checked and P1 not in res.cited


def test_must_also_yield():
    c = near(40, mph=8, failed_to_yield=True)
    res = check(c, f'violation(op1, "{P1}")', "true", cited=[P1])
    assert "failed_to_yield_near_person(op1) is TRUE" in res.text()
    assert "failed_to_slow_near_person(op1) is TRUE" not in res.text()


def test_person_on_a_snowmobile_does_not_count():
    c = near(30, who=bystander(30, on_snowmobile=True))
    check(c, f'violation(op1, "{P1}")', "false", not_cited=[P1], checked=[P1])


def test_person_in_a_car_still_counts_for_350_03():
    c = near(30, who=bystander(30, in_vehicle=True))
    check(c, f'violation(op1, "{P1}")', "true", cited=[P1])


def test_no_bystander_listed_means_no_one_nearby():
    c = case(op={"speed_mph": 60})
    check(c, f'violation(op1, "{P1}")', "false", not_cited=[P1])


def test_bystander_distance_unknown_is_undetermined():
    b = bystander(0)
    del b["bystander_distance_ft"]
    c = near(0, who=b)
    check(c, f'violation(op1, "{P1}")', "undetermined", cited=[P1],
          missing=["the distance in feet between b1 and the snowmobile"])
    check(stating(c, "b1", bystander_distance_ft=100), f'violation(op1, "{P1}")', "true", cited=[P1])
    check(stating(c, "b1", bystander_distance_ft=101), f'violation(op1, "{P1}")', "false",
          checked=[P1])


# -- 350.03(2) exceptions ----------------------------------------------------------------------

def test_private_raceway_exception():
    c = near(20, mph=70, on_private_raceway=True)
    check(c, f'violation(op1, "{P1}")', "false", cited=[P2A, "350.03(2)"], not_cited=[P1])
    c = near(20, mph=70, on_private_raceway=False)
    check(c, f'violation(op1, "{P1}")', "true", cited=[P1], not_cited=[P2A], checked=[P2A])


RACE = {"competing_in_sanctioned_race": True, "tether_attached": True, "on_private_raceway": False}


@pytest.mark.parametrize("place, marked, answer", [
    ("public_land", True, "false"),
    ("highway", True, "false"),
    ("snowmobile_trail", True, "false"),
    ("public_land", False, "true"),           # the sponsor must mark the route
    ("frozen_public_waters", True, "true"),   # not "public land"
    ("private_land", True, "true"),           # (2)(b) covers public land, highways and trails
])
def test_sanctioned_race_exception(place, marked, answer):
    c = near(40, mph=60, race_location=place, race_route_marked_by_sponsor=marked, **RACE)
    c["entities"]["s1"]["tether_switch_equipped"] = True
    if answer == "false":
        check(c, f'violation(op1, "{P1}")', "false", cited=[P2B], not_cited=[P1])
    else:
        check(c, f'violation(op1, "{P1}")', "true", cited=[P1], not_cited=[P2B, "350.03(2)"],
              checked=[P2B, "350.03(2)"])


def test_frozen_waters_reading_is_shown():
    c = near(40, mph=60, race_location="frozen_public_waters", race_route_marked_by_sponsor=True,
             **RACE)
    check(c, f'violation(op1, "{P1}")', "true",
          readings=["public land does not include the frozen surface of public waters: a race on "
                    "a frozen lake or river gets no exception under (2)(b)."])


# -- 350.10(1)(i): frozen public waters ----------------------------------------------------------

def ice(mph, extra, **op):
    base = {"speed_mph": mph, "on_frozen_public_waters": True, "on_private_raceway": False}
    base.update(op)
    return case(op=base, extra=extra)


@pytest.mark.parametrize("feet, mph, answer", [
    (99, 15, "true"), (100, 15, "true"), (101, 15, "false"),
    (60, 10, "false"), (60, 11, "true"),
])
def test_fishing_shanty_within_100_feet(feet, mph, answer):
    c = ice(mph, {"f1": shanty(feet)})
    if answer == "true":
        check(c, f'violation(op1, "{ICE}")', "true", cited=[ICE], not_cited=[P1])
    else:
        check(c, f'violation(op1, "{ICE}")', "false", not_cited=[ICE, P1], checked=[ICE])


def test_person_on_ice_not_in_a_vehicle():
    c = ice(25, {"b1": bystander(70)})
    res = check(c, "violation(op1, P)", "true", cited=[ICE, P1])
    assert {b["P"] for b in res.bindings} == {ICE, P1}


def test_person_in_a_truck_on_ice_counts_for_350_03_but_not_for_i():
    c = ice(25, {"b1": bystander(70, in_vehicle=True)})
    res = check(c, "violation(op1, P)", "true", cited=[P1], not_cited=[ICE])
    assert {b["P"] for b in res.bindings} == {P1}


def test_snowmobiler_on_ice_is_upon_a_vehicle():
    c = ice(25, {"b1": bystander(30, on_snowmobile=True)})
    res = check(c, f'violation(op1, "{ICE}")', "false", cited=[ICE])
    assert "bystander_in_or_upon_vehicle(b1) is TRUE" in res.text()
    # (i)'s definition rule (a snowmobile is a vehicle) applies in the lawful proof
    check(c, "lawful(op1)", "true", cited=[ICE], not_cited=[P1])


def test_shanty_on_land_is_not_ice():
    c = case(op={"speed_mph": 30, "on_frozen_public_waters": False}, extra={"f1": shanty(20)})
    check(c, f'violation(op1, "{ICE}")', "false", not_cited=[ICE], checked=[ICE])


# -- 350.07: driving animals -----------------------------------------------------------------

def test_pursuing_deer_violates_350_07():
    c = case(op={"drove_or_pursued_animal": True, "farming_livestock_driving": False})
    check(c, f'violation(op1, "{ANIMAL}")', "true", cited=[ANIMAL])
    check(c, "lawful(op1)", "false", cited=[ANIMAL])


def test_herding_livestock_is_farming():
    c = case(op={"drove_or_pursued_animal": True, "farming_livestock_driving": True})
    check(c, f'violation(op1, "{ANIMAL}")', "false", not_cited=[ANIMAL], checked=[ANIMAL])
    check(c, "lawful(op1)", "true", not_cited=[ANIMAL])


def test_farming_unstated_is_presumed_absent_and_undetermined_under_strict():
    c = case(op={"drove_or_pursued_animal": True})
    check(c, f'violation(op1, "{ANIMAL}")', "true", cited=[ANIMAL],
          presumed=["not farming_livestock_driving(op1)"])
    check(c, f'violation(op1, "{ANIMAL}")', "undetermined", cited=[ANIMAL], strict=True,
          missing=["whether the driving of the animal in op1 was part of normal farming "
                   "operations involving the driving of livestock"])
    check(stating(c, farming_livestock_driving=True), f'violation(op1, "{ANIMAL}")', "false",
          checked=[ANIMAL])
    check(stating(c, farming_livestock_driving=False), f'violation(op1, "{ANIMAL}")', "true",
          cited=[ANIMAL])
