"""ask, the CLI and batch (both of its paths) take their decisions from the same functions
(answer/answering.py precheck, verdict, left_open): changing one changes every way of asking."""
from __future__ import annotations

from pathlib import Path

import pytest

import reasoner
from reasoner.answer import answering
from reasoner.answer.question import Question

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "facts" / "ch350_night_direction_unlawful.yaml"


def test_a_question_not_applying_is_decided_in_one_place_for_ask_and_batch(monkeypatch, tmp_path):
    (tmp_path / CASE.name).write_bytes(CASE.read_bytes())
    assert reasoner.ask(str(CASE), "lawful").answer == "false"
    monkeypatch.setattr(answering, "precheck", lambda rb, loaded, atom, saved: "the test says it does not apply")
    assert reasoner.ask(str(CASE), "lawful").not_applicable == "the test says it does not apply"
    for verdicts_only in (False, True):
        rows = reasoner.batch(str(tmp_path), "lawful", verdicts_only=verdicts_only, jobs=1)
        assert [r["answer"] for r in rows] == ["not_applicable"]
        assert rows[0]["not_applicable"] == "the test says it does not apply"


@pytest.mark.parametrize("verdicts_only", [False, True])
def test_batch_and_ask_read_the_verdict_from_the_same_function(monkeypatch, tmp_path, verdicts_only):
    (tmp_path / CASE.name).write_bytes(CASE.read_bytes())
    real, calls = answering.verdict, []

    def spy(atom, certain, possible):
        calls.append(str(atom))
        return real(atom, certain, possible)
    monkeypatch.setattr(answering, "verdict", spy)
    asked = reasoner.ask(str(CASE), "lawful")
    assert calls, "ask did not decide with answering.verdict"
    calls.clear()
    rows = reasoner.batch(str(tmp_path), "lawful", verdicts_only=verdicts_only, jobs=1)
    assert calls, "batch did not decide with answering.verdict"
    assert rows[0]["answer"] == asked.answer


def test_a_question_loads_its_case_once_and_answers_as_ask_does():
    q = Question.of(str(CASE), "lawful")
    first, again = q.answer(), q.answer()
    assert first.answer == again.answer == reasoner.ask(str(CASE), "lawful").answer == "false"
    assert q.to_dict()["answer"] == "false"
    assert q.argument() is not None
