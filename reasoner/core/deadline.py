"""Limits on answering one question: a time limit and a row budget, both checked cooperatively.

`time_limit(seconds)` sets a deadline for the code inside it; the engines call `check()` at points
that bound the work between two calls: before each rule plan and each literal of a plan, every few
thousand bindings or rows inside a join (engine/batch.py), at every question a session is asked, at
every atom the proof builder explains, and, inside pyDatalog's compiled engine, at every fact it
derives and every subgoal it searches (engine/guard.py). Past the deadline `check()` raises
EvaluationError, which reaches the user as one error line (exit 2). Limits nest: `check()` obeys
every active one, so an inner limit never extends an outer one. `paused()` stops the clock (an
interview waiting for its user). A signal-based alarm was tried first and dropped: an alarm that
lands while Python runs a finalizer is swallowed, and the evaluation then never stops. `reasoner
run` keeps its forked worker (worker.py) as a second, hard stop.

The row budget (`max_rows()`, `reasoner --max-rows`, REASONER_MAX_ROWS) caps the rows one rule
body or one relation may hold while a question is answered; `too_many_rows()` is its one error,
naming the rule. It turns what would be a MemoryError into a clear answer.
"""
from __future__ import annotations

import contextlib
import math
import os
import time

from .errors import EvaluationError

DEFAULT_SECONDS = 60.0
MAX_SECONDS = 86400.0          # a day: a longer limit is a mistake (or nan/inf in disguise)
DEFAULT_MAX_ROWS = 2_000_000   # bundled law and cases: at most a few hundred rows per relation
_active: list = []   # stack of [deadline, seconds, what]
_rows = {"max": None}


def check() -> None:
    """Raise EvaluationError when an active time limit has passed."""
    if _active:
        now = time.monotonic()
        for limit in _active:
            if now > limit[0]:
                raise EvaluationError(f"{limit[2]} exceeded the time limit of {limit[1]:g} s",
                                      hint="simplify the rules or the case, or raise the limit with "
                                           "`reasoner --timeout SECONDS ...`")


def valid_seconds(value) -> float:
    """A time limit as a float: finite, > 0 and at most MAX_SECONDS; ValueError otherwise."""
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{value!r} is not a number of seconds") from None
    if not math.isfinite(seconds) or seconds <= 0 or seconds > MAX_SECONDS:
        raise ValueError(f"{value} is not a time limit: give a number of seconds greater than 0 and at "
                         f"most {MAX_SECONDS:g}")
    return seconds


@contextlib.contextmanager
def time_limit(seconds, what: str = "answering the question"):
    if seconds is None:
        yield
        return
    seconds = valid_seconds(seconds)
    _active.append([time.monotonic() + seconds, seconds, what])
    try:
        yield
    finally:
        _active.pop()


@contextlib.contextmanager
def paused():
    """Stop every active clock inside the block (time spent waiting for a person)."""
    start = time.monotonic()
    try:
        yield
    finally:
        spent = time.monotonic() - start
        for limit in _active:
            limit[0] += spent


# -- the row budget ------------------------------------------------------------------------------
def valid_rows(value) -> int:
    try:
        rows = int(str(value).strip().replace("_", ""))
    except ValueError:
        raise ValueError(f"{value!r} is not a whole number of rows") from None
    if rows < 1000:
        raise ValueError(f"{value} rows is too small a budget: give at least 1000")
    return rows


def max_rows() -> int:
    """Rows one rule body or relation may hold: set_max_rows(), else REASONER_MAX_ROWS, else the default."""
    if _rows["max"] is not None:
        return _rows["max"]
    env = os.environ.get("REASONER_MAX_ROWS")
    if env:
        try:
            return valid_rows(env)
        except ValueError as exc:
            raise EvaluationError(f"REASONER_MAX_ROWS: {exc}") from None
    return DEFAULT_MAX_ROWS


def set_max_rows(rows) -> None:
    _rows["max"] = None if rows is None else valid_rows(rows)


def too_many_rows(where: str, count: int) -> EvaluationError:
    """The error for a rule body or relation past the row budget (where: "rule at file:line ...")."""
    return EvaluationError(f"{where} holds more than {max_rows():,} rows ({count:,} so far); stopped before "
                           "memory runs out",
                           hint="the rule joins more combinations than one question can hold: bind its "
                                "variables more tightly, or raise the budget with `reasoner --max-rows N` "
                                "(REASONER_MAX_ROWS)")


def seconds_left():
    """Half of what is left of the innermost time limit: the split stops there and falls back,
    so that the proof still fits in the limit."""
    if not _active:
        return None
    end, seconds, _ = _active[-1]
    return max((end - time.monotonic()) / 2, 0.0)
