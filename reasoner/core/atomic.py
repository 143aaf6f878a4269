"""Atomic file writes: write a temporary file in the target's directory, then os.replace it.

A reader never sees a half-written file, and nothing is left behind when writing fails (SIGTERM
included: while a temporary file exists, SIGTERM ends the process the way Ctrl-C does).
An existing output that is not a regular file is never replaced: a character device (/dev/null,
/dev/full, a terminal), a FIFO, or /dev/stdout and the like (a link into /dev or /proc) is written
through once everything is rendered; a block device, socket or other special file is refused.
A symlink to a regular file keeps the link: the file it points to is replaced.

The temporary file is named `.NAME.PID.XXXXXXXX.tmp` (PID: the writing process), beside the output
(in the temporary folder for a device or FIFO). A process killed with SIGKILL cannot remove it; the
next write of NAME there removes every such file of a process that no longer runs, if it is the
user's own (not on Windows, where a process cannot be asked whether it runs).
"""
from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
import threading
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import FrameType
from typing import NoReturn

from .errors import ReasonerError
from .settings import DEFAULT_SECONDS


class OutputError(ReasonerError):
    """An output file cannot be written."""


def refuse_inputs(outputs: Iterable[str | os.PathLike[str] | None],
                  inputs: Iterable[str | os.PathLike[str]]) -> None:
    """OutputError when an output would replace one of the inputs: `batch in.jsonl Q -o in.jsonl` or
    `export case.yaml ... -o case.yaml` destroyed the input. Compared as files (links,
    relative paths); a folder input stands for its files."""
    given: list[Path] = []
    for p in map(Path, inputs):
        if p.is_dir():
            given += [f for f in p.iterdir() if f.is_file()]
        elif p.exists():
            given.append(p)
    for out in outputs:
        if out is None or not Path(out).exists():
            continue
        for p in given:
            try:
                same = os.path.samefile(out, p)
            except OSError:
                continue
            if same:
                raise OutputError(f"the output would replace the input {p}", location=str(out),
                                  hint="give another -o path")


def write_atomic(path: str | os.PathLike[str], data: str | bytes, encoding: str = "utf-8",
                 mode: int | None = None, wait: float = DEFAULT_SECONDS) -> Path:
    """Write data (str or bytes) to path atomically; returns the path. mode: the new file's
    permissions whatever the umask and the old file's (the law cache writes 0o600). wait: the
    seconds a FIFO may go without a reader (the caller's time limit, --timeout)."""
    write_all_atomic([(path, data)], encoding, mode, wait)
    return Path(path)


def write_all_atomic(files: Iterable[tuple[str | os.PathLike[str], str | bytes]], encoding: str = "utf-8",
                     mode: int | None = None, wait: float = DEFAULT_SECONDS) -> None:
    """Write several (path, data) files as one: every file is written to its temporary path first,
    and only when all of them are complete do they replace their targets. A full disk or any other
    write error leaves none of them (a handout is never left without its figure) and names the file
    it happened on."""
    with contextlib.ExitStack() as stack:
        for path, data in files:
            if isinstance(data, str):
                data = data.encode(encoding)
            tmp = stack.enter_context(atomic_path(path, mode, wait))
            try:
                with open(tmp, "wb") as fh:
                    fh.write(data)
                    fh.flush()
                    os.fsync(fh.fileno())
            except OSError as exc:
                raise OutputError(f"cannot write: {exc.strerror or exc}", location=str(path),
                                  hint="free some space or give another -o path; nothing was written"
                                  if exc.errno == errno.ENOSPC else "check the path and its permissions; "
                                  "nothing was written") from None


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str], mode: int | None = None,
                wait: float = DEFAULT_SECONDS) -> Iterator[str]:
    """Yields a temporary path beside `path`; on success it replaces `path`, on error it is removed.
    When `path` is a device, FIFO or stream (see the module doc) the finished temporary file is
    copied into it instead, and removed; a FIFO nobody reads is waited for `wait` seconds (the
    caller's time limit)."""
    import tempfile   # here: only a write needs it (and the random module it loads), a read never
    target = Path(path)
    through, target = _kind(target)
    directory = target.parent if str(target.parent) else Path(".")
    if through:
        directory = Path(tempfile.gettempdir())
    if not directory.is_dir():
        raise OutputError("the output folder does not exist", location=str(target),
                          hint=f"create {directory} first, or give another -o path")
    if target.is_dir():
        raise OutputError("the output path is a folder", location=str(target), hint="give a file name")
    _clean_leftovers(directory, target.name)
    tmp: str | None = None
    try:
        # a Ctrl-C arriving while the file is made is held until its name is known, inside this
        # try: whenever the interrupt lands, the temporary file is removed
        with _interrupts_held():
            try:
                fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp", dir=directory)
            except OSError as exc:
                raise OutputError(f"cannot write here: {exc.strerror or exc}", location=str(target),
                                  hint="check the folder's permissions") from None
            os.close(fd)
        with _terminate_cleanly():
            yield tmp
            if through:
                _write_through(tmp, target, wait)
                os.unlink(tmp)
            else:
                os.chmod(tmp, _mode(target) if mode is None else mode)
                os.replace(tmp, target)
    except BaseException:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """SIGINT and SIGTERM held back (delivered when the block ends) in the main thread."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _clean_leftovers(directory: Path, name: str) -> None:
    """Remove the temporary files of `name` that a killed writer left in `directory` (see the module
    doc): those whose process is gone. A file of a running process, or another user's, is kept."""
    prefix = f".{name}."
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(".tmp")):
            continue
        pid = entry.name[len(prefix):].split(".", 1)[0]
        if not pid.isdigit() or _running(int(pid)):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_uid == os.getuid():
                os.unlink(entry.path)


