"""`reasoner run`: evaluate any program in the language over a case and report its model."""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from .facts.case import parse_case, read_case_text
from .values import UNKNOWN
from .queries import check_atom, pattern, variables
from .language.parser import parse_atom
from .render.jsonout import plain
from .rulebase import Rulebase, read_program
from .law.index import default_index


def evaluate_program(program_paths, case_path, query=None, engine="sets") -> dict:
    """Runs in the time-limited worker; returns plain JSON-able data.

    The model holds every relation of the program, the input relations included (as Soufflé's
    and clingo's do): facts of the rule file and of the case united, and every derived relation.
    Each relation's rows are sorted (numbers by value before text), so the output is stable."""
    prog = read_program(program_paths)
    text = read_case_text(case_path)  # once: the case may be a pipe, `<(cat case.yaml)`
    # Raw fact predicates count as defined for the static checks.
    probe = Rulebase(prog, default_index(), require_provisions=False, fact_preds=_fact_preds(case_path, text))
    loaded = parse_case(text, str(case_path), probe.checked, Path(str(case_path)).stem)
    atom = parse_atom(query) if query else None
    if atom is not None:
        check_atom(atom, probe.checked)
    return model_of(probe, loaded.rows, atom, engine)


def model_of(rb, rows, atom=None, engine="sets") -> dict:
    """The model of the program `rb` over the fact rows, and the answers to `atom` if given."""
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
    with session:
        for name, arity in keys:
            certain, possible = session.status(name, (None,) * arity)
            model[name] = [[plain(v) for v in row] for row in sorted(certain, key=row_order)]
            rest = possible - certain
            if rest:
                undetermined[name] = [[plain(v) for v in row] for row in sorted(rest, key=row_order)]
        if atom is not None:
            certain, possible = session.status(atom.pred, pattern(atom))
            for rows_, status in ((certain, "true"), (possible - certain, "undetermined")):
                for row in sorted(rows_, key=row_order):
                    answers.append({**{n: plain(row[i]) for i, n in variables(atom)}, "answer": status})
    out = {"model": model, "answers": answers}
    if undetermined:
        out["undetermined"] = undetermined
    if atom is not None:
        out["query"] = str(atom)
        out["answer"] = ("true" if any(a["answer"] == "true" for a in answers) else
                         "undetermined" if answers else "false")
    return out


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
