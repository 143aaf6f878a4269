"""s. 350.02(2)(b): travel adjacent to a roadway -- direction at night (focus), distance, median,
access, speed.

Every test asserts the verdict and the provisions cited / not cited.
"""
import pytest

from test_ch350_support import adjacent, case, check, night_against_traffic, stating

B4 = "350.02(2)(b)4"
B4A = "350.02(2)(b)4.a"
B4C = "350.02(2)(b)4.c"
B3 = "350.02(2)(b)3"
B1 = "350.02(2)(b)1"
B5 = "350.02(2)(b)5"
B6 = "350.02(2)(b)6"
UTIL = "350.045"

AND_READING = ("Subd. 4.b is not in the excerpt; the exception is read as needing "
               "both 4.a and 4.c (4.a ends with \"and\")")
DIRECTION_Q = "whether op1 travelled in the direction of vehicular traffic in the nearest lane"
NIGHT_Q = "whether op1 took place at night (during the hours of darkness)"
V_B4 = f'violation(op1, "{B4}")'


# -- (b)3 daylight and the basic (b)4 rule ----------------------------------------------------

def test_daylight_either_direction_is_lawful():
    c = case(op=adjacent(at_night=False, travelled_with_traffic=False))
    check(c, "lawful(op1)", "true", cited=[B3], not_cited=[B4, B4A, B4C])
    check(c, V_B4, "false", cited=[B3], not_cited=[B4], checked=[B4])


def test_night_with_traffic_is_lawful_and_b3_does_not_apply():
    c = case(op=adjacent(at_night=True, travelled_with_traffic=True))
    check(c, "lawful(op1)", "true", not_cited=[B3, B4, B4A, B4C], checked=[B4])


def test_night_against_traffic_without_trail_exception_violates_b4():
    c = case(op=night_against_traffic(trail_distance_ft=30, head_lamp_barrier=False,
                                      trail_approved_by_dot=True))
    res = check(c, "lawful(op1)", "false", cited=[B4], not_cited=[B3, B4A, B1, B6])
    assert res.bindings == []
    check(c, V_B4, "true", cited=[B4, "350.02(2)(b)"], not_cited=[B3, B4A, B4C, UTIL],
          checked=[B4A, B3, UTIL], readings=[AND_READING])


# -- 4.a: 40 feet, on and either side; the head lamp barrier ----------------------------------

@pytest.mark.parametrize("feet, answer", [(39, "true"), (39.9, "true"), (40, "false"), (41, "false")])
def test_trail_distance_boundary_40_feet(feet, answer):
    c = case(op=night_against_traffic(trail_distance_ft=feet, head_lamp_barrier=False,
                                      trail_approved_by_dot=True))
    if answer == "true":
        check(c, V_B4, "true", cited=[B4], not_cited=[B4A, B4C], checked=[B4A])
    else:
        # the exception rule (cited as (b)4) applies, so the violation rule is answered false
        check(c, V_B4, "false", cited=[B4A, B4C, B4], not_cited=[B3])
        check(c, "lawful(op1)", "true", cited=[B4A, B4C], not_cited=[B3])


def test_head_lamp_barrier_satisfies_4a_when_trail_is_close():
    c = case(op=night_against_traffic(trail_distance_ft=12, head_lamp_barrier=True,
                                      trail_approved_by_dot=True))
    check(c, "lawful(op1)", "true", cited=[B4A, B4C], not_cited=[B3])


# -- 4.c: who approves ------------------------------------------------------------------------

@pytest.mark.parametrize("highway, dot, officer, answer", [
    ("state_trunk", True, False, "false"),   # DOT approves trails near state trunk highways
    ("state_trunk", False, True, "true"),    # the maintenance officer cannot approve those
    ("us", True, False, "false"),            # U.S. highways are state trunk highways (reading)
    ("county", False, True, "false"),        # other highways: officer in charge of maintenance
    ("county", True, False, "true"),         # DOT approval does not count for a county highway
    ("connecting", False, True, "false"),    # connecting highways are "other highways"
])
def test_approval_authority_4c(highway, dot, officer, answer):
    c = case(op=night_against_traffic(highway_class=highway, trail_distance_ft=60,
                                      head_lamp_barrier=False, trail_approved_by_dot=dot,
                                      trail_approved_by_maintenance_officer=officer))
    if answer == "true":
        # 4.a holds but the exception fails on 4.c: the proof shows only the failing part
        res = check(c, V_B4, "true", cited=[B4], not_cited=[B4C, B3], checked=[B4C])
        assert B4A not in res.checked
    else:
        check(c, V_B4, "false", cited=[B4A, B4C, B4], not_cited=[B3])


