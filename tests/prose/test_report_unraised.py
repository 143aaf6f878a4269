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
    """The grain truck drove to the scale and was weighed within its limit: no forfeiture. The case
    raises no violation of s. 348.17(2) (not in the excerpt) for it: taken as not so, and shown."""
    answer = Case.from_dict(SCALE, "scale").ask("duty_forfeiture")
    assert answer.answer == "true"
    rows = {b["V"]: b["answer"] for b in answer.bindings}
    assert rows == {"stock_trailer": "true"}
    assert unraised_rows(answer) == []
    line = answer_line(answer)
    assert "stock_trailer: not less than $50.00 nor more than $100.00 (s. 348.21(2)(a))" in line
    # what follows for the grain truck, then why (trainer review 7, 06)
    assert ("No forfeiture under s. 348.21(2)(a) follows for grain_truck: the operator of grain_truck did not violate "
            "the duty in s. 348.19(3)") in line, line
    assert "Undetermined" not in line and "Not examined" not in line
    table = {r["entity"]: r for r in answer.argument.table}
    assert table["grain_truck"]["open"] == [] and "$50.00" not in " ".join(table["grain_truck"]["established"])
    cell = table["grain_truck"]["established"][0]
    assert cell.startswith("None: the operator of grain_truck did not violate the duty in s. 348.19(3)"), cell
    assert cell.endswith("no forfeiture under s. 348.21(2)(a) follows"), cell
    assert answer.argument.undetermined == [] and answer.argument.missing == []
    # the reading it rests on is shown, and says that s. 348.17 is not in the excerpt
    shown = [p for p in answer.argument.presumed if p["fact"] == "not violated_348_17_2(grain_truck)"]
    assert shown and shown[0]["citation"] == "348.21(2)(a)"
    assert shown[0]["reason"].startswith("The case raises no violation of s. 348.17(2) (not in the excerpt); taken as not so")


RIDES = {
    "description": "Three riders at night on the trail beside County Highway K. The first followed the traffic; the "
                   "second and third rode against it, the second 55 ft and the third 25 ft from the roadway, on a "
                   "trail the county highway commissioner approved for two-way use.",
    "entities": {
        **{ride: {"type": "operation", "operator": rider, "at_night": True, "adjacent_to_roadway": True,
                  "on_main_traveled_portion": False, "highway_class": "county", **extra}
           for ride, rider, extra in [
               ("ride_a", "rider_a", {"distance_from_roadway_ft": 55, "travelled_with_traffic": True}),
               ("ride_b", "rider_b", {"distance_from_roadway_ft": 55, "trail_distance_ft": 55,
                                      "travelled_with_traffic": False, "trail_approved_by_maintenance_officer": True}),
               ("ride_c", "rider_c", {"distance_from_roadway_ft": 25, "trail_distance_ft": 25,
                                      "travelled_with_traffic": False, "trail_approved_by_maintenance_officer": True})]},
        "rider_a": {"type": "person"}, "rider_b": {"type": "person"}, "rider_c": {"type": "person"},
    },
}


def test_report_says_who_did_not_violate_the_engaged_provision():
    from reasoner.prose.answers import not_violated
    answer = Case.from_dict(RIDES, "rides").ask("violations")
    assert answer.answer == "true"
    assert [(b["O"], b["answer"]) for b in answer.bindings if b["P"] == "350.02(2)(b)4"] == [("ride_c", "true")]
    assert not_violated(answer) == [("350.02(2)(b)4", ["ride_a", "ride_b"])]
    line = answer_line(answer)
    assert "violated s. 350.02(2)(b)4 in ride_c" in line
    assert "No violation of s. 350.02(2)(b)4 in ride_a or ride_b." in line
    assert "ride_c or" not in line.split("No violation", 1)[1].split(".", 1)[0]   # the violator is never cleared
    table = {r["entity"]: r for r in answer.argument.table}
    cleared = [r for r in table.values() if "no violation of s. 350.02(2)(b)4" in r["established"]]
    assert len(cleared) == 2
    assert all("s. 350.02(2)(b)4" not in r["established"] for r in cleared)
