"""Many variants of a few cases evaluated as one: every row carries the set of worlds it holds in.

The exact answers (engine/exact/split.py: the split; engine/exact/probe.py: completions) evaluate many
*variants* of one case: the case's rows with a few unknown inputs given a value. The batch engine
(engine/batch.py) evaluates each variant as a case of its own, so a case split twenty ways is
evaluated twenty times over, though its variants share almost every row. Here each variant is a
*world*, numbered within one evaluation, and a relation is a dict row -> bit mask of the worlds
that hold the row: a row the variants share is read, joined and tested once, and a join keeps the
worlds both sides hold (mask AND), a negation drops the worlds where the negated row holds (AND
NOT), a rule's head collects the worlds of every way its body holds (OR).

The plans are the batch engine's own (engine/compile.py's, with every case id 0; generated here): the
same literal order, the same _eq3 tests, the same comparisons and assignments (arith's two- and
three-valued forms), the same errors, now per world. So a world's rows are exactly the rows the
batch engine gives that variant as a case of its own (tests/engine/test_worlds.py checks this on
generated cases, variant for variant). A program with a recursive stratum is not evaluated here
(`Unsupported`): callers use the batch engine for it.
"""
from __future__ import annotations

from collections.abc import Mapping

from types import MappingProxyType

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.deadline import DEFAULT_MAX_ROWS, check as check_deadline
from ..core.errors import EvaluationError
from ..language.pattern import matches
from ..core.gcpause import paused
from ..language import arith
from . import plan as ir
from .ops import Op, TooMany, projection
from .plan import CASES, rule_too_many

if TYPE_CHECKING:
    from .batch import BatchProgram

# a relation read by a plan: its key (pred, copy) -> _Rel
Read = Callable[[tuple], "_Rel"]


class Unsupported(Exception):
    """The program has a recursive stratum: evaluate with the batch engine."""


class _Rel:
    """A relation: dict row -> mask of the worlds holding it, and its indexes."""
    __slots__ = ("rows", "_indexes")

    def __init__(self) -> None:
        self.rows: dict = {}
        self._indexes: dict = {}

    def index(self, key_positions: tuple, consts: tuple = ()) -> dict:
        """dict: key tuple -> [(row, mask)] over rows whose `consts` positions hold the values."""
        k = (key_positions, consts)
        idx = self._indexes.get(k)
        if idx is None:
            idx = {}
            items: Iterable = self.rows.items()
            if consts:
                items = [(r, m) for r, m in items if all(r[p] == v for p, v in consts)]
            if not key_positions:
                idx[()] = list(items)
            elif len(key_positions) == 1:
                p = key_positions[0]
                for r, m in items:
                    key = (r[p],)
                    got = idx.get(key)
                    if got is None:
                        idx[key] = [(r, m)]
                    else:
                        got.append((r, m))
            else:
                for r, m in items:
                    key = tuple(r[p] for p in key_positions)
                    got = idx.get(key)
                    if got is None:
                        idx[key] = [(r, m)]
                    else:
                        got.append((r, m))
            self._indexes[k] = idx
        return idx


_EMPTY = _Rel()


def _add(out: dict, key: tuple, mask: int) -> None:
    old = out.get(key)
    out[key] = mask if old is None else old | mask


class Variant(list):
    """A case's rows with a few of them replaced or gone: the rows, and `changes`, {position in
    the case's rows: the new row, or None when it goes} (what Worlds reads)."""
    __slots__ = ("changes",)

    def __init__(self, rows: Iterable, changes: dict) -> None:
        super().__init__(rows)
        self.changes = changes


class Assignment:
    """A variant as its changes to the base: `pairs`, (base position, new row, or None when the row
    goes), over those of `parent` (another Assignment, or None), which they override at the same
    position. Variants that make the same change share the pair object, and variants that share
    a parent share its pairs: that is how their masks are gathered (a parent's pairs once, for all
    the variants below it)."""
    __slots__ = ("pairs", "parent", "_at")

    def __init__(self, pairs: Iterable[tuple], parent: "Assignment | None" = None) -> None:
        self.pairs = tuple(pairs)
        self.parent = parent
        self._at: dict | None = None

    def at(self) -> dict:
        """position -> pair, of this node's own pairs."""
        if self._at is None:
            self._at = {pair[0]: pair for pair in self.pairs}
        return self._at

    def changes(self) -> dict:
        """position -> new row or None, the nearest node's pair winning."""
        out: dict = {}
        node: Assignment | None = self
        while node is not None:
            for i, row in node.pairs:
                out.setdefault(i, row)
            node = node.parent
        return out


