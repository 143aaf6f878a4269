"""A prior charge that ended in an acquittal is no conviction, and is not named one (trainer review 16,
12: 'the conviction 5 months earlier: ended in an acquittal'); it is not counted."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case

CASE = """description: "Two dump trucks over their limits; one driver was acquitted of an overweight 5 months ago, the other convicted 4 months ago."
entities:
  truck_a: {type: vehicle, found_weight_lb: 66800, max_weight_lb: 66000}
  truck_b: {type: vehicle, found_weight_lb: 66800, max_weight_lb: 66000}
  prior_a: {type: prior_conviction, prior_of: truck_a, months_since_prior: 5, prior_disposition: acquitted, prior_under: s3}
  prior_b: {type: prior_conviction, prior_of: truck_b, months_since_prior: 4, prior_disposition: judgment, prior_under: s3}
"""


def test_an_acquittal_is_named_a_charge_and_not_counted(tmp_path):
    path = tmp_path / "two_trucks.yaml"
    path.write_text(CASE, encoding="utf-8")
    rb = default_rulebase()
    names = load_case(path, rb.checked).with_roles().names
    assert names["prior_a"] == "the charge acquitted 5 months earlier (not a conviction)"
    assert names["prior_b"] == "the conviction 4 months earlier"
    out = CliRunner().invoke(main, ["ask", str(path), "forfeiture", "--format", "json"])
    assert out.exit_code == 0, out.output
    import json
    rows = {b["V"]: (b["Min"]["dollars"], b["Max"]["dollars"]) for b in json.loads(out.output)["bindings"]}
    # 800 lb over: s. 348.21(3)(a), first $50-$100 (the acquittal not counted), second $100-$200
    assert rows == {"truck_a": ("50.00", "100.00"), "truck_b": ("100.00", "200.00")}
