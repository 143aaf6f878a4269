"""Spreadsheets in and out of `reasoner batch`: the CSV header checked once against the vocabulary,
errors of a CSV case located at its CSV line, and `--to csv` output (one row per binding)."""
from __future__ import annotations

import csv
import difflib
import io
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..core.errors import BatchInputError
from ..core.fileinput import CONTROL_HINT, control_character
from .case import dump_dict

if TYPE_CHECKING:
    from ..language.ast import Program

FIXED = ("id", "entity", "type", "description")

# one record of a CSV case file: (its CSV line, column -> cell, why it cannot be read or None)
Record = tuple[int, dict[str, str], str | None]


class CsvCase(Protocol):
    """A case read from a CSV file (apps/batch.py Item): its id, the mapping it was read as, and
    the CSV line of each entity ("": the file's path)."""
    @property
    def id(self) -> str: ...
    @property
    def source(self) -> Any: ...
    @property
    def lines(self) -> dict[str, Any]: ...


def check_header(columns: Sequence[str | None], prog: Program, where: str) -> None:
    """Raise BatchInputError (once, at line 1) for a column that is no attribute of any entity kind."""
    twice = sorted({c for c in columns if c is not None and columns.count(c) > 1})
    if twice:   # which of the two cells would count? neither silently
        raise BatchInputError(f"column(s) {', '.join(map(repr, twice))} appear more than once in the header",
                              location=where, hint="keep one column per attribute")
    known = {d.name for d in prog.preds.values()
             if d.is_input and d.params and d.params[0].type in prog.entities and d.arity <= 2}
    unknown = [c for c in columns if c is not None and c not in FIXED and c not in known]
    if not unknown:
        return
    hints: list[str] = []
    for col in unknown:
        close = difflib.get_close_matches(col, sorted(known), n=1, cutoff=0.6)
        if close:
            hints.append(f"{col} -> {close[0]}")
    raise BatchInputError(f"unknown column(s) {', '.join(map(repr, unknown))} in the header",
                          location=where,
                          hint=("did you mean: " + "; ".join(hints) + "?") if hints else
                          "columns are id, entity, type, description and attributes (see `reasoner vocab`)")


_ENTITY_LINE = re.compile(r"^  (['\"]?)(.+?)\1:(?:\s|$)")


def csv_location(item: CsvCase, location: str) -> str:
    """A CSV case is read as a mapping and checked as YAML: map a `ID:LINE` location in that YAML
    back to the CSV line of the entity it is about."""
    if not location or not location.startswith(f"{item.id}:"):
        return location
    try:
        yaml_line = int(location[len(item.id) + 1:].split(":")[0])
    except ValueError:
        return location
    entity = None
    for text in dump_dict(item.source).splitlines()[:yaml_line]:
        m = _ENTITY_LINE.match(text)
        if m:
            entity = m.group(2)
    path = item.lines.get("", "")
    line = item.lines.get(entity) if entity is not None else None
    if line is None:
        line = min(v for k, v in item.lines.items() if k != "")
    return f"{path}:{line}"


def column_name(variable: str, type_name: str | None = None) -> str:
    """A query variable's column: money columns name their unit ("Min (dollars)")."""
    return f"{variable} (dollars)" if type_name == "money" else variable


def csv_header(variables: Sequence[str], types: dict[str, str] | None = None) -> str:
    types = types or {}
    return _row(["id", "answer", "binding_answer", *[column_name(v, types.get(v)) for v in variables],
                 "cited", "cited_as", "missing", "presumed", "not_applicable", "error", "location",
                 "presumed_facts", "offenders"])


def presumed_text(result: dict[str, Any]) -> str:
    """The presumptions an answer relies on, in words: 'it is not the case that op1 was carried out
    to fulfil the corporate function of a public utility (s. 350.045)' (the fact's form when no
    sentence was made for it)."""
    return "; ".join(f"{p.get('sentence') or p['fact']} (s. {p['citation']})" for p in result.get("presumed", []))


def offenders_text(result: dict[str, Any]) -> str:
    """Who committed each violation: 'p1 (the operator): s. 350.05(2) in op1; dad (the owner or
    person in charge or control): s. 350.08 in op1' (the `offenders` column); 'an unnamed operator'
    where the case names no one in the role."""
    out: list[str] = []
    for o in result.get("offenders", []) or []:
        who = f"{o['offender']} (the {o['role']})" if o.get("offender") else f"an unnamed {o['role']}"
        cited = f"ss. {o['provision']}" if " to " in o["provision"] else f"s. {o['provision']}"
        out.append(f"{who}: {cited}" + (f" in {o['in']}" if o.get("in") else ""))
    return "; ".join(out)