class Worlds:
    """The worlds of one evaluation: `groups` is [(base rows, [variant rows, ...])], each variant
    an Assignment, a dict of changes ({position in the base: new row, or None: gone}), a Variant
    of its base, or a list of the case's rows in which a few rows are replaced or gone
    (FactRow-like: .pred .args .known; rows it shares with its base are the same objects, which is
    how they are found). `cache`: a dict kept by the caller across evaluations of the same bases
    (while they live), for the rows as tuples."""

    def __init__(self, program: BatchProgram, groups: Sequence[tuple], cache: dict | None = None) -> None:
        if any(keys is not None for keys, _ in program.groups):
            raise Unsupported("a recursive stratum")
        self.program = program
        self.count = sum(len(variants) for _, variants in groups)
        self.all = (1 << self.count) - 1
        self.rels: dict = {}
        self.errors: dict = {}      # world -> the EvaluationError of that world (its first)
        self._load(groups, {} if cache is None else cache)

    def rel(self, key: tuple) -> "_Rel":
        r: _Rel | None = self.rels.get(key)
        if r is None:
            r = self.rels[key] = _Rel()
        return r

    def _prepared(self, base: Sequence, cache: dict) -> list[tuple]:
        """[(position, pred, row tuple, known)] of the base's rows the program reads."""
        got = cache.get(id(base))
        if got is None or got[0] is not base:
            used = self.program.base_used
            rows = [(i, r.pred, (0,) + tuple(r.args), r.known) for i, r in enumerate(base)
                    if used is None or r.pred in used]
            got = cache[id(base)] = (base, rows)
        prepared: list[tuple] = got[1]
        return prepared

    def _load(self, groups: Sequence[tuple], cache: dict) -> None:
        used = self.program.base_used
        c_rows: dict = {}    # pred -> {row tuple: mask}
        p_rows: dict = {}
        first = 0            # the group's first world
        for base, variants in groups:
            # masks within the group (bit k: its k-th variant), shifted to its worlds once made:
            # small numbers while they are built. A change is a pair (base position, new row or
            # None); an Assignment's pairs are shared by the variants that make the same change
            masks: dict = {}              # id of a change -> the variants making it
            pairs: dict = {}              # id of a change -> the change (kept alive: ids stay unique)
            nodes: dict = {}              # id of a parent Assignment -> (it, the variants below it)
            clears = []                   # (a parent's pair, a variant below that overrides it)
            where = None
            for k, rows in enumerate(variants):
                bit = 1 << k
                if type(rows) is Assignment:
                    node = rows.parent
                    if node is not None:
                        lower = rows.at()     # positions set below the parent walked up to
                        while node is not None:
                            got = nodes.get(id(node))
                            nodes[id(node)] = (node, bit) if got is None else (node, got[1] | bit)
                            at = node.at()
                            for i, pair in lower.items():
                                other = at.get(i)
                                if other is not None and other is not pair:
                                    clears.append((other, bit))
                            if node.parent is not None:
                                lower = {**at, **lower}
                            node = node.parent
                    rows = rows.pairs
                else:
                    changes = rows if type(rows) is dict else getattr(rows, "changes", None)
                    if changes is None:
                        if rows is base:
                            continue
                        if where is None:
                            where = {id(r): i for i, r in enumerate(base)}
                        changes = _diff(base, rows, where)
                    rows = [(i, r) for i, r in changes.items()]
                _gather(masks, pairs, rows, bit)
            for node, m in nodes.values():
                _gather(masks, pairs, node.pairs, m)
            for pair, bit in clears:
                masks[id(pair)] &= ~bit
            every = (1 << len(variants)) - 1
            missing: dict = {}            # base position -> the variants without that row
            for key, m in masks.items():
                i, r = pairs[key]
                if i is not None:
                    missing[i] = missing.get(i, 0) | m
                if r is None:
                    continue
                m <<= first
                for one in (r if i is None else (r,)):
                    made = cache.get(id(one))
                    if made is None or made[0] is not one:
                        made = cache[id(one)] = (one, one.pred, (0,) + tuple(one.args), one.known,
                                                 used is None or one.pred in used)
                    _, pred, t, known, read = made
                    if read:
                        _put(p_rows, pred, t, m)
                        if known:
                            _put(c_rows, pred, t, m)
            mine = every << first
            for i, pred, t, known in self._prepared(base, cache):
                if i in missing:
                    mask = ~missing[i] & every
                    if not mask:
                        continue
                    mask <<= first
                else:
                    mask = mine
                got = p_rows.get(pred)
                if got is None:
                    got = p_rows[pred] = {}
                old = got.get(t)
                got[t] = mask if old is None else old | mask
                if known:
                    got = c_rows.get(pred)
                    if got is None:
                        got = c_rows[pred] = {}
                    old = got.get(t)
                    got[t] = mask if old is None else old | mask
            first += len(variants)
        for copy, rows in (("c", c_rows), ("p", p_rows)):
            for pred, got in rows.items():
                self.rel((pred, copy)).rows = got
        self.rel((CASES, "c")).rows = {(0,): self.all}

    def evaluate(self, most: int = DEFAULT_MAX_ROWS) -> "Worlds":
        """Every variant evaluated; most: the row budget (the settings' rows)."""
        with paused():
            forms = self.program.generated("worlds")
            for _, plans in self.program.groups:
                for plan in plans:
                    exe = forms.get(plan)
                    if exe is None:
                        exe = forms[plan] = generate(plan)
                    out = _run(exe, self.rel, self.errors, most)
                    if out:
                        target = self.rel(plan.target)
                        rows = target.rows
                        if target._indexes:
                            target._indexes = {}
                        for row, mask in out.items():
                            old = rows.get(row)
                            rows[row] = mask if old is None else old | mask
                        if len(rows) > most:
                            raise plan.too_many(len(rows), most)
        return self

    def statuses(self, pred: str, args: tuple) -> list:
        """Per world, (certain rows, possible rows) of the goal pattern (args: a value, or None for
        any), or the world's EvaluationError."""
        is_global = (pred, len(args)) in self.program.global_preds
        per = {}
        for copy in ("c", "p"):
            r = self.rels.get((pred, copy))
            lists: list[list] = [[] for _ in range(self.count)]
            for row, mask in (r.rows.items() if r is not None else ()):
                vals = row if is_global else row[1:]
                if not matches(args, vals, copy == "p"):
                    continue
                if mask == self.all:
                    for got in lists:
                        got.append(vals)
                    continue
                while mask:
                    low = mask & -mask
                    lists[low.bit_length() - 1].append(vals)
                    mask ^= low
            per[copy] = lists
        out = []
        every = self.errors.get("*")
        for w in range(self.count):
            err = self.errors.get(w) or every
            out.append(err if err is not None else (frozenset(per["c"][w]), frozenset(per["p"][w])))
        return out


