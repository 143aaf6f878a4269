"""argue11 (trainer review 9): the lesson elsewhere (the clerk's duty of s. 350.047), what-ifs that
are true, readings said at the element they decide."""
from pathlib import Path

from asking import export_markdown

FACTS = Path(__file__).resolve().parents[2] / "facts"


def _answer(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("**Answer.**"))


def test_the_clerks_duty_of_350_047_is_asked_and_argued():
    md = export_markdown(FACTS / "ch350_route_ordinance_not_filed.yaml", "municipal_duties")
    line = _answer(md)
    # who is bound, and the ordinance by its name, never its id
    assert "s. 350.047" in line and "clerk of the government that adopted it" in line, line
    assert "the route ordinance" in line and "ord1" not in line, line
    assert "the clerk did not immediately send a copy of the route ordinance to the department — **met**" in md
    assert "the local government that adopted the route ordinance is a village — **met**" in md


def test_no_duty_breached_is_said_in_the_laws_words():
    md = export_markdown(FACTS / "ch350_adult_at_limit.yaml", "municipal_duties")
    line = _answer(md)
    assert line.startswith("**Answer.** None: no duty of a county, town, city or village (or of its clerk) "
                           "is shown failed on the facts stated"), line
    assert "any value" not in line
