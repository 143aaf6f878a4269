"""A presumed exception is a node of its own kind in the proof graph, and every presumed fact an
answer relies on says its provision and why it is presumed (what each report case presumes, and its
verdict with and without presumptions, are YAML law tests: facts/tests/presumptions_reports_outcomes.yaml
and reasoner/law/tests/presumptions_reports_outcomes.yaml)."""
from pathlib import Path

import pytest

from reasoner.answer.answering import ask

FACTS = Path(__file__).resolve().parents[2] / "facts"


def test_presumed_node_kind_in_the_proof_graph():
    res = ask(FACTS / "ch350_report_night_direction.yaml", "lawful(op1)")
    nodes = [d for _, d in res.graph.nodes(data=True) if d.get("kind") == "presumed"]
    assert [d["fact"] for d in nodes] == ["not public_utility_function(op1)"]
    assert nodes[0]["label"].startswith("presumed: not public_utility_function(op1) (not raised in the case) — s. 350.045")
    assert nodes[0]["status"] == "false"


@pytest.mark.parametrize("case, query", [
    ("ch350_report_night_direction.yaml", 'violation(op1, "350.02(2)(b)4")'),
    ("ch350_report_youth_alone.yaml", 'violation(op1, "350.05(2)")'),
    ("ch348_report_drove_past_scale.yaml", "duty_forfeiture(truck, Min, Max)"),
    ("ch348_report_axle_overweight.yaml", "forfeiture(truck, Min, Max)"),
])
def test_each_presumed_fact_says_its_provision_and_reason(case, query):
    res = ask(FACTS / case, query)
    assert res.presumed
    for p in res.presumed:
        assert p["citation"] and p["reason"], p
