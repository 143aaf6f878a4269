"""`reasoner run`: evaluate any program in the language over a case and report its model."""
from __future__ import annotations

import re
from fractions import Fraction
from itertools import repeat
from operator import itemgetter
from pathlib import Path
from types import SimpleNamespace
from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..facts.case import Case, parse_case, read_case_text
from ..core.values import UNKNOWN
from ..core.settings import current
from ..law.queries import check_atom, pattern, variables
from ..language.parser import parse_atom
from ..render.jsonout import plain
from ..engine.rulebase import Rulebase, read_program
from ..law.index import default_index
from ..core.worker import keep
from ..core.gcpause import paused
from ..language.ast import Const, quote_string
from ..engine.codes import ThreeValuedAnswers, cname
from ..core.errors import CaseError
from ..facts.yamlsafe import read_yaml
from ..facts.directory import fact_preds, load_facts_blocks
from ..facts.querycheck import check_query_constants
from ..facts.presume import applied
from ..engine.setsession import SetSession
from ..render.jsontext import dumps

if TYPE_CHECKING:
    from ..language.ast import Atom

# a relation's row: values of the language (text, numbers, times, dates, unknown), any of them
Row = tuple[Any, ...]

def evaluate_program(program_paths: Sequence[str], case_path: str, query: str | None = None, engine: str = "sets",
                     text: bool = False, as_json: bool = False) -> dict[str, Any]:
    """Runs in the time-limited worker; returns plain JSON-able data, or with as_json=True
    {"json": that data as `json.dumps(data, indent=2, ensure_ascii=False)` writes it} (written
    here, a column at a time: render/jsontext.py).

    The model holds every relation of the program, the input relations included (as Soufflé's
    and clingo's do): facts of the rule file and of the case united, and every derived relation.
    Each relation's rows are sorted (numbers by value before text), so the output is stable."""
    with paused():  # millions of rows and no reference cycles: the collector's passes are pure cost
        out = _evaluate_program(program_paths, case_path, query, engine, text)
        if as_json and not text:
            keep(out)
            return {"json": dumps(out)}
        return out


def _evaluate_program(program_paths: Sequence[str], case_path: str, query: str | None, engine: str,
                      text: bool) -> dict[str, Any]:
    prog = read_program(program_paths)
    facts_dir = Path(case_path).is_dir()
    if facts_dir:  # a directory of NAME.csv / NAME.tsv / NAME.facts files (facts/directory.py)
        preds = fact_preds(case_path, prog)   # a file's columns against the program: named at its line
        case_text = None
    else:
        case_text = read_case_text(case_path)  # once: the case may be a pipe, `<(cat case.yaml)`
        preds = case_fact_preds(case_path, case_text)
    # Raw fact predicates count as defined for the static checks.
    probe = Rulebase(prog, default_index(), require_provisions=False, fact_preds=preds)
    rows: Any   # the set engine's Blocks of a directory, or a case's fact rows
    case: Case | SimpleNamespace
    if facts_dir:
        # a relation a block of columns (facts/blocks.py): the set engine loads each in one step
        rows = load_facts_blocks(case_path, probe.checked, current().fact_rows)
        kinds = probe.checked.program.entities
        entities: dict = {}
        for block in rows:
            if block.pred in kinds and len(block.columns) == 1:
                entities.update(zip(block.columns[0], repeat(block.pred)))
        case = SimpleNamespace(entities=entities)
        keep(rows)
        if engine != "sets":
            rows = rows.rows()
    else:
        assert case_text is not None   # read above: the case is a file
        case = parse_case(case_text, str(case_path), probe.checked, Path(str(case_path)).stem, current().strict)
        rows = case.rows
    atom = parse_atom(query) if query else None
    if atom is not None:
        atom = check_atom(atom, probe.checked)
        check_query_constants(atom, probe.checked, case)  # as ask does: a mistyped id is an error, not FALSE
    out = model_of(probe, rows, atom, engine, text)
    if isinstance(case, Case) and case.presumed:   # the program's @presume filled unstated inputs: say so
        presumed = applied(case, probe.checked)
        if text:
            out["text"] += "% presumed (not raised in the case; --strict turns this off):\n" + "".join(
                f"%   {p['fact']} — s. {p['citation']}: {p['reason']}\n" for p in presumed)
        else:
            out["presumed"] = presumed
    return out


