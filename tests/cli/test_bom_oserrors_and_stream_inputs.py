"""A BOM is accepted in CSV, JSONL, YAML and .dl files; OSErrors are
one-line errors with the path (exit 2, never "internal error"); `run prog.dl <(cat case.yaml)`
reads the case once; JSONL lines end at "\\n" only; `--depth` is >= 0 everywhere."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests" / "fixtures" / "cli"
CASE = ROOT / "facts" / "ch350_night_direction_unlawful.yaml"
BOM = "\ufeff"


def invoke(*args, **kw):
    return CliRunner().invoke(main, [str(a) for a in args], **kw)


def one_error(r, where):
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr)
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert lines[0].startswith("error: ") and where in lines[0], r.stderr
    assert "internal error" not in r.stderr and "Traceback" not in r.stderr


def test_bom_in_yaml_case(tmp_path):
    case = tmp_path / "bom.yaml"
    case.write_text(BOM + CASE.read_text(), encoding="utf-8")
    r = invoke("ask", case, "lawful", "--format", "json")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["answer"] == "false"


def test_bom_in_rule_file(tmp_path):
    prog = tmp_path / "bom.dl"
    prog.write_text(BOM + (FIX / "trail.dl").read_text(), encoding="utf-8")
    r = invoke("ask", FIX / "night_lawful.yaml", "lawful(op1)", "--rules", prog)
    assert r.exit_code == 0, r.stderr
    assert invoke("check", prog).exit_code == 0


def test_bom_in_csv_and_jsonl(tmp_path):
    csv_path = tmp_path / "cases.csv"
    csv_path.write_text(BOM + "id,entity,type,at_night\nc1,op1,operation,true\n", encoding="utf-8")
    jsonl = tmp_path / "cases.jsonl"
    jsonl.write_text(BOM + '{"id": "c1", "entities": {"op1": {"type": "operation", "at_night": true}}}\n',
                     encoding="utf-8")
    for path in (csv_path, jsonl):
        r = invoke("batch", path, "lawful", "--verdicts-only")
        assert r.exit_code == 0, (path, r.stdout, r.stderr)
        [line] = [json.loads(x) for x in r.stdout.splitlines()]
        assert line["id"] == "c1" and "error" not in line


def test_jsonl_line_separator_inside_a_string(tmp_path):
    jsonl = tmp_path / "cases.jsonl"
    jsonl.write_text('{"id": "c1", "description": "one\u2028two\u0085three",'
                     ' "entities": {"op1": {"type": "operation"}}}\n', encoding="utf-8")
    r = invoke("batch", jsonl, "lawful", "--verdicts-only")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert [json.loads(x)["id"] for x in r.stdout.splitlines()] == ["c1"]


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs /proc")
@pytest.mark.parametrize("args", [
    ["ask", "/proc/self/mem", "lawful"],
    ["ask", CASE, "lawful", "--rules", "/proc/self/mem"],
    ["interview", "/proc/self/mem", "lawful"],
    ["whatif", "/proc/self/mem", "lawful"],
    ["run", "/proc/self/mem", CASE],
    ["run", FIX / "trail.dl", "/proc/self/mem"],
])
def test_unreadable_file_is_one_line_error_with_its_path(args):
    one_error(invoke(*args), "/proc/self/mem")


def test_unreadable_output_folder_is_one_line_error(tmp_path):
    r = invoke("export", CASE, "lawful", "--to", "json", "-o", "/proc/self/nope/out.json")
    one_error(r, "/proc/self/nope/out.json")


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_run_reads_a_process_substitution_once(tmp_path):
    case = FIX / "night_lawful.yaml"
    script = f'"{sys.executable}" -m reasoner.cli run "{FIX / "trail.dl"}" <(cat "{case}") --query "lawful(op1)"'
    p = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 0, p.stderr
    assert "% lawful(op1): true" in p.stdout


@pytest.mark.parametrize("command", ["ask", "why", "why-not", "whatif", "export"])
def test_depth_is_never_negative(command):
    extra = ["--to", "text"] if command == "export" else []
    r = invoke(command, CASE, "lawful(op1)", "--depth", "-1", *extra)
    assert r.exit_code == 2 and "--depth" in r.stderr and "Traceback" not in r.stderr