def _running(pid: int) -> bool:
    """Whether process `pid` may still run (True where that cannot be asked: on Windows os.kill
    would end it)."""
    if pid == os.getpid() or os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:      # another user's process, or no way to ask: kept
        return True
    return True


def _kind(target: Path) -> tuple[bool, Path]:
    """(write through?, the path to write): refuses special files that must not be written."""
    try:
        lst = os.lstat(target)
    except OSError:
        return False, target            # a new file (or a dangling link: replaced like a new file)
    if stat.S_ISREG(lst.st_mode) or stat.S_ISDIR(lst.st_mode):
        return False, target
    if stat.S_ISLNK(lst.st_mode):
        real = Path(os.path.realpath(target))
        try:
            st = os.stat(target)
        except OSError:
            return False, target
        stream = _through_dev_or_proc(target) or not real.exists()
        if stat.S_ISREG(st.st_mode) and not stream:
            return False, real          # keep the link, replace the file it names
        if stat.S_ISDIR(st.st_mode):
            return False, target
        if stat.S_ISREG(st.st_mode) or stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode):
            return True, target         # /dev/stdout to a file, /dev/null, a FIFO: write through
        mode = st.st_mode
    else:
        mode = lst.st_mode
        if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
            return True, target
    what = "a block device" if stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode) else "a special file"
    raise OutputError(f"the output path is {what}; it would not be replaced", location=str(target),
                      hint="give the name of a regular file")


def _through_dev_or_proc(target: Path) -> bool:
    """Whether the chain of links from target passes through /dev or /proc (/dev/stdout ->
    /proc/self/fd/1 -> a file the shell opened: written through, like `> /dev/stdout`)."""
    path = os.path.abspath(target)
    for _ in range(40):
        if path.startswith(("/dev/", "/proc/")):
            return True
        if not os.path.islink(path):
            return False
        path = os.path.normpath(os.path.join(os.path.dirname(path), os.readlink(path)))
    return True


def _write_through(tmp: str, target: Path, seconds: float) -> None:
    import shutil
    try:
        # append: a file behind /dev/stdout keeps what the shell already wrote (`>>`); a device
        # or FIFO does not care
        with open(tmp, "rb") as src, os.fdopen(_open_for_writing(target, seconds), "ab") as dst:
            shutil.copyfileobj(src, dst)
    except OSError as exc:
        raise OutputError(f"cannot write: {exc.strerror or exc}", location=str(target),
                          hint="give another -o path") from None


READER_POLL = 0.05    # seconds between two tries to open a FIFO that nobody reads yet


def _open_for_writing(target: Path, seconds: float) -> int:
    """A file descriptor writing at the end of `target`. A FIFO is opened without blocking: while
    nobody reads it, it is tried again for at most `seconds`, the time limit (--timeout; an open()
    that blocked waited for ever), then OutputError."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            fd = os.open(target, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NONBLOCK", 0))
        except OSError as exc:
            if exc.errno != errno.ENXIO:     # ENXIO: a FIFO with no reader
                raise
            if time.monotonic() >= deadline:
                raise OutputError(f"nobody reads the FIFO (named pipe); waited {seconds:g} s, the time limit",
                                  location=str(target),
                                  hint="start its reader first (e.g. `cat FIFO` in another terminal), or "
                                       "give a regular file") from None
            time.sleep(READER_POLL)
            continue
        if hasattr(os, "O_NONBLOCK"):
            os.set_blocking(fd, True)
        return fd


@contextlib.contextmanager
def _terminate_cleanly() -> Iterator[None]:
    """While the temporary file exists, SIGTERM raises SystemExit(143) so that it is removed."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: FrameType | None) -> NoReturn:
        raise SystemExit(128 + signum)
    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except (ValueError, OSError):  # pragma: no cover - not settable here
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _mode(target: Path) -> int:
    """Keep an existing file's permissions; new files get 0o666 minus the umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
