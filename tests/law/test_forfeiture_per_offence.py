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


