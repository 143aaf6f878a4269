"""'Also decided on the same facts' says when its amount is the answer's own, reached because its
provision applies the penalties of the one asked (trainer review 16, G6: s. 348.25(2)(a)'s
permit-condition forfeiture of the lowboy, $2,750.00 to $2,900.00, after the s. 348.21 forfeiture of
the same amount read as a second penalty a trainee would add up)."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main
from reasoner.prose.argument import related_line

FACTS = Path(__file__).resolve().parents[2] / "facts"
SAME = "This is the same forfeiture as above (s. 348.25(2)(a) applies the penalties of s. 348.21), not an additional one."


def _md(case, query, tmp_path):
    out = tmp_path / "h.md"
    r = CliRunner().invoke(main, ["export", str(case), query, "--to", "md", "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out.read_text(encoding="utf-8")


def test_the_night_move_permit_condition_forfeiture_is_said_to_be_the_same_one(tmp_path):
    md = _md(FACTS / "ch348_transformer_night_move.yaml", "forfeiture", tmp_path)
    answer = md[md.index("**Answer.**"):md.index("## The argument")]
    assert "not less than $2,750.00 nor more than $2,900.00 (s. 348.21(3)(b)1)" in answer
    head = md.index("## Also decided on the same facts")
    said = md[head:md.index("## What if?", head)]
    assert "Under s. 348.25(2)(a): The permit-condition forfeiture for operating the lowboy in violation of a " \
           "condition of its permit: not less than $2,750.00 nor more than $2,900.00" in said
    assert said.count(SAME) == 1 and said.rstrip().endswith(SAME)
    assert "whom the case does not name" in said   # the offender, as the answer says it


def test_a_related_answer_that_is_not_the_same_money_is_not_said_to_be(tmp_path):
    md = _md(FACTS / "ch350_charges_same_incident.yaml", "joinder", tmp_path)
    assert "## Also decided on the same facts" in md and "Under s. 350.101(1)(d):" in md
    assert "same forfeiture" not in md


def test_the_words_are_the_prose_layers():
    row = {"query": "q", "question": "?", "citation": "348.25(2)(a)",
           "short": "The permit-condition forfeiture for operating the lowboy: not less than $1.00 nor more than $2.00"}
    assert related_line(row) == "Under s. 348.25(2)(a): " + row["short"]
    assert related_line({**row, "same_as": "348.21"}) == f"Under s. 348.25(2)(a): {row['short']}. {SAME}"
    assert related_line({**row, "same_as": ""}).endswith(
        "This is the same forfeiture as above, not an additional one.")