def model_of(rb: Rulebase, rows: Any, atom: Atom | None = None, engine: str = "sets",
             text: bool = False) -> dict[str, Any]:
    """The model of the program `rb` over the fact rows, and the answers to `atom` if given.
    text=True: only {"text": the model as rule-language facts}, each value written as a constant
    of the language (so the string "1" prints as "1", the number as 1)."""
    checked = rb.checked
    keys = sorted(k for k in set(checked.base) | set(checked.derived) if "__" not in k[0])
    model, undetermined = {}, {}
    answers = []
    session: ThreeValuedAnswers
    if engine == "pydatalog":
        from ..engine.pydatalog.session import Session   # lazy: the reference engine loads pyDatalog (heavy, optional)
        session = Session(rb.compiled, rows, current().rows)
    else:
        goals = keys + ([atom.key] if atom is not None else [])
        session = SetSession(rb.set_engine(goals), rows, current().rows)
    lines = []
    arities: dict = {}
    for name, _ in keys:
        arities[name] = arities.get(name, 0) + 1
    with session:
        keep(getattr(session, "_rels", None))   # the worker does not free the relations (worker.keep)
        for name, arity in keys:
            held = None if arities[name] > 1 else _held(session, name, arity)
            if held is None:
                certain, possible = session.status(name, (None,) * arity)
                skip = 0
                walk = certain
            else:
                certain, possible, skip, walk = held   # walk: the certain rows, in load order if known
            rest = possible - certain if possible is not certain else ()
            if text:
                lines.extend(_facts_text(name, walk, skip))
                lines.extend(_facts_text(name, rest, skip, "  % undetermined"))
                continue
            model[name] = _json_rows(walk, skip)
            if rest:
                undetermined[name] = _json_rows(rest, skip)
        if atom is not None:
            from ..engine.exact.openvalues import status   # a constant against an UNKNOWN row: undetermined, not false
            certain, possible, _ = status(session, atom.pred, pattern(atom))
            for rows_, truth in ((certain, "true"), (possible - certain, "undetermined")):
                for row in sort_rows(rows_):
                    answers.append({**{n: plain(row[i]) for i, n in variables(atom)}, "answer": truth})
                    if text:
                        shown = ", ".join(f"{n}={_const_text(row[i])}" for i, n in variables(atom))
                        lines.append(f"%   {shown or '(yes)'}: {truth}")
    if text:
        if atom is not None:
            answer = ("true" if any(a["answer"] == "true" for a in answers) else
                      "undetermined" if answers else "false")
            at = next((i for i, line in enumerate(lines) if line.startswith("%   ")), len(lines))
            lines.insert(at, f"% {atom}: {answer}")
        return {"text": "".join(line + "\n" for line in lines)}
    out = {"model": model, "answers": answers}
    if undetermined:
        out["undetermined"] = undetermined
    if atom is not None:
        out["query"] = str(atom)
        out["answer"] = ("true" if any(a["answer"] == "true" for a in answers) else
                         "undetermined" if answers else "false")
    return out


_SYMBOL = re.compile(r"[a-z][A-Za-z0-9_]*\Z")   # what the rule language writes without quotes


def _const_text(value: Any) -> str:
    """A value as a constant of the rule language (language/ast.py Const), fast for the common ones."""
    t = type(value)
    if t is str:
        return value if _SYMBOL.match(value) else quote_string(value)
    if t is int:
        return str(value)
    if value is UNKNOWN:
        return "unknown"
    return str(Const(value))


def _fact_text(name: str, row: Row) -> str:
    return f"{name}({', '.join(map(_const_text, row))})." if row else f"{name}."


def sort_rows(rows: Iterable[Row], skip: int = 0, kinds: list[set[type]] | None = None) -> list[Row]:
    """Rows in row_order (of their fields after the first `skip`, which are equal in every row: the
    case id); plain tuple order when each column holds only text or only numbers (row_order ranks
    numbers by value and text as text, so within such a column it is the values' own order: the
    same order, much faster on a million rows). kinds: _column_kinds(rows, skip) if known."""
    rows = list(rows)
    if kinds is None:
        kinds = _column_kinds(rows, skip)
    every = set().union(*kinds) if kinds else None
    if every is not None and kinds and all(k <= {str} or k <= {int, Fraction} for k in kinds):
        # past the case id: the sort's fast comparisons apply to the first field that differs
        width = skip + len(kinds)
        if every <= {str} and width > skip:
            # one text key a row: the fields joined by NUL sort as the tuples do when no field holds
            # a NUL, and str keys compare fast
            keys = _text_keys(rows, skip, width)
            if keys is not None:
                by_key = dict(zip(keys, rows))
                keys.sort()
                return list(map(by_key.__getitem__, keys))
        # a stable sort a column at a time, the last column first: the tuples' order, with each
        # comparison one of two values of one kind (three times faster than tuple keys)
        for i in reversed(range(skip, width)):
            rows.sort(key=itemgetter(i))
        if width == skip:
            rows.sort()
    elif skip:
        rows.sort(key=lambda r: row_order(r[skip:]))
    else:
        rows.sort(key=row_order)
    return rows


