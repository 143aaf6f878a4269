"""Hard time limit for evaluating arbitrary programs: run in a forked worker, kill on timeout.

pyDatalog's compiled engine ignores signals, so a hang cannot be interrupted in-process.
"""
from __future__ import annotations

import multiprocessing
import traceback

from . import errors


_kept: list = []
_in_worker = [False]


def keep(*objects) -> None:
    """In the forked worker: never free these (a million rows take a good part of a second to free,
    and the worker ends with os._exit, which frees nothing, right after it answers). Elsewhere: nothing."""
    if _in_worker[0]:
        _kept.extend(objects)


def _child(conn, fn, args):
    _in_worker[0] = True
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


def run_limited(fn, args=(), seconds: float = 10.0, shown: float | None = None):
    """fn(*args) in a forked worker, killed after `seconds` (the error names `shown`, the limit the
    user gave, when part of it was spent before)."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, fn, args), daemon=True)
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