def _gather(masks: dict, pairs: dict, changes: Iterable[tuple], mask: int) -> None:
    """Add `mask` to each change's worlds (masks and pairs keyed by the change's id)."""
    for pair in changes:
        key = id(pair)
        m = masks.get(key)
        if m is None:
            masks[key] = mask
            pairs[key] = pair
        else:
            masks[key] = m | mask


def _put(rows: dict, pred: str, t: tuple, mask: int) -> None:
    got = rows.get(pred)
    if got is None:
        got = rows[pred] = {}
    _add(got, t, mask)


def rows_of(base: Sequence, variant: Any) -> list:
    """The variant's rows: itself, or its base with an Assignment's or a dict's changes."""
    if type(variant) is not dict and type(variant) is not Assignment:
        rows: list = variant   # the variant's own rows
        return rows
    out = list(base)
    for i, row in (variant.changes() if isinstance(variant, Assignment) else variant).items():
        out[i] = row
    return [r for r in out if r is not None]


def _diff(base: Sequence, rows: Iterable, where: dict) -> dict:
    """{base position: None} for each base row `rows` lacks, and {None: [rows not in base]}."""
    seen = set()
    added = []
    for r in rows:
        i = where.get(id(r))
        if i is None:
            added.append(r)
        else:
            seen.add(i)
    out: dict = dict.fromkeys((i for i in range(len(base)) if i not in seen), None) if len(seen) < len(base) else {}
    if added:
        out[None] = added
    return out


