"""Outputs never lose the input or split a row, and an export does not hang on a FIFO beside it.

- `batch --to csv` wrote a cell with a line break unquoted (`lineterminator=""`): an id with a
  newline split the row and the next physical line began with the attacker's `=cmd|...`, which the
  formula guard (start of the cell only) let through.
- One JSONL line nested 500 deep aborted the whole batch with a RecursionError (exit 1, no output).
- `-o` naming the input destroyed it (`batch in.jsonl Q -o in.jsonl`, `export case.yaml ... -o case.yaml`);
  `-o -` made a file named `-`.
- A folder batch skipped dangling links, FIFOs and folders named *.yaml with "0 errors".
- `export -o X.md` hung forever when X.svg was a FIFO (opened to see whether reasoner drew it)."""
import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
AIRPORT = ROOT / "facts" / "ch350_airport.yaml"
PERSON = '{"id": %s, "entities": {"p1": {"type": "person", "age": 13}}}\n'


def reasoner(*args, cwd=None, timeout=120):
    return subprocess.run([sys.executable, "-m", "reasoner.cli", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=timeout)


def test_csv_cell_with_a_line_break_is_quoted_and_every_line_guarded(tmp_path):
    cases = tmp_path / "in.jsonl"
    evil = json.dumps("x\n=cmd|' /C calc'!A0\r\n@SUM(1)")
    cases.write_text(PERSON % evil + PERSON % '"plain"', encoding="utf-8")
    out = reasoner("batch", str(cases), "age(p1, N)", "--to", "csv")
    assert out.returncode == 0, out.stderr
    for physical in out.stdout.splitlines():
        assert not physical.startswith(("=", "+", "@")), physical
    rows = list(csv.reader(io.StringIO(out.stdout)))
    assert len(rows) == 3                        # the header and one row a case: the id did not split
    # (text mode reads the cell's \r\n as \n)
    assert rows[1][0].replace("\r\n", "\n") == "x\n'=cmd|' /C calc'!A0\n'@SUM(1)" and rows[1][1] == "true"
    assert rows[2][0] == "plain" and rows[2][3] == "13"


def test_a_deep_jsonl_line_is_a_located_error_and_the_batch_goes_on(tmp_path):
    cases = tmp_path / "deep.jsonl"
    cases.write_text('{"id": "deep", "x": ' + "[" * 500 + "]" * 500 + "}\n" + PERSON % '"ok"', encoding="utf-8")
    out = reasoner("batch", str(cases), "age(p1, N)", "--verdicts-only")
    assert out.returncode == 2 and "Traceback" not in out.stderr and "RecursionError" not in out.stderr
    first, second = [json.loads(line) for line in out.stdout.splitlines()]
    assert first["location"] == f"{cases}:1" and "nesting deeper than" in first["error"]
    assert second["answer"] == "true"


def test_output_onto_an_input_is_refused(tmp_path):
    cases = tmp_path / "in.jsonl"
    cases.write_text(PERSON % '"ok"', encoding="utf-8")
    before = cases.read_bytes()
    out = reasoner("batch", str(cases), "age(p1, N)", "-o", str(cases))
    assert out.returncode == 2 and "would replace the input" in out.stderr and cases.read_bytes() == before
    case = tmp_path / "case.yaml"
    case.write_text(AIRPORT.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "link.yaml").symlink_to(case)
    before = case.read_bytes()
    for target in ("case.yaml", "link.yaml"):
        out = reasoner("export", "case.yaml", "lawful", "--to", "text", "-o", target, cwd=tmp_path)
        assert out.returncode == 2 and "would replace the input" in out.stderr and case.read_bytes() == before
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "a.yaml").write_bytes(before)
    out = reasoner("batch", str(folder), "lawful", "-o", str(folder / "a.yaml"))
    assert out.returncode == 2 and (folder / "a.yaml").read_bytes() == before


def test_output_dash_is_stdout(tmp_path):
    cases = tmp_path / "in.jsonl"
    cases.write_text(PERSON % '"ok"', encoding="utf-8")
    out = reasoner("batch", str(cases), "age(p1, N)", "-o", "-", cwd=tmp_path)
    assert out.returncode == 0 and '"answer": "true"' in out.stdout and not (tmp_path / "-").exists()
    out = reasoner("export", str(AIRPORT), "lawful", "--to", "text", "-o", "-", cwd=tmp_path)
    assert out.returncode == 0 and "Question:" in out.stdout and not (tmp_path / "-").exists()


def test_folder_entries_that_are_not_case_files_are_reported(tmp_path):
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "a.yaml").write_text(AIRPORT.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "dangling.yaml").symlink_to(tmp_path / "nowhere.yaml")
    os.mkfifo(folder / "pipe.yaml")
    (folder / "dir.yaml").mkdir()
    out = reasoner("batch", str(folder), "lawful", "--verdicts-only", timeout=60)
    assert out.returncode == 2
    results = {r["id"]: r for r in map(json.loads, out.stdout.splitlines())}
    assert results["a"]["answer"] == "false"
    assert "dangling" in results["dangling"]["error"] and "FIFO" in results["pipe"]["error"]
    assert "folder" in results["dir"]["error"]
    assert "3 error(s)" in out.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_export_md_beside_a_fifo_does_not_hang(tmp_path):
    os.mkfifo(tmp_path / "x.svg")
    out = reasoner("export", str(AIRPORT), "lawful", "-o", str(tmp_path / "x.md"), timeout=60)
    assert out.returncode == 2 and "x.svg exists and is not a figure reasoner drew" in out.stderr
    assert not (tmp_path / "x.md").exists()


