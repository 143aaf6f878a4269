"""One forfeiture per offence: every tier and regime of s. 348.21 from a report that
states only the weighing (and the regime or priors it involves). Each offence has its own answer,
exact to the cent, with its own citations; no amount comes from an offence the case does not
involve. Unstated regimes (reload option, raw forest products, husbandry) are presumed not raised."""
import pytest

from reasoner.answer.answering import ask

TIERS = ["348.21(3)(a)", "348.21(3)(b)1", "348.21(3)(b)2", "348.21(3g)(a)", "348.21(3g)(b)",
         "348.21(2)(b)", "348.21(2)(a)", "348.21(3t)(b)"]


def report(excess, limit=80000, priors=0, **attrs):
    v = {"type": "vehicle", "weighed": True, "found_weight_lb": limit + excess, "max_weight_lb": limit, **attrs}
    ents = {"v1": v}
    for i in range(priors):
        ents[f"prior{i + 1}"] = {"type": "prior_conviction", "prior_of": "v1", "prior_under": "s3",
                                 "prior_disposition": "judgment", "months_since_prior": 3 + i}
    return {"description": "scale report", "entities": ents}


def amounts(case, pred):
    res = ask(case, f"{pred}(v1, Min, Max)")
    return res, sorted((b["Min"], b["Max"]) for b in res.bindings if b["answer"] == "true")


# (excess lb, priors, extra facts, (min, max) in cents, the tier that must be cited)
WEIGHT = [
    (800, 0, {}, (5000, 10000), "348.21(3)(a)"),
    (800, 1, {}, (10000, 20000), "348.21(3)(a)"),
    (1500, 0, {}, (6500, 21500), "348.21(3)(b)1.a"),
    (2500, 0, {}, (12500, 27500), "348.21(3)(b)1.b"),
    (3500, 0, {}, (22500, 37500), "348.21(3)(b)1.c"),
    (4500, 0, {}, (41000, 56000), "348.21(3)(b)1.d"),
    (6000, 0, {}, (95000, 110000), "348.21(3)(b)1.e"),
    (1500, 1, {}, (13000, 33000), "348.21(3)(b)2.a"),
    (2500, 1, {}, (22500, 42500), "348.21(3)(b)2.b"),
    (3500, 1, {}, (38000, 58000), "348.21(3)(b)2.c"),
    (4500, 1, {}, (64000, 84000), "348.21(3)(b)2.d"),
    (6000, 1, {}, (118000, 138000), "348.21(3)(b)2.e"),
    (1500, 0, {"raw_forest_combination": True}, (24000, 34000), "348.21(3g)(a)1"),
    (2500, 1, {"raw_forest_combination": True}, (35000, 45000), "348.21(3g)(a)2"),
    (3500, 0, {"raw_forest_combination": True}, (46500, 56500), "348.21(3g)(a)3"),
    (4500, 0, {"raw_forest_combination": True}, (60000, 70000), "348.21(3g)(a)4"),
    (6000, 0, {"raw_forest_combination": True}, (81000, 91000), "348.21(3g)(a)5"),
    (2500, 2, {"raw_forest_combination": True}, (100000, 105000), "348.21(3g)(b)1"),
    (3500, 2, {"raw_forest_combination": True}, (123500, 128500), "348.21(3g)(b)2"),
    (4500, 2, {"raw_forest_combination": True}, (149000, 154000), "348.21(3g)(b)3"),
    (6000, 2, {"raw_forest_combination": True}, (188000, 193000), "348.21(3g)(b)4"),
    # (3t)(b): computed on 20,000 lb: 22,500 found on a 21,000-lb limit is 2,500 lb of excess
    (1500, 0, {"husbandry_348_15_3b": True, "max_weight_lb": 21000, "found_weight_lb": 22500},
     (12500, 27500), "348.21(3t)(b)"),
    # (2)(b): an excess that may be reloaded: $50 if not reloaded, nothing if reloaded
    (1500, 0, {"reload_needed_lb": 1500, "excess_reloadable": True, "reloaded_within_limits": False},
     (5000, 5000), "348.21(2)(b)"),
    (1500, 0, {"reload_needed_lb": 1500, "excess_reloadable": True, "reloaded_within_limits": True},
     (0, 0), "348.21(2)(b)"),
]


