"""A directory of fact files for `reasoner run PROGRAM FACTS_DIR`: one relation per file.

- `NAME.csv`: comma-separated; a field in double quotes ("" for a quote inside) is a string;
- `NAME.tsv`, `NAME.facts` (Soufflé's format): tab-separated, no quoting.

Each file holds the rows of relation NAME, all with the same number of fields. Values are typed by
the program's declaration of NAME (`@input` / `@predicate`: number, money in dollars, time, date,
symbol, string, entity), or else by value: an unquoted field that reads as a number is an exact
number, anything else a string. A quoted field is always a string, so "01", "1", "1.0" and "true"
stay four different strings. Files are read line by line (no size limit); the number of rows is
limited instead (MAX_ROWS, `REASONER_MAX_FACT_ROWS`), so memory stays bounded, with one clear error.
YAML case files keep their own limits (facts/case.py).
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any
from types import MappingProxyType

from .blocks import Block, Blocks
from ..core.errors import CaseError, InputLimitError
from ..core.settings import DEFAULT_MAX_FACT_ROWS as MAX_ROWS
from ..core.values import Day, TimeOfDay, parse_number, read_money, read_number, read_quantity
from .valuecheck import check_value

if TYPE_CHECKING:
    from ..language.ast import Param, PredDecl, Program
    from ..language.checks import CheckedProgram

# a field's text and whether it was quoted -> its value
Converter = Callable[[str, bool], Any]

SUFFIXES = MappingProxyType({".csv": ",", ".tsv": "\t", ".facts": "\t"})
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
# what an untyped field reads as a number (the rest is text): a sign, digits with thousands
# separators, a decimal part, an exponent; read_number then holds it to the one rule (40,5 and 017
# are errors, 1,000 is 1000)
NUMBER = re.compile(r"^[-+]?(\d[\d,_]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?$")
_NUMBER_START = frozenset("-+.0123456789")


class Row:
    """A known fact row (the engines read .pred .args .known; loc for messages); the loader makes
    lighter tuple rows (_TupleRow) with the same attributes."""
    __slots__ = ("pred", "args", "known", "loc", "attribute")

    def __init__(self, pred: str, args: tuple[object, ...], loc: str = "") -> None:
        self.pred, self.args, self.known, self.loc, self.attribute = pred, args, True, loc, pred


def fact_files(directory: str | os.PathLike[str]) -> list[tuple[str, Path]]:
    """[(relation name, path)] of the fact files in the directory, sorted; errors for bad names."""
    directory = Path(directory)
    out: list[tuple[str, Path]] = []
    seen: dict[str, Path] = {}
    for path in sorted(directory.iterdir()):
        if path.suffix not in SUFFIXES or not path.is_file():
            continue
        name = path.stem
        if not NAME.match(name) or "__" in name:
            raise CaseError(f"a fact file is named after its relation: {name!r} is not a predicate name",
                            location=str(path), hint="lowercase letters, digits and _, e.g. edge.csv")
        if name in seen:
            raise CaseError(f"two files for relation {name}: {seen[name].name} and {path.name}",
                            location=str(path))
        seen[name] = path
        out.append((name, path))
    if not out:
        raise CaseError("no fact files (NAME.csv, NAME.tsv or NAME.facts) in the directory",
                        location=str(directory))
    return out


def fact_preds(directory: str | os.PathLike[str], prog: Program | None = None) -> tuple[tuple[str, int | None], ...]:
    """(name, arity) of every relation in the directory, from each file's first row; (name, None)
    for an empty file: an input relation with no rows (as a Soufflé `.input` with an empty file),
    its arity taken from the rules that read it (language/checks.py). With the program, each
    file's column count is checked against it first (check_columns)."""
    out: list[tuple[str, int | None]] = []
    for name, path in fact_files(directory):
        if prog is not None:
            check_columns(name, path, prog)
        for _, fields in _records(path):
            out.append((name, len(fields)))
            break
        else:
            out.append((name, None))
    return tuple(out)


