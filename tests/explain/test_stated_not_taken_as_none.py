"""A fact the one entity of its kind states otherwise is stated, never 'the case's facts list no such
vehicle (taken as none)' (trainer review 7, 06: the pulpwood truck's case states directed_to_stop:
false and violated_348_17_2: false)."""
from pathlib import Path

import reasoner
from reasoner.explain.argument import build_argument

CASE = Path(__file__).resolve().parents[2] / "facts/ch348_pulpwood_distant_scale.yaml"


def test_the_stated_no_is_stated():
    answer = reasoner.ask(str(CASE), "duty_forfeiture")
    assert answer.answer == "false"
    facts = dict(build_argument(answer).facts)
    said = {f: how for f, how in facts.items() if "to stop and submit" in f or "348.17(2)" in f}
    # each the case file's own line (directed_to_stop: false, violated_348_17_2: false), not none listed
    assert sorted(v.rsplit("/", 1)[-1] for v in said.values()) == ["ch348_pulpwood_distant_scale.yaml:15",
                                     "ch348_pulpwood_distant_scale.yaml:18"], said
    text = answer.argument_text()
    assert "the case's facts list no such vehicle" not in text
