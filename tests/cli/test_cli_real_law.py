"""The new commands on the bundled law and the case files in facts/ (skipped while a file is missing).

Assertions are kept loose where they depend on how the law is encoded; the exact behaviour is
tested on the small programs in tests/fixtures/cli/.
"""
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "facts"


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def case(name):
    path = FACTS / name
    if not path.exists():
        pytest.skip(f"facts/{name} does not exist yet")
    return f"facts/{name}"


def run(args, input=None):
    return CliRunner().invoke(main, args, input=input)


def test_why_not_night_direction():
    r = run(["why-not", case("ch350_night_direction_unlawful.yaml"), "lawful(op1)", "--no-quote"])
    assert r.exit_code == 0, r.output
    assert "350.02(2)(b)4" in r.stdout and "Answer: FALSE" in r.stdout


def test_why_on_the_unlawful_night_ride_points_to_why_not():
    r = run(["why", case("ch350_night_direction_unlawful.yaml"), "lawful(op1)"])
    assert r.exit_code == 2 and "why-not" in r.stderr


def test_whatif_dwelling_offers_the_values_across_the_thresholds():
    r = run(["whatif", case("ch350_dwelling_night_unlawful.yaml"), "lawful", "--format", "json", "--no-proof"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["answer"] == "false" and data["outcomes"]
    assert all(f["answer"] == "true" and f["outcome"] == "flip" for f in data["outcomes"])
    changed = {c["attribute"] for f in data["outcomes"] for c in f["changes"]}
    assert {"clock_time", "speed_mph"} <= changed


def test_whatif_forfeiture_weight_at_the_limit():
    r = run(["whatif", case("ch348_grain_semi_first_offense.yaml"), "forfeiture", "--format", "json",
             "--no-proof"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["answer"] == "true"
    assert any(c["attribute"] == "found_weight_lb" for f in data["outcomes"] for c in f["changes"])


def test_interview_night_direction_undetermined(tmp_path):
    out = tmp_path / "done.yaml"
    r = run(["interview", case("ch350_night_direction_undetermined.yaml"), "lawful", "--save", str(out),
             "--format", "json"], input="n\n" * 10)
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["asked"] and data["answer"] in ("true", "false")
    assert run(["check", str(out)]).exit_code == 0
    assert "clock_time" in out.read_text()


def test_batch_over_case_files(tmp_path):
    names = ["ch350_night_direction_lawful.yaml", "ch350_night_direction_unlawful.yaml",
             "ch350_night_direction_undetermined.yaml"]
    folder = tmp_path / "cases"
    folder.mkdir()
    for n in names:
        shutil.copy(ROOT / case(n), folder / n)
    r = run(["batch", str(folder), "lawful"])
    assert r.exit_code == 0, r.output
    rows = {row["id"]: row for row in map(json.loads, r.stdout.splitlines())}
    assert rows["ch350_night_direction_lawful"]["answer"] == "true"
    assert rows["ch350_night_direction_unlawful"]["answer"] == "false"
    assert rows["ch350_night_direction_undetermined"]["answer"] == "undetermined"
    assert rows["ch350_night_direction_undetermined"]["missing"]
    assert "3 case(s): 1 true, 1 false, 1 undetermined, 0 error(s)" in r.stderr


def test_export_handout_for_the_forfeiture(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "forfeiture.md"
    r = run(["export", case("ch348_grain_semi_first_offense.yaml"), "forfeiture", "-o", str(out), "--no-whatif"])
    assert r.exit_code == 0, r.output
    md = out.read_text()
    assert "$" in md and "348.21" in md and (tmp_path / "forfeiture.svg").exists()
