"""A cache of the checked bundled law, so that a fresh process does not re-parse it.

Reading, parsing and checking the 19 rule files and the statute index costs ~70 ms on every start;
loading the checked result from the cache costs ~10 ms. The cache is a pickle in the user's cache
folder ($REASONER_CACHE_DIR, else $XDG_CACHE_HOME/reasoner, else ~/.cache/reasoner), named by a
SHA-256 of everything the result depends on: the rule files' bytes and display names, the statute
index, the source of the modules that parse and check them, and the Python version. A changed
input is a different name, so a stale entry is never read. REASONER_NO_CACHE=1 turns it off.

Loading never runs code from the file: the unpickler resolves only the classes of the modules
that build the checked program (and Fraction, Decimal, set, frozenset); anything else (a
function, os.system, a module not on the list) makes the entry unreadable and it is rebuilt.
Writing is atomic and best effort: an unwritable folder only means no cache. The four most recent
entries of each name are kept (KEEP): switching between two versions of the law does not rebuild it.

The folder must be the user's and writable by nobody else (not by group or others): anyone who
can write there could edit the pickled law and change the answers. Otherwise the cache is not
used, with one warning on stderr. An entry that is not a regular file (a FIFO, a device, a link)
is ignored: never read, never written through. The entry itself is checked the same way (the
user's, writable by no one else; written 0600 whatever the umask; the folders save() creates,
the cache folder and any missing one above it, are 0700), and an entry whose unpickled
structure is not what the caller expects is removed and rebuilt.
"""
from __future__ import annotations

import io
import os
import pickle
import stat
import sys
import types
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from types import MappingProxyType
from . import shelf
from .atomic import write_atomic
from .gcpause import paused
from .settings import law_cache_folder
from .visible import visible

if TYPE_CHECKING:   # the same object as far as types go (the modules below have no stubs)
    from hashlib import sha256
else:
    try:   # CPython's own SHA-256: the same digest as hashlib's, without loading OpenSSL (~4 ms a start)
        from _sha256 import sha256
    except ImportError:  # pragma: no cover - other builds (3.12 names it _sha2)
        try:
            from _sha2 import sha256
        except ImportError:
            from hashlib import sha256

ALLOWED = MappingProxyType({
    "reasoner.language.ast": None,        # None: any class defined in the module
    "reasoner.language.checks": None,
    "reasoner.law.index": None,
    "reasoner.core.values": None,
    "fractions": {"Fraction"},
    "decimal": {"Decimal"},
    "builtins": {"set", "frozenset"},
})


def cache_dir() -> Path | None:
    """The cache folder, None when the cache is off: the environment's (core/settings.py, the one
    module that reads environment variables)."""
    return law_cache_folder()


def sources(builders: Iterable[str | Callable[..., object]],
            modules: Iterable[str | types.ModuleType] = ()) -> list[Path]:
    """The source files of the modules that shape the cached object: the modules of `builders` (the
    functions that parse and check it), this module (the entry's format) and, transitively, every
    module of the package that one of them holds a name from (a function, class, constant or module
    imported at its top); plus `modules` themselves, without what they import (the caller: its own
    code reads the files, its imports of the engines do not shape the entry). Derived when the key
    is made, so a module a builder comes to use joins the key without a list to keep
    (tests/core/test_cache.py edits each one in turn)."""
    package = __name__.split(".")[0] + "."
    todo = [__name__] + [b if isinstance(b, str) else b.__module__ for b in builders]
    seen: set = {m if isinstance(m, str) else m.__name__ for m in modules}
    while todo:
        name = todo.pop()
        if name in seen or name not in sys.modules:
            continue
        seen.add(name)
        for value in list(vars(sys.modules[name]).values()):
            other = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", None)
            if isinstance(other, str) and other.startswith(package) and other not in seen:
                todo.append(other)
    return sorted(Path(str(sys.modules[n].__file__)) for n in seen if n in sys.modules and sys.modules[n].__file__)


def key(parts: Iterable[str | bytes], builders: Iterable[str | Callable[..., object]] = (),
        modules: Iterable[str | types.ModuleType] = ()) -> str:
    """SHA-256 of the parts (bytes or str), of the source of the modules that build the cached
    object (sources(builders, modules)), and of the Python version."""
    h = sha256()
    root = Path(__file__).parent.parent   # reasoner/: names relative to it, so a moved checkout keeps its key
    files = sources(builders, modules)
    for part in [sys.version.encode()] + [x for f in files for x in (f.relative_to(root).as_posix(), f.read_bytes())] \
            + list(parts):
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


class _Restricted(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, shared: Sequence[object] = ()) -> None:
        super().__init__(file)
        self.shared = shared

    def persistent_load(self, pid: Any) -> object:
        """An object of `shared` (load()), named by its place in it: anything else is unreadable."""
        if type(pid) is int and 0 <= pid < len(self.shared):
            return self.shared[pid]
        raise pickle.UnpicklingError("the cache entry names an object it does not share")

    def find_class(self, module: str, name: str) -> type:
        allowed = ALLOWED.get(module, ())
        if allowed is None:
            obj = getattr(sys.modules.get(module) or __import__(module, fromlist=["_"]), name, None)
            if isinstance(obj, type) and obj.__module__ == module:
                return obj
        elif name in allowed:
            found: type = super().find_class(module, name)    # the allowed names are all classes
            return found
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in the cache")


