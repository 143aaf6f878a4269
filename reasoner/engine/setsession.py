"""One case on the set engine (engine/batch.py), answering in the same names as session.Session.

`Session` (pyDatalog, top-down) is the reference engine. `SetSession` evaluates the goal's
dependency cone bottom-up for the single case, rule body by rule body (the bodies are the
relations `r<i>__bc/bp` the proof builder re-reads), then answers the builder's questions (`rows`,
`status`, `truth`) from those sets. Questions are answered for the goal's dependency cone, which
holds every predicate and rule a proof of the goal can reach. The two engines give identical
answers and proof graphs (tests/test_engines_agree.py, bench/engines.py).
"""
from __future__ import annotations

from ..language.ast import Positive, Var
from ..deadline import check as check_deadline
from .batch import BatchProgram, _relation_of, _same
from .fixpoint import Unit, reads, saturate, share_possible, two_valued
from .codes import ThreeValuedAnswers


class SetEngine:
    """Per rulebase and goal: one plan per rule body and copy in the goal's dependency cone
    (engine/batch.py's planner, with every named body variable kept, compiled on first use), and
    the projection of each body row onto the rule's head."""

    def __init__(self, checked, codes, goal_keys):
        self.checked = checked
        self.codes = codes
        self.program = BatchProgram(checked, goals=list(goal_keys), compile_plans=False)
        self.names = codes.names
        self._body_plans: dict = {}
        by_rule = {id(code.rule): code for code in codes.rules}
        self.steps = []
        self.groups = []    # [(relation keys of a recursive stratum or None, steps)], strata in order
        self.reads: dict = {}         # recursive stratum -> names of the relations it reads
        self.lazy_bodies: set = set()  # rules of recursive strata: body rows computed when asked
        self._head_plans: dict = {}
        for comp in self.program.strata:
            steps = []
            for key in comp:
                for rule in checked.derived.get(key, []):
                    code = by_rule[id(rule)]
                    head = _head_projection(code, key in self.program.global_preds)
                    for copy in ("c", "p"):
                        needs = tuple((lit.atom.pred, copy) for lit in rule.body if isinstance(lit, Positive))
                        steps.append((code, copy, needs, head, (key[0], copy)))
            self.steps.extend(steps)
            keys = self.program.recursive_keys(comp)
            self.groups.append((keys, steps))
            if keys is not None:
                self.reads[keys] = reads(checked, comp)
                self.lazy_bodies.update(code.index for code, *_ in steps)

    def body_plan(self, code, copy):
        plan = self._body_plans.get((code.index, copy))
        if plan is None:
            plan = self._body_plans[(code.index, copy)] = self.program.body_plan(code.rule, copy, code.variables)
        return plan

    def evaluate(self, facts):
        """(relations, body rows per (rule index, copy)) of one case; raises its EvaluationError."""
        rels, rel = self.program.load([facts])
        errors: dict = {}
        bodies: dict = {}
        get = rels.get

        def read(key):  # reading never creates a relation
            return get(key) or _EMPTY
        for keys, steps in self.groups:
            if keys is not None:
                self._saturate(keys, steps, read, rel, errors, bodies)
                continue
            self._run_steps(steps, read, rel, errors, bodies)
        if errors:
            raise next(iter(errors.values()))
        return rels, bodies

    def _saturate(self, keys, steps, read, rel, errors, bodies):
        """A recursive stratum, semi-naively (engine/fixpoint.py), on plans that keep only the head's
        variables; a proof's questions about its rule bodies are answered afterwards, from the
        final relations (SetSession._all). A two-valued stratum saturates its certain copy only."""
        shared = two_valued(self.reads[keys], read)
        units = []
        for code, copy, needs, head, target in steps:
            if shared and copy == "p":
                continue
            units.append(Unit(lambda code=code, copy=copy: self.head_plan(code, copy), target, _same))
        saturate(units, keys, read, rel, errors, _relation_of)
        if shared:
            share_possible([(name,) for name, copy in keys if copy == "c"], rel)

    def head_plan(self, code, copy):
        plan = self._head_plans.get((code.index, copy))
        if plan is None:
            plan = self._head_plans[(code.index, copy)] = self.program._compile(code.rule, copy)
        return plan

    def _run_steps(self, steps, read, rel, errors, bodies):
        for code, copy, needs, head, target in steps:
            check_deadline()
            # a body with an empty positive relation has no rows: its plan would stop at that literal,
            # so it is neither compiled nor run (plans are compiled on first use, then kept)
            if not all(read(key).rows for key in needs):
                continue
            out = self.body_plan(code, copy).run(read, errors)
            if out:
                bodies[(code.index, copy)] = out
                rel(target).rows.update(map(head, out))


