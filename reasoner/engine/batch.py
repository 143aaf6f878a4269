"""A faster batch path: the checked program evaluated bottom-up over many cases at once.

The reference engine is pyDatalog (compiler.py + session.py: one case at a time, top-down). This
module evaluates the same non-recursive stratified CheckedProgram with plain Python sets and dicts,
all cases in one pass, with exactly the three-valued semantics of compiler.py:

- every predicate p has a certain copy (p, "c") and a possible copy (p, "p"); a known fact is in
  both, an unknown one only in the possible copy (UNKNOWN in its value slot);
- relations are sets of tuples whose first element is the case id (per-case relations) or, for
  predicates defined by facts in the rules only, tuples without it (shared by every case);
- a rule body is evaluated literal by literal in the checked order, with the compiler's static
  bookkeeping: in the possible copy a position that may be unknown (checked.mu) or a variable that
  may hold UNKNOWN is joined with `_eq3` (equal, or either side UNKNOWN; the variable keeps its
  first value); a constant there matches itself or UNKNOWN;
- `not q(..)`: certain copy = no possible row matches (`q__pm`: eq3 at q's may-unknown
  positions); possible copy = no certain row equals;
- comparisons and assignments are engine.arith's test2/test3 and evaluate/assign3 (exact; an
  unknown operand makes a comparison possibly true and an assignment UNKNOWN);
- an EvaluationError in a case marks that case (and only that case) as failed.

Joins are hash joins on the bound positions (the case id is always one of them); semi-joins and
negations are set-membership filters; comparisons of a variable with a constant are direct Python
comparisons. Only the rules the requested goals depend on are evaluated, and cases are evaluated
a chunk at a time (CHUNK) so that the relations stay small enough for the processor's caches.
pyDatalog stays the reference: tests/cli/test_bench_smoke.py and bench/run check this module's answers
against it.
"""
from __future__ import annotations

from collections.abc import Mapping

from types import MappingProxyType

from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar
from fractions import Fraction
from itertools import compress, islice, repeat
from operator import itemgetter

from ..core.deadline import DEFAULT_MAX_ROWS, FREE_PER_ROW, check as check_deadline
from ..core.errors import EvaluationError
from ..core.gcpause import paused
from ..language.ast import Key, Negative, Positive, Rule, Var
from ..language.pattern import matches
from ..core.values import UNKNOWN
from ..language import arith
from ..facts.blocks import Blocks
from . import plan as ir
from .compile import Scope, body_plan, compile_rule, delta_variants, global_preds
from .fixpoint import Unit, reads, saturate, share_possible, two_valued
from .ops import Op, TooMany, getter, projection
from .plan import CASES

if TYPE_CHECKING:
    from ..language.checks import CheckedProgram

_R = TypeVar("_R")

CHUNK = 1000             # cases evaluated together (see BatchProgram.run)


