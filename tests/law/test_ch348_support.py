"""Case builders for the ch. 348 tests (ss. 348.19 to 348.25).

Not a test module (it defines no tests); imported by tests/law/test_ch348_*.py.
Every builder states every input a rule on its path could consult, so answers are certain
unless a test deliberately leaves something out.
"""
from __future__ import annotations

import copy

from reasoner.answer.answering import ask

# A vehicle stopped and weighed on a state highway, stopping as directed, no permit, no priors.
VEHICLE = {
    "type": "vehicle",
    "weighed": True,
    "directed_to_stop": True,
    "stopped_and_submitted": True,
    "directed_to_scale": False,
    "found_weight_lb": 80000,
    "max_weight_lb": 80000,
    "raw_forest_combination": False,
    "husbandry_348_15_3b": False,
    "transports_livestock": False,
    "forest_products_crosswise": False,
    "dual_purpose_motor_home": False,
    "excess_reloadable": False,
    "refused_reload": False,
    "load_adjusted_to_comply": False,
    "violated_348_17_2": False,
    "on_interstate_system": False,
}

PENALTY_PARAGRAPHS = ("348.21(3)(a)", "348.21(3)(b)1", "348.21(3)(b)2", "348.21(3g)",
                      "348.21(3g)(a)", "348.21(3g)(b)", "348.21(2)(a)", "348.21(2)(b)")


def vehicle_case(vid="v1", priors=(), permit=None, **attrs):
    """A case with one vehicle `vid` (VEHICLE plus `attrs`), prior convictions given as
    (under, months) or dicts, and an optional permit dict (its vehicle is filled in)."""
    v = copy.deepcopy(VEHICLE)
    v.update(attrs)
    entities = {vid: v}
    for i, prior in enumerate(priors, 1):
        if isinstance(prior, tuple):
            under, months = prior
            prior = {"prior_under": under, "months_since_prior": months}
        entry = {"type": "prior_conviction", "prior_of": vid, "prior_disposition": "judgment",
                 "affirmed_on_appeal": False}
        entry.update(prior)
        entities[f"prior{i}"] = entry
    if permit is not None:
        entry = {"type": "permit", "permit_vehicle": vid, "permit_kind": "annual",
                 "permit_in_force": True, "exceeds_weight": True, "permit_gross_weight_lb": 100000,
                 "permit_limits_hours": False}
        entry.update(permit)
        entities["permit1"] = entry
        v.setdefault("other_permit_condition_violated", False)
    return {"description": "ch. 348 test vehicle", "entities": entities}


def excess_case(excess, limit=80000, **kw):
    return vehicle_case(found_weight_lb=limit + excess, max_weight_lb=limit, **kw)


def forfeitures(case, vid="v1", pred="forfeiture"):
    """(answer, sorted certain (min, max) rows, result) for the weight forfeiture, or another
    offence's forfeiture predicate (duty_forfeiture, permit_condition_forfeiture)."""
    res = ask(case, f"{pred}({vid}, Min, Max)")
    rows = sorted((b["Min"], b["Max"]) for b in res.bindings if b["answer"] == "true")
    return res.answer, rows, res


def one_forfeiture(case, vid="v1", pred="forfeiture"):
    answer, rows, res = forfeitures(case, vid, pred)
    assert answer == "true", res.text()
    assert len(rows) == 1, rows
    return rows[0], res


def truth(case, atom):
    return ask(case, atom).answer


def permit_case(pid="p1", **attrs):
    p = {"type": "permit", "permit_kind": "single_trip", "exceeds_length": False,
         "exceeds_width": False, "exceeds_height": False, "exceeds_weight": False}
    p.update(attrs)
    return {"description": "ch. 348 test permit", "entities": {pid: p}}
