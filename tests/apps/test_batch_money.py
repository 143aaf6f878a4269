"""Batch spreadsheets keep the money: CSV and text cells are dollars (68.00), the CSV header names
the unit, and every saved query whose answer has a money variable is checked over facts/."""
import csv
import io
import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.law.queries import load_saved, saved_queries, variables
from reasoner.language.parser import parse_atom
from reasoner.engine.rulebase import default_rulebase

FACTS = Path(__file__).resolve().parents[2] / "facts"
DOLLARS = re.compile(r"\d+\.\d\d\Z")


def money_queries():
    prog = default_rulebase().checked.program
    out = []
    for name in sorted(saved_queries()):
        atom = parse_atom(load_saved(name).goal)
        decl = prog.preds.get(atom.key)
        money = [v for i, v in variables(atom) if decl and decl.params[i].type == "money"]
        if money:
            out.append((name, money))
    return out


def test_the_money_queries_are_found():
    names = {n for n, _ in money_queries()}
    assert {"forfeiture", "duty_forfeiture", "permit_fee", "records_forfeiture"} <= names


@pytest.mark.parametrize("name, money", money_queries(), ids=[n for n, _ in money_queries()])
@pytest.mark.parametrize("verdicts_only", [False, True], ids=["proofs", "verdicts"])
def test_money_cells_are_dollars_in_csv_and_text(name, money, verdicts_only):
    extra = ["--verdicts-only"] if verdicts_only else []
    jsonl = CliRunner().invoke(main, ["batch", str(FACTS), name, *extra])
    expected = {}   # (id, variable) -> dollars as JSON gives them
    for line in jsonl.stdout.splitlines():
        r = json.loads(line)
        for b in r.get("bindings", []):
            for v in money:
                if isinstance(b.get(v), dict):
                    expected.setdefault((r["id"], v), set()).add(b[v]["dollars"])
    r = CliRunner().invoke(main, ["batch", str(FACTS), name, "--to", "csv", *extra])
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    header = list(rows[0]) if rows else r.stdout.splitlines()[0].split(",")
    for v in money:
        assert f"{v} (dollars)" in header and v not in header
    seen = {}
    for row in rows:
        for v in money:
            cell = row[f"{v} (dollars)"]
            assert "{" not in cell and "type" not in cell, cell
            if cell and cell != "unknown":
                assert DOLLARS.match(cell), (row["id"], v, cell)
                Decimal(cell)   # a number a spreadsheet reads
                seen.setdefault((row["id"], v), set()).add(cell)
    assert seen == expected
    text = CliRunner().invoke(main, ["batch", str(FACTS), name, "--to", "text", *extra]).stdout
    assert "bindings (money in dollars)" in text.splitlines()[0]
    assert "'dollars'" not in text and "{'type'" not in text
    for (cid, v), values in expected.items():
        line = next(l for l in text.splitlines() if l.startswith(cid + "\t"))
        for d in values:
            assert f"{v}={d}" in line, (line, v, d)


def test_forfeiture_csv_has_the_amounts_of_a_known_case():
    r = CliRunner().invoke(main, ["batch", str(FACTS), "forfeiture", "--to", "csv"])
    rows = {row["id"]: row for row in csv.DictReader(io.StringIO(r.stdout))}
    semi = rows["ch348_grain_semi_first_offense"]
    assert (semi["Min (dollars)"], semi["Max (dollars)"]) == ("225.00", "375.00")
    cattle = rows["ch348_cattle_near_home"]
    assert (cattle["Min (dollars)"], cattle["Max (dollars)"]) == ("68.00", "218.00")
