"""The fast tier's list of slow tests (tests/slow_tests.txt) names tests that exist: a renamed or
removed test would otherwise leave a stale line, and a renamed slow test would slip into the fast tier."""
import ast
from pathlib import Path

TESTS = Path(__file__).parents[1]


def test_every_listed_slow_test_exists():
    lines = [x.strip() for x in (TESTS / "slow_tests.txt").read_text(encoding="utf-8").splitlines()
             if x.strip() and not x.startswith("#")]
    assert lines
    missing = []
    for line in lines:
        path, _, name = line.partition("::")
        file = TESTS / path
        names = ({n.name for n in ast.walk(ast.parse(file.read_text(encoding="utf-8")))
                  if isinstance(n, ast.FunctionDef)} if file.is_file() else set())
        if name not in names:
            missing.append(line)
    assert not missing, missing
