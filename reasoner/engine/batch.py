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

from ..core.record import replace
import dataclasses
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar
import operator
from fractions import Fraction
from itertools import compress, islice, repeat
from operator import itemgetter

from ..core.deadline import DEFAULT_MAX_ROWS, FREE_PER_ROW, check as check_deadline
from ..core.errors import EvaluationError
from ..core.gcpause import paused
from ..language.ast import Assign, Compare, Negative, Positive, Var, literal_vars, term_vars
from ..language.pattern import matches
from ..core.values import UNKNOWN
from ..language import arith
from ..facts.blocks import Blocks
from . import plan as ir
from .fixpoint import DELTA, Unit, reads, saturate, share_possible, two_valued
from ..language.ast import Const, Atom, Key, Rule

if TYPE_CHECKING:
    from ..language.checks import CheckedProgram

_R = TypeVar("_R")

CHUNK = 1000             # cases evaluated together (see BatchProgram.run)
KVAR = "\0case"          # the case id, a variable no rule can spell
CASES = "\0cases"        # per-case relation of case ids, for rules with no per-case literal


def _getter(positions: Iterable[int]) -> Callable[[Any], tuple]:
    """A function returning the tuple of the given positions (tuple even for one position)."""
    positions = tuple(positions)
    if not positions:
        return lambda x: ()
    if len(positions) == 1:
        p = positions[0]
        return lambda x: (x[p],)
    return itemgetter(*positions)


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
            get = _getter(key_positions)
            rows: Collection = self.rows
            if consts:
                cpos = tuple(p for p, _ in consts)
                cval = tuple(v for _, v in consts)
                cget = _getter(cpos)
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
            get = _getter(key_positions)
            rows = new
            if consts:
                cget = _getter(tuple(p for p, _ in consts))
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


def _same(rows: _R) -> _R:
    return rows


