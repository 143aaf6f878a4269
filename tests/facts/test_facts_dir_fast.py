"""The column-wise fact-file reader (facts/directory.py _load_fast) and the fast model output
(model.py) give exactly what the line-by-line reader and the per-row writer give."""
from __future__ import annotations

from fractions import Fraction

import pytest

from reasoner.facts import directory
from reasoner.apps.run import _fact_text, _facts_text, row_order, sort_rows
from reasoner.engine.rulebase import Rulebase
from reasoner.language.ast import Program
from reasoner.language.parser import parse_text


def checked(text, preds):
    prog = Program()
    prog.merge(parse_text(text, "p.dl"))
    return Rulebase(prog, None, require_provisions=False, fact_preds=preds).checked


def both(tmp_path, name, content, program=""):
    d = tmp_path / "facts"
    d.mkdir(exist_ok=True)
    (d / name).write_bytes(content.encode("utf-8"))
    c = checked(program, directory.fact_preds(d))
    fast = directory.load_facts_dir(d, c)
    slow = []
    for rel, path in directory.fact_files(d):
        directory._load_file(rel, path, c.program, slow, directory.MAX_ROWS)
    return fast, slow


def shown(rows):
    return [(r.pred, type(r.args).__name__, [(type(v).__name__, v) for v in r.args], r.known) for r in rows]


@pytest.mark.parametrize("name, content", [
    ("e.facts", "a\tb\nb\tc\n"),
    ("e.facts", "a\t1\nb\t-2.5\nc\t10\n.5\tx\n"),          # numbers typed by value, column by column (01 is an error: test_strict_readers)
    ("e.facts", "a\tb\n\n  \nb\tc"),                     # blank lines, no final line break
    ("e.facts", "a\tb\r\nb\tc\r\n"),                     # CRLF
    ("e.csv", 'a,"1"\nb,1\n"c ""q""",x\n'),              # quoted fields stay strings
    ("e.csv", "x,y,z\n1,2,3\n"),
    ("e.tsv", 'a\t"b"\n'),                               # no quoting in a TSV
    ("e.facts", "\ufeffa\tb\n"),                          # a byte-order mark
])
def test_the_fast_reader_gives_the_line_by_line_rows(tmp_path, name, content):
    fast, slow = both(tmp_path, name, content)
    assert shown(fast) == shown(slow)
    assert fast


def test_declared_columns_are_typed_a_column_at_a_time(tmp_path):
    prog = '@predicate pay(E: symbol, A: money, N: number) "{E} is paid {A}".\n'
    fast, slow = both(tmp_path, "pay.csv", "ann,$1.50,2\nbob,3,0.5\n", prog)
    assert shown(fast) == shown(slow)
    assert [r.args for r in fast] == [("ann", 150, 2), ("bob", 300, slow[1].args[2])]


def test_a_bad_row_is_named_by_its_line_from_the_fast_reader(tmp_path):
    d = tmp_path / "facts"
    d.mkdir()
    (d / "e.facts").write_text("a\tb\nb\tc\nc\n")
    c = checked("", directory.fact_preds(d))
    with pytest.raises(directory.CaseError) as exc:
        directory.load_facts_dir(d, c)
    assert exc.value.location.endswith("e.facts:3")


@pytest.mark.parametrize("rows", [
    {(0, "b", "a"), (0, "a", "b"), (0, "a", "a"), (0, "ab", "c"), (0, "a", "bc")},
    {(0, "b"), (0, "a1"), (0, "a")},
    {(0, 3, "a"), (0, -1, "b"), (0, 3, "A b")},           # "A b" needs quotes: the per-row path
    {(0, "x\0y", "a"), (0, "x", "b")},                    # a NUL inside a value
    {(0, "a\nb", "c"), (0, "a", "c")},                     # a line break inside a value
    {(0, "a", "b"), (0, "a"), (0, "b", "c", "d")},          # rows of different widths
    {(0, "a", "b"), (0, "c", "")},                         # an empty field needs quotes
    {(0, "b"), (0, "B"), (0, "_c"), (0, "d1")},            # a symbol starts with a lowercase letter
    {(0, "a\0", "b"), (0, "a", "\0b")},                    # NULs that would pair up in the keys
    {(0, "b", 2), (0, "a", Fraction(5, 2)), (0, "a", 2), (0, "a", -1), (0, "ab", 0)},  # text, then numbers
    {(0, 10, "b", 1), (0, 9, "b", 2), (0, 10, "a", 3), (0, 10, "b", 0)},  # numbers, text, numbers
    {(0, 1, "x"), (0, "1", "x"), (0, True, "y")},         # a column of numbers and text: row_order
])
def test_fast_text_matches_the_per_row_writer(rows):
    expected = [_fact_text("r", r[1:]) for r in sorted(rows, key=lambda r: row_order(r[1:]))]
    got = "\n".join(_facts_text("r", rows, 1)).split("\n") if all("\n" not in v for r in rows for v in r[1:] if isinstance(v, str)) \
        else None
    if got is not None:
        assert got == expected
    assert [r[1:] for r in sort_rows(rows, 1)] == sorted((r[1:] for r in rows), key=row_order)
