"""A query constant against an unknown value (issue 13: no silent wrong answer).

`speed_mph(op1, 30)` or `forfeiture(dump1, 604, 804)` when the case leaves the speed or the weight
unknown: the engines hold the row with UNKNOWN in that position (`speed_mph(op1, unknown)`), which
an exact match on 30 misses -- the answer was FALSE, decided by what the case forgot to say. Here a
row whose value at a constant position is UNKNOWN matches the constant as *possible* (never
certain): the answer is UNDETERMINED, and the proof is built for the pattern with those positions
left open, so it shows the unknown value and the facts that would decide it."""
from __future__ import annotations

from .values import UNKNOWN


def status(session, pred: str, args) -> tuple:
    """(certain, possible, proof_args): session.status(pred, args), plus, as possible, the rows
    whose value is UNKNOWN at a constant position (and equal at the others); proof_args is args
    with those positions open (None), or args itself when no such row exists."""
    certain, possible = session.status(pred, args)
    if not wide_pattern(args) or certain:
        return certain, possible, args
    return widen(args, certain, possible, *session.status(pred, wide_pattern(args)))


def wide_pattern(args):
    """The pattern to read the UNKNOWN rows from (every position open), or None without constants."""
    return tuple(None for _ in args) if any(a is not None for a in args) else None


def widen(args, certain, possible, wide_certain, wide_possible) -> tuple:
    """(certain, possible, proof_args) from the exact-match rows and the rows of wide_pattern(args)."""
    if certain:
        return certain, possible, args
    fixed = [i for i, a in enumerate(args) if a is not None]
    extra, opened = set(), set()
    for row in set(wide_certain) | set(wide_possible):
        unknown_at = [i for i in fixed if row[i] is UNKNOWN]
        if unknown_at and all(row[i] is UNKNOWN or row[i] == args[i] for i in fixed):
            extra.add(tuple(row))
            opened.update(unknown_at)
    if not extra:
        return certain, possible, args
    proof_args = tuple(None if i in opened else a for i, a in enumerate(args))
    return certain, set(possible) | extra, proof_args


def inexact_reason(atom, args, proof_args) -> str:
    """Why an answer that matched a constant against an unknown value is not exact."""
    shown = [str(atom.args[i]) for i, (a, b) in enumerate(zip(args, proof_args)) if a is not None and b is None]
    return f"the question compares {', '.join(shown)} with a value the case leaves unknown"
