"""`reasoner run`: evaluate any program in the language over a case and report its model."""
from __future__ import annotations

import re
from fractions import Fraction
from operator import itemgetter
from pathlib import Path

from .facts.case import parse_case, read_case_text
from .values import UNKNOWN
from .queries import check_atom, pattern, variables
from .language.parser import parse_atom
from .render.jsonout import plain
from .rulebase import Rulebase, read_program
from .law.index import default_index


def evaluate_program(program_paths, case_path, query=None, engine="sets", text=False) -> dict:
    """Runs in the time-limited worker; returns plain JSON-able data.

    The model holds every relation of the program, the input relations included (as Soufflé's
    and clingo's do): facts of the rule file and of the case united, and every derived relation.
    Each relation's rows are sorted (numbers by value before text), so the output is stable."""
    prog = read_program(program_paths)
    facts_dir = Path(case_path).is_dir()
    if facts_dir:  # a directory of NAME.csv / NAME.tsv / NAME.facts files (facts/directory.py)
        from .facts.directory import fact_preds, load_facts_dir
        preds = fact_preds(case_path)
        case_text = None
    else:
        case_text = read_case_text(case_path)  # once: the case may be a pipe, `<(cat case.yaml)`
        preds = _fact_preds(case_path, case_text)
    # Raw fact predicates count as defined for the static checks.
    probe = Rulebase(prog, default_index(), require_provisions=False, fact_preds=preds)
    rows = (load_facts_dir(case_path, probe.checked) if facts_dir else
            parse_case(case_text, str(case_path), probe.checked, Path(str(case_path)).stem).rows)
    atom = parse_atom(query) if query else None
    if atom is not None:
        atom = check_atom(atom, probe.checked)
    return model_of(probe, rows, atom, engine, text)


def model_of(rb, rows, atom=None, engine="sets", text=False) -> dict:
    """The model of the program `rb` over the fact rows, and the answers to `atom` if given.
    text=True: only {"text": the model as rule-language facts}, each value written as a constant
    of the language (so the string "1" prints as "1", the number as 1)."""
    checked = rb.checked
    keys = sorted(k for k in set(checked.base) | set(checked.derived) if "__" not in k[0])
    model, undetermined = {}, {}
    answers = []
    if engine == "pydatalog":
        from .engine.session import Session
        session = Session(rb.compiled, rows)
    else:
        from .engine.setsession import SetSession
        goals = keys + ([atom.key] if atom is not None else [])
        session = SetSession(rb.set_engine(goals), rows)
    lines = []
    with session:
        for name, arity in keys:
            held = _held(session, name, arity)
            if held is None:
                certain, possible = session.status(name, (None,) * arity)
                skip = 0
            else:
                certain, possible, skip = held
            rest = possible - certain if possible is not certain else ()
            if text:
                lines.extend(_facts_text(name, certain, skip))
                lines.extend(_facts_text(name, rest, skip, "  % undetermined"))
                continue
            model[name] = _json_rows(certain, skip)
            if rest:
                undetermined[name] = _json_rows(rest, skip)
        if atom is not None:
            certain, possible = session.status(atom.pred, pattern(atom))
            for rows_, status in ((certain, "true"), (possible - certain, "undetermined")):
                for row in sort_rows(rows_):
                    answers.append({**{n: plain(row[i]) for i, n in variables(atom)}, "answer": status})
                    if text:
                        shown = ", ".join(f"{n}={_const_text(row[i])}" for i, n in variables(atom))
                        lines.append(f"%   {shown or '(yes)'}: {status}")
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


def _const_text(value) -> str:
    """A value as a constant of the rule language (language/ast.py Const), fast for the common ones."""
    t = type(value)
    if t is str:
        return value if _SYMBOL.match(value) else '"' + value.replace('"', '\\"') + '"'
    if t is int:
        return str(value)
    if value is UNKNOWN:
        return "unknown"
    from .language.ast import Const
    return str(Const(value))


def _fact_text(name, row) -> str:
    return f"{name}({', '.join(map(_const_text, row))})." if row else f"{name}."


