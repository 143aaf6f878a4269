"""Handouts within the page limits without losing what a trainer needs (issue 46, item 4; pages16):
the answer box leaves out the prosecution line the table's who-is-liable column says, a value's two
bounds are one line, a case apart from the others is said once with 'if not', and the print layout
runs in what it can (the question the title asks, the arithmetic, a party's heading)."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
FOUR = "tests/fixtures/four_trucks_priors_tiers.yaml"
LOG = "facts/ch348_log_truck_third_offense.yaml"


def _export(tmp_path, case, query, to):
    out = tmp_path / f"h.{to}"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", str(ROOT / case), query, "--to", to, "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out.read_text()


def test_the_table_says_who_is_prosecuted_and_the_argument_argues_it(tmp_path):
    text = _export(tmp_path, FOUR, "forfeiture", "md")
    box = next(line for line in text.splitlines() if line.startswith("**Answer.**"))
    assert box.startswith("**Answer.** As in the table above. This answer turns on the reading of ")
    assert "to be prosecuted" not in box.lower()
    # the table's row names the person; each conclusion still says it with s. 348.20(1)
    # and its driver under s. 348.21(3), against whom the priors listed with the truck are not shown to count
    assert ("| the second vehicle | the second vehicle's driver (operator, s. 348.21(3), against whom the listed priors "
            "are not shown to count) and, where practicable, the owner of the second vehicle (authority holder) (s. "
            "348.20(1)) | $230.00 to $430.00") in text
    assert ("not less than $230.00 nor more than $430.00, imposed on the second vehicle's driver (the operator) only at "
            "the first-conviction range, not this one (assumed: no prior conviction counted against the second vehicle's "
            "driver — the case gives only the record of the owner of the second vehicle (authority holder)); "
            "to be prosecuted, where practicable, against the owner of "
            "the second vehicle (authority holder) under s. 348.20(1).") in text
    # the bracket of s. 348.21(3)(b)2.b: both bounds in one met line, not two
    assert ("the total excess load of the second vehicle is 2,600 lb, which is more than 2,000 lb and at most "
            "3,000 lb — **met**") in text
    assert "2,600 lb, which is at most 3,000 lb — **met**" not in text
    assert "s. 348.21(3)(b)2.b" in text and "5 cents a pound × 2,600 lb = $130.00" in text


def test_no_what_if_turns_on_the_appeal_of_a_forfeited_deposit(tmp_path):
    text = " ".join(_export(tmp_path, LOG, "forfeiture", "md").split())
    whatif = text[text.index("## What if?"):]
    # last fall's conviction was a forfeited deposit: no judgment to affirm (s. 348.21(4) 'the affirmance
    # of the judgment'), so no what-if turns on its appeal (trainer review 13, G4: it read 'If the
    # judgment in last fall's conviction was affirmed by an appellate court ...')
    assert "affirmed by an appellate court" not in whatif
    assert "$350.00 nor more than $450.00 (s. 348.21(3g)(a))" in whatif   # the one counted prior fewer
    assert "Yes," not in whatif and "differs by case" not in whatif


def test_the_print_layout_marks_what_it_runs_in(tmp_path):
    html = _export(tmp_path, LOG, "forfeiture", "html")
    # the question the title asks word for word: marked, hidden on paper only
    assert '<p class="question as-title"><strong>Question.</strong> What forfeiture range applies' in html
    assert "p.question.as-title { display: none; }" in html
    assert '<p class="label of-arith">Arithmetic:</p>' in html and "ul.arith li { display: inline; }" in html
    assert '<p class="label of-exceptions">Exceptions:</p>' in html
    # every exception's line names itself as one, so the label is not needed on paper
    assert "Exception, s. 348.25(2)(a): the log truck is exempt" in html
