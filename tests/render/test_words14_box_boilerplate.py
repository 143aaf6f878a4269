"""words14: "Each person's own facts are stated in the case and shown in its argument below, with any
note they need" is said only where a party's section prints facts that need a note; under 06's box
(trainer review 10) every fact of Terry Garcia is a met line of the argument, and the sentence said
nothing."""
from pathlib import Path

import pytest

from reasoner.apps.export import export_files

ROOT = Path(__file__).resolve().parents[2]
SENTENCE = "own facts are stated in the case and shown in its argument below"


def _out(path: Path, query: str, to: str = "md") -> str:
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.core.settings import current
    q = Question.of(str(path), query, default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files(to, q.answer(), None, question=q)
    return text


@pytest.mark.parametrize("to", ["md", "html"])
def test_no_referral_where_no_party_has_facts_with_a_note(to):
    out = _out(ROOT / "facts/ch350_youth_age_12_alone.yaml", "violations", to)
    assert SENTENCE not in out and "that need a note" not in out
    # the facts it referred on are in the argument, each with its element
    assert "the age of Terry Garcia is 12 years" in out and "violated s. 350.05(2)" in out
    assert "violated s. 350.08" in out


def test_no_referral_for_three_trucks_whose_facts_are_all_argued():
    md = _out(ROOT / "facts/ch348_weigh_station_three_trucks.yaml", "forfeiture")
    # the one note each truck needs: the scenario gives only the drivers' record, not the company's
    # (trainer review 12, G4); every other fact is argued
    noted = [line for line in md.splitlines() if line.startswith("- ") and "*assumed" in line]
    assert noted and all("the case gives only the drivers' record" in line for line in noted), noted


def test_no_referral_and_no_section_list_where_a_party_has_facts_with_a_note():
    md = _out(ROOT / "tests/fixtures/review10/coop_harvest.yaml", "forfeiture")
    # box17 (trainer review 12, G2): every fact the answer uses is in the box, those that need a note
    # too; the box's lead names the marks, and no party's section repeats a list of them
    assert "own stated facts are in one line" not in md and "that need a note:" not in md
    assert "Stated in the case, unless marked assumed" in md
