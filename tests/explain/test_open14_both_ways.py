"""An open party whose result turns on one fact the case does not state is argued and said both
ways (trainer review 14, 12: the third tank's $2,075.00 to $2,225.00 with no rule, no arithmetic and
no 'otherwise none'). Own fixture: three silo sections under 90,000-lb permits limited to 08:00-16:00:
the east one within its permit and hours, the north one over its permit weight, the west one at
86,000 lb with its time on the road not recorded."""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.answer.api import Case
from reasoner.engine.exact.domains import choices_at
from reasoner.render.markdown import render_markdown
from reasoner.render.handout import build_handout

ROOT = Path(__file__).resolve().parents[2]
SILO = str(ROOT / "tests/fixtures/open14_silo_permits.yaml")


@pytest.fixture(scope="module")
def silo():
    return Case.from_file(SILO).ask("forfeiture")


def test_branches_of_the_open_party(silo):
    row = next(r for r in silo.each if r["entity"] == "silo_west")
    branches = row["open_part"].branches
    assert [b["answer"] for b in branches] == ["true", "false"]
    assert branches[0]["condition"].endswith("is before 08:00 or after 16:00")
    assert branches[1]["condition"].endswith("is from 08:00 to 16:00")
    assert branches[0]["row"] == {"Min": 95000, "Max": 110000}   # in cents: $950.00 to $1,100.00


def test_answer_says_both_ways(silo):
    line = silo.argument.short
    assert "before 08:00 or after 16:00, the forfeiture under s. 348.21 for the weight violation of " \
           "the west silo section: not less than $950.00 nor more than $1,100.00" in line
    assert "if not, no forfeiture under s. 348.21 follows; the case does not state the time of day at which " \
           "the west silo section was operated." in line
    assert "is not a range" not in line and "Undetermined: whether" not in line and "which turns on" not in line
    # who is prosecuted said once, by the answer's own line
    assert line.count("to be prosecuted") == 1


def test_table_row_both_ways(silo):
    row = next(r for r in silo.argument.table if "west" in str(r.get("entity")))
    cell = "; ".join(row["open"])
    assert cell == ("$950.00 to $1,100.00 if before 08:00 or after 16:00; no forfeiture if from 08:00 to 16:00; "
                    "the case does not state the time of day at which the west silo section was operated")
    assert row["imposed_on"] == ("possibly the operator (s. 348.21(3)) and, where practicable, the authority holder "
                                 "(s. 348.20(1)), not named in the case")


def test_argued_with_rule_excess_rate_and_arithmetic(silo):
    md = render_markdown(build_handout(silo))
    section = md.split("*The west silo section:")[1].split("\n## ")[0]
    assert section.startswith(" open on the time of day at which the west silo section was operated")
    assert "s. 348.21(3)(b)1.e" in section and "15 cents a pound" in section
    assert "86,000 lb - 80,000 lb = 6,000 lb" in section
    assert "15 cents a pound × 6,000 lb = $900.00" in section
    assert "$50.00 + $900.00 = $950.00" in section and "$200.00 + $900.00 = $1,100.00" in section
    assert "it is undetermined whether the forfeiture" not in section
    assert "**Conclusion:** if the time of day at which the west silo section was operated is before 08:00 or " \
           "after 16:00, the forfeiture" in section
    assert "if not, no forfeiture under s. 348.21 follows" in section
    # the east section, within its permit and its hours, is not said to owe anything
    east = md.split("*The east silo section:")[1].split("*The north")[0]
    assert "$950.00" not in east and "no forfeiture" in east.lower()


def test_open_ended_time_runs_said_as_runs():
    labels = [c.label for c in choices_at("time", frozenset({540, 900}))]
    assert labels[0] == "below 09:00" and labels[-1] == "above 15:00"
    assert "08:59" not in labels and "15:01" not in labels


def test_whatif_tail_in_plain_words():
    from reasoner.answer.answering import answer_case
    from reasoner.answer.question import Question
    from reasoner.apps.export import handout_answer
    from reasoner.engine.rulebase import default_rulebase
    from reasoner.facts.case import load_case
    from reasoner.law.queries import check_atom, resolve
    rb = default_rulebase()
    atom, saved = resolve("forfeiture")
    case = load_case(Path(SILO), rb.checked)
    answer = answer_case(rb, case, check_atom(atom, rb.checked), saved)
    q, answer = handout_answer(Question.about(rb, case, check_atom(atom, rb.checked), saved), answer)
    md = render_markdown(build_handout(answer, q.whatif(base=answer), program=rb.program))
    whatif = md.split("## What if?")[1].split("\n## ")[0]
    assert "the provisions left open now would stay open" not in whatif
    # the vehicle the change moves, the others said to stay in the words every several-party what-if uses
    assert "$110.03 nor more than $260.03 (s. 348.21(3)(b)1); the others' results stay as they are." in whatif
    # the open party's both ways are said once, in the answer, not again in each what-if
    assert "before 08:00 or after 16:00" not in whatif


def test_facts_box_never_counts_one_fact():
    from reasoner.prose.argument import MAX_PARTY_FACTS, party_facts_line
    one_more = party_facts_line("the ride", [f"fact {i} of the ride" for i in range(MAX_PARTY_FACTS + 1)])
    assert "more" not in one_more and one_more.endswith(f"fact {MAX_PARTY_FACTS}")
    two_more = party_facts_line("the ride", [f"fact {i} of the ride" for i in range(MAX_PARTY_FACTS + 2)])
    assert two_more.endswith("; and 2 more stated facts, each given where the argument below uses it")
