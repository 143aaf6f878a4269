"""Pause Python's cyclic garbage collector around work that allocates many small objects and makes
no reference cycles (parsing a case, answering a question). With 10,000 priors a case holds
~120,000 fact rows; each full collection walks all of them, and the collections the allocations
trigger made loading and answering grow faster than the case (bench/limits.md)."""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """The collector off inside the block. When the block fails (a time limit, the row budget),
    the frames it left hold their locals (a join's million bindings) until the error is handled;
    they are cleared here, while the collector is still off: objects made with it off are all in
    the youngest generation, and the first collection after it is back on would walk every one
    of them (0.3-0.7 s past a time limit for 1.4 million rows)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    except BaseException as exc:
        import traceback   # only when a block fails: a fresh `ask` need not import it
        traceback.clear_frames(exc.__traceback__)
        raise
    finally:
        if collecting:
            gc.enable()


# The youngest generation's threshold in a `reasoner` process: 10,000 allocations (Python's default
# is 700). A fresh `ask` keeps nearly everything it makes (modules, the law, the case, the proof);
# at 700 each survivor was walked again and again by collections that found nothing to free
# (~15 ms of ~200). Cycles are still collected, a few thousand objects later.
YOUNG_THRESHOLD = 10_000


def startup_collector() -> None:
    """The `reasoner` process's collector threshold for the youngest generation (reasoner/__main__.py
    before the command line's modules load; cli/base.py run for the console script): only ever
    raised, never lowered, and left alone when the collector is set to never run on allocations."""
    young, *older = gc.get_threshold()
    if 0 < young < YOUNG_THRESHOLD:
        gc.set_threshold(YOUNG_THRESHOLD, *older)
