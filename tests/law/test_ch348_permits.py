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


@pytest.mark.parametrize("attrs,cents,cited,not_cited", SINGLE_SIZE)
def test_single_trip_size_fees(attrs, cents, cited, not_cited):
    res, rows = fee(permit_case(**attrs))
    assert rows == [cents]
    assert "348.25(8)(a)" in res.cited
    for c in cited:
        assert c in res.cited, c
    for c in not_cited + [A3, B1, B2, B3]:
        assert c not in res.cited, c


def test_single_trip_nothing_exceeded_has_no_fee():
    res, rows = fee(permit_case())
    assert res.answer == "false" and rows == []


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
def test_annual_weight_fee(gross, annual, single, tier, other):
    res, rows = fee(permit_case(permit_kind="annual", exceeds_weight=True, permit_gross_weight_lb=gross))
    assert rows == [annual]
    assert {tier, B3, "348.25(8)(b)"} <= res.cited
    assert other not in res.cited and A3 not in res.cited


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


@pytest.mark.parametrize("kind,stated,cents", HYPOTHETICAL_3A)
def test_fee_for_90000_or_less_only_from_a_stated_3a_figure(kind, stated, cents):
    case = permit_case(permit_kind=kind, exceeds_weight=True, permit_gross_weight_lb=90000,
                       fee_from_missing_3a=stated / 100)
    res, rows = fee(case)
    assert rows == [cents]
    assert "348.25(8)(b)3" in res.cited


def test_increments_use_ceiling():
    res = ask(permit_case(permit_kind="annual", exceeds_weight=True, permit_gross_weight_lb=100001),
              "weight_increments(p1, N)")
    assert [b["N"] for b in res.bindings] == [1]
    res = ask(permit_case(permit_kind="annual", exceeds_weight=True, permit_gross_weight_lb=110000),
              "weight_increments(p1, N)")
    assert [b["N"] for b in res.bindings] == [1]


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


@pytest.mark.parametrize("kind", ["annual", "multiple_trip"])
@pytest.mark.parametrize("attrs,cents,cited,not_cited", ANNUAL)
def test_annual_fees(kind, attrs, cents, cited, not_cited):
    res, rows = fee(permit_case(permit_kind=kind, **attrs))
    assert rows == [cents]
    for c in cited:
        assert c in res.cited, c
    for c in not_cited + [A1, A2, A2M, A3]:
        assert c not in res.cited, c


def test_amendment_has_no_fee():
    res, rows = fee(permit_case(permit_kind="amendment", exceeds_length=True))
    assert rows == [0] and "348.25(8)(b)" in res.cited


def test_consecutive_month_permit_fee_not_derived():
    res, rows = fee(permit_case(permit_kind="consecutive_month", exceeds_length=True))
    assert res.answer == "false"


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


@pytest.mark.parametrize("vattrs,pattrs,required,without", REQUIRED)
def test_permit_required(vattrs, pattrs, required, without):
    case = vehicle_case(permit=pattrs, **vattrs)
    r = ask(case, "permit_required(v1)")
    assert r.answer == required
    w = ask(case, "operated_without_required_permit(v1)")
    assert w.answer == without
    if without == "true":
        assert "348.25(1)" in w.cited


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


@pytest.mark.parametrize("attrs,expected,cite", ISSUE)
def test_single_article_rule(attrs, expected, cite):
    base = {"listed_permit_exception": False, "divisible_load": True,
            "within_gross_weight_limits": False, "added_size_excess": True, "husbandry_load": False,
            "length_excess_ft": 0}
    base.update(attrs)
    res = ask(permit_case(**base), "permit_may_be_issued(p1)")
    assert res.answer == expected
    if cite:
        assert cite in res.cited
    if cite != "348.25(4)(b)":
        assert "348.25(4)(b)" not in res.cited


# ---------------------------------------------------------------------------------------------
# (5)-(7): what the issuing officer or agency may do

def test_may_require_bond_and_insurance():
    case = permit_case()
    assert truth(case, "may_require_bond(p1)") == "true"
    res = ask(case, "may_require_insurance_proof(p1)")
    assert res.answer == "true" and "348.25(6)" in res.cited


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


@pytest.mark.parametrize("atom,attrs,expected,cite", ACTIONS)
def test_officer_actions(atom, attrs, expected, cite):
    res = ask(permit_case(**attrs), atom)
    assert res.answer == expected
    if cite:
        assert cite in res.cited


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


def test_size_unknown_leaves_the_permit_condition_penalty_open():
    res = ask(size_permit_case(exceeds_size_limits=None), "permit_condition_forfeiture(v1, Min, Max)")
    assert res.answer == "undetermined"


def test_size_penalty_stated_from_outside_the_excerpt_is_used():
    res = ask(size_permit_case(size_penalty_min_outside_excerpt=50, size_penalty_max_outside_excerpt=200),
              "permit_condition_forfeiture(v1, Min, Max)")
    assert res.answer == "true" and "348.25(2)(a)" in res.cited
    assert [(b["Min"], b["Max"]) for b in res.bindings if b["answer"] == "true"] == [(5000, 20000)]


def test_within_size_and_weight_a_condition_breach_carries_no_penalty_here():
    res = ask(size_permit_case(exceeds_size_limits=False), "permit_condition_forfeiture(v1, Min, Max)")
    assert res.answer == "false" and "348.25(2)(a)" not in res.cited
