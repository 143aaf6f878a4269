"""One immutable settings object (reasoner/core/settings.py): the API and the command
line answer alike under the same settings, and no module keeps a setting of its own.

How "no module-level mutable setting" is checked (test_no_module_level_mutable_state): every module's
syntax tree is walked; no `global` statement may exist, and no module-level name bound to a dict,
list or set may be mutated by any function (subscript assignment, .append/.update/...), except the
memo tables and process state listed in ALLOWED, each with what it holds (none now: the caches
have owners, core/shelf.py, and tests/core/test_no_module_state.py refuses a mutable module value). The switches once
kept as module state (cli._ENGINE, cli._LIMIT, cli._DEBUG, api.EXACT, presume._STRICT, deadline._rows,
deadline._active, engine/batch._budget) were all of that shape; the active time limits now live in a
ContextVar beside the settings (core/deadline.py).
"""
from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.answer.answering import ask
from reasoner.cli import main
from reasoner.core.settings import DEFAULT_MAX_ROWS, Settings, current, use
from reasoner.render.jsonout import answer_dict, dumps

ROOT = Path(__file__).resolve().parents[2]
# the trail-exception presumption decides it: FALSE with the presumption, UNDETERMINED without
CASE = "facts/ch350_report_night_direction.yaml"

ALLOWED: dict[tuple[str, str], str] = {}   # none: the caches have owners (core/shelf.py, test_no_module_state.py)
MUTATORS = {"append", "update", "clear", "add", "pop", "setdefault", "extend", "remove", "discard",
            "insert", "popitem", "__setitem__"}


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)
    for name in ("REASONER_STRICT", "REASONER_ENGINE", "REASONER_EXACT_BUDGET", "REASONER_MAX_ROWS",
                 "REASONER_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)


def _cli_json(*flags):
    r = CliRunner().invoke(main, [*flags, "ask", CASE, "lawful", "--format", "json"])
    assert r.exit_code == 0, r.output
    return r.stdout


def test_api_with_strict_settings_answers_as_the_command_line_with_strict():
    api = dumps(answer_dict(ask(CASE, "lawful", settings=Settings(strict=True))))
    assert api == _cli_json("--strict")
    data = json.loads(api)
    assert data["answer"] == "undetermined" and data["presumed"] == []
    # and without it, both presume (so the setting is what made the difference)
    plain = dumps(answer_dict(ask(CASE, "lawful", settings=Settings())))
    assert plain == _cli_json()
    assert json.loads(plain)["answer"] == "false" and json.loads(plain)["presumed"]


def test_the_command_line_leaves_no_setting_behind():
    _cli_json("--strict", "--exact-budget", "0", "--engine", "pydatalog")
    assert current() == Settings()
    assert json.loads(dumps(answer_dict(ask(CASE, "lawful"))))["presumed"]


def test_the_api_reads_the_same_environment_as_the_command_line(monkeypatch):
    monkeypatch.setenv("REASONER_STRICT", "1")
    assert current().strict
    assert dumps(answer_dict(ask(CASE, "lawful"))) == _cli_json()


def test_settings_are_immutable_and_checked():
    s = Settings()
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.strict = True
    assert s.replace(strict=True).strict and not s.strict
    assert s.rows == DEFAULT_MAX_ROWS and s.exact and not Settings(exact_budget=0).exact
    assert Settings(readings=["a"]).readings == ("a",)
    with pytest.raises(ValueError):
        Settings(engine="prolog")
    with pytest.raises(ValueError):
        Settings(exact_budget=-1)


def test_from_environment_and_flags_given_over_it():
    env = {"REASONER_STRICT": "yes", "REASONER_ENGINE": "pydatalog", "REASONER_EXACT_BUDGET": "7",
           "REASONER_MAX_ROWS": "5000", "REASONER_TIMEOUT": "12"}
    s = Settings.from_environment(env)
    assert (s.strict, s.engine, s.exact_budget, s.max_rows, s.time_limit) == (True, "pydatalog", 7, 5000, 12.0)
    assert Settings.from_environment(env, engine="sets", exact_budget=None).engine == "sets"
    assert Settings.from_environment({"REASONER_STRICT": "0"}) == Settings()


def test_use_holds_settings_for_its_block_only_even_on_error():
    outer = current()
    with pytest.raises(RuntimeError):
        with use(Settings(strict=True, exact_budget=3)):
            assert current().strict and current().exact_budget == 3
            with use(current().replace(strict=False)):
                assert not current().strict and current().exact_budget == 3
            raise RuntimeError
    assert current() == outer
    with pytest.raises(TypeError):
        with use({"strict": True}):
            pass


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_module_level_mutable_state():
    found, globals_ = set(), []
    for path in sorted((ROOT / "reasoner").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        containers = set()
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
            value = getattr(node, "value", None)
            mutable = isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)) or (
                isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                and value.func.id in ("dict", "list", "set", "defaultdict", "OrderedDict"))
            if mutable:
                containers.update(t.id for t in targets if isinstance(t, ast.Name))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Global):
                    globals_.append(f"{_module(path)}:{node.lineno}")
                if isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                    for t in getattr(node, "targets", None) or [node.target]:
                        if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) and t.value.id in containers:
                            found.add((_module(path), t.value.id))
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and isinstance(node.func.value, ast.Name) and node.func.value.id in containers
                        and node.func.attr in MUTATORS):
                    found.add((_module(path), node.func.value.id))
    assert globals_ == []
    assert found - set(ALLOWED) == set()
