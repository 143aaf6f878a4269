"""Element lists, trainer review 15, G3, after the law's own lists were left out of them: the class the
case states that such a list took in now says the whole condition and is marked met like every other
element ('2. the highway ... is a state trunk highway' had no mark, 01); an identity with no list beside
it stays a plain statement; a line of the law carrying the reading it is decided on is never left out
(the frozen-lake race: 'not excepted from s. 350.03(1) (our reading: ...)')."""
from functools import lru_cache
from pathlib import Path

from reasoner.answer.answering import answer_case
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, resolve
from reasoner.render.handout import build_handout
from reasoner.render.markdown import render_markdown

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=None)
def _md(path: str, query: str) -> str:
    rb = default_rulebase()
    atom, saved = resolve(query)
    case = load_case(ROOT / path, rb.checked)
    answer = answer_case(rb, case, check_atom(atom, rb.checked), saved)
    return render_markdown(build_handout(answer, None, program=rb.program), svg=None)


def test_the_class_a_law_list_took_in_is_a_marked_element():
    md = _md("tests/fixtures/elements15_sth_night_rides.yaml", "lawful")
    assert ("2. the highway on or along which the ride on the unpaced trail took place is a state trunk highway "
            "— **met** (case file line 93)") in md
    # under 4.c too, where the list 'the department of transportation approves trails ...' was left out
    assert ("      - the highway on or along which the ride on the 62-ft trail took place is a state trunk highway "
            "— **met** (case file line 44)") in md
    assert "is a state trunk highway (case file line" not in md
    assert "must keep 10 feet from the roadway" not in md
    assert "approves trails near or crossing" not in md
    # the verdicts and the offender are unchanged
    assert "| the ride on the 62-ft trail | no one | lawful |" in md
    assert ("**Conclusion:** it is undetermined whether Ole Brandt (the operator) violated s. 350.02(2)(b)1 "
            "in the ride on the unpaced trail.") in md


def test_a_law_line_with_its_reading_stays_where_it_decides():
    md = _md("facts/ch350_race_frozen_lake.yaml", "lawful")
    assert ("      - a marked sanctioned race on frozen public waters is not excepted from s. 350.03(1) (our reading: "
            "the frozen surface of public waters is not public land, so a race on it gets no exception under "
            "(2)(b))") in md
    assert "**Conclusion:** Casey Larson (the operator) violated s. 350.03(1)." in md
    assert ("   - s. 350.03(2)(b): the ride was in a sanctioned race or derby on public land, a highway or a trail, on a "
            "route or track marked by the sponsor — **not met**") in md
