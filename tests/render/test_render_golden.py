"""Golden files for the text renderer and the Markdown handout (readable .txt / .md under tests/golden/).

Rewrite them after an intended change with:  REASONER_UPDATE_GOLDEN=1 python -m pytest tests/render/test_render_golden.py
"""
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden"
FIX = "tests/fixtures/cli"
TRAIL = ["--rules", f"{FIX}/trail.dl"]
WEIGHT = ["--rules", f"{FIX}/weight.dl"]
PRESUMED = ["--rules", f"{FIX}/trail.dl", "--rules", f"{FIX}/trail_presume.dl"]   # burden of proof
UPDATE = os.environ.get("REASONER_UPDATE_GOLDEN") == "1"

CASES = {
    "ask_night_unlawful.txt": ["ask", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)"],
    "ask_night_unknown.txt": ["ask", *TRAIL, f"{FIX}/night_unknown.yaml", "lawful(op1)"],
    "ask_weight_forfeiture.txt": ["ask", *WEIGHT, f"{FIX}/weight_case.yaml", "forfeiture(truck1, Min, Max)"],
    "why_night_lawful.txt": ["why", *TRAIL, f"{FIX}/night_lawful.yaml", "lawful(op1)"],
    "why_not_night_unlawful_folded.txt": ["why-not", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)"],
    "why_not_night_unlawful_depth3.txt": ["why-not", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)",
                                          "--no-fold", "--depth", "3", "--no-quote"],
    "whatif_night_lawful.txt": ["whatif", *TRAIL, f"{FIX}/night_lawful.yaml", "lawful(op1)"],
    "whatif_two_violations.txt": ["whatif", *TRAIL, f"{FIX}/two_violations.yaml", "lawful(op1)", "--no-proof",
                                  "--limit", "20"],
    "handout_night_unlawful.md": ["export", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)", "--to", "md",
                                  "-o", "{out}/handout_night_unlawful.md"],
    "handout_night_unknown.md": ["export", *TRAIL, f"{FIX}/night_unknown.yaml", "lawful(op1)", "--to", "md",
                                 "-o", "{out}/handout_night_unknown.md"],
    "ask_night_report_presumed.txt": ["ask", *PRESUMED, f"{FIX}/night_report.yaml", "lawful(op1)"],
    "ask_night_report_strict.txt": ["--strict", "ask", *PRESUMED, f"{FIX}/night_report.yaml", "lawful(op1)"],
    "whatif_night_report_presumed.txt": ["whatif", *PRESUMED, f"{FIX}/night_report.yaml", "lawful(op1)", "--no-proof"],
    "handout_night_report_presumed.md": ["export", *PRESUMED, f"{FIX}/night_report.yaml", "lawful(op1)",
                                         "--to", "md", "-o", "{out}/handout_night_report_presumed.md"],
    "handout_weight_forfeiture.md": ["export", *WEIGHT, f"{FIX}/weight_case.yaml", "forfeiture(truck1, Min, Max)",
                                     "--to", "md", "-o", "{out}/handout_weight_forfeiture.md"],
}


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(name, tmp_path):
    if name.endswith(".md"):
        pytest.importorskip("matplotlib")  # the handout draws its figure
    args = [a.replace("{out}", str(tmp_path)) for a in CASES[name]]
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 3, 4), result.output
    actual = (tmp_path / name).read_text(encoding="utf-8") if name.endswith(".md") else result.stdout
    path = GOLDEN / name
    if UPDATE:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    assert path.exists(), f"missing golden file {path}; run with REASONER_UPDATE_GOLDEN=1 to create it"
    expected = path.read_text(encoding="utf-8")
    assert actual.splitlines() == expected.splitlines(), (
        f"{name} differs from the golden file; if the change is intended, rerun with REASONER_UPDATE_GOLDEN=1")
