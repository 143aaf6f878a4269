"""A `reasoner` process raises the collector's youngest threshold (core/gcpause.py startup_collector),
never lowers it, and leaves a collector set never to run on allocations (threshold 0) alone."""
import gc

from reasoner.core.gcpause import YOUNG_THRESHOLD, startup_collector


def test_threshold_raised_never_lowered():
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        startup_collector()
        assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)
        gc.set_threshold(50_000, 5, 7)
        startup_collector()
        assert gc.get_threshold() == (50_000, 5, 7)
        gc.set_threshold(0, 10, 10)
        startup_collector()
        assert gc.get_threshold() == (0, 10, 10)
    finally:
        gc.set_threshold(*before)
