"""Trainer review 15, handout 12 (timing16): three vehicles under overweight permits, one with a dated
prior (a judgment affirmed on appeal), one with a prior of unknown date, one with none. Each row of
the results table carries only the conditions its own answer turns on (this case's conviction date
only on the vehicle whose prior is dated; the prior's unknown date only on its own vehicle; nothing on
the vehicle with no prior); the Answer box says another reading's amount with the one it replaces and
the s. 348.20(1) sentence once; a party argued case by case shows its second case only where it
differs; a what-if says only the vehicle it moves."""
from pathlib import Path

import pytest

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASE = "tests/fixtures/timing16_boatworks_permits.yaml"
QUERY = "permit_condition_forfeiture"


@pytest.fixture(scope="module")
def handout(tmp_path_factory):
    out = tmp_path_factory.mktemp("timing16") / "h.md"
    run = CliRunner().invoke(main, ["export", str(ROOT / CASE), QUERY, "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out.read_text()


def _row(text, vehicle):
    line = next(x for x in text.splitlines() if x.startswith(f"| {vehicle} |"))
    return [c.strip() for c in line.strip("|").split(" | ")]


def test_the_dated_prior_conditions_its_own_row_only(handout):
    name, who, result = _row(handout, "the boiler lowboy")
    # 24,000 lb over 80,000: 2nd conviction $100-$300 + 18 cents x 24,000 = $4,420-$4,620, counting the
    # affirmance 6 months back (so this conviction within 6 months); else 1st: $50-$200 + 15 cents = $3,650-$3,800
    assert result.startswith("$4,420.00 to $4,620.00 (s. 348.25(2)(a)) if this case's conviction is entered within "
                             "6 months of the incident; otherwise $3,650.00 to $3,800.00 (s. 348.25(2)(a)); ")
    assert "$3,650.00 to $3,800.00 if the court counts the original judgment (s. 348.21(4) 'may')" in result
    assert "12 months" not in result   # the crane-like vehicle's unknown date is not this row's


def test_the_vehicle_with_no_prior_is_conditioned_on_nothing(handout):
    name, who, result = _row(handout, "the hull flatbed")
    # within its permit's conditions: s. 348.25(2)(b), 1,200 lb over 90,000: $50-$200 + 1 cent x 1,200
    assert result == "no permit-condition forfeiture; s. 348.25(2)(b) applies instead: $62.00 to $212.00 under s. 348.21(3)(b)1"
    # its operator under s. 348.21(3) beside the s. 348.20(1) person (offender18)
    assert who == ("the hull driver (operator, s. 348.21(3)) and, where practicable, the authority holder "
                   "(s. 348.20(1)), not named in the case")
    for other in ("entered within", "if the drivers' priors", "12 months", "s. 348.25(2)(a)"):
        assert other not in result


def test_the_prior_of_unknown_date_conditions_its_own_row_on_its_date_alone(handout):
    name, who, result = _row(handout, "the mast lowboy")
    # 12,000 lb over 80,000: 1st $50-$200 + 15 cents x 12,000 = $1,850-$2,000; 2nd $100-$300 + 18 cents = $2,260-$2,460
    assert result.startswith(
        "$1,850.00 to $2,000.00 if the number of months from the earlier conviction listed with the mast lowboy to the current "
        "conviction is more than 12 months; $2,260.00 to $2,460.00 if the number of months from the earlier conviction "
        "listed with the mast lowboy to the current conviction is 12 months or less")
    # the condition was broken: its operator under s. 348.25(2)(a), the s. 348.20(1) person beside (offender16)
    # whose record the listed prior is said beside each (offender18)
    assert who == ("the mast driver (operator, s. 348.25(2)(a), whose record the listed priors are) and, where "
                   "practicable, the authority holder (s. 348.20(1), against whom the listed priors are not shown to "
                   "count), not named in the case")
    # not the boiler lowboy's conviction date, nor its own date said twice in other words
    assert "entered within" not in result and "(original judgment, forfeiture of deposit or payment)" not in result
    assert result.count("$2,260.00 to $2,460.00") == 1


def test_the_answer_box_says_the_other_reading_in_one_sentence_and_s_348_20_once(handout):
    box = next(x for x in handout.splitlines() if x.startswith("**Answer.**"))
    assert box.startswith("**Answer.** As in the table above. ")
    assert ("Read otherwise (the court counts the original judgment), the permit-condition forfeiture for operating "
            "the boiler lowboy in violation of a condition of its permit would be not less than $3,650.00 nor more than "
            "$3,800.00 instead of not less than $4,420.00 nor more than $4,620.00.") in box
    assert "no longer established" not in box and "; established that" not in box
    assert box.count("(s. 348.20(1))") == 1
    assert ", for the mast lowboy" not in box


def test_the_second_case_of_a_vehicle_shows_only_what_differs_from_its_first(handout):
    argument = handout[handout.index("## The argument"):handout.index("## Our readings")]
    later = argument[argument.index("*the mast lowboy — if the number of months from the earlier conviction listed with the "
                                    "mast lowboy to the current conviction is more than 12 months"):]
    assert later.splitlines()[0].endswith(
        ": only what differs from the boiler lowboy and the mast lowboy's case above (every other element and "
        "exception holds as for the boiler lowboy and the mast lowboy's case above):*")
    # its permit exemption and its reloading are argued once, in its first case
    assert argument.count("Exception, s. 348.25(2)(a): the mast lowboy is exempt from the weight limitations") == 1
    assert argument.count("Exception: the operator of the mast lowboy may reload") == 1
    assert "**Conclusion:** the permit-condition forfeiture for operating the mast lowboy in violation of a condition " \
        "of its permit: not less than $1,850.00 nor more than $2,000.00, imposed on the mast driver (the operator, " \
        "who violated a condition of the permit under which the vehicle was operated (s. 348.25(2)(a)), whose record " \
        "the listed priors are); to be prosecuted, where practicable, against the person holding the authority" in later


def test_a_what_if_says_only_the_vehicle_it_moves(handout):
    whatif = handout[handout.index("## What if?"):handout.index("## The argument as a figure")]
    items = [x for x in whatif.splitlines() if x[:2] in ("1.", "2.", "3.")]
    assert items
    for item in items:
        assert "applies instead" not in item and "Whatever the number of months" not in item, item
        assert "the others' results stay as they are" in item, item
