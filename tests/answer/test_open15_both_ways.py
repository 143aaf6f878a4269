"""An open party of a yes/no question argued both ways by the one fact that decides it, and the
day count of s. 348.195(1) said both ways (trainer review 14, 09 and 03). Own fixtures: three rides
past river cottages (the visitor's at a time no one recorded, 30 mph, 110 ft), and a planing mill's
four weigh slips (slip 504 thrown out on day 30)."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from reasoner.answer.api import Case
from reasoner.apps.export import export_files
from reasoner.core.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
COTTAGES = ROOT / "tests/fixtures/open15_river_cottages.yaml"
SLIPS = ROOT / "tests/fixtures/open15_planing_mill_tickets.yaml"


def _handout(path: Path, query: str, settings: Settings | None = None) -> str:
    case = Case.from_file(str(path), settings)
    q = case.question(query)
    answer = q.answer()
    return str(export_files("md", answer, None, question=q, with_whatif=False)[0][1])


@pytest.fixture(scope="module")
def cottages():
    return Case.from_file(str(COTTAGES)).ask("lawful")


def _minutes(hhmm: str) -> int:
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def test_the_visitor_is_split_on_the_clock_time(cottages):
    row = next(r for r in cottages.each if r["entity"] == "visitor_ride")
    branches = row["part"].branches
    assert [b["answer"] for b in branches] == ["false", "true"]
    assert branches[0]["condition"] == "the clock time of visitor_ride is 07:00 or earlier, or 22:30 or later"
    assert branches[1]["condition"] == "the clock time of visitor_ride is after 07:00 and before 22:30"
    assert [(v["provision"], v["offender"]) for v in branches[0]["violations"]] == [("350.10(1)(g)", "visitor")]
    assert branches[1]["violations"] == []
    # the other rides are decided and not split
    assert next(r for r in cottages.each if r["entity"] == "courier_ride")["answer"] == "true"
    assert next(r for r in cottages.each if r["entity"] == "plow_ride")["answer"] == "false"


@pytest.mark.parametrize("clock", ["00:30", "06:59", "07:00", "07:01", "12:00", "22:29", "22:30", "23:50"])
def test_each_branch_agrees_with_the_completion(cottages, clock):
    """The case completed with a clock time: its verdict is the branch's whose values hold it."""
    data = yaml.safe_load(COTTAGES.read_text())
    data["entities"]["visitor_ride"]["clock_time"] = clock
    done = Case.from_dict(data, "open15_cottages_" + clock.replace(":", "")).ask("lawful(visitor_ride)")
    t = _minutes(clock)
    in_window = t <= _minutes("07:00") or t >= _minutes("22:30")
    assert done.answer == ("false" if in_window else "true")
    row = next(r for r in cottages.each if r["entity"] == "visitor_ride")
    branch = row["part"].branches[0 if in_window else 1]
    assert branch["answer"] == done.answer


def test_handout_says_both_ways_with_the_bounds_in_the_statute_words():
    md = _handout(COTTAGES, "lawful")
    row = next(line for line in md.splitlines() if line.startswith("| the visitor's ride"))
    assert row == ("| the visitor's ride | possibly the visitor | unlawful: violated s. 350.10(1)(g) if 07:00 or "
                   "earlier, or 22:30 or later (07:00 itself on our reading of \"and 7 a.m.\"; 22:30 itself on our "
                   "reading of \"Between the hours of 10:30 p.m.\"); lawful if after 07:00 and before 22:30; the case "
                   "does not state the clock time of the visitor's ride |")
    # the plow hand's ride and the courier's are not said both ways
    assert "| the courier's ride | no one | lawful |" in md
    assert "| the plow hand's ride | the plow hand | unlawful: violated s. 350.10(1)(g) |" in md
    section = md.split("*The visitor's ride:")[1].split("\n## ")[0]
    assert section.startswith(" open on the clock time of the visitor's ride:*")
    assert ("**Conclusion:** if the clock time of the visitor's ride is 07:00 or earlier, or 22:30 or later "
            "(07:00 itself on our reading of \"and 7 a.m.\"; 22:30 itself on our reading of \"Between the hours "
            "of 10:30 p.m.\"), the visitor (the operator) violated s. 350.10(1)(g) in the visitor's ride; if not, "
            "the visitor (the operator) violated no provision of the ch. 350 excerpt") in section
    assert section.rstrip().count("the case does not state the clock time of the visitor's ride") >= 1
    assert "it is undetermined whether the visitor" not in section
    # the answer box never keeps an 'if not' without its branch
    answer = next(line for line in md.splitlines() if line.startswith("**Answer.**"))
    assert "If not," not in answer and "if not," not in answer


