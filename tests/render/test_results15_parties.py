"""Every party said in its role, and no one else named as one (trainer review 14, 02): one operator is
'The operator is not named by s. 348.20(1)', never 'The operators'; several stay plural; the leasing
firm is never the one prosecuted."""
from __future__ import annotations

from pathlib import Path

from reasoner.answer.api import Case
from reasoner.apps.export import export_files
from reasoner.prose.answers import also_line

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LEAD = "The operators are not named by s. 348.20(1):"


def _md(case: Path, query: str) -> str:
    q = Case.from_file(case).question(query)
    return str(export_files("md", q.answer(), None, with_whatif=False, question=q)[0][1])


def _answer(md: str) -> str:
    return md.split("**Answer.**", 1)[1].split("\n", 1)[0]


def test_one_operator_is_said_in_the_singular():
    answer = _answer(_md(FIXTURES / "results15_reefer_lease_one.yaml", "prosecute"))
    assert answer.startswith(" The prosecution for the overweight violation of the first reefer is to be instituted "
                             "against Harbor Fish Wholesale (s. 348.20(1)).")
    assert ("The operator is not named by s. 348.20(1): Ines Moreau, the operator of the first reefer, accepts "
            "service of a summons on behalf of Harbor Fish Wholesale (s. 348.20(2)).") in answer
    assert "operators" not in answer and "ColdLease" not in answer


def test_two_operators_stay_plural_and_the_leasing_firm_is_no_offender():
    md = _md(FIXTURES / "results15_reefer_lease.yaml", "prosecute")
    answer = _answer(md)
    assert ("The operators are not named by s. 348.20(1): Ines Moreau, the operator of the first reefer, accepts "
            "service of a summons on behalf of Harbor Fish Wholesale (s. 348.20(2)); Paul Okafor, the operator of "
            "the second reefer, accepts service of a summons on behalf of Harbor Fish Wholesale (s. 348.20(2)).") in answer
    assert "| the first reefer | Harbor Fish Wholesale |" in md and "| the second reefer | Harbor Fish Wholesale |" in md
    assert "against ColdLease" not in md and "on behalf of ColdLease" not in md


def test_the_lead_is_singular_only_for_one():
    assert also_line(LEAD, "Ana Voss accepts ...", 1) == "The operator is not named by s. 348.20(1): Ana Voss accepts ..."
    assert also_line(LEAD, "A and B accept ...", 2) == "The operators are not named by s. 348.20(1): A and B accept ..."
    assert also_line(LEAD, "A ...") == "The operators are not named by s. 348.20(1): A ..."
    assert also_line(LEAD, "  ", 1) == ""