def presumed_facts(result: dict[str, Any]) -> str:
    """The same presumptions as facts, for a program to read: 'not public_utility_function(op1)
    (s. 350.045)' (the `presumed_facts` column, as the `presumed` column was before it had words)."""
    return "; ".join(f"{p['fact']} (s. {p['citation']})" for p in result.get("presumed", []))


def csv_rows(result: dict[str, Any], variables: Sequence[str]) -> str:
    """One CSV row per binding of a batch result (one row when there is none, or on error). Money
    cells are dollars as a plain decimal (68.00, which a spreadsheet reads as a number; the header
    names the unit), numbers as plain numbers."""
    if "error" in result:
        return _row([result["id"], "error", "", *[""] * len(variables), "", "", "", "", "",  # cited .. not_applicable
                     result["error"] + (f" (hint: {result['hint']})" if result.get("hint") else ""),
                     result.get("location", ""), "", ""])
    cited = "; ".join(result.get("cited", []))
    missing = "; ".join(result.get("missing", [])[:3])
    # the presumptions the answer relies on (burden of proof): an assumption is never left out
    presumed, facts = presumed_text(result), presumed_facts(result)
    bindings = result.get("bindings") or [{}]
    return "\n".join(_row([result["id"], result["answer"], b.get("answer", ""),
                           *[cell_text(b.get(v, "")) for v in variables], cited, result.get("cited_as", ""), missing,
                           presumed, result.get("not_applicable", ""), "", "", facts, offenders_text(result)])
                     for b in bindings)


def cell_text(value: object) -> str:
    """A binding as a cell: unknown for an unknown value; money ({"type": "money", "dollars": ...},
    render/jsonout.py) as its dollars; anything else as its text."""
    if value is None:
        return "unknown"
    if isinstance(value, dict) and "dollars" in value:   # money as JSON writes it: the dollars
        return str(value["dollars"])                     # (it printed the Python dict)
    return str(value)


_FORMULA = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def _inert(cell: object) -> str:
    """A cell that a spreadsheet would run as a formula (CSV injection: it starts with =, +, -, @,
    a tab or a carriage return) gets a leading apostrophe, which spreadsheets show as text; a
    number such as -5 stays as it is. Every line of a cell is guarded: a cell with a line break
    starts a new physical line, which some readers take for the start of a cell."""
    text = str(cell)
    if "\n" in text or "\r" in text:
        return "".join(_guard(line) for line in _LINES.split(text))
    return _guard(text)


_LINES = re.compile(r"(?<=\r\n)|(?<=\n)|(?<=\r)(?!\n)")


def _guard(text: str) -> str:
    if text[:1] in _FORMULA and not _NUMBER.fullmatch(text.rstrip("\r\n")):
        return "'" + text
    return text


def _row(cells: Sequence[object]) -> str:
    """One CSV record; a cell with a line break, a comma or a quote is quoted (the csv module quotes
    the characters of its line terminator: with none, a newline went out bare and split the row)."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerow([_inert(c) for c in cells])
    return out.getvalue()[:-2]


def read_records(text: str, where: str) -> tuple[list[str], list[Record]]:
    """(columns, records) of a CSV case file: each record is (line, row, problem) with `line` the CSV
    line the record starts on (blank lines and quoted line breaks counted), `row` a column -> cell
    mapping, and `problem` None or why the record cannot be read as it stands (a row with more or
    fewer fields than the header: a missing or extra comma would shift every later cell into the
    wrong column). A quoted field left open is an error for the whole file (BatchInputError at the
    line it opens on): everything after it would be read as that one field."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    columns: list[str] | None = None
    records: list[Record] = []
    end = 0
    while True:
        start = end + 1
        try:
            fields = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            what = ("a quoted field opened in this record is never closed" if "end of data" in str(exc)
                    else f"this CSV record cannot be read ({exc})")
            raise BatchInputError(what,
                                  location=f"{where}:{start}",
                                  hint='a field that starts with " must end with " (write "" for a quote '
                                       'inside it)') from None
        end = reader.line_num
        if not fields:
            continue                                   # a blank line
        if columns is None:
            columns = fields
            bad = next(filter(None, map(control_character, columns)), None)
            if bad:
                raise BatchInputError(f"{bad} in the header", location=f"{where}:{start}", hint=CONTROL_HINT)
            continue
        row = dict(zip(columns, fields))
        problem = None
        bad_cell = next(((c, control_character(v)) for c, v in zip(columns, fields) if control_character(v)), None)
        if bad_cell:
            problem = f"{bad_cell[1]} in column {bad_cell[0]!r} ({CONTROL_HINT})"
        elif len(fields) != len(columns):
            problem = (f"the row has {len(fields)} field(s) but the header has {len(columns)} column(s) "
                       f"(every row needs one field per column; leave a field empty when unknown)")
        records.append((start, row, problem))
    return columns or [], records