def _trusted(folder: Path) -> bool:
    """Whether the folder is the user's and writable by no one else (one warning if not)."""
    try:
        st = os.stat(folder)
    except FileNotFoundError:
        return True     # created by save() with mode 0o700
    except OSError:
        return False
    why = None
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        why = "is not owned by you"
    elif st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        why = "is writable by group or others"
    elif not stat.S_ISDIR(st.st_mode):
        why = "is not a folder"
    if why is None:
        return True
    if shelf.PROCESS.add(("warned", str(folder))):    # once a process (core/shelf.py)
        sys.stderr.write(f"reasoner: warning: the law cache folder {visible(folder, field=True)} {why}; the cache is not used "
                         f"(chmod go-w it, set REASONER_CACHE_DIR, or REASONER_NO_CACHE=1)\n")
    return False


def _read_regular(path: Path) -> bytes:
    """The bytes of a regular file that is the user's and writable by no one else; OSError for
    anything else (a FIFO is opened without blocking). The entry is checked like its folder: another
    user who could rewrite it (a permissive umask wrote it 0664) changed a constant of the cached law
    and the owner's next answer showed a $20,175.00 maximum, with no warning."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(f"{path} is not a regular file")
        why = ("is not owned by you" if hasattr(os, "getuid") and st.st_uid != os.getuid() else
               "is writable by group or others" if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH) else None)
        if why is not None:
            if shelf.PROCESS.add(("warned", str(path))):     # once a process (core/shelf.py)
                sys.stderr.write(f"reasoner: warning: the law cache entry {visible(path, field=True)} {why}; it is not used "
                                 "and is written again, readable by you only\n")
            raise OSError(f"{path} {why}")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read()
    finally:
        os.close(fd)


def load(name: str, digest: str, sound: Callable[[Any], object] | None = None,
         shared: Sequence[object] = ()) -> Any:
    """The cached object, or None (no cache, no entry, or an entry that cannot be read). `sound`:
    a check of the unpickled structure; an entry that fails it (a well-formed pickle of other
    types at the entry's name broke every command) is removed, so that it is rebuilt. shared: the
    objects save() was given, in the same order (their places are part of the entry)."""
    folder = cache_dir()
    if folder is None or not _trusted(folder):
        return None
    entry = folder / f"{name}-{digest}.pickle"
    try:
        data = _read_regular(entry)
        with paused():   # ~25,000 objects, no cycles: the collections their allocation triggers are pure cost
            obj = _Restricted(io.BytesIO(data), shared).load()
    except Exception:  # noqa: BLE001 - a missing, truncated, foreign or unsafe entry is simply rebuilt
        return None
    try:
        ok = sound is None or bool(sound(obj))
    except Exception:  # noqa: BLE001 - a structure the check cannot even walk is not sound
        ok = False
    if not ok:
        discard(name, digest)
        return None
    return obj


def discard(name: str, digest: str) -> None:
    """Remove an entry (best effort): it is rebuilt by the next save."""
    folder = cache_dir()
    if folder is not None:
        try:
            (folder / f"{name}-{digest}.pickle").unlink(missing_ok=True)
        except OSError:
            pass


def _make_folder(folder: Path) -> None:
    """The cache folder and every missing folder above it, each created 0700 whatever the umask
    (mkdir -p made the parents 0777 under umask 000: anyone could then swap the cache folder
    itself). Folders that already exist are left as they are."""
    missing = []
    for p in [folder, *folder.parents]:
        if p.is_dir():
            break
        missing.append(p)
    for p in reversed(missing):
        try:
            os.mkdir(p, 0o700)
        except FileExistsError:
            if not p.is_dir():
                raise
            continue
        os.chmod(p, 0o700)     # mkdir's mode is masked by the umask (0o077 would leave 0o700, 0o777 nothing)


def _dumps(obj: object, shared: Sequence[object]) -> bytes:
    """The pickle of obj, each object of `shared` (by identity) stored as its place in it only."""
    if not shared:
        return pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    places = {id(x): i for i, x in reversed(list(enumerate(shared)))}

    class Sharing(pickle.Pickler):
        def persistent_id(self, x: object) -> int | None:
            place = places.get(id(x))
            return place if place is not None and shared[place] is x else None

    out = io.BytesIO()
    Sharing(out, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    return out.getvalue()


KEEP = 4   # entries kept per name: the newest law versions (two checkouts or venvs side by side)


def _prune(folder: Path, name: str, keep: str) -> None:
    """Remove the older entries of `name`, keeping `keep` (the one about to be written) and the
    KEEP - 1 most recently written others: a user who alternates between versions of the law (two
    checkouts, two venvs) does not rebuild it at every switch, and the folder stays bounded."""
    others = []
    for old in folder.glob(f"{name}-*.pickle"):
        if old.name != keep and stat.S_ISREG(os.lstat(old).st_mode):
            others.append((os.lstat(old).st_mtime_ns, old))
    others.sort(reverse=True)
    for _, old in others[KEEP - 1:]:
        old.unlink(missing_ok=True)


def save(name: str, digest: str, obj: object, shared: Sequence[object] = ()) -> bool:
    """Store obj (atomically); False when the cache is off or cannot be written. shared: objects
    that the reader has already (another entry's, loaded before): stored as their places in the
    list, not copied; load() must be given the same list (the entry's digest must cover it)."""
    folder = cache_dir()
    if folder is None or not _trusted(folder):
        return False
    try:
        _make_folder(folder)
        entry = folder / f"{name}-{digest}.pickle"
        if os.path.lexists(entry) and not stat.S_ISREG(os.lstat(entry).st_mode):
            return False   # a FIFO, device or link at the entry's name: left alone
        _prune(folder, name, entry.name)
        write_atomic(folder / f"{name}-{digest}.pickle", _dumps(obj, shared),
                     mode=0o600)   # whatever the umask: only the user reads or writes the law
        return True
    except Exception:  # noqa: BLE001 - best effort: no cache is slower, never wrong
        return False
