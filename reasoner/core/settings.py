"""The settings of answering, as one immutable object.

    settings = Settings(strict=True)                  # an API caller
    settings = Settings.from_environment(**flags)     # the command line: its flags over REASONER_*
    with use(settings):                               # every question asked inside the block
        ...
    current()                                         # what the code below reads

`Settings` is a frozen dataclass built once, by the command line (reasoner/cli/base.py: the global
flags, which Click has already read from the REASONER_* variables) or by an API caller, and held
in a `contextvars.ContextVar` for the extent of a `with use(...)` block. Outside any block,
`current()` is `Settings.from_environment()`: the same REASONER_* variables the command line reads,
so the API and `reasoner` answer alike under the same environment. Nothing else in the package
keeps a setting (tests/core/test_settings.py checks that no module-level value is rebound or mutated
by a function, and that no `global` statement exists).

Settings travel one way: only the answer, apps, server and command-line layers call `current()`;
they pass what the code below needs (strict, the row budget, the split's budget, the fact-row
limit, the time limit) as arguments. This module is also the one place that reads environment
variables: the REASONER_* variables of ENVIRONMENT, and those of the law cache's folder
(`law_cache_folder`). tests/core/test_settings_travel_one_way.py holds the package to both.
"""
from __future__ import annotations

import contextlib
import dataclasses
import math
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from types import MappingProxyType

from .errors import ReasonerError, clip, shown

ENGINES = ("sets", "pydatalog")   # the engines (engine/choice.py opens a session on one), defined here once
DEFAULT_ENGINE = "sets"
DEFAULT_SECONDS = 60.0
MAX_SECONDS = 86400.0          # a day: a longer limit is a mistake (or nan/inf in disguise)
DEFAULT_MAX_ROWS = 2_000_000   # bundled law and cases: at most a few hundred rows per relation
MIN_ROWS = 1000                # a smaller row budget stops even the bundled law
DEFAULT_MAX_FACT_ROWS = 20_000_000   # rows `reasoner run` reads from a fact directory
START_METHODS = ("fork", "forkserver", "spawn")   # how batch's worker processes start (multiprocessing)
_NO = ("", "0", "false", "no", "off", "f", "n")      # the words Click's --strict reads from the variable
_YES = ("1", "true", "yes", "on", "t", "y")


class SettingsError(ReasonerError, ValueError):
    """A setting (a Settings field or a REASONER_* variable) that is not a value it can take; a
    ReasonerError, and a ValueError for callers that catch that."""


class SettingsTypeError(SettingsError, TypeError):
    """use() given what is not a Settings; a ReasonerError, and a TypeError as it was."""


def _whole(value: object) -> bool:
    """An int that is not a bool (True is 1 to Python, never a row count to a person)."""
    return isinstance(value, int) and not isinstance(value, bool)


def valid_seconds(value: str | float) -> float:
    """A time limit as a float: finite, > 0 and at most MAX_SECONDS; ValueError otherwise."""
    try:
        seconds = float(value)
    except OverflowError:   # an int too large for a float (10**400): no time limit either
        seconds = math.inf
    except (TypeError, ValueError):
        raise ValueError(f"{shown(value)} is not a number of seconds") from None
    if not math.isfinite(seconds) or seconds <= 0 or seconds > MAX_SECONDS:
        raise ValueError(f"{clip(str(value)) if isinstance(value, str) else shown(value)} is not a time "
                         f"limit: give a number of seconds greater than 0 and at most {MAX_SECONDS:g}")
    return seconds


def valid_rows(value: str | int, least: int = MIN_ROWS) -> int:
    """A row budget written by a person (a flag or a variable: "2_000_000"), at least `least`."""
    try:
        rows = int(str(value).strip().replace("_", ""))
    except ValueError:
        raise ValueError(f"{shown(value)} is not a whole number of rows") from None
    if rows < least:
        raise ValueError(f"{value} rows is too small a budget: give at least {least}")
    return rows


def _readings(value: str | Iterable[str]) -> tuple[str, ...]:
    """One reading (a str) or an iterable of them, as a tuple of str."""
    if isinstance(value, str):
        return (value,) if value else ()
    if isinstance(value, (bytes, bytearray)):   # iterated, bytes are ints: "not int 120"
        raise SettingsError(f"readings must be a reading name (a str, 'phrase.reading') or a list of them, "
                            f"not {type(value).__name__} {shown(value)}",
                            hint="decode it first: readings=value.decode()")
    try:
        out = tuple(value)
    except TypeError:
        raise SettingsError(f"readings must be a reading name ('phrase.reading') or a list of them, "
                            f"not {type(value).__name__} {shown(value)}") from None
    for item in out:
        if not isinstance(item, str) or not item:
            raise SettingsError(f"readings must be reading names ('phrase.reading'), not "
                                f"{type(item).__name__} {shown(item)}")
    return out


