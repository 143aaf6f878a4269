"""A proof deeper than the builder's 40 steps is cut, and an export of it says so in the file."""
import json

from click.testing import CliRunner

from reasoner.cli import main
from reasoner.render.graphml import read_graphml

RULES = "path(X, Y) :- edge(X, Y).\npath(X, Z) :- edge(X, Y), path(Y, Z).\n"


def chain(tmp_path, links):
    (tmp_path / "chain.dl").write_text(RULES)
    (tmp_path / "chain.yaml").write_text(
        "facts:\n  edge: [" + ", ".join(f"[n{i}, n{i + 1}]" for i in range(links)) + "]\n")
    return str(tmp_path / "chain.yaml"), str(tmp_path / "chain.dl")


def export(case, rules, goal, to, out):
    result = CliRunner().invoke(main, ["export", case, goal, "--rules", rules, "--to", to, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_a_cut_proof_says_so_in_its_json_and_graphml(tmp_path):
    case, rules = chain(tmp_path, 60)
    data = json.loads(export(case, rules, "path(n0, n60)", "json", tmp_path / "p.json").read_text())
    assert (data["proof"]["graph"]["cut_at_depth"], data["proof"]["graph"]["cut_goals"]) == (40, 1)
    assert [n["label"] for n in data["proof"]["nodes"] if n["kind"] == "elided"] == ["(deeper reasons elided)"]
    g = read_graphml(export(case, rules, "path(n0, n60)", "graphml", tmp_path / "p.graphml"))
    assert (g.graph["cut_at_depth"], g.graph["cut_goals"]) == (40, 1)


def test_a_proof_that_fits_has_no_cut_mark(tmp_path):
    case, rules = chain(tmp_path, 5)
    data = json.loads(export(case, rules, "path(n0, n5)", "json", tmp_path / "p.json").read_text())
    assert "cut_at_depth" not in data["proof"]["graph"] and "cut_goals" not in data["proof"]["graph"]
