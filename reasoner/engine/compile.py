"""The compiler: a rule of the checked program, in one copy, into its plan (engine/plan.py).

A plan is data: every step holds relation keys, positions, binding slots, constants and the literal
it was made from, never a function. The set interpreters (batch.py: bindings in lists, all cases at
once; worlds.py: bindings in dicts binding -> mask of worlds) each turn a plan into their executable
form with their own generator; fixpoint.py asks `delta_variants` for the semi-naive variants.

The compiler reads two facts about the program (`Scope`): the positions of each predicate that may
hold UNKNOWN (checked.mu) and the derived predicates whose rules read only shared relations (facts
in the rules: no case id). Its bookkeeping is that of the reference compiler (pydatalog/compiler.py):
in the possible copy a position that may be unknown, or a variable that may hold UNKNOWN, is joined
with `_eq3` (equal, or either side UNKNOWN; the variable keeps its first value); a constant there
matches itself or UNKNOWN; `not q(..)` in the certain copy reads q's possible copy with `_eq3` at
its may-unknown positions, in the possible copy q's certain copy exactly.
"""
from __future__ import annotations

from types import MappingProxyType

from collections.abc import Collection, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from ..core.record import record, replace
from ..language.ast import Assign, Atom, Compare, Const, Negative, Positive, Rule, Var, literal_vars, term_vars
from . import plan as ir
from .plan import CASES, DELTA, KVAR

if TYPE_CHECKING:
    from ..language.checks import CheckedProgram