class _Relation:
    """A relation's rows (a set of tuples, which only ever grows) and its indexes."""
    __slots__ = ("rows", "_indexes", "_ordered")

    def __init__(self) -> None:
        self.rows: set = set()
        self._indexes: dict = {}
        self._ordered: tuple[set, list] | None = None    # (rows set, [each of its rows once, in the order they were loaded])

    def sequence(self) -> Collection:
        """The rows for one pass over them: the list they were loaded from while it still holds
        every row (a million rows are walked several times faster in the order they were made
        than in the set's order), else the set itself."""
        o = self._ordered
        if o is not None and o[0] is self.rows and len(o[1]) == len(self.rows):
            return o[1]   # the set only grows: as many rows as the list means the same rows
        return self.rows

    def index(self, key_positions: tuple, consts: tuple = ()) -> dict:
        """dict: key tuple -> list of rows, over rows whose `consts` positions hold the values."""
        k = (key_positions, consts)
        idx = self._indexes.get(k)
        if idx is None:
            idx = defaultdict(list)
            get = getter(key_positions)
            rows: Collection = self.rows
            if consts:
                cpos = tuple(p for p, _ in consts)
                cval = tuple(v for _, v in consts)
                cget = getter(cpos)
                rows = [r for r in rows if cget(r) == cval]
            if len(rows) > PIECE:   # a big relation: the time limit is checked as it goes
                for part in _pieces_of(rows):
                    for r in part:
                        idx[get(r)].append(r)
            else:
                for r in rows:
                    idx[get(r)].append(r)
            self._indexes[k] = idx
        return idx

    def drop_indexes(self) -> None:
        self._indexes = {}

    def add(self, rows: Iterable[tuple]) -> set:
        """Add rows (a recursive stratum grows its relations between rounds); the indexes built so
        far are extended rather than dropped. Returns the rows that were new."""
        new = set(rows) - self.rows
        if not new:
            return new
        self.rows |= new
        for k, idx in self._indexes.items():
            is_keys = k[0] == "keys"
            if is_keys and idx is self.rows:
                continue
            key_positions, consts = k[1:] if is_keys else k
            get = getter(key_positions)
            rows = new
            if consts:
                cget = getter(tuple(p for p, _ in consts))
                cval = tuple(v for _, v in consts)
                rows = [r for r in new if cget(r) == cval]
            if is_keys:
                idx.update(map(get, rows))
            else:
                for r in rows:
                    idx[get(r)].append(r)
        return new

    def keys(self, key_positions: tuple, consts: tuple = ()) -> Collection:
        """set of key tuples (semi-joins and negations)."""
        k = ("keys", key_positions, consts)
        s = self._indexes.get(k)
        if s is None:
            if not consts and key_positions == tuple(range(len(next(iter(self.rows), ())))) and self.rows:
                s = self.rows
            else:
                s = set(self.index(key_positions, consts))
            self._indexes[k] = s
        return s


def _constant(value: _R) -> Callable[[], _R]:
    return lambda: value


def unchanged(rows: _R) -> _R:
    """The head rows of body rows that are the head rows (fixpoint.Unit's heads)."""
    return rows


def relation_of(rows: Iterable[tuple]) -> _Relation:
    r = _Relation()
    r.rows = set(rows)
    return r


