"""Grounds of one provision are named (trainer review 4, handout 08).

Before: 'It follows on each of these grounds: under s. 348.20(1) — met ... under s. 348.20(1) —
met': two grounds a trainee cannot tell apart. Each is now named with the sentences of s. 348.20(1)
it rests on: the authority holder (first sentence) not a leasing business (last); the owner who
permitted the operation (third) being a leasing business, so the lessee (last)."""
from pathlib import Path

from reasoner.answer.answering import answer_case
from reasoner.answer.question import Question
from reasoner.apps.export import handout_answer
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, resolve
from reasoner.prose.argument import ground
from reasoner.render.handout import build_handout
from reasoner.render.markdown import render_markdown

ROOT = Path(__file__).resolve().parents[2]


def _md(name: str, query: str) -> str:
    rb = default_rulebase()
    atom, saved = resolve(query)
    atom = check_atom(atom, rb.checked)
    case = load_case(ROOT / "facts" / name, rb.checked)
    _, answer = handout_answer(Question.about(rb, case, atom, saved), answer_case(rb, case, atom, saved))
    return render_markdown(build_handout(answer, None, program=rb.program))


def test_ground_words():
    assert ground(1, "348.20(1)", [1, 4], 4) == "Ground 1: s. 348.20(1), its first and last sentences"
    assert ground(2, "348.20(1)", [3], 4) == "Ground 2: s. 348.20(1), its third sentence"


def test_the_two_grounds_of_s_348_20_1_are_named():
    md = _md("ch348_leased_tractor_prosecution.yaml", "prosecute")
    assert "It follows on each of these grounds:" in md
    assert "- Ground 1: s. 348.20(1), its first and last sentences — **met**" in md
    # the employer of the tractor's driver is a ground of its own (s. 348.20(1), second sentence)
    assert "- Ground 2: s. 348.20(1), its second and last sentences — **met**" in md
    assert "- Ground 3: s. 348.20(1), its third and last sentences — **met**" in md
    assert "under s. 348.20(1) — **met**" not in md
    # the ground's own facts stay under it: the authority holder under 1, the leasing owner under 3
    one, rest = md.split("- Ground 1:")[1].split("- Ground 2:")
    two, three = rest.split("- Ground 3:")
    assert "is Fresh Produce Co. — **met** (case file line" in one and "principal business of Rent-a-Rig Inc. is leasing" in three
    assert "'liable for violation of ss. 348.15 to 348.17 along with'" in two


def test_joinder_table_has_one_row_per_person():
    """Before: four rows 'count 1 | the offenses charged in count 1 and count 2 shall be joined',
    'count 2 | (the same)', ... : a table with no people in it (review 4, handout 04)."""
    md = _md("ch350_charges_two_people.yaml", "joinder")
    table = [line for line in md.splitlines() if line.startswith("|")]
    assert table[0] == "| Person | Result |"
    assert table[2:] == ["| Dale Peters | the offenses charged in count 1 and count 2 shall be joined |",
                         "| Erin Moss | the offenses charged in count 3 and count 4 shall be joined |"]
    assert "| count 2 |" not in md
