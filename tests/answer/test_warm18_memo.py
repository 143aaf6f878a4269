"""A new Question about a case parsed already is answered from what the law kept (AnswerMemo), only
while the case is as it was; and the saved queries read with libyaml give what safe_load gives.

No timing here: bench/warm.py measures; these hold what the memo may and may not return."""
from __future__ import annotations

import pickle
from pathlib import Path

import pytest
import yaml

import reasoner
from reasoner.answer.answering import AnswerMemo
from reasoner.answer.question import Question
from reasoner.core.errors import QueryError
from reasoner.law import queries

ROOT = Path(__file__).resolve().parents[2]
LAWFUL = str(ROOT / "facts/ch350_night_direction_lawful.yaml")
UNLAWFUL = str(ROOT / "facts/ch350_night_direction_unlawful.yaml")


@pytest.fixture(scope="module")
def law():
    return reasoner.load_law()


def _fresh(law, case):
    """The answer worked out with nothing kept: the law's memo emptied first."""
    law._engines.pop("answers", None)
    return Question.of(case, "lawful", law).answer()


def test_a_new_question_about_the_parsed_case_is_the_kept_answer(law):
    first = Question.of(LAWFUL, "lawful", law)
    answer = first.answer()
    again = Question.of(first.case, "lawful", law).answer()
    assert again is answer
    assert answer.answer == "true" and answer.bindings == [{"O": "op1", "answer": "true"}]
    text = again.argument_text()
    assert "Answer: The ride violated no provision of the ch. 350 excerpt" in text
    assert "s. 350.02(2)(b)4" in text and "Unlawful" not in text
    # the same words as an answer worked out with nothing kept
    assert _fresh(law, first.case).argument_text() == text


def test_the_same_file_parsed_again_is_answered_anew(law):
    first = Question.of(LAWFUL, "lawful", law)
    answer = first.answer()
    other = Question.of(LAWFUL, "lawful", law)   # another parse: another case object
    assert other.case is not first.case
    assert other.answer() is not answer
    assert other.answer().argument_text() == answer.argument_text()


@pytest.mark.parametrize("how", ["fields assigned", "list changed in place"])
def test_a_case_changed_in_place_is_never_answered_from_the_memo(law, how):
    q = Question.of(LAWFUL, "lawful", law)
    kept = q.answer()
    assert kept.answer == "true"
    unlawful = Question.of(UNLAWFUL, "lawful", law).case
    if how == "fields assigned":
        for name in ("name", "path", "description", "rows", "entities", "attributes", "raw", "attr_locs",
                     "presumed", "names", "roles", "implied"):
            setattr(q.case, name, getattr(unlawful, name))
    else:
        q.case.rows[:] = unlawful.rows
    changed = Question.of(q.case, "lawful", law).answer()
    assert changed is not kept
    assert changed.answer == "false" and changed.bindings == []
    text = changed.argument_text()
    assert "violated s. 350.02(2)(b)4" in text
    assert "violated no provision" not in text


def test_other_settings_options_and_questions_are_answered_anew(law):
    q = Question.of(LAWFUL, "lawful", law)
    answer = q.answer()
    assert Question.of(q.case, "lawful", law).answer(proof=False) is not answer
    # what-if's, debug's and batch's questions (no readings check) are never kept by the law
    plain = Question.of(q.case, "lawful", law).answer(interpretation=False)
    assert Question.of(q.case, "lawful", law).answer(interpretation=False) is not plain
    settings = q._settings().replace(exact_budget=(q._settings().exact_budget or 150) + 1)
    other = Question.of(q.case, "lawful", law, settings).answer()
    assert other is not answer and other.answer == "true"


def test_the_memo_is_bounded_and_not_copied(law):
    memo = AnswerMemo()
    cases = [Question.of(LAWFUL, "lawful", law) for _ in range(AnswerMemo.MOST + 2)]
    answers = [q.answer(interpretation=False) for q in cases[:1]] * len(cases)
    for q, a in zip(cases, answers):
        memo.put(q.case, q.atom, q.saved, ("k",), a)
    assert len(memo._items) == AnswerMemo.MOST
    assert memo.get(cases[0].case, cases[0].atom, cases[0].saved, ("k",)) is None   # the oldest forgotten
    last = cases[-1]
    assert memo.get(last.case, last.atom, last.saved, ("k",)) is answers[0]
    assert memo.get(last.case, last.atom, None if last.saved else object(), ("k",)) is None
    copied = pickle.loads(pickle.dumps(memo))
    assert isinstance(copied, AnswerMemo) and copied._items == {}


def test_saved_queries_read_with_libyaml_are_those_safe_load_reads(monkeypatch):
    files = sorted((ROOT / "queries").glob("*.yaml"))
    assert len(files) >= 18
    read = {f.stem: queries._read_saved(f.stem, f) for f in files}
    for f in files:
        text = f.read_text(encoding="utf-8")
        assert yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) == yaml.safe_load(text), f.name
    monkeypatch.delattr(yaml, "CSafeLoader", raising=False)   # the pure-Python parser only
    assert {f.stem: queries._read_saved(f.stem, f) for f in files} == read
    assert read["lawful"].goal == "lawful(O)" and read["lawful"].verdicts == {"true": "Lawful", "false": "Unlawful"}


def test_a_saved_query_that_is_not_yaml_says_the_pure_parser_s_words(tmp_path):
    bad = tmp_path / "broken.yaml"
    bad.write_text("goal: lawful(O)\nverdicts: {true: Lawful\n", encoding="utf-8")
    with pytest.raises(yaml.YAMLError) as pure:
        yaml.safe_load(bad.read_text(encoding="utf-8"))
    with pytest.raises(QueryError) as raised:
        queries._read_saved("broken", bad)
    assert raised.value.message == f"saved query is not valid YAML: {pure.value}"
    assert raised.value.location == str(bad)