NUMBER_TYPES = frozenset({int, Fraction})
_REFLECTED = MappingProxyType({"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "=", "!=": "!="})
OPERATORS = frozenset(_REFLECTED)


@record(frozen=True)   # (core/record.py: a dataclass's methods without compiling them at import)
class Scope:
    """What the compiler reads of a program: `mu`, {predicate key: positions that may hold UNKNOWN},
    and `global_preds`, the derived predicates without a case id."""
    mu: Mapping
    global_preds: Collection


def global_preds(checked: CheckedProgram) -> set:
    """Derived predicates whose rules read only shared relations (facts in the rules): worked out
    once per checked program and kept on its analysis (every goal's program asks)."""
    analysis = getattr(checked, "analysis", None)
    found = getattr(analysis, "global_preds", None) if analysis is not None else None
    if found is None:
        found = frozenset(_find_global_preds(checked))
        if analysis is not None:
            analysis.global_preds = found
    return set(found)


def _find_global_preds(checked: CheckedProgram) -> set:
    derived = checked.derived
    out: set = set()
    for key in checked.order:
        rules = derived.get(key, [])
        if key in checked.base:  # a case may give facts for it too: per case
            continue
        if rules and all(isinstance(l, (Compare, Assign)) or
                         (isinstance(l, (Positive, Negative)) and l.atom.key in out)
                         for r in rules for l in r.body) and all(
                any(isinstance(l, Positive) for l in r.body) or not r.body for r in rules):
            out.add(key)
    return out


def case_atom() -> Atom:
    return Atom(CASES, (Var(KVAR),))


def compile_rule(scope: Scope, rule: Rule, copy: str, delta_at: int | None = None,
                 exact: Iterable[str] = ()) -> ir.Plan:
    """The plan of `rule` in `copy`. delta_at: the index of a positive body literal that reads
    only the previous round's new rows (engine/fixpoint.py); it is moved to the front, so the
    join starts from the few new rows instead of scanning the whole relation. exact: variables
    bound before the body (a proof's seeded search, SetEngine.body_plan) whose first positive
    literal must hold exactly their value, never UNKNOWN in its place: that literal looks them
    up as index keys even where the possible copy would otherwise test them with `_eq3`."""
    exact_seed = frozenset(exact)
    exact = set(exact)
    head = rule.head
    head_global = head.key in scope.global_preds
    body = list(rule.body)
    delta_lit = None
    if delta_at is not None:
        delta_lit = body.pop(delta_at)
        body.insert(0, delta_lit)
    prefix = []
    if not head_global and not any(isinstance(l, Positive) and l.atom.key not in scope.global_preds
                                   for l in body):
        prefix = [Positive(case_atom())]
    # body literals in the checked order; filters on per-case relations wait for the case id
    steps_src = []
    deferred = []
    k_bound = False
    for lit in prefix + body:
        needs_k = isinstance(lit, Negative) and lit.atom.key not in scope.global_preds
        if needs_k and not k_bound:
            deferred.append(lit)
            continue
        steps_src.append(lit)
        if isinstance(lit, Positive) and (lit.atom.pred == CASES or lit.atom.key not in scope.global_preds):
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
        live |= _lit_vars(lit)
    needed_after.reverse()

    slots: list = []            # variable names in the binding tuple, in order
    bound: set = set()          # compiler's `bound` (variables bound so far)
    unknown_vars: set = set()   # compiler's unknown_vars (possible copy)
    steps: list[ir.Step] = []
    skip = 0
    for at, (lit, after) in enumerate(zip(steps_src, needed_after)):
        if skip:
            skip -= 1
            continue
        step: ir.Step
        fused = _exists(scope, lit, at, steps_src, needed_after, copy, slots, bound, unknown_vars, exact)
        if fused is not None:
            step, slots, skip = fused
        elif isinstance(lit, Positive):
            step, slots = _positive(scope, lit, copy, slots, bound, unknown_vars, after, exact)
        elif isinstance(lit, Negative):
            step, slots = _negative(scope, lit, copy, slots, after)
        elif isinstance(lit, Compare):
            names = sorted(term_vars(lit.left) | term_vars(lit.right))
            keep = [i for i, n in enumerate(slots) if n in after]
            kept = [slots[i] for i in keep]
            step = ir.Compare(str(lit), tuple(slots), tuple(kept), lit=lit, three=copy == "p",
                              names=tuple(names), get=tuple(slots.index(n) for n in names),
                              kslot=slots.index(KVAR) if KVAR in slots else None,
                              numeric=numeric_test(lit, slots),
                              proj=None if len(keep) == len(slots) else tuple(keep))
            slots = kept
        else:  # Assign
            names = sorted(term_vars(lit.expr))
            keep = [i for i, n in enumerate(slots) if n in after]
            add = lit.var.name in after
            kept = [slots[i] for i in keep] + ([lit.var.name] if add else [])
            step = ir.Assign(str(lit), tuple(slots), tuple(kept), lit=lit, three=copy == "p", names=tuple(names),
                             get=tuple(slots.index(n) for n in names),
                             kslot=slots.index(KVAR) if KVAR in slots else None,
                             keep=tuple(keep), add=add)
            slots = kept
            bound.add(lit.var.name)
            if copy == "p" and set(names) & unknown_vars:
                unknown_vars.add(lit.var.name)
        if at == delta_pos:
            assert isinstance(step, ir.Positive)
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
    project: tuple | None = tuple(head_src)
    if all(kind == "slot" for kind, _ in head_src) and [s for _, s in head_src] == list(range(len(slots))):
        project = None
    # exact_seed: the seeded variables looked up exactly (SetEngine.body_plan)
    return ir.Plan(rule, copy, (head.pred, copy), steps, project, head_global,
                   exact_seed=exact_seed, head_binds=tuple(slots[s] if k == "slot" else repr(s)
                                                          for k, s in head_src))


def delta_variants(scope: Scope, plan: ir.Plan, keys: Collection[tuple]) -> list | None:
    """[(relation key, plan)]: one per positive body literal of `plan` reading a relation in
    `keys`, compiled with that literal first and reading the delta (fixpoint.Unit.variants).
    A literal whose variable an earlier `X = ...` assigns keeps its place (it only tests X); so
    does every literal of a possible-copy body reading a value that may be unknown (None: the
    caller's in-place variants)."""
    out = []
    body = plan.rule.body
    if plan.copy == "p" and any(scope.mu.get(l.atom.key) for l in body if isinstance(l, Positive)):
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
        out.append((key, compile_rule(scope, plan.rule, plan.copy, delta_at=at)))
    return out


def in_place_variants(plan: ir.Plan, keys: Collection[tuple]) -> list:
    """[(relation key, plan)]: `plan` with one of its positive steps reading a relation in `keys`
    reading its delta instead, in place (the body keeps its order)."""
    out = []
    for j, step in enumerate(plan.steps):
        if type(step) is ir.Positive and step.rel in keys:
            steps = list(plan.steps)
            steps[j] = ir.replace(step, rel=(DELTA,) + tuple(step.rel))
            out.append((step.rel, ir.replace(plan, steps=steps)))
    return out


def body_plan(scope: Scope, rule: Rule, copy: str, variables: Iterable[str], exact: Iterable[str] = ()) -> ir.Plan:
    """A plan whose rows are (case id, values of `variables`) for every way the body of `rule`
    holds in the given copy: the relation `r<i>__bc/bp` that proofs re-solve (engine.codes).
    exact: as in compile_rule."""
    head = Atom("\0body", tuple(Var(v) for v in variables))
    return compile_rule(scope, replace(rule, head=head), copy, exact=exact)


def numeric_test(lit: Compare, slots: list) -> tuple | None:
    """(binding slot, operator, number) for a comparison of one variable with a number constant
    (`N > 990`, `3 <= N`), or None: the interpreters then test a column of numbers in one pass."""
    op: str | None
    left, right, op = lit.left, lit.right, lit.op
    if isinstance(left, Const) and isinstance(right, Var):
        left, right, op = right, left, _REFLECTED.get(op)
    if not (isinstance(left, Var) and isinstance(right, Const) and op in OPERATORS
            and type(right.value) in NUMBER_TYPES and left.name in slots):
        return None
    return slots.index(left.name), op, right.value


def _exists(scope: Scope, lit: object, at: int, steps_src: list, needed_after: list, copy: str, slots: list,
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
    step, wide = _positive(scope, lit, copy, slots, bound, unknown_vars, after | reads, exact)
    testers = []
    for t in tests:
        test_names = sorted(term_vars(t.left) | term_vars(t.right))
        testers.append((t, tuple(wide.index(n) for n in test_names)))
    keep = [i for i, n in enumerate(wide) if n in after]
    kept = [wide[i] for i in keep]
    fields = {name: getattr(step, name) for name in ir.fields(ir.Positive)}
    fields.update(text=", ".join([step.text] + [str(t) for t in tests]), binds=tuple(kept),
                  tests=tuple(testers), three=copy == "p", proj=tuple(keep))
    return ir.Exists(**fields), kept, len(tests)


def _lit_vars(lit: object) -> set[str]:
    out = set(literal_vars(lit))
    if isinstance(lit, (Positive, Negative)):
        out.add(KVAR)
    return out


def _terms(scope: Scope, atom: Atom) -> tuple[list, frozenset, bool]:
    """Arguments with the case id first for per-case relations; and the mu positions."""
    if atom.pred == CASES:
        return [Var(KVAR)], frozenset(), False
    positions = scope.mu.get(atom.key, frozenset())
    if atom.key in scope.global_preds:
        return list(atom.args), positions, True
    return [Var(KVAR)] + list(atom.args), frozenset(p + 1 for p in positions), False


def _positive(scope: Scope, lit: Positive, copy: str, slots: list, bound: set, unknown_vars: set, after: set,
              exact: set | None = None) -> tuple[ir.Positive, list]:
    terms, positions, is_global = _terms(scope, lit.atom)
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
        consts=tuple(consts), checks=tuple(checks),
        first=not slots, keep_b=tuple(keep_b), keep_r=tuple(p for _, p in new_live),
        semijoin=semijoin, identity=identity,
        # a scan keeping the case id and one value (`has(X) :- edge(X, _).`): that value's position
        case_and_one=(new_live[1][1] if len(new_live) == 2 and new_live[0][0] == KVAR
                      and new_live[0][1] == 0 else None),
        # the common case: a binding tuple that *is* the key of the whole relation row
        whole_row=(semijoin and not consts and identity and list(key_slots) == list(range(len(slots)))
                   and list(key_pos) == list(range(len(terms)))))
    return step, out_slots


def _negative(scope: Scope, lit: Negative, copy: str, slots: list, after: set) -> tuple[ir.Negative, list]:
    terms, positions, is_global = _terms(scope, lit.atom)
    if copy == "c":
        rel = (lit.atom.pred, "p")
        fuzzy = positions           # q__pm: eq3 at the positions that may be unknown
    else:
        rel = (lit.atom.pred, "c")
        fuzzy = frozenset()
    key_pos, key_slots, consts, checks = [], [], [], []
    for i, a in enumerate(terms):
        src: tuple
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
        consts=tuple(consts), checks=tuple(checks), fuzzy=bool(checks),
        proj=None if len(keep_b) == len(slots) else tuple(keep_b),
        whole_row=(not checks and not consts and list(key_slots) == list(range(len(slots)))
                   and list(key_pos) == list(range(len(terms)))))
    return step, kept

