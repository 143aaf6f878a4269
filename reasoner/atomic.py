"""Atomic file writes: write a temporary file in the target's directory, then os.replace it.

A reader never sees a half-written file, and nothing is left behind when writing fails.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from .errors import ReasonerError


class OutputError(ReasonerError):
    """An output file cannot be written."""


def write_atomic(path, data, encoding: str = "utf-8") -> Path:
    """Write data (str or bytes) to path atomically; returns the path."""
    if isinstance(data, str):
        data = data.encode(encoding)
    with atomic_path(path) as tmp:
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    return Path(path)


@contextlib.contextmanager
def atomic_path(path):
    """Yields a temporary path beside `path`; on success it replaces `path`, on error it is removed."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    if not directory.is_dir():
        raise OutputError("the output folder does not exist", location=str(target),
                          hint=f"create {directory} first, or give another -o path")
    if target.is_dir():
        raise OutputError("the output path is a folder", location=str(target), hint="give a file name")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise OutputError(f"cannot write here: {exc.strerror or exc}", location=str(target),
                          hint="check the folder's permissions") from None
    os.close(fd)
    try:
        yield tmp
        mode = _mode(target)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _mode(target: Path) -> int:
    """Keep an existing file's permissions; new files get 0o666 minus the umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
