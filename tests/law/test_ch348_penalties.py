"""s. 348.21 forfeitures: tiers of (3)(a), (3)(b)1, (3)(b)2, (3g)(a), (3g)(b); priors under (3r)
and (4); (2)(a); (2)(b) reloading; (3t)(b) implements of husbandry; s. 348.25(2) permit basis."""
import re

import pytest

from test_ch348_support import excess_case, forfeitures, one_forfeiture, truth, vehicle_case

S3A = "348.21(3)(a)"
B1, B2 = "348.21(3)(b)1", "348.21(3)(b)2"
G, GA, GB = "348.21(3g)", "348.21(3g)(a)", "348.21(3g)(b)"
R3R = "348.21(3r)"

# ---------------------------------------------------------------------------------------------
# (3)(a) and (3)(b)1, first conviction: base $50-$200 + rate x total excess.
# (excess, paragraph, tier, neighbouring tiers that must not be cited, min cents, max cents)
FIRST = [
    (1, S3A, None, [B1, "348.21(3)(b)1.a"], 5000, 10000),
    (1000, S3A, None, [B1, "348.21(3)(b)1.a"], 5000, 10000),
    (1001, B1, "348.21(3)(b)1.a", [S3A, "348.21(3)(b)1.b"], 6001, 21001),
    (1999, B1, "348.21(3)(b)1.a", [S3A, "348.21(3)(b)1.b"], 6999, 21999),
    (2000, B1, "348.21(3)(b)1.a", [S3A, "348.21(3)(b)1.b"], 7000, 22000),
    (2001, B1, "348.21(3)(b)1.b", ["348.21(3)(b)1.a", "348.21(3)(b)1.c"], 11003, 26003),
    (3000, B1, "348.21(3)(b)1.b", ["348.21(3)(b)1.a", "348.21(3)(b)1.c"], 14000, 29000),
    (3001, B1, "348.21(3)(b)1.c", ["348.21(3)(b)1.b", "348.21(3)(b)1.d"], 20005, 35005),
    (3500, B1, "348.21(3)(b)1.c", ["348.21(3)(b)1.b", "348.21(3)(b)1.d"], 22500, 37500),
    (4000, B1, "348.21(3)(b)1.c", ["348.21(3)(b)1.b", "348.21(3)(b)1.d"], 25000, 40000),
    (4001, B1, "348.21(3)(b)1.d", ["348.21(3)(b)1.c", "348.21(3)(b)1.e"], 37008, 52008),
    (5000, B1, "348.21(3)(b)1.d", ["348.21(3)(b)1.c", "348.21(3)(b)1.e"], 45000, 60000),
    (5001, B1, "348.21(3)(b)1.e", ["348.21(3)(b)1.d"], 80015, 95015),
]


# (3)(a) and (3)(b)2, 2nd conviction within 12 months (one prior under sub. (3), 6 months ago):
# base $100-$300 + rate x total excess.
SECOND = [
    (1000, S3A, None, [B2, "348.21(3)(b)2.a"], 10000, 20000),
    (1001, B2, "348.21(3)(b)2.a", [S3A, "348.21(3)(b)2.b"], 12002, 32002),
    (1999, B2, "348.21(3)(b)2.a", [S3A, "348.21(3)(b)2.b"], 13998, 33998),
    (2000, B2, "348.21(3)(b)2.a", [S3A, "348.21(3)(b)2.b"], 14000, 34000),
    (2001, B2, "348.21(3)(b)2.b", ["348.21(3)(b)2.a", "348.21(3)(b)2.c"], 20005, 40005),
    (3000, B2, "348.21(3)(b)2.b", ["348.21(3)(b)2.a", "348.21(3)(b)2.c"], 25000, 45000),
    (3001, B2, "348.21(3)(b)2.c", ["348.21(3)(b)2.b", "348.21(3)(b)2.d"], 34008, 54008),
    (4000, B2, "348.21(3)(b)2.c", ["348.21(3)(b)2.b", "348.21(3)(b)2.d"], 42000, 62000),
    (4001, B2, "348.21(3)(b)2.d", ["348.21(3)(b)2.c", "348.21(3)(b)2.e"], 58012, 78012),
    (5000, B2, "348.21(3)(b)2.d", ["348.21(3)(b)2.c", "348.21(3)(b)2.e"], 70000, 90000),
    (5001, B2, "348.21(3)(b)2.e", ["348.21(3)(b)2.d"], 100018, 120018),
]


