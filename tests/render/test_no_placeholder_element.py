"""No handout argues a lawful party by the placeholder element 'no provision checked concludes that
... violated some provision — met' (trainer review 3, handouts 02 and 08): a lawful party is argued
by what decides it, 'No violation of s. X: <the exception> (the exception applies)'."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _md(tmp_path, case, query):
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["export", str(ROOT / case), query, "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return " ".join(out.read_text().split())


@pytest.mark.parametrize("case, query, verdict, decided", [
    ("facts/ch350_youth_certified_14.yaml", "lawful", "The ride violated no provision",
     # the certificate is s. 350.05(2)'s own condition of compliance: satisfied, not excepted (review 13, 09)
     "s. 350.05(2) is satisfied: Chris Meyer holds a valid snowmobile safety certificate issued by the department"),
    ("facts/ch350_three_night_rides.yaml", "lawful", "Alex Berg (the operator) violated s. 350.02(2)(b)4",
     "No violation of s. 350.02(2)(b)4: the trail used in the ride on the 45-ft trail meets"),
    ("facts/ch350_dwelling_boundary_2230.yaml", "lawful", "", ""),
])
def test_a_lawful_party_is_argued_by_what_decides_it(tmp_path, case, query, verdict, decided):
    text = _md(tmp_path, case, query)
    assert "no provision checked" not in text
    assert verdict in text and decided in text
