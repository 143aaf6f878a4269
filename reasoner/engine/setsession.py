"""One case on the set engine (engine/batch.py), answering in the same names as session.Session.

`Session` (pyDatalog, top-down) is the reference engine. `SetSession` evaluates the goal's
dependency cone bottom-up for the single case with BatchProgram, then answers the proof builder's
questions (`rows`, `status`, `truth`) from the resulting sets; a rule body `r<i>__bc/bp` is
solved on demand with a plan of its own over the same sets. The two give identical answers and
identical proof graphs (tests/test_engines_agree.py checks every case file and saved query).
"""
from __future__ import annotations

from .batch import BatchProgram
from .codes import cname


class SetEngine:
    """Compiled once per rulebase and goal: the plans of the goal's dependency cone."""

    def __init__(self, checked, codes, goal_keys):
        self.checked = checked
        self.codes = codes
        self.program = BatchProgram(checked, goals=list(goal_keys))
        self.names: dict = {}
        for key in list(checked.base) + list(checked.derived):
            for copy in ("c", "p"):
                self.names[cname(key[0], copy)] = ("pred", key, copy)
        for code in codes.rules:
            self.names[code.body_c] = ("body", code, "c")
            self.names[code.body_p] = ("body", code, "p")
        self._body_plans: dict = {}

    def body_plan(self, code, copy):
        plan = self._body_plans.get((code.index, copy))
        if plan is None:
            plan = self._body_plans[(code.index, copy)] = self.program.body_plan(code.rule, copy, code.variables)
        return plan


class SetSession:
    """Context manager with Session's interface; the case is evaluated on entry."""

    def __init__(self, engine: SetEngine, facts):
        self.engine = engine
        self.facts = list(facts)
        self._cache: dict = {}
        self._result = None

    def __enter__(self):
        result = self.engine.program.run([self.facts], chunk=None)
        err = result.error(0)
        if err is not None:
            raise err
        self._result = result
        return self

    def __exit__(self, *exc):
        self._result = None
        self._cache = {}
        return False

    def _all(self, name):
        """Every row of the engine-level relation `name` in this case (no case id)."""
        rows = self._cache.get(name)
        if rows is not None:
            return rows
        kind, what, copy = self.engine.names.get(name, (None, None, None))
        if kind == "pred":
            raw = self._result.rows(what[0], copy)
            if what in self.engine.program.global_preds:
                rows = set(raw)
            else:
                rows = {r[1:] for r in raw}
        elif kind == "body":
            plan = self.engine.body_plan(what, copy)
            rels = self._result._rels
            errors: dict = {}
            out = plan.run(lambda key: rels.get(key) or _EMPTY, errors)
            if errors:
                raise next(iter(errors.values()))
            rows = {r[1:] for r in out or ()}
            if not what.variables:
                rows = {(0,)} if rows else set()
        else:
            rows = set()
        self._cache[name] = rows
        return rows

    def rows(self, name: str, args) -> set:
        """Tuples of `name` (an engine-level name) matching args (None = any)."""
        key = (name, tuple(args))
        out = self._cache.get(key)
        if out is None:
            out = {row for row in self._all(name)
                   if len(row) == len(args) and all(a is None or a == v for a, v in zip(args, row))}
            self._cache[key] = out
        return out

    def status(self, pred: str, args) -> tuple:
        return self.rows(cname(pred, "c"), args), self.rows(cname(pred, "p"), args)

    def truth(self, pred: str, args) -> str:
        certain, possible = self.status(pred, args)
        if certain:
            return "true"
        if possible:
            return "undetermined"
        return "false"


class _Empty:
    rows = frozenset()

    def index(self, key_positions, consts=()):
        return {}

    def keys(self, key_positions, consts=()):
        return frozenset()


_EMPTY = _Empty()
