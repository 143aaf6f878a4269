"""The five conviction histories, shorter without losing what a trainer needs (issue 46, item 4;
histories16): a prior counted is said in one line with the facts that count it (as a prior not
counted is), a count's note in the facts box that its party's row says is not said again, and a
what-if on another fact stays even where its amount is the row's 'otherwise' (histories18: the row
does not say that fact)."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
HISTORIES = "tests/fixtures/five_vehicles_conviction_histories.yaml"


def _md(tmp_path, case, query):
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", str(ROOT / case), query, "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out.read_text()


def test_each_prior_counted_is_one_line_with_its_facts_and_every_amount_stays(tmp_path):
    md = _md(tmp_path, HISTORIES, "forfeiture")
    argument = md[md.index("## The argument"):md.index("## Our readings")]
    lines = [x.strip() for x in argument.splitlines()]
    # every amount of the table stays, with its provision
    for amount in ("$50.00 to $100.00 (s. 348.21(3)(a))", "$376.00 to $576.00 (s. 348.21(3)(b)2)",
                   "otherwise $222.50 to $372.50 (s. 348.21(3)(b)1)", "$1,788.00 to $1,838.00 (s. 348.21(3g)(b))",
                   "otherwise $766.00 to $866.00 (s. 348.21(3g)(a))", "$134.00 to $334.00 (s. 348.21(3)(b)2)",
                   "no forfeiture may be imposed (s. 348.21(2)(b))"):
        assert amount in md
    # the second vehicle's prior: one line, its provision, how it ended, its months and the assumption
    assert ("- the conviction 9 months earlier is a prior conviction counted under s. 348.21(3r) for the second "
            "vehicle: the provision of s. 348.21 under which it was imposed is sub. (3); it ended in the payment of a "
            "forfeiture; the number of months from it (original judgment, forfeiture of deposit or payment) to the "
            "weighing is 9 months, which is at most 12 months (assumed: this case's conviction is entered within 3 "
            "months of the weighing) — **met** (case file lines 46, 47 and 48)") in lines
    # the steps between are no lines of their own: the quoted s. 348.21(4) and (3r) say them
    assert "is a conviction within the meaning of s. 348.21(4) — **met**" not in argument
    assert "falls within the 12-month period before the current conviction — **met**" not in argument
    # the third vehicle: both priors counted, one line each; the s. 348.21(2)(b) citation not counted, and why
    assert sum(x.startswith("- the conviction 4 months earlier is a prior conviction counted") for x in lines) == 1
    assert sum(x.startswith("- the conviction 10 months earlier is a prior conviction counted") for x in lines) == 1
    assert any(x.startswith("- the s. 348.21(2)(b) citation 6 months earlier (not a prior conviction): not counted: "
                            "'Violations under this paragraph") for x in lines)
    # the first vehicle's prior, not counted, and why
    assert ("- the conviction 14 months earlier: not counted: 14 months before, outside the 12-month period "
            "(s. 348.21(4))") in lines
    # the fourth vehicle's prior: the reading that decides it, said in its line with what the other gives
    fourth = next(x for x in lines if x.startswith("- the conviction 15 months earlier is a prior conviction counted"))
    assert ("the affirmance of it by an appellate court is counted for the 12-month period (our reading: the "
            "affirmance is counted whenever the judgment was affirmed; read the other way (the court counts the "
            "original judgment), the forfeiture under s. 348.21 for the weight violation of the fourth vehicle would "
            "be not less than $67.00 nor more than $217.00)") in fourth
    assert "(assumed: this case's conviction is entered within 7 months of the weighing) — **met**" in fourth
    # every reading that decides a row is still listed
    readings = md[md.index("## Our readings"):]
    for said in ("The lead-in of s. 348.21(3)(b) is missing", "either the original judgment of conviction",
                 "Sub. (3g) takes the place of sub. (3)", "Reloading under s. 348.21(2)(b) is allowed"):
        assert said in readings


def test_the_facts_box_keeps_each_fact_and_the_row_alone_says_what_holds_later(tmp_path):
    md = _md(tmp_path, HISTORIES, "forfeiture")
    box = md[md.index("**The facts the argument uses.**"):md.index("## The argument")]
    # the facts the joined lines say are still in the box, each with its mark
    assert "the conviction 4 months earlier ended in a court judgment; the same for the conviction 15 months earlier — *stated*" in box
    assert ("- the number of months from the conviction 9 months earlier (original judgment, forfeiture of deposit or "
            "payment) to the weighing is 9 months — *stated; assumed: this case's conviction is entered within 3 months "
            "of the weighing*\n") in box
    # the range past the period: in the party's row, not again under the fact
    assert "(otherwise $222.50 to $372.50" not in box and "(otherwise $766.00 to $866.00" not in box
    assert ("| the second vehicle | the operator (s. 348.21(3)) and, where practicable, the authority holder (s. 348.20(1)), not named in the case | $376.00 to $576.00 (s. 348.21(3)(b)2) if this case's "
            "conviction is entered within 3 months of the weighing; otherwise $222.50 to $372.50 (s. 348.21(3)(b)1) |") in md


def test_a_what_if_on_another_fact_stays_though_its_amount_is_a_rows_otherwise(tmp_path):
    md = _md(tmp_path, HISTORIES, "forfeiture")
    # the prior under sub. (2)(a) would give the second vehicle $222.50 to $372.50: the row gives that
    # amount only for a later conviction, so the what-if says a condition the row does not (histories18)
    assert "had been sub. (2)(a) instead of sub. (3)" in md
