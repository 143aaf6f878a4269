"""readings15 (trainer review 14, item 5 and G5/G9; handouts 03, 04, 11).

- A reading that decides a result is said where it decides, with what the other reading gives:
  s. 348.195(1)'s day count at the cleared slip (a second $1,000 forfeiture read the other way), the
  affirmance counted under s. 348.21(4) at the prior's line, the lawful limit of s. 348.19(1)(b) at
  its comparison.
- The readings' closing never says 'gives the same answer' of all when one reading changes it.
- What-ifs: one per lesson; the limit set a pound under the estimate is not the first what-if, and the
  scale's distance (a fact the excuse turns on) is among those listed.
"""
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
MILL = "tests/fixtures/readings15_planing_mill_tickets.yaml"
BOLTS = "tests/fixtures/readings15_cedar_bolt_truck.yaml"
PRIORS = "tests/fixtures/review7_weigh_station_four_records.yaml"

OURS = "the 30 days run from the day after the record is generated, so an original discarded on day 30 was retained 30 days"
OTHER = "only whole days kept count, so an original discarded on day 30 was retained 29 days, less than 30"


def _md(tmp_path, case, query):
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", str(ROOT / case), query, "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out.read_text()


def _section(md, heading):
    start = md.index(f"## {heading}")
    end = md.find("\n## ", start + 1)
    return md[start:end if end >= 0 else None]


def _answer(md):
    return next(line for line in md.splitlines() if line.startswith("**Answer.**"))


@pytest.fixture(scope="module")
def mill(tmp_path_factory):
    return _md(tmp_path_factory.mktemp("mill"), MILL, "records_forfeiture")


@pytest.fixture(scope="module")
def bolts(tmp_path_factory):
    return _md(tmp_path_factory.mktemp("bolts"), BOLTS, "duty_forfeiture")


def test_the_day_count_is_said_at_the_slip_it_clears_with_the_other_readings_forfeiture(mill):
    answer = _answer(mill)
    assert answer.startswith("**Answer.** Birch Hollow Planing forfeits $1,000.00 for the violation concerning weigh "
                             "slip 7 (s. 348.195(4))")
    assert ("Weigh slip 8: no violation — the number of days after weigh slip 8 was generated on which its original "
            "was discarded is 30 days, at least the 30 days named in s. 348.195(1) "
            f"(our reading: {OURS}; read the other way ({OTHER}), Birch Hollow Planing would forfeit $1,000.00 for "
            "the violation concerning weigh slip 8 (a second separate offense: $2,000.00 in all))") in answer
    # said once, where it decides: not again as a separate 'This answer turns on ...' sentence
    assert "This answer turns on the reading" not in answer
    # slip 9 (never discarded) and slip 7 (day 9, a violation either way) carry no such note
    assert "Weigh slip 9: no violation — the original of weigh slip 9 was not discarded;" in answer
    assert "read the other way" not in _section(mill, "The argument")
    assert "forfeits $1,000.00 for the violation concerning weigh slip 8" not in mill


def test_the_closing_says_which_reading_changes_the_answer(mill):
    readings = _section(mill, "Our readings")
    assert ("Read the other way, reading 1 gives the same answer; reading 2 changes it, as said where it decides "
            "and in the Answer.") in readings
    assert '2. "for not less than 30 days from the date that the weight scale record is generated" (s. 348.195(1))' \
        in readings
    assert "Read the other way, reading 1 gives the same answer.\n" not in readings


def test_the_lawful_limit_is_labelled_at_its_comparison(bolts):
    assert ("the estimated gross weight of the cedar bolt truck (s. 348.19(1)(b)) is 73,360 lb, which is at most "
            "80,000 lb (our reading: the lawful limit of s. 348.19(1)(b) taken as the maximum weight the case states "
            "for the vehicle) — **met**") in bolts
    assert "the lawful limit of s. 348.19(1)(b) taken as the maximum weight the case states for the vehicle." \
        in _answer(bolts)


def test_the_what_ifs_change_the_facts_the_excuse_turns_on_not_the_limit_by_a_pound(bolts):
    whatifs = _section(bolts, "What if?")
    items = [line for line in whatifs.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert len(items) == 3
    assert "had been 73,359 lb" not in whatifs and "maximum weight applicable to the cedar bolt truck, had been" \
        not in whatifs
    assert items[0].startswith("1. If the average weight of load measurement for the load of the cedar bolt truck")
    assert "had been 161 lb per square foot instead of 140 lb per square foot" in items[0]
    assert items[1].startswith("2. If the distance from the point of apprehension of the cedar bolt truck to the "
                               "scale had been 1 mile instead of 5 miles")
    assert "not less than $50.00 nor more than $100.00 (s. 348.21(2)(a))" in items[1]


@pytest.mark.slow
def test_the_affirmance_counted_is_labelled_at_the_priors_line(tmp_path):
    md = _md(tmp_path, PRIORS, "forfeiture")
    line = next(x for x in md.splitlines() if "by an appellate court is counted for the 12-month period" in x)
    assert ("(our reading: the affirmance is counted whenever the judgment was affirmed; read the other way (the "
            "court counts the original judgment), the forfeiture under s. 348.21 for the weight violation of ") in line
    # said in the line of the prior counted, with the facts that count it, before its '— **met**' (histories16)
    assert " would be not less than $50.00 nor more than $100.00); " in line
    assert "— **met**" in line


def test_a_reading_is_said_once_a_provision_at_the_outermost_line_it_decides(tmp_path):
    md = _md(tmp_path, "facts/ch348_prior_exactly_12_months.yaml", "forfeiture")
    assert md.count("read the other way (a prior conviction exactly 12 months earlier is outside the 12-month "
                    "period)") == 1
    # at the line of the prior counted, which says the facts that count it in one line (histories16)
    assert ("the earlier conviction is a prior conviction counted under s. 348.21(3r) for the dump truck: the "
            "provision of s. 348.21 under which it was imposed is sub. (3); it ended in the payment of a forfeiture; "
            "it falls within the 12-month period before the current conviction "
            "(our reading: a prior conviction exactly 12 months earlier is within the 12-month period; read the other "
            "way (a prior conviction exactly 12 months earlier is outside the 12-month period), the forfeiture under "
            "s. 348.21 for the weight violation of the dump truck would be not less than $386.00 nor more than "
            "$536.00); the number of months from it to the weighing is 12 months, which is at most 12 months") in md
    assert "Read the other way, reading 5 changes it, as said where it decides and in the Answer." in md


def test_the_closing_lists_the_readings_in_their_order(tmp_path):
    md = _md(tmp_path, "facts/ch350_dwelling_boundary_0700.yaml", "lawful")
    # the verdict itself moves read the other way: said at the comparison it decides
    assert ("the clock time of the ride is 07:00, which is at or before 07:00 (our reading: an operation at exactly "
            "07:00 is still between the hours; read the other way (an operation at exactly 07:00 is no longer between "
            "the hours), it would be lawful) — **met** (case file line 9)") in md
    assert ("Read the other way, reading 3 changes it, as said where it decides and in the Answer; reading 4 gives "
            "the same answer.") in md
