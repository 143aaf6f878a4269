"""The process's shelf: the one owner of what is worth keeping between questions in a process.

A cache belongs to the object with its lifetime: the --rules program to the command line's context
(cli/base.py), a question's results to its Question. What outlives every question is kept here,
each under its own key: the bundled law under each selection of readings (engine/rulebase.py), the
statute index (law/index.py), the saved queries' listing, goals and verdict words (law/queries.py),
the law cache folders already warned about (core/cache.py). Nothing else in the package holds mutable state at
module level (tests/core/test_no_module_state.py); `PROCESS.clear()` starts afresh (the tests do).
"""
from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")


class Shelf:
    """Values made once and kept by key; `get(key, make)` makes a missing one (once, even when
    threads ask at the same time: the server answers from several)."""

    __slots__ = ("_items", "_lock")

    def __init__(self) -> None:
        self._items: dict[Hashable, Any] = {}
        self._lock = threading.RLock()

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        try:
            return self._items[key]     # type: ignore[no-any-return]
        except KeyError:
            pass
        with self._lock:
            if key not in self._items:
                self._items[key] = make()
            return self._items[key]     # type: ignore[no-any-return]

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def add(self, key: Hashable) -> bool:
        """Put the key on the shelf (valued True); whether it was not there before (a warning given once)."""
        with self._lock:
            if key in self._items:
                return False
            self._items[key] = True
            return True

    def clear(self, kind: str | None = None) -> None:
        """Forget everything, or only the keys that are tuples beginning with `kind`."""
        with self._lock:
            if kind is None:
                self._items.clear()
            else:
                for key in [k for k in self._items if isinstance(k, tuple) and k[:1] == (kind,)]:
                    del self._items[key]


PROCESS = Shelf()   # the process's shelf (the one process-lifetime owner; see the module's text)
