"""Trainer review 13, G1 (01, 02): a month count the case states is marked stated; only the binding
conviction-date assumption is printed with it; never 'within 0 months'; the measure said once."""
import json
import tempfile
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
LOG = str(ROOT / "facts" / "ch348_log_truck_third_offense.yaml")
EXACT = str(ROOT / "facts" / "ch348_prior_exactly_12_months.yaml")


def _md(case: str) -> str:
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "h.md"
        result = CliRunner().invoke(main, ["export", case, "forfeiture", "--to", "md", "-o", str(out)])
        assert result.exit_code in (0, 1, 2), result.output
        return " ".join(out.read_text(encoding="utf-8").split())


def _run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code in (0, 1, 2), result.output
    return result.output


def test_the_log_truck_counts_are_stated_and_only_the_binding_assumption_is_printed():
    md = _md(LOG)
    assert ("the number of months from the spring conviction (original judgment, forfeiture of deposit or payment) "
            "to the weighing is 5 months — *stated*") in md
    assert ("the number of months from last fall's conviction to the weighing is 10 months — *stated; assumed: this "
            "case's conviction is entered within 2 months of the weighing* (otherwise $350.00 to $450.00 "
            "(s. 348.21(3g)(a)))") in md
    assert "within 7 months" not in md   # after 2 months the result is the same whatever happens at 7
    assert "the number of months from it to the weighing is 5 months, which is at most 12 months — **met**" in md   # the prior's line (histories18)
    # the amounts stay
    assert "not less than $1,000.00 nor more than $1,050.00 (s. 348.21(3g)(b))" in md
    assert "That holds only if this case's conviction is entered within 2 months of the weighing; otherwise " \
           "$350.00 to $450.00 (s. 348.21(3g)(a))." in md


def test_the_log_truck_json_rows_carry_otherwise_only_for_the_binding_count():
    data = json.loads(_run("ask", LOG, "forfeiture", "--format", "json"))
    rows = {r["months"]: r for r in data["assumptions"]}
    assert rows[10]["otherwise"] and "$350.00 to $450.00" in rows[10]["otherwise"]
    assert rows[10]["condition"] == "this case's conviction is entered within 2 months of the weighing"
    assert rows[5]["otherwise"] == ""


def test_a_prior_exactly_12_months_before_needs_no_within_0_months():
    md = _md(EXACT)
    assert "0 months" not in md
    assert ("to the weighing is 12 months — *stated; assumed: this case's conviction is entered before another "
            "month passes after the weighing* (otherwise $386.00 to $536.00 (s. 348.21(3)(b)1))") in md
    assert ("That holds only if this case's conviction is entered before another month passes after the weighing; "
            "otherwise $386.00 to $536.00 (s. 348.21(3)(b)1).") in md
    assert "after 0 months" not in md   # one vehicle: "otherwise", never a per-vehicle "after N months"
    assert "not less than $604.00 nor more than $804.00 (s. 348.21(3)(b)2)" in md
    text = _run("ask", EXACT, "forfeiture")
    assert "0 months" not in text and "before another month passes after the weighing" in " ".join(text.split())
    data = json.loads(_run("ask", EXACT, "forfeiture", "--format", "json"))
    assert [r["condition"] for r in data["assumptions"]] == [
        "this case's conviction is entered before another month passes after the weighing"]


def test_reading_5_says_the_case_counts_to_the_incident_and_a_what_if_says_to_the_weighing():
    md = _md(LOG)
    assert ("from the prior conviction to the current conviction; a prior exactly 12 months before is still within "
            "the period") in md
    assert ("A case gives the months to its incident (the weighing, the refusal), as this conviction is not yet "
            "entered, so the answer assumes the date of this conviction and says what holds if it is entered "
            "later.") in md
    said = " ".join(_run("whatif", LOG, "forfeiture").split())
    assert ("If the number of months from last fall's conviction (original judgment, forfeiture of deposit or "
            "payment) to the weighing had been 13 instead of 10") in said
    assert "to the current conviction had been" not in said