def load_facts_dir(directory: str | os.PathLike[str], checked: CheckedProgram, max_rows: int = MAX_ROWS) -> list[Any]:
    """Every row of every fact file, typed, as row objects (.pred .args .known); raises CaseError
    with file:line on a bad row. load_facts_blocks gives the same rows a relation at a time."""
    return load_facts_blocks(directory, checked, max_rows).rows()


def load_facts_blocks(directory: str | os.PathLike[str], checked: CheckedProgram, max_rows: int = MAX_ROWS) -> Blocks:
    """Every row of every fact file, typed, one Block (facts/blocks.py: the relation's values a
    column at a time) per file; raises CaseError with file:line on a bad row.

    A file is read in chunks of lines; a chunk of plain lines (no quote, no blank line, no carriage
    return) is split at once and typed a column at a time (_load_fast). A chunk with anything else
    is read line by line, and a file with a bad row is read again line by line from its start
    (_load_file), so every error names its line. max_rows: the rows all the files may hold (the
    settings' fact_rows: REASONER_MAX_FACT_ROWS, Settings(max_fact_rows=...), passed by the caller)."""
    blocks = Blocks()
    limit = max_rows
    prog = checked.program
    count = 0
    for name, path in fact_files(directory):
        check_columns(name, path, prog)
        make = _row_class(name)
        try:
            columns = _load_fast(name, path, prog, limit, count)
        except _Slow:
            rows: list[Any] = []
            _load_file(name, path, prog, rows, limit, count)
            columns = [list(column) for column in zip(*rows)]
        block = Block(name, columns, make)
        if len(block):
            blocks.append(block)
            count += len(block)
    return blocks


def check_columns(name: str, path: Path, prog: Program) -> None:
    """A fact file's column count against the program: the @input / @predicate declaration of its
    relation, else the arity the rules read it with. A 3-column amount.csv for a declared
    amount(T, M) was loaded as a 3-ary relation the rules never read, its money unconverted, and
    a 1-column one broke evaluation; now either is an error at the file's first line."""
    first = next(iter(_records(path)), None)
    if first is None:
        return
    line_no, fields = first
    arity = len(fields)
    declared = sorted((d for (n, _), d in prog.preds.items() if n == name), key=lambda d: d.arity)
    if declared:
        if any(d.arity == arity for d in declared):
            return
        d = declared[0]
        where = f" ({d.loc.file}:{d.loc.line})" if getattr(d, "loc", None) else ""
        kind = "@input" if d.is_input else "@predicate"
        params = ", ".join(f"{p.name}: {p.type}" for p in d.params)
        raise CaseError(f"{path.name} has {arity} column(s), but {kind} {name}({params}){where} has {d.arity}",
                        location=f"{path}:{line_no}",
                        hint=f"write {d.arity} value(s) a line, in the declared order: {params}")
    used = sorted({lit.atom.key[1] for rule in prog.rules for lit in rule.body
                   if hasattr(lit, "atom") and lit.atom.pred == name})
    if used and arity not in used:
        shown = " or ".join(str(a) for a in used)
        raise CaseError(f"{path.name} has {arity} column(s), but the rules read {name} with {shown} argument(s)",
                        location=f"{path}:{line_no}",
                        hint=f"write {shown} value(s) a line, or declare {name} with @input")


class _TupleRow(tuple):
    """A known fact row: the values themselves (a tuple), its relation on the class (one class per
    relation, made by _row_class); .pred .args .known as the engines read them."""
    __slots__ = ()
    known = True
    loc = ""
    args = property(tuple)


def _row_class(name: str) -> type[_TupleRow]:
    return type("Row", (_TupleRow,), {"__slots__": (), "pred": name, "attribute": name})


class _Slow(Exception):
    """A chunk the column-wise path does not type: the file is read line by line instead."""


CHUNK_BYTES = 1 << 22
_NUMBER_AT_FIELD_START = re.compile(r"\n[-+.0-9]")   # over "\n" + the fields joined by "\n"


def _too_many(limit: int, path: Path) -> InputLimitError:
    return InputLimitError(f"more than {limit:,} fact rows (the memory limit of `reasoner run`)",
                           location=str(path),
                           hint="raise it with REASONER_MAX_FACT_ROWS if the machine has the memory")


