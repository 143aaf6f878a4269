"""Discoverable questions and vocabulary: `reasoner queries` (text and JSON), shell completion of
query names, `vocab --provision CITATION`, and a `--template` that asserts nothing until written."""
import json
import os
import re

import pytest
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.facts.case import parse_case
from reasoner.law.queries import saved_queries
from reasoner.engine.rulebase import default_rulebase


def invoke(*args, env=None):
    return CliRunner().invoke(main, list(args), env=env)


def test_queries_lists_every_saved_query_in_text_and_json():
    names = sorted(saved_queries())
    data = json.loads(invoke("queries", "--format", "json").output)
    assert [q["name"] for q in data["queries"]] == names
    by = {q["name"]: q for q in data["queries"]}
    assert by["lawful"]["subject"] == "operation" and by["lawful"]["question"].startswith("Is this snowmobile")
    assert "350.02" in by["lawful"]["sections"] and "350.101" in by["lawful"]["sections"]
    assert "348.21(3)(b)1.a" in by["forfeiture"]["provisions"] and "350.09(7)" not in by["forfeiture"]["provisions"]
    assert set(by["equipment_duties"]["sections"]) == {"350.09"}
    assert not any(s.startswith("348") for s in by["lawful"]["sections"])
    text = invoke("queries").output
    for name in names:
        assert re.search(rf"^{name}  \(", text, re.M), name
    assert "Who violated which provisions of ch. 350 in each snowmobile operation?" in text


def complete(args, incomplete):
    from click.shell_completion import ShellComplete
    comp = ShellComplete(main, {}, "reasoner", "_REASONER_COMPLETE")
    return [(c.value, c.help) for c in comp.get_completions(args, incomplete)]


@pytest.mark.parametrize("command", [["ask", "facts/x.yaml"], ["batch", "facts/"], ["whatif", "facts/x.yaml"],
                                     ["export", "facts/x.yaml"], ["interview", "facts/x.yaml"]])
def test_shell_completion_offers_query_names(command):
    assert [v for v, _ in complete(command, "for")] == ["forfeiture"]
    assert [v for v, _ in complete(command, "p")] == ["permit_condition_forfeiture", "permit_fee", "prosecute"]
    assert len(complete(command, "")) == len(saved_queries())


def test_completion_carries_the_question_and_the_shell_script_runs():
    (value, help_text), = complete(["ask", "facts/x.yaml"], "law")
    assert value == "lawful" and help_text.startswith("Is this snowmobile operation lawful")
    # the documented bash hook produces a completion script
    import subprocess
    import sys
    from pathlib import Path
    exe = Path(sys.executable).with_name("reasoner")
    if exe.exists():
        out = subprocess.run([str(exe)], env={**os.environ, "_REASONER_COMPLETE": "bash_source"},
                             capture_output=True, text=True, timeout=60).stdout
        assert "_reasoner_completion" in out


def test_vocab_provision_lists_only_what_its_rules_read():
    data = json.loads(invoke("vocab", "--provision", "350.09(7)", "--format", "json").output)
    assert data["provision"] == "350.09(7)"
    attrs = {a["attribute"] for k in data["kinds"] for a in k["attributes"]}
    assert {"noise_dba", "manufacture_date", "modified_to_amplify_noise", "modifier_of"} <= attrs
    assert "head_lamp_lit" not in attrs and "found_weight_lb" not in attrs and "width_in" not in attrs
    assert all(any(p == "350.09(7)" for p in a["read_by"]) for k in data["kinds"] for a in k["attributes"])
    # a section takes in its subsections; a kind with nothing read is left out
    sec = json.loads(invoke("vocab", "--provision", "348.21", "--format", "json").output)
    kinds = {k["kind"] for k in sec["kinds"]}
    assert "vehicle" in kinds and "prior_conviction" in kinds and "operation" not in kinds
    found = {a["attribute"] for k in sec["kinds"] for a in k["attributes"]}
    assert {"found_weight_lb", "husbandry_348_15_3b", "prior_under"} <= found
    # subdivision 4 takes in 4.a and 4.c
    sub = json.loads(invoke("vocab", "--provision", "350.02(2)(b)4", "--format", "json").output)
    names = {a["attribute"] for k in sub["kinds"] for a in k["attributes"]}
    assert {"travelled_with_traffic", "head_lamp_barrier"} <= names


def test_vocab_provision_unknown_citation_is_a_located_error():
    r = invoke("vocab", "--provision", "350.99")
    assert r.exit_code == 2 and "unknown statute citation 350.99" in r.output and "did you mean" in r.output


@pytest.mark.parametrize("kind", ["operation", "vehicle", "snowmobile", "person"])
def test_template_asserts_nothing_when_uncommented(kind):
    skeleton = invoke("vocab", "--template", kind).output
    filled = re.sub(r"^(\s*)# (\w+: .*?)    # .*$", r"\1\2", skeleton, flags=re.M)
    case = parse_case(filled, "filled.yaml", default_rulebase().checked, "filled")
    ids = set(case.entities)
    for row in case.rows:
        if row.known and row.pred not in default_rulebase().checked.program.entities:
            # only links between the skeleton's entities (operator: person1), never a fact about them
            assert len(row.args) == 2 and row.args[1] in ids, row


def test_template_shows_the_related_kinds():
    out = invoke("vocab", "--template", "vehicle").output
    assert "# prior_conviction1:" in out and "#   prior_of: vehicle1" in out.replace("  #   # ", "#   ")
    assert "# permit1:" in out and "permit_vehicle: vehicle1" in out
    assert "a prior conviction is an entity of its own" in out
    op = invoke("vocab", "--template", "operation").output
    assert "  person1:" in op and "    type: person" in op         # the operator, named by the operation
    assert "# bystander1:" in op                                     # a bystander names the operation
    # no placeholder asserts a fact: no attribute line carries true or a bare number
    assert not re.search(r"^\s*# \w+: (true|false|\d)", op, re.M)