def test_records_day_count_said_both_ways():
    md = _handout(SLIPS, "records_forfeiture")
    answer = next(line for line in md.splitlines() if line.startswith("**Answer.**"))
    assert "Total: $2,000.00 (two separate offenses)." in answer
    # slip 504 cleared on our day count, said where it clears it with what the other count gives and
    # its total, once: no 'This answer turns on ...' sentence saying it again
    assert ("Weigh slip 504: no violation — the number of days after weigh slip 504 was generated on which its "
            "original was discarded is 30 days, at least the 30 days named in s. 348.195(1) (our reading: the 30 "
            "days run from the day after the record is generated, so an original discarded on day 30 was retained "
            "30 days; read the other way (only whole days kept count, so an original discarded on day 30 was "
            "retained 29 days, less than 30), Birch Hollow Planing would forfeit $1,000.00 for the violation "
            "concerning weigh slip 504 (a third separate offense: $3,000.00 in all)); no traffic officer in this "
            "state demanded weigh slip 504.") in answer
    assert "This answer turns on the reading of" not in answer
    assert answer.count("$3,000.00") == 1 and answer.count("Total: ") == 1
    assert answer.count("our reading: the 30 days run from the day after") == 1
    assert "Birch Hollow Planing forfeits $1,000.00 for the violation concerning weigh slip 504" not in answer
    assert answer.index("Total: $2,000.00") < answer.index("read the other way")
    # slip 503 is cleared and is never said to turn on the day count
    assert "Weigh slip 503: no violation — a true, accurate and legible copy" in answer
    assert ("Read the other way, reading 1 gives the same answer; reading 2 changes it, as said where it decides "
            "and in the Answer.") in md
    box = md.split("**The facts the argument uses.**")[1].split("\n## ")[0]
    for fact in ("the number of days after weigh slip 503 was generated on which its original was discarded is 2 days",
                 "the number of days after weigh slip 503 was generated on which the officer demanded it is 21 days",
                 "a true, accurate and legible copy of weigh slip 503 was promptly provided to the requesting officer",
                 "the number of days after weigh slip 504 was generated on which its original was discarded is 30 days",
                 "no traffic officer in this state demanded weigh slip 504"):
        assert fact in box, fact


@pytest.mark.parametrize("reading, owed", [(None, ["slip_501", "slip_502"]),
                                           ("retention_30_days.whole_days_kept", ["slip_501", "slip_502", "slip_504"])])
def test_the_day_counts_against_the_completions(reading, owed):
    settings = Settings(readings=(reading,)) if reading else None
    answer = Case.from_file(str(SLIPS), settings).ask("records_forfeiture", compare_readings=False)
    held = sorted(str(b["R"]) for b in answer.bindings if b["answer"] == "true")
    assert held == owed
    assert all(b["Amount"] == 100000 for b in answer.bindings if b["answer"] == "true")


@pytest.mark.parametrize("day, reading, violation", [(29, None, True), (30, None, False), (30, "retention_30_days.whole_days_kept", True),
                                                     (31, "retention_30_days.whole_days_kept", False)])
def test_day_count_boundary(day, reading, violation):
    data = yaml.safe_load(SLIPS.read_text())
    data["entities"]["slip_504"]["discarded_on_day"] = day
    settings = Settings(readings=(reading,)) if reading else None
    one = Case.from_dict(data, f"open15_slips_{day}", settings).ask("records_violation(slip_504)",
                                                                     compare_readings=False)
    assert one.answer == ("true" if violation else "false")
