"""The trainee view folds consecutive steps that say the same thing about the same provision into
one step resting on everything they rested on."""
import re
from pathlib import Path

from reasoner.answer.answering import answer_case
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, resolve
from reasoner.render.handout import Step, build_handout, fold_repeats
from reasoner.render.markdown import render_markdown
from reasoner.engine.rulebase import default_rulebase

ROOT = Path(__file__).resolve().parents[2]
GENERIC = "It does not apply, for the reasons in the steps it rests on."


def rule_step(n, text, premises, provision="348.21(3r)"):
    return Step(n, "rule", "false", f"s. {provision} does not apply", text, premises, provision=provision)


def test_repeats_fold_into_one_step_listing_all_premises():
    steps = [Step(1, "fact", "false", "Fact", "a.", []), Step(2, "fact", "false", "Fact", "b.", []),
             rule_step(3, "It does not apply because a.", [1]), rule_step(4, "It does not apply because a.", [2]),
             rule_step(5, GENERIC, [4]),
             Step(6, "atom", "false", "Intermediate conclusion", "c.", [3, 4, 5])]
    out = fold_repeats(steps)
    assert [s.number for s in out] == [1, 2, 3, 4]
    folded = out[2]
    assert folded.premises == [1, 2]     # what the three rested on, less each other
    assert folded.text == "It does not apply because a. (Three rules of this provision say so, each on the steps it rests on.)"
    assert out[3].premises == [3]        # later steps point at the folded step


def test_other_provisions_and_verdicts_are_not_folded():
    steps = [rule_step(1, GENERIC, []), rule_step(2, GENERIC, [], provision="348.21(3)"),
             Step(3, "rule", "true", "s. 348.21(3) applies", "Every condition it sets holds.", [], provision="348.21(3)")]
    assert [s.number for s in fold_repeats(steps)] == [1, 2, 3]


def test_no_trainee_handout_repeats_a_provision_verdict_on_consecutive_steps():
    rb = default_rulebase()
    atom, saved = resolve("forfeiture")
    case = load_case(ROOT / "facts/ch348_cattle_near_home.yaml", rb.checked)
    answer = answer_case(rb, case, check_atom(atom, rb.checked), saved)
    md = render_markdown(build_handout(answer, None, program=rb.checked.program), svg=None)
    # the trainee view argues: 'For the first conviction' (s. 348.21(3)(b)1) is an element met, said
    # once -- not an exception 'is a 2nd or subsequent conviction ... does not apply'
    assert md.count("is a first conviction within the 12-month period — **met**") == 1
    assert "Exception, s. 348.21(4)" not in md and "is a 2nd or subsequent conviction" not in md
    assert "Every condition it sets holds" not in md
    full = render_markdown(build_handout(answer, None, view="full"), svg=None)
    assert len(re.findall(r"\*\*s\. 348\.21\((4|3r)\) does not apply\*\*", full)) > 1   # the full view keeps them
