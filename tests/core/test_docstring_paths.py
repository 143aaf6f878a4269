"""Every source or documentation file a docstring of the package names exists: a module moved
(engine/exact.py became engine/exact/split.py) takes the docstrings that point at it along."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# a path with at least one folder, ending in a source or documentation suffix (example case files
# such as facts/case.yaml in a command's help are a user's paths, not the repository's)
PATH = re.compile(r"(?<![\w/.\-])((?:[A-Za-z_][\w\-]*/)+[\w\-]+\.(?:py|md|j2|txt))\b")


def named_paths():
    for source in sorted((ROOT / "reasoner").rglob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                for m in PATH.finditer(ast.get_docstring(node, clean=False) or ""):
                    yield source, m.group(1)


def exists(source: Path, named: str) -> bool:
    return any((base / named).exists() for base in (ROOT, ROOT / "reasoner", source.parent, ROOT / "tests"))


def test_every_path_a_docstring_names_exists():
    found = list(named_paths())
    assert len(found) > 50   # the check reads the docstrings (it would pass on none)
    missing = sorted({f"{s.relative_to(ROOT)}: {p}" for s, p in found if not exists(s, p)})
    assert not missing, "docstrings name files that do not exist:\n" + "\n".join(missing)