def _relation_of(rows: Iterable[tuple]) -> _Relation:
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
        self.global_preds = self._global_preds()
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
            plans = [self._compile(rule, copy) for key in comp
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

    def _global_preds(self) -> set:
        """Derived predicates whose rules read only shared relations (facts in the rules): the
        whole program's, worked out once per checked program (every goal's plans ask)."""
        analysis = getattr(self.checked, "analysis", None)
        found = analysis.global_preds if analysis is not None else None
        if found is None:
            found = frozenset(self._find_global_preds())
            if analysis is not None:
                analysis.global_preds = found
        return set(found)

    def _find_global_preds(self) -> set:
        derived = self.checked.derived
        out = set()
        for key in self.checked.order:
            rules = derived.get(key, [])
            if key in self.checked.base:  # a case may give facts for it too: per case
                continue
            if rules and all(isinstance(l, (Compare, Assign)) or
                             (isinstance(l, (Positive, Negative)) and l.atom.key in out)
                             for r in rules for l in r.body) and all(
                    any(isinstance(l, Positive) for l in r.body) or not r.body for r in rules):
                out.add(key)
        return out

    # -- compiling a rule ------------------------------------------------------------------
    def _compile(self, rule: Rule, copy: str, delta_at: int | None = None, exact: Iterable[str] = ()) -> _Plan:
        """The plan of `rule` in `copy`. delta_at: the index of a positive body literal that reads
        only the previous round's new rows (engine/fixpoint.py); it is moved to the front, so the
        join starts from the few new rows instead of scanning the whole relation. exact: variables
        bound before the body (a proof's seeded search, SetEngine.body_plan) whose first positive
        literal must hold exactly their value, never UNKNOWN in its place: that literal looks them
        up as index keys even where the possible copy would otherwise test them with `_eq3`."""
        exact_seed = frozenset(exact)
        exact = set(exact)
        head = rule.head
        head_global = head.key in self.global_preds
        body = list(rule.body)
        delta_lit = None
        if delta_at is not None:
            delta_lit = body.pop(delta_at)
            body.insert(0, delta_lit)
        prefix = []
        if not head_global and not any(isinstance(l, Positive) and l.atom.key not in self.global_preds
                                       for l in body):
            prefix = [Positive(_case_atom())]
        # body literals in the checked order; filters on per-case relations wait for the case id
        steps_src = []
        deferred = []
        k_bound = False
        for lit in prefix + body:
            needs_k = isinstance(lit, Negative) and lit.atom.key not in self.global_preds
            if needs_k and not k_bound:
                deferred.append(lit)
                continue
            steps_src.append(lit)
            if isinstance(lit, Positive) and (lit.atom.pred == CASES or lit.atom.key not in self.global_preds):
                k_bound = True
                steps_src.extend(deferred)
                deferred = []
        steps_src.extend(deferred)
        delta_pos = next(i for i, l in enumerate(steps_src) if l is delta_lit) if delta_lit else None

        # liveness: variables needed after each step
        head_vars = set()
        for a in head.args:
            head_vars |= term_vars(a)
        if not head_global:
            head_vars.add(KVAR)
        needed_after = []
        live = set(head_vars)
        for lit in reversed(steps_src):
            needed_after.append(set(live))
            live |= self._lit_vars(lit)
        needed_after.reverse()

        slots: list = []            # variable names in the binding tuple, in order
        bound: set = set()          # compiler's `bound` (variables bound so far)
        unknown_vars: set = set()   # compiler's unknown_vars (possible copy)
        steps = []
        skip = 0
        for at, (lit, after) in enumerate(zip(steps_src, needed_after)):
            if skip:
                skip -= 1
                continue
            fused = self._exists(lit, at, steps_src, needed_after, copy, slots, bound, unknown_vars, exact)
            if fused is not None:
                step, slots, skip = fused
            elif isinstance(lit, Positive):
                step, slots = self._positive(lit, copy, slots, bound, unknown_vars, after, exact)
            elif isinstance(lit, Negative):
                step, slots = self._negative(lit, copy, slots, after)
            elif isinstance(lit, Compare):
                names = sorted(term_vars(lit.left) | term_vars(lit.right))
                keep = [i for i, n in enumerate(slots) if n in after]
                kept = [slots[i] for i in keep]
                step = ir.Compare(str(lit), tuple(slots), tuple(kept), lit=lit, test=_tester(lit, copy == "p"),
                                  names=names, getv=_getter([slots.index(n) for n in names]),
                                  kslot=slots.index(KVAR) if KVAR in slots else None,
                                  numeric=_numeric_test(lit, slots),
                                  proj=None if len(keep) == len(slots) else _getter(keep))
                slots = kept
            else:  # Assign
                names = sorted(term_vars(lit.expr))
                keep = [i for i, n in enumerate(slots) if n in after]
                add = lit.var.name in after
                kept = [slots[i] for i in keep] + ([lit.var.name] if add else [])
                step = ir.Assign(str(lit), tuple(slots), tuple(kept), lit=lit, three=copy == "p", names=names,
                                 getv=_getter([slots.index(n) for n in names]),
                                 kslot=slots.index(KVAR) if KVAR in slots else None,
                                 keep=_getter(keep), add=add)
                slots = kept
                bound.add(lit.var.name)
                if copy == "p" and set(names) & unknown_vars:
                    unknown_vars.add(lit.var.name)
            if at == delta_pos:
                step.rel = (DELTA,) + tuple(step.rel)
            steps.append(step)
        head_src = []
        if not head_global:
            head_src.append(("slot", slots.index(KVAR)))
        for a in head.args:
            if isinstance(a, Var):
                head_src.append(("slot", slots.index(a.name)))
            else:
                head_src.append(("const", a.value))
        if all(kind == "slot" for kind, _ in head_src):
            pos = [s for _, s in head_src]
            project = None if pos == list(range(len(slots))) else _getter(pos)
        else:
            project = _builder(head_src)
        # exact_seed: the seeded variables looked up exactly (SetEngine.body_plan)
        return _Plan(rule, copy, (head.pred, copy), steps, project, head_global, compiler=self,
                     exact_seed=exact_seed, head_binds=tuple(slots[s] if k == "slot" else repr(s)
                                                            for k, s in head_src))

    def delta_variants(self, plan: _Plan, keys: Collection[tuple]) -> list | None:
        """[(relation key, plan)]: one per positive body literal of `plan` reading a relation in
        `keys`, compiled with that literal first and reading the delta (fixpoint.Unit.variants).
        A literal whose variable an earlier `X = ...` assigns keeps its place (it only tests X); so
        does every literal of a possible-copy body reading a value that may be unknown (None: the
        caller's in-place variants)."""
        out = []
        body = plan.rule.body
        if plan.copy == "p" and any(self.mu.get(l.atom.key) for l in body if isinstance(l, Positive)):
            # a value that may be unknown: a variable takes its value from the literal that binds it
            # first (the others test it with _eq3), so the body keeps its order
            return None
        for at, lit in enumerate(body):
            if not isinstance(lit, Positive):
                continue
            key = (lit.atom.pred, plan.copy)
            if key not in keys:
                continue
            names = literal_vars(lit)
            if any(isinstance(l, Assign) and l.var.name in names for l in body[:at]):
                return None
            out.append((key, self._compile(plan.rule, plan.copy, delta_at=at)))
        return out

    def _exists(self, lit: Positive, at: int, steps_src: list, needed_after: list, copy: str, slots: list,
                bound: set, unknown_vars: set, exact: set | None = None) -> tuple | None:
        """Early projection through a join: a positive literal whose new variables are only read by
        the `=` / `!=` tests right after it (`weight_prior(V, B), A != B` when only V and A live on)
        becomes an existence test that stops at the first matching row, instead of a join that
        makes every combination and then drops the new variables. Only `=` and `!=` of variables
        and constants are fused: they never raise, so skipping the remaining rows changes nothing.
        Returns (step, slots, number of tests fused) or None."""
        if not isinstance(lit, Positive) or not slots or lit.atom.pred == CASES:
            return None
        new = {a.name for a in lit.atom.args if isinstance(a, Var)} - bound
        if not new:
            return None
        tests = []
        for nxt in steps_src[at + 1:]:
            if not (isinstance(nxt, Compare) and nxt.op in ("=", "!=")
                    and all(isinstance(t, (Var, Const)) for t in (nxt.left, nxt.right))):
                break
            names = term_vars(nxt.left) | term_vars(nxt.right)
            if not names <= (bound | new):
                break
            tests.append(nxt)
            if not new & needed_after[at + len(tests)]:
                break
        if not tests or new & needed_after[at + len(tests)]:
            return None
        after = needed_after[at + len(tests)]
        reads = set()
        for t in tests:
            reads |= term_vars(t.left) | term_vars(t.right)
        step, wide = self._positive(lit, copy, slots, bound, unknown_vars, after | reads, exact)
        testers = []
        for t in tests:
            test_names = sorted(term_vars(t.left) | term_vars(t.right))
            testers.append((_tester(t, copy == "p"), _getter([wide.index(n) for n in test_names])))
        keep = [i for i, n in enumerate(wide) if n in after]
        kept = [wide[i] for i in keep]
        fields = {f.name: getattr(step, f.name) for f in dataclasses.fields(ir.Positive)}
        fields.update(text=", ".join([step.text] + [str(t) for t in tests]), binds=tuple(kept),
                      tests=testers, proj=_getter(keep))
        return ir.Exists(**fields), kept, len(tests)

    def body_plan(self, rule: Rule, copy: str, variables: Iterable[str], exact: Iterable[str] = ()) -> _Plan:
        """A plan whose rows are (case id, values of `variables`) for every way the body of `rule`
        holds in the given copy: the relation `r<i>__bc/bp` that proofs re-solve (engine.codes).
        exact: as in _compile."""
        head = Atom("\0body", tuple(Var(v) for v in variables))
        return self._compile(replace(rule, head=head), copy, exact=exact)

    @staticmethod
    def _lit_vars(lit: object) -> set[str]:
        out = set(literal_vars(lit))
        if isinstance(lit, (Positive, Negative)):
            out.add(KVAR)
        return out

    def _terms(self, atom: Atom) -> tuple[list, frozenset, bool]:
        """Arguments with the case id first for per-case relations; and the mu positions."""
        if atom.pred == CASES:
            return [Var(KVAR)], frozenset(), False
        positions = self.mu.get(atom.key, frozenset())
        if atom.key in self.global_preds:
            return list(atom.args), positions, True
        return [Var(KVAR)] + list(atom.args), frozenset(p + 1 for p in positions), False

    def _positive(self, lit: Positive, copy: str, slots: list, bound: set, unknown_vars: set, after: set,
                  exact: set | None = None) -> tuple:
        terms, positions, is_global = self._terms(lit.atom)
        rel = (CASES, "c") if lit.atom.pred == CASES else (lit.atom.pred, copy)
        key_pos, key_slots, consts = [], [], []
        checks = []                 # (row position, kind, source) kind: "eq3"/"eq"; source ("slot", i) / ("row", j) / ("const", v)
        new: dict = {}              # var -> row position of its first occurrence here
        for i, a in enumerate(terms):
            is_var = isinstance(a, Var)
            risky = copy == "p" and (i in positions or (is_var and a.name in unknown_vars))
            if not is_var:
                if copy == "p" and i in positions:
                    checks.append((i, "eq3", ("const", a.value)))
                else:
                    consts.append((i, a.value))
                continue
            name = a.name
            if name in new:           # bound earlier in this literal
                checks.append((i, "eq3" if risky else "eq", ("row", new[name])))
                continue
            if name in bound:
                if exact and name in exact:   # a seeded variable's first literal: its value exactly
                    exact.discard(name)
                    risky = False
                if risky:
                    checks.append((i, "eq3", ("slot", slots.index(name))))
                else:
                    key_pos.append(i)
                    key_slots.append(slots.index(name))
                continue
            new[name] = i
            if copy == "p" and i in positions:
                unknown_vars.add(name)
        for name in new:
            bound.add(name)
        keep_b = [i for i, n in enumerate(slots) if n in after]
        new_live = [(n, p) for n, p in new.items() if n in after]
        out_slots = [slots[i] for i in keep_b] + [n for n, _ in new_live]
        semijoin = not new_live and not checks
        identity = keep_b == list(range(len(slots))) and not new_live
        step = ir.Positive(
            str(lit), tuple(slots), tuple(out_slots), rel=rel, key_pos=tuple(key_pos), key_slots=tuple(key_slots),
            consts=tuple(consts), checks=_checker(checks),
            first=not slots, keep_b=_getter(keep_b), keep_r=_getter([p for _, p in new_live]),
            semijoin=semijoin, identity=identity, key=_getter(key_slots),
            # a scan keeping the case id and one value (`has(X) :- edge(X, _).`): that value's position
            case_and_one=(new_live[1][1] if len(new_live) == 2 and new_live[0][0] == KVAR
                          and new_live[0][1] == 0 else None),
            # the common case: a binding tuple that *is* the key of the whole relation row
            whole_row=(semijoin and not consts and identity and list(key_slots) == list(range(len(slots)))
                       and list(key_pos) == list(range(len(terms)))))
        return step, out_slots

    def _negative(self, lit: Negative, copy: str, slots: list, after: set) -> tuple:
        terms, positions, is_global = self._terms(lit.atom)
        if copy == "c":
            rel = (lit.atom.pred, "p")
            fuzzy = positions           # q__pm: eq3 at the positions that may be unknown
        else:
            rel = (lit.atom.pred, "c")
            fuzzy = frozenset()
        key_pos, key_slots, consts, checks = [], [], [], []
        for i, a in enumerate(terms):
            if isinstance(a, Var):
                src = ("slot", slots.index(a.name))
            else:
                src = ("const", a.value)
            if i in fuzzy:
                checks.append((i, "eq3", src))
            elif src[0] == "slot":
                key_pos.append(i)
                key_slots.append(src[1])
            else:
                consts.append((i, src[1]))
        keep_b = [i for i, n in enumerate(slots) if n in after]
        kept = [slots[i] for i in keep_b]
        step = ir.Negative(
            str(lit), tuple(slots), tuple(kept), rel=rel, key_pos=tuple(key_pos), key_slots=tuple(key_slots),
            consts=tuple(consts), checks=_checker(checks), fuzzy=bool(checks), key=_getter(key_slots),
            proj=None if len(keep_b) == len(slots) else _getter(keep_b),
            whole_row=(not checks and not consts and list(key_slots) == list(range(len(slots)))
                       and list(key_pos) == list(range(len(terms)))))
        return step, kept

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
                units = [Unit(lambda plan=plan: plan, plan.target, _same) for plan in plans
                         if not shared or plan.copy == "c"]
                saturate(units, keys, rel, rel, errors, _relation_of, most)
                if shared:
                    share_possible(comp, rel)
                continue
            for plan in plans:
                out = plan.run(rel, errors, rows=most)
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


class _Plan(ir.Plan):
    """A plan (engine/plan.py) with this module's interpreter: bindings in lists, all cases at once."""
    __slots__ = ()

    def run(self, rel: Callable[[tuple], Any], errors: dict, budget: int | None = None,
            rows: int | None = None) -> Any:
        """The plan's rows; past the row budget its error, or, with `budget` given, _TooMany.
        `rows`: the row budget (the settings' rows) the caller evaluates under."""
        limit = budget or rows or DEFAULT_MAX_ROWS
        try:
            return self._run(rel, errors, limit)
        except _TooMany as exc:
            if budget:
                raise
            raise self.too_many(exc.count, limit) from None

    def _run(self, rel: Callable[[tuple], Any], errors: dict, limit: int) -> Any:
        steps = self.steps
        if len(steps) == 1 and steps[0].kind == "positive" and steps[0].checks is None \
                and not steps[0].consts:
            # one literal, every row matching (`has(X) :- edge(X, _).`): its projection in one pass
            check_deadline()
            step = steps[0]
            r = rel(step.rel)
            if not r.rows:
                return None
            if len(r.rows) > limit:      # the bindings a scan would make: the same budget
                raise _TooMany(len(r.rows))
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
            if step.kind in ("positive", "exists") and not rel(step.rel).rows:
                stop = i        # the body never holds; the steps before still run (their errors count)
                break
        errs: list[dict] = [{} for _ in steps]
        out = set()
        project = self.project
        budget = limit
        rels = [rel(step.rel) if step.kind in ("positive", "negative", "exists") else None for step in steps]

        def feed(i: int, bindings: Any) -> None:
            if i == stop:
                if stop == len(steps):
                    out.update(bindings if project is None else map(project, bindings))
                    if len(out) > budget:
                        raise _TooMany(len(out))
                    if len(out) > RESERVE_FROM:   # freeing the head's rows counts against the limit
                        check_deadline(len(out) * FREE_PER_ROW)
                return
            check_deadline()
            step = steps[i]
            if step.kind == "positive" and (bindings is None or not (step.semijoin or step.whole_row)):
                for block in (_scan_blocks(step, rels[i]) if bindings is None else _join_blocks(step, rels[i], bindings)):
                    feed(i + 1, block)
                return
            bindings = _apply(step, rels[i], bindings, errs[i], limit)
            if bindings:
                feed(i + 1, bindings)

        # None: nothing bound yet, the first positive literal scans its relation; a fact, or a body
        # starting with a test or an assignment (`N = 0`), starts from one empty binding
        try:
            feed(0, None if steps and steps[0].kind == "positive" else [()])
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


def _apply(step: Any, r: Any, bindings: list, errors: dict, limit: int) -> list:
    """A step that keeps or maps each binding (at most one binding out for one in): semi-joins,
    negations, existence tests, comparisons, assignments."""
    kind = step.kind
    if kind == "positive":
        if step.whole_row:
            rows = r.rows
            return [b for b in bindings if b in rows]
        keys = r.keys(step.key_pos, step.consts)
        key = step.key
        if step.identity:
            return [b for b in bindings if key(b) in keys]
        kb = step.keep_b
        return [kb(b) for b in bindings if key(b) in keys]
    if kind == "negative":
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
    if kind == "exists":
        return _exists(step, r, bindings, limit)
    if kind == "compare":
        return _compare(step, bindings, errors)
    return _assign(step, bindings, errors)


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


class _TooMany(Exception):
    def __init__(self, count: int) -> None:
        self.count = count


def _slices(n: int, out: Collection, limit: int) -> Iterator[tuple[int, int]]:
    """Start and end of the slices of n bindings, each slice sized so that it makes about JOIN_ROWS
    rows at the fan-out seen so far; checks the deadline and the row budget between slices."""
    start, size = 0, 1
    rows = min(JOIN_ROWS, limit)
    while start < n:
        if start:
            check_deadline()
            if len(out) > limit:
                raise _TooMany(len(out))
            fan = len(out) / start
            size = max(1, min(JOIN_SLICE, int(rows / fan) if fan > 1 else JOIN_SLICE, 2 * size))
        yield start, min(start + size, n)
        start += size


def _exists(step: Any, r: Any, bindings: list, limit: int) -> list:
    """The fused existence test (BatchProgram._exists): bindings with a matching row that passes
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


_NUMBER_TYPES = {int, Fraction}
_REFLECTED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "!=": "!="}
_OPERATORS = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
              ">": operator.gt, ">=": operator.ge}


def _numeric_test(lit: Compare, slots: list) -> tuple | None:
    """(binding slot, operator, number) for a comparison of one variable with a number constant
    (`N > 990`, `3 <= N`), or None: _compare then tests a column of numbers in one pass."""
    op: str | None
    left, right, op = lit.left, lit.right, lit.op
    if isinstance(left, Const) and isinstance(right, Var):
        left, right, op = right, left, _REFLECTED.get(op)
    if not (isinstance(left, Var) and isinstance(right, Const) and op in _OPERATORS
            and type(right.value) in _NUMBER_TYPES and left.name in slots):
        return None
    return slots.index(left.name), _OPERATORS[op], right.value


def _compare(step: Any, bindings: list, errors: dict) -> list:
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


_OPS: dict[str, Callable[[Any, Any], bool]] = {"=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def _tester(lit: Compare, three: bool) -> Callable[..., bool]:
    """f(*values of the comparison's variables, sorted by name) -> bool: arith.test3 (possible
    copy: an unknown operand may satisfy it) or arith.test2, with the same errors. Variables and
    constants compare directly; anything else goes through arith.evaluate / arith.compare."""
    names = sorted(term_vars(lit.left) | term_vars(lit.right))
    text, loc, op = str(lit), lit.loc, lit.op
    simple = all(isinstance(t, (Var, Const)) for t in (lit.left, lit.right))
    U = UNKNOWN
    if simple and op in _OPS:
        fn = _OPS[op]
        left, right = lit.left, lit.right
        li = names.index(left.name) if isinstance(left, Var) else None
        ri = names.index(right.name) if isinstance(right, Var) else None
        lc = None if li is not None else left.value
        rc = None if ri is not None else right.value

        def test(*values: Any) -> bool:
            a = values[li] if li is not None else lc
            b = values[ri] if ri is not None else rc
            if a is U or b is U:
                return three
            if type(a) is not type(b):   # a date against a number is an error, not int order
                return arith.compare(op, a, b, loc, text)
            return fn(a, b)
        return test

    def general(*values: Any) -> bool:
        env = dict(zip(names, values))
        try:
            a = arith.evaluate(lit.left, env, loc)
            b = arith.evaluate(lit.right, env, loc)
        except arith.Unknown:
            return three
        return arith.compare(op, a, b, loc, text)
    return general


def _assign(step: Any, bindings: list, errors: dict) -> list:
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


def _checker(checks: list) -> Callable[[tuple, tuple], bool] | None:
    """A function (binding, row) -> bool for the eq/eq3 tests of one literal, or None."""
    if not checks:
        return None
    U = UNKNOWN
    compiled = []
    for pos, kind, (src_kind, src) in checks:
        compiled.append((pos, kind == "eq3", src_kind, src))

    if len(compiled) == 1:
        pos, eq3, src_kind, src = compiled[0]
        if src_kind == "slot":
            if eq3:
                return lambda b, r: (r[pos] is U or b[src] is U or r[pos] == b[src])
            return lambda b, r: r[pos] == b[src]
        if src_kind == "const":
            if eq3:
                return lambda b, r: (r[pos] is U or r[pos] == src)
            return lambda b, r: r[pos] == src
        if eq3:
            return lambda b, r: (r[pos] is U or r[src] is U or r[pos] == r[src])
        return lambda b, r: r[pos] == r[src]

    def check(b: tuple, r: tuple) -> bool:
        for pos, eq3, src_kind, src in compiled:
            x = r[pos]
            y = b[src] if src_kind == "slot" else src if src_kind == "const" else r[src]
            if eq3:
                if x is U or y is U:
                    continue
            if x != y:
                return False
        return True
    return check


def _builder(head_src: Iterable[tuple]) -> Callable[[tuple], tuple]:
    """A function binding -> head tuple, for heads with constants: runs of slots and runs of
    constants concatenated (`violation(O, "350.09(4)")` is `(b[0], b[1]) + ("350.09(4)",)`)."""
    segments: list[tuple[str, list]] = []
    for kind, v in head_src:
        if segments and segments[-1][0] == kind:
            segments[-1][1].append(v)
        else:
            segments.append((kind, [v]))
    parts: list[Any] = [(_getter(vs) if kind == "slot" else tuple(vs)) for kind, vs in segments]   # getters and tuples
    kinds = [kind for kind, _ in segments]
    if kinds == ["slot", "const"]:
        g, c = parts
        return lambda b: g(b) + c
    if kinds == ["slot", "const", "slot"]:
        g1, c, g2 = parts
        return lambda b: g1(b) + c + g2(b)
    if kinds == ["const"]:
        c = parts[0]
        return lambda b: c

    def build(b: tuple) -> tuple:
        out = ()
        for kind, part in zip(kinds, parts):
            out += part(b) if kind == "slot" else part
        return out
    return build


def _matches(args: Sequence, row: Sequence, loose: bool = False) -> bool:
    return matches(args, row, loose)


def _case_atom() -> Atom:
    return Atom(CASES, (Var(KVAR),))


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
