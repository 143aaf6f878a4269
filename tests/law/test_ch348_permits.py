"""s. 348.25: permit required (1); single-article rule (4); bond, insurance, suspension (5)-(7);
fees (8)(a) single trip and (8)(b) annual or multiple trip."""
import pytest
from reasoner.answer.answering import ask

from test_ch348_support import permit_case, truth, vehicle_case

A1, A2, A2M, A3 = "348.25(8)(a)1", "348.25(8)(a)2", "348.25(8)(a)2m", "348.25(8)(a)3"
B1, B2, B3, B3B, B3C = "348.25(8)(b)1", "348.25(8)(b)2", "348.25(8)(b)3", "348.25(8)(b)3.b", "348.25(8)(b)3.c"


def fee(case, pid="p1"):
    res = ask(case, f"permit_fee({pid}, F)")
    rows = [b["F"] for b in res.bindings if b["answer"] == "true"]
    return res, rows


# ---------------------------------------------------------------------------------------------
# (8)(a) single trip, size grounds. (attrs, fee cents, cited, not cited)
SINGLE_SIZE = [
    ({"exceeds_length": True}, 1500, [A1], [A2, A2M]),
    ({"exceeds_width": True}, 2000, [A2], [A1, A2M]),
    ({"exceeds_height": True}, 2000, [A2], [A1, A2M]),
    ({"exceeds_width": True, "exceeds_height": True}, 2500, [A2M], [A1, A2]),
    # reading: separate grounds are cumulative
    ({"exceeds_length": True, "exceeds_width": True}, 3500, [A1, A2], [A2M]),
    ({"exceeds_length": True, "exceeds_width": True, "exceeds_height": True}, 4000, [A1, A2M], [A2]),
]


# (8)(b)3 annual weight schedule and (8)(a)3 = 10 percent of it.
# (gross, annual fee, single-trip fee, tier cited, tier not cited)
WEIGHT = [
    (90001, 35000, 3500, B3B, B3C),
    (95000, 35000, 3500, B3B, B3C),
    (100000, 35000, 3500, B3B, B3C),
    (100001, 45000, 4500, B3C, B3B),
    (110000, 45000, 4500, B3C, B3B),
    (110001, 55000, 5500, B3C, B3B),
    (120000, 55000, 5500, B3C, B3B),
    (150000, 85000, 8500, B3C, B3B),
    (150000.5, 95000, 9500, B3C, B3B),   # a fraction of a pound starts a 6th increment
]


@pytest.mark.parametrize("gross,annual,single,tier,other", WEIGHT)
def test_single_trip_weight_fee_is_ten_percent(gross, annual, single, tier, other):
    res, rows = fee(permit_case(exceeds_weight=True, permit_gross_weight_lb=gross))
    assert rows == [single]
    assert {A3, tier} <= res.cited
    assert other not in res.cited
    assert any("nearest whole dollar" in r for r in res.readings)


@pytest.mark.parametrize("kind", ["annual", "multiple_trip", "single_trip"])
@pytest.mark.parametrize("gross", [90000, 88000, 40000])
def test_weight_90000_or_less_has_no_derivable_fee(kind, gross):
    case = permit_case(permit_kind=kind, exceeds_weight=True, permit_gross_weight_lb=gross)
    res, rows = fee(case)
    # no fee is derived from the excerpt: undetermined, naming the missing subdivision
    assert res.answer == "undetermined" and rows == []
    assert any("3. a." in m and "missing from the excerpt" in m for m in res.missing)
    assert "348.25(8)(b)3.b" not in res.cited and "348.25(8)(b)3.c" not in res.cited
    nd = ask(case, "weight_fee_not_derivable(p1)")
    assert nd.answer == "true" and B3 in nd.cited
    assert any("missing from the excerpt" in r for r in nd.readings)


HYPOTHETICAL_3A = [
    # a figure stated in the case from outside the excerpt (hypothetical test value, not the law)
    ("annual", 12345, 12345),
    ("single_trip", 12345, 1200),   # 10% = $12.345 -> $12
    ("single_trip", 12350, 1200),   # 10% = $12.35 -> $12
    ("single_trip", 12500, 1300),   # 10% = $12.50 exactly -> half up -> $13
    ("single_trip", 12650, 1300),   # 10% = $12.65 -> $13
]


# (8)(b) annual or multiple trip, size grounds and combinations.
ANNUAL = [
    ({"exceeds_length": True}, 6000, [B1], [B2, B3]),
    ({"exceeds_width": True}, 9000, [B2], [B1, B3]),
    ({"exceeds_height": True}, 9000, [B2], [B1, B3]),
    ({"exceeds_width": True, "exceeds_height": True}, 9000, [B2], [B1, B3]),
    ({"exceeds_length": True, "exceeds_width": True}, 15000, [B1, B2], [B3]),
    ({"exceeds_length": True, "exceeds_weight": True, "permit_gross_weight_lb": 110001}, 61000,
     [B1, B3C], [B2, B3B]),
]