def test_4a_without_4c_is_not_enough_and_reading_shown():
    """4.a and 4.c are read as joined by 'and' (4.b is missing): 4.a alone does not excuse."""
    c = case(op=night_against_traffic(trail_distance_ft=80, head_lamp_barrier=True,
                                      trail_approved_by_dot=False,
                                      trail_approved_by_maintenance_officer=False))
    res = check(c, V_B4, "true", cited=[B4], not_cited=[B4C, B3], checked=[B4C],
                readings=[AND_READING])
    assert B4A not in res.checked


def test_4c_without_4a_is_not_enough():
    c = case(op=night_against_traffic(trail_distance_ft=20, head_lamp_barrier=False,
                                      trail_approved_by_dot=True))
    check(c, V_B4, "true", cited=[B4], not_cited=[B4A, B4C], checked=[B4A],
          readings=[AND_READING])


# -- undetermined -----------------------------------------------------------------------------

def test_direction_unknown_is_undetermined_and_asks_the_right_question():
    c = case(op=night_against_traffic(travelled_with_traffic=None, trail_distance_ft=25,
                                      head_lamp_barrier=False, trail_approved_by_dot=True))
    check(c, "lawful(op1)", "undetermined", cited=[B4], not_cited=[B3, B4A],
          missing=[DIRECTION_Q])
    for stated, lawful, v in ((True, "true", "false"), (False, "false", "true")):
        c2 = case(op=night_against_traffic(travelled_with_traffic=stated, trail_distance_ft=25,
                                           head_lamp_barrier=False, trail_approved_by_dot=True))
        check(c2, "lawful(op1)", lawful, not_cited=[B3, B4A])
        check(c2, V_B4, v, not_cited=[B3, B4A])


def test_night_unknown_is_undetermined_and_daylight_resolves_it():
    c = case(op=adjacent(at_night=None, travelled_with_traffic=False, trail_distance_ft=10,
                         head_lamp_barrier=False))
    check(c, V_B4, "undetermined", cited=[B4, B3], not_cited=[B4A], missing=[NIGHT_Q])
    c2 = case(op=adjacent(at_night=False, travelled_with_traffic=False, trail_distance_ft=10,
                          head_lamp_barrier=False))
    check(c2, V_B4, "false", cited=[B3], not_cited=[B4])


def test_trail_facts_unknown_asks_for_them():
    c = case(op=night_against_traffic(trail_distance_ft=None, head_lamp_barrier=None,
                                      trail_approved_by_dot=True))
    res = check(c, V_B4, "undetermined", cited=[B4, B4A], not_cited=[B3])
    assert "the distance in feet between the snowmobile trail used in op1 and the roadway" in res.missing
    # the head lamp barrier is part of the exception: unstated, it is presumed absent
    assert ("whether the snowmobile trail used in op1 is separated from the roadway by a head lamp barrier"
            not in res.missing)
    assert "not head_lamp_barrier(op1)" in [p["fact"] for p in res.presumed]
    assert DIRECTION_Q not in res.missing
    res = check(c, V_B4, "undetermined", cited=[B4, B4A], not_cited=[B3], strict=True, presumed=[])
    assert ("whether the snowmobile trail used in op1 is separated from the roadway by a head lamp barrier"
            in res.missing)
    check(stating(c, trail_distance_ft=40), V_B4, "false", cited=[B4A, B4C])
    check(stating(c, trail_distance_ft=39, head_lamp_barrier=False), V_B4, "true", cited=[B4],
          checked=[B4A])


# -- public utility work ----------------------------------------------------------------------

def test_utility_exempt_from_direction_rule_when_safety_allows():
    c = case(op=night_against_traffic(trail_distance_ft=5, head_lamp_barrier=False,
                                      public_utility_function=True,
                                      safety_requires_strict_adherence=False,
                                      operated_in_safe_manner=True))
    check(c, "lawful(op1)", "true", cited=[UTIL], not_cited=[B4A, B3])
    check(c, V_B4, "false", cited=[UTIL], checked=[B4])


def test_utility_not_exempt_when_safety_requires_strict_adherence():
    c = case(op=night_against_traffic(trail_distance_ft=5, head_lamp_barrier=False,
                                      public_utility_function=True,
                                      safety_requires_strict_adherence=True,
                                      operated_in_safe_manner=True))
    check(c, V_B4, "true", cited=[B4], not_cited=[UTIL, B3], checked=[UTIL])


# -- (b)1 distance from the roadway: 10 feet, on and either side; highway classes ------------

@pytest.mark.parametrize("highway, feet, answer", [
    ("county", 9, "true"), ("county", 9.99, "true"), ("county", 10, "false"), ("county", 11, "false"),
    ("us", 4, "true"), ("state_trunk", 8, "true"),
    ("town", 3, "false"),         # (b)1 lists only U.S., state and county highways
    ("city_street", 3, "false"),
])
def test_distance_from_roadway_b1(highway, feet, answer):
    c = case(op=adjacent(highway_class=highway, distance_from_roadway_ft=feet))
    q = f'violation(op1, "{B1}")'
    if answer == "true":
        check(c, q, "true", cited=[B1], not_cited=[B5, B4])
        check(c, "lawful(op1)", "false", cited=[B1], not_cited=[B4])
    else:
        check(c, q, "false", not_cited=[B1, B5], checked=[B1])
        check(c, "lawful(op1)", "true", not_cited=[B1, B4])


