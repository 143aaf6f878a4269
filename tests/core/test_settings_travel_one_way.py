"""Settings travel one way: the answer, apps and command-line layers read the settings in force
(core/settings.py `current()`) and pass what the code below needs as arguments; nothing below
them reads the ambient settings. Environment variables are read in core/settings.py alone, and
each one the tool reads is documented once (docs/COMMANDS.md, "Environment variables")."""
from __future__ import annotations

import ast
import re
from pathlib import Path

from reasoner.cli import main
from reasoner.cli.base import CLI_ONLY_VARIABLES
from reasoner.core.settings import CACHE_ENVIRONMENT, ENVIRONMENT, law_cache_folder

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "reasoner"
SETTINGS = PACKAGE / "core" / "settings.py"
# the layers below answer/: they are given their settings, never read them
BELOW_ANSWER = ("facts", "engine", "core", "explain", "prose")
# what reads (or sets) the settings in force: current(), and the helpers built on it
AMBIENT = {"current", "exact_budget", "use", "strict_mode"}
ENVIRONMENT_READERS = {"environ", "environb", "getenv", "getenvb", "putenv", "unsetenv"}


def _settings_module(module: str | None, level: int) -> bool:
    return (module or "").split(".")[-1] == "settings" and (level > 0 or (module or "").startswith("reasoner."))


def ambient_reads(source: str) -> list:
    """Line numbers of the calls in `source` that read the ambient settings: a call of current(),
    exact_budget(), use() or strict_mode() imported from core/settings.py under any name (also
    inside a function), or of the settings module's attribute (`settings.current()`)."""
    tree = ast.parse(source)
    names, modules = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if _settings_module(node.module, node.level):
                names.update(a.asname or a.name for a in node.names if a.name in AMBIENT)
            else:
                modules.update(a.asname or a.name for a in node.names if a.name == "settings")
        elif isinstance(node, ast.Import):
            modules.update(a.asname or a.name for a in node.names if a.name.endswith(".settings"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id in names:
            found.append(node.lineno)
        elif isinstance(f, ast.Attribute) and f.attr in AMBIENT and ast.unparse(f.value) in modules:
            found.append(node.lineno)
    return found


def environment_reads(source: str) -> list:
    """Line numbers where `source` reads (or sets) an environment variable: os.environ, os.getenv
    and the like, imported by name or not, and os.path.expanduser/expandvars (they read HOME and
    the variables a path names)."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ("os", "posix", "nt"):
            if any(a.name in ENVIRONMENT_READERS for a in node.names):
                found.append(node.lineno)
        elif isinstance(node, ast.Attribute):
            if node.attr in ENVIRONMENT_READERS and ast.unparse(node.value) in ("os", "posix", "nt"):
                found.append(node.lineno)
            elif node.attr in ("expanduser", "expandvars") and ast.unparse(node.value) in ("os.path", "path"):
                found.append(node.lineno)
    return found


def _modules(words, *parts):
    """(path under reasoner/, source) of the package's modules (those under `parts`, when given)
    whose source holds one of `words`: a module without any cannot make the reads looked for, and
    is not parsed."""
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        text = path.read_text(encoding="utf-8")
        if (not parts or rel.parts[0] in parts) and any(w in text for w in words):
            yield rel, text


def test_the_finders_find_reads_hidden_under_other_names():
    hidden = ("from ..core.settings import current as now\n"
              "from ..core import settings as s\n"
              "def f():\n"
              "    from ...core.settings import exact_budget\n"
              "    return now().strict, s.current().rows, exact_budget()\n")
    assert ambient_reads(hidden) == [5, 5, 5]
    assert ambient_reads("from ..core.settings import DEFAULT_MAX_ROWS, Settings\nSettings().rows\n") == []
    assert environment_reads("import os\nos.environ.get('X')\n") == [2]
    assert environment_reads("from os import getenv as g\ng('X')\n") == [1]
    assert environment_reads("import os\nos.path.expanduser('~')\n") == [2]
    assert environment_reads("import os\nos.path.join('a', 'b')\n") == []


def test_below_the_answer_layer_no_code_reads_the_settings_in_force():
    found = [f"reasoner/{rel}:{line}" for rel, text in _modules(("settings",), *BELOW_ANSWER)
             if rel != Path("core/settings.py") for line in ambient_reads(text)]
    assert found == [], ("these read the settings in force below the answer layer; pass the setting "
                         "from the caller instead: " + ", ".join(found))


def test_only_the_settings_module_reads_environment_variables():
    found = [f"reasoner/{rel}:{line}" for rel, text in _modules(("environ", "getenv", "putenv", "unsetenv", "expand"))
             if rel != Path("core/settings.py") for line in environment_reads(text)]
    assert found == [], "environment variables read outside core/settings.py: " + ", ".join(found)
    assert environment_reads(SETTINGS.read_text(encoding="utf-8"))   # the one place does read them


def _click_variables() -> set:
    out = set()

    def walk(cmd):
        for p in cmd.params:
            if isinstance(p.envvar, str):
                out.add(p.envvar)
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)
    walk(main)
    return out


def test_every_variable_the_tool_reads_is_documented_once():
    text = (ROOT / "docs" / "COMMANDS.md").read_text(encoding="utf-8")
    section = text.split("## Environment variables", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `([A-Z_]+)` \|", section, flags=re.M)
    read = set(ENVIRONMENT) | set(CACHE_ENVIRONMENT) | set(CLI_ONLY_VARIABLES) | _click_variables()
    assert sorted(rows) == sorted(read), "docs/COMMANDS.md's table and the variables the tool reads differ"
    assert len(rows) == len(set(rows))
    # the command line's flags read no variable the settings do not know (or the CLI-only table)
    assert _click_variables() <= set(ENVIRONMENT) | set(CLI_ONLY_VARIABLES)


def test_the_law_cache_folder_follows_its_variables(tmp_path):
    assert law_cache_folder({"REASONER_NO_CACHE": "1", "REASONER_CACHE_DIR": str(tmp_path)}) is None
    assert law_cache_folder({"REASONER_CACHE_DIR": str(tmp_path)}) == tmp_path
    assert law_cache_folder({"XDG_CACHE_HOME": str(tmp_path)}) == tmp_path / "reasoner"
    assert law_cache_folder({"REASONER_NO_CACHE": "", "XDG_CACHE_HOME": ""}).parts[-2:] == (".cache", "reasoner")
