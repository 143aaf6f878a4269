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


def test_unknown_discard_day_is_undetermined():
    res, rows = violations(records_case({"original_discarded": True, "true_copy_kept": False}))
    assert res.answer == "undetermined"
    assert any("discarded" in m for m in res.missing)


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


