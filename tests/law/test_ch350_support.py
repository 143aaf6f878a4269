"""Shared builders and assertions for the ch. 350 law tests (no tests in this module).

A case is built from a fully stated lawful operation (every input any ch. 350 violation rule can
need is stated), then changed with small overrides, so that each test says only what matters.
Imported by the other tests/law/test_ch350_*.py modules (pytest puts tests/law on sys.path).
"""
from __future__ import annotations

import copy
import re

from reasoner.answer.answering import ask

# A daytime trip across a neighbour's field with consent: adult sober operator, compliant sled.
OPERATION = {
    "type": "operation",
    "operator": "p1",
    "snowmobile_used": "s1",
    "operation_date": "2024-01-15",
    "clock_time": "14:00",
    "speed_mph": 25,
    "at_night": False,
    "on_highway_right_of_way": False,
    "failed_to_yield": False,
    "competing_in_sanctioned_race": False,
    "under_influence_of_intoxicant": False,
    "incapable_of_safe_operation": False,
    "alcohol_concentration": 0,
    "public_utility_function": False,
    "on_designated_route": False,
    "on_median": False,
    "accompanied_on_same_snowmobile": False,
    "drove_or_pursued_animal": False,
    "knowingly_permitted": False,
    "operator_disabled": False,
    "head_lamp_lit": True,
    "tail_lamp_lit": True,
    "dealer_testing_on_own_land": False,
    "speed_unreasonable": False,
    "careless_endangering": False,
    "failed_to_obey_regulatory_sign": False,
    "excessive_exhaust_noise": False,
    "on_private_property_of_another": True,
    "private_property_consent": True,
    "dwelling_distance_ft": 1000,
    "in_forest_nursery_or_planting_area": False,
    "on_frozen_public_waters": False,
    "on_slide_ski_or_skating_area": False,
    "on_cemetery_school_or_church_property": False,
    "on_airport_lands": False,
    "on_indian_lands": False,
}

OPERATOR = {"type": "person", "age": 35}

SNOWMOBILE = {
    "type": "snowmobile",
    "manufacture_date": "2018-09-01",
    "offered_or_sold_in_state": True,
    "head_lamp_electric": True,
    "head_lamp_white": True,
    "head_lamp_range_ft": 250,
    "head_lamp_beam_type": "multiple",
    "lower_beam_range_ft": 120,
    "tail_lamp_red": True,
    "tail_lamp_visible_ft": 600,
    "has_brake": True,
    "brake_stop_distance_ft": 30,
    "brake_easily_adjustable": True,
    "brake_impairing_control": False,
    "side_marker_reflectors": True,
    "muffler_in_good_order": True,
    "noise_dba": 74,
    "modified_to_amplify_noise": False,
    "width_in": 46,
}


def _apply(body: dict, over: dict | None):
    for k, v in (over or {}).items():
        if v is None:
            body.pop(k, None)       # None = leave the attribute out (unknown)
        else:
            body[k] = v


def case(op=None, operator=None, sled=None, extra=None, description="test case"):
    """A case dict with op1 (operation), p1 (its operator), s1 (its snowmobile) and extras.

    op / operator / sled: attribute overrides; a value of None removes the attribute (unknown).
    extra: more entities, {id: body}.
    """
    ents = {"op1": copy.deepcopy(OPERATION), "p1": copy.deepcopy(OPERATOR),
            "s1": copy.deepcopy(SNOWMOBILE)}
    _apply(ents["op1"], op)
    _apply(ents["p1"], operator)
    _apply(ents["s1"], sled)
    for eid, body in (extra or {}).items():
        ents[eid] = copy.deepcopy(body)
    return {"description": description, "entities": ents}


def merged(*dicts, **over):
    out = {}
    for d in dicts:
        out.update(d)
    out.update(over)
    return out


# Along a county highway, off the roadway, in daylight, 25 ft out: lawful as stated.
ADJACENT = {
    "on_highway_right_of_way": True,
    "adjacent_to_roadway": True,
    "on_main_traveled_portion": False,
    "on_plowed_portion": False,
    "highway_class": "county",
    "distance_from_roadway_ft": 25,
    "roadway_speed_limit_mph": 55,
    "loaded_or_unloaded_near_highway": False,
    "parallel_for_access": False,
    "on_private_property_of_another": False,
    "private_property_consent": None,
}


