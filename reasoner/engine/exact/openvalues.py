"""A query constant against an unknown value (no silent wrong answer).

`speed_mph(op1, 30)` or `forfeiture(dump1, 604, 804)` when the case leaves the speed or the weight
unknown: the engines hold the row with UNKNOWN in that position (`speed_mph(op1, unknown)`), which
an exact match on 30 misses -- the answer was FALSE, decided by what the case forgot to say.

Here a row whose value at a constant position is UNKNOWN matches the constant as *possible* (never
certain), and the proof is built for the pattern with those positions left open (`status`). The
UNKNOWN of a derived row can stand for values the rules would rule out (`reaches(a, unknown)` when
the only unknown link is to a closed node), so the question is then settled, when it can be, by the
exact split of that open pattern (`settle`): an answer for every value the open positions take in
every completion of the unknown inputs; the question's constants are looked up among them. When the
split cannot say (a value it cannot take apart, or the budget), the answer is UNDETERMINED and says
why it is not exact."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...language.pattern import Same, is_value
from ...core.values import UNKNOWN
from ...language.ast import Atom, Var
from ...core.deadline import DEFAULT_MAX_ROWS, seconds_left as _seconds_left

if TYPE_CHECKING:
    from ...facts.case import Case
    from ..codes import ThreeValuedAnswers
    from ..rulebase import Rulebase


def status(session: ThreeValuedAnswers, pred: str, args: Sequence) -> tuple:
    """(certain, possible, proof_args): session.status(pred, args), plus, as possible, the rows
    whose value is UNKNOWN at a constant position (and equal at the others); proof_args is args
    with those positions open (None), or args itself when no such row exists."""
    certain, possible = session.status(pred, args)
    wide = wide_pattern(args)
    if not wide or certain or possible:
        return certain, possible, args
    return widen(args, certain, possible, *session.status(pred, wide))


def wide_pattern(args: Sequence) -> tuple | None:
    """The pattern to read the UNKNOWN rows from (every position open), or None without constants."""
    return tuple(a if isinstance(a, Same) else None for a in args) if any(map(is_value, args)) else None


def widen(args: Sequence, certain: Any, possible: Any, wide_certain: Any, wide_possible: Any) -> tuple:
    """(certain, possible, proof_args) from the exact-match rows and the rows of wide_pattern(args).
    Only a question no row matches exactly is widened: with a possible row it is open already, and
    the exact split (whose leaves fill the unknown values) decides it as for any other question."""
    if certain or possible:
        return certain, possible, args
    fixed = [i for i, a in enumerate(args) if is_value(a)]
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


def settle(rb: Rulebase, loaded: Case, atom: Atom, args: Sequence, proof_args: Sequence, answer: str,
           bindings: list, engine: str = "sets", exact: bool = True, budget: int | None = None,
           max_rows: int = DEFAULT_MAX_ROWS) -> tuple:
    """(answer, bindings, exact, reason) of a question whose constants met UNKNOWN rows: from the
    exact split of the pattern with those positions open, else the three-valued answer (not exact).
    exact, budget (the split's branch evaluations; None: its default) and max_rows (the row
    budget): the settings' exact, exact_budget and rows, which the caller passes."""
    opened = [i for i, (a, b) in enumerate(zip(args, proof_args)) if is_value(a) and b is None]
    reason = inexact_reason(atom, args, proof_args)
    if not exact:
        return answer, bindings, False, reason
    names = {i: f"Open{i}_" for i in opened}
    wide_atom = Atom(atom.pred, tuple(Var(names[i]) if i in names else a for i, a in enumerate(atom.args)),
                     atom.loc)
    from .split import exact_answer   # lazy: the split loads only for a question it must settle
    # the question's constants are split points of the inputs that give them (unknowns.question_values):
    # an interval's value (UNKNOWN in the bindings) is then never one of them at a covered position
    ex = exact_answer(rb, loaded, wide_atom, proof_args, engine, budget=budget, seconds_left=_seconds_left(),
                      max_rows=max_rows, points={i: args[i] for i in opened})
    if not ex.exact or any(b.get(names[i]) is UNKNOWN for b in ex.bindings for i in opened if i not in ex.covered):
        return answer, bindings, False, reason + (f"; {ex.reason}" if ex.reason else "")
    kept, seen = [], set()
    for b in ex.bindings:
        if all(b[names[i]] is not UNKNOWN and b[names[i]] == args[i] for i in opened):
            out = {k: v for k, v in b.items() if k not in names.values()}
            key = tuple(sorted((k, repr(v)) for k, v in out.items()))
            if key not in seen:
                seen.add(key)
                kept.append(out)
    answers = {b["answer"] for b in kept}
    settled = "true" if "true" in answers else "undetermined" if answers else "false"
    return settled, kept, True, ""


def inexact_reason(atom: Atom, args: Sequence, proof_args: Sequence) -> str:
    """Why an answer that matched a constant against an unknown value is not exact."""
    shown = [str(atom.args[i]) for i, (a, b) in enumerate(zip(args, proof_args)) if is_value(a) and b is None]
    return f"the question compares {', '.join(shown)} with a value the case leaves unknown"