def _fail(errors: dict, mask: int, exc: Exception) -> None:
    while mask:
        low = mask & -mask
        errors.setdefault(low.bit_length() - 1, exc)
        mask ^= low


class WorldsPlan:
    """A plan (engine/plan.py) with this module's interpreter: `steps`, each step's ops.Op with the
    function that runs it over {binding: worlds} (`run`); `project`: binding -> head row, or None."""
    __slots__ = ("plan", "steps", "project", "first_scans")

    def __init__(self, plan: ir.Plan, steps: list[Any]) -> None:
        self.plan = plan
        self.steps = steps
        self.project = projection(plan.head)
        self.first_scans = bool(plan.steps) and type(plan.steps[0]) is ir.Positive


def generate(plan: ir.Plan) -> WorldsPlan:
    """This interpreter's executable form of a data plan: each step's functions (ops.Op) and the
    function that runs it, chosen here by the step's class (RUNS), once. Kept by the program
    (BatchProgram.generated), so made once for every evaluation."""
    ops = []
    for step in plan.steps:
        op = Op(step)
        op.run = RUNS[type(step)]
        ops.append(op)
    return WorldsPlan(plan, ops)


def _run(exe: WorldsPlan, rel: Read, errors: dict, most: int) -> dict | None:
    """The plan's head rows with their worlds: {row: mask}, or None."""
    plan = exe.plan
    check_deadline()
    for key in plan.reads:
        if not rel(key).rows:
            return None      # a positive literal with no row: the body never holds
    try:
        # binding -> its worlds; None until the first literal's scan
        bindings: Any = None if exe.first_scans else {(): _all(rel)}
        for step in exe.steps:
            bindings = step.run(step, rel, bindings, errors)
            if not bindings:
                return None
            if len(bindings) > most:
                raise TooMany(len(bindings))
    except TooMany as exc:
        raise rule_too_many(plan.rule, plan.copy, exc.count, most) from None
    return bindings if exe.project is None else _project(bindings, exe.project)


def _project(bindings: dict, fn: Callable[[tuple], tuple]) -> dict:
    """{fn(binding): the worlds of every binding it maps}."""
    out: dict = {}
    for b, m in bindings.items():
        _add(out, fn(b), m)
    return out


def _all(rel: Read) -> int:
    mask: int = rel((CASES, "c")).rows[(0,)]   # every world
    return mask


def _positive(step: Any, rel: Read, bindings: dict | None, errors: dict) -> dict:
    r = rel(step.rel)
    return _scan(step, r) if bindings is None else _join(step, r, bindings)


def _scan(step: Any, r: "_Rel") -> dict:
    rows = r.index((), step.consts).get((), ()) if step.consts else r.rows.items()
    check, keep_r = step.checks, step.keep_r
    out: dict = {}
    for row, m in rows:
        if check is None or check((), row):
            _add(out, keep_r(row), m)
    return out


def _join(step: Any, r: "_Rel", bindings: dict) -> dict:
    idx = r.index(step.key_pos, step.consts)
    key, check, kb, kr = step.key, step.checks, step.keep_b, step.keep_r
    get = idx.get
    out: dict = {}
    oget = out.get
    for b, m in bindings.items():
        rows = get(key(b))
        if not rows:
            continue
        head = kb(b)
        if check is None:
            for row, rm in rows:
                mm = m & rm
                if mm:
                    t = head + kr(row)
                    old = oget(t)
                    out[t] = mm if old is None else old | mm
        else:
            for row, rm in rows:
                mm = m & rm
                if mm and check(b, row):
                    t = head + kr(row)
                    old = oget(t)
                    out[t] = mm if old is None else old | mm
    return out