def _chunks(f: IO[str]) -> Iterator[str]:
    """The file's text a chunk of whole lines at a time (about CHUNK_BYTES each; the last line
    without its line break if the file ends without one)."""
    carry = ""
    while True:
        text = f.read(CHUNK_BYTES)
        if not text:
            if carry:
                yield carry
            return
        text = carry + text if carry else text
        cut = text.rfind("\n") + 1
        if cut:
            yield text[:cut]
            carry = text[cut:]
        else:
            carry = text


def _load_fast(name: str, path: Path, prog: Program, limit: int, count: int = 0) -> list[list[Any]]:
    """The file's columns (lists of typed values), a chunk at a time; _Slow for anything the
    column-wise path does not read (the caller then reads the file line by line)."""
    sep = SUFFIXES[path.suffix]
    arity: int | None = None
    convert: list[Converter] | None = None
    out: list[list[Any]] = []
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            for text in _chunks(f):
                if "\r" in text or (sep == "," and '"' in text):
                    raise _Slow
                body = text[:-1] if text.endswith("\n") else text
                parts = body.split("\n")
                if not all(parts) or any(map(str.isspace, parts)):
                    raise _Slow  # a blank line (skipped by the line-by-line reading)
                if arity is None:
                    arity = parts[0].count(sep) + 1
                    decl = prog.preds.get((name, arity))
                    convert = None if decl is None else _converters(decl, arity, path)
                    out = [[] for _ in range(arity)]
                if set(map(str.count, parts, [sep] * len(parts))) != {arity - 1}:
                    raise _Slow  # a row of another width: the line-by-line reading names it
                flat = body.replace("\n", sep).split(sep) if arity > 1 else parts
                del parts, body, text
                for i in range(arity):
                    column = flat[i::arity] if arity > 1 else flat
                    if convert is None:
                        if _NUMBER_AT_FIELD_START.search("\n" + "\n".join(column)):
                            try:
                                column = list(map(_unquoted, column))
                            except ValueError:   # 017: the line-by-line reading names the line
                                raise _Slow from None
                    elif convert[i] is not _text:
                        try:
                            column = list(map(convert[i], column, [False] * len(column)))
                        except ValueError:
                            raise _Slow from None
                    out[i].extend(column)
                if count + len(out[0]) > limit:
                    raise _too_many(limit, path)
    except UnicodeDecodeError:
        raise CaseError("fact file is not UTF-8 text", location=str(path)) from None
    except OSError as exc:
        raise CaseError(f"cannot read the fact file: {exc.strerror or exc}", location=str(path)) from None
    return out


def _load_file(name: str, path: Path, prog: Program, rows: list[Any], limit: int, count: int = 0) -> None:
    """One file, line by line (quotes, blank lines, errors with their line number); `count` rows
    of other files were read before it."""
    make = _row_class(name)
    arity: int | None = None
    convert: list[Converter] = []
    plain = False
    for line_no, fields in _records(path):
        if arity is None:
            arity = len(fields)
            decl = prog.preds.get((name, arity))
            convert = _converters(decl, arity, path)
            plain = decl is None
        elif len(fields) != arity:
            raise CaseError(f"{len(fields)} values here but {arity} on the first line of {path.name}",
                            location=f"{path}:{line_no}", hint="every row of a relation has the same number of values")
        try:
            if plain and type(fields) is not _Quoted:
                args = tuple(map(_unquoted, fields))
            else:
                args = tuple(c(v, q) for c, (v, q) in zip(convert, _pairs(fields)))
        except ValueError as exc:
            raise CaseError(f"{name}: {exc}", location=f"{path}:{line_no}", hint=getattr(exc, "hint", None)) from None
        rows.append(make(args))
        if count + len(rows) > limit:
            raise _too_many(limit, path)