def _head_projection(code, head_global):
    """body row (case id, values of code.variables) -> head row (case id first unless global)."""
    src = []
    for a in code.rule.head.args:
        if isinstance(a, Var):
            src.append((True, 1 + code.variables.index(a.name)))
        else:
            src.append((False, a.value))
    if not head_global:
        src.insert(0, (True, 0))
    return lambda b: tuple(b[v] if is_slot else v for is_slot, v in src)


class SetSession(ThreeValuedAnswers):
    """Context manager with Session's interface; the case is evaluated on entry."""

    def __init__(self, engine: SetEngine, facts):
        self.engine = engine
        self.facts = list(facts)
        self._cache: dict = {}
        self._rels = None
        self._bodies = None

    def __enter__(self):
        self._rels, self._bodies = self.engine.evaluate(self.facts)
        return self

    def __exit__(self, *exc):
        self._rels = self._bodies = None
        self._cache = {}
        return False

    def _all(self, name):
        """Every row of the engine-level relation `name` in this case (no case id)."""
        rows = self._cache.get(name)
        if rows is not None:
            return rows
        kind, what, copy = self.engine.names.get(name, (None, None, None))
        if kind == "pred":
            r = self._rels.get((what[0], copy))
            raw = r.rows if r is not None else ()
            if what in self.engine.program.global_preds:
                rows = set(raw)
            else:
                rows = {t[1:] for t in raw}
        elif kind == "body":
            if what.index in self.engine.lazy_bodies and (what.index, copy) not in self._bodies:
                self._bodies[(what.index, copy)] = self._body_rows(what, copy)
            rows = {t[1:] for t in self._bodies.get((what.index, copy), ())}
            if not what.variables:
                rows = {(0,)} if rows else set()
        else:
            rows = set()
        self._cache[name] = rows
        return rows

    def _body_rows(self, code, copy):
        """A rule body's rows over the final relations (a rule of a recursive stratum)."""
        get = self._rels.get
        errors: dict = {}
        out = self.engine.body_plan(code, copy).run(lambda key: get(key) or _EMPTY, errors)
        if errors:
            raise next(iter(errors.values()))
        return out or set()

    def rows(self, name: str, args) -> set:
        """Tuples of `name` (an engine-level name) matching args (None = any)."""
        everything = self._cache.get(name)
        if everything is None:
            everything = self._all(name)
        if not everything:
            return everything
        args = tuple(args)
        key = (name, args)
        out = self._cache.get(key)
        if out is None:
            positions = tuple(i for i, a in enumerate(args) if a is not None)
            if not positions:  # (a relation's rows all have its arity: the checker sees to it)
                out = everything
            elif len(positions) == len(args):
                out = {args} if args in everything else set()
            else:
                # an index of the relation on the bound positions, built once per session
                idx = self._cache.get((name, positions, "index"))
                if idx is None:
                    idx = self._cache[(name, positions, "index")] = {}
                    for row in everything:
                        if len(row) == len(args):
                            idx.setdefault(tuple(row[i] for i in positions), set()).add(row)
                out = idx.get(tuple(args[i] for i in positions), set())
            self._cache[key] = out
        return out


class _Empty:
    rows = frozenset()

    def index(self, key_positions, consts=()):
        return {}

    def keys(self, key_positions, consts=()):
        return frozenset()


_EMPTY = _Empty()
