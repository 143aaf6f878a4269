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
"""
from __future__ import annotations

import contextlib
import dataclasses
import math
import os
from contextvars import ContextVar
from dataclasses import dataclass

from .errors import EvaluationError

ENGINES = ("sets", "pydatalog")
DEFAULT_SECONDS = 60.0
MAX_SECONDS = 86400.0          # a day: a longer limit is a mistake (or nan/inf in disguise)
DEFAULT_MAX_ROWS = 2_000_000   # bundled law and cases: at most a few hundred rows per relation
_NO = ("", "0", "false", "no")


def valid_seconds(value) -> float:
    """A time limit as a float: finite, > 0 and at most MAX_SECONDS; ValueError otherwise."""
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise ValueError(f"{value!r} is not a number of seconds") from None
    if not math.isfinite(seconds) or seconds <= 0 or seconds > MAX_SECONDS:
        raise ValueError(f"{value} is not a time limit: give a number of seconds greater than 0 and at "
                         f"most {MAX_SECONDS:g}")
    return seconds


def valid_rows(value) -> int:
    try:
        rows = int(str(value).strip().replace("_", ""))
    except ValueError:
        raise ValueError(f"{value!r} is not a whole number of rows") from None
    if rows < 1000:
        raise ValueError(f"{value} rows is too small a budget: give at least 1000")
    return rows


@dataclass(frozen=True)
class Settings:
    """How questions are answered. Defaults: the command line's defaults."""
    engine: str = "sets"                  # sets (bottom-up, fast) or pydatalog (the reference engine)
    time_limit: float = DEFAULT_SECONDS   # seconds for answering one question (per case in batch)
    max_rows: int | None = None           # rows one rule body or relation may hold; None: DEFAULT_MAX_ROWS
    strict: bool = False                  # no presumptions (docs/PRESUMPTIONS.md)
    exact_budget: int | None = None       # branch evaluations of an exact answer; None: the split's
                                          # default; 0: only the three-valued approximation
    readings: tuple = ()                  # interpretive readings chosen over the defaults
    debug: bool = False                   # tracebacks instead of one-line errors (command line)

    def __post_init__(self):
        if self.engine not in ENGINES:
            raise ValueError(f"unknown engine {self.engine!r} (one of: {', '.join(ENGINES)})")
        if self.exact_budget is not None and self.exact_budget < 0:
            raise ValueError(f"exact_budget must be 0 or more, not {self.exact_budget}")
        object.__setattr__(self, "readings", tuple(self.readings))

    @property
    def exact(self) -> bool:
        """Exact answers over the completions of the unknown inputs (off with exact_budget=0)."""
        return self.exact_budget != 0

    @property
    def rows(self) -> int:
        """The row budget in force."""
        return DEFAULT_MAX_ROWS if self.max_rows is None else self.max_rows

    def replace(self, **changes) -> "Settings":
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_environment(cls, environ=None, **given) -> "Settings":
        """Settings from REASONER_ENGINE, REASONER_TIMEOUT, REASONER_MAX_ROWS, REASONER_STRICT and
        REASONER_EXACT_BUDGET, each overridden by a keyword given (None: not given)."""
        env = os.environ if environ is None else environ
        values = {}
        if env.get("REASONER_ENGINE"):
            values["engine"] = env["REASONER_ENGINE"].strip()
        if env.get("REASONER_TIMEOUT"):
            try:
                values["time_limit"] = valid_seconds(env["REASONER_TIMEOUT"])
            except ValueError as exc:
                raise EvaluationError(f"REASONER_TIMEOUT: {exc}") from None
        if env.get("REASONER_MAX_ROWS"):
            try:
                values["max_rows"] = valid_rows(env["REASONER_MAX_ROWS"])
            except ValueError as exc:
                raise EvaluationError(f"REASONER_MAX_ROWS: {exc}") from None
        values["strict"] = env.get("REASONER_STRICT", "").strip().lower() not in _NO
        raw = env.get("REASONER_EXACT_BUDGET")
        if raw and raw.isdigit():
            values["exact_budget"] = int(raw)
        values.update({k: v for k, v in given.items() if v is not None})
        return cls(**values)


_CURRENT: ContextVar = ContextVar("reasoner_settings", default=None)


def current() -> Settings:
    """The settings of the innermost `with use(...)` block, else those of the environment."""
    settings = _CURRENT.get()
    return settings if settings is not None else Settings.from_environment()


@contextlib.contextmanager
def use(settings: Settings):
    """Answer with these settings inside the block (restored after it, also on error)."""
    if not isinstance(settings, Settings):
        raise TypeError(f"use() takes a Settings, not {type(settings).__name__}")
    token = _CURRENT.set(settings)
    try:
        yield settings
    finally:
        _CURRENT.reset(token)


def exact_budget() -> int | None:
    """The exact split's budget in force (None: the split's default)."""
    return current().exact_budget