def sort_rows(rows, skip=0) -> list:
    """Rows in row_order (of their fields after the first `skip`, which are equal in every row: the
    case id); plain tuple order when every value is text, or every value a number (the same order,
    much faster on a million rows)."""
    rows = list(rows)
    kinds = _kinds(rows, skip)
    if kinds is not None and (kinds <= {str} or kinds <= {int, Fraction}):
        rows.sort()
    elif skip:
        rows.sort(key=lambda r: row_order(r[skip:]))
    else:
        rows.sort(key=row_order)
    return rows


def _kinds(rows, skip=0):
    """The set of the value types of rows past `skip`, read a column at a time; None when the
    rows differ in length."""
    widths = set(map(len, rows))
    if len(widths) > 1:
        return None
    width = next(iter(widths), skip)
    kinds = set()
    for i in range(skip, width):
        kinds.update(map(type, map(itemgetter(i), rows)))
    return kinds


def _held(session, name, arity):
    """(certain rows, possible rows, skip) as the set engine holds them, without a copy: each row
    with the case id first (skip 1) unless the relation is shared by every case (skip 0); or None
    (another engine, or a name the engine keeps otherwise): then session.status() is read."""
    rels, engine = getattr(session, "_rels", None), getattr(session, "engine", None)
    names = getattr(engine, "names", None)
    if rels is None or names is None or not hasattr(engine, "program"):
        return None
    from .engine.codes import cname
    out = []
    for copy in ("c", "p"):
        kind, what, _ = names.get(cname(name, copy), (None, None, None))
        if kind != "pred" or what != (name, arity):
            return None
        r = rels.get((name, copy))
        out.append(r.rows if r is not None else set())
    skip = 0 if (name, arity) in engine.program.global_preds else 1
    if any(set(map(len, rows)) - {arity + skip} for rows in out):
        return None  # rows of another arity share the relation: status() filters them
    certain, possible = out
    return certain, (certain if possible == certain else possible), skip


def _json_rows(rows, skip) -> list:
    """Sorted rows as JSON lists (values made plain); a column at a time when all are text or
    whole numbers (plain() keeps those as they are)."""
    rows = sort_rows(rows, skip)
    kinds = _kinds(rows, skip)
    if kinds is not None and kinds <= {str, int}:
        return [list(r[skip:]) for r in rows] if skip else list(map(list, rows))
    return [[plain(v) for v in r[skip:]] for r in rows]


def _facts_text(name, rows, skip, note="") -> list:
    """Sorted rows as rule-language facts, one line each; with one format string when every value
    is a whole number or a symbol the language writes without quotes."""
    if not rows:
        return []
    rows = sort_rows(rows, skip)
    width = len(rows[0])
    if width > skip and _kinds(rows, skip) is not None and all(_plain_column(rows, i) for i in range(skip, width)):
        fmt = f"{name}(" + "%.0s" * skip + ", ".join(["%s"] * (width - skip)) + ")." + note
        return ["\n".join(map(fmt.__mod__, rows))]
    return [_fact_text(name, r[skip:]) + note for r in rows]


def _plain_column(rows, i) -> bool:
    """Whether column i holds only ints and symbols written as they are (_const_text's fast cases)."""
    column = list(map(itemgetter(i), rows))
    kinds = set(map(type, column))
    if kinds <= {int}:
        return True
    if kinds <= {str}:
        return all(map(_SYMBOL.match, column))
    if kinds <= {int, str}:
        return all(_SYMBOL.match(v) for v in column if type(v) is str)
    return False


def row_order(row):
    """Sort key of a row: numbers by value, then text, then other values (times, dates) by their
    text, unknown last; so every relation prints in one stable order."""
    out = []
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


def _fact_preds(case_path, text=None):
    """Names and arities of the raw `facts:` in a case file (for undefined-predicate checks)."""
    from .errors import CaseError
    from .facts.yamlsafe import read_yaml
    if text is None:
        try:
            text = Path(case_path).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return ()
    try:
        root = read_yaml(text, str(case_path))
    except CaseError:
        return ()
    out = set()
    if root.tag == "map" and "facts" in root.value:
        facts = root.value["facts"][1]
        if facts.tag == "map":
            for pred, (_, rows) in facts.value.items():
                if rows.tag == "seq" and rows.value:
                    first = rows.value[0]
                    out.add((pred, len(first.value) if first.tag == "seq" else 1))
    return tuple(sorted(out))