def _records(path: Path) -> Iterator[tuple[int, list[Any]]]:
    """(line number, [(text, quoted)]) for each non-empty line of a fact file."""
    sep = SUFFIXES[path.suffix]
    try:
        with open(path, encoding="utf-8-sig", newline="") as f:
            for line_no, line in enumerate(f, 1):
                line = line.rstrip("\r\n")
                if not line.strip():
                    continue
                if sep == "," and '"' in line:
                    yield line_no, _Quoted(_csv_fields(line, path, line_no))
                else:
                    yield line_no, line.split(sep)
    except UnicodeDecodeError:
        raise CaseError("fact file is not UTF-8 text", location=str(path)) from None
    except OSError as exc:
        raise CaseError(f"cannot read the fact file: {exc.strerror or exc}", location=str(path)) from None


class _Quoted(list):
    """The fields of a line with quotes: [(text, quoted)]."""


def _pairs(fields: list[Any]) -> list[tuple[str, bool]]:
    return fields if type(fields) is _Quoted else [(v, False) for v in fields]


def _csv_fields(line: str, path: Path, line_no: int) -> list[tuple[str, bool]]:
    """Fields of one CSV line with quotes; (text, quoted)."""
    out: list[tuple[str, bool]] = []
    i, n = 0, len(line)
    while True:
        if i < n and line[i] == '"':
            j = i + 1
            buf: list[str] = []
            while True:
                k = line.find('"', j)
                if k < 0:
                    raise CaseError("unterminated quoted field (a quoted field must end on its line)",
                                    location=f"{path}:{line_no}")
                buf.append(line[j:k])
                if k + 1 < n and line[k + 1] == '"':
                    buf.append('"')
                    j = k + 2
                    continue
                i = k + 1
                break
            out.append(("".join(buf), True))
            if i < n and line[i] != ",":
                raise CaseError("text after a closing quote", location=f"{path}:{line_no}",
                                hint='quote the whole field: "a ""b"" c"')
        else:
            k = line.find(",", i)
            k = n if k < 0 else k
            out.append((line[i:k], False))
            i = k
        if i >= n:
            return out
        i += 1  # the comma
        if i == n:
            out.append(("", False))
            return out


def _by_value(text: str, quoted: bool) -> Any:
    return text if quoted else _unquoted(text)


def _unquoted(text: str) -> Any:
    """An unquoted field typed by value: a number if it reads as one, else a string."""
    if not text or text[0] not in _NUMBER_START:  # a word: the common case, fast
        return text
    if text.isdigit() and len(text) <= 18 and text.isascii() and (text[0] != "0" or len(text) == 1):
        return int(text)   # a plain whole number; 017 goes on to read_number, which refuses it
    if NUMBER.match(text):
        return read_number(text)   # the one number reader: no leading zero, ASCII digits
    return text


def _converters(decl: PredDecl | None, arity: int, path: Path) -> list[Converter]:
    if decl is None:
        return [_by_value] * arity
    out: list[Converter] = []
    for p in decl.params:
        t = p.type
        if t == "number":
            out.append(_number)
        elif t == "money":
            out.append(_money)
        elif t == "time":
            out.append(lambda v, q: TimeOfDay.parse(v))
        elif t == "date":
            out.append(lambda v, q: Day.parse(v))
        else:  # symbol, string, entity reference
            out.append(_text)
        if p.words is not None or (p.low is not None and t in ("number", "money")):
            out[-1] = _in_space(out[-1], decl.name, p)
    return out


class _OutOfSpace(ValueError):
    """A value outside its declared space (the line-by-line reading names the line)."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.hint = hint


def _in_space(convert: Converter, name: str, param: Param) -> Converter:
    """The converter, then the declared value space (closed words, range) as in a case file."""
    def checked(text: str, quoted: bool) -> Any:
        value = convert(text, quoted)
        try:
            check_value(name, param, value, text, "")
        except CaseError as exc:
            raise _OutOfSpace(exc.message.split(": ", 1)[-1], exc.hint or "") from None
        return value
    return checked


def _text(text: str, quoted: bool) -> str:
    return text


def _number(text: str, quoted: bool) -> Any:
    return read_quantity(text)


def _money(text: str, quoted: bool) -> Any:
    return read_money(text)
