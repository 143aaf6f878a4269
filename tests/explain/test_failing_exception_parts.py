"""A failing exception lists what fails it and, after it, the positive conditions it needs besides that
are met all the same (s. 350.02(2)(b)4: 4.a fails, the approval of 4.c is met); never a negation that
holds only for want of what failed ('violated no condition of its permit' where there is no permit).
A comparison that is not met reads as what the law asks, then what holds."""
from __future__ import annotations

from pathlib import Path

from reasoner.answer.answering import ask

ROOT = Path(__file__).resolve().parents[2]


def flat(case: str, query: str) -> str:
    return " ".join(ask(str(ROOT / "facts" / case), query).argument_text().split())


def test_the_trail_exception_shows_the_approval_met_beside_the_distance_not_met():
    text = flat("ch350_night_direction_unlawful.yaml", "lawful")
    assert ("is at least the 40 feet named in s. 350.02(2)(b)4.a — not met, because it is 30 feet" in text)
    assert "approved by the proper authority — met" in text


def test_no_permit_means_no_condition_of_it_is_said_to_be_met():
    text = flat("ch348_leased_tractor_prosecution.yaml", "prosecute")
    assert "not operated under a permit" in text
    assert "violated no condition of its permit — met" not in text


def test_a_clock_time_not_met_reads_as_the_window_then_the_time():
    text = flat("ch348_crane_over_permit_weight.yaml", "forfeiture")
    assert "is before 06:00" in text and "— not met, because it is 10:15, which is at or after 06:00" in text
    assert "which is not before" not in text and "which is not after" not in text