# (3g)(a): raw forest products combination, first or 2nd conviction: base $150-$250.
# Note the boundary: (a)1 is "less than 2,000", (a)2 is "2,000 or more and not over 3,000".
GA_ROWS = [
    (1, "348.21(3g)(a)1", ["348.21(3g)(a)2"], 15006, 25006),
    (1000, "348.21(3g)(a)1", ["348.21(3g)(a)2"], 21000, 31000),
    (1001, "348.21(3g)(a)1", ["348.21(3g)(a)2"], 21006, 31006),
    (1999, "348.21(3g)(a)1", ["348.21(3g)(a)2"], 26994, 36994),
    (2000, "348.21(3g)(a)2", ["348.21(3g)(a)1", "348.21(3g)(a)3"], 31000, 41000),
    (2001, "348.21(3g)(a)2", ["348.21(3g)(a)1", "348.21(3g)(a)3"], 31008, 41008),
    (3000, "348.21(3g)(a)2", ["348.21(3g)(a)1", "348.21(3g)(a)3"], 39000, 49000),
    (3001, "348.21(3g)(a)3", ["348.21(3g)(a)2", "348.21(3g)(a)4"], 42009, 52009),
    (4000, "348.21(3g)(a)3", ["348.21(3g)(a)2", "348.21(3g)(a)4"], 51000, 61000),
    (4001, "348.21(3g)(a)4", ["348.21(3g)(a)3", "348.21(3g)(a)5"], 55010, 65010),
    (5000, "348.21(3g)(a)4", ["348.21(3g)(a)3", "348.21(3g)(a)5"], 65000, 75000),
    (5001, "348.21(3g)(a)5", ["348.21(3g)(a)4"], 70011, 80011),
]


@pytest.mark.parametrize("excess,tier,not_cited,lo,hi", GA_ROWS)
def test_forest_second_conviction_stays_in_3g_a(excess, tier, not_cited, lo, hi):
    (mn, mx), res = one_forfeiture(excess_case(excess, raw_forest_combination=True,
                                               priors=[("s3g", 11)]))
    assert (mn, mx) == (lo, hi)
    assert {GA, tier} <= res.cited
    # one prior is examined (the counting of sub. (4) over the priors sub. (3r) counts) but does not
    # make this a 3rd conviction
    assert "348.21(4)" in res.cited | res.checked
    assert GB not in res.cited


# (3g)(b): 3rd and subsequent conviction within 12 months: base $500-$550.
GB_ROWS = [
    (1000, "348.21(3g)(b)1", ["348.21(3g)(b)2"], 70000, 75000),
    (1001, "348.21(3g)(b)1", ["348.21(3g)(b)2"], 70020, 75020),
    (1999, "348.21(3g)(b)1", ["348.21(3g)(b)2"], 89980, 94980),
    (2000, "348.21(3g)(b)1", ["348.21(3g)(b)2"], 90000, 95000),
    (2001, "348.21(3g)(b)1", ["348.21(3g)(b)2"], 90020, 95020),
    (3000, "348.21(3g)(b)1", ["348.21(3g)(b)2"], 110000, 115000),
    (3001, "348.21(3g)(b)2", ["348.21(3g)(b)1", "348.21(3g)(b)3"], 113021, 118021),
    (4000, "348.21(3g)(b)2", ["348.21(3g)(b)1", "348.21(3g)(b)3"], 134000, 139000),
    (4001, "348.21(3g)(b)3", ["348.21(3g)(b)2", "348.21(3g)(b)4"], 138022, 143022),
    (5000, "348.21(3g)(b)3", ["348.21(3g)(b)2", "348.21(3g)(b)4"], 160000, 165000),
    (5001, "348.21(3g)(b)4", ["348.21(3g)(b)3"], 165023, 170023),
]


