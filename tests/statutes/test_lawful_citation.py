"""lawful(O) cites the run of sections it checks, "350.02 to 350.101", and that
citation, shown in every proof of lawful(O), can be looked up with `reasoner cite`. What lawful(O)
cites and checks is a YAML law test (facts/tests/lawful_citation_outcomes.yaml)."""
import json

from click.testing import CliRunner

from reasoner.cli import main


def test_cite_shows_the_sections_of_the_run():
    r = CliRunner().invoke(main, ["cite", "350.02 to 350.101"])
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0] == "350.02 to 350.101"
    assert "350.045 Public utility exemption." in lines and "350.101 Intoxicated snowmobiling." in lines
    assert "350.02 (heading not in the excerpt)" in lines
    assert not any(line.startswith("348.") for line in lines)
    data = json.loads(CliRunner().invoke(main, ["cite", "348.19 to 348.21", "--format", "json"]).stdout)
    assert data["sections"] == ["348.19", "348.195", "348.20", "348.21"]


def test_a_run_with_an_end_outside_the_excerpt_is_refused():
    r = CliRunner().invoke(main, ["cite", "350.02 to 350.99"])
    assert r.exit_code == 2 and "Traceback" not in r.output