def _text_keys(rows: Iterable[Row], skip: int, width: int) -> list[str] | None:
    """One str key a row of text fields past `skip`, ordered as the rows are: the fields joined by
    NUL (no field holds one, else None); distinct rows have distinct keys."""
    if width - skip == 1:
        return list(map(itemgetter(skip), rows))
    keys = list(map("\0".join, map(itemgetter(*range(skip, width)), rows)))
    if "\0".join(keys).count("\0") != len(keys) * (width - skip) - 1:
        return None
    return keys


def _column_kinds(rows: Collection[Row], skip: int = 0) -> list[set[type]] | None:
    """[set of the value types of each column past `skip`], read a column at a time; None when the
    rows differ in length or there are none."""
    widths = set(map(len, rows))
    if len(widths) != 1:
        return None
    return [set(map(type, map(itemgetter(i), rows))) for i in range(skip, next(iter(widths)))]


def _held(session: ThreeValuedAnswers, name: str, arity: int) -> tuple[Any, Any, int, Any] | None:
    """(certain rows, possible rows, skip, the certain rows for one pass) as the set engine holds
    them, without a copy: each row with the case id first (skip 1) unless the relation is shared by
    every case (skip 0); or None (another engine, or a name the engine keeps otherwise): then
    session.status() is read. The last is the certain relation's sequence() (its rows in the order
    they were loaded, when known: faster to walk)."""
    # the set engine's own relations, read where the session has them (another engine's has not)
    rels: Any = getattr(session, "_rels", None)
    engine: Any = getattr(session, "engine", None)

    names = getattr(engine, "names", None)
    if rels is None or names is None or not hasattr(engine, "program"):
        return None
    out = []
    for copy in ("c", "p"):
        kind, what, _ = names.get(cname(name, copy), (None, None, None))
        if kind != "pred" or what != (name, arity):
            return None
        out.append(rels.get((name, copy)))
    skip = 0 if (name, arity) in engine.program.global_preds else 1
    # the caller asks only for a name with one arity: no rows of another arity share the relation
    walk = out[0].sequence() if out[0] is not None else set()
    certain, possible = (r.rows if r is not None else set() for r in out)
    return certain, (certain if possible is certain or possible == certain else possible), skip, walk


def _json_rows(rows: Collection[Row], skip: int) -> list[list[Any]]:
    """Sorted rows as JSON lists (values made plain); a column at a time when all are text or
    whole numbers (plain() keeps those as they are)."""
    kinds = _column_kinds(rows, skip)
    if kinds and all(k <= {str} for k in kinds):
        # text only: the sorted keys (fields joined by NUL, which no field holds) split back
        keys = _text_keys(rows, skip, skip + len(kinds))
        if keys is not None:
            keys.sort()
            return list(map(str.split, keys, repeat("\0"))) if len(kinds) > 1 else [[k] for k in keys]
    rows = sort_rows(rows, skip, kinds)
    if kinds is not None and all(k <= {str, int} for k in kinds):
        return [list(r[skip:]) for r in rows] if skip else list(map(list, rows))
    return [[plain(v) for v in r[skip:]] for r in rows]


def _facts_text(name: str, rows: Collection[Row], skip: int, note: str = "") -> list[str]:
    """Sorted rows as rule-language facts, one line each; with one format string when every value
    is a whole number or a symbol the language writes without quotes."""
    if not rows:
        return []
    text = _symbol_lines(rows, skip)
    if text is not None:
        # symbols only: the sorted lines are the facts' arguments
        prefix, suffix = f"{name}(", ")." + note
        text = text.replace("\0", ", ")
        return [prefix + text.replace("\n", suffix + "\n" + prefix) + suffix]
    columns = _columns(rows, skip)
    kinds = None if columns is None else [set(map(type, c)) for c in columns]
    if kinds and columns is not None and all(_plain_column(c, k) for c, k in zip(columns, kinds)):
        rows = sort_rows(rows, skip, kinds)
        fmt = f"{name}(" + "%.0s" * skip + ", ".join(["%s"] * len(kinds)) + ")." + note
        return ["\n".join(map(fmt.__mod__, rows))]
    return [_fact_text(name, r[skip:]) + note for r in sort_rows(rows, skip, kinds)]


