"""Limits on answering one question: a time limit and a row budget, both checked cooperatively.

`time_limit(seconds)` sets a deadline for the code inside it; the engines call `check()` at points
that bound the work between two calls: before each rule plan and each literal of a plan, every few
thousand bindings or rows inside a join (engine/batch.py), at every question a session is asked, at
every atom the proof builder explains, and, inside pyDatalog's compiled engine, at every fact it
derives and every subgoal it searches (engine/pydatalog/guard.py). Past the deadline `check()` raises
EvaluationError, which reaches the user as one error line (exit 2). Limits nest: `check()` obeys
every active one, so an inner limit never extends an outer one. `paused()` stops the clock (an
interview waiting for its user). A signal-based alarm was tried first and dropped: an alarm that
lands while Python runs a finalizer is swallowed, and the evaluation then never stops. `reasoner
run` keeps its forked worker (worker.py) as a second, hard stop.

The row budget (the settings' `rows`: `reasoner --max-rows`, REASONER_MAX_ROWS, passed by the
caller to each engine session as `max_rows`) caps the rows one rule body or one relation may hold
while a question is answered; `too_many_rows()` is its one error, naming the rule. It turns what
would be a MemoryError into a clear answer.
"""
from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

from .errors import EvaluationError
from .settings import DEFAULT_MAX_ROWS, DEFAULT_SECONDS, MAX_SECONDS, valid_rows, valid_seconds  # noqa: F401

# the active time limits, innermost last: a tuple of [deadline, seconds, what] (a limit's deadline
# moves on while paused); one per context, like the settings (core/settings.py)
_ACTIVE: ContextVar[tuple[list[Any], ...]] = ContextVar("reasoner_time_limits", default=())


def check(reserve: float = 0.0) -> None:
    """Raise EvaluationError when an active time limit has passed, or will have passed `reserve`
    seconds from now (the time it will take to free what the caller holds, see FREE_PER_ROW)."""
    active = _ACTIVE.get()
    if active:
        now = time.monotonic() + reserve
        for limit in active:
            if now > limit[0]:
                raise EvaluationError(f"{limit[2]} exceeded the time limit of {limit[1]:g} s",
                                      hint="simplify the rules or the case, or raise the limit with "
                                           "`reasoner --timeout SECONDS ...`")


@contextlib.contextmanager
def time_limit(seconds: float | None, what: str = "answering the question",
               started: float | None = None) -> Iterator[None]:
    """A deadline `seconds` after `started` (a time.monotonic() value; default now)."""
    if seconds is None:
        yield
        return
    seconds = valid_seconds(seconds)
    token = _ACTIVE.set(_ACTIVE.get() + ([(time.monotonic() if started is None else started) + seconds, seconds, what],))
    try:
        yield
    finally:
        _ACTIVE.reset(token)


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """Stop every active clock inside the block (time spent waiting for a person)."""
    start = time.monotonic()
    try:
        yield
    finally:
        spent = time.monotonic() - start
        for limit in _ACTIVE.get():
            limit[0] += spent


# Freeing rows takes time too: a rule's head that stopped at its limit with 1.6 million rows of
# four values took 0.96 s more to free them (measured on 2 cores, Python 3.11), after the limit had
# already been reached. A caller holding many rows checks the limit with this much per row kept in
# reserve, so that the command, not only the evaluation, ends within its limit.
FREE_PER_ROW = 6e-7


# -- the row budget ------------------------------------------------------------------------------
def too_many_rows(where: str, count: int, budget: int) -> EvaluationError:
    """The error for a rule body or relation past the row budget `budget` (the settings' rows:
    --max-rows, REASONER_MAX_ROWS; where: "rule at file:line ...")."""
    return EvaluationError(f"{where} holds more than {budget:,} rows ({count:,} so far); stopped before "
                           "memory runs out",
                           hint="the rule joins more combinations than one question can hold: bind its "
                                "variables more tightly, or raise the budget with `reasoner --max-rows N` "
                                "(REASONER_MAX_ROWS)")


def seconds_left() -> float | None:
    """Half of what is left of the innermost time limit: the split stops there and falls back,
    so that the proof still fits in the limit."""
    active = _ACTIVE.get()
    if not active:
        return None
    end: float
    end, seconds, _ = active[-1]
    return max((end - time.monotonic()) / 2, 0.0)
