"""Trainer review 15 (G2; 03, 10, 12): a what-if changes a fact about the parties, never who was
charged nor a charge to an incident its person is not charged for, and never a limit the law sets
outside the excerpt (the maximum weight of ss. 348.15 to 348.17); the weight found is what it moves."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _whatifs(case: str, query: str, tmp_path: Path) -> str:
    out = tmp_path / "h.md"
    r = CliRunner().invoke(main, ["export", str(FIXTURES / case), query, "--to", "md", "-o", str(out)])
    assert r.exit_code == 0, r.output
    md = out.read_text()
    return md[md.index("## What if?"):md.index("## The argument as a figure")]


def test_no_what_if_changes_who_was_charged(tmp_path):
    w = _whatifs("whatif15_two_riders_counts.yaml", "conviction_count", tmp_path)
    assert "the person charged in" not in w
    assert "had been Noah Lind instead of Vera Holt" not in w
    # Vera's count is never moved to Noah's ride, which she is not charged for
    assert "had been the January 5 ride instead of the January 19 ride" not in w
    # a fact of the charge still is: its verdict; not its paragraph moved to the one her other count of
    # the same ride has (two par. (b) counts of one ride: not what s. 350.101(1)(d) governs, review 16, 01)
    assert "instead of par. (a)" not in w and "instead of par. (b)" not in w
    assert ("If Vera Holt had not been found guilty on count 3 (the case states that Vera Holt was found guilty "
            "on count 3), the answer would then be: Vera Holt has one conviction for the January 19 ride under "
            "par. (b) alone (s. 350.101(1)(b), (d))") in w
    assert w.count("\n1. ") == 1 and "\n4. " not in w   # at most three


def test_no_what_if_varies_the_maximum_weight(tmp_path):
    w = _whatifs("whatif15_gravel_overweight.yaml", "forfeiture", tmp_path)
    assert "maximum weight" not in w
    assert "If the weight found for the gravel hauler had been 85,000 lb instead of 86,400 lb" in w
    assert "not less than $450.00 nor more than $600.00 (s. 348.21(3)(b)1)" in w
    assert "\n4. " not in w