# ---------------------------------------------------------------------------------------------
# Counting prior convictions: (3r) mixes (3) and (3g); (4) window and what is a conviction.
# (forest?, priors, expected paragraph, expected range) -- excess 2,500 lb throughout.
PRIORS = [
    # no priors: first conviction
    (False, [], B1, (12500, 27500)),
    # a (3g) prior counts for a (3) penalty, and a (3) prior for a (3g) penalty (3r)
    (False, [("s3g", 5)], B2, (22500, 42500)),
    (True, [("s3", 5)], GA, (35000, 45000)),
    (True, [("s3", 5), ("s3g", 8)], GB, (100000, 105000)),
    (True, [("s3g", 1), ("s3g", 2)], GB, (100000, 105000)),
    (True, [("s3", 3), ("s3", 4)], GB, (100000, 105000)),
    # two priors under (3) or (3g) for an ordinary truck: still (3)(b)2 (2nd and subsequent)
    (False, [("s3", 5), ("s3g", 8)], B2, (22500, 42500)),
    # the 12-month window: exactly 12 months counts, 12.5 does not
    (False, [("s3", 12)], B2, (22500, 42500)),
    (False, [("s3", 12.5)], B1, (12500, 27500)),
    (True, [("s3", 3), ("s3g", 13)], GA, (35000, 45000)),
    # (4): the affirmance may be counted instead of the original judgment
    (False, [{"prior_under": "s3", "months_since_prior": 15, "affirmed_on_appeal": True,
              "months_since_affirmance": 11}], B2, (22500, 42500)),
    (False, [{"prior_under": "s3", "months_since_prior": 15, "affirmed_on_appeal": True,
              "months_since_affirmance": 13}], B1, (12500, 27500)),
    # (4): forfeiture of deposit or payment of a forfeiture is a conviction; a certificate too
    (False, [{"prior_under": "s3", "months_since_prior": 2, "prior_disposition": "deposit_forfeited"}],
     B2, (22500, 42500)),
    (False, [{"prior_under": "s3", "months_since_prior": 2, "prior_disposition": "forfeiture_paid"}],
     B2, (22500, 42500)),
    (False, [{"prior_under": "s3", "months_since_prior": 2, "prior_disposition": "certificate"}],
     B2, (22500, 42500)),
    (False, [{"prior_under": "s3", "months_since_prior": 2, "prior_disposition": "dismissed"}],
     B1, (12500, 27500)),
    # (2)(b) violations are never prior convictions; (2)(a) priors do not count under (3)
    (False, [("s2b", 2)], B1, (12500, 27500)),
    (False, [("s2a", 2)], B1, (12500, 27500)),
    (True, [("s3", 2), ("s2b", 3)], GA, (35000, 45000)),
]


def test_prior_with_unknown_date_is_undetermined():
    """A forfeiture is owed whatever the prior's date (exact answer: true in every completion),
    but which range depends on it: no range is certain, and the date is a deciding fact."""
    case = excess_case(2500, priors=[{"prior_under": "s3"}])
    answer, rows, res = forfeitures(case)
    assert answer == "true" and rows == []
    assert res.bindings and all(b["answer"] == "undetermined" for b in res.bindings)
    assert any("months" in m for m in res.missing)


# ---------------------------------------------------------------------------------------------
# (2)(a): s. 348.17(2) and s. 348.19(3) violations.
DUTY = [
    # refused to stop for a weighing
    ({"stopped_and_submitted": False}, [], (5000, 10000)),
    ({"stopped_and_submitted": False}, [("s2a", 4)], (10000, 20000)),
    ({"stopped_and_submitted": False}, [("s2a", 13)], (5000, 10000)),
    # (3) and (3g) priors do not make a (2)(a) conviction a 2nd one
    ({"stopped_and_submitted": False}, [("s3", 4)], (5000, 10000)),
    # refused to drive to a scale
    ({"directed_to_scale": True, "drove_to_scale": False}, [], (5000, 10000)),
    # s. 348.17(2)
    ({"violated_348_17_2": True}, [("s2a", 12)], (10000, 20000)),
]


