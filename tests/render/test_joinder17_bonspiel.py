"""Trainer review 16, 10 (joinder17): a related-charges handout of four riders (both pars. (a) and
(b); open on the unmeasured concentration; par. (b) alone; par. (c)). Each row says what par. (d)
makes of it in the law's words: the yes row beside the operator, a no row 'not joined' with the
violation its operator did commit (argued under it, its deciding facts in the facts box), the open
row each way its open condition goes; par. (d)'s consequence is said once in the Answer."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.engine.rulebase import default_rulebase
from reasoner.render.handout import build_handout
from reasoner.render.markdown import render_markdown

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "tests" / "fixtures" / "joinder17_checkpoint_four.yaml"
GLOSS = "if charged with violating both, the offenses shall be joined"


@lru_cache(maxsize=1)
def _handout():
    rb = default_rulebase()
    answer = ask(str(CASE), "related_charges")   # as `reasoner export` asks it: with its `otherwise:` rows
    return answer, render_markdown(build_handout(answer, None, program=rb.program), svg=None)


def _row(md: str, name: str) -> str:
    m = re.search(rf"^\| {re.escape(name)} \| (.*) \|$", md, re.M)
    assert m, name
    return m.group(1)


def _section(md: str, name: str) -> str:
    start = md.index(f"*{name}: ")
    end = re.compile(r"\n(?:\*[^*\n]*'s ride: |## )").search(md, start + 1)
    return md[start:end.start() if end else None]


def test_the_answer_is_yes_with_one_rider_of_both():
    answer, _ = _handout()
    assert answer.answer == "true"
    got = {r["entity"]: r["answer"] for r in answer.each}
    assert got == {"pike_ride": "true", "moss_ride": "undetermined", "lund_ride": "false", "reyes_ride": "false"}


def test_yes_row_says_what_par_d_makes_of_it_beside_the_operator():
    _, md = _handout()
    assert _row(md, "Ada Pike's ride") == ("Ada Pike violated both pars. (a) and (b), so the charges are joined and "
                                           "findings of guilt on both make a single conviction")


def test_no_rows_say_not_joined_and_the_violation_committed():
    _, md = _handout()
    assert _row(md, "Cal Lund's ride") == "not joined: violated s. 350.101(1)(b)"
    assert _row(md, "Dee Reyes's ride") == "not joined: violated s. 350.101(1)(c)"
    assert "not shown on the facts stated" not in md
    assert "under s. 350.101(1)(b)" not in md     # never 's. 350.101(1)(b) under s. 350.101(1)(b)'


def test_no_rows_are_argued_with_their_deciding_facts():
    _, md = _handout()
    lund = _section(md, "Cal Lund's ride")
    assert "### s. 350.101(1)(b)" in lund and "0.12, which is at least 0.1 — **met**" in lund
    assert "350.101(1)(c)" not in lund and "350.101(1)(a)" not in lund
    assert "Cal Lund (the operator) violated s. 350.101(1)(b) in Cal Lund's ride." in lund
    assert lund.count("The penalty for the violation is in s. 350.11") == 1
    reyes = _section(md, "Dee Reyes's ride")
    assert "### s. 350.101(1)(c)" in reyes and "17 years, which is less than 19 years — **met**" in reyes
    assert "Dee Reyes (the operator) violated s. 350.101(1)(c) in Dee Reyes's ride." in reyes
    box = md[md.index("**The facts the argument uses.**"):md.index("## The argument")]
    assert "Cal Lund's ride: the alcohol concentration of the operator is 0.12" in box
    assert "the alcohol concentration of the operator is 0.06; the age of Dee Reyes is 17 years" in box
    assert "manufactured" not in box               # the sleds' dates decide nothing here


def test_open_row_gives_both_ways_and_the_violation_found_in_any_case():
    _, md = _handout()
    moss = _row(md, "Ben Moss's ride")
    assert moss.startswith("open: if the operator of Ben Moss's ride had an alcohol concentration of 0.1 or more: "
                           "violated both pars. (a) and (b), so the charges are joined")
    assert ("if the operator of Ben Moss's ride did not have an alcohol concentration of 0.1 or more, or if that is "
            "never shown: not joined, violated s. 350.101(1)(a) alone") in moss
    assert moss.endswith("the case does not state the alcohol concentration of the operator during Ben Moss's ride")


def test_par_d_consequence_is_said_once_in_the_answer():
    _, md = _handout()
    said = md[md.index("**Answer.**"):md.index("**The facts the argument uses.**")]
    assert said.count(GLOSS) == 1
    assert "Ada Pike violated both s. 350.101(1)(a) and (b) in Ada Pike's ride: " + GLOSS in said
    assert "No: the facts stated do not show" not in said
    assert ("For Cal Lund's ride and Dee Reyes's ride, not joined: par. (d) joins charges, and makes a single "
            "conviction of findings of guilt, only under both pars. (a) and (b)") in said


def test_one_rider_of_par_b_alone_no_without_the_joinder_sentence():
    # 'No: ... do not show that any person violated both ...' never goes on 'if charged with violating
    # both, the offenses shall be joined' (trainer review 16, 10): the rider's own violation is said
    answer = ask(str(ROOT / "tests" / "fixtures" / "joinder17_one_rider_par_b.yaml"), "related_charges")
    md = render_markdown(build_handout(answer, None, program=default_rulebase().program), svg=None)
    said = md[md.index("**Answer.**"):md.index("**The facts the argument uses.**")]
    assert answer.answer == "false"
    assert GLOSS not in said
    assert said.startswith("**Answer.** No: the facts stated do not show that any person violated both s. "
                           "350.101(1)(a) and (b) in any operation (checked under s. 350.101). Not joined: ")
    assert "Cal Lund (the operator) violated s. 350.101(1)(b)." in said
    assert "350.101(1)(c)" not in said
