"""An answer the exact split cannot finish lists only values it checked, or says which it could
not check (answer/exactanswer.py verify_values): never a silently impossible amount."""
import json
from pathlib import Path

from click.testing import CliRunner

from reasoner.answer.answering import ask
from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
OPEN_PRIORS = str(ROOT / "tests/fixtures/log_truck_priors_open.yaml")
LOG = str(ROOT / "facts/ch348_log_truck_third_offense.yaml")


def _money(b):
    return (b["Min"], b["Max"])


def test_values_the_split_cannot_finish_are_marked_not_verified_in_text_and_json():
    # three priors whose dates are unknown: the split cannot finish. At the default budget each listed
    # range is checked by a completion ((3g)(b)1, $1,000-$1,050: two priors counted; (3g)(a),
    # $350-$450: none); at a budget too small to check them, each is said to be not verified, by value
    both = {("1000.00", "1050.00"), ("350.00", "450.00")}
    data = json.loads(CliRunner().invoke(main, ["ask", OPEN_PRIORS, "forfeiture", "--format", "json"]).output)
    assert data["exact"] is False and data["not_verified"] == []
    assert {(b["Min"]["dollars"], b["Max"]["dollars"]) for b in data["bindings"]} == both
    res = CliRunner().invoke(main, ["--exact-budget", "20", "ask", OPEN_PRIORS, "forfeiture", "--format", "json"])
    data = json.loads(res.output)
    listed = {(b["Min"]["dollars"], b["Max"]["dollars"]) for b in data["not_verified"]}
    assert data["exact"] is False and listed == both
    assert "2 of the values listed are not verified" in data["exact_reason"]
    text = " ".join(CliRunner().invoke(main, ["--exact-budget", "20", "ask", OPEN_PRIORS, "forfeiture"]).output.split())
    assert "2 of the values listed are not verified: no completion producing them was found" in text


def test_a_value_no_completion_produces_is_left_out(tmp_path):
    # with the month of the spring conviction unknown, the ranges are (3g)(b)1 (both priors counted) or
    # (3g)(a)... as a split of one input shows; at a budget too small for the whole answer each listed
    # value is checked on its own and none is listed unchecked
    text = Path(LOG).read_text(encoding="utf-8").replace("    months_since_prior: 5\n", "")
    case = tmp_path / "one_open.yaml"
    case.write_text(text, encoding="utf-8")
    exact = ask(str(case), "forfeiture")
    assert exact.exact
    possible = {(b["Min"], b["Max"]) for b in exact.bindings}
    res = CliRunner().invoke(main, ["--exact-budget", "2", "ask", str(case), "forfeiture", "--format", "json"])
    data = json.loads(res.output)
    assert data["exact"] is False
    for b in data["bindings"]:
        cents = (round(float(b["Min"]["dollars"]) * 100), round(float(b["Max"]["dollars"]) * 100))
        assert cents in possible or b in data["not_verified"], b
