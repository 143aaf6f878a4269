"""deciding13: a fact that matters only given another says so where the facts to ask are listed
(trainer review 9, 1). The certificate facts of s. 350.05(2) matter only for a rider of 12 to 15,
the carry and display duties only for one who holds a certificate; the age itself, which decides
s. 350.05(1) as it stands, is asked without a condition. In ch. 348, whether the operator reloaded
matters only if the operator may reload under s. 348.21(2)(b) (an excess of at most 2,000 lb that
can be shifted); the weight found, which decides every bracket, is asked as it stands."""
from pathlib import Path

from tests.asking import export_markdown

FIXTURES = Path(__file__).parents[1] / "fixtures"
YOUTH = FIXTURES / "decide12_youth_age_unknown.yaml"
RELOAD = FIXTURES / "deciding13_reload_excess_unknown.yaml"
AGES = "if the kid was over the age of 12 years but under the age of 16 years"


def _ask_next(text: str) -> list[str]:
    """The facts to find out, one per item, from the rows in issue listed in the argument (trainer
    review 10, change 4: the rows the case does not raise are one line of the answer)."""
    part = text.split("Left undetermined, and what would decide each:", 1)[1].split("\n## ", 1)[0]
    rows = [line[2:] for line in part.splitlines() if line.startswith("- ")]
    return [f for row in rows for f in row.split(": ", 1)[1].split("; ")]


def test_the_certificate_facts_are_asked_for_the_ages_of_subsection_2_only():
    lines = _ask_next(export_markdown(YOUTH, "violations"))
    department = next(line for line in lines if line.endswith("issued by the department"))
    assert department.startswith(AGES + ", whether the kid holds a valid snowmobile safety certificate"), department
    # the course of another state's program matters only for a certificate of another state, asked first
    course = next(line for line in lines if line.split(", whether ")[-1].startswith("the course content"))
    assert course.startswith(AGES + " and the kid holds a valid snowmobile safety certificate issued by another"), course


def test_the_carry_and_display_duties_are_not_raised_when_nothing_is_stated_of_them():
    # trainer review 10, change 4: the case states nothing of carrying or displaying a certificate, so
    # those duties are not raised (said once in the answer), never facts to find out
    text = export_markdown(YOUTH, "violations")
    assert not any("carried the snowmobile safety certificate" in line for line in _ask_next(text))
    answer = text.split("**Answer.**", 1)[1].split("\n\n", 1)[0]
    assert ("Not raised by the case either, for the ride: whether the operator of the ride carried the snowmobile "
            "safety certificate while operating") in answer


def test_a_fact_that_decides_as_it_stands_has_no_condition():
    lines = _ask_next(export_markdown(YOUTH, "violations"))
    age = next(line for line in lines if line.startswith("the age in years of the kid"))
    assert not age.startswith("if "), lines


def test_whether_the_operator_reloaded_is_asked_only_if_the_operator_may_reload():
    text = export_markdown(RELOAD, "forfeiture")
    open_part = text.split("Left undetermined, and what would decide each:", 1)[1].split("\n## ", 1)[0]
    reload = [line for line in open_part.splitlines() if "reloaded under s. 348.21(2)(b) and all axles" in line]
    assert reload, open_part
    for line in reload:
        assert ("; if the operator of the tanker may reload under s. 348.21(2)(b), whether the operator of the "
                "tanker reloaded") in line, line
        # the weight found decides every bracket: never conditioned
        assert "which turns on: the weight in pounds found for the tanker;" in line, line