@pytest.mark.parametrize("excess,priors,extra,expected,tier", WEIGHT,
                         ids=[f"{w[4]}-{w[0]}lb-{w[1]}prior" for w in WEIGHT])
def test_weight_forfeiture_one_amount_exact_to_the_cent(excess, priors, extra, expected, tier):
    case = report(excess, priors=priors, **extra)
    res, rows = amounts(case, "forfeiture")
    assert res.answer == "true" and rows == [expected], res.text()
    assert tier in res.cited
    paragraph = tier if tier.endswith(")") else tier.rsplit(".", 1)[0] if "." in tier[7:] else tier
    others = [t for t in TIERS if not tier.startswith(t) and not t.startswith(paragraph)]
    if tier == "348.21(3t)(b)":   # (3t)(b) fixes the basis; the (3)(b)1 brackets fix the amount
        assert "348.21(3)(b)1.b" in res.cited
        others.remove("348.21(3)(b)1")
    assert not (set(others) & res.cited), sorted(set(others) & res.cited)
    # no permit: no permit-condition amount; the report says nothing of a refusal (an element,
    # never presumed), so no refusal amount either, only the question whether there was one
    other, rows = amounts(case, "permit_condition_forfeiture")
    assert other.answer == "false" and rows == []
    other, rows = amounts(case, "duty_forfeiture")
    assert other.answer != "true" and rows == []
    if tier == "348.21(3t)(b)":
        # the stated (3)(b) husbandry violation is how the weighing found the vehicle overweight,
        # which the reloading duty of s. 348.19 (3) reads; its 20,000-lb basis is not cited there
        assert "348.21(3)(b)1.b" not in other.cited
    else:
        assert tier not in other.cited


def test_refusal_and_overweight_are_two_offences_with_two_amounts():
    case = report(3500, directed_to_scale=True, drove_to_scale=False)
    weight, rows = amounts(case, "forfeiture")
    assert rows == [(22500, 37500)] and "348.21(2)(a)" not in weight.cited
    duty, rows = amounts(case, "duty_forfeiture")
    assert rows == [(5000, 10000)]
    assert {"348.21(2)(a)", "348.19(3)"} <= duty.cited and "348.21(3)(b)1.c" not in duty.cited


def test_refusal_alone_has_no_weight_amount():
    case = {"description": "report", "entities": {"v1": {
        "type": "vehicle", "weighed": False, "directed_to_stop": True, "stopped_and_submitted": False}}}
    duty, rows = amounts(case, "duty_forfeiture")
    assert rows == [(5000, 10000)]
    assert [p["fact"] for p in duty.presumed] == ["not dual_purpose_motor_home(v1)"]
    weight, rows = amounts(case, "forfeiture")
    assert weight.answer == "false" and rows == []


def test_permit_condition_forfeiture_is_its_own_offence():
    case = report(25000)
    case["entities"]["v1"]["other_permit_condition_violated"] = True
    case["entities"]["permit1"] = {"type": "permit", "permit_vehicle": "v1", "permit_in_force": True,
                                   "exceeds_weight": True, "permit_gross_weight_lb": 100000}
    res, rows = amounts(case, "permit_condition_forfeiture")
    # as without a permit: 25,000 lb over the statutory maximum at 15 cents (s. 348.21 (3) (b) 1. e.)
    assert rows == [(380000, 395000)]
    assert {"348.25(2)(a)", "348.21(3)(b)1.e"} <= res.cited and "348.25(2)(b)" not in res.cited
    duty, rows = amounts(case, "duty_forfeiture")
    assert rows == []


def test_records_forfeiture_is_per_record():
    case = {"description": "report", "entities": {
        "mill": {"type": "purchaser", "purchases_raw_forest_products": True},
        "t1": {"type": "record", "record_purchaser": "mill", "records_weight": True,
               "original_discarded": True, "discarded_on_day": 5},
        "t2": {"type": "record", "record_purchaser": "mill", "records_weight": True,
               "original_discarded": False, "demanded_by_officer": False}}}
    res = ask(case, "records_forfeiture(mill, R, F)")
    assert [(b["R"], b["F"]) for b in res.bindings if b["answer"] == "true"] == [("t1", 100000)]
    assert "348.195(4)" in res.cited
