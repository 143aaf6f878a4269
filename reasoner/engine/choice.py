"""The engine choice: which engine answers a session on one case (core/settings.py ENGINES names them)."""
from __future__ import annotations

from typing import Any

from ..core.settings import DEFAULT_ENGINE, DEFAULT_MAX_ROWS, ENGINES
from .setsession import SetSession

__all__ = ("DEFAULT_ENGINE", "ENGINES", "OFFENDER_KEYS", "open_session", "with_offenders")

OFFENDER_KEYS = (("offender_role", 4), ("binds", 2), ("penalty_of", 3), ("offence_of", 3))


def open_session(rb: Any, rows: Any, goal_key: Any, engine: str = DEFAULT_ENGINE, offenders: bool = False,
                 max_rows: int = DEFAULT_MAX_ROWS, given: Any = None) -> Any:
    """A session on one case: the set engine (default: bottom-up sets over the goal's dependency
    cone, engine/setsession.py) or pyDatalog, the reference engine (engine/pydatalog/session.py).
    Both answer the same questions with the same rows; tests/engine/test_engines_agree.py holds them
    to it. offenders: the set engine evaluates who committed each violation too (a session a proof is
    built from: the proof names the offender of every violation it shows), when first asked; the
    others do without it.
    max_rows: the row budget (the settings' rows: --max-rows, REASONER_MAX_ROWS). given: the same
    case's relations under other readings of the law (setsession.Given), for the set engine."""
    if engine == "pydatalog":
        from .pydatalog.session import Session   # lazy: the reference engine loads pyDatalog (heavy, optional)
        return Session(rb.compiled, rows, max_rows)
    if engine != "sets":
        raise ValueError(f"unknown engine {engine!r}")
    wide = with_offenders(rb, goal_key) if offenders else [goal_key]
    # who committed each violation is evaluated when the proof first asks (SetSession wider): a
    # proof that shows no violation never does
    return SetSession(rb.set_engine([goal_key]), rows, max_rows, given,
                      wider=(lambda key: rb.set_engine(wide)) if len(wide) > 1 else None)


def with_offenders(rb: Any, goal_key: Any) -> list:
    """The goal and, where the law declares them, the relations that say who committed each
    violation (offender_role, binds): the proof names the offender of every violation it shows
    (explain/builder.py, ProofBuilder.offence)."""
    preds = rb.checked.program.preds
    return [goal_key] + [k for k in OFFENDER_KEYS if k in preds and k != goal_key]
