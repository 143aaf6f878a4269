"""Trainer review 8: a handout prints no empty section, and a 'none' is argued on the provision its
facts come near."""
from pathlib import Path

from asking import handout_text

ROOT = Path(__file__).resolve().parents[2]


def test_no_readings_section_without_a_reading():
    # 02: 'Our readings ... our readings, not a court's.None of these readings changes the answer.' with
    # no reading listed; a case with readings keeps its section and closing sentence
    text = handout_text(ROOT / "facts/ch350_headlamp_out.yaml", "violations")
    assert "None of these readings changes the answer" not in text and "not a court's" not in text
    assert "violated s. 350.09(1)" in text
    kept = handout_text(ROOT / "facts/ch348_grain_semi_first_offense.yaml", "forfeiture")
    assert "not a court's" in kept and "None of these readings changes the answer" in kept


def test_a_none_is_argued_on_the_exception_that_decides_it():
    # 03: the 10-year-old alone on his parents' farm: s. 350.05(1) met, s. 350.05(3) applies
    text = handout_text(ROOT / "facts/ch350_youth_parent_land.yaml", "violations")
    assert "No person under the age of 12 years may operate a snowmobile" in text
    assert "upon lands owned or leased by the operator's parent or guardian" in text
    assert "10 years, which is less than 12 years" in text
    assert "No violation of s. 350.05(1)" in text
