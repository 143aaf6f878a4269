"""The interview in words: every question is the fact's sentence with the entities' names, asked
verb first; the presumption step is a checklist of the exceptions, each with its citation and the
statute's words; `back` and `review` keep the answers. No rule syntax anywhere in what is asked."""
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

FACTS = Path(__file__).resolve().parents[2] / "facts"
ATOM = re.compile(r"\b[a-z_][a-z0-9_]*\((?:[A-Za-z0-9_]+(?:, ?)?)+\)")   # head_lamp_barrier(op1)
SNAKE = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b")                      # travelled_with_traffic
NEGATED = re.compile(r"(?m)(^|\d\. )not \w")                              # '1. not public_utility_function'


def rule_syntax(text: str) -> list:
    return ATOM.findall(text) + SNAKE.findall(text) + NEGATED.findall(text)


def interview(case, query, answers):
    return CliRunner().invoke(main, ["interview", str(case), query], input=answers)


@pytest.mark.parametrize("case, query, names, exceptions", [
    ("ch350_report_night_direction", "lawful", ["The ride was carried out to fulfil"], ["(s. 350.045)"]),
    ("ch348_report_axle_overweight", "forfeiture",
     ["The truck is a vehicle combination transporting raw forest products", "The excess load of the truck"],
     ["(s. 348.21(3g))", "(s. 348.21(2)(b))", "(s. 348.21(3t)(b))"]),
])
def test_a_report_s_interview_asks_in_words_with_the_names(case, query, names, exceptions):
    r = interview(FACTS / f"{case}.yaml", query, "n\n")
    assert r.exit_code == 0, r.output
    asked = r.stderr
    assert rule_syntax(asked) == []
    for said in names + exceptions:
        assert said in asked
    assert "op1" not in asked and "truck)" not in asked
    assert "Was any of them raised? [n, or the numbers, e.g. 1,3]" in asked
    # each exception numbered, with the statute's words quoted under it
    assert len(re.findall(r"(?m)^  \d\. ", asked)) == len(exceptions)
    assert len(re.findall(r'(?m)^     s\. [\d.()a-z]+: "', asked)) == len(exceptions)


def test_an_element_is_asked_verb_first_with_the_names():
    r = interview(FACTS / "ch350_night_direction_undetermined.yaml", "lawful", "")
    assert r.stderr.startswith("Q1. Did the ride travel in the direction of vehicular traffic in the nearest lane? "
                               "[y/n/unknown]: ")
    assert rule_syntax(r.stderr) == []


@pytest.mark.parametrize("sentence, question", [
    ("the snowmobile trail used in the ride is separated from the roadway by a head lamp barrier",
     "Is the snowmobile trail used in the ride separated from the roadway by a head lamp barrier?"),
    ("the highway along which the ride took place is a freeway", "Is the highway along which the ride took place a freeway?"),
    ("the operator of the truck failed or refused, after the weighing, to reload",
     "Did the operator of the truck fail or refuse, after the weighing, to reload?"),
    ("Dana satisfactorily completed the department's snowmobile safety program",
     "Did Dana satisfactorily complete the department's snowmobile safety program?"),
    ("enough of the load of the truck has been reloaded", "Has enough of the load of the truck been reloaded?"),
    ("Took Is Person travelled with traffic", "Did Took Is Person travel with traffic?"),   # a name is never the verb
    ("a person suffered an injury", "Is it so that a person suffered an injury?"),    # no verb found: as it stands
])
def test_a_statement_becomes_its_question(sentence, question):
    from reasoner.prose.questions import question_text
    assert question_text(sentence, "boolean", names=("Took Is Person",)) == question


def test_back_asks_again_with_the_answer_kept_and_review_lists_the_answers(tmp_path):
    fixtures = FACTS.parent / "tests/fixtures/cli"
    # unknown to the approval; review; back (from the distance); Enter keeps the unknown; review; 45
    r = CliRunner().invoke(main, ["interview", "--rules", str(fixtures / "trail.dl"), str(fixtures / "night_unknown.yaml"),
                                  "lawful(op1)"], input="unknown\nreview\nback\n\nreview\n45\n")
    assert r.exit_code == 0, r.output
    err = r.stderr
    approval = "Is the use of the snowmobile trail approved by the department of transportation?"   # one ride
    assert "back to the last question; your answer was 'unknown' (press Enter to keep it)" in err
    assert err.count(f"   1. {approval} -- unknown") == 2
    assert f"Q1. {approval} [y/n/unknown] [unknown]: " in err     # the answer taken back is the default
    assert "Asked 2 question(s), 1 answered." in r.stdout
    assert rule_syntax(err) == []
