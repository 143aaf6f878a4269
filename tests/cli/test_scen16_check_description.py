"""`reasoner check` warns where a case's `description:` (the handout's "Scenario" line) states a
conclusion the handout argues: a section cited, a violation or lawfulness said, the amount given
(trainer review 11, G1). A warning, not a problem: the exit code stays 0. The bundled cases' descriptions
state facts only."""
import json
from pathlib import Path

import yaml
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.language.citations import description_conclusions

FACTS = Path(__file__).resolve().parents[2] / "facts"
CASE = '''description: {desc}
entities:
  spreader:
    type: vehicle
    name: the manure spreader
    weighed: true
    found_weight_lb: 23000
    max_weight_lb: 21500
'''


def test_conclusions_in_a_description_are_found_and_facts_are_not():
    said = description_conclusions("A manure spreader with 23,000 lb on an axle, violating s. 348.15(3)(b); "
                                   "2nd conviction within 12 months ($100 to $200).")
    assert said == [("cites a section", "s. 348.15(3)(b)"), ("says what was violated", "violating"),
                    ("gives the forfeiture", "$100 to $200")]
    assert description_conclusions("charged under 350.101(1)(a)") == [("cites a section", "350.101(1)(a)")]
    assert description_conclusions("the ride was lawful; a forfeiture of $50") == [
        ("says what was lawful", "lawful"), ("gives the forfeiture", "forfeiture of $")]
    assert description_conclusions("§ 350.02 applies")[0][0] == "cites a section"
    # facts: weights, distances, times, money paid, counts
    assert description_conclusions("A grain semi weighed at 83,500 lb against an 80,000-lb gross limit at "
                                   "21:30, 12.5 miles away; the fee paid was $35.") == []


def test_check_warns_with_the_line_and_what_to_do_and_exits_0(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.yaml").write_text(CASE.format(desc="A manure spreader, violating s. 348.15(3)(b)."))
    r = CliRunner().invoke(main, ["check", "c.yaml"])
    assert r.exit_code == 0, r.output
    assert ("c.yaml:1: warning: the description states a conclusion the handout argues: it cites a section "
            "('s. 348.15(3)(b)'); says what was violated ('violating')") in r.stdout
    assert "hint: a description states facts only; the handout argues the law" in r.stdout
    assert r.stdout.splitlines()[-1].endswith(": 0 problem(s), 1 warning(s)")
    r = CliRunner().invoke(main, ["check", "c.yaml", "--format", "json"])
    data = json.loads(r.stdout)
    assert r.exit_code == 0 and data["problems"] == []
    assert [w["location"] for w in data["warnings"]] == ["c.yaml:1"]
    assert "warnings" not in data["checked"]


def test_a_description_of_facts_only_is_not_warned(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c.yaml").write_text(CASE.format(desc="A manure spreader with 23,000 lb on one axle."))
    r = CliRunner().invoke(main, ["check", "c.yaml"])
    assert r.exit_code == 0 and "warning" not in r.stdout, r.output


def test_the_bundled_descriptions_state_facts_only():
    for f in sorted(FACTS.glob("*.yaml")):
        desc = yaml.safe_load(f.read_text()).get("description") or ""
        assert description_conclusions(desc) == [], (f.name, desc)
    spreader = yaml.safe_load((FACTS / "ch348_manure_spreader_axle.yaml").read_text())["description"]
    assert spreader == ("A manure spreader (implement of husbandry) with 23,000 lb on one axle; the maximum "
                        "weight applicable to it is 21,500 lb.")