class BatchProgram:
    """Compile once (per program and goals); `run(cases)` or `verdicts(cases, goals)` evaluate
    any number of cases, each a list of FactRow-like rows (.pred .args .known)."""

    def __init__(self, checked: CheckedProgram, goals: Iterable[Key] | None = None, compile_plans: bool = True) -> None:
        self.checked = checked
        self.mu = checked.mu
        wanted = self._relevant(goals)
        self.order = [k for k in checked.order if k in wanted]
        self.global_preds = global_preds(checked)
        self.scope = Scope(self.mu, self.global_preds)
        self._generated: dict = {}   # data plan -> its BatchPlan (executable)
        self._forms: dict = {}       # interpreter name -> {data plan: its executable form there}
        self.base_used: set[str] | None = {lit.atom.pred for key in self.order for rule in checked.derived.get(key, [])
                          for lit in rule.body if isinstance(lit, (Positive, Negative))}
        self.base_used |= {name for name, _ in (goals or ())}  # a goal may be an input itself
        if goals is None:
            self.base_used = None  # every fact row, so that any predicate can be asked
        # strata of the goals' cone, dependencies first; a recursive one is saturated semi-naively
        self.strata = [[k for k in sorted(comp) if k in wanted]
                       for comp in (checked.strata or [[k] for k in checked.order])
                       if any(k in wanted for k in comp)]
        self.plans = []
        self.groups = []        # [(relation keys of a recursive stratum or None, [plan])]
        self.reads = []         # [(stratum, names of the relations it reads)], as groups
        for comp in (self.strata if compile_plans else ()):
            plans = [self.compile(rule, copy) for key in comp
                     for rule in checked.derived.get(key, []) for copy in ("c", "p")]
            self.plans.extend(plans)
            self.groups.append((self.recursive_keys(comp), plans))
            self.reads.append((comp, reads(checked, comp)))

    def recursive_keys(self, comp: Iterable[Key]) -> frozenset | None:
        """The relation keys (pred, copy) of a stratum if it is recursive, else None."""
        if not any(k in getattr(self.checked, "recursive", ()) for k in comp):
            return None
        return frozenset((k[0], copy) for k in comp for copy in ("c", "p"))

    # -- analysis ------------------------------------------------------------------------
    def _relevant(self, goals: Iterable[Key] | None) -> set:
        derived = self.checked.derived
        if goals is None:
            return set(derived)
        todo = [g for g in goals if g in derived]
        seen = set()
        while todo:
            key = todo.pop()
            if key in seen:
                continue
            seen.add(key)
            for rule in derived.get(key, []):
                for lit in rule.body:
                    if isinstance(lit, (Positive, Negative)) and lit.atom.key in derived:
                        todo.append(lit.atom.key)
        return seen

    # -- compiling and generating ------------------------------------------------------------
    def compile(self, rule: Rule, copy: str, exact: Iterable[str] = ()) -> ir.Plan:
        """The plan of `rule` in `copy` (compile.compile_rule)."""
        return compile_rule(self.scope, rule, copy, exact=exact)

    def delta_variants(self, plan: ir.Plan, keys: Collection[tuple]) -> list | None:
        """The semi-naive variants of `plan` (compile.delta_variants), as data plans."""
        return delta_variants(self.scope, plan, keys)

    def body_plan(self, rule: Rule, copy: str, variables: Iterable[str], exact: Iterable[str] = ()) -> ir.Plan:
        """The plan of the body relation of `rule` (compile.body_plan)."""
        return body_plan(self.scope, rule, copy, variables, exact)

    def executable(self, plan: ir.Plan) -> "BatchPlan":
        """This interpreter's executable form of `plan` (`generate`), made once and kept here."""
        got = self._generated.get(plan)
        if got is None:
            got = self._generated[plan] = generate(plan)
        return got

    def generated(self, interpreter: str) -> dict:
        """The dict in which another interpreter (worlds.py) keeps the executable forms it makes of
        this program's plans: they live as long as the program."""
        got: dict = self._forms.setdefault(interpreter, {})
        return got

    # -- running ---------------------------------------------------------------------------
    def run(self, cases_rows: Iterable, timing: dict | None = None, chunk: int | None = CHUNK,
            max_rows: int = DEFAULT_MAX_ROWS) -> "BatchResult | _Chunked":
        """Evaluate every case; `timing`, if given, receives seconds for "load" and "evaluate";
        max_rows: the row budget (the settings' rows, core/deadline.py).

        Cases are independent, so they are evaluated `chunk` at a time: the same set operations,
        on relations small enough to stay in the processor's caches (per case, 30,000 cases in one
        piece cost 2.5 times 3,000 in one piece). chunk=None evaluates everything in one piece."""
        with paused():  # millions of small tuples and no reference cycles: collections are pure cost
            cases_rows = list(cases_rows)
            size = chunk or max(len(cases_rows), 1)
            parts = []
            for start in range(0, len(cases_rows), size) or [0]:
                parts.append((start, self._run(cases_rows[start:start + size], timing, max_rows)))
            return parts[0][1] if len(parts) == 1 else _Chunked(parts, len(cases_rows))

    def verdicts(self, cases_rows: Iterable, goals: Iterable[tuple], timing: dict | None = None,
                 chunk: int | None = CHUNK, max_rows: int = DEFAULT_MAX_ROWS) -> list:
        """Per case, {(pred, args): (certain rows, possible rows)} for the goal patterns (args: a
        value, or None for any), or the EvaluationError of that case. Chunk by chunk, keeping only
        the answers: memory stays that of one chunk."""
        cases_rows = list(cases_rows)
        size = chunk or max(len(cases_rows), 1)
        goals = [(pred, tuple(args)) for pred, args in goals]
        out: list = []   # per case, its answers or its EvaluationError
        empty: frozenset = frozenset()
        for start in range(0, len(cases_rows), size):
            part = cases_rows[start:start + size]
            result = self.run(part, timing, chunk=None, max_rows=max_rows)
            grouped: dict = {}
            for pred, args in goals:
                for copy in ("c", "p"):
                    rows = result.rows(pred, copy)
                    if (pred, len(args)) in self.global_preds:
                        shared = frozenset(r for r in rows if _matches(args, r, copy == "p"))
                        grouped[(pred, args, copy)] = _Shared(shared)
                        continue
                    by_case = defaultdict(list)
                    for r in rows:
                        if _matches(args, r[1:], copy == "p"):
                            by_case[r[0]].append(r[1:])
                    grouped[(pred, args, copy)] = by_case
            for cid in range(len(part)):
                err = result.error(cid)
                if err is not None:
                    out.append(err)
                    continue
                out.append({(pred, args): tuple(frozenset(grouped[(pred, args, copy)].get(cid, empty))
                                                for copy in ("c", "p"))
                            for pred, args in goals})
            del result, grouped
        return out

    def load(self, cases_rows: Sequence, share: bool = False) -> tuple[dict, Callable[[tuple], _Relation]]:
        """(rels, rel): the cases' fact rows in relations (certain and possible copies), and the
        function that gives (creating if needed) the relation of a (pred, copy) key.

        share=True: a predicate whose rows are all known (and hold no UNKNOWN) has one relation
        object for both copies (rels[(p, "c")] is rels[(p, "p")]); the caller must then never grow
        one copy alone (SetEngine does not). A case may give its rows as facts/blocks.py Blocks
        (a relation's known rows as columns), loaded a relation at a time."""
        rels: dict = {}

        def rel(key: tuple) -> _Relation:
            r = rels.get(key)
            if r is None:
                r = rels[key] = _Relation()
            return r
        rel((CASES, "c")).rows.update((cid,) for cid in range(len(cases_rows)))
        used = self.base_used
        possible: dict = {}         # pred -> [rows: a list of tuples, or a (case id, Block)]
        certain: dict = {}          # pred -> [tuple] of the known rows given row by row
        lists: dict = {}            # pred -> its list of tuples in possible
        two_valued: dict = {}       # pred -> whether every row is known and holds no UNKNOWN
        for cid, rows in enumerate(cases_rows):
            if isinstance(rows, Blocks):
                for block in rows:
                    pred = block.pred
                    if used is not None and pred not in used or not len(block):
                        continue
                    possible.setdefault(pred, []).append((cid, block))
                    two_valued.setdefault(pred, True)
                continue
            head = (cid,)
            for row in rows:
                pred = row.pred
                if used is not None and pred not in used:
                    continue
                args = row.args
                t = head + (args if type(args) is tuple else tuple(args))
                bucket = lists.get(pred)
                if bucket is None:
                    bucket = lists[pred] = []
                    possible.setdefault(pred, []).append(bucket)
                bucket.append(t)
                if row.known:
                    bucket = certain.get(pred)
                    if bucket is None:
                        bucket = certain[pred] = []
                    bucket.append(t)
                    if share and UNKNOWN in t:
                        two_valued[pred] = False
                    else:
                        two_valued.setdefault(pred, True)
                else:
                    two_valued[pred] = False
        for pred, parts in possible.items():
            r = rel((pred, "p"))
            if len(parts) == 1 and type(parts[0]) is not list:    # one block: kept in its order too
                # a row given twice is kept once, at its first place; the set reuses the dict's hashes
                once = dict.fromkeys(parts[0][1].tuples(parts[0][0]))
                r.rows = set(once)
                r._ordered = (r.rows, list(once))
            for part in parts if r._ordered is None else ():
                r.rows.update(part if type(part) is list else part[1].tuples(part[0]))
            if two_valued[pred]:
                if share:
                    rels[(pred, "c")] = r       # certain = possible: one relation for both copies
                else:
                    rel((pred, "c")).rows.update(r.rows)
                continue
            known = set(certain.get(pred, ()))     # the known rows, and every block's
            for part in parts:
                if type(part) is not list:
                    known.update(part[1].tuples(part[0]))
            if known:
                rel((pred, "c")).rows = known
        return rels, rel

    def _run(self, cases_rows: Sequence, timing: dict | None, most: int) -> "BatchResult":
        import time
        t0 = time.perf_counter()
        rels, rel = self.load(cases_rows)
        errors: dict = {}
        t1 = time.perf_counter()
        for (keys, plans), (comp, names) in zip(self.groups, self.reads):
            if keys is not None:
                shared = two_valued(names, rel)
                units = [Unit(_constant(self.executable(plan)), plan.target, unchanged, generate,
                              self.delta_variants) for plan in plans if not shared or plan.copy == "c"]
                saturate(units, keys, rel, rel, errors, relation_of, most)
                if shared:
                    share_possible(comp, rel)
                continue
            for plan in plans:
                out = self.executable(plan).run(rel, errors, rows=most)
                if out:
                    target = rel(plan.target).rows
                    target |= out
                    if len(target) > most:
                        raise plan.too_many(len(target), most)
        if timing is not None:
            timing["load"] = timing.get("load", 0.0) + t1 - t0
            timing["evaluate"] = timing.get("evaluate", 0.0) + time.perf_counter() - t1
        for r in rels.values():
            r.drop_indexes()
        return BatchResult(rels, errors, len(cases_rows), self.global_preds)


