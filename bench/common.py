"""Shared by bench/run and the smoke test: goals, loading generated cases, reference verdicts.

A *verdict* of a case for a goal is the pair (certain rows, possible rows) of the goal's
predicate with the goal's constants fixed, exactly as `Session.status` returns them; the
answer true/false/undetermined per binding follows from it.
"""
from __future__ import annotations

from reasoner.engine.pydatalog.session import Session
from reasoner.facts.case import load_case
from reasoner.law.queries import pattern, resolve

DEFAULT_GOALS = ("lawful", "forfeiture")


def goals(names=DEFAULT_GOALS):
    """[(name, Atom)] for saved query names or atom texts."""
    out = []
    for name in names:
        atom, _ = resolve(name)
        out.append((name, atom))
    return out


def load_cases(checked, dicts, prefix="gen"):
    return [load_case(d, checked, f"{prefix}_{i}") for i, d in enumerate(dicts)]


def reference_verdicts(compiled, cases, goal_atoms):
    """pyDatalog through Session, one case at a time on one compiled rulebase."""
    out = []
    for case in cases:
        out.append(session_verdict(compiled, case.rows, goal_atoms))
    return out


def session_verdict(compiled, rows, goal_atoms):
    result = {}
    try:
        with Session(compiled, rows) as s:
            for name, atom in goal_atoms:
                certain, possible = s.status(atom.pred, pattern(atom))
                result[name] = (frozenset(certain), frozenset(possible))
    except Exception as exc:  # noqa: BLE001 - an evaluation error is a verdict too
        return ("error", type(exc).__name__)
    return result


def answers(verdict) -> dict:
    """goal -> 'true' / 'undetermined' / 'false' (as `reasoner ask` prints it)."""
    if isinstance(verdict, tuple):
        return {"error": verdict[1]}
    return {g: "true" if c else "undetermined" if p else "false" for g, (c, p) in verdict.items()}


def diff(name, reference, other, limit=5):
    """Human-readable disagreements between two verdict lists ([] when identical)."""
    problems = []
    for i, (a, b) in enumerate(zip(reference, other)):
        if a != b:
            problems.append(f"case {i}: reference {_show(a)} != {name} {_show(b)}")
            if len(problems) >= limit:
                break
    if len(reference) != len(other):
        problems.append(f"{name}: {len(other)} verdicts for {len(reference)} cases")
    return problems


def _show(v):
    if isinstance(v, tuple):
        return repr(v)
    return "{" + ", ".join(f"{g}: certain={sorted(c, key=repr)} possible={sorted(p, key=repr)}"
                           for g, (c, p) in v.items()) + "}"
