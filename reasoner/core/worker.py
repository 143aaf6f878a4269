"""Hard time limit for evaluating arbitrary programs: run in a forked worker, kill on timeout.

pyDatalog's compiled engine ignores signals, so a hang cannot be interrupted in-process.
"""
from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable
from contextvars import ContextVar
from multiprocessing.connection import Connection
from typing import Any

from . import errors


# the objects the forked worker never frees: a list only inside the worker (_child sets it), else None
_KEPT: ContextVar[list | None] = ContextVar("reasoner_worker_kept", default=None)


def keep(*objects: object) -> None:
    """In the forked worker: never free these (a million rows take a good part of a second to free,
    and the worker ends with os._exit, which frees nothing, right after it answers). Elsewhere: nothing."""
    kept = _KEPT.get()
    if kept is not None:
        kept.extend(objects)


PR_SET_PDEATHSIG = 1     # linux/prctl.h
PARENT_POLL = 0.5        # seconds between two looks at the parent, where prctl is not available


def die_with_parent(parent: int) -> None:
    """In a child process forked or spawned by the process `parent` (its pid): end this process as
    soon as that parent ends, even by `kill -9` (a parent killed that way cannot stop its workers,
    and they ran on for minutes). On Linux the kernel does it (prctl(PR_SET_PDEATHSIG, SIGKILL));
    elsewhere a daemon thread looks at os.getppid() every PARENT_POLL seconds. A parent already gone
    (it died before this ran) ends this process at once."""
    if not _kill_me_with_parent():
        threading.Thread(target=_watch_parent, args=(parent,), name="reasoner-parent-watch", daemon=True).start()
    if os.getppid() != parent:
        os._exit(1)


def _kill_me_with_parent() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


def _child(conn: Connection, fn: Callable[..., Any], args: tuple, parent: int | None = None) -> None:
    _KEPT.set([])
    if parent is not None:
        die_with_parent(parent)
    try:
        conn.send(("ok", fn(*args)))
    except errors.ReasonerError as exc:
        conn.send(("error", type(exc).__name__, exc.message, exc.location, exc.hint, exc.excerpt))
    except RecursionError:
        conn.send(("error", "EvaluationError", "evaluation exceeded the recursion limit", None, None, None))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent as an internal error
        conn.send(("crash", f"{type(exc).__name__}: {exc}", traceback.format_exc()))
    finally:
        conn.close()


def run_limited(fn: Callable[..., Any], args: tuple = (), seconds: float = 10.0, shown: float | None = None) -> Any:
    """fn(*args) in a forked worker, killed after `seconds` (the error names `shown`, the limit the
    user gave, when part of it was spent before)."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, fn, args, os.getpid()), daemon=True)
    proc.start()
    child.close()
    try:
        if not parent.poll(seconds):
            raise errors.EvaluationError(
                f"evaluation exceeded the time limit of {shown if shown is not None else seconds:g} s",
                hint="simplify the program or raise the limit with --timeout")
        try:
            message = parent.recv()
        except EOFError:
            raise errors.EvaluationError("the evaluation worker died without an answer") from None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join(5)
        parent.close()
    if message[0] == "ok":
        return message[1]
    if message[0] == "error":
        cls = getattr(errors, message[1], errors.EvaluationError)
        raise cls(message[2], location=message[3], hint=message[4], excerpt=message[5])
    raise RuntimeError(message[1] + "\n" + message[2])