def generate(plan: ir.Plan) -> "BatchPlan":
    """This interpreter's executable form of a data plan: each step's functions (ops.Op) and the
    function that runs it, chosen here by the step's class (RUNS), once."""
    ops = []
    for step in plan.steps:
        op = Op(step)
        op.run = RUNS[type(step)]
        ops.append(op)
    return BatchPlan(plan, ops)


class BatchPlan:
    """A plan (engine/plan.py) with this module's interpreter: bindings in lists, all cases at once.
    `plan`: the data plan; `steps`: its ops; `project`: binding -> head row, or None."""
    __slots__ = ("plan", "steps", "project", "target", "copy", "scans", "reads", "first_scans")

    def __init__(self, plan: ir.Plan, steps: list[Any]) -> None:
        self.plan = plan
        self.steps = steps
        self.project = projection(plan.head)
        self.target = plan.target
        self.copy = plan.copy
        # per step: a positive literal (not fused): it scans, or joins unless it only filters
        self.scans = tuple(type(step) is ir.Positive for step in plan.steps)
        # per step: the relation it reads, if any
        self.reads = tuple(isinstance(step, (ir.Positive, ir.Negative)) for step in plan.steps)
        self.first_scans = bool(self.scans) and self.scans[0]

    def too_many(self, count: int, budget: int) -> EvaluationError:
        return self.plan.too_many(count, budget)

    def run(self, rel: Callable[[tuple], Any], errors: dict, budget: int | None = None,
            rows: int | None = None) -> Any:
        """The plan's rows; past the row budget its error, or, with `budget` given, TooMany.
        `rows`: the row budget (the settings' rows) the caller evaluates under."""
        limit = budget or rows or DEFAULT_MAX_ROWS
        try:
            return self._run(rel, errors, limit)
        except TooMany as exc:
            if budget:
                raise
            raise self.too_many(exc.count, limit) from None

    def _run(self, rel: Callable[[tuple], Any], errors: dict, limit: int) -> Any:
        steps = self.steps
        if len(steps) == 1 and self.scans[0] and steps[0].checks is None \
                and not steps[0].consts:
            # one literal, every row matching (`has(X) :- edge(X, _).`): its projection in one pass
            check_deadline()
            step = steps[0]
            r = rel(step.rel)
            if not r.rows:
                return None
            if len(r.rows) > limit:      # the bindings a scan would make: the same budget
                raise TooMany(len(r.rows))
            rows = r.sequence()
            cases: Collection = rel((CASES, "c")).rows if step.case_and_one is not None else ()
            if len(cases) == 1:
                # one case: every row has its id; the distinct values first (a set of values whose
                # hashes are kept, not a million new tuples), then a tuple for each
                (cid,), = cases
                values = set(map(itemgetter(step.case_and_one), rows))
                out = set(zip(repeat(cid, len(values)), values))
            else:
                out = set(map(step.keep_r, rows))
            return out if self.project is None else set(map(self.project, out))
        # The body streams into the head: bindings go through the steps a block at a time (at most
        # about BLOCK bindings enter a step), and each block's head rows are added to the head's set
        # as it comes out, so memory follows the relations and the head, not the body. The row
        # budget counts the head rows (what is stored). A step sees the same bindings in the same
        # order as if every step ran over the whole body at once, and each step's errors are kept
        # apart and merged in step order: a case's first error is the same as with whole steps.
        steps = self.steps
        stop = len(steps)
        for i, step in enumerate(steps):
            if isinstance(self.plan.steps[i], ir.Positive) and not rel(step.rel).rows:
                stop = i        # the body never holds; the steps before still run (their errors count)
                break
        errs: list[dict] = [{} for _ in steps]
        out = set()
        project = self.project
        budget = limit
        rels = [rel(step.rel) if reads else None for step, reads in zip(steps, self.reads)]
        scans = self.scans

        def feed(i: int, bindings: Any) -> None:
            if i == stop:
                if stop == len(steps):
                    out.update(bindings if project is None else map(project, bindings))
                    if len(out) > budget:
                        raise TooMany(len(out))
                    if len(out) > RESERVE_FROM:   # freeing the head's rows counts against the limit
                        check_deadline(len(out) * FREE_PER_ROW)
                return
            check_deadline()
            step = steps[i]
            if scans[i] and (bindings is None or not (step.semijoin or step.whole_row)):
                for block in (_scan_blocks(step, rels[i]) if bindings is None else _join_blocks(step, rels[i], bindings)):
                    feed(i + 1, block)
                return
            bindings = step.run(step, rels[i], bindings, errs[i], limit)
            if bindings:
                feed(i + 1, bindings)

        # None: nothing bound yet, the first positive literal scans its relation; a fact, or a body
        # starting with a test or an assignment (`N = 0`), starts from one empty binding
        try:
            feed(0, None if self.first_scans else [()])
        finally:
            # feed refers to itself: without this the closure is a reference cycle holding the head's
            # rows, freed only by a full garbage collection that walks every one of them (about 1 s
            # for the rows made in 1 s, after a time limit had already stopped the evaluation)
            del feed
        for found in errs:
            for cid, exc in found.items():
                errors.setdefault(cid, exc)
        return out if out and stop == len(steps) else None


