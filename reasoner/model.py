"""`reasoner run`: evaluate any program in the language over a case and report its model."""
from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

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
    if facts_dir:
        rows = load_facts_dir(case_path, probe.checked)
        kinds = probe.checked.program.entities
        case = SimpleNamespace(entities={r.args[0]: r.pred for r in rows if r.pred in kinds and len(r.args) == 1})
    else:
        case = parse_case(case_text, str(case_path), probe.checked, Path(str(case_path)).stem)
        rows = case.rows
    atom = parse_atom(query) if query else None
    if atom is not None:
        from .querycheck import check_query_constants
        atom = check_atom(atom, probe.checked)
        check_query_constants(atom, probe.checked, case)  # as ask does: a mistyped id is an error, not FALSE
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
            certain, possible = session.status(name, (None,) * arity)
            if text:
                lines.extend(_fact_text(name, row) for row in sort_rows(certain))
                lines.extend(_fact_text(name, row) + "  % undetermined"
                             for row in sort_rows(possible - certain))
                continue
            model[name] = [[plain(v) for v in row] for row in sort_rows(certain)]
            rest = possible - certain
            if rest:
                undetermined[name] = [[plain(v) for v in row] for row in sort_rows(rest)]
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


def sort_rows(rows) -> list:
    """Rows in row_order; plain tuple order when every value is text, or every value a number
    (the same order, much faster on a million rows)."""
    rows = list(rows)
    kinds = {type(v) for r in rows for v in r}
    if kinds <= {str} or kinds <= {int, Fraction}:
        return sorted(rows)
    return sorted(rows, key=row_order)


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
