"""The time limit and the row budget inside pyDatalog's compiled engine.

pyDatalog's engine is compiled (Cython) and ignores signals, so `Literal.ask()` cannot be stopped
from outside the process. It does, however, read two module globals at every fact it derives and
every subgoal it searches: `if Logging and Logger.isEnabledFor(level)`. While a question is asked,
`guarded()` sets `Logging` and puts a stand-in for `Logger` whose `isEnabledFor` is our check
point: it checks the deadline (deadline.check) and, every few thousand derived facts, the rows
the engine holds per relation against the row budget; it always answers False, so nothing is
logged. An exception raised there unwinds the engine (the session's exit then drops its tables).
"""
from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator
from typing import Any

from ...core.deadline import DEFAULT_MAX_ROWS, check as check_deadline, too_many_rows

EVERY = 1024   # engine events between two checks
# engine-level predicate name -> (what it is, in words; its file:line or None)
Describe = Callable[[str], tuple[str, "str | None"]]


class _Guard:
    """Stands in for pyDatalog's logger during one question."""

    def __init__(self, pe: Any, describe: Describe, budget: int) -> None:
        self.pe = pe
        self.describe = describe      # engine-level predicate name -> (text, file:line or None)
        self.events = 0
        self.facts = 0
        self.budget = budget          # the row budget (the settings' rows)
        self.next_scan = self.budget

    def isEnabledFor(self, level: int) -> bool:   # noqa: N802 - the logging.Logger method it stands in for
        self.events += 1
        if level == logging.INFO:    # a new derived fact
            self.facts += 1
            if self.facts >= self.next_scan:
                self._scan()
        if self.events % EVERY == 0:
            check_deadline()
        return False

    def _scan(self) -> None:
        """Facts held per predicate (summed over its subgoals); the budget's error past it."""
        from pyDatalog import Logic
        sizes: dict = {}
        for sg in list(getattr(Logic.tl.logic, "Subgoals", {}).values()):
            facts = sg.facts
            if isinstance(facts, dict):
                name = sg.literal.pred.name
                sizes[name] = sizes.get(name, 0) + len(facts)
        name, count = max(sizes.items(), key=lambda kv: kv[1], default=(None, 0))
        if count > self.budget and name is not None:   # past the budget: some predicate holds facts
            text, loc = self.describe(name)
            err = too_many_rows(text, count, self.budget)
            err.location = loc
            raise err
        self.next_scan = self.facts + max(self.budget // 4, 1)


@contextlib.contextmanager
def guarded(pe: Any, describe: Describe, max_rows: int = DEFAULT_MAX_ROWS) -> Iterator[None]:
    """Run pyDatalog queries inside the block under the time limit and the row budget max_rows."""
    saved = pe.Logging, pe.Logger
    pe.Logging, pe.Logger = True, _Guard(pe, describe, max_rows)
    try:
        yield
    finally:
        pe.Logging, pe.Logger = saved
