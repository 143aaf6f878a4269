"""s. 348.19: forest-products estimate and the one-mile scale rule ((1)(b), (4)); holding an
overweight vehicle until reloaded ((2)(a)); livestock within 15 miles ((2)(b)); duties ((3))."""
import pytest
from reasoner.answer.answering import ask

from test_ch348_support import truth, vehicle_case


def forest_case(length=40, height=8, per_sq_ft=150, empty=30000, limit=80000, miles=8, **attrs):
    base = dict(forest_products_crosswise=True, avg_load_length_ft=length, avg_load_height_ft=height,
                table_weight_per_sq_ft_lb=per_sq_ft, empty_weight_lb=empty, max_weight_lb=limit,
                scale_distance_miles=miles, weighed=False, directed_to_stop=False,
                directed_to_scale=True, drove_to_scale=False)
    base.update(attrs)
    return vehicle_case(**base)


def test_estimate_is_length_times_height_times_weight_plus_empty():
    res = ask(forest_case(), "estimated_gross_weight_lb(v1, G)")
    assert [b["G"] for b in res.bindings] == [78000]
    assert "348.19(1)(b)" in res.cited
    assert any("Figure 348.19 (1) (b)" in r for r in res.readings)


ESTIMATE = [
    # (limit, excused?) with an estimate of exactly 78,000 lb
    (78000, "true"),     # equal to the limit: does not exceed it
    (77999, "false"),
    (80000, "true"),
]


MILES = [(0.5, "false"), (1, "false"), (1.01, "true"), (8, "true")]


HIGHWAY = [
    # (interstate?, corridor?, excused?, 348.19(4) cited?)
    (False, None, "true", False),
    (True, False, "false", True),
    (True, True, "true", False),
]


def test_unknown_table_figure_is_undetermined():
    case = forest_case()
    del case["entities"]["v1"]["table_weight_per_sq_ft_lb"]
    res = ask(case, "excused_from_distant_scale(v1)")
    assert res.answer == "undetermined"
    assert any("Figure 348.19" in m for m in res.missing)


# ---------------------------------------------------------------------------------------------
# (2)(a) and (2)(b)

def overweight_case(**attrs):
    base = dict(found_weight_lb=81800, max_weight_lb=80000)
    base.update(attrs)
    return vehicle_case(**base)


HOLD = [
    # (attrs, must_reload, may_proceed, cited for may_proceed/must_reload)
    ({}, "true", "false", "348.19(2)(a)"),
    ({"load_adjusted_to_comply": True}, "true", "true", "348.19(2)(a)"),
    ({"found_weight_lb": 80000}, "false", "true", "348.19(2)(a)"),
    # livestock within 15 miles: must be let proceed
    ({"transports_livestock": True, "miles_to_destination": 15}, "false", "true", "348.19(2)(b)"),
    ({"transports_livestock": True, "miles_to_destination": 15.0}, "false", "true", "348.19(2)(b)"),
    ({"transports_livestock": True, "miles_to_destination": 3}, "false", "true", "348.19(2)(b)"),
    ({"transports_livestock": True, "miles_to_destination": 15.01}, "true", "false", "348.19(2)(a)"),
    ({"transports_livestock": True, "miles_to_destination": 16}, "true", "false", "348.19(2)(a)"),
    # livestock on the interstate system: only in the I 39 / I 41 corridors
    ({"transports_livestock": True, "miles_to_destination": 10, "on_interstate_system": True,
      "in_i39_i41_corridor": False}, "true", "false", "348.19(2)(a)"),
    ({"transports_livestock": True, "miles_to_destination": 10, "on_interstate_system": True,
      "in_i39_i41_corridor": True}, "false", "true", "348.19(2)(b)"),
    # an axle excess that may be reloaded under s. 348.21(2)(b): may continue
    ({"found_weight_lb": 36000, "max_weight_lb": 34000, "reload_needed_lb": 2000,
      "excess_reloadable": True, "reloaded_within_limits": False}, "false", "true", "348.21(2)(b)"),
    ({"found_weight_lb": 36001, "max_weight_lb": 34000, "reload_needed_lb": 2001,
      "excess_reloadable": True}, "true", "false", "348.19(2)(a)"),
]


def test_livestock_unknown_distance_is_undetermined():
    res = ask(overweight_case(transports_livestock=True), "may_proceed(v1)")
    assert res.answer == "undetermined"
    assert any("destination" in m for m in res.missing)


# ---------------------------------------------------------------------------------------------
# (3) duties

DUTIES = [
    # (attrs, violation?)
    ({"stopped_and_submitted": False}, "true"),
    ({"stopped_and_submitted": True}, "false"),
    ({"stopped_and_submitted": False, "dual_purpose_motor_home": True, "used_as_motor_home": True},
     "false"),
    ({"stopped_and_submitted": False, "dual_purpose_motor_home": True, "used_as_motor_home": False},
     "true"),
    # the motor home exception does not excuse refusing to drive to a scale
    ({"directed_to_scale": True, "drove_to_scale": False, "dual_purpose_motor_home": True,
      "used_as_motor_home": True}, "true"),
    ({"directed_to_scale": True, "drove_to_scale": True}, "false"),
    ({"directed_to_stop": False}, "false"),
]


RELOAD_DUTY = [
    ({"refused_reload": True}, "true"),
    ({"refused_reload": False}, "false"),
    # livestock allowed to proceed: no duty to reload
    ({"refused_reload": True, "transports_livestock": True, "miles_to_destination": 5}, "false"),
]


