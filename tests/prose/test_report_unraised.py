"""Report-style answers: a row open only on facts the case never raises is said as not examined, never
as an undetermined amount (the grain truck that drove to the scale and was weighed within its limit)."""
from reasoner.answer.api import Case
from reasoner.prose.answers import answer_line, unraised_rows

SCALE = {
    "description": "An officer directed two loaded trucks to a scale 2 miles away. The grain truck drove to "
                   "the scale and was weighed within its limit. The livestock trailer's driver drove on past it.",
    "entities": {
        "grain_truck": {"type": "vehicle", "directed_to_stop": True, "stopped_and_submitted": True,
                        "directed_to_scale": True, "drove_to_scale": True, "weighed": True,
                        "found_weight_lb": 78500, "max_weight_lb": 80000, "forest_products_crosswise": False},
        "stock_trailer": {"type": "vehicle", "directed_to_stop": True, "stopped_and_submitted": True,
                          "directed_to_scale": True, "drove_to_scale": False, "weighed": False,
                          "forest_products_crosswise": False},
    },
}


def test_grain_truck_not_an_undetermined_forfeiture():
    answer = Case.from_dict(SCALE, "scale").ask("duty_forfeiture")
    assert answer.answer == "true"
    rows = {b["V"]: b["answer"] for b in answer.bindings}
    assert rows == {"stock_trailer": "true", "grain_truck": "undetermined"}   # the engine's verdict is unchanged
    assert [e["subject"] for e in unraised_rows(answer)] == ["grain_truck"]
    line = answer_line(answer)
    assert "stock_trailer: not less than $50.00 nor more than $100.00 (s. 348.21(2)(a))" in line
    assert "Undetermined" not in line
    assert "Not examined for grain_truck: the case states nothing on the facts of s. 348.21(2)(a)" in line
    assert "violated s. 348.17 (2)" in line
    table = {r["entity"]: r for r in answer.argument.table}
    grain = next(r for name, r in table.items() if "grain" in name.lower() or "first" in name.lower())
    assert grain["established"] == []
    assert grain["open"] and all(c.startswith("not raised by the case: it states nothing on whether the operator of") for c in grain["open"])
    assert "$50.00" not in " ".join(grain["open"])
    assert answer.argument.undetermined == [] and answer.argument.missing == []
