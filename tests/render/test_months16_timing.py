"""Trainer review 11, G3: a case gives the months from an earlier conviction to the incident; the law
counts the 12 months to this case's conviction, which no case has yet. The facts box says the count
is assumed ('assumed: this case's conviction is entered within 3 months of the incident', never
'stated'), and the answer carries both outcomes."""
from pathlib import Path


from test_months16_readings_at_use import _md as _handout_md  # the export shared with it

ROOT = Path(__file__).resolve().parents[2]


def _md(case: Path, query: str) -> str:
    return " ".join(_handout_md(case, query).split())


def test_months_to_the_incident_are_assumed_and_both_ranges_reach_the_answer():
    md = _md(ROOT / "tests/fixtures/months16_repeat_refusal.yaml", "duty_forfeiture")
    box = md.split("**The facts the argument uses.**")[1].split("## ")[0]   # the box follows the answer
    assert ("the number of months from the earlier refusal (original judgment, forfeiture of deposit or payment) "
            "to the refusal is 9 months — *stated; assumed: this case's conviction is entered within 3 months of the "
            "refusal* (otherwise $50.00 to $100.00 (s. 348.21(2)(a)))") in box
    assert "to the current conviction is 9 months — *stated*" not in md
    answer = md.split("**Answer.**")[1].split("## ")[0]
    assert "not less than $100.00 nor more than $200.00 (s. 348.21(2)(a))" in answer
    assert ("That holds only if this case's conviction is entered within 3 months of the refusal; otherwise "
            "$50.00 to $100.00 (s. 348.21(2)(a)).") in answer
    assert "s. 348.19(3)" in answer and "348.21(3)(b)" not in answer
    assert "the operator" in answer   # the offender: the case names none, and says so


def test_a_prior_outside_the_period_is_neither_assumed_nor_carried():
    import tempfile
    text = (ROOT / "tests/fixtures/months16_repeat_refusal.yaml").read_text().replace("months_since_prior: 9",
                                                                                      "months_since_prior: 14")
    with tempfile.TemporaryDirectory() as d:
        case = Path(d) / "late.yaml"
        case.write_text(text)
        md = _md(case, "duty_forfeiture")
    assert "this case's conviction is entered within" not in md and "That holds only if" not in md
    assert "not less than $50.00 nor more than $100.00 (s. 348.21(2)(a))" in md.split("**Answer.**")[1]
