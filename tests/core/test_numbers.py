"""One number reader for every source (docs/NUMBERS.md).

A comma was deleted wherever it stood: "$5,00" read as $500.00, 5,01 as 501, "40,5" as 405, "4,0,0"
as 400 -- in YAML, CSV, JSONL, interview answers, fact directories and query constants. Now a
comma (or an underscore) is a thousands separator only where it groups exactly three digits;
anything else with one is an error at its file and line with the hint "write 40.5; a comma is read
only as a thousands separator". Exponents are read (4E1 is 40), a leading zero (017), digits other
than 0-9 and fractions (1/4) are refused -- the same in every reader."""
import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.core import values

ROOT = Path(__file__).resolve().parents[2]
GRAIN = ROOT / "facts" / "ch348_grain_semi_first_offense.yaml"
COMMA = "a comma is read only as a thousands separator"


def reasoner(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "reasoner.cli", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))


@pytest.mark.parametrize("text, value", [
    ("1,000", 1000), ("12,345,678", 12345678), ("1,000.5", Fraction(2001, 2)), ("1_000", 1000),
    ("40.5", Fraction(81, 2)), ("0", 0), ("0.5", Fraction(1, 2)), (".5", Fraction(1, 2)), ("-3", -3),
    ("+3", 3), ("4E1", 40), ("2.5e-3", Fraction(1, 400)), ("  7 ", 7), ("-0", 0),
])
def test_accepted(text, value):
    assert values.read_number(text) == value


@pytest.mark.parametrize("text, hint", [
    ("40,5", "write 40.5; " + COMMA), ("5,01", "write 5.01; " + COMMA), ("4,0,0", COMMA),
    ("1,00", COMMA), ("1,0000", COMMA), ("1,000_000", COMMA), ("1000,5", COMMA), ("1_0", "group them in threes"),
    ("017", "write 17"), ("00", "write 0"), ("1/4", "0.25"), ("١٢", "digits 0-9"), ("１２", "digits 0-9"),
    ("1e101", "fewer digits"), ("nan", ""), ("inf", ""), ("0x1A", ""), ("1.2.3", ""), ("", "write a number"),
])
def test_refused_with_what_to_write(text, hint):
    with pytest.raises(values.NumberError) as err:
        values.read_number(text)
    assert hint in err.value.hint


def test_money():
    assert values.parse_dollars("$84,001.50") == 8400150
    assert values.parse_dollars("$1,000") == 100000 and values.parse_dollars("-$5") == -500
    for bad in ("$5,00", "5,01", "$4,0,0", "$1/4"):
        with pytest.raises(ValueError):
            values.parse_dollars(bad)


# -- every reader ------------------------------------------------------------------------------

def _grain(tmp_path, value):
    case = tmp_path / "g.yaml"
    case.write_text(GRAIN.read_text(encoding="utf-8").replace("found_weight_lb: 83500", f"found_weight_lb: {value}"),
                    encoding="utf-8")
    return reasoner("ask", str(case), "forfeiture(V, M, N)")


def test_yaml_number_with_thousands_separators_reads_as_the_number(tmp_path):
    plain = reasoner("ask", str(GRAIN), "forfeiture(V, M, N)")
    grouped = _grain(tmp_path, "83,500")
    assert grouped.returncode == 0, grouped.stderr
    assert grouped.stdout.replace(str(tmp_path / "g.yaml"), str(GRAIN)).split("\n", 1)[1] == \
        plain.stdout.split("\n", 1)[1]
    assert "$225.00" in grouped.stdout and "$375.00" in grouped.stdout
    assert "$225.00" in _grain(tmp_path, "8.35e4").stdout   # an exponent: read


@pytest.mark.parametrize("value, hint", [("83,50", "write 83.50; " + COMMA), ('"40,5"', "write 40.5; " + COMMA),
                                         ("4,0,0", COMMA), ("017", "write 17"), ('"1/4"', "0.25"),
                                         ("８３５００", "digits 0-9")])
def test_yaml_number_refused_at_its_line(tmp_path, value, hint):
    out = _grain(tmp_path, value)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "g.yaml:10: found_weight_lb" in out.stderr and hint in out.stderr, out.stderr


def test_unquoted_exponent_is_not_told_to_remove_quotes(tmp_path):
    out = _grain(tmp_path, "4E1")
    assert out.returncode == 0 and "remove the quotes" not in out.stderr, out.stderr


def _person_case(tmp_path, amount):
    case = tmp_path / "m.yaml"
    case.write_text(f"entities:\n  p1:\n    type: person\n    age: 13\n    course_amount_charged: {amount}\n",
                    encoding="utf-8")
    return case


def test_yaml_money(tmp_path):
    out = reasoner("ask", "--format", "json", str(_person_case(tmp_path, '"$1,000.50"')), "course_amount_charged(p1, M)")
    assert json.loads(out.stdout)["bindings"][0]["M"] == {"type": "money", "dollars": "1000.50"}
    bad = reasoner("ask", str(_person_case(tmp_path, '"$5,00"')), "course_amount_charged(p1, M)")
    assert bad.returncode == 2 and "m.yaml:5: course_amount_charged" in bad.stderr
    assert "write $5.00; " + COMMA in bad.stderr   # the hint keeps the dollar sign


