"""The law's expected outcomes (YAML, docs/TESTS.md) run under pytest: one item per YAML test,
named after its file and its name, so a failing law test fails the suite by name. The bundled
law's tests (reasoner/law/tests, shipped and run by `reasoner test`) and the case files' tests
(facts/tests, each a facts/ case file's expected answers)."""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.apps.lawtest import bundled_tests_dir, check_tests, load_tests, run_test
from reasoner.engine.rulebase import default_rulebase

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "facts"
DIRS = [bundled_tests_dir(), FACTS / "tests"]
TESTS = load_tests(DIRS)


def _answer(rb, case, question, where):
    """As `reasoner test` answers (cli/interp.py): an inline case named by its test file."""
    from reasoner.answer.question import Question
    from reasoner.core.settings import current
    return Question.of(case, question, rb, current(), None if isinstance(case, Path) else where).answer()


def test_the_expected_bindings_are_values_of_their_variables():
    check_tests(TESTS, default_rulebase().checked)


@pytest.mark.parametrize("test", TESTS, ids=[f"{Path(t.file).name}:{t.name}" for t in TESTS])
def test_law(test):
    outcome = run_test(test, default_rulebase(), _answer)
    assert not outcome.error, outcome.error
    assert outcome.passed, f"{test.where}: {test.name}\n" + "\n".join(outcome.failures)


def test_every_case_file_has_its_expected_answers():
    """Each facts/ case file is the case of at least one test in facts/tests."""
    files = {p.resolve() for p in FACTS.glob("*.yaml")}
    assert len(files) >= 60
    tested = {Path(t.case).resolve() for t in TESTS if isinstance(t.case, Path)}
    assert files - tested == set()
