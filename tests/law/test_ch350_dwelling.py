"""s. 350.10(1)(g) operation near dwellings at night (focus), and the other paragraphs of 350.10.

Readings decided here (and shown in the proof of every case they decide):
- "between the hours of 10:30 p.m. and 7 a.m." is inclusive: 22:30 and 07:00 are inside;
- "within 150 feet": exactly 150 feet is within;
- "exceeding 10 miles per hour": exactly 10 mph is not a violation.
"""
import pytest

from test_ch350_support import case, check, stating

G = "350.10(1)(g)"
VG = f'violation(op1, "{G}")'
# the window's two ends are contested phrases with alternatives (docs/READINGS.md); each rule
# states which half of the window it covers
TIME_READING_EVENING = "The window of 10:30 p.m. to 7 a.m. runs across midnight: this rule covers its part before midnight."
TIME_READING_MORNING = "The window of 10:30 p.m. to 7 a.m. runs across midnight: this rule covers its part after midnight."
FEET_READING = ("Within a distance includes the distance itself: a snowmobile exactly 150 feet from a "
                "dwelling is within 150 feet")
MPH_READING = "a rate of speed exceeding 10 miles per hour: exactly 10 mph is not a violation."


def near_house(time="23:05", feet=80, mph=20, **over):
    op = {"clock_time": time, "dwelling_distance_ft": feet, "speed_mph": mph}
    op.update(over)
    return case(op=op)


# -- clock time: the window crosses midnight; boundaries 22:30 and 07:00 ---------------------

@pytest.mark.parametrize("time, answer, reading", [
    ("14:00", "false", None),
    ("22:29", "false", None),
    ("22:30", "true", TIME_READING_EVENING),
    ("23:05", "true", TIME_READING_EVENING),
    ("23:59", "true", TIME_READING_EVENING),
    ("00:00", "true", TIME_READING_MORNING),
    ("03:15", "true", TIME_READING_MORNING),
    ("06:59", "true", TIME_READING_MORNING),
    ("07:00", "true", TIME_READING_MORNING),
    ("07:01", "false", None),
])
def test_quiet_hours_window(time, answer, reading):
    c = near_house(time=time)
    if answer == "true":
        check(c, VG, "true", cited=[G], not_cited=["350.10(1)(a)", "350.03(1)"],
              readings=[reading, FEET_READING, MPH_READING])
        check(c, "lawful(op1)", "false", cited=[G], readings=[reading])
    else:
        # both rules examined and failed on the clock time; the readings still show
        check(c, VG, "false", not_cited=[G], checked=[G],
              readings=[TIME_READING_EVENING, TIME_READING_MORNING])
        check(c, "lawful(op1)", "true", not_cited=[G], checked=[G])


# -- distance: 150 feet, on and either side ---------------------------------------------------

@pytest.mark.parametrize("feet, answer", [(0, "true"), (149, "true"), (150, "true"),
                                          (150.5, "false"), (151, "false")])
def test_within_150_feet(feet, answer):
    c = near_house(feet=feet)
    res = check(c, VG, answer, readings=[FEET_READING])
    assert (G in res.cited) == (answer == "true")
    assert (G in res.checked) == (answer == "false")


# -- speed: exceeding 10 mph -----------------------------------------------------------------

@pytest.mark.parametrize("mph, answer", [(9, "false"), (10, "false"), (10.1, "true"), (11, "true")])
def test_exceeding_10_mph(mph, answer):
    c = near_house(mph=mph)
    res = check(c, VG, answer, readings=[MPH_READING])
    assert (G in res.cited) == (answer == "true")
    check(c, "lawful(op1)", "false" if answer == "true" else "true",
          not_cited=["350.03(1)", "350.10(1)(i)"])


def test_exactly_at_every_boundary_is_a_violation_except_speed():
    check(near_house(time="22:30", feet=150, mph=11), VG, "true", cited=[G])
    check(near_house(time="07:00", feet=150, mph=10), VG, "false", checked=[G])


# -- undetermined ------------------------------------------------------------------------------

def test_unknown_distance_is_undetermined_and_resolves():
    c = near_house(time="23:05", feet=None, mph=30)
    check(c, "lawful(op1)", "undetermined", cited=[G],
          missing=["the distance in feet between the snowmobile and the nearest dwelling during op1"])
    check(near_house(time="23:05", feet=140, mph=30), "lawful(op1)", "false", cited=[G])
    check(near_house(time="23:05", feet=160, mph=30), "lawful(op1)", "true", checked=[G])


def test_unknown_time_is_undetermined_and_resolves():
    c = near_house(time=None, feet=60, mph=30)
    res = check(c, VG, "undetermined", cited=[G], missing=["the clock time of op1"])
    assert len(res.missing) == 1
    check(near_house(time="01:30", feet=60, mph=30), VG, "true", cited=[G])
    check(near_house(time="12:30", feet=60, mph=30), VG, "false", checked=[G])


def test_unknown_speed_outside_window_is_still_false():
    check(near_house(time="15:00", feet=60, mph=None), VG, "false", checked=[G])


