"""A forfeiture whose paragraph turns on an unknown prior conviction lists only ranges some case
has, each cited to the paragraph that yields it (s. 348.21 (3) (b) 1. and 2.; (3g) (a) and (b); the
count of prior convictions within 12 months, (3r) and (4)). Each paragraph's range is its own base
plus its own rate times the excess: no range mixes one paragraph's base with another's rate."""
import json
from pathlib import Path

import pytest

from reasoner.answer.answering import ask

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

TRUCK = {"type": "vehicle", "name": "the truck", "weighed": True, "directed_to_stop": True,
         "stopped_and_submitted": True, "directed_to_scale": False, "husbandry_348_15_3b": False,
         "transports_livestock": False, "forest_products_crosswise": False, "excess_reloadable": False,
         "refused_reload": False, "violated_348_17_2": False}


def _case(found, limit, forest, priors):
    entities = {"t1": {**TRUCK, "found_weight_lb": found, "max_weight_lb": limit, "raw_forest_combination": forest}}
    for i, months in enumerate(priors):
        prior = {"type": "prior_conviction", "prior_of": "t1", "prior_under": "s3g" if forest else "s3",
                 "prior_disposition": "judgment", "affirmed_on_appeal": False}
        if months is not None:
            prior["months_since_prior"] = months
        entities[f"c{i + 1}"] = prior
    return {"description": "a weighed truck with prior convictions", "entities": entities}


def _ranges(answer):
    return sorted((b["Min"], b["Max"]) for b in answer.bindings)


# (found, limit, raw forest, the ranges with the prior's date unknown, the range with it 3 months before,
# the range with it 20 months before); with two priors for (3g) (b): the third conviction within 12 months
CASES = {
    # 3,500 lb over: (3)(b)1 $50-$200 + 5c x 3,500 = $225-$375; (3)(b)2 $100-$300 + 8c x 3,500 = $380-$580
    "first or second, sub. (3) (b)": (83500, 80000, False, [None],
                                      [(22500, 37500), (38000, 58000)], [(38000, 58000)], [(22500, 37500)]),
    # 2,500 lb over a raw-forest combination: (3g)(a) $150-$250 + 8c x 2,500 = $350-$450;
    # (3g)(b) $500-$550 + 20c x 2,500 = $1,000-$1,050 (two priors within 12 months)
    "third, sub. (3g)": (82500, 80000, True, [None, None],
                         [(35000, 45000), (100000, 105000)], [(100000, 105000)], [(35000, 45000)]),
}


@pytest.mark.parametrize("name", CASES)
def test_only_ranges_some_case_has_each_reachable(name):
    found, limit, forest, priors, open_ranges, recent, old = CASES[name]
    a = ask(_case(found, limit, forest, priors), "forfeiture")
    # some forfeiture in every case (TRUE, argued case by case); which one is open
    assert a.answer == "true" and {b["answer"] for b in a.bindings} == {"undetermined"}
    assert _ranges(a) == open_ranges
    assert not a.not_verified
    # each listed range is what a completion gives: the priors 3 months before, or 20
    near = ask(_case(found, limit, forest, [3] * len(priors)), "forfeiture")
    far = ask(_case(found, limit, forest, [20] * len(priors)), "forfeiture")
    assert (near.answer, _ranges(near)) == ("true", recent)
    assert (far.answer, _ranges(far)) == ("true", old)
    assert set(recent + old) == set(open_ranges)


def test_each_open_range_is_cited_to_its_own_paragraph():
    a = ask(str(FIXTURES / "log_truck_priors_open.yaml"), "forfeiture")
    assert _ranges(a) == [(35000, 45000), (100000, 105000)]
    line = " ".join(a.argument.short.split())
    assert "not less than $1,000.00 nor more than $1,050.00 (s. 348.21(3g)(b))" in line
    assert "not less than $350.00 nor more than $450.00 (s. 348.21(3g)(a))" in line
    assert "$650.00" not in line and "$700.00" not in line
    assert line.count("the case does not name the person prosecuted") == 1   # said once, after the last
    # no deciding fact about a permit the case does not have, or a reload its facts rule out
    assert not any("permit" in m for m in a.missing)
    assert not any("reload" in m for m in a.missing)
    assert a.not_verified == [] and json.dumps(a.bindings)


def test_whom_two_forfeitures_are_imposed_on_is_said_once_for_each():
    # two trucks over, first convictions, no carrier named: the s. 348.20(1) gap said once, for each
    case = _case(81800, 80000, False, [])
    case["entities"]["t2"] = {**case["entities"]["t1"], "found_weight_lb": 83500, "name": "the second truck"}
    a = ask(case, "forfeiture")
    line = " ".join(a.argument.short.split())
    assert a.answer == "true" and _ranges(a) == [(6800, 21800), (22500, 37500)]
    assert "(s. 348.21(3)(b)1); for each, the case does not name the person prosecuted under s. 348.20(1)." in line
    assert line.count("the case does not name") == 1
