"""words14: the violations question asks who violated, not what "the ride" violated. In 06 (a
12-year-old alone) the title read "Which provisions of ch. 350 does the ride violate?" though the
father, who did not ride, violated s. 350.08 (trainer review 10, 06): the law binds persons, so the
question is asked of them."""
from pathlib import Path

from reasoner.apps.export import export_files

ROOT = Path(__file__).resolve().parents[2]


def _md(path: Path, query: str) -> str:
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.core.settings import current
    q = Question.of(str(path), query, default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q)
    return text


def test_the_father_who_did_not_ride_is_asked_about_by_the_title():
    md = _md(ROOT / "facts/ch350_youth_age_12_alone.yaml", "violations")
    assert md.startswith("# Who violated which provisions of ch. 350 in the ride?\n")
    assert "**Question.** Who violated which provisions of ch. 350 in the ride?" in md
    assert "does the ride violate" not in md
    # the table names each offender and the provision; s. 350.05(1) (under 12) is not cited
    assert "| Terry Garcia | violated s. 350.05(2) |" in md and "| Mark Garcia | violated s. 350.08 |" in md
    assert "350.05(1)" not in md.split("## The argument")[0]


def test_other_cases_ask_the_same_question():
    airport = _md(ROOT / "facts/ch350_airport.yaml", "violations")
    assert airport.startswith("# Who violated which provisions of ch. 350 in the ride?\n")
    assert "Casey Larson" in airport and "s. 350.10(1)(L)" in airport
    lends = _md(ROOT / "facts/ch350_owner_lends_three_times.yaml", "violations")
    assert lends.splitlines()[0].endswith("who violated which provisions of ch. 350 in each snowmobile operation?")