# ---------------------------------------------------------------------------------------------
# (2)(b): reloading an axle excess of up to 2,000 lb.
RELOAD = [
    # (reload needed, reloadable, reloaded, expected range, provision)
    (2000, True, True, (0, 0), "348.21(2)(b)"),
    (2000, True, False, (5000, 5000), "348.21(2)(b)"),
    (1, True, False, (5000, 5000), "348.21(2)(b)"),
    (2001, True, False, (11003, 26003), B1),
    (1500, False, False, (6500, 21500), B1),
]


# ---------------------------------------------------------------------------------------------
# (3t)(b): implements of husbandry, computed on a permissible weight of 20,000 lb.
HUSBANDRY = [
    # (found, max, husbandry?, expected range, tier cited)
    (23000, 21500, True, (14000, 29000), "348.21(3)(b)1.b"),
    (21000, 20500, True, (5000, 10000), S3A),
    (21001, 20500, True, (6001, 21001), "348.21(3)(b)1.a"),
    (23000, 21500, False, (6500, 21500), "348.21(3)(b)1.a"),
]


HUSBANDRY_READING = ("A case that states the s. 348.15 (3) (b) violation involving an implement of "
                     "husbandry states the overweight violation itself: the ordinary maximum weight is "
                     "neither needed nor consulted, because the penalty is computed on a permissible "
                     "weight of 20,000 pounds.")


@pytest.mark.parametrize("found,expected,tier", [
    (23000, (14000, 29000), "348.21(3)(b)1.b"),   # excess 3,000 lb
    (20001, (5000, 10000), S3A),                  # excess 1 lb
    (21000, (5000, 10000), S3A),                  # excess 1,000 lb: still (3)(a)
    (21001, (6001, 21001), "348.21(3)(b)1.a"),
])
def test_stated_husbandry_violation_needs_no_ordinary_maximum(found, expected, tier):
    # s. 348.21(3t)(b): computed on 20,000 lb; the ordinary maximum is not asked for.
    case = vehicle_case(found_weight_lb=found, max_weight_lb=None, husbandry_348_15_3b=True)
    del case["entities"]["v1"]["max_weight_lb"]
    rng, res = one_forfeiture(case)
    assert rng == expected
    assert tier in res.cited and "348.21(3t)(b)" in res.cited
    assert not any("maximum" in m for m in res.missing), res.missing
    assert any(r.startswith(HUSBANDRY_READING) for r in res.readings), res.readings
    assert HUSBANDRY_READING in " ".join(re.sub(r"[|`*]", " ", res.text()).split())


# ---------------------------------------------------------------------------------------------
# s. 348.25(2): overweight permits.
PERMIT = [
    # (found, permit attrs, vehicle attrs, expected range or None, cited, not cited)
    (101000, {}, {}, (5000, 10000), ["348.25(2)(b)", S3A], ["348.25(2)(a)"]),
    (103500, {}, {}, (22500, 37500), ["348.25(2)(b)", "348.21(3)(b)1.c"], []),
    (104001, {}, {}, (37008, 52008), ["348.25(2)(b)", "348.21(3)(b)1.d"], []),
    (100000, {}, {}, None, [], []),
    (99000, {}, {}, None, [], []),
    # another condition violated: penalized as without a permit, on the 80,000-lb maximum
    (99000, {}, {"other_permit_condition_violated": True}, (290000, 305000),
     ["348.25(2)(a)", "348.21(3)(b)1.e"], ["348.25(2)(b)"]),
    (103500, {}, {"other_permit_condition_violated": True}, (357500, 372500),
     ["348.25(2)(a)", "348.21(3)(b)1.e"], ["348.25(2)(b)"]),
    # permit not in force, or a size-only permit: the statutory maximum
    (83500, {"permit_in_force": False}, {}, (22500, 37500), ["348.25(2)(a)"], ["348.25(2)(b)"]),
    (83500, {"exceeds_weight": False}, {}, (22500, 37500), ["348.25(2)(a)"], ["348.25(2)(b)"]),
]


HOURS = [
    ("05:59", True),
    ("06:00", False),
    ("12:00", False),
    ("18:00", False),
    ("18:01", True),
]


