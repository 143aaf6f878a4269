"""One case on the set engine (engine/batch.py), answering in the same names as session.Session.

`Session` (pyDatalog, top-down) is the reference engine. `SetSession` evaluates the goal's
dependency cone bottom-up for the single case, rule body by rule body (the bodies are the
relations `r<i>__bc/bp` the proof builder re-reads), then answers the builder's questions (`rows`,
`status`, `truth`) from those sets. Questions are answered for the goal's dependency cone, which
holds every predicate and rule a proof of the goal can reach. The two engines give identical
answers and proof graphs (tests/engine/test_engines_agree.py, bench/engines.py).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Literal

from ..core.record import replace

from ..language.ast import Assign, Compare, Const, Positive, Var
from ..language.pattern import has_same, is_possible_copy, opened, select
from ..core.deadline import DEFAULT_MAX_ROWS, check as check_deadline
from ..core.gcpause import paused
from ..core.values import UNKNOWN
from ..facts.blocks import Blocks
from .batch import BatchProgram, generate, relation_of, unchanged
from .ops import TooMany
from .fixpoint import Unit, reads, saturate, two_valued

SMALL_BODY = 1024  # a rule body with at most this many rows is made whole once (and indexed); bigger ones on demand
from .codes import ThreeValuedAnswers

if TYPE_CHECKING:
    from ..language.ast import Key
    from ..language.checks import CheckedProgram
    from .codes import RuleCode, RuleCodes
    from .batch import BatchPlan as Plan


class Donor:
    """The same law under other readings, lending to an engine (SetEngine donor): its checked
    program, rule codes, the sharing of its predicates and its head plans by (code index, copy)."""
    __slots__ = ("checked", "codes", "global_preds", "plans")

    def __init__(self, checked: CheckedProgram, codes: RuleCodes, global_preds: Iterable[Key], plans: dict) -> None:
        self.checked, self.codes, self.global_preds, self.plans = checked, codes, frozenset(global_preds), plans


class Given:
    """A case's relations as the donor law evaluated them (a session's, kept after it closed): its
    checked program (whose engine's lent() they serve), the derived predicates it evaluated, and
    the relations by (pred, copy)."""
    __slots__ = ("checked", "evaluated", "relations")

    def __init__(self, checked: CheckedProgram, evaluated: frozenset, relations: dict) -> None:
        self.checked, self.evaluated, self.relations = checked, evaluated, relations


class SetEngine:
    """Per rulebase and goal: one plan per rule and copy in the goal's dependency cone (engine/compile.py,
    compiled on first use and generated into batch.py's executable form, kept here), which keeps only the variables still needed by later literals
    and the head (early projection), so a rule body's combinations are never all held at once.
    The body relations that proofs re-read (`r<i>__bc/bp`, every named body variable) are computed
    only when asked, seeded with the bound values (SetSession.rows, SetSession.first)."""

    def __init__(self, checked: CheckedProgram, codes: RuleCodes, goal_keys: Iterable[Key],
                 plans: dict | None = None, donor: Donor | None = None) -> None:
        """plans: the head plans by (rule code index, copy), shared by every engine of one rulebase
        (they depend on the rule and the program only, never on the goals); donor: the same law
        under other readings (Donor), whose plans and relations of the rules these readings do not
        change this engine takes instead of making its own."""
        self.checked = checked
        self.codes = codes
        goals = list(goal_keys)
        self.program = BatchProgram(checked, goals=goals, compile_plans=False)
        self.names = codes.names
        self._head_plans: dict = {} if plans is None else plans
        self.donor = donor
        self._lent: frozenset | None = None
        self._donor_codes: dict | None = None
        self._body_plans: dict = {}
        by_rule = {id(code.rule): code for code in codes.rules}
        self.steps: list[tuple] = []   # (RuleCode, copy, the relations it needs, its target relation)
        self.groups: list[tuple] = []    # [(relation keys of a recursive stratum or None, steps)], strata in order
        self.strata_reads: list = []  # [(names of a stratum's predicates, names it reads)], as groups
        for comp in self.program.strata:
            steps: list[tuple] = []
            for key in comp:
                for rule in checked.derived.get(key, []):
                    code = by_rule[id(rule)]
                    for copy in ("c", "p"):
                        needs = tuple((lit.atom.pred, copy) for lit in rule.body if isinstance(lit, Positive))
                        steps.append((code, copy, needs, (key[0], copy)))
            self.steps.extend(steps)
            keys = self.program.recursive_keys(comp)
            self.groups.append((keys, steps))
            self.strata_reads.append((tuple(sorted({k[0] for k in comp})), reads(checked, comp)))
        # the derived predicates this engine evaluates (its goals' dependency cone)
        self.evaluated = frozenset(key for comp in self.program.strata for key in comp)
        # every input this engine loads is one an evaluation of a cone holding its own loads too:
        # each is read by a rule of the cone, or is a goal the cone derives
        self._inputs_in_cone = self.program.base_used is not None and all(
            tuple(key) in self.evaluated for key in goals)

    def head_plan(self, code: RuleCode, copy: str) -> Plan:
        plan: Plan | None = self._head_plans.get((code.index, copy))
        if plan is None:
            lent = self._donor_code(code)
            if lent is not None:   # the same rule in the donor law: its plan, made once for both
                assert self.donor is not None
                plan = self.donor.plans.get((lent.index, copy))
                if plan is None:
                    plan = self.donor.plans[(lent.index, copy)] = generate(self.program.compile(code.rule, copy))
            else:
                plan = generate(self.program.compile(code.rule, copy))
            self._head_plans[(code.index, copy)] = plan
        return plan

    def lent(self) -> frozenset:
        """The derived predicates of this engine's cone that the donor law defines alike: the same
        rules (equal, in the same order), the same unknown positions and sharing, reading only
        inputs alike and predicates lent too. Their rows in a case are the donor's; every rule of
        theirs compiles to the same plan."""
        if self._lent is None:
            same: set = set()
            donor = self.donor
            if donor is not None:
                mine, theirs = self.checked, donor.checked
                mine_global, theirs_global = self.program.global_preds, donor.global_preds

                def alike(key: Key, allowed: set) -> bool:
                    rules, others = mine.derived.get(key, []), theirs.derived.get(key)
                    if others is None or len(rules) != len(others) or mine.mu.get(key) != theirs.mu.get(key) \
                            or (key in mine_global) != (key in theirs_global):
                        return False
                    for rule, other in zip(rules, others):
                        if rule is not other and rule != other:
                            return False
                        for lit in rule.body:
                            atom = getattr(lit, "atom", None)
                            if atom is None:
                                continue
                            k = atom.key
                            if k in mine.derived:
                                if k not in allowed:
                                    return False
                            elif k in theirs.derived or mine.mu.get(k) != theirs.mu.get(k):
                                return False
                    return True
                for comp in self.program.strata:   # dependencies first
                    allowed = same | set(comp)
                    if all(alike(key, allowed) for key in comp):
                        same.update(comp)
            self._lent = frozenset(same)
        return self._lent

    def _donor_code(self, code: RuleCode) -> RuleCode | None:
        """The donor's code of the same rule, when its predicate is lent (lent()); else None."""
        if self.donor is None or code.rule.head.key not in self.lent():
            return None
        if self._donor_codes is None:
            theirs = {id(c.rule): c for c in self.donor.codes.rules}
            self._donor_codes = {}
            for key in self.lent():
                for rule, other in zip(self.checked.derived.get(key, []), self.donor.checked.derived[key]):
                    self._donor_codes[id(rule)] = theirs.get(id(other))
        return self._donor_codes.get(id(code.rule))

    def _head_plan_of(self, code: RuleCode, copy: str) -> Callable[[], Plan]:
        return lambda: self.head_plan(code, copy)

    def body_plan(self, code: RuleCode, copy: str, seed: tuple = (), out: Sequence[str] | None = None) -> Plan:
        """A plan whose rows are (case id, values of `out`, default code.variables) for the ways the
        body holds, narrowed (never widened) by `seed`: ((variable, value), ...), each tested right
        after the literal that binds the variable. Callers filter the rows on the seed exactly."""
        out = tuple(code.variables if out is None else out)
        key = (code.index, copy, seed, out)
        plan: Plan | None = self._body_plans.get(key)
        if plan is None:
            if len(self._body_plans) > 4096:
                self._body_plans.clear()
            body = list(code.rule.body)
            exact: set[str] = set()
            for name, value in seed:
                at = next((i for i, lit in enumerate(body) if name in _binds(lit)), None)
                if at is None:
                    continue
                if isinstance(body[at], Positive):
                    # bound before the literal that would bind it, which then looks the value up as
                    # an index key (exactly: never a row with UNKNOWN there) instead of a scan
                    body.insert(at, Assign(Var(name), Const(value), code.rule.head.loc))
                    exact.add(name)
                else:   # bound by `name = expr`: tested right after
                    body.insert(at + 1, Compare("=", Var(name), Const(value), code.rule.head.loc))
            rule = replace(code.rule, body=body)
            plan = self._body_plans[key] = generate(self.program.body_plan(rule, copy, out, exact))
        return plan

    def evaluate(self, facts: Any, max_rows: int = DEFAULT_MAX_ROWS, given: Given | None = None) -> tuple[dict, dict]:
        """(relations, {}) of one case; raises its EvaluationError, or that of the row budget
        max_rows (the settings' rows). given: the donor law's evaluation of the same case (Given):
        the strata of predicates lent (lent()) take its relations instead of being evaluated; or
        this law's own evaluation of the same case (a session's, Given.checked this engine's):
        every stratum it evaluated is taken."""
        return self.evaluate_many([facts], max_rows, given)

    def evaluate_many(self, cases: Iterable, max_rows: int = DEFAULT_MAX_ROWS,
                      given: Given | None = None, changed: frozenset | None = None) -> tuple[dict, dict]:
        """(relations, {}) of several cases at once (rows carry the case's position as their case
        id): the exact answers' variants of one case (engine/exact/split.py) are evaluated together.
        given: an evaluation of one case (evaluate); changed: None when `cases` is that case alone,
        else the input predicates in which `cases` differ from it (the rest of their rows are its
        rows): every stratum lent that reads none of them, even through another, takes given's rows
        (copied to each case)."""
        cases = list(cases)
        if given is not None and ((changed is None and len(cases) != 1) or not (
                given.checked is self.checked or (self.donor is not None and given.checked is self.donor.checked))):
            given = None
        if given is not None and not changed and len(cases) == 1 and given.checked is self.checked \
                and self._inputs_in_cone and self.evaluated <= given.evaluated:
            # this law's own evaluation of the case itself, of every predicate evaluated here (the
            # exact split's first evaluation, on the answer's session): every stratum would be taken
            # from it, and every input loaded here it loaded too
            return dict(given.relations), {}
        with paused():  # many small tuples and no reference cycles: collections are pure cost
            return self._evaluate(cases, max_rows, given, changed or frozenset())

    def _evaluate(self, cases: list, budget: int, given: Given | None = None,
                  changed: frozenset = frozenset()) -> tuple[dict, dict]:
        # a predicate whose rows are all known has one relation for both copies (load's share)
        rels, rel = self.program.load(cases, share=True)
        errors: dict = {}
        get = rels.get

        def read(key: tuple) -> Any:  # reading never creates a relation
            return get(key) or _EMPTY
        try:
            self._strata(read, rel, errors, budget, rels, given, changed, len(cases))
        except BaseException:
            # stopped (time limit, row budget): free the rows now, while the collector is paused,
            # rather than leave them to the traceback and a full collection after the limit
            rels.clear()
            raise
        if errors:
            raise next(iter(errors.values()))
        return rels, {}

    def _strata(self, read: Callable[[tuple], Any], rel: Callable[[tuple], Any], errors: dict, budget: int,
                rels: dict, given: Given | None = None, changed: frozenset = frozenset(), n: int = 1) -> None:
        """Each stratum in order. A two-valued stratum (every relation it reads has equal certain
        and possible copies: fixpoint.two_valued) evaluates its certain copy only, and its possible
        copy is then the same relation object; a case with no unknown input (a facts directory)
        is evaluated once instead of twice. Any other stratum first gives each of its predicates
        a possible copy of its own (load may have shared one between the copies)."""
        if given is None:
            lent: frozenset = frozenset()
        elif given.checked is self.checked:   # this law's own evaluation of the case
            lent = given.evaluated
        else:
            lent = self.lent() & given.evaluated
        touched = set(changed)   # what reads a changed input, even through another predicate
        global_preds = self.program.global_preds
        for (keys, steps), (names, read_names), comp in zip(self.groups, self.strata_reads, self.program.strata):
            if touched and not touched.isdisjoint(read_names):
                touched.update(names)
            elif lent and all(key in lent for key in comp):
                # the given rows of this stratum (never written to here: later strata write their
                # own relations only), each case's when there are several
                assert given is not None
                for key in comp:
                    name = key[0]
                    certain, possible = given.relations.get((name, "c")), given.relations.get((name, "p"))
                    if n > 1 and key not in global_preds:
                        copied = {}
                        for copy, r in (("c", certain), ("p", possible)):
                            if r is not None:
                                if id(r) not in copied:
                                    rows = r.rows
                                    copied[id(r)] = relation_of({(i,) + t[1:] for t in rows for i in range(n)})
                                rels[(name, copy)] = copied[id(r)]
                    else:
                        if certain is not None:
                            rels[(name, "c")] = certain
                        if possible is not None:
                            rels[(name, "p")] = possible
                continue
            shared = two_valued(read_names, read)
            if not shared:
                for name in names:
                    certain = rels.get((name, "c"))
                    if rels.get((name, "p")) is certain and certain is not None:
                        rels[(name, "p")] = relation_of(certain.rows)
            else:
                steps = [step for step in steps if step[1] == "c"]
            if keys is not None:   # a recursive stratum, semi-naively (engine/fixpoint.py)
                units = [Unit(self._head_plan_of(code, copy), target, unchanged, generate,
                              self.program.delta_variants) for code, copy, needs, target in steps]
                saturate(units, keys, read, rel, errors, relation_of, budget)
            else:
                self._run_steps(steps, read, rel, errors, budget)
            if shared:
                for name in names:
                    certain = rels.get((name, "c"))
                    if certain is not None:
                        rels[(name, "p")] = certain
                    else:
                        rels.pop((name, "p"), None)

    def _run_steps(self, steps: Iterable[tuple], read: Callable[[tuple], Any], rel: Callable[[tuple], Any],
                   errors: dict, budget: int) -> None:
        for code, copy, needs, target in steps:
            check_deadline()
            # a body with an empty positive relation has no rows: its plan would stop at that literal,
            # so it is neither compiled nor run (plans are compiled on first use, then kept)
            if not all(read(key).rows for key in needs):
                continue
            plan = self.head_plan(code, copy)
            out = plan.run(read, errors, rows=budget)
            if out:
                rows = rel(target).rows
                rows.update(out)
                if len(rows) > budget:
                    raise plan.too_many(len(rows), budget)


def _binds(lit: object) -> set[str]:
    if isinstance(lit, Positive):
        return {a.name for a in lit.atom.args if isinstance(a, Var)}
    if isinstance(lit, Assign):
        return {lit.var.name}
    return set()


class SetSession(ThreeValuedAnswers):
    """Context manager with Session's interface; the case is evaluated on entry."""

    def __init__(self, engine: SetEngine, facts: Any, max_rows: int = DEFAULT_MAX_ROWS,
                 given: Given | None = None, wider: Callable[[Key], SetEngine] | None = None) -> None:
        """given: the same case's relations under other readings of the law (SetEngine.evaluate).
        wider: key -> the engine of a wider cone of the same law to hold that derived predicate (the
        goal and who committed each violation: engine/choice.py open_session), evaluated only when a
        predicate outside this engine's cone is first asked about, from this session's rows (only
        the strata this engine did not evaluate): a proof that shows no violation never evaluates
        its offenders."""
        self.engine = engine
        self.facts = facts if isinstance(facts, Blocks) else list(facts)
        self.max_rows = max_rows    # the row budget (the settings' rows, core/deadline.py)
        self.given = given
        self._cache: dict = {}
        self._rels: dict | None = None
        self._wider = wider
        self._inside: set = set()   # the names asked about that need no wider engine

    def _widen(self, name: str) -> None:
        """Evaluates a wider engine when `name` (an engine-level name) is a derived predicate, or
        a body of a rule of one, that this engine does not evaluate."""
        kind, what, _ = self.engine.names.get(name, (None, None, None))
        key = what if kind == "pred" else what.rule.head.key if kind == "body" else None
        if key is None or key in self.engine.evaluated or key not in self.engine.checked.derived:
            self._inside.add(name)
            return
        assert self._wider is not None
        wide = self._wider(key)
        if key not in wide.evaluated:   # outside every cone this session may evaluate: no rows
            self._inside.add(name)
            return
        # this law's own evaluation of the case: every stratum evaluated here is taken, the others
        # evaluated (their rows are those an evaluation of the wider cone alone gives)
        self._rels = wide.evaluate(self.facts, self.max_rows, self.kept())[0]
        self.engine = wide
        self._inside.add(name)

    def __enter__(self) -> "SetSession":
        self._rels = self.engine.evaluate(self.facts, self.max_rows, self.given)[0]
        return self

    def kept(self) -> Given:
        """This case's relations, to lend to the same law under other readings (Given); inside
        the `with` block."""
        return Given(self.engine.checked, self.engine.evaluated, self._open_rels())

    def __exit__(self, *exc: object) -> Literal[False]:
        self._rels = None
        self._cache = {}
        return False

    def evaluates(self, key: tuple[str, int]) -> bool:
        """Whether this session's engine evaluates the derived predicate (name, arity): its rows here
        are the law's (one outside the engine's goals and what they depend on has none here)."""
        return tuple(key) in self.engine.evaluated

    def _open_rels(self) -> dict:
        """The case's relations: made on entering the session (`with`), dropped on leaving it."""
        assert self._rels is not None, "a SetSession answers inside its `with` block"
        return self._rels

    def _all(self, name: str) -> set | frozenset:
        """Every row of the engine-level relation `name` in this case (no case id)."""
        rows: set | frozenset | None = self._cache.get(name)
        if rows is not None:
            return rows
        kind, what, copy = self.engine.names.get(name, (None, None, None))
        if kind == "pred":
            r = self._open_rels().get((what[0], copy))
            raw = r.rows if r is not None else ()
            if what in self.engine.program.global_preds:
                rows = set(raw)
            else:
                rows = {t[1:] for t in raw}
        elif kind == "body":
            rows = self._full(what, copy)
            if rows is None:
                rows = self._body_rows(what, copy, ())
            if not what.variables:
                rows = {(0,)} if rows else set()
        else:
            rows = set()
        self._cache[name] = rows
        return rows

    def _full(self, code: RuleCode, copy: str) -> set | frozenset | None:
        """Every row of a rule body when it has at most SMALL_BODY rows (kept), else None: proofs
        then read it like any relation, and seeded searches are for the big ones."""
        key = ("\0full", code.index, copy)
        if key not in self._cache:
            try:
                self._cache[key] = self._body_rows(code, copy, (), budget=SMALL_BODY)
            except TooMany:
                self._cache[key] = None
        full: set | frozenset | None = self._cache[key]
        return full

    def _body_rows(self, code: RuleCode, copy: str, seed: tuple, out: Sequence[str] | None = None,
                   budget: int | None = None) -> set | frozenset:
        """Rows (without the case id) of the body plan seeded with `seed`, filtered on it exactly."""
        check_deadline()
        errors: dict = {}
        plan = self.engine.body_plan(code, copy, tuple((n, v) for n, v in seed if v is not UNKNOWN), out)
        got = plan.run(self._read, errors, budget, rows=self.max_rows)
        if errors:
            raise next(iter(errors.values()))
        rows = {t[1:] for t in got or ()}
        # the seeds the plan looked up exactly hold already; the others are filtered here
        where = [(n, v) for n, v in seed if v is UNKNOWN or n not in plan.plan.exact_seed]
        if where:
            names = list(code.variables if out is None else out)
            where = [(names.index(n), v) for n, v in where]
            rows = {r for r in rows if all(r[i] == v for i, v in where)}
        return rows

    def _read(self, key: tuple) -> Any:
        return self._open_rels().get(key) or _EMPTY

    def first(self, name: str, args: Sequence) -> tuple | None:
        """min(rows(name, args), key=repr), or None; for a rule body, found variable by variable
        (the least value of each, in repr order, that some body row has with the ones chosen before:
        the same row, since a tuple's repr orders as its items' reprs do) without making every
        combination of the body."""
        if self._wider is not None and name not in self._inside:
            self._widen(name)
        kind, code, copy = self.engine.names.get(name, (None, None, None))
        if kind != "body" or not code.variables or self._full(code, copy) is not None:
            return super().first(name, args)
        fixed = {n: a for n, a in zip(code.variables, args) if a is not None}
        if len(fixed) == len(code.variables):
            rows = self.rows(name, args)
            return min(rows, key=repr) if rows else None
        for n in code.variables:
            if n in fixed:
                continue
            out = tuple(v for v in code.variables if v in fixed) + (n,)
            values = {r[-1] for r in self._body_rows(code, copy, tuple(fixed.items()), out)}
            if not values:
                return None
            fixed[n] = min(values, key=repr)
        return tuple(fixed[n] for n in code.variables)

    def rows(self, name: str, args: Sequence) -> set | frozenset:
        """Tuples of `name` (an engine-level name) matching args (None = any)."""
        if self._wider is not None and name not in self._inside:
            self._widen(name)
        if has_same(args):   # a repeated variable: the open pattern's rows, with the equality held
            key = (name, tuple(args))
            out: set | frozenset | None = self._cache.get(key)
            if out is None:
                out = self._cache[key] = select(self.rows(name, opened(args)), args, is_possible_copy(name))
            return out
        kind, code, copy = self.engine.names.get(name, (None, None, None))
        if kind == "body" and code.variables and any(a is not None for a in args) and \
                self._full(code, copy) is None:
            key = (name, tuple(args))
            out = self._cache.get(key)
            if out is None:
                seed = tuple((n, a) for n, a in zip(code.variables, args) if a is not None)
                out = self._cache[key] = self._body_rows(code, copy, seed)
            return out
        everything = self._cache.get(name)
        if everything is None and kind == "pred" and None not in args:
            # a ground atom of a predicate: one membership test in its relation, not a copy of it
            r = self._open_rels().get((code[0], copy))
            row = tuple(args)
            full = row if code in self.engine.program.global_preds else (0,) + row
            return {row} if r is not None and len(row) == code[1] and full in r.rows else _NONE
        if everything is None and kind == "pred":
            # a pattern with bound arguments: looked up in the relation's own index (built once),
            # never a copy of the whole relation (1.3 million rows took seconds past the limit)
            return self._pattern_rows(name, code, copy, tuple(args))
        if everything is None:
            everything = self._all(name)
        if not everything:
            return everything
        args = tuple(args)
        key = (name, args)
        out = self._cache.get(key)
        if out is None:
            bound = tuple(i for i, a in enumerate(args) if a is not None)
            if not bound:
                out = {row for row in everything if len(row) == len(args)}
            elif len(bound) == len(args):  # a ground atom: a membership test
                out = {args} if args in everything else _NONE
            else:  # an index per bound positions, built once: a proof asks many atoms of one relation
                ikey = (name, bound, len(args))
                index = self._cache.get(ikey)
                if index is None:
                    index = self._cache[ikey] = {}
                    for row in everything:
                        if len(row) == len(args):
                            index.setdefault(tuple(row[i] for i in bound), set()).add(row)
                out = index.get(tuple(args[i] for i in bound), _NONE)
            self._cache[key] = out
        return out


    def _pattern_rows(self, name: str, pred_key: Key, copy: str, args: tuple) -> set | frozenset:
        key = (name, args)
        out = self._cache.get(key)
        if out is None:
            r = self._open_rels().get((pred_key[0], copy))
            if r is None or len(args) != pred_key[1]:
                out = _NONE
            else:
                off = 0 if pred_key in self.engine.program.global_preds else 1
                bound = tuple(i for i, a in enumerate(args) if a is not None)
                hits = r.index(tuple(i + off for i in bound)).get(tuple(args[i] for i in bound), ())
                out = {h[off:] for h in hits} or _NONE
            self._cache[key] = out
        return out


class _Empty:
    rows: frozenset = frozenset()

    def sequence(self) -> frozenset:
        return self.rows

    def index(self, key_positions: tuple, consts: tuple = ()) -> dict:
        return {}

    def keys(self, key_positions: tuple, consts: tuple = ()) -> frozenset:
        return frozenset()


_EMPTY = _Empty()
_NONE: frozenset = frozenset()
