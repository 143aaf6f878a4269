"""What-if, debug, the interview, export and the pack read the engine from the Settings in force
(issue 45: "the engine from the Settings, not a parameter"): none takes an `engine=` of its own or
falls back to "sets" while the Settings name another. A spy records the engine every session is
opened on (and opens it on the set engine, so the test stays fast)."""
import pytest
import yaml

import reasoner.answer.answering as answering
import reasoner.answer.whatif as whatif
import reasoner.answer.whatif_carry as whatif_carry
from reasoner.answer.question import Question
from reasoner.core.settings import Settings, use
from reasoner.engine.rulebase import default_rulebase

OP = {"type": "operation", "on_highway_right_of_way": True, "adjacent_to_roadway": True, "at_night": True,
      "travelled_with_traffic": False, "highway_class": "state_trunk", "trail_distance_ft": 45,
      "head_lamp_barrier": False, "public_utility_function": False}


@pytest.fixture
def engines(monkeypatch):
    seen = []
    real = answering.open_session

    def spy(rb, rows, key, engine="sets", *args, **kwargs):
        seen.append(engine)
        return real(rb, rows, key, "sets", *args, **kwargs)
    for module in (answering, whatif, whatif_carry):
        monkeypatch.setattr(module, "open_session", spy)
    return seen


@pytest.fixture
def case_path(tmp_path):
    path = tmp_path / "night.yaml"
    path.write_text(yaml.safe_dump({"description": "constructed", "entities": {"op1": OP}}), encoding="utf-8")
    return path


def test_what_if_and_debug_read_the_engine_of_the_settings_in_force(engines, case_path):
    from reasoner.answer.whatif import quick_answer
    rb = default_rulebase()
    with use(Settings(engine="pydatalog")):
        q = Question.of(str(case_path), "night_direction_violation(op1)", rb)   # the settings in force
        q.whatif(max_results=2)
        q.debug("undetermined", with_facts=False)
        quick_answer(rb, q.case, q.atom)
    assert engines and set(engines) == {"pydatalog"}


def test_a_question_s_engine_over_the_settings_in_force(engines, case_path):
    rb = default_rulebase()
    q = Question.of(str(case_path), "night_direction_violation(op1)", rb, Settings(engine="pydatalog"))
    q.whatif(max_results=2)
    q.debug("undetermined", with_facts=False)
    about = Question.about(rb, q.case, q.atom, q.saved, engine="pydatalog")   # the keyword overrides the Settings
    about.answer(interpretation=False)
    assert engines and set(engines) == {"pydatalog"}
    engines.clear()
    Question.about(rb, q.case, q.atom, q.saved).answer(interpretation=False)   # outside: the current Settings'
    assert set(engines) == {"sets"}


def test_the_interview_and_the_handout_read_the_engine_of_the_settings_in_force(engines, case_path):
    from reasoner.apps.export import handout_answer
    from reasoner.apps.interview import Interview
    from reasoner.apps.related import related_answers
    rb = default_rulebase()
    q = Question.of(str(case_path), "night_direction_violation(op1)", rb)
    with use(Settings(engine="pydatalog")):
        it = Interview(rb, str(case_path), q.atom, q.saved)
        answer = it.answer
        asked = Question.about(rb, q.case, q.atom, q.saved)   # under the settings in force
        handout_answer(asked, answer)
        related_answers(asked, answer)
    assert engines and set(engines) == {"pydatalog"}


def test_batch_answers_with_the_engine_of_its_settings_here_and_in_its_workers(monkeypatch, case_path, tmp_path):
    """reasoner.batch (and `reasoner --engine pydatalog batch`) takes the engine from the Settings it
    answers under, in this process and in forked workers (which receive the parent's settings)."""
    import multiprocessing
    import os
    from reasoner.apps.batch import batch
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("the spy reaches the workers only when they are forked")
    record = tmp_path / "engines.txt"
    real = answering.open_session

    def spy(rb, rows, key, engine="sets", *args, **kwargs):
        with open(record, "a", encoding="utf-8") as f:     # the workers' calls too (one line each)
            f.write(f"{os.getpid()} {engine}\n")
        return real(rb, rows, key, engine, *args, **kwargs)
    monkeypatch.setattr(answering, "open_session", spy)
    cases = [str(case_path)] * 4
    for jobs, settings in ((1, Settings(engine="pydatalog")), (2, Settings(engine="pydatalog", start_method="fork"))):
        record.write_text("", encoding="utf-8")
        rows = batch(cases, "night_direction_violation(op1)", jobs=jobs, settings=settings)
        assert [r["answer"] for r in rows] == ["true"] * 4
        seen = [line.split() for line in record.read_text(encoding="utf-8").splitlines()]
        assert seen and {engine for _, engine in seen} == {"pydatalog"}, (jobs, seen)
        if jobs == 2 and os.cpu_count() and os.cpu_count() > 1:
            assert len({pid for pid, _ in seen}) > 1, seen    # answered in the workers too
    record.write_text("", encoding="utf-8")
    batch(cases, "night_direction_violation(op1)", jobs=1)
    assert {line.split()[1] for line in record.read_text(encoding="utf-8").splitlines()} == {"sets"}