def test_json_money_is_always_a_plain_decimal_string(tmp_path):
    # a fractional pound made "dollars": "225.02 (+0.5 cent)": not a decimal, not askable back
    from fractions import Fraction

    from reasoner.render.jsonout import money_data
    assert money_data(22502) == {"type": "money", "dollars": "225.02"}
    assert money_data(Fraction(45005, 2)) == {"type": "money", "dollars": "225.03", "exact_dollars": "225.025",
                                              "rounded": "half up to the cent"}
    assert money_data(-150)["dollars"] == "-1.50"
    assert money_data(Fraction(-45005, 2))["dollars"] == "-225.02"        # half up: toward more money


def test_the_text_shows_a_fraction_of_a_cent_rounded_as_json_does_and_it_can_be_asked_back(tmp_path):
    from fractions import Fraction

    from reasoner.core.values import show_money
    assert show_money(Fraction(45005, 2)) == "$225.03 (rounded half up from $225.025)"   # was "$225.02 (+0.5 cent)"
    assert show_money(Fraction(1234567891, 10)) == "$1,234,567.89 (rounded half up from $1,234,567.891)"
    prog = tmp_path / "half.dl"
    prog.write_text('@entity thing "a thing".\n@input price(T: thing, M: money(dollars)) "the price of {T}".\n'
                    '@predicate half(T: thing, M: money) "half the price of {T}".\n'
                    "half(T, H) :- price(T, M), H = M / 2.\n", encoding="utf-8")
    case = tmp_path / "c.yaml"
    case.write_text("entities:\n  t1: {type: thing, price: 450.05}\n", encoding="utf-8")
    out = reasoner("ask", "--rules", str(prog), str(case), "half(t1, M)")
    assert "$225.03 (rounded half up from $225.025)" in out.stdout, out.stdout
    data = json.loads(reasoner("ask", "--format", "json", "--rules", str(prog), str(case), "half(t1, M)").stdout)
    assert data["bindings"][0]["M"] == {"type": "money", "dollars": "225.03", "exact_dollars": "225.025",
                                        "rounded": "half up to the cent"}
    back = json.loads(reasoner("ask", "--format", "json", "--rules", str(prog), str(case),
                               "half(t1, 225.025)").stdout)      # before: refused, "at most two decimals"
    assert back["answer"] == "true"
    assert json.loads(reasoner("ask", "--format", "json", "--rules", str(prog), str(case),
                               "half(t1, 225.03)").stdout)["answer"] == "false"


@pytest.mark.parametrize("found, excess_cents, tier", [
    ("83500.5", 3500 * 5, "348.21(3)(b)1.c"),     # 3,500.5 lb of excess: 3,500 whole pounds at 5 cents
    ("82000.5", 2000 * 3, "348.21(3)(b)1.b"),     # over 2,000 lb decides the bracket; 2,000 pounds charged
    ("82000", 2000 * 1, "348.21(3)(b)1.a"),       # not over 2,000 lb
])
def test_each_pound_of_excess_is_a_whole_pound(tmp_path, found, excess_cents, tier):
    # before: 3,500.5 lb gave "$225.02 (+0.5 cent)"; s. 348.21 (3) (b) charges "for each pound"
    case = tmp_path / "frac.yaml"
    case.write_text((ROOT / "facts" / "ch348_grain_semi_first_offense.yaml").read_text(encoding="utf-8")
                    .replace("found_weight_lb: 83500", f"found_weight_lb: {found}"), encoding="utf-8")
    data = json.loads(reasoner("ask", "--format", "json", str(case), "forfeiture(V, M, N)").stdout)
    [binding] = data["bindings"]
    assert binding["M"] == {"type": "money", "dollars": f"{(5000 + excess_cents) / 100:.2f}"}
    assert binding["N"] == {"type": "money", "dollars": f"{(20000 + excess_cents) / 100:.2f}"}
    text = reasoner("ask", str(case), "forfeiture").stdout
    assert tier in text
    # the reading is shown with the amount where the excess has a fraction of a pound, and only
    # there (review 5, 11: '3,500.5 lb is charged as 3,500 lb' where no vehicle had a fraction)
    assert ("each whole pound" in text) == ("." in found), text


def test_csv_money_cells_are_dollars(tmp_path):
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "grain.yaml").write_text((ROOT / "facts" / "ch348_grain_semi_first_offense.yaml").read_text(encoding="utf-8"),
                                       encoding="utf-8")
    out = reasoner("batch", str(folder), "forfeiture(V, M, N)", "--to", "csv")
    rows = list(csv.reader(io.StringIO(out.stdout)))
    assert rows[1][3:6] == ["semi1", "225.00", "375.00"], rows


def test_jsonl_errors_are_located_at_the_jsonl_line(tmp_path):
    # they were located at a line of the internal YAML rendering ("bad:4")
    cases = tmp_path / "in.jsonl"
    cases.write_text(PERSON % '"ok"' + '{"id": "bad", "entities": {"p1": {"type": "person", "age": "x"}}}\n',
                     encoding="utf-8")
    for flags in ([], ["--verdicts-only"]):
        out = reasoner("batch", str(cases), "age(p1, N)", *flags)
        bad = json.loads(out.stdout.splitlines()[1])
        assert bad["location"] == f"{cases}:2" and "age" in bad["error"], bad
