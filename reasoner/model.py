"""`reasoner run`: evaluate any program in the language over a case and report its model."""
from __future__ import annotations

from .engine.session import Session
from .facts.case import load_case
from .queries import check_atom, pattern, variables
from .language.parser import parse_atom
from .render.jsonout import plain
from .rulebase import Rulebase, read_program
from .law.index import default_index


def evaluate_program(program_paths, case_path, query=None) -> dict:
    """Runs in the time-limited worker; returns plain JSON-able data."""
    prog = read_program(program_paths)
    # Raw fact predicates count as defined for the static checks.
    probe = Rulebase(prog, default_index(), require_provisions=False, fact_preds=_fact_preds(case_path))
    loaded = load_case(case_path, probe.checked)
    atom = parse_atom(query) if query else None
    if atom is not None:
        atom = check_atom(atom, probe.checked)
    model, undetermined = {}, {}
    answers = []
    with Session(probe.compiled, loaded.rows) as session:
        for key in sorted(probe.checked.derived):
            name, arity = key
            if "__" in name:
                continue
            certain, possible = session.status(name, (None,) * arity)
            model[name] = sorted(([plain(v) for v in row] for row in certain), key=repr)
            rest = possible - certain
            if rest:
                undetermined[name] = sorted(([plain(v) for v in row] for row in rest), key=repr)
        if atom is not None:
            certain, possible = session.status(atom.pred, pattern(atom))
            for rows, status in ((certain, "true"), (possible - certain, "undetermined")):
                for row in sorted(rows, key=repr):
                    answers.append({**{n: plain(row[i]) for i, n in variables(atom)}, "answer": status})
    out = {"model": model, "answers": answers}
    if undetermined:
        out["undetermined"] = undetermined
    if atom is not None:
        out["query"] = str(atom)
        out["answer"] = ("true" if any(a["answer"] == "true" for a in answers) else
                         "undetermined" if answers else "false")
    return out


def _fact_preds(case_path):
    """Names and arities of the raw `facts:` in a case file (for undefined-predicate checks)."""
    from pathlib import Path

    from .errors import CaseError
    from .facts.yamlsafe import read_yaml
    try:
        text = Path(case_path).read_text(encoding="utf-8")
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
