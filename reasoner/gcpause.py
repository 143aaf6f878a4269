"""Pause Python's cyclic garbage collector around work that allocates many small objects and makes
no reference cycles (parsing a case, answering a question). With 10,000 priors a case holds
~120,000 fact rows; each full collection walks all of them, and the collections the allocations
trigger made loading and answering grow faster than the case (bench/limits.md)."""
from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def paused():
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