def test_distance_unknown_is_undetermined():
    c = case(op=adjacent(distance_from_roadway_ft=None))
    check(c, f'violation(op1, "{B1}")', "undetermined", cited=[B1],
          missing=["the distance in feet between the snowmobile and the roadway during op1"])
    check(stating(c, distance_from_roadway_ft=10), f'violation(op1, "{B1}")', "false", checked=[B1])
    check(stating(c, distance_from_roadway_ft=9), f'violation(op1, "{B1}")', "true", cited=[B1])


def test_median_travel_prohibited_except_to_cross():
    along = case(op=adjacent(on_median=True, crossing_median=False))
    check(along, f'violation(op1, "{B1}")', "true", cited=[B1], not_cited=[B4])
    across = case(op=adjacent(on_median=True, crossing_median=True))
    check(across, f'violation(op1, "{B1}")', "false", not_cited=[B1], checked=[B1])
    check(across, "lawful(op1)", "true", not_cited=[B1])


# -- (b)5 access where immediate access is impracticable -------------------------------------

def test_access_exception_relieves_the_10_foot_rule():
    c = case(op=adjacent(distance_from_roadway_ft=4, immediate_access_impracticable=True,
                         parallel_for_access=True, on_freeway=False))
    check(c, f'violation(op1, "{B1}")', "false", cited=[B5], not_cited=[B1], checked=[B1])
    check(c, "lawful(op1)", "true", cited=[B5], not_cited=[B1])


def test_access_exception_not_along_a_freeway():
    c = case(op=adjacent(highway_class="us", distance_from_roadway_ft=4,
                         immediate_access_impracticable=True, parallel_for_access=True,
                         on_freeway=True))
    check(c, f'violation(op1, "{B1}")', "true", cited=[B1], not_cited=[B5], checked=[B5])


def test_access_exception_needs_impracticable_access():
    c = case(op=adjacent(distance_from_roadway_ft=4, immediate_access_impracticable=False,
                         parallel_for_access=True, on_freeway=False))
    check(c, f'violation(op1, "{B1}")', "true", cited=[B1], not_cited=[B5], checked=[B5])


def test_loading_at_nearest_practical_point_b5():
    base = dict(distance_from_roadway_ft=4, immediate_access_impracticable=True,
                parallel_for_access=True, on_freeway=False, loaded_or_unloaded_near_highway=True)
    bad = case(op=adjacent(loading_at_nearest_practical_point=False, **base))
    check(bad, f'violation(op1, "{B5}")', "true", cited=[B5], not_cited=[B1])
    good = case(op=adjacent(loading_at_nearest_practical_point=True, **base))
    check(good, f'violation(op1, "{B5}")', "false", not_cited=[B1], checked=[B5])
    check(good, "lawful(op1)", "true", cited=[B5], not_cited=[B1])


# -- (b)6 roadway speed limits ----------------------------------------------------------------

@pytest.mark.parametrize("speed, answer", [(54, "false"), (55, "false"), (56, "true")])
def test_adjacent_speed_limit_b6(speed, answer):
    c = case(op=adjacent(speed_mph=speed, roadway_speed_limit_mph=55))
    if answer == "true":
        check(c, f'violation(op1, "{B6}")', "true", cited=[B6], not_cited=[B4, B1])
    else:
        check(c, f'violation(op1, "{B6}")', "false", not_cited=[B6], checked=[B6])


def test_off_highway_operation_is_outside_b():
    c = case()
    check(c, "lawful(op1)", "true", not_cited=["350.02(2)(b)", B1, B3, B4, B6])


@pytest.mark.parametrize("dot, officer, answer", [
    (False, True, "false"),   # "other highways": the officer in charge of maintenance approves
    (True, False, "true"),    # the department approves only for state trunk highways
])
def test_approval_authority_4c_on_a_highway_of_another_class(dot, officer, answer):
    """A highway of no class ch. 350 names (highway_class: other) is one of 4.c's other highways."""
    c = case(op=night_against_traffic(highway_class="other", trail_distance_ft=45,
                                      head_lamp_barrier=False, trail_approved_by_dot=dot,
                                      trail_approved_by_maintenance_officer=officer))
    if answer == "true":
        check(c, V_B4, "true", cited=[B4], not_cited=[B4C, B3], checked=[B4C])
    else:
        check(c, V_B4, "false", cited=[B4A, B4C, B4], not_cited=[B3])
        check(c, "lawful(op1)", "true", cited=[B4A, B4C], not_cited=[B3])
