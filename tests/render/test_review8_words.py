"""Trainer review 8: a handout prints no empty section."""
from pathlib import Path

from asking import handout_text

ROOT = Path(__file__).resolve().parents[2]


def test_no_readings_section_without_a_reading():
    # 02: 'Our readings ... our readings, not a court's.None of these readings changes the answer.' with
    # no reading listed; a case with readings keeps its section and closing sentence
    text = handout_text(ROOT / "facts/ch350_headlamp_out.yaml", "violations")
    assert "tried another way" not in text and "Tried the other way" not in text and "not a court's" not in text
    assert "violated s. 350.09(1)" in text
    kept = handout_text(ROOT / "facts/ch348_grain_semi_first_offense.yaml", "forfeiture")
    # a trainee's edition lists every reading, then the closing sentence (trainer review 10)
    assert "not a court's" in kept and "Not tried another way: readings 1 to 4." in kept

