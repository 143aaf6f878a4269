"""Joins that stream into the head: a rule body is evaluated a block of bindings
at a time and its head rows are stored as they come, so the row budget counts what is stored (the
head and the relations), not the body; a head past the budget is still the budget's error, naming
the rule; errors stay with their case, the first one of each case as with whole steps."""
import json

from click.testing import CliRunner

from reasoner.cli import main
from reasoner.engine import batch as engine


def run(*args):
    return CliRunner().invoke(main, [*map(str, args)], catch_exceptions=False)


def fan_dir(tmp_path, ys=200, zs=50):
    d = tmp_path / "fan"
    d.mkdir()
    (d / "a.csv").write_text("".join(f"x,y{i}\n" for i in range(ys)) + "w,y0\n")
    (d / "b.csv").write_text("".join(f"y{i},z{j}\n" for i in range(ys) for j in range(zs)))
    (d / "c.csv").write_text("z7\n")
    return d


def test_a_body_bigger_than_the_budget_with_a_small_head_is_answered(tmp_path, monkeypatch):
    d = fan_dir(tmp_path)
    (tmp_path / "hit.dl").write_text("hit(X) :- a(X, Y), b(Y, Z), c(Z).\n")
    monkeypatch.setattr(engine, "BLOCK", 512)       # many blocks: 10,050 body rows, 2 head rows
    result = run("--max-rows", 1000, "run", tmp_path / "hit.dl", d, "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["model"]["hit"] == [["w"], ["x"]]


def test_a_head_past_the_budget_is_still_an_error_naming_the_rule(tmp_path):
    d = fan_dir(tmp_path)
    (tmp_path / "pair.dl").write_text("pair(Y, Z) :- a(X, Y), b(Y, Z).\n")
    result = run("--max-rows", 1000, "run", tmp_path / "pair.dl", d)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "pair.dl:1" in result.output and "the rule for pair(Y, Z)" in result.output
    assert "more than 1,000 rows" in result.output


def test_blocks_give_the_same_model_as_one_piece(tmp_path, monkeypatch):
    d = fan_dir(tmp_path, ys=60, zs=30)
    (tmp_path / "p.dl").write_text("pair(Y, Z) :- a(X, Y), b(Y, Z), not c(Z).\n"
                                   "path(X, Y) :- b(X, Y).\npath(X, Z) :- path(X, Y), a(Z, Y).\n"
                                   "n(X, N) :- a(X, Y), b(Y, Z), N = 1.\n")
    whole = run("run", tmp_path / "p.dl", d, "--format", "json").output
    monkeypatch.setattr(engine, "BLOCK", 7)
    assert run("run", tmp_path / "p.dl", d, "--format", "json").output == whole
    assert len(json.loads(whole)["model"]["pair"]) == 60 * 29


def test_the_first_error_of_a_case_is_that_of_the_earliest_step(tmp_path, monkeypatch):
    """Two ways to fail in one case: a division by zero at the second step (R = 10 / N) for one
    binding, and text times a number at the fourth (T = M * 2) for the others. Whole steps meet the
    division first; so do blocks of one binding, though the bindings that pass the division reach
    the fourth step before the failing one reaches the second."""
    (tmp_path / "r.dl").write_text("q(X) :- v(X, N), R = 10 / N, w(X, M), T = M * 2.\n")
    rows = ", ".join(f"[a, {n}]" for n in [1, 2, 3, 4, 5, 6, 7, 8, 9, 0])
    (tmp_path / "c.yaml").write_text(f"facts:\n  v: [{rows}]\n  w: [[a, text]]\n")
    whole = run("run", tmp_path / "r.dl", tmp_path / "c.yaml")
    monkeypatch.setattr(engine, "BLOCK", 1)
    blocks = run("run", tmp_path / "r.dl", tmp_path / "c.yaml")
    assert whole.exit_code == blocks.exit_code == 2
    assert blocks.output == whole.output and "division by zero" in whole.output
