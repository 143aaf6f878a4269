"""One case at a time on a compiled rulebase: assert its facts, answer, retract."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from ...core.deadline import DEFAULT_MAX_ROWS, check as check_deadline
from ...core.errors import EvaluationError
from ...language.pattern import has_same, is_possible_copy, opened, select
from ...core.values import UNKNOWN
from ..codes import ThreeValuedAnswers, cname
from .guard import guarded

if TYPE_CHECKING:
    from .compiler import Compiled


class Session(ThreeValuedAnswers):
    """Context manager: the case's facts are in the engine only inside the `with` block."""

    def __init__(self, compiled: Compiled, facts: Iterable, max_rows: int = DEFAULT_MAX_ROWS) -> None:
        self.compiled = compiled
        self.facts = list(facts)          # FactRow-like: .pred .args .known
        self.max_rows = max_rows          # the row budget (the settings' rows, core/deadline.py)
        self._asserted: list = []
        self._cache: dict = {}
        self._base: dict = {}   # engine-level name of a base predicate -> its asserted tuples

    def __enter__(self) -> "Session":
        compiled = self.compiled
        compiled.activate()
        pe = compiled.pe
        derived = compiled.checked.derived
        for key in compiled.checked.base:
            if key not in derived:  # facts for a predicate with rules too are united with them
                for copy in ("c", "p"):
                    self._base[cname(key[0], copy)] = []
        try:
            for n, row in enumerate(self.facts):
                if not n & 255:
                    check_deadline()
                copies = ("c", "p") if row.known else ("p",)
                for copy in copies:
                    if cname(row.pred, copy) in self._base:
                        self._base[cname(row.pred, copy)].append(tuple(row.args))
                    clause = pe.Clause(pe.Literal(cname(row.pred, copy), [pe.Const(v) for v in row.args]), [])
                    pe.assert_(clause)
                    self._asserted.append(clause)
        except Exception:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc: object) -> Literal[False]:
        pe = self.compiled.pe
        for clause in reversed(self._asserted):
            pe.retract(clause)
        self._asserted = []
        self.compiled.logic.Subgoals = {}
        return False

    def rows(self, name: str, args: Sequence) -> set | frozenset:
        """Tuples of the predicate `name` (an engine-level name) matching args (None = any)."""
        key = (name, tuple(args))
        if key in self._cache:
            cached: set | frozenset = self._cache[key]
            return cached
        if has_same(args):   # a repeated variable: the open pattern's rows, with the equality held
            out = self._cache[key] = select(self.rows(name, opened(args)), args, is_possible_copy(name))
            return out
        if name in self._base:  # input facts are exactly what was asserted: no engine query needed
            out = {row for row in self._base[name]
                   if len(row) == len(args) and all(a is None or a == v for a, v in zip(args, row))}
            self._cache[key] = out
            return out
        check_deadline()
        pe = self.compiled.pe
        terms = [pe.Var(f"Q{i}") if a is None else pe.Const(a) for i, a in enumerate(args)]
        try:
            with guarded(pe, self._describe, self.max_rows):
                result = pe.Literal(name, terms).ask()
        except EvaluationError:
            raise
        except RecursionError:
            raise EvaluationError(f"evaluation of {name} exceeded the recursion limit") from None
        out = set(result or ())
        self._cache[key] = out
        return out


    def _describe(self, name: str) -> tuple[str, str | None]:
        """(what, file:line) for an engine-level relation that outgrew the row budget."""
        kind, what, copy = self.compiled.codes.names.get(name, (None, None, None))
        word = {"c": "certain", "p": "possible"}.get(copy, "")
        if kind == "body":
            rule = what.rule
            return (f"the body of the rule for {rule.head} ({word} copy)",
                    f"{rule.loc.file}:{rule.loc.line}" if rule.loc else None)
        if kind == "pred":
            locs = [f"{r.loc.file}:{r.loc.line}" for r in self.compiled.checked.derived.get(what, []) if r.loc]
            also = f", also derived at {', '.join(locs[1:4])}" if len(locs) > 1 else ""
            return f"the relation {what[0]}/{what[1]} ({word} copy) derived by the rule here{also}", \
                (locs[0] if locs else None)
        return f"the engine relation {name}", None


def has_unknown(row: Iterable) -> bool:
    return any(v is UNKNOWN for v in row)
