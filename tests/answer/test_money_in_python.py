"""Money one way in Python: Decimal dollars in every value the Python API hands out (Answer.rows,
batch's records and rows), dollar strings in the JSON the command line writes, float64 dollars in
to_frame(); a Verdict prints as its value. Answer.bindings keeps the engine's integer cents."""
from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

import reasoner
from reasoner.answer.api import Rows, flat_rows, python_records, record_value, to_frame
from reasoner.cli import main
from reasoner.core.values import UNKNOWN, money_dollars, python_value

ROOT = Path(__file__).resolve().parents[2]
SEMI = ROOT / "facts" / "ch348_grain_semi_first_offense.yaml"
TRUCKS = ROOT / "facts" / "ch348_weigh_station_three_trucks.yaml"
NIGHT = ROOT / "facts" / "ch350_night_direction_unlawful.yaml"


@pytest.mark.parametrize("cents, dollars", [
    (22500, "225.00"), (0, "0.00"), (5, "0.05"), (-150, "-1.50"), (10**40, "1" + "0" * 38 + ".00"),
    (Fraction(45005, 2), "225.025"), (Fraction(-45005, 2), "-225.025"),
    (Fraction(1, 3), "0.003333333333333333333333333333")])
def test_cents_become_decimal_dollars_never_rounded_to_the_cent(cents, dollars):
    got = money_dollars(cents)
    assert isinstance(got, Decimal) and str(got) == dollars


def test_only_money_is_converted_and_unknown_is_none():
    assert python_value(22500, "money") == Decimal("225.00")
    assert python_value(22500, "int") == 22500 and python_value(22500) == 22500
    assert python_value(True, "money") is True
    assert python_value(UNKNOWN, "money") is None and python_value(UNKNOWN) is None
    assert python_value("semi1") == "semi1"


def test_a_json_money_value_becomes_its_exact_decimal():
    assert record_value({"type": "money", "dollars": "68.00"}) == Decimal("68.00")
    assert str(record_value({"type": "money", "dollars": "225.03", "exact_dollars": "225.025",
                             "rounded": "half up to the cent"})) == "225.025"
    assert record_value({"type": "money", "dollars": "0.00", "exact_dollars": "1/300"}) == money_dollars(Fraction(1, 3))
    assert record_value("semi1") == "semi1" and record_value(None) is None


def test_answer_rows_are_the_bindings_in_dollars_and_the_bindings_stay_cents():
    a = reasoner.ask(str(TRUCKS), "forfeiture")
    assert a.bindings and all(type(b["Min"]) is int for b in a.bindings)   # the engine's cents, unchanged
    assert len(a.rows) == len(a.bindings)
    for row, b in zip(a.rows, a.bindings):
        assert set(row) == set(b)
        for k in ("Min", "Max"):
            assert isinstance(row[k], Decimal) and row[k] * 100 == b[k] and row[k].as_tuple().exponent == -2
        assert row["V"] == b["V"] and row["answer"] is reasoner.Verdict(b["answer"])


def test_batch_records_carry_decimal_dollars_where_the_cli_writes_dollar_strings(tmp_path):
    for p in (SEMI, TRUCKS, NIGHT):
        (tmp_path / p.name).write_bytes(p.read_bytes())
    records = reasoner.batch(str(tmp_path), "forfeiture", verdicts_only=True, jobs=1)
    out = CliRunner().invoke(main, ["batch", str(tmp_path), "forfeiture", "--verdicts-only", "--jobs", "1"])
    written = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["id"] for r in records] == [r["id"] for r in written]
    compared = 0
    for mine, cli in zip(records, written):
        assert len(mine.get("bindings", [])) == len(cli.get("bindings", []))
        for b, c in zip(mine.get("bindings", []), cli.get("bindings", [])):
            for k in ("Min", "Max"):
                assert isinstance(b[k], Decimal) and c[k]["type"] == "money"
                assert b[k] == Decimal(c[k]["dollars"])
                compared += 1
    assert compared >= 8   # the semi and the three trucks, Min and Max each
    flat = reasoner.batch(str(tmp_path), "forfeiture", verdicts_only=True, jobs=1, flat=True)
    assert {type(r.get("Min")) for r in flat} == {Decimal, type(None)}