RESERVE_FROM = 100_000   # head rows from which the time to free them is kept in reserve
BLOCK = 65536   # bindings made by a join or scan before they go on to the next step


def _semijoin(step: Any, r: Any, bindings: list, errors: dict, limit: int) -> list:
    """A positive literal that only filters (a semi-join: nothing new lives on): the bindings with
    a matching row."""
    if step.whole_row:
        rows = r.rows
        return [b for b in bindings if b in rows]
    keys = r.keys(step.key_pos, step.consts)
    key = step.key
    if step.identity:
        return [b for b in bindings if key(b) in keys]
    kb = step.keep_b
    return [kb(b) for b in bindings if key(b) in keys]


def _negative(step: Any, r: Any, bindings: list, errors: dict, limit: int) -> list:
    """`not q(..)`: the bindings with no matching row (_eq3 at the fuzzy positions), projected."""
    if r.rows:
        if step.whole_row:
            rows = r.rows
            bindings = [b for b in bindings if b not in rows]
        elif not step.fuzzy:
            keys = r.keys(step.key_pos, step.consts)
            key = step.key
            bindings = [b for b in bindings if key(b) not in keys]
        else:
            idx = r.index(step.key_pos, step.consts)
            key, check = step.key, step.checks
            bindings = [b for b in bindings if not any(check(b, row) for row in idx.get(key(b), ()))]
    return bindings if step.proj is None else list(map(step.proj, bindings))


