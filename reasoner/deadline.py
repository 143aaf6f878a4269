"""A time limit on answering one question, checked cooperatively (no signals).

`time_limit(seconds)` sets a deadline for the code inside it; the engines call `check()` at points
that bound the work between two calls: before each rule plan and each literal of a plan, every few
thousand bindings inside a join (engine/batch.py), at every question a session is asked, and at
every atom the proof builder explains. Past the deadline `check()` raises EvaluationError, which
reaches the user as one error line (exit 2). A signal-based alarm was tried first and dropped: an
alarm that lands while Python runs a finalizer is swallowed, and the evaluation then never stops.
`reasoner run` keeps its forked worker (worker.py), which also stops pyDatalog inside a single
query, where these checks cannot reach.
"""
from __future__ import annotations

import contextlib
import time

from .errors import EvaluationError

DEFAULT_SECONDS = 60.0
_active: list = []   # stack of (deadline, seconds, what)


def check() -> None:
    """Raise EvaluationError when the innermost time limit has passed."""
    if _active and time.monotonic() > _active[-1][0]:
        _, seconds, what = _active[-1]
        raise EvaluationError(f"{what} exceeded the time limit of {seconds:g} s",
                              hint="simplify the rules or the case, or raise the limit with "
                                   "`reasoner --timeout SECONDS ...`")


@contextlib.contextmanager
def time_limit(seconds, what: str = "answering the question"):
    if not seconds or seconds <= 0:
        yield
        return
    _active.append((time.monotonic() + seconds, seconds, what))
    try:
        yield
    finally:
        _active.pop()
