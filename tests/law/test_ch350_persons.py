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

def test_must_also_yield():
    c = near(40, mph=8, failed_to_yield=True)
    res = check(c, f'violation(op1, "{P1}")', "true", cited=[P1])
    assert "failed_to_yield_near_person(op1) is TRUE" in res.text()
    assert "failed_to_slow_near_person(op1) is TRUE" not in res.text()


# -- 350.03(2) exceptions ----------------------------------------------------------------------

RACE = {"competing_in_sanctioned_race": True, "tether_attached": True, "on_private_raceway": False}


# -- 350.10(1)(i): frozen public waters ----------------------------------------------------------

def ice(mph, extra, **op):
    base = {"speed_mph": mph, "on_frozen_public_waters": True, "on_private_raceway": False}
    base.update(op)
    return case(op=base, extra=extra)


def test_snowmobiler_on_ice_is_upon_a_vehicle():
    c = ice(25, {"b1": bystander(30, on_snowmobile=True)})
    res = check(c, f'violation(op1, "{ICE}")', "false", cited=[ICE])
    assert "bystander_in_or_upon_vehicle(b1) is TRUE" in res.text()
    # (i)'s definition rule (a snowmobile is a vehicle) applies in the lawful proof
    check(c, "lawful(op1)", "true", cited=[ICE], not_cited=[P1])


# -- 350.07: driving animals -----------------------------------------------------------------