def _scan_blocks(step: Any, r: Any) -> Iterator[list]:
    """The first literal's bindings, BLOCK at a time."""
    if step.key_pos:
        raise AssertionError("a first literal has no bound variables")
    rows = r.index((), step.consts).get((), ()) if step.consts else r.sequence()
    check, keep_r = step.checks, step.keep_r
    if len(rows) <= BLOCK:
        part = list(map(keep_r, rows)) if check is None else [keep_r(row) for row in rows if check((), row)]
        if part:
            yield part
        return
    it = iter(rows)
    while True:
        check_deadline()
        chunk = list(islice(it, BLOCK))
        if not chunk:
            return
        part = list(map(keep_r, chunk)) if check is None else [keep_r(row) for row in chunk if check((), row)]
        if part:
            yield part


def _join_blocks(step: Any, r: Any, bindings: list) -> Iterator[list]:
    """The join's bindings, in blocks of about BLOCK: slices of the incoming bindings sized by the
    fan-out seen so far, a block given out once it holds BLOCK bindings."""
    idx = r.index(step.key_pos, step.consts)
    key, check, kb, kr = step.key, step.checks, step.keep_b, step.keep_r
    get = idx.get
    n = len(bindings)
    out: list = []
    append = out.append
    # a first slice of one binding when there are more than a few: the fan-out is not known yet, and
    # a few thousand bindings each joined with a few thousand rows are millions of rows between checks
    start, size, made = 0, 1 if n > 64 else n, 0
    while start < n:
        end = min(start + size, n)
        part = bindings[start:end] if start or end < n else bindings
        before = len(out)
        if check is None:
            for b in part:
                rows = get(key(b))
                if rows:
                    head = kb(b)
                    for row in rows:
                        append(head + kr(row))
        else:
            for b in part:
                rows = get(key(b))
                if rows:
                    head = kb(b)
                    for row in rows:
                        if check(b, row):
                            append(head + kr(row))
        made += len(out) - before
        start = end
        if len(out) >= BLOCK:
            yield out
            out = []
            append = out.append
        if start < n:
            check_deadline()
            fan = made / start
            size = max(1, min(JOIN_SLICE, int(BLOCK / fan) if fan > 1 else JOIN_SLICE, 2 * size))
    if out:
        yield out


