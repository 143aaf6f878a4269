"""`reasoner vocab`: the case vocabulary, and a case skeleton whose every example
value is inside its declared space."""
import json
import re

import pytest
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.facts.case import parse_case
from reasoner.engine.rulebase import default_rulebase


def invoke(*args):
    return CliRunner().invoke(main, list(args))


def test_vocab_text_lists_words_ranges_sentences_and_provisions():
    result = invoke("vocab", "operation")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("operation: a snowmobile operation")
    assert ("  highway_class: symbol {city_street, connecting, county, state_trunk, town, us, "
            "village_street, other}") in out
    assert "  speed_mph: number 0.. (mph)\n      the speed of the snowmobile in the operation, in miles per hour" in out
    assert "  alcohol_concentration: number 0..1 (grams_per_100_ml)" in out
    block = re.split(r"\n  \w", out.split("  alcohol_concentration:")[1])[0]
    assert "read by: 350.101(1)(b)" in block, block
    assert "\nperson:" not in out   # one kind only


def test_vocab_json_every_attribute_has_a_type():
    data = json.loads(invoke("vocab", "--format", "json").output)
    kinds = {k["kind"]: k for k in data["kinds"]}
    assert {"operation", "person", "vehicle", "permit", "prior_conviction"} <= set(kinds)
    attrs = [a for k in data["kinds"] for a in k["attributes"]]
    assert len(attrs) > 200
    assert all(a["type"] for a in attrs)
    disp = next(a for a in kinds["prior_conviction"]["attributes"] if a["attribute"] == "prior_disposition")
    assert "judgment" in disp["words"] and disp["words"][-1] == "other" and disp["other"].startswith("other: ")
    assert disp["read_by"] == ["348.21(4)"]   # s. 348.21 (4) says what is a conviction
    assert all(a["words"] for a in attrs if a["type"] == "symbol")


def test_vocab_unknown_kind():
    result = invoke("vocab", "operaton")
    assert result.exit_code == 2 and "did you mean: operation" in result.output


@pytest.mark.parametrize("kind", sorted(default_rulebase().program.entities))
def test_template_is_a_case_and_every_example_value_is_valid(kind):
    result = invoke("vocab", "--template", kind)
    assert result.exit_code == 0, result.output
    skeleton = result.output
    checked = default_rulebase().checked
    assert parse_case(skeleton, "t.yaml", checked, "t").entities[f"{kind}1"] == kind
    filled = re.sub(r"^(\s*)# (\w+: .*?)    # .*$", r"\1\2", skeleton, flags=re.M)
    case = parse_case(filled, "filled.yaml", checked, "filled")   # raises on any value out of its space
    vocab = json.loads(invoke("vocab", kind, "--format", "json").output)["kinds"][0]["attributes"]
    assert sorted(case.attributes[f"{kind}1"]) == sorted(a["attribute"] for a in vocab)
