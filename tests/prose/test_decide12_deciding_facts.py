"""Trainer review 9, 1: a report whose rider's age is unknown lists the certificate facts of
s. 350.05(2) as though each decided the answer on its own; they matter only if the rider was 12 to
15. What to ask next should list a fact only when some completion of the case needs it, and a fact
that matters only given another should say so ('if the rider was 12 to 15, whether ...').

Done in deciding13: each open row keeps, for each fact, the open elements of a rule it matters only
given (answer/openrows.py), and what to ask next says them first."""
from pathlib import Path

from tests.asking import export_markdown

CASE = Path(__file__).parents[1] / "fixtures" / "decide12_youth_age_unknown.yaml"


def _ask_next(text: str) -> list[str]:
    """The facts to find out, one per item: the handout lists the rows in issue in the argument
    ('Left undetermined, and what would decide each:'), each row's facts joined by '; ' (trainer review
    10, change 4: the rows the case does not raise are one line of the answer, so the 24 provisions'
    list of what to ask next is now three rows)."""
    part = text.split("Left undetermined, and what would decide each:", 1)[1].split("\n## ", 1)[0]
    rows = [line[2:] for line in part.splitlines() if line.startswith("- ")]
    return [f for row in rows for f in row.split(": ", 1)[1].split("; ")]


def test_the_age_is_asked_first_with_every_provision_it_decides():
    text = export_markdown(CASE, "violations")
    part = text.split("Left undetermined, and what would decide each:", 1)[1].split("\n## ", 1)[0]
    rows = [line[2:] for line in part.splitlines() if line.startswith("- ")]
    assert [r.split(": ", 1)[0] for r in rows] == [
        "s. 350.05(1)", "s. 350.05(2)", "s. 350.08, as to the owner (the owner or person in charge or control)"], rows
    assert all(r.split(": ", 1)[1].startswith("the age in years of the kid") for r in rows), rows


def test_a_certificate_fact_is_asked_only_with_the_ages_for_which_it_matters():
    lines = _ask_next(export_markdown(CASE, "violations"))
    certificate = [line for line in lines if "certificate" in line]
    assert certificate, lines
    assert all(line.lower().startswith("if ") for line in certificate), certificate
