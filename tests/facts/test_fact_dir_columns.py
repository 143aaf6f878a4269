"""`run` over a fact directory checks each file against the program.

A 3-column amount.csv for `@input amount(T: thing, M: money)` was loaded as a 3-ary relation: the
rule read the wrong column, money was not converted, and `small(t1)` was derived with exit 0; a
1-column file gave `amount(t1).` and, once a rule read it, a traceback. Now the column count is
checked against the declaration (or the arity the rules read), and each value against its type and
declared value space: an error naming the file and line, exit 2, no traceback."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = ('@entity thing "a thing".\n'
           '@input amount(T: thing, M: money 0..5000) "the amount of {T}".\n'
           '@input colour(T: thing, C: {red, blue}) "the colour of {T}".\n'
           "small(T) :- amount(T, M), M < 1000.\n"
           "red(T) :- colour(T, red).\n")


def run(tmp_path, files, *args, program=PROGRAM):
    (tmp_path / "p.dl").write_text(program, encoding="utf-8")
    facts = tmp_path / "fd"
    facts.mkdir(exist_ok=True)
    for old in facts.iterdir():
        old.unlink()
    for name, text in files.items():
        (facts / name).write_text(text, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "reasoner.cli", "run", "p.dl", "fd", *args], capture_output=True,
                          text=True, cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)))


@pytest.mark.parametrize("text, columns", [("t1,5,extra\n", 3), ("t1\n", 1)])
def test_column_count_against_the_declaration(tmp_path, text, columns):
    out = run(tmp_path, {"amount.csv": text}, "--query", "small(T)")
    assert out.returncode == 2, out.stdout
    assert "Traceback" not in out.stderr and "internal error" not in out.stderr
    assert f"fd/amount.csv:1: amount.csv has {columns} column(s), but @input amount(T: thing, M: money)" in out.stderr
    assert "p.dl:2" in out.stderr and "small(t1)" not in out.stdout


def test_the_declared_file_reads_money_in_dollars(tmp_path):
    out = run(tmp_path, {"amount.csv": "t1,5\nt2,20\n"}, "--query", "small(T)")
    assert out.returncode == 0, out.stderr
    assert "amount(t1, 500)." in out.stdout and "T=t1: true" in out.stdout and "T=t2" not in out.stdout


def test_a_row_of_another_width_is_named_at_its_line(tmp_path):
    out = run(tmp_path, {"amount.tsv": "t1\t5\nt2\t6\t7\n"})
    assert out.returncode == 2 and "fd/amount.tsv:2" in out.stderr


def test_values_against_type_and_space(tmp_path):
    out = run(tmp_path, {"amount.csv": "t1,5\nt2,6000\n"})
    assert out.returncode == 2 and "fd/amount.csv:2: amount: 6000 is out of range" in out.stderr
    out = run(tmp_path, {"amount.csv": "t1,five\n"})
    assert out.returncode == 2 and "fd/amount.csv:1: amount" in out.stderr
    out = run(tmp_path, {"colour.csv": "t1,red\nt2,redd\n"})
    assert out.returncode == 2 and "fd/colour.csv:2: colour: 'redd' is not a word" in out.stderr
    assert "did you mean: red?" in out.stderr


def test_an_undeclared_relation_against_the_rules_arity(tmp_path):
    program = "edge(X, Y) :- link(X, Y).\n"
    out = run(tmp_path, {"link.csv": "a,b,c\n"}, program=program)
    assert out.returncode == 2 and "fd/link.csv:1: link.csv has 3 column(s), but the rules read link with 2" in out.stderr
    out = run(tmp_path, {"link.csv": "a,b\n"}, program=program)
    assert out.returncode == 0 and "edge(a, b)." in out.stdout