def _check(settings: Settings) -> None:
    """Each field a value of its type and range; SettingsError naming the field otherwise."""
    for name in ("strict", "debug"):
        value = getattr(settings, name)
        if not isinstance(value, bool):
            raise SettingsError(f"{name} must be True or False, not {type(value).__name__} {shown(value)}")
    if not isinstance(settings.engine, str) or settings.engine not in ENGINES:
        raise SettingsError(f"unknown engine {shown(settings.engine)} (one of: {', '.join(ENGINES)})")
    limit = settings.time_limit
    if not isinstance(limit, (int, float)) or isinstance(limit, bool):
        raise SettingsError(f"time_limit must be a number of seconds (an int or a float), not "
                            f"{type(limit).__name__} {shown(limit)}")
    try:
        valid_seconds(limit)
    except ValueError as exc:
        raise SettingsError(f"time_limit: {exc}") from None
    for name, least in (("max_rows", MIN_ROWS), ("max_fact_rows", 1), ("exact_budget", 0)):
        value = getattr(settings, name)
        if value is None:
            continue
        if not _whole(value):
            raise SettingsError(f"{name} must be a whole number (an int) or None, not "
                                f"{type(value).__name__} {shown(value)}")
        if value < least:
            raise SettingsError(f"{name} must be at least {least}, not {value}")
    if settings.start_method is not None and settings.start_method not in START_METHODS:
        raise SettingsError(f"start_method must be one of {', '.join(START_METHODS)} or None, not "
                            f"{type(settings.start_method).__name__} {shown(settings.start_method)}")


@dataclass(frozen=True)
class Settings:
    """How questions are answered. Defaults: the command line's defaults."""
    engine: str = "sets"                  # sets (bottom-up, fast) or pydatalog (the reference engine)
    time_limit: float = DEFAULT_SECONDS   # seconds for answering one question (per case in batch)
    max_rows: int | None = None           # rows one rule body or relation may hold; None: DEFAULT_MAX_ROWS
    strict: bool = False                  # no presumptions (docs/PRESUMPTIONS.md)
    exact_budget: int | None = None       # branch evaluations of an exact answer; None: the split's
                                          # default; 0: only the three-valued approximation
    readings: tuple = ()                  # interpretive readings chosen over the defaults (a str: one)
    debug: bool = False                   # tracebacks instead of one-line errors (command line)
    max_fact_rows: int | None = None      # rows `reasoner run` reads from a fact directory;
                                          # None: DEFAULT_MAX_FACT_ROWS
    start_method: str | None = None       # how `batch --jobs` starts its workers: fork, forkserver or
                                          # spawn; None: fork where the system has it, else spawn

    def __post_init__(self) -> None:
        # a wrong type or range is refused here, never read as something else (nan turning the row
        # limit off, 'no' turning strict on, "a.b" read letter by letter)
        object.__setattr__(self, "readings", _readings(self.readings))
        _check(self)

    @property
    def exact(self) -> bool:
        """Exact answers over the completions of the unknown inputs (off with exact_budget=0)."""
        return self.exact_budget != 0

    @property
    def rows(self) -> int:
        """The row budget in force."""
        return DEFAULT_MAX_ROWS if self.max_rows is None else self.max_rows

    @property
    def fact_rows(self) -> int:
        """The rows a fact directory may hold (`reasoner run`)."""
        return DEFAULT_MAX_FACT_ROWS if self.max_fact_rows is None else self.max_fact_rows

    def replace(self, **changes: Any) -> "Settings":
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None, **given: Any) -> "Settings":
        """Settings from the REASONER_* variables (ENVIRONMENT), each overridden by a keyword given
        (None: not given). A variable set to a value it cannot take is a SettingsError naming it
        and what to write, never ignored."""
        values: dict[str, Any] = {}
        for variable, (name, _, _) in ENVIRONMENT.items():
            value = environment_value(variable, environ)
            if value is not None:
                values[name] = value
        values.update({k: v for k, v in given.items() if v is not None})
        return cls(**values)