PIECE = 65536   # bindings a filter or map step handles between two deadline checks


def _pieces_of(rows: Iterable) -> Iterator[list]:
    """Lists of at most PIECE of `rows` (any iterable), the deadline checked before each."""
    it = iter(rows)
    while True:
        check_deadline()
        part = list(islice(it, PIECE))
        if not part:
            return
        yield part


JOIN_SLICE = 4096   # bindings joined between two deadline checks (fewer when each makes many rows)
JOIN_ROWS = 65536   # rows made between two deadline and row-budget checks, about


def _slices(n: int, out: Collection, limit: int) -> Iterator[tuple[int, int]]:
    """Start and end of the slices of n bindings, each slice sized so that it makes about JOIN_ROWS
    rows at the fan-out seen so far; checks the deadline and the row budget between slices."""
    start, size = 0, 1
    rows = min(JOIN_ROWS, limit)
    while start < n:
        if start:
            check_deadline()
            if len(out) > limit:
                raise TooMany(len(out))
            fan = len(out) / start
            size = max(1, min(JOIN_SLICE, int(rows / fan) if fan > 1 else JOIN_SLICE, 2 * size))
        yield start, min(start + size, n)
        start += size


def _exists(step: Any, r: Any, bindings: list, errors: dict, limit: int) -> list:
    """The fused existence test (compile._exists): bindings with a matching row that passes
    the tests, projected; stops at the first such row."""
    idx = r.index(step.key_pos, step.consts)
    key, check, kb, kr, tests, proj = step.key, step.checks, step.keep_b, step.keep_r, step.tests, step.proj
    get = idx.get
    out: list = []
    for start, end in _slices(len(bindings), out, limit):
        for b in bindings[start:end]:
            rows = get(key(b))
            if not rows:
                continue
            head = kb(b)
            for row in rows:
                if check is not None and not check(b, row):
                    continue
                t = head + kr(row)
                if all(test(*getv(t)) for test, getv in tests):
                    out.append(proj(t))
                    break
    return out


_NUMBER_TYPES = frozenset({int, Fraction})


def _compare(step: Any, r: Any, bindings: list, errors: dict, limit: int) -> list:
    numeric = step.numeric
    if numeric is not None:
        slot, test, number = numeric
        values = list(map(itemgetter(slot), bindings))
        if set(map(type, values)) <= _NUMBER_TYPES:
            # numbers only (no UNKNOWN, no text): the test is the operator itself and cannot fail
            out = list(compress(bindings, map(test, values, repeat(number))))
            return out if step.proj is None else list(map(step.proj, out))
    test, getv, kslot = step.test, step.getv, step.kslot
    try:
        out = [b for b in bindings if test(*getv(b))]
    except EvaluationError:  # find the failing cases one binding at a time
        out = []
        for b in bindings:
            try:
                if test(*getv(b)):
                    out.append(b)
            except EvaluationError as exc:
                _fail(errors, b, kslot, exc)
    if step.proj is not None:
        out = list(map(step.proj, out))
    return out