_SYMBOLS = re.compile(r"(?:[a-z][A-Za-z0-9_]*\n)*[a-z][A-Za-z0-9_]*")


def _symbol_lines(rows: Collection[Row], skip: int) -> str | None:
    """The rows' fields past `skip` joined by NUL, a line a row, sorted (as row_order sorts them),
    when every field of every row is a symbol the language writes without quotes; else None.

    One pass over the rows makes the keys (a field that is not text stops it: str.join refuses
    it); the sorted keys are joined, and one match checks the whole text: every line holds exactly
    the row's number of fields, each a symbol (so no field held a NUL or a line break), and there
    are as many lines as rows. Symbols are text, so tuple order is row_order, and keys joined by
    NUL (which no symbol holds, and which sorts before every other character) sort as the tuples."""
    first = next(iter(rows), None)
    if first is None or len(first) <= skip:
        return None
    if not all(type(v) is str and _SYMBOL.match(v) for v in first[skip:]):
        return None     # the first row already needs the per-row writer
    width = len(first) - skip
    try:
        if skip:
            keys = list(map("\0".join, map(itemgetter(slice(skip, None)), rows)))
        else:
            keys = list(map("\0".join, rows))
    except TypeError:   # a number, or another value that is not text
        return None
    keys.sort()
    text = "\n".join(keys)
    if text.count("\n") != len(keys) - 1:
        return None
    # lines of `width` symbols, NUL-separated (re keeps the compiled pattern: a pattern a width)
    line = r"[a-z][A-Za-z0-9_]*" + r"\x00[a-z][A-Za-z0-9_]*" * (width - 1)
    return text if re.fullmatch(rf"(?:{line}\n)*{line}", text) else None


def _columns(rows: Collection[Row], skip: int) -> list[list[Any]] | None:
    """[list of the values of each column past `skip`], or None when the rows differ in length."""
    rows = rows if isinstance(rows, list) else list(rows)
    widths = set(map(len, rows))
    if len(widths) != 1:
        return None
    return [list(map(itemgetter(i), rows)) for i in range(skip, next(iter(widths)))]


def _plain_column(column: list[Any], kinds: set[type]) -> bool:
    """Whether the column holds only ints and symbols written as they are (_const_text's fast cases)."""
    if kinds <= {int}:
        return True
    if not kinds <= {int, str}:
        return False
    if int in kinds:
        column = [v for v in column if type(v) is str]
    text = "\n".join(column)
    # one match over the column; a value with a line break in it is not a symbol
    return text.count("\n") == len(column) - 1 and _SYMBOLS.fullmatch(text) is not None


def row_order(row: Iterable[object]) -> list[tuple[int, int | Fraction, str]]:
    """Sort key of a row: numbers by value, then text, then other values (times, dates) by their
    text, unknown last; so every relation prints in one stable order."""
    out: list[tuple[int, int | Fraction, str]] = []
    for v in row:
        if v is UNKNOWN:
            out.append((3, 0, ""))
        elif isinstance(v, (int, Fraction)) and not isinstance(v, bool):
            out.append((0, v, ""))
        elif isinstance(v, str):
            out.append((1, 0, v))
        else:
            out.append((2, 0, str(v)))
    return out


def case_fact_preds(case_path: str, text: str | None = None) -> tuple[tuple[str, int | None], ...]:
    """Names and arities of the raw `facts:` in a case file (for undefined-predicate checks); arity
    None for `NAME: []`, a relation declared empty (language/checks.py takes its arity from its use)."""
    if text is None:
        try:
            text = Path(case_path).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return ()
    try:
        root = read_yaml(text, str(case_path))
    except CaseError:
        return ()
    out: set[tuple[str, int | None]] = set()
    if root.tag == "map" and "facts" in root.value:
        facts = root.value["facts"][1]
        if facts.tag == "map":
            for pred, (_, rows) in facts.value.items():
                if rows.tag == "seq" and rows.value:
                    first = rows.value[0]
                    out.add((pred, len(first.value) if first.tag == "seq" else 1))
                elif rows.tag == "seq":   # `NAME: []`: an input relation with no rows, arity from its use
                    out.add((pred, None))
    return tuple(sorted(out, key=lambda p: (p[0], p[1] or 0)))
