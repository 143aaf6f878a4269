"""Trainer review 11, G8 and G2 (reconciled with review 5's short box): a several-party facts box says
each party's own stated facts in ONE short line (its name once, the deciding facts, not who-is-who
links); a lawful party's argument names the other provisions checked whose elements the stated facts
engage, each with its fact ('Also checked, none violated: ...'), at most six then counted; a standing
section's one line says which requirements were checked, each on its fact."""
from functools import lru_cache
from pathlib import Path

from reasoner.answer.answering import answer_case
from reasoner.answer.question import Question
from reasoner.apps.export import handout_answer
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, resolve
from reasoner.prose.argument import none_violated_line, party_fact_short, party_facts_line, requirements_met_line
from reasoner.render.handout import build_handout
from reasoner.render.markdown import render_markdown

ROOT = Path(__file__).resolve().parents[2]
CATTLE = ROOT / "facts/ch350_cattle_drive.yaml"
RIG = ROOT / "tests/fixtures/unnamed_leased_rig.yaml"


@lru_cache(maxsize=None)
def _md(path: str, query: str) -> str:
    rb = default_rulebase()
    atom, saved = resolve(query)
    case = load_case(Path(path), rb.checked)
    answer = answer_case(rb, case, check_atom(atom, rb.checked), saved)
    _, answer = handout_answer(Question.about(rb, case, check_atom(atom, rb.checked), saved), answer)
    return render_markdown(build_handout(answer, None, program=rb.program))


def _box(md: str) -> list[str]:
    start = md.index("**The facts the argument uses.**")
    return [ln for ln in md[start:md.index("## The argument")].splitlines() if ln.startswith("- ")]


def test_a_party_fact_is_said_without_its_name_under_it():
    assert party_fact_short("the clock time of the ride out is 21:30", "the ride out") == "the clock time is 21:30"
    assert party_fact_short("the ride out took place at night", "the ride out") == "it took place at night"
    assert party_fact_short("the owner consented to the cabin ride", "the cabin ride") == "the owner consented"
    # a name that stays (another entity's) is left as it is
    assert party_fact_short("the age of the late rider is 27 years", "the cabin ride") == \
        "the age of the late rider is 27 years"
    line = party_facts_line("the ride out", [f"fact {i} of the ride out" for i in range(8)])
    assert line == "the ride out: " + "; ".join(f"fact {i}" for i in range(6)) + "; and 2 more stated facts, each given where the argument below uses it"


def test_the_several_party_box_says_each_partys_facts_in_one_line_before_the_shared():
    box = _box(_md(str(RIG), "forfeiture"))
    first = [ln for ln in box if ln.startswith("- the first vehicle: ")]
    second = [ln for ln in box if ln.startswith("- the second vehicle: ")]
    assert len(first) == 1 and len(second) == 1
    # the owner's tie said in the vehicle's line (box17b), not a line of its own
    assert first[0].endswith("is 84,000 lb; the case names the owner (leasing business) — *stated* (case file lines 6 and 9)")
    assert second[0] == "- the second vehicle: the weight found is 70,000 lb — *stated* (case file line 19)"
    shared = next(i for i, ln in enumerate(box) if "; the same for the second vehicle" in ln)
    assert box.index(first[0]) < box.index(second[0]) < shared
    # no who-is-who line the table already says: the driver's link is not listed on its own
    assert not any(ln.startswith("- the driver of") for ln in box)


def test_a_single_lawful_party_names_the_other_checks_with_their_facts():
    md = _md(str(CATTLE), "lawful")
    line = next(ln for ln in md.splitlines() if ln.startswith("Also checked, none violated: "))
    assert md.index("### s. 350.07") < md.index(line)
    # its own values first, said without the ride's name (the argument is about it), each with its line
    assert line.startswith("Also checked, none violated: the clock time is 14:00, before the 22:30 named in "
                           "s. 350.10(1)(g); the alcohol concentration of the operator is 0, less than the 0.1 "
                           "named in s. 350.101(1)(b); ")
    # the rest named by provision, never counted (trainer review 12, G9: 'and 3 more')
    assert line.count("; ") == 6 and line.endswith("; and ss. 350.09(3), 350.09(8m) and 350.101(1)(c): none "
                                                   "violated on the stated facts.")
    # a check that fails only on a fact stated absent engages nothing: not listed
    assert "Indian lands" not in line and "s. 350.10(1)(m)" not in line


def test_the_lines_are_bounded_and_say_each_fact_with_its_provision():
    items = [(f"fact {i}", "350.09(1)") for i in range(9)]
    assert none_violated_line(items) == ("Also checked, none violated: "
                                         + "; ".join(f"fact {i} (s. 350.09(1))" for i in range(6))
                                         + "; and s. 350.09(1): none violated on the stated facts.")
    said = "the width of the sled is 46 inches, at most the 48 inches named in s. 350.09(8m)"
    assert none_violated_line([(said, "350.09(8m)")]) == f"Also checked, none violated: {said}."
    assert none_violated_line([]) == "" and requirements_met_line([]) == ""
    assert requirements_met_line([("the snowmobile in the cabin ride displayed a lighted head lamp", "350.09(1)")],
                                 ["the cabin ride"]) == \
        "Requirements checked, each met: the snowmobile displayed a lighted head lamp (s. 350.09(1))."
