"""A YAML tag is refused where it is written, in every file read as YAML (case files, `reasoner
test` files): `!!str 40` was read as text, `!!python/name:os.system` as unknown with no word, and
`!mytag 40` said "expected a number, got '40'" with no word of the tag."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HINT = "a value is read as its attribute's type (quote it to keep it as text)"


def reasoner(*args):
    return subprocess.run([sys.executable, "-m", "reasoner.cli", *args], capture_output=True, text=True,
                          cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))


@pytest.mark.parametrize("value, shown", [
    ("!!str 40", "!!str"),
    ("!mytag 40", "!mytag"),
    ("!!python/name:os.system", "!!python/name:os.system"),
    ("! 40", "!"),
])
def test_a_tag_on_a_case_value_is_refused_by_name_at_its_line(tmp_path, value, shown):
    case = tmp_path / "c.yaml"
    case.write_text(f"entities:\n  op1:\n    type: operation\n    speed_mph: {value}\n", encoding="utf-8")
    result = reasoner("ask", str(case), "lawful")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (f"error: {case}:4:16: a YAML tag ({shown}) is not allowed "
                             f"(hint: remove {shown}: {HINT})\n")


def test_a_tag_on_a_mapping_is_refused(tmp_path):
    case = tmp_path / "c.yaml"
    case.write_text("entities: !!map\n  op1: {type: operation}\n", encoding="utf-8")
    result = reasoner("ask", str(case), "lawful")
    assert result.returncode == 2
    assert result.stderr == f"error: {case}:1:11: a YAML tag (!!map) is not allowed (hint: remove !!map: {HINT})\n"


def test_a_tag_in_a_test_file_is_refused_before_anything_runs(tmp_path):
    tests = tmp_path / "t.yaml"
    tests.write_text("tests:\n  - name: t\n    case: {}\n    question: lawful\n    answer: !!python/name:os.system\n",
                     encoding="utf-8")
    result = reasoner("test", str(tests))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (f"error: {tests}:5:13: a YAML tag (!!python/name:os.system) is not allowed "
                             f"(hint: remove !!python/name:os.system: {HINT})\n")


def test_a_tag_in_a_batch_case_is_that_case_s_error_at_its_line(tmp_path):
    (tmp_path / "c.yaml").write_text("entities:\n  op1:\n    type: operation\n    speed_mph: !!str 40\n", encoding="utf-8")
    result = reasoner("batch", str(tmp_path), "lawful")
    assert result.stdout.splitlines()[0] == (
        '{"schema": 3, "id": "c", "error": "a YAML tag (!!str) is not allowed", "location": '
        f'"{tmp_path / "c.yaml"}:4:16", "hint": "remove !!str: {HINT}"}}')
    assert "1 error(s)" in result.stderr
