"""No module of reasoner/ holds mutable state at module level (issue 45).

Every module is parsed with `ast`; a module-level assignment whose value is mutable fails: a dict,
list or set display or comprehension, or a call of dict(), list(), set(), defaultdict, OrderedDict,
Counter, deque, bytearray, ChainMap, the weakref containers; and so does a module-level function
decorated with functools.lru_cache or functools.cache (a process-wide memo table). Constant tables
are written immutable (MappingProxyType, frozenset, tuple); a cache belongs to an object with the
cache's lifetime (the loaded law, the Settings' Law, the Question, the command line's context).

test_settings.py's test_no_module_level_mutable_state checks the other half: no function rebinds
(`global`) or mutates a module-level container.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

MUTABLE_CALLS = frozenset({"dict", "list", "set", "defaultdict", "OrderedDict", "Counter", "deque", "bytearray",
                           "ChainMap", "WeakValueDictionary", "WeakKeyDictionary", "WeakSet", "WeakMethod"})
MUTABLE_DISPLAYS = (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)
MEMO_DECORATORS = frozenset({"lru_cache", "cache"})

# (module path, name): why it must stay mutable. Prefer none; each entry says why it cannot move.
ALLOWED: dict[tuple[str, str], str] = {}


def _called(node: ast.expr) -> str | None:
    """The last name of a called or decorating expression: `functools.lru_cache(maxsize=1)` -> lru_cache."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def module_state(source: str) -> list[tuple[int, str, str]]:
    """(line, name, what) for each module-level mutable value or memoized function in the source."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            if isinstance(value, MUTABLE_DISPLAYS):
                what = type(value).__name__.lower()
            elif isinstance(value, ast.Call) and _called(value) in MUTABLE_CALLS:
                what = f"{_called(value)}()"
            else:
                continue
            for target in targets:
                found.append((node.lineno, ast.unparse(target), what))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                if _called(decorator) in MEMO_DECORATORS:
                    found.append((node.lineno, node.name, f"@{_called(decorator)}"))
    return found


def test_no_module_holds_mutable_state():
    found = []
    for path in sorted((ROOT / "reasoner").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        for line, name, what in module_state(path.read_text(encoding="utf-8")):
            if (rel, name) not in ALLOWED:
                found.append(f"{rel}:{line} {name} = {what}")
    assert found == [], "module-level mutable state (make it immutable, or give it an owner):\n" + "\n".join(found)


def test_allowed_entries_still_exist():
    for (rel, name), why in ALLOWED.items():
        assert why, (rel, name)
        assert any(n == name for _, n, _ in module_state((ROOT / rel).read_text(encoding="utf-8"))), (rel, name)


def test_the_walk_sees_what_it_looks_for():
    source = ("import functools, collections, weakref\nfrom types import MappingProxyType\n"
              "A = {}\nB: dict = dict()\nC = [1]\nD = {1}\nE = collections.defaultdict(list)\n"
              "F = weakref.WeakValueDictionary()\nG = {k: 1 for k in 'ab'}\n"
              "@functools.lru_cache(maxsize=1)\ndef h():\n    return 1\n@functools.cache\ndef i():\n    return 1\n"
              "OK1 = (1, 2)\nOK2 = frozenset({1})\nOK3 = MappingProxyType({'a': 1})\n"
              "def ok4():\n    local = {}\n    return local\n")
    assert [name for _, name, _ in module_state(source)] == ["A", "B", "C", "D", "E", "F", "G", "h", "i"]
