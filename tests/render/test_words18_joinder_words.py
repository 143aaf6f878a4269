"""Trainer review 16, 01 and 10 (words18): what a related-charges handout and a conviction-count
what-if still said wrong after joinder17.

- 10: the Answer joined the subjects and the law's lead with two colons ('The second's ride and the
  vice's ride: not joined: par. (d) ...'); the yes row's cell ('the skip: violated both ...') made
  the party's heading a label on a label ('The skip's ride: the skip: violated ...:'); the rider
  left open on a refused breath test was argued by his open par. (b) line alone, never saying that
  par. (a) is met on his own ride's facts; the note that the penalty is in s. 350.11 (not in the
  excerpt) was printed under the par. (b) rider and again under the par. (c) rider.
- 01: the what-if whose change leaves the answer turning on the same one verdict read 'undetermined,
  on facts the case does not state'; it names that verdict.

Fixtures (own parties and numbers): words18_refusal_checkpoint.yaml (both pars.; a refusal; exactly
0.10 and steady: par. (b) alone; 16 years old at 0.02: par. (c)); words18_one_verdict_open.yaml (a
par. (b) count found guilty, a par. (a) count of the same ride whose verdict is not stated).
"""
from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.engine.rulebase import default_rulebase
from reasoner.render.handout import build_handout
from reasoner.render.markdown import render_markdown

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
from asking import whatif_of  # noqa: E402

CHECKPOINT = ROOT / "tests" / "fixtures" / "words18_refusal_checkpoint.yaml"
COUNTS = ROOT / "tests" / "fixtures" / "words18_one_verdict_open.yaml"
PENALTY = "The penalty for the violation is in s. 350.11, which is not in the excerpt."


@lru_cache(maxsize=1)
def _checkpoint():
    answer = ask(str(CHECKPOINT), "related_charges")
    return answer, render_markdown(build_handout(answer, None, program=default_rulebase().program), svg=None)


def _row(md: str, name: str) -> str:
    m = re.search(rf"^\| {re.escape(name)} \| (.*) \|$", md, re.M)
    assert m, name
    return m.group(1)


def _section(md: str, name: str) -> str:
    start = md.index(f"*{name}: ")
    end = re.compile(r"\n(?:\*[^*\n]*'s ride: |## )").search(md, start + 1)
    return md[start:end.start() if end else None]


def test_verdicts_of_the_four_rides():
    answer, _ = _checkpoint()
    assert answer.answer == "true"
    assert {r["entity"]: r["answer"] for r in answer.each} == {
        "quist_ride": "true", "brandt_ride": "undetermined", "solberg_ride": "false", "aalto_ride": "false"}


def test_answer_joins_the_subjects_and_the_lead_with_one_colon():
    _, md = _checkpoint()
    said = md[md.index("**Answer.**"):md.index("**The facts the argument uses.**")]
    assert ("For Pia Solberg's ride and Finn Aalto's ride, not joined: par. (d) joins charges, and makes a single "
            "conviction of findings of guilt, only under both pars. (a) and (b); the violation found below is "
            "charged on its own.") in said
    assert "ride: not joined:" not in said and "ride and Finn Aalto's ride: not" not in said
    # the joinder consequence is said of the rider of both only, once
    assert said.count("if charged with violating both, the offenses shall be joined") == 1
    assert "Rhea Quist violated both s. 350.101(1)(a) and (b) in Rhea Quist's ride: if charged" in said
    assert "Otto Brandt violated both" not in said and "Pia Solberg violated both" not in said


def test_yes_row_and_its_heading_are_one_sentence():
    _, md = _checkpoint()
    assert _row(md, "Rhea Quist's ride") == ("Rhea Quist violated both pars. (a) and (b), so the charges are joined "
                                             "and findings of guilt on both make a single conviction")
    assert ("*Rhea Quist's ride: Rhea Quist violated both pars. (a) and (b), so the charges are joined and "
            "findings of guilt on both make a single conviction:*") in md
    assert "Rhea Quist: violated" not in md
    assert _row(md, "Pia Solberg's ride") == "not joined: violated s. 350.101(1)(b)"
    assert _row(md, "Finn Aalto's ride") == "not joined: violated s. 350.101(1)(c)"


def test_the_refusing_rider_is_argued_with_par_a_met_on_his_own_facts():
    _, md = _checkpoint()
    brandt = _section(md, "Otto Brandt's ride")
    assert "### s. 350.101(1)(d)" in brandt
    assert "1. Otto Brandt (the operator) violated s. 350.101(1)(a) in Otto Brandt's ride — **met**" in brandt
    assert ("the operator of Otto Brandt's ride was under the influence of an intoxicant — **met** (case file line "
            "57)") in brandt
    assert ("the intoxicant rendered the operator of Otto Brandt's ride incapable of safe snowmobile operation — "
            "**met** (case file line 58)") in brandt
    assert ("2. it is undetermined whether Otto Brandt (the operator) violated s. 350.101(1)(b) in Otto Brandt's "
            "ride — **open**") in brandt
    assert ("the alcohol concentration of the operator during Otto Brandt's ride is at least 0.1 — **not stated** "
            "(the answer turns on it)") in brandt
    assert "350.101(1)(c)" not in brandt and "Rhea Quist's ride is" not in brandt
    row = _row(md, "Otto Brandt's ride")
    assert row.startswith("open: if the operator of Otto Brandt's ride had an alcohol concentration of 0.1 or more")
    assert "not joined, violated s. 350.101(1)(a) alone" in row


def test_the_penalty_note_is_said_once():
    _, md = _checkpoint()
    assert md.count(PENALTY) == 1
    solberg = _section(md, "Pia Solberg's ride")
    assert PENALTY in solberg          # under the first violation found whose penalty the excerpt lacks
    assert "### s. 350.101(1)(b)" in solberg and "0.1, which is at least 0.1 — **met**" in solberg
    aalto = _section(md, "Finn Aalto's ride")
    assert PENALTY not in aalto
    assert "### s. 350.101(1)(c)" in aalto and "16 years, which is less than 19 years — **met**" in aalto
    assert "Finn Aalto (the operator) violated s. 350.101(1)(c) in Finn Aalto's ride." in aalto


@lru_cache(maxsize=1)
def _counts():
    return whatif_of(COUNTS, "conviction_count", 6)


def test_count_answer_branches_on_the_open_verdict():
    _, base, _ = _counts()
    assert base.missing == ["whether Nora Lindqvist was found guilty on the second count"]
    from reasoner.prose.answers import answer_line
    line = answer_line(base)
    assert ("if so, Nora Lindqvist has one conviction for the March 9 ride under both pars. (a) and (b), for "
            "sentencing and for counting convictions under s. 350.11(3)(a)2 and 3 (not in the excerpt) "
            "(s. 350.101(1)(d))") in line
    assert "if not, Nora Lindqvist has one conviction for the March 9 ride under par. (b) alone" in line
    assert "350.101(1)(c)" not in line


def test_whatif_names_the_verdict_it_still_turns_on():
    _, _, found = _counts()
    lines = [o.handout_sentence for o in found.outcomes]
    assert ("If Nora Lindqvist had not been found guilty on the first count (the case states that Nora Lindqvist "
            "was found guilty on the first count), the answer would then be undetermined, still turning on "
            "whether Nora Lindqvist was found guilty on the second count.") in lines
    assert not any("on facts the case does not state" in x for x in lines)
