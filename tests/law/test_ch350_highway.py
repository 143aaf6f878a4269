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

# -- (2)(a)4 special events authorized under 350.04 -----------------------------------------

# -- (2)(a)5 designated routes and 350.04(2) -------------------------------------------------

# -- (2)(a)6 residential or lodging access under an ordinance --------------------------------

# -- (3) declared emergency ------------------------------------------------------------------

# -- 350.045 public utilities ------------------------------------------------------------------

# -- 350.047 ordinances to be filed ----------------------------------------------------------

def ordinance(**attrs):
    body = {"type": "ordinance", "ordinance_adopted_by": "county",
            "designates_snowmobile_route": False, "regulates_snowmobiles": True,
            "copy_sent_to_department": True, "copy_sent_to_law_enforcement": True}
    body.update(attrs)
    return body


# -- 350.04(3) liability and posting ---------------------------------------------------------

def race(**attrs):
    body = event(race_or_derby=True, notice_days_in_advance=14, injury_suffered=True)
    body.update(attrs)
    return body


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


