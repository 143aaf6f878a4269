"""batch answers under the readings it is given, as ask does: the API (settings=, `with use(...)`,
with and without verdicts_only) and the command line (`reasoner --reading ... batch`), in one
process and in worker processes started by fork and by spawn (Settings.start_method,
REASONER_START_METHOD): a worker builds the law under the parent's readings, never the default law."""
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import reasoner
from reasoner.apps import batch as batch_module
from reasoner.cli import main
from reasoner.core.settings import SettingsError

ROOT = Path(__file__).resolve().parents[2]
CASE = ROOT / "facts" / "ch350_youth_companion_18.yaml"
READING = "companion_over_age.older_than"
METHODS = [m for m in ("fork", "spawn") if m in __import__("multiprocessing").get_all_start_methods()]


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    """Four copies of a case whose answer turns on the reading."""
    folder = tmp_path_factory.mktemp("copies")
    for i in range(4):
        shutil.copy(CASE, folder / f"c{i}.yaml")
    return folder


@pytest.fixture(scope="module")
def expected():
    with_reading = reasoner.ask(CASE, "lawful", settings=reasoner.Settings(readings=(READING,))).answer
    default = reasoner.ask(CASE, "lawful").answer
    assert with_reading != default     # the case tells the readings apart
    return with_reading


@pytest.mark.parametrize("verdicts_only", [False, True], ids=["proofs", "verdicts"])
def test_the_api_answers_under_the_settings_readings_as_ask(copies, expected, verdicts_only):
    s = reasoner.Settings(readings=(READING,))
    rows = reasoner.batch(copies, "lawful", settings=s, verdicts_only=verdicts_only, jobs=1)
    assert [r["answer"] for r in rows] == [expected] * 4
    with reasoner.use(s):
        rows = reasoner.batch([CASE], "lawful", verdicts_only=verdicts_only, jobs=1)
    assert [r["answer"] for r in rows] == [expected]


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("verdicts_only", [False, True], ids=["proofs", "verdicts"])
def test_worker_processes_answer_under_the_readings_too(copies, expected, method, verdicts_only):
    s = reasoner.Settings(readings=(READING,), start_method=method)
    rows = reasoner.batch(copies, "lawful", settings=s, verdicts_only=verdicts_only, jobs=2)
    assert [r["answer"] for r in rows] == [expected] * 4


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_command_line_answers_under_its_reading_in_every_worker(copies, expected, method, jobs):
    r = CliRunner().invoke(main, ["--reading", READING, "batch", str(copies), "lawful", "--format", "text",
                                  "--jobs", jobs], env={"REASONER_START_METHOD": method}, catch_exceptions=False)
    assert r.exit_code == 0, r.output
    answers = [line.split("\t")[1] for line in r.stdout.splitlines()[1:]]
    assert answers == [expected] * 4


def test_a_worker_builds_the_law_under_the_query_s_readings():
    q = batch_module.BatchQuery.of("lawful", readings=(READING,))
    rb, atom, _ = q.law()
    assert rb.readings == reasoner.load_law((READING,)).readings and READING in rb.readings
    assert atom.pred == "lawful"
    # the parent's law gives its own readings to the workers' query
    assert batch_module.BatchQuery.of_law("lawful", rb).readings == rb.readings


def test_a_worker_never_builds_a_law_it_was_not_given():
    with pytest.raises(ValueError):
        batch_module._start_worker(None, None)


def test_the_start_method_is_a_checked_setting(monkeypatch):
    with pytest.raises(SettingsError):
        reasoner.Settings(start_method="clone")
    monkeypatch.setenv("REASONER_START_METHOD", "clone")
    with pytest.raises(SettingsError, match="REASONER_START_METHOD"):
        reasoner.Settings.from_environment()
    monkeypatch.setenv("REASONER_START_METHOD", "spawn")
    assert reasoner.Settings.from_environment().start_method == "spawn"
    monkeypatch.setattr(batch_module.multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    with pytest.raises(SettingsError, match="not available"):
        batch_module._context("fork")
    assert batch_module._context(None).get_start_method() == "spawn"


def test_a_law_the_workers_cannot_build_is_answered_here_without_fork(copies, expected):
    """A law given to reasoner.batch that is neither the bundled law nor a --rules program (here
    the bundled law under a reading, built apart from the cache): spawned workers could not build
    it, so this process answers every case; never the default law."""
    law = reasoner.load_law().with_readings((READING,), cache=False)
    assert not getattr(law, "bundled", False)
    s = reasoner.Settings(start_method="spawn")
    rows = reasoner.batch(copies, "lawful", rulebase=law, settings=s, jobs=2)
    assert [r["answer"] for r in rows] == [expected] * 4