def environment_value(variable: str, environ: Mapping[str, str] | None = None) -> str | float | None:
    """The value of one REASONER_* variable of ENVIRONMENT (None: unset or empty); SettingsError
    naming the variable and what to write when it is set to something it cannot take."""
    env = os.environ if environ is None else environ
    raw = env.get(variable)
    if raw is None or not raw.strip():
        return None
    _, read, write = ENVIRONMENT[variable]
    try:
        return read(raw.strip())
    except ValueError as exc:
        raise SettingsError(f"{variable}={shown(raw)}: {exc}", hint=f"write {variable}={write}") from None


def _engine(raw: str) -> str:
    if raw not in ENGINES:
        raise ValueError(f"unknown engine (one of: {', '.join(ENGINES)})")
    return raw


def _flag(raw: str) -> bool:
    word = raw.lower()
    if word in _YES:
        return True
    if word in _NO:
        return False
    raise ValueError(f"not a yes or no ({'/'.join(_YES[:4])} or {'/'.join(_NO[1:5])})")


def _start_method(raw: str) -> str:
    if raw not in START_METHODS:
        raise ValueError(f"unknown start method (one of: {', '.join(START_METHODS)})")
    return raw


def _budget(raw: str) -> int:
    try:
        value = int(raw.replace("_", ""))
    except ValueError:
        raise ValueError("not a whole number") from None
    if value < 0:
        raise ValueError("the budget is 0 or more")
    return value


# every REASONER_* variable the settings read: (field, reader, what to write); the command line's
# flags read the same ones (reasoner/cli/base.py)
ENVIRONMENT: Mapping[str, tuple[str, Callable[[str], str | float], str]] = MappingProxyType({
    "REASONER_ENGINE": ("engine", _engine, "sets or pydatalog"),
    "REASONER_TIMEOUT": ("time_limit", valid_seconds, f"a number of seconds, greater than 0 and at most {MAX_SECONDS:g}"),
    "REASONER_MAX_ROWS": ("max_rows", valid_rows, f"a whole number of rows, at least {MIN_ROWS}"),
    "REASONER_STRICT": ("strict", _flag, "1 (no presumptions) or 0"),
    "REASONER_EXACT_BUDGET": ("exact_budget", _budget, "a whole number of branch evaluations, 0 or more"),
    "REASONER_MAX_FACT_ROWS": ("max_fact_rows", lambda raw: valid_rows(raw, least=1),
                               "a whole number of rows, at least 1"),
    "REASONER_START_METHOD": ("start_method", _start_method, " or ".join(START_METHODS)),
})


# the other variables the package reads, each read here and nowhere else (documented once, in
# docs/COMMANDS.md "Environment variables"): the law cache's folder (core/cache.py) is the
# machine's, not a question's, so it is no Settings field
CACHE_ENVIRONMENT = ("REASONER_NO_CACHE", "REASONER_CACHE_DIR", "XDG_CACHE_HOME")


def law_cache_folder(environ: Mapping[str, str] | None = None) -> Path | None:
    """The folder of the checked-law cache (core/cache.py): None (no cache) when REASONER_NO_CACHE
    is set to anything; else $REASONER_CACHE_DIR; else $XDG_CACHE_HOME/reasoner; else
    ~/.cache/reasoner."""
    env = os.environ if environ is None else environ
    if env.get("REASONER_NO_CACHE"):
        return None
    explicit = env.get("REASONER_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "reasoner"


_CURRENT: ContextVar[Settings | None] = ContextVar("reasoner_settings", default=None)


def current() -> Settings:
    """The settings of the innermost `with use(...)` block, else those of the environment."""
    settings = _CURRENT.get()
    return settings if settings is not None else Settings.from_environment()


@contextlib.contextmanager
def use(settings: Settings) -> Iterator[Settings]:
    """Answer with these settings inside the block (restored after it, also on error)."""
    if not isinstance(settings, Settings):
        raise SettingsTypeError(f"use() takes a Settings, not {type(settings).__name__} {shown(settings)}",
                                hint="with reasoner.use(reasoner.Settings(strict=True)): ...")
    token = _CURRENT.set(settings)
    try:
        yield settings
    finally:
        _CURRENT.reset(token)


def strict_mode(flag: bool = True) -> contextlib.AbstractContextManager[Settings]:
    """`with strict_mode():` answers without presumptions inside the block (the current settings with
    strict=flag; the Python form of --strict)."""
    return use(current().replace(strict=bool(flag)))


def exact_budget() -> int | None:
    """The exact split's budget in force (None: the split's default)."""
    return current().exact_budget
