"""The code below the answer layer works under the settings it is given as arguments, whatever
settings are in force (core/settings.py `use`): the row budget a session is opened with, the
strictness a case is loaded with. The answer layer passes the settings in force down."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from reasoner.answer.answering import ask
from reasoner.core.errors import EvaluationError
from reasoner.core.settings import Settings, use
from reasoner.engine.choice import ENGINES, open_session
from reasoner.engine.rulebase import default_rulebase, program_rulebase
from reasoner.facts.case import load_case

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
from test_limits import cartesian  # noqa: E402  (the rules and case of 8,000,000 rows)

ROOT = Path(__file__).resolve().parents[2]
PRESUMING = ROOT / "facts" / "ch348_cattle_near_home.yaml"   # four unstated inputs presumed


@pytest.mark.parametrize("engine", ENGINES)
def test_a_session_stops_at_the_row_budget_it_is_opened_with(tmp_path, engine):
    rules, case = cartesian(tmp_path, n=200)
    rb = program_rulebase([rules])
    loaded = load_case(case, rb.checked)
    key = ("q", 1)
    with use(Settings(max_rows=50_000_000)):     # the settings in force would allow all of it
        with pytest.raises(EvaluationError) as exc:
            with open_session(rb, loaded.rows, key, engine, max_rows=5000) as session:
                session.status("q", (None,))
    assert "more than 5,000 rows" in exc.value.message


def test_a_case_is_loaded_with_the_strictness_it_is_given():
    checked = default_rulebase().checked
    with use(Settings(strict=True)):
        presumed = load_case(PRESUMING, checked).presumed
    with use(Settings(strict=False)):
        strict = load_case(PRESUMING, checked, strict=True).presumed
    assert len(presumed) == 7 and strict == {}   # with s. 348.21(2)(a): no s. 348.17(2) violation raised; s. 348.19(3): a stop at a weighing station; s. 348.21(2)(b): the limit is one the paragraph names


def test_asking_passes_the_settings_in_force_down():
    with use(Settings(strict=True)):
        strict = ask(PRESUMING, "forfeiture")
    assert strict.presumed == [] and ask(PRESUMING, "forfeiture").presumed != []
