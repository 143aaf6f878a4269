"""The package's layout: one package per stage of the pipeline, imports pointing only down.

Every `import` in every module's syntax tree counts, the ones inside functions too: a cycle hidden
behind a function-local import is still a cycle. import-linter (`lint-imports`, the contracts in
setup.cfg, run by .ci/run) checks the order of the stages; these tests check what it does not: no
cycle at all between modules or between stage packages, nothing loose at the package root, and every
stage package named in the contract.
"""
from __future__ import annotations

import ast
import configparser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "reasoner"


def _modules() -> dict:
    mods = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        mods[".".join(parts)] = path
    return mods


def _resolve(name, mods):
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def _typing_only(tree) -> set:
    """The import nodes under `if TYPE_CHECKING:`: annotations only, never run (no module needs another's
    import to finish first), so not an edge of the import graph."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            out |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    return out


def _edges(mods, typing_too: bool = False) -> dict:
    """module -> the package's modules it imports anywhere in its tree (not its own ancestors), but
    under `if TYPE_CHECKING:` (typing_too: those as well)."""
    edges = {m: set() for m in mods}
    for m, path in mods.items():
        package = m.split(".") if path.name == "__init__.py" else m.split(".")[:-1]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = set() if typing_too else _typing_only(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - (node.level - 1)] if node.level else []
                mod = ".".join(base + ([node.module] if node.module else [])) if node.level else node.module or ""
                targets = [mod] + [f"{mod}.{a.name}" for a in node.names]
            else:
                continue
            for t in targets:
                r = _resolve(t, mods) if t.split(".")[0] == "reasoner" else None
                if r and r != m and not m.startswith(r + "."):
                    edges[m].add(r)
    return edges


def _cycles(edges) -> list:
    """The strongly connected components with more than one member (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter[0]; counter[0] += 1
        stack.append(start); on.add(start)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter[0]; counter[0] += 1
                    stack.append(w); on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop(); on.discard(w); comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def _stage(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "<root>"


def test_the_cycle_finder_finds_a_cycle_hidden_in_a_function():
    a = ast.parse("def f():\n    from .b import x\n")
    assert any(isinstance(n, ast.ImportFrom) for n in ast.walk(a))   # ast.walk sees inside functions
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_between_modules_counting_function_local_imports():
    mods = _modules()
    edges = _edges(mods)
    assert sum(len(v) for v in edges.values()) > 200   # the walk sees the package's imports
    assert _cycles(edges) == []


def test_no_import_cycle_even_through_type_only_imports():
    """A module that needs another's types imports them from a module below both (facts/loaded.py's
    Case, answer/result.py's Answer), not from the module that imports it."""
    assert _cycles(_edges(_modules(), typing_too=True)) == []


def test_no_import_cycle_between_stage_packages():
    edges = _edges(_modules())
    stages: dict = {}
    for a, targets in edges.items():
        for b in targets:
            if _stage(a) != _stage(b):
                stages.setdefault(_stage(a), set()).add(_stage(b))
    assert "<root>" not in stages.get("cli", set())
    assert _cycles(stages) == []


def test_nothing_loose_at_the_package_root():
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"]


def test_every_stage_package_is_a_layer_of_the_import_contract():
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg", encoding="utf-8")
    contract = config["importlinter:contract:stages"]
    assert contract["type"] == "layers" and contract["containers"].strip() == "reasoner"
    layers = contract["layers"].split()
    packages = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py"))
    assert sorted(layers) == packages
    # the order the pipeline runs in, bottom to top (docs/../README "Layout")
    assert layers[::-1] == ["core", "language", "law", "facts", "engine", "prose", "explain", "render",
                            "answer", "apps", "server", "cli"]