def _negative(step: Any, rel: Read, bindings: dict, errors: dict) -> dict:
    r = rel(step.rel)
    proj = step.proj
    if not r.rows:
        return bindings if proj is None else _project(bindings, proj)
    idx = r.index(step.key_pos, step.consts)
    key, check, get = step.key, (step.checks if step.fuzzy else None), idx.get
    out: dict = {}
    for b, m in bindings.items():
        rows = get(key(b))
        if rows:
            kill = 0
            for row, rm in rows:
                if check is None or check(b, row):
                    kill |= rm
            m &= ~kill
            if not m:
                continue
        _add(out, b if proj is None else proj(b), m)
    return out


def _exists(step: Any, rel: Read, bindings: dict, errors: dict) -> dict:
    idx = rel(step.rel).index(step.key_pos, step.consts)
    key, check, kb, kr, tests, proj = step.key, step.checks, step.keep_b, step.keep_r, step.tests, step.proj
    get = idx.get
    out: dict = {}
    for b, m in bindings.items():
        rows = get(key(b))
        if not rows:
            continue
        head = kb(b)
        got, first = 0, None
        for row, rm in rows:
            mm = m & rm & ~got
            if not mm or (check is not None and not check(b, row)):
                continue
            t = head + kr(row)
            if all(test(*getv(t)) for test, getv in tests):
                got |= mm
                if first is None:
                    first = t
                if got == m:
                    break
        if got:
            _add(out, proj(first), got)
    return out


def _compare(step: Any, rel: Read, bindings: dict, errors: dict) -> dict:
    test, getv, proj = step.test, step.getv, step.proj
    out: dict = {}
    for b, m in bindings.items():
        try:
            ok = test(*getv(b))
        except EvaluationError as exc:
            _fail(errors, m, exc)
            continue
        if ok:
            _add(out, b if proj is None else proj(b), m)
    return out


def _assign(step: Any, rel: Read, bindings: dict, errors: dict) -> dict:
    lit, names, getv, keep = step.lit, step.names, step.getv, step.keep
    loc, expr = lit.loc, lit.expr
    evaluate = arith.assign3 if step.three else arith.evaluate
    out: dict = {}
    copy = type(expr).__name__ == "Var"
    for b, m in bindings.items():
        if copy:
            value = getv(b)[0]
        else:
            try:
                value = evaluate(expr, dict(zip(names, getv(b))), loc)
            except arith.Unknown:
                continue
            except EvaluationError as exc:
                _fail(errors, m, exc)
                continue
        _add(out, keep(b) + (value,) if step.add else keep(b), m)
    return out


RUNS: Mapping[type, Callable[..., dict]] = MappingProxyType({ir.Positive: _positive, ir.Exists: _exists, ir.Negative: _negative,
                                         ir.Compare: _compare, ir.Assign: _assign})   # the function a step runs with


def statuses(program: BatchProgram, pred: str, args: Sequence, groups: Sequence[tuple],
             cache: dict | None = None, max_rows: int = DEFAULT_MAX_ROWS) -> list:
    """Per variant of `groups` (see Worlds), in order: (certain rows, possible rows) of the goal
    pattern, or its EvaluationError (max_rows: the row budget)."""
    return Worlds(program, groups, cache).evaluate(max_rows).statuses(pred, tuple(args))


def evaluate_groups(program: BatchProgram, goal: tuple, groups: Sequence[tuple], cache: dict | None = None,
                    max_rows: int = DEFAULT_MAX_ROWS) -> list:
    """(certain, possible) goal rows, or the EvaluationError, of every variant of `groups` (see
    Worlds), in order: all of them as the worlds of one evaluation, or, for a program with a
    recursive stratum, each as a case of its own on the batch engine. max_rows: the row budget
    (the settings' rows)."""
    try:
        found: list = statuses(program, goal[0], goal[1], groups, cache, max_rows)
        return found
    except Unsupported:
        flat = [rows_of(base, v) for base, variants in groups for v in variants]
        return [r if isinstance(r, Exception) else r[goal]
                for r in program.verdicts(flat, [goal], chunk=None, max_rows=max_rows)]
