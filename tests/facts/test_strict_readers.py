"""Dates, times and numbers are read strictly and alike in YAML cases, CSV/JSONL batches and fact
directories (docs/NUMBERS.md): YYYY-MM-DD and HH:MM with the digits 0-9 only, a leading zero refused
in every column, 83.500 refused with both readings (83.500 lb was 83.5 lb in silence),
money refusing more than two written decimals, an exponent bounded by the digits it stands for,
and a misplaced thousands separator hinted right ($1,0000 said "write $1.0000")."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATE_HINT = "(hint: write the date as YYYY-MM-DD with the digits 0-9 (e.g. 2024-01-15))"
AMBIGUOUS = ("'83.500': a point followed by three digits may separate thousands (83,500) or be a decimal "
             "point (83.5) (hint: write 83,500 (or 83500) if it separates thousands, or 83.5 if it is a "
             "decimal point)")
TIME_HINT = "(hint: write the time as HH:MM with the digits 0-9, from 00:00 to 23:59 (e.g. 07:00 or 23:05))"


def reasoner(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "reasoner.cli", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))


def _operation(tmp_path, line):
    case = tmp_path / "c.yaml"
    case.write_text(f"entities:\n  op1:\n    type: operation\n    {line}\n", encoding="utf-8")
    return str(case)


@pytest.mark.parametrize("line, message", [
    ('clock_time: "０７:００"', "clock_time: not a clock time HH:MM: '０７:００' " + TIME_HINT),
    ('clock_time: "7:00"', "clock_time: not a clock time HH:MM: '7:00' " + TIME_HINT),
    ("operation_date: 20240115", "operation_date: not a calendar date YYYY-MM-DD: '20240115' " + DATE_HINT),
    ("operation_date: 2024-W03-1", "operation_date: not a calendar date YYYY-MM-DD: '2024-W03-1' " + DATE_HINT),
    ("operation_date: 2024-02-30",
     "operation_date: not a calendar date YYYY-MM-DD: '2024-02-30' (day is out of range for month) " + DATE_HINT),
])
def test_a_yaml_case_accepts_only_yyyy_mm_dd_and_hh_mm(tmp_path, line, message):
    out = reasoner("ask", _operation(tmp_path, line), "lawful(op1)")
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == f"error: {tmp_path / 'c.yaml'}:4: {message}\n"


def test_a_batch_reads_dates_and_times_as_strictly_as_a_case_file(tmp_path):
    jsonl = tmp_path / "in.jsonl"
    jsonl.write_text('{"id": "a", "entities": {"op1": {"type": "operation", "clock_time": "０７:００"}}}\n'
                     '{"id": "b", "entities": {"op1": {"type": "operation", "operation_date": "20240115"}}}\n',
                     encoding="utf-8")
    csvf = tmp_path / "in.csv"
    csvf.write_text("id,entity,type,clock_time,operation_date\na,op1,operation,０７:００,\n"
                    "b,op1,operation,,2024-W03-1\n", encoding="utf-8")
    for path, bad_date in ((jsonl, "20240115"), (csvf, "2024-W03-1")):
        out = reasoner("batch", str(path), "lawful(op1)", "--verdicts-only")
        assert out.returncode == 2, out.stderr
        results = [json.loads(line) for line in out.stdout.splitlines()]
        assert [r["error"] for r in results] == [
            "clock_time: not a clock time HH:MM: '０７:００'",
            f"operation_date: not a calendar date YYYY-MM-DD: '{bad_date}'"], out.stdout
        assert results[1]["hint"] == "write the date as YYYY-MM-DD with the digits 0-9 (e.g. 2024-01-15)"


PROGRAM = """@entity operation "an operation".
@input operation_date(O: operation, D: date) "the date of {O}".
@input clock_time(O: operation, T: time) "the time of {O}".
@input weight_lb(O: operation, W: number(pounds) 0..) "the weight of {O}".
@input fee(O: operation, F: money) "the fee of {O}".
seen(O) :- operation(O).
"""


def _run(tmp_path, files):
    (tmp_path / "p.dl").write_text(PROGRAM, encoding="utf-8")
    facts = tmp_path / "f"
    facts.mkdir(exist_ok=True)
    (facts / "operation.csv").write_text("a\n", encoding="utf-8")
    for name, text in files.items():
        (facts / name).write_text(text, encoding="utf-8")
    return reasoner("run", "p.dl", "f", cwd=tmp_path)


@pytest.mark.parametrize("name, text, message", [
    ("operation_date.csv", "a,2024-1-5\n",
     "f/operation_date.csv:1: operation_date: not a calendar date YYYY-MM-DD: '2024-1-5' " + DATE_HINT),
    ("operation_date.csv", "a,2024-01-15\na,20240115\n",
     "f/operation_date.csv:2: operation_date: not a calendar date YYYY-MM-DD: '20240115' " + DATE_HINT),
    ("clock_time.csv", "a,０７:００\n", "f/clock_time.csv:1: clock_time: not a clock time HH:MM: '０７:００' " + TIME_HINT),
    ("n.csv", "5\n017\n", "f/n.csv:2: n: '017' starts with a zero (hint: write 17 (a leading zero is not "
                          "read: 017 is not 17 in every program))"),
    ("weight_lb.csv", "a,83.500\n", "f/weight_lb.csv:1: weight_lb: " + AMBIGUOUS),
    ("fee.csv", "a,84.500\n", "f/fee.csv:1: fee: money has at most two decimals (cents): '84.500' (hint: write "
                              "84,500 if the point separates thousands, or $84.50)"),
])
def test_a_fact_directory_reads_values_as_strictly_as_a_case_file(tmp_path, name, text, message):
    out = _run(tmp_path, {name: text})
    assert out.returncode == 2 and out.stdout == ""     # 017 was 17; 2024-1-5 said "Invalid isoformat string"
    assert out.stderr == f"error: {message}\n"
    assert "isoformat" not in out.stderr


def test_a_fact_directory_still_reads_good_dates_times_and_whole_pounds(tmp_path):
    out = _run(tmp_path, {"operation_date.csv": "a,2024-01-15\n", "clock_time.csv": "a,07:00\n",
                          "weight_lb.csv": "a,83500\n", "fee.csv": "a,84.50\n", "n.csv": "0\n17\n"})
    assert out.returncode == 0, out.stderr
    assert {"operation_date(a, 2024-01-15).", "clock_time(a, 07:00).", "weight_lb(a, 83500).", "n(0).",
            "n(17)."} <= set(out.stdout.splitlines()), out.stdout


GRAIN = (ROOT / "facts" / "ch348_grain_semi_first_offense.yaml").read_text(encoding="utf-8")


def test_a_weight_written_83_500_is_refused_with_both_readings(tmp_path):
    case = tmp_path / "g.yaml"
    case.write_text(GRAIN.replace("found_weight_lb: 83500", "found_weight_lb: 83.500"), encoding="utf-8")
    out = reasoner("ask", str(case), "overweight(semi1)")
    assert out.returncode == 2 and out.stdout == ""     # 83.500 was 83.5 lb: not overweight, no word
    line = GRAIN.splitlines().index("    found_weight_lb: 83500") + 1
    assert out.stderr == f"error: {case}:{line}: found_weight_lb: {AMBIGUOUS}\n"
    for written in ("83500.5", "83,500"):   # other decimals, and the comma, read as before
        case.write_text(GRAIN.replace("found_weight_lb: 83500", f"found_weight_lb: {written}"), encoding="utf-8")
        out = reasoner("ask", str(case), "overweight(semi1)")
        assert out.returncode == 0 and "Verdict: TRUE" in out.stdout, out.stderr


def test_a_batch_refuses_83_500_pounds_like_a_case_file(tmp_path):
    jsonl = tmp_path / "in.jsonl"
    jsonl.write_text('{"id": "a", "entities": {"v": {"type": "vehicle", "found_weight_lb": 83.500}}}\n'
                     '{"id": "b", "entities": {"v": {"type": "vehicle", "found_weight_lb": "83,500"}}}\n',
                     encoding="utf-8")
    out = reasoner("batch", str(jsonl), "found_weight_lb(v, W)", "--verdicts-only")
    assert out.returncode == 2 and "1 error(s)" in out.stderr.splitlines()[-1], out.stderr
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert results[0]["error"] == ("found_weight_lb: '83.500': a point followed by three digits may separate "
                                   "thousands (83,500) or be a decimal point (83.5)"), out.stdout
    assert results[1]["answer"] == "true"


def test_an_exponent_is_bounded_by_the_digits_it_stands_for(tmp_path):
    case = tmp_path / "g.yaml"
    case.write_text(GRAIN.replace("found_weight_lb: 83500", "found_weight_lb: 1e100"), encoding="utf-8")
    out = reasoner("ask", str(case), "overweight(semi1)")
    assert out.returncode == 2 and out.stdout == ""     # was read: a 1 and 100 zeros pounds
    assert out.stderr.endswith("found_weight_lb: '1e100' stands for a number of 101 digits; at most 100 "
                               "(hint: write the value out in full, with fewer digits)\n"), out.stderr
    case.write_text(GRAIN.replace("found_weight_lb: 83500", "found_weight_lb: 8.35e4"), encoding="utf-8")
    assert reasoner("ask", str(case), "overweight(semi1)").returncode == 0


def test_a_misplaced_thousands_separator_in_money_gets_both_readings_in_the_hint(tmp_path):
    case = tmp_path / "m.yaml"
    case.write_text('entities:\n  p1:\n    type: person\n    age: 13\n    course_amount_charged: "$1,0000"\n',
                    encoding="utf-8")
    out = reasoner("ask", str(case), "course_amount_charged(p1, M)")
    assert out.returncode == 2
    assert out.stderr == (f"error: {case}:5: course_amount_charged: '$1,0000': a comma here does not separate "
                          "thousands (hint: write $10,000 or $1.00; a comma is read only as a thousands "
                          "separator, every three digits)\n")    # was "write 1.0000"