# -- the other paragraphs of 350.10(1) and 350.10(2) -----------------------------------------

@pytest.mark.parametrize("para, applies, not_applies", [
    ("350.10(1)(a)", {"speed_unreasonable": True}, {"speed_unreasonable": False}),
    ("350.10(1)(b)", {"careless_endangering": True}, {"careless_endangering": False}),
    ("350.10(1)(d)", {"excessive_exhaust_noise": True}, {"excessive_exhaust_noise": False}),
    ("350.10(1)(f)", {"on_private_property_of_another": True, "private_property_consent": False},
     {"on_private_property_of_another": True, "private_property_consent": True}),
    ("350.10(1)(h)", {"in_forest_nursery_or_planting_area": True, "growing_stock_may_be_damaged": True},
     {"in_forest_nursery_or_planting_area": True, "growing_stock_may_be_damaged": False}),
    ("350.10(1)(j)", {"on_slide_ski_or_skating_area": True, "serving_the_area": False,
                      "crossing_at_marked_place": False, "stopped_and_yielded": False},
     {"on_slide_ski_or_skating_area": True, "serving_the_area": False,
      "crossing_at_marked_place": True}),
    ("350.10(1)(k)", {"on_cemetery_school_or_church_property": True,
                      "cemetery_school_church_consent": False},
     {"on_cemetery_school_or_church_property": True, "cemetery_school_church_consent": True}),
    ("350.10(1)(L)", {"on_airport_lands": True, "airport_personnel_on_duty": False,
                      "airport_consent": False},
     {"on_airport_lands": True, "airport_personnel_on_duty": True}),
    ("350.10(1)(m)", {"on_indian_lands": True, "indian_lands_consent": False},
     {"on_indian_lands": True, "indian_lands_consent": True}),
])
def test_paragraphs_of_350_10_1(para, applies, not_applies):
    others = {"350.10(1)(a)", "350.10(1)(b)", "350.10(1)(d)", "350.10(1)(f)", "350.10(1)(h)",
              "350.10(1)(j)", "350.10(1)(k)", "350.10(1)(L)", "350.10(1)(m)", G} - {para}
    check(case(op=applies), f'violation(op1, "{para}")', "true", cited=[para], not_cited=others)
    check(case(op=applies), "lawful(op1)", "false", cited=[para], not_cited=others)
    check(case(op=not_applies), f'violation(op1, "{para}")', "false", not_cited=[para],
          checked=[para])
    check(case(op=not_applies), "lawful(op1)", "true", not_cited=[para])


def test_ski_area_exceptions_each_suffice():
    base = {"on_slide_ski_or_skating_area": True, "serving_the_area": False,
            "crossing_at_marked_place": False, "stopped_and_yielded": False}
    for key in ("serving_the_area", "crossing_at_marked_place", "stopped_and_yielded"):
        check(case(op=dict(base, **{key: True})), 'violation(op1, "350.10(1)(j)")', "false",
              checked=["350.10(1)(j)"])


def test_airport_consent_suffices():
    op = {"on_airport_lands": True, "airport_personnel_on_duty": False, "airport_consent": True}
    check(case(op=op), 'violation(op1, "350.10(1)(L)")', "false", checked=["350.10(1)(L)"])


def test_unposted_private_land_gives_no_consent():
    """Failure to post does not imply consent: consent left unstated stays undetermined."""
    c = case(op={"on_private_property_of_another": True, "private_property_consent": None})
    check(c, 'violation(op1, "350.10(1)(f)")', "undetermined", cited=["350.10(1)(f)"],
          missing=["whether the owner or lessee of the private property consented to op1"],
          readings=["Failure to post private property does not imply consent: consent must be "
                    "stated as a fact, and whether the land was posted plays no part."])
    check(stating(c, private_property_consent=True), 'violation(op1, "350.10(1)(f)")', "false",
          checked=["350.10(1)(f)"])
    check(stating(c, private_property_consent=False), 'violation(op1, "350.10(1)(f)")', "true",
          cited=["350.10(1)(f)"])


def test_regulatory_signs_and_the_family_land_exception():
    c = case(op={"failed_to_obey_regulatory_sign": True, "on_immediate_family_land": False})
    check(c, 'violation(op1, "350.10(1)(c)")', "true", cited=["350.10(1)(c)"],
          not_cited=["350.10(2)"], checked=["350.10(2)"])
    c = case(op={"failed_to_obey_regulatory_sign": True, "on_immediate_family_land": True})
    check(c, 'violation(op1, "350.10(1)(c)")', "false", cited=["350.10(2)"],
          not_cited=["350.10(1)(c)"])
    check(c, "lawful(op1)", "true", cited=["350.10(2)"], not_cited=["350.10(1)(c)"])
    c = case(op={"failed_to_obey_regulatory_sign": False, "on_immediate_family_land": True})
    check(c, 'violation(op1, "350.10(1)(c)")', "false", not_cited=["350.10(1)(c)", "350.10(2)"])
