"""Checked queries: a query constant the case cannot hold is an error, never FALSE, in every command.
That the right constants still answer is a YAML law test (facts/tests/checked_queries_outcomes.yaml)."""
import json

import pytest
from click.testing import CliRunner

from reasoner.cli import main

CASE = "facts/ch350_night_direction_lawful.yaml"   # op1 (an operation), p1 (a person), ...


def invoke(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("query, message, hint", [
    ("lawful(op_x)", "no entity 'op_x' in this case (argument 1 of lawful is an operation)", "did you mean: op1?"),
    ("lawful(p1)", "p1 is a person, but argument 1 of lawful is an operation", "did you mean: op1?"),
    ('violation(op1, "350.10(1)(x)")', "'350.10(1)(x)' is not something argument 2 of violation can be",
     "did you mean: 350.10(1)(m)"),
    ("highway_class(op1, countyy)", "'countyy' is not something argument 2 of highway_class can be",
     "did you mean: county?"),
])
def test_query_constant_outside_the_case_is_an_error(query, message, hint):
    result = invoke("ask", CASE, query)
    assert result.exit_code == 2, result.output
    assert f"query: {message}" in result.output and hint in result.output
    assert "FALSE" not in result.output


def test_why_not_and_whatif_check_too():
    for cmd in ("why-not", "whatif", "why"):
        result = invoke(cmd, CASE, "lawful(op_x)")
        assert result.exit_code == 2 and "no entity 'op_x'" in result.output, (cmd, result.output)


def test_batch_verdicts_only_checks_too(tmp_path):
    # --verdicts-only answered FALSE for an id the case does not have
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "a.yaml").write_text(open(CASE).read())
    for extra in ([], ["--verdicts-only"]):
        result = invoke("batch", str(folder), "lawful(op_x)", *extra)
        assert result.exit_code == 2, (extra, result.output)
        row = json.loads(result.stdout.strip())
        assert row["location"] == "query" and "no entity 'op_x'" in row["error"], (extra, row)
        assert row["hint"] == "did you mean: op1?" and "answer" not in row


@pytest.mark.parametrize("query, message", [
    ("speed_mph(op1, -5)", "query: argument 2 of speed_mph: -5 is out of range: at least 0 mph"),
    ("alcohol_concentration(op1, 30)",
     "query: argument 2 of alcohol_concentration: 30 is out of range: from 0 to 1 grams_per_100_ml"),
])
def test_a_number_outside_the_declared_range_is_an_error(query, message):
    # was FALSE (or, with the value unknown, UNDETERMINED): no case can hold it
    result = invoke("ask", CASE, query)
    assert result.exit_code == 2, result.output
    assert message in result.output and "write a value such as" in result.output
    assert invoke("ask", CASE, query.replace("-5", "30").replace("30)", "0.05)")).exit_code == 0
