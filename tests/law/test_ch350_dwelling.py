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
TIME_READING_EVENING = "The period runs from 10:30 p.m. to 7 a.m. the next morning: a time from 10:30 p.m. to midnight is in it."
TIME_READING_MORNING = "The period runs from 10:30 p.m. to 7 a.m. the next morning: a time from midnight to 7 a.m. is in it."
FEET_READING = ("Within a distance includes the distance itself: a snowmobile exactly 150 feet from a "
                "dwelling is within 150 feet")
MPH_READING = "a rate of speed exceeding 10 miles per hour: exactly 10 mph is not a violation."


def near_house(time="23:05", feet=80, mph=20, **over):
    op = {"clock_time": time, "dwelling_distance_ft": feet, "speed_mph": mph}
    op.update(over)
    return case(op=op)


# -- clock time: the window crosses midnight; boundaries 22:30 and 07:00 ---------------------

# -- distance: 150 feet, on and either side ---------------------------------------------------

# -- speed: exceeding 10 mph -----------------------------------------------------------------

# -- undetermined ------------------------------------------------------------------------------

def test_unknown_time_is_undetermined_and_resolves():
    c = near_house(time=None, feet=60, mph=30)
    res = check(c, VG, "undetermined", cited=[G], missing=["the clock time of op1"])
    assert len(res.missing) == 1
    check(near_house(time="01:30", feet=60, mph=30), VG, "true", cited=[G])
    check(near_house(time="12:30", feet=60, mph=30), VG, "false", checked=[G])


# -- the other paragraphs of 350.10(1) and 350.10(2) -----------------------------------------

