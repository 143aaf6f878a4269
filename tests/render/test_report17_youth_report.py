"""Trainer review 16, handout 04 and G3, G7: a warden's report on a youth riding alone without a
certificate. A reference is printed only with what it refers to; a provision no stated fact of the
ride engages (s. 350.101(1)(c): a sober youth's alcohol concentration) is not raised, whatever the
age; no machine words ('binding'); the age check said once; s. 350.05(4) cited where 'accompanied'
is read as 'on the same snowmobile'; the exceptions' label printed over conditions of compliance."""
import re
from functools import lru_cache
from pathlib import Path

from reasoner.answer.engaged import engaged, engages
from reasoner.answer.question import Question
from reasoner.prose import argument as words
from reasoner.render.markdown import render_markdown
from tests.asking import handout_of, handout_text

ROOT = Path(__file__).resolve().parents[2]
POND = ROOT / "tests/fixtures/report17_teen_alone_pond.yaml"
THREE = ROOT / "tests/fixtures/three_youth_riders_report.yaml"


@lru_cache(maxsize=None)
def _md(path: Path) -> str:
    return render_markdown(handout_of(path, "violations"))


def _answer_paragraph(md: str) -> str:
    return md.split("**Answer.**", 1)[1].split("\n\n", 1)[0].strip()


def test_the_age_alone_does_not_raise_the_alcohol_paragraph():
    q = Question.of(str(POND), "violations")
    a = q.answer()
    assert a.answer == "true"
    assert "350.05(2)" in a.engaged and not any(c.startswith("350.101") for c in a.engaged), a.engaged
    # the rule itself: a party's fact engages only where all asked of the subject is stated
    assert engages([(frozenset(), frozenset({"age"}), frozenset({"alcohol_concentration"}))], {"age"}) is False
    assert engages([(frozenset(), frozenset({"age"}), frozenset())], {"age"}) is True
    assert engages([(frozenset({"alcohol_concentration"}), frozenset({"age"}), frozenset({"alcohol_concentration"}))],
                   {"age", "alcohol_concentration"}) is True
    assert engaged(q.law.checked, q.case) == a.engaged
    rows = {e["args"][1]: e for e in a.undetermined if "more" not in e}
    assert rows["350.101(1)(c)"]["raised"] is False
    assert rows["350.08"]["raised"] is True


def test_the_answer_leaves_open_only_what_the_case_raises():
    said = _answer_paragraph(_md(POND))
    assert said.startswith("Rowan Pelletier (the operator) violated s. 350.05(2). "), said
    assert "Undetermined: whether the owner or person in charge or control violated s. 350.08, which turns on" in said
    assert "350.101(1)(c)" not in said and "alcohol concentration" not in said, said
    assert "Not raised by the case: 25 provisions of ss. 350.02, 350.07, 350.09, 350.10 and 350.101 (the pond crossing)" \
        in said, said
    undetermined = _md(POND).split("Left undetermined, and what would decide each:", 1)[1].split("\n## ", 1)[0]
    assert "s. 350.08" in undetermined and "350.101" not in undetermined, undetermined


def test_no_pointer_to_a_list_the_handout_does_not_print():
    md = _md(POND)
    assert "facts the case does not state, each listed under" not in md
    assert "listed below" not in md.split("## What if?", 1)[0], md
    assert "Also decided on the same facts" not in md
    box = md.split("**The facts the argument uses.**", 1)[1].split("## The argument", 1)[0]
    assert "- the owner or other person having charge or control of the snowmobile — *not stated*" in box, box
    assert "alcohol" not in box


def test_the_box_pointer_names_the_list_printed():
    class Arg:
        missing: list = []
        undetermined = ["s. 350.08: the owner"]
    assert words.unknown_listed_where(Arg()) == "Left undetermined, and what would decide each:"
    assert words.unknown_listed(12, words.unknown_listed_where(Arg())) == \
        "12 facts the case does not state, each listed under “Left undetermined, and what would decide each”"
    Arg.undetermined = []
    assert words.unknown_listed_where(Arg()) == ""
    Arg.missing = ["the speed"]
    assert words.unknown_listed_where(Arg()) == "Facts that would decide it"


def test_no_machine_words():
    md = _md(POND)
    assert "binding " not in md and "Not every combination" not in md and "worked through" not in md
    assert not re.search(r"\b\d+ facts the case does not state\b", md)
    text = handout_text(THREE, "violations")
    assert "binding " not in text and "Not every combination" not in text
    assert "s. 350.101(1)(c)" not in text.split("What if?", 1)[0].split("Our readings", 1)[0]


def test_the_age_check_is_argued_once_and_accompanied_cites_its_definition():
    md = _md(POND)
    argument = md.split("## The argument", 1)[1].split("**Conclusion:**", 1)[0]
    assert argument.count("the age of Rowan Pelletier is 14 years, which is at least 12 years") == 1, argument
    assert "- Rowan Pelletier was over the age of 12 years but under the age of 16 years — **met** " \
           "(as argued under element 1 above)" in argument, argument
    assert "because the operator of the pond crossing was not accompanied by another person on the same " \
           "snowmobile (s. 350.05(4))" in argument, argument


def test_the_label_over_conditions_of_compliance_is_printed():
    from reasoner.render.html import render_html
    html = render_html(handout_of(POND, "violations"))
    assert '<p class="label">Exceptions:</p>' in html, "the label over a condition of compliance is printed"
    assert 'class="label of-exceptions"' not in html