def test_unknown_dimension_is_undetermined():
    case = permit_case(exceeds_width=True)
    del case["entities"]["p1"]["exceeds_height"]
    res, rows = fee(case)
    # a fee is owed whether or not the load also exceeds the height limit (exact answer: true in
    # every completion); which fee depends on it: no amount is certain, the height decides it
    assert res.answer == "true" and rows == []
    assert res.bindings and all(b["answer"] == "undetermined" for b in res.bindings)
    assert any("height" in m for m in res.missing)


# ---------------------------------------------------------------------------------------------
# (1) permit required

REQUIRED = [
    # (vehicle attrs, permit attrs or None, required?, operated without?)
    ({"found_weight_lb": 80000, "exceeds_size_limits": False}, None, "false", "false"),
    ({"found_weight_lb": 80001, "exceeds_size_limits": False}, None, "true", "true"),
    ({"found_weight_lb": 70000, "exceeds_size_limits": True}, None, "true", "true"),
    ({"found_weight_lb": 70000, "exceeds_size_limits": True}, {"exceeds_weight": False}, "true", "false"),
    ({"found_weight_lb": 90000, "exceeds_size_limits": False}, {"permit_in_force": False}, "true", "true"),
]


# ---------------------------------------------------------------------------------------------
# (4) single article rule and its exceptions

ISSUE = [
    # (attrs, may issue?, provision that decides)
    ({"article_count": 1, "divisible_load": False}, "true", "348.25(4)"),
    ({"article_count": 1, "divisible_load": True}, "false", None),
    ({"article_count": 3, "divisible_load": True, "listed_permit_exception": True}, "true", "348.25(4)"),
    ({"article_count": 2, "within_gross_weight_limits": True, "added_size_excess": False}, "true",
     "348.25(4)(a)"),
    ({"article_count": 2, "within_gross_weight_limits": True, "added_size_excess": True}, "false", None),
    ({"article_count": 2, "within_gross_weight_limits": False, "added_size_excess": False}, "false", None),
    # (4)(b): single trip, implements of husbandry, at most 2 articles, at most 5 ft over length
    ({"article_count": 2, "husbandry_load": True, "length_excess_ft": 5}, "true", "348.25(4)(b)"),
    ({"article_count": 2, "husbandry_load": True, "length_excess_ft": 4.5}, "true", "348.25(4)(b)"),
    ({"article_count": 2, "husbandry_load": True, "length_excess_ft": 5.01}, "false", None),
    ({"article_count": 3, "husbandry_load": True, "length_excess_ft": 2}, "false", None),
    ({"article_count": 2, "husbandry_load": True, "length_excess_ft": 5, "permit_kind": "annual"},
     "false", None),
    ({"article_count": 2, "husbandry_load": False, "length_excess_ft": 5}, "false", None),
]


# ---------------------------------------------------------------------------------------------
# (5)-(7): what the issuing officer or agency may do

ACTIONS = [
    ("may_sue_on_bond(p1)", {"bond_filed": True, "refused_to_pay_damage": True}, "true", "348.25(5)"),
    ("may_sue_on_bond(p1)", {"bond_filed": False, "refused_to_pay_damage": True}, "false", None),
    ("may_sue_on_bond(p1)", {"bond_filed": True, "refused_to_pay_damage": False}, "false", None),
    ("may_suspend_or_revoke(p1)", {"good_cause_shown": True, "hearing_opportunity_given": True},
     "true", "348.25(7)"),
    ("may_suspend_or_revoke(p1)", {"good_cause_shown": True, "hearing_opportunity_given": False},
     "false", None),
    ("may_suspend_or_revoke(p1)", {"good_cause_shown": False, "hearing_opportunity_given": True},
     "false", None),
]


# ---------------------------------------------------------------------------------------------
# (2)(a) a permit condition violated by a vehicle over the size limits: "subject to the same
# penalties as would be applicable if that person were operating without a permit". The penalty
# for size without a permit is outside the excerpt: the answer says so, never FALSE.

def size_permit_case(**attrs):
    base = dict(found_weight_lb=70000, max_weight_lb=80000, other_permit_condition_violated=True,
                exceeds_size_limits=True)
    base.update(attrs)
    return vehicle_case(permit={"permit_kind": "single_trip", "permit_in_force": True,
                                "exceeds_weight": False}, **base)


def test_size_permit_condition_penalty_is_outside_the_excerpt_not_false():
    res = ask(size_permit_case(), "permit_condition_forfeiture(v1, Min, Max)")
    assert res.answer != "false"
    assert "348.25(2)(a)" in res.cited
    assert [b["answer"] for b in res.bindings] == ["undetermined"]
    assert [h["citation"] for e in res.undetermined for h in e["holes"]] == ["348.11"]
    assert "s. 348.11 is not in the excerpt" in res.argument.short
    assert "No forfeiture" not in res.argument.short and "may be imposed" not in res.argument.short


