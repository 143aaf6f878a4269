"""Review 12, case 2: unnamed charges that no paragraph alone tells apart are named by the person
charged and the paragraph, counted only among the charges alike (facts/case.py ROLE_BY_OWNER).

tests/fixtures/otherwise16_charges_two_people.yaml: the uncle's (a) and two (b) charges, the nephew's
(c) and (a) charges, in that order. Before, the one par. (c) charge was named by its paragraph and the
other four counted around it, so the nephew's par. (a) charge (the 5th in the file) was 'the fourth
charge'; now 'the nephew's par. (a) charge'.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.answer.question import Question
from reasoner.apps.export import handout_answer
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case, role_names
from reasoner.law.queries import check_atom, resolve
from reasoner.render.handout import build_handout
from reasoner.render.markdown import render_markdown

ROOT = Path(__file__).resolve().parent.parent.parent
CASE = ROOT / "tests" / "fixtures" / "otherwise16_charges_two_people.yaml"
# review 12, 10 (joinder17): charges that arise out of named incidents are named by them, the
# paragraph said only where an incident has several charges
CHARGES = {"crash_par_a": "the snowbank crash par. (a) charge", "crash_par_b": "the snowbank crash par. (b) charge",
           "tavern_par_b": "the tavern ride charge", "home_par_c": "the ride home par. (c) charge",
           "home_par_a": "the ride home par. (a) charge"}


def test_two_peoples_charges_by_person_and_paragraph():
    rb = default_rulebase()
    case = load_case(CASE, rb.checked)
    assert {e: r for e, r in case.roles.items() if case.entities[e] == "charge"} == CHARGES
    assert case.roles["uncle"] == "the uncle" and case.roles["nephew"] == "the nephew"


def test_one_persons_charges_counted_only_among_those_alike():
    kinds = {"p": "person", "c1": "charge", "c2": "charge", "c3": "charge"}
    attrs = {"p": {"age": "40"}, "c1": {"charged_person": "p", "charge_paragraph": "b"},
             "c2": {"charged_person": "p", "charge_paragraph": "a"},
             "c3": {"charged_person": "p", "charge_paragraph": "b"}}
    got = role_names(kinds, {}, attrs)
    assert {e: got[e] for e in ("c1", "c2", "c3")} == {
        "c1": "the first par. (b) charge", "c2": "the par. (a) charge", "c3": "the second par. (b) charge"}


def test_paragraph_alone_and_unknown_paragraph_as_before():
    kinds = {"p": "person", "q": "person", "c1": "charge", "c2": "charge"}
    attrs = {"p": {"age": "40"}, "q": {"age": "17"}, "c1": {"charged_person": "p", "charge_paragraph": "a"},
             "c2": {"charged_person": "q", "charge_paragraph": "b"}}
    got = role_names(kinds, {}, attrs)
    assert (got["c1"], got["c2"]) == ("the par. (a) charge", "the par. (b) charge")   # the paragraph tells them apart
    attrs["c2"]["charge_paragraph"] = "unknown"
    attrs["c1"]["charge_paragraph"] = "unknown"
    got = role_names(kinds, {}, attrs)
    assert (got["c1"], got["c2"]) == ("the first charge", "the second charge")   # nothing to tell them apart by
    named = role_names({**kinds}, {"p": "Dale Peters", "q": "Erin Moss"},
                       {**attrs, "c1": {"charged_person": "p", "charge_paragraph": "a"},
                        "c2": {"charged_person": "q", "charge_paragraph": "a"}})
    assert (named["c1"], named["c2"]) == ("Dale Peters's par. (a) charge", "Erin Moss's par. (a) charge")


@pytest.fixture(scope="module")
def handout() -> str:
    rb = default_rulebase()
    atom, saved = resolve("conviction_count")
    case = load_case(CASE, rb.checked)
    q = Question.about(rb, case, check_atom(atom, rb.checked), saved)
    q, answer = handout_answer(q, q.answer())
    return render_markdown(build_handout(answer, None, program=rb.program))


def test_handout_names_the_nephews_par_a_charge(handout):
    md = handout
    assert ("| the nephew | open: the ride home, par. (a) alone; the case does not state whether the nephew "
            "was found guilty on the ride home par. (a) charge |") in md
    assert "the uncle was found guilty on the snowbank crash par. (b) charge — **not met**" in md
    assert "the paragraph of s. 350.101(1) under which the tavern ride charge is brought is par. (b) — **met** (case file line" in md
    # the verdicts and provisions as before: the uncle's two counted convictions, the nephew's open one
    assert "| the uncle | the snowbank crash, par. (a) alone; the tavern ride, par. (b) alone |" in md
    assert "### s. 350.101(1)(a)" in md and "### s. 350.101(1)(b)" in md
    for counted in ("first", "second", "third", "fourth", "fifth"):
        assert f"the {counted} charge" not in md
    assert "the par. (c) charge" not in md
