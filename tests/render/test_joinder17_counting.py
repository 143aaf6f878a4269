"""Review 12, 06, 08, 10 (joinder17): a conviction counted under s. 350.101(1)(a) or (b) alone
rests on par. (d)'s single conviction not being reached, so par. (d) is argued, quoted and cited
'(s. 350.101(1)(b), (d))'; unnamed charges are named by their incident; the verdict reads plainly;
par. (d)'s counting words are said in full."""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.answer.answering import ask
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case

ROOT = Path(__file__).resolve().parent.parent.parent
CASE = ROOT / "tests" / "fixtures" / "joinder17_two_rides.yaml"


@pytest.fixture(scope="module")
def answer():
    return ask(str(CASE), "conviction_count")


def test_charges_are_named_by_their_incident():
    case = load_case(CASE, default_rulebase().checked)
    got = {e: r for e, r in case.roles.items() if case.entities[e] == "charge"}
    assert got == {"crash_a": "the lake crash par. (a) charge", "crash_b": "the lake crash par. (b) charge",
                   "bar_b": "the bar ride charge", "back_c": "the ride back charge"}


def test_each_count_cites_par_d_beside_its_paragraph(answer):
    short = " ".join(answer.argument.short.split())
    assert answer.answer == "true"
    # each person's total, the counts cited with par. (d) beside each paragraph, what each counts for
    # said once (trainer review 13, G7)
    assert ("Kim Hale: two convictions count (s. 350.101(1)(b), (d); s. 350.101(1)(a), (d)): one for bar_ride under "
            "par. (b) alone; one for lake_crash under par. (a) alone; each for sentencing and for counting "
            "convictions under s. 350.11(3)(a)2 and 3 (not in the excerpt).") in short
    assert "merged" not in short          # nothing merges: the (b) charge for the crash ended in acquittal
    # a par. (c) conviction is not one par. (d) counts: said as none for Lee Hale, never 'No: ... does not show' (review 14, G2)
    assert "None for Lee Hale: no conviction under par. (a) or (b) counts" in short


def test_par_d_is_argued_and_quoted_and_the_verdict_reads_plainly(answer):
    text = " ".join(answer.argument_text().split())
    assert "If the person is found guilty of both pars. (a) and (b) for acts arising out of the same incident" in text
    # par. (d) is a merger rule, not an exception (trainer review 13, G8)
    assert ("Single-conviction rule, s. 350.101(1)(d): Kim Hale has a single conviction under pars. (a) and (b) for bar_ride — the "
            "single-conviction rule does not apply") in text
    assert "Kim Hale was found guilty on crash_b — not met (case file line 9)" in text   # named (box17b)
    assert "does not hold" not in text and "— holds" not in text
    assert "the paragraph of s. 350.101(1) under which bar_b is brought is par. (b), not par. (a)" in text
    for old in ("person charged in", "second par. (b) charge", "are the related charges"):
        assert old not in text


def test_the_operation_form_says_par_d_counting_words():
    a = ask(str(ROOT / "facts" / "ch350_owner_lends_three_times.yaml"), "related_charges")
    text = " ".join(a.argument.short.split())
    assert ("if found guilty of both, there shall be a single conviction for purposes of sentencing and for purposes "
            "of counting convictions under s. 350.11(3)(a)2 and 3 (not in the excerpt)") in text


def _handout(case: Path, query: str, to: str = "md") -> str:
    from reasoner.answer.question import Question
    from reasoner.apps.export import handout_answer
    from reasoner.law.queries import check_atom, resolve
    from reasoner.render.handout import build_handout
    from reasoner.render.html import render_html
    from reasoner.render.markdown import render_markdown
    rb = default_rulebase()
    atom, saved = resolve(query)
    q = Question.about(rb, load_case(case, rb.checked), check_atom(atom, rb.checked), saved)
    q, answer = handout_answer(q, q.answer())
    h = build_handout(answer, None, program=rb.program)
    from reasoner.apps.related import note_in_table, related_answers
    h.related = related_answers(q, answer)
    note_in_table(h)   # as the export does (results15)
    return render_markdown(h) if to == "md" else render_html(h)


def test_the_par_c_conviction_is_accounted_for_beside_the_count():
    md = _handout(CASE, "conviction_count")
    assert ("- Under s. 350.101(1)(d): Lee Hale was found guilty under s. 350.101(1)(c) for acts arising out "
            "of the ride back: that conviction counts on its own, as par. (d) makes a single "
            "conviction only of findings under both pars. (a) and (b).") in md
    assert "| Kim Hale | the bar ride, par. (b) alone; the lake crash, par. (a) alone |" in md
    # the row never hides the par. (c) conviction behind 'no conviction ... counts' (results15)
    assert ("| Lee Hale | no conviction under par. (a) or (b) counts (checked under s. 350.101); but Lee Hale was "
            "found guilty under s. 350.101(1)(c) for acts arising out of the ride back: that conviction counts on "
            "its own, as par. (d) makes a single conviction only of findings under both pars. (a) and (b) "
            "(s. 350.101(1)(d)) |") in md
    assert ("- Under s. 350.101(1)(d): The offenses charged in the lake crash par. (a) charge and the lake crash "
            "par. (b) charge shall be joined.") in md
    assert "None: the facts stated" not in md.split("## Also decided", 1)[1].split("##", 1)[0]


def test_the_joinder_question_is_not_repeated_under_its_title():
    html = _handout(ROOT / "facts" / "ch350_charges_same_incident.yaml", "joinder", to="html")
    assert '<p class="question as-title"><strong>Question.</strong> Which charges under s. 350.101(1)(a)' in html
    assert "are the related charges" not in html
    assert "the paragraph of s. 350.101(1) under which count 1 is brought is par. (a)" in html