def _assign(step: Any, r: Any, bindings: list, errors: dict, limit: int) -> list:
    lit, names, getv, kslot, keep = step.lit, step.names, step.getv, step.kslot, step.keep
    loc = lit.loc
    expr = lit.expr
    evaluate = arith.assign3 if step.three else arith.evaluate
    if isinstance(expr, Var):  # `Z = X` with X bound: a copy (UNKNOWN stays UNKNOWN, as assign3)
        if step.add:
            return [keep(b) + getv(b) for b in bindings]
        return [keep(b) for b in bindings]
    out = []
    for b in bindings:
        try:
            value = evaluate(expr, dict(zip(names, getv(b))), loc)
        except arith.Unknown:  # certain copy: cannot happen (no unknowns); not certain
            continue
        except EvaluationError as exc:
            _fail(errors, b, kslot, exc)
            continue
        out.append(keep(b) + (value,) if step.add else keep(b))
    return out


def _fail(errors: dict, b: tuple, kslot: int | None, exc: Exception) -> None:
    if kslot is None:
        errors.setdefault("*", exc)
    else:
        errors.setdefault(b[kslot], exc)


RUNS: Mapping[type, Callable[..., list]] = MappingProxyType({ir.Positive: _semijoin, ir.Exists: _exists, ir.Negative: _negative,
                                         ir.Compare: _compare, ir.Assign: _assign})   # the function a step runs with


def _matches(args: Sequence, row: Sequence, loose: bool = False) -> bool:
    return matches(args, row, loose)


class BatchResult:
    def __init__(self, rels: dict, errors: dict, n: int, global_preds: Collection[Key]) -> None:
        self._cases = range(n)
        self._rels = rels
        self.errors = errors
        self.n = n
        self._global = global_preds
        self._by_case: dict = {}

    def rows(self, pred: str, copy: str) -> set:
        r = self._rels.get((pred, copy))
        return r.rows if r is not None else set()

    def _grouped(self, pred: str, copy: str, arity: int) -> dict:
        key = (pred, copy)
        g = self._by_case.get(key)
        if g is None:
            g = {}
            if (pred, arity) in self._global:
                shared = set(self.rows(pred, copy))
                g = _Shared(shared)
            else:
                for row in self.rows(pred, copy):
                    g.setdefault(row[0], set()).add(row[1:])
            self._by_case[key] = g
        return g

    def status(self, cid: int, pred: str, args: Sequence) -> tuple:
        """(certain rows, possible rows) of `pred` in case `cid`, like Session.status."""
        arity = len(args)
        out = []
        for copy in ("c", "p"):
            rows = self._grouped(pred, copy, arity).get(cid, ())
            if any(a is not None for a in args):
                rows = {r for r in rows if matches(args, r, copy == "p")}
            out.append(set(rows))
        return out[0], out[1]

    def error(self, cid: int) -> Exception | None:
        return self.errors.get(cid) or self.errors.get("*")


class _Shared(dict):
    def __init__(self, rows: Collection) -> None:
        super().__init__()
        self.shared = rows

    def get(self, cid: int, default: Any = None) -> Collection:
        return self.shared


class _Chunked:
    """The results of several chunks, with the same interface as BatchResult."""

    def __init__(self, parts: list[tuple[int, "BatchResult"]], n: int) -> None:
        self.parts = parts          # [(first case id, BatchResult)]
        self.n = n
        self.size = len(parts[0][1]._cases) if parts else 1

    def _part(self, cid: int) -> tuple[int, "BatchResult"]:
        if not 0 <= cid < self.n:
            raise IndexError(cid)
        return self.parts[min(cid // self.size, len(self.parts) - 1)]

    @property
    def errors(self) -> dict:
        out = {}
        for start, result in self.parts:
            for cid, exc in result.errors.items():
                out["*" if cid == "*" else cid + start] = exc
        return out

    def status(self, cid: int, pred: str, args: Sequence) -> tuple:
        start, result = self._part(cid)
        return result.status(cid - start, pred, args)

    def error(self, cid: int) -> Exception | None:
        start, result = self._part(cid)
        return result.error(cid - start)

    def rows(self, pred: str, copy: str) -> set:
        out = set()
        for start, result in self.parts:
            rows = result.rows(pred, copy)
            if rows and (pred, len(next(iter(rows)))) in result._global:
                return set(rows)
            out |= {(row[0] + start,) + row[1:] for row in rows}
        return out
