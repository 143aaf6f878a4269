"""s. 348.195 weight records of raw forest products purchasers; s. 348.22 reports of conviction."""
import pytest
from reasoner.answer.answering import ask


def records_case(*records, purchaser=None):
    entities = {"mill": {"type": "purchaser", "purchases_raw_forest_products": True}}
    if purchaser:
        entities["mill"].update(purchaser)
    for i, attrs in enumerate(records, 1):
        r = {"type": "record", "record_purchaser": "mill", "records_weight": True,
             "original_discarded": False, "demanded_by_officer": False}
        r.update(attrs)
        entities[f"r{i}"] = r
    return {"description": "ch. 348 test records", "entities": entities}


def violations(case):
    res = ask(case, "records_forfeiture(P, R, F)")
    rows = sorted((b["P"], b["R"], b["F"]) for b in res.bindings if b["answer"] == "true")
    return res, rows


RETAIN = [
    # (record attrs, violation?)
    ({"original_discarded": True, "discarded_on_day": 29, "true_copy_kept": False}, True),
    ({"original_discarded": True, "discarded_on_day": 30, "true_copy_kept": False}, False),
    ({"original_discarded": True, "discarded_on_day": 0, "true_copy_kept": False}, True),
    ({"original_discarded": True, "discarded_on_day": 10, "true_copy_kept": True}, False),
    ({"original_discarded": False}, False),
]


@pytest.mark.parametrize("attrs,violation", RETAIN)
def test_retention_30_days(attrs, violation):
    res, rows = violations(records_case(attrs))
    assert rows == ([("mill", "r1", 100000)] if violation else [])
    if violation:
        assert {"348.195(1)", "348.195(4)"} <= res.cited
    if attrs.get("true_copy_kept"):
        assert truth_copy(records_case(attrs))


def truth_copy(case):
    res = ask(case, "copy_substitutes(r1)")
    return res.answer == "true" and "348.195(3)" in res.cited


PRODUCE = [
    # (record attrs, violation?)
    ({"demanded_by_officer": True, "demanded_on_day": 30, "provided_promptly": False,
      "copy_provided_promptly": False}, True),
    ({"demanded_by_officer": True, "demanded_on_day": 31, "provided_promptly": False,
      "copy_provided_promptly": False}, False),
    ({"demanded_by_officer": True, "demanded_on_day": 12, "provided_promptly": True,
      "copy_provided_promptly": False}, False),
    ({"demanded_by_officer": True, "demanded_on_day": 12, "provided_promptly": False,
      "copy_provided_promptly": True}, False),
]


@pytest.mark.parametrize("attrs,violation", PRODUCE)
def test_production_on_demand_within_30_days(attrs, violation):
    res, rows = violations(records_case(attrs))
    if attrs.get("copy_provided_promptly"):
        produced = ask(records_case(attrs), "record_produced(r1)")
        assert produced.answer == "true" and "348.195(3)" in produced.cited
    assert rows == ([("mill", "r1", 100000)] if violation else [])
    if violation:
        assert {"348.195(2)", "348.195(4)"} <= res.cited
        assert "348.195(1)" in res.cited   # who must retain (and so produce)


def test_each_violation_is_a_separate_offense():
    case = records_case(
        {"original_discarded": True, "discarded_on_day": 3, "true_copy_kept": False},
        {"demanded_by_officer": True, "demanded_on_day": 8, "provided_promptly": False,
         "copy_provided_promptly": False},
        {"original_discarded": True, "discarded_on_day": 20, "true_copy_kept": False,
         "demanded_by_officer": True, "demanded_on_day": 25, "provided_promptly": False,
         "copy_provided_promptly": False},
        {"original_discarded": False},
    )
    res, rows = violations(case)
    assert rows == [("mill", "r1", 100000), ("mill", "r2", 100000), ("mill", "r3", 100000)]
    total = sum(f for _, _, f in rows)
    assert total == 300000   # $1,000 x 3 violations
    assert any("separate offense" in r for r in res.readings)


NOT_COVERED = [
    ({}, {"records_weight": False, "original_discarded": True, "discarded_on_day": 1,
          "true_copy_kept": False}),
    ({"purchases_raw_forest_products": False}, {"original_discarded": True, "discarded_on_day": 1,
                                                 "true_copy_kept": False}),
]


@pytest.mark.parametrize("pattrs,rattrs", NOT_COVERED)
def test_records_outside_348_195(pattrs, rattrs):
    res, rows = violations(records_case(rattrs, purchaser=pattrs))
    assert res.answer == "false" and rows == []


def test_unknown_discard_day_is_undetermined():
    res, rows = violations(records_case({"original_discarded": True, "true_copy_kept": False}))
    assert res.answer == "undetermined"
    assert any("discarded" in m for m in res.missing)


def test_records_admissible_in_prosecution():
    res = ask(records_case({"used_in_prosecution": True}), "record_may_be_admitted(r1)")
    assert res.answer == "true" and "348.195(5)" in res.cited
    res = ask(records_case({"used_in_prosecution": False}), "record_may_be_admitted(r1)")
    assert res.answer == "false"


# ---------------------------------------------------------------------------------------------
# s. 348.22: the clerk forwards a record of conviction within 48 hours.

def conviction_case(**attrs):
    c = {"type": "weight_conviction", "convicted_of_weight_law": True,
         "conviction_disposition": "judgment", "record_forwarded": True, "hours_to_forward": 24}
    c.update(attrs)
    return {"description": "ch. 348 test conviction", "entities": {"c1": c}}


REPORT = [
    # (attrs, report required?, violation?)
    ({"hours_to_forward": 47}, "true", "false"),
    ({"hours_to_forward": 48}, "true", "false"),
    ({"hours_to_forward": 48.5}, "true", "true"),
    ({"hours_to_forward": 72}, "true", "true"),
    ({"record_forwarded": False}, "true", "true"),
    ({"conviction_disposition": "bail_forfeited", "hours_to_forward": 60}, "true", "true"),
    ({"conviction_disposition": "appearance_money_forfeited", "hours_to_forward": 10}, "true", "false"),
    ({"conviction_disposition": "fine_paid", "hours_to_forward": 49}, "true", "true"),
    ({"conviction_disposition": "acquitted", "hours_to_forward": 100}, "false", "false"),
    ({"convicted_of_weight_law": False, "hours_to_forward": 100}, "false", "false"),
]


@pytest.mark.parametrize("attrs,required,violation", REPORT)
def test_report_within_48_hours(attrs, required, violation):
    case = conviction_case(**attrs)
    assert ask(case, "conviction_report_required(c1)").answer == required
    res = ask(case, "conviction_report_violation(c1)")
    assert res.answer == violation
    if violation == "true":
        assert "348.22" in res.cited


def test_unknown_hours_is_undetermined():
    case = conviction_case()
    del case["entities"]["c1"]["hours_to_forward"]
    res = ask(case, "conviction_report_violation(c1)")
    assert res.answer == "undetermined"
