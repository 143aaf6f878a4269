"""Several vehicles' counts of months to this case's conviction (issue 46, item 4; trainer review 11,
G3): each count's note in the facts box says what holds for its own vehicle once the conviction comes
too late, not every vehicle's change under each count; an affirmance the case dates moves with the
conviction; a what-if moving one count past the period, which the count's note answers, is left out;
a count said with its assumption is not said again, as stated, in its vehicle's line."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
HISTORIES = "tests/fixtures/five_vehicles_conviction_histories.yaml"
FOUR = "tests/fixtures/four_trucks_priors_tiers.yaml"
LOG = "facts/ch348_log_truck_third_offense.yaml"


def _md(tmp_path, case, query):
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", str(ROOT / case), query, "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out.read_text()


def _line(text, start):
    return next(line for line in text.splitlines() if line.startswith(start))


def test_five_histories_note_each_count_by_its_own_vehicle(tmp_path):
    text = _md(tmp_path, HISTORIES, "forfeiture")
    box = text[text.index("**The facts the argument uses.**"):text.index("## The argument")]
    # the second vehicle's count: the second vehicle's other range only (before: the third's and the
    # fourth's too, under each of six counts)
    second = _line(box, "- the number of months from the conviction 9 months earlier")
    # (histories18: the other range is the row's, said there, not again in the box)
    assert second.endswith("— *stated; assumed: this case's conviction is entered within 3 months of the weighing*")
    # the third vehicle's counts: its own (3g)(a) range, never the second vehicle's amount
    # dates17c: only the binding count (10 months, 2 left) carries the assumption; the 4 months are stated
    line = _line(box, "- the number of months from the conviction 10 months earlier")
    assert line.endswith("within 2 months of the weighing*") and "$222.50" not in line
    assert _line(box, "- the number of months from the conviction 4 months earlier").endswith("— *stated*")
    # the fourth's affirmance, 5 months back: within 7 months, its own range
    fourth = _line(box, "- the number of months from the appellate affirmance of the conviction 15 months earlier")
    assert fourth.endswith("within 7 months of the weighing*")
    # the counts' gloss said once in the box, where first read
    assert box.count("(original judgment, forfeiture of deposit or payment)") == 1
    # the table's row: the affirmance, dated in the case, still counts until 7 months (not 2), and the
    # reading of s. 348.21(4)'s 'may' said after the steps, not read as one of them
    row = _line(text, "| the fourth vehicle |")
    assert ("$134.00 to $334.00 (s. 348.21(3)(b)2) if this case's conviction is entered within 7 months of the "
            "weighing; otherwise $67.00 to $217.00 (s. 348.21(3)(b)1); $67.00 to $217.00 if the court counts the "
            "original judgment (s. 348.21(4) 'may')") in row
    assert "within 2 months" not in row
    assert "within 3 months of the weighing; otherwise $222.50 to $372.50" in _line(text, "| the second vehicle |")
    assert "within 2 months of the weighing; otherwise $766.00 to $866.00" in _line(text, "| the third vehicle |")
    # the what-ifs that moved one count past the period (the third's 10 months, the fourth's 5) said what
    # the notes and rows say; the one that changes a provision stays
    whatif = text[text.index("## What if?"):]
    assert "had been 13 instead of 10" not in whatif and "had been 13 instead of 5" not in whatif
    assert "had been sub. (2)(a) instead of sub. (3)" in whatif
    assert "not less than $222.50 nor more than $372.50 (s. 348.21(3)(b)1)" in whatif


def test_a_count_said_with_its_assumption_is_not_said_again_in_its_vehicle_s_line(tmp_path):
    text = _md(tmp_path, FOUR, "forfeiture")
    box = text[text.index("**The facts the argument uses.**"):text.index("## The argument")]
    fourth = _line(box, "- the fourth vehicle: ")
    assert "appellate affirmance" not in fourth
    assert "the judgment in the conviction 14 months earlier was affirmed by an appellate court" in fourth
    assert box.count("the number of months from the appellate affirmance of the conviction 14 months earlier") == 1
    assert ("the number of months from the appellate affirmance of the conviction 14 months earlier to the weighing "
            "is 8 months — *stated; assumed: this case's conviction is entered within 4 months of the weighing*\n") in box
    assert ("within 4 months of the weighing; otherwise $875.00 to $1,025.00 (s. 348.21(3)(b)1)"
            in _line(text, "| the fourth vehicle |"))


def test_one_truck_s_count_moved_past_the_period_keeps_a_what_if_that_says_more(tmp_path):
    # the log truck's 10 months read 13: the what-if says a case apart (the judgment affirmed within
    # the period) that the answer's 'otherwise' does not, so it stays
    text = _md(tmp_path, LOG, "forfeiture")
    assert ("That holds only if this case's conviction is entered within 2 months of the weighing; otherwise "
            "$350.00 to $450.00 (s. 348.21(3g)(a)).") in text
    whatif = text[text.index("## What if?"):]
    # dates17c: a what-if moving a count says it to the weighing, never to the current conviction
    assert "to the current conviction had been" not in whatif
    assert "83,001 lb instead of 82,500 lb" in whatif and "had been sub. (2)(a) instead of sub. (3g)" in whatif
