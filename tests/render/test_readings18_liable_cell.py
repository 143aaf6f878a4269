"""readings18 (trainer review 16, 11): a rig reloaded within the limits under s. 348.21(2)(b), beside a rig
whose own answer imposes a penalty, has its liable cell say that no forfeiture may be imposed, never
'no penalty decided in this answer' beside a result that says none may be imposed; a rig whose penalty
this answer leaves to a fact it does not decide keeps 'no penalty decided in this answer'."""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.answer.api import Case
from reasoner.apps.export import export_files

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "tests" / "fixtures" / "reload17_carnival_four_rigs.yaml"


@pytest.fixture(scope="module")
def md() -> str:
    q = Case.from_file(CASE).question("reload_met")
    return str(export_files("md", q.answer(), None, with_whatif=False, question=q)[0][1])


def _row(md: str, party: str) -> list[str]:
    line = next(x for x in md.splitlines() if x.startswith(f"| {party} |"))
    return [c.strip() for c in line.strip("|").split(" | ")]


def test_the_rig_reloaded_within_the_limits_says_no_forfeiture_may_be_imposed(md):
    name, liable, result = _row(md, "the ferris wheel rig")
    assert liable == "no one: no forfeiture may be imposed"
    assert result.startswith("no — s. 348.21(2)(b) let the operator of the ferris wheel rig reload or go on")
    assert "so no forfeiture may be imposed" in result
    assert "no penalty decided in this answer" not in _row(md, "the ferris wheel rig")


def test_the_other_rigs_keep_their_cells(md):
    assert _row(md, "the midway games rig")[1] == "the games driver"
    assert _row(md, "the coaster rig")[1] == ("the coaster driver (operator, s. 348.21(3)) and, where practicable, the authority holder (s. 348.20(1)), "
                                              "not named in the case")
    # the swing ride rig may reload; whether it did is not decided here: its penalty stays undecided
    assert _row(md, "the swing ride rig")[1] == "no penalty decided in this answer"
