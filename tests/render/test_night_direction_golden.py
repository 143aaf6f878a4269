"""Golden proof trees for 350.02(2)(b)4 (direction of travel at night), compared as
readable text. Regenerate with REASONER_UPDATE_GOLDEN=1 after a deliberate change, and read the diff."""
import os
from pathlib import Path

import pytest

from reasoner.answer.answering import ask

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parents[1] / "golden" / "night_direction"
EXPECTED = {"ch350_night_direction_lawful": "true", "ch350_night_direction_unlawful": "false",
            "ch350_night_direction_undetermined": "undetermined"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_night_direction_proof_matches_golden_text(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    res = ask(f"facts/{name}.yaml", "lawful")
    assert res.answer == EXPECTED[name]
    text = res.text()
    golden = GOLDEN / f"{name}.txt"
    if os.environ.get("REASONER_UPDATE_GOLDEN") == "1":
        golden.write_text(text, encoding="utf-8")
    assert golden.exists(), f"missing golden file {golden}; run with REASONER_UPDATE_GOLDEN=1"
    assert text == golden.read_text(encoding="utf-8")


def test_night_direction_citations():
    unlawful = ask(ROOT / "facts/ch350_night_direction_unlawful.yaml", "lawful")
    assert "350.02(2)(b)4" in unlawful.cited
    assert "350.02(2)(b)4.a" not in unlawful.cited and "350.02(2)(b)4.c" not in unlawful.cited
    lawful = ask(ROOT / "facts/ch350_night_direction_lawful.yaml", "lawful")
    # lawful because the exception of 4.a and 4.c applies; the direction rule is checked, not applied
    assert {"350.02(2)(b)4.a", "350.02(2)(b)4.c"} <= lawful.cited
    direction = ask(ROOT / "facts/ch350_night_direction_lawful.yaml", "night_direction_violation(op1)")
    assert direction.answer == "false"
    rules = [d for _, d in direction.graph.nodes(data=True)
             if d.get("kind") == "rule" and d.get("label") == "night_direction_violation"]
    assert rules and all(d["status"] == "false" and d["provision"] == "350.02(2)(b)4" for d in rules)
    undetermined = ask(ROOT / "facts/ch350_night_direction_undetermined.yaml", "lawful")
    assert undetermined.missing  # the facts that would decide it, as sentences
