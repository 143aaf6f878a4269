"""No conclusion in the facts box (trainer review 14, 11 and G4): the box holds the case's facts; a
prior's name carries no finding there ('the charge dismissed 9 months earlier', never '... (not a
conviction)'), and the argument still says the finding with its reason."""
from __future__ import annotations

from pathlib import Path

from reasoner.answer.api import Case
from reasoner.apps.export import export_files

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _md(case: Path, query: str) -> str:
    q = Case.from_file(case).question(query)
    return str(export_files("md", q.answer(), None, with_whatif=False, question=q)[0][1])


def _box(md: str) -> str:
    return md.split("**The facts the argument uses.**", 1)[1].split("## The argument", 1)[0]


def test_the_box_names_the_priors_without_a_finding():
    md = _md(FIXTURES / "results15_grain_priors.yaml", "forfeiture")
    box = _box(md)
    assert ("- the provision of s. 348.21 under which the s. 348.21(2)(b) citation 2 months earlier was imposed is "
            "sub. (2)(b) — *stated*") in box
    assert ("- the provision of s. 348.21 under which the conviction 5 months earlier was imposed is sub. (3); the "
            "same for the charge dismissed 9 months earlier — *stated*") in box
    assert "(not a conviction)" not in box and "(not a prior conviction)" not in box
    appendix = md.split("## Appendix", 1)[1]
    assert "- the charge dismissed 9 months earlier ended in a dismissal (line " in appendix
    assert "(not a" not in appendix


def test_the_argument_still_gives_the_finding_and_its_reason():
    md = _md(FIXTURES / "results15_grain_priors.yaml", "forfeiture")
    argument = md.split("## The argument", 1)[1]
    assert ("- the s. 348.21(2)(b) citation 2 months earlier (not a prior conviction): not counted: 'Violations under "
            "this paragraph shall not be considered as violations or prior convictions") in argument
    assert "- the charge dismissed 9 months earlier (not a conviction): ended in a dismissal, not counted" in argument
