"""A time limit on answering one question, in-process (SIGALRM; the set engine is plain Python, so
the alarm interrupts it between two bytecodes). Where no alarm is available (not the main thread,
no setitimer) the limit is not enforced. `reasoner run` keeps its forked worker (worker.py), which
also stops pyDatalog, whose compiled engine does not see signals.
"""
from __future__ import annotations

import contextlib
import signal
import threading

from .errors import EvaluationError

DEFAULT_SECONDS = 60.0


@contextlib.contextmanager
def time_limit(seconds, what: str = "answering the question"):
    usable = (seconds and seconds > 0 and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread())
    if not usable:
        yield
        return

    def on_alarm(signum, frame):
        raise EvaluationError(f"{what} exceeded the time limit of {seconds:g} s",
                              hint="simplify the rules or the case, or raise the limit with "
                                   "`reasoner --timeout SECONDS ...`")
    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