def adjacent(**over):
    return merged(ADJACENT, **over)


def night_against_traffic(**over):
    """At night, against traffic, along a state trunk highway; trail exception not yet stated."""
    return adjacent(**merged(dict(at_night=True, travelled_with_traffic=False,
                                  highway_class="state_trunk"), over))


# On the main-traveled portion of a highway with no exception of s. 350.02 in play.
ROADWAY = {
    "on_highway_right_of_way": True,
    "adjacent_to_roadway": False,
    "on_main_traveled_portion": True,
    "on_plowed_portion": True,
    "highway_class": "town",
    "roadway_speed_limit_mph": 45,
    "at_special_event": False,
    "residential_or_lodging_access": False,
    "emergency_purpose": False,
    "on_private_property_of_another": False,
    "private_property_consent": None,
}


def roadway(**over):
    return merged(ROADWAY, **over)


def route(**over):
    """On a town-designated snowmobile route, keeping right, no turns, yielding."""
    return roadway(**merged(dict(on_designated_route=True, on_extreme_right_side=True,
                                 made_left_turn=False), over))


def person(age, **attrs):
    return merged({"type": "person", "age": age}, attrs)


def bystander(distance, on_snowmobile=False, in_vehicle=False, op="op1"):
    return {"type": "bystander", "bystander_operation": op, "bystander_distance_ft": distance,
            "bystander_on_snowmobile": on_snowmobile, "bystander_in_other_vehicle": in_vehicle}


def shanty(distance, op="op1"):
    return {"type": "fishing_shanty", "shanty_operation": op, "shanty_distance_ft": distance}


def charge(who, incident, paragraph, guilty=None):
    body = {"type": "charge", "charged_person": who, "charge_incident": incident,
            "charge_paragraph": paragraph}
    if guilty is not None:
        body["found_guilty"] = guilty
    return body


def charges_case(*charges, persons=("d1",), incidents=("i1",)):
    """Charges only: persons, incidents and charges c1, c2, ... (c may also be (id, body))."""
    ents = {p: {"type": "person"} for p in persons}
    ents.update({i: {"type": "incident"} for i in incidents})
    for n, c in enumerate(charges, 1):
        if isinstance(c, tuple):
            ents[c[0]] = c[1]
        else:
            ents[f"c{n}"] = c
    return {"description": "charges under s. 350.101", "entities": ents}


def check(c, query, answer, cited=(), not_cited=(), checked=(), missing=(), readings=(),
          presumed=None, strict=False):
    """Ask, then assert the verdict, the provisions cited and not cited, and any extras.
    presumed: the exact list of presumed facts the answer relies on (None: not checked);
    strict: answer as `reasoner --strict` does (no presumptions)."""
    from reasoner.facts.presume import strict_mode
    with strict_mode(strict):
        res = ask(c, query)
    where = f"\n--- {query}: {res.answer}\ncited={sorted(res.cited)}\n{res.text()}"
    assert res.answer == answer, where
    if presumed is not None:
        assert [p["fact"] for p in res.presumed] == list(presumed), where
    for p in cited:
        assert p in res.cited, f"{p} should be cited" + where
    for p in not_cited:
        assert p not in res.cited, f"{p} should not be cited" + where
    for p in checked:
        assert p in res.checked, f"{p} should be checked and found not to apply" + where
    for m in missing:
        assert m in res.missing, f"missing should contain {m!r}, got {res.missing}" + where
    text = _flat(res.text())
    for r in readings:   # a reading's reason, within the entry that names its phrase (if any)
        assert any(r in x for x in res.readings), f"reading {r!r} not in res.readings" + where
        assert _flat(r) in text, f"reading {r!r} not in the proof text" + where
    return res


def _flat(text: str) -> str:
    """Text without tree drawing and line wrapping, for substring checks."""
    return " ".join(re.sub(r"[|`*]", " ", text).split())


def violations(c):
    """The set of certain violation citations of op1."""
    res = ask(c, "violation(op1, P)")
    return {b["P"] for b in res.bindings if b["answer"] == "true"}, res


def stating(c, eid="op1", **attrs):
    """A copy of case c with more attributes of entity eid stated (the answer should resolve)."""
    out = copy.deepcopy(c)
    out["entities"][eid].update(attrs)
    return out