def test_jsonl_and_csv_batches(tmp_path):
    jsonl = tmp_path / "in.jsonl"
    jsonl.write_text(
        '{"id": "a", "entities": {"p1": {"type": "person", "age": 13, "course_amount_charged": "$5,00"}}}\n'
        '{"id": "b", "entities": {"p1": {"type": "person", "age": "4,0,0"}}}\n'
        '{"id": "c", "entities": {"p1": {"type": "person", "age": 13, "course_amount_charged": "$1,000"}}}\n',
        encoding="utf-8")
    csvf = tmp_path / "in.csv"
    csvf.write_text('id,entity,type,age,course_amount_charged\na,p1,person,13,"$5,00"\nb,p1,person,"40,5",\n'
                    'c,p1,person,13,"$1,000"\n', encoding="utf-8")
    for path in (jsonl, csvf):
        out = reasoner("batch", str(path), "course_amount_charged(p1, M)", "--verdicts-only")
        results = [json.loads(line) for line in out.stdout.splitlines()]
        assert [r.get("answer") for r in results] == [None, None, "true"], out.stdout
        assert all(COMMA in r["hint"] for r in results[:2]), results
        assert results[2]["bindings"][0]["M"]["dollars"] == "1000.00"
    out = reasoner("batch", str(csvf), "course_amount_charged(p1, M)", "--verdicts-only")
    assert [json.loads(line)["location"] for line in out.stdout.splitlines()[:2]] == [f"{csvf}:2", f"{csvf}:3"]


PROGRAM = """@entity operation "a snowmobile operation".
@input speed(O: operation, N: number(mph) 0..) "the speed in {O}".
@input fee(O: operation, F: money 0..500) "the fee paid for {O}".
@predicate ok(O: operation) "{O} is ok".
ok(O) :- speed(O, S), S <= 50, fee(O, F), F > 1000.
"""


def test_interview_answers(tmp_path):
    prog = tmp_path / "p.dl"
    prog.write_text(PROGRAM)
    case = tmp_path / "case.yaml"
    case.write_text("entities:\n  op1: {type: operation}\n")
    r = CliRunner().invoke(main, ["interview", str(case), "ok(op1)", "--rules", str(prog)],
                           input="$5,00\n$12.50\n40,5\n40.5\n")
    assert r.exit_code == 0, r.stderr
    assert r.stderr.count(COMMA) == 2, r.stderr     # each refused once, then asked again
    assert "now TRUE" in r.stderr


def test_fact_directory(tmp_path):
    (tmp_path / "a.dl").write_text('@entity thing "a thing".\n@input amount(T: thing, M: money) "the amount of {T}".\n'
                                   "small(T) :- amount(T, M), M < 1000.\n", encoding="utf-8")
    (tmp_path / "case.yaml").write_text("{}\n")
    facts = tmp_path / "fd"
    facts.mkdir()
    (facts / "amount.facts").write_text("t1\t5,00\n", encoding="utf-8")
    out = reasoner("run", "a.dl", "fd", "--query", "small(T)", cwd=tmp_path)
    assert out.returncode == 2 and "fd/amount.facts:1: amount" in out.stderr and "write 5.00" in out.stderr
    (facts / "amount.facts").unlink()
    (facts / "amount.csv").write_text('t1,"$1,000"\nt2,"5"\n', encoding="utf-8")
    out = reasoner("run", "a.dl", "fd", "--query", "amount(T, M)", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "T=t1, M=100000: true" in out.stdout and "T=t2, M=500: true" in out.stdout
    (facts / "amount.csv").write_text("t1,017\n", encoding="utf-8")
    out = reasoner("run", "a.dl", "fd", cwd=tmp_path)
    assert out.returncode == 2 and "fd/amount.csv:1" in out.stderr and "write 17" in out.stderr


def test_query_and_rule_constants(tmp_path):
    case = _person_case(tmp_path, 5)
    out = reasoner("ask", str(case), 'course_amount_charged(p1, "$5,00")')
    assert out.returncode == 2 and "write $5.00; " + COMMA in out.stderr
    assert reasoner("ask", "--exit-code", str(case), 'course_amount_charged(p1, "$5.00")').returncode == 0
    out = reasoner("ask", str(case), 'course_amount_charged(p1, "1/4")')
    assert out.returncode == 2 and "0.25" in out.stderr
    rules = tmp_path / "r.dl"
    rules.write_text('@entity thing "a thing".\n@input n(T: thing, N: number) "the n of {T}".\n'
                     "big(T) :- n(T, N), N > 1_0.\n", encoding="utf-8")
    out = reasoner("run", str(rules), str(case))
    assert out.returncode == 2 and "r.dl:3" in out.stderr and "group them in threes" in out.stderr, out.stderr