def test_python_records_leave_the_written_records_alone():
    written = [{"schema": 3, "id": "x", "answer": "true",
                "bindings": [{"V": "v", "Min": {"type": "money", "dollars": "68.00"}, "answer": "true"}]}]
    converted = python_records(written)
    assert converted[0]["bindings"][0]["Min"] == Decimal("68.00")
    assert written[0]["bindings"][0]["Min"] == {"type": "money", "dollars": "68.00"}


@pytest.mark.parametrize("verdict", list(reasoner.Verdict))
def test_a_verdict_prints_as_its_value(verdict):
    assert str(verdict) == verdict.value and format(verdict) == verdict.value
    assert f"{verdict}" == verdict.value and f"{verdict:>20}" == f"{verdict.value:>20}"
    assert "%s" % verdict == verdict.value and verdict == verdict.value


def test_batch_returns_rows_that_are_a_plain_list():
    rows = reasoner.batch([str(SEMI)], "forfeiture", jobs=1)
    assert isinstance(rows, Rows) and isinstance(rows, list) and rows == list(rows)
    json.dumps(rows, default=str)   # the rows write as JSON with the dollars as strings


def test_to_frame_without_pandas_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)   # import pandas then raises ImportError
    with pytest.raises(ImportError, match=r"reasoner\[frames\]"):
        to_frame([{"id": "x", "answer": reasoner.Verdict.TRUE}])


def test_only_to_frame_imports_pandas():
    users = [p.relative_to(ROOT).as_posix() for p in (ROOT / "reasoner").rglob("*.py")
             if "import pandas" in p.read_text(encoding="utf-8") or "from pandas" in p.read_text(encoding="utf-8")]
    assert users == ["reasoner/answer/api.py"]
    code = ("import sys, reasoner; rows = reasoner.batch(['facts/ch348_grain_semi_first_offense.yaml'], "
            "'forfeiture', jobs=1); print('pandas' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_to_frame_gives_numeric_money_and_plain_string_answers():
    pandas = pytest.importorskip("pandas")
    records = reasoner.batch([str(SEMI), str(TRUCKS), str(NIGHT)], "forfeiture", jobs=1)
    df = records.to_frame()
    assert str(df["Min"].dtype) == str(df["Max"].dtype) == "float64"
    assert list(df.columns[:5]) == ["id", "answer", "V", "Min", "Max"]
    assert list(df.columns[5:]) == ["binding_answer", "exact", "cited", "missing", "not_applicable", "error"]
    assert df["Min"].tolist()[:4] == [225.0, 50.0, 128.0, 845.0] and pandas.isna(df["Min"].iloc[4])
    assert {type(v) for v in df["answer"]} == {str} and {type(v) for v in df["binding_answer"].dropna()} == {str}
    keys = [repr(k) for k, _ in df.groupby(["answer", "binding_answer"])]
    assert keys == ["('true', 'true')"]
    # the same frame from batch's records of a folder (nested), flattened
    folder = tmp_folder_frame(pandas)
    assert str(folder["Fee"].dtype) == "float64" and "bindings" not in folder.columns
    # exact sums: the rows' Decimals; the frame's floats agree to the cent
    total = sum(r["Max"] for r in records if r.get("Max") is not None)
    assert isinstance(total, Decimal) and round(df["Max"].sum(), 2) == float(total)


def tmp_folder_frame(pandas):
    rows = reasoner.batch(str(ROOT / "facts"), "permit_fee", verdicts_only=True, jobs=1)
    assert any(r.get("bindings") for r in rows)
    frame = rows.to_frame()
    assert isinstance(frame, pandas.DataFrame) and len(frame) >= len(rows)
    assert frame.equals(to_frame(flat_rows(rows)))
    return frame
