"""What-if thresholds carried through arithmetic on one numeric input.

A rule computes an amount from the input W (`X = W - B`, `X = W * 5 / 100`, `N = ceil((W - 100000) /
10000)`, `G = L + W`), possibly through further rules; other rules compare the amount with a value
(a constant, or a value the case fixes). Every other operand is held at the value the case gives it
now, so the amount is a function f(W) of the varying input alone, evaluated with the rules' own
arithmetic (language/arith.py, exact). engine/exact/domains.py inverts *linear* forms only (exact answers
need no more); here ceilings, floors and rounding must be carried too, so the crossing point is
found by bisection on the comparison, which is monotone in W whenever f is (sums, differences,
products and quotients by fixed positive or negative amounts, ceil/floor/round of them).

Returns Carried records: the values of W on either side of each crossing, and, for an amount that
moves in steps (ceil/floor/round: "each 10,000-pound increment or fraction thereof"), the first
values of W outside the current step on either side.
"""
from __future__ import annotations

from collections.abc import Collection, Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from dataclasses import dataclass

from ..language import arith
from ..core.errors import ReasonerError
from ..core.settings import current
from ..language.ast import Assign, Call, Compare, Const, Positive, Var, term_vars
from ..engine.choice import open_session
from ..prose import prose_for

if TYPE_CHECKING:
    from ..engine.rulebase import Rulebase
    from ..facts.case import Case
    from ..language.ast import Atom, Program, Rule, Term

# the values of a rule's variables (language/arith.py evaluates its expressions in one)
Env = dict[str, Any]
# at(w, skip=False): the rule's environment with the carried variable at w, or None (it does not fire)
At = Callable[..., "Env | None"]
# (the rule, the entity, the case's values, the program, the entities' names), for a compared value's noun
Literals = tuple["Rule", str, "_Values", "Program", "dict[str, str] | None"]

MAX_DEPTH = 4
SPAN = 1 << 40


@dataclass(frozen=True)
class Carried:
    value: int          # the input value proposed
    amount: int | Fraction      # the computed amount at that value
    boundary: int | Fraction | None    # the compared value crossed (None for a step)
    was: int | Fraction | None         # the amount now (for a step)
    noun: str           # noun phrase of the amount
    amount_type: str    # its declared type (number / money)
    provision: str
    step: bool = False
    depth: int = 0      # rules between the input and the amount (the nearest amount is named)
    of_what: str = ""   # noun phrase of a compared value the case fixes ("the maximum weight ...")
    said: tuple[object, ...] = ()    # (pred, arity, position, the atom's values) of the amount, for a statement template


def _has_step(expr: object) -> bool:
    if isinstance(expr, Call):
        return expr.fn in ("ceil", "floor", "round") or any(_has_step(a) for a in expr.args)
    return any(_has_step(getattr(expr, side)) for side in ("left", "right") if hasattr(expr, side))


def _steps_in(rule: Rule, name: str, seen: tuple[str, ...] = ()) -> bool:
    """The rule computes `name` through a ceil/floor/round (`K = ceil(X / 1000), Min = 5000 + 2500 * K`)."""
    asg = next((a for a in rule.body if isinstance(a, Assign) and a.var.name == name), None)
    if asg is None or name in seen:
        return False
    return _has_step(asg.expr) or any(_steps_in(rule, n, seen + (name,)) for n in term_vars(asg.expr))


class _Values:
    """Certain values p(entity, X) of the case (or p(entity, c, ..., X): the value of a step keyed
    by constants, `cents_per_pound(V, "348.21(3)(b)1", R)`), one session per predicate (cached)."""

    def __init__(self, rb: Rulebase, case: Case, engine: str) -> None:
        self.rb, self.case, self.engine = rb, case, engine
        self.cache: dict[tuple[str, int], dict[tuple[object, ...], set[object]]] = {}

    def one(self, pred: str, entity: str, keys: tuple[object, ...] = ()) -> Any:
        arity = len(keys) + 2
        if (pred, arity) not in self.cache:
            with open_session(self.rb, self.case.rows, (pred, arity), self.engine, max_rows=current().rows) as session:
                certain, _ = session.status(pred, (None,) * arity)
            table: dict[tuple[object, ...], set[object]] = {}
            for row in certain:
                table.setdefault((row[0],) + tuple(row[1:-1]), set()).add(row[-1])
            self.cache[(pred, arity)] = table
        values = self.cache[(pred, arity)].get((entity,) + tuple(keys), set())
        if len(values) != 1:
            return None
        value = next(iter(values))
        return None if isinstance(value, bool) else value


def _rule_env(rule: Rule, subject: Term, entity: str, skip: object, values: _Values) -> Env:
    """Known values of the rule's other variables for this entity: p(S, X) with S the subject, or
    p(S, c, ..., X) with constants between (a step keyed by the paragraph it belongs to)."""
    env: Env = {subject.name: entity} if isinstance(subject, Var) else {}
    for lit in rule.body:
        args = lit.atom.args if isinstance(lit, Positive) else ()
        if (lit is not skip and len(args) >= 2 and args[0] == subject and isinstance(args[-1], Var)
                and all(isinstance(a, Const) for a in args[1:-1])):
            value = values.one(lit.atom.pred, entity, tuple(a.value for a in args[1:-1]))
            if value is not None:
                env.setdefault(args[-1].name, value)
    return env


def _holds(rule: Rule, env: Env, skip: object = None) -> bool:
    """Every comparison of the rule that can be evaluated holds (the rule would fire), but `skip`."""
    for cmp in rule.body:
        if isinstance(cmp, Compare) and cmp is not skip and (term_vars(cmp.left) | term_vars(cmp.right)) <= set(env):
            try:
                if not arith.compare(cmp.op, arith.evaluate(cmp.left, env), arith.evaluate(cmp.right, env)):
                    return False
            except (ReasonerError, arith.Unknown, KeyError, TypeError):
                return False
    return True


def _evaluate(rule: Rule, env: Env, var: str, w: object) -> Env | None:
    """The rule's assignments evaluated with `var` = w; the completed environment, or None."""
    env = dict(env)
    env[var] = w
    pending = [lit for lit in rule.body if isinstance(lit, Assign)]
    while pending:
        done = [a for a in pending if term_vars(a.expr) <= set(env)]
        if not done:
            break
        for a in done:
            try:
                env[a.var.name] = arith.evaluate(a.expr, env)
            except (ReasonerError, arith.Unknown, KeyError, TypeError, ZeroDivisionError):
                return None
            pending.remove(a)
    return env


def carried(rb: Rulebase, case: Case, entity: str, attr: str, old: object, low: int = 0,
            engine: str | None = None, feeds: Collection[str] | None = None) -> list[Carried]:
    """Carried records for the numeric input attr(entity, W) whose value now is `old` (or None); with
    feeds (the predicates the question rests on), only through rules that conclude one of them (a
    permit fee's increments are no line a forfeiture turns on: trainer review 13, G4)."""
    prog = rb.checked.program
    labels = getattr(case, "names", None)
    values = _Values(rb, case, engine or current().engine)   # the Settings' engine when not given
    start = old if isinstance(old, int) and not isinstance(old, bool) else None
    out: list[Carried] = []
    # a level: (pred, position, f) with f(W) the value at that position, `steps` whether f steps
    todo: list[tuple[str, int, Callable[[int], Any], bool, int]] = [(attr, 1, lambda w: w, False, 0)]
    seen: set[tuple[str, int]] = set()
    while todo:
        pred, pos, f, steps, depth = todo.pop(0)
        if (pred, pos) in seen or depth > MAX_DEPTH:
            continue
        seen.add((pred, pos))
        for code in rb.codes.rules:
            rule = code.rule
            if feeds is not None and rule.head.pred not in feeds:
                continue
            for lit in rule.body:
                if not (isinstance(lit, Positive) and lit.atom.pred == pred and len(lit.atom.args) > pos
                        and isinstance(lit.atom.args[pos], Var) and lit.atom.args[0] != lit.atom.args[pos]):
                    continue
                var, subject = lit.atom.args[pos].name, lit.atom.args[0]
                env = _rule_env(rule, subject, entity, lit, values)
                env.pop(var, None)

                def at(w: int, skip: object = False, rule: Rule = rule, env: Env = env, var: str = var,
                       f: Callable[[int], Any] = f) -> Env | None:
                    try:
                        x = f(w)
                    except (ReasonerError, arith.Unknown, KeyError, TypeError, ZeroDivisionError):
                        return None
                    done = None if x is None else _evaluate(rule, env, var, x)
                    return done if done is None or _holds(rule, done, skip) else None

                noun, kind, place = _noun(prog, entity, pred, pos, labels=labels)
                # level 0: the input compared with a constant or another input is whatif.thresholds'
                said = (place, lit.atom, at)
                out += _crossings(rule, var, at, start, low, noun, kind, rule.provision or "", depth,
                                  computed_only=not depth, literals=(rule, entity, values, prog, labels), said=said)
                for i, arg in enumerate(rule.head.args):
                    if not (isinstance(arg, Var) and i and rule.head.args[0] == subject):
                        continue
                    asg = next((a for a in rule.body if isinstance(a, Assign) and a.var.name == arg.name), None)
                    if asg is None and arg.name != var:
                        continue
                    name = arg.name
                    def g(w: int, at: At = at, name: str = name) -> Any:
                        e = at(w)
                        return None if e is None else e.get(name)
                    own_step = asg is not None and _steps_in(rule, name)
                    stepping = steps or own_step
                    noun, kind, place = _noun(prog, entity, rule.head.pred, i, len(rule.head.args), labels)
                    said = (place, rule.head, at)
                    if asg is not None:      # `X = W - B, X > 0`: the computed amount compared here
                        out += _crossings(rule, name, at, start, low, noun, kind, rule.provision or "", depth,
                                          literals=(rule, entity, values, prog, labels), said=said)
                    if own_step and start is not None:
                        out += _steps(g, start, low, noun, kind, rule.provision or "", depth, said)
                    todo.append((rule.head.pred, i, g, stepping, depth + 1))
    return out


def _noun(prog: Program, entity: str, pred: str, pos: int, arity: int | None = None,
          labels: dict[str, str] | None = None) -> tuple[str, str, tuple[str, int, int]]:
    """(noun phrase of the value at pos of pred for the entity, its declared type)."""
    decl = prog.preds.get((pred, arity)) if arity else next(
        (d for (p, _), d in prog.preds.items() if p == pred), None)
    n = len(decl.params) if decl is not None else (arity or pos + 1)
    noun = prose_for(prog, labels).positive(pred, (entity,) + (None,) * (n - 1))
    kind = decl.params[pos].type if decl is not None and len(decl.params) > pos else "number"
    return str(noun or pred), kind, (pred, n, pos)


def _derived_names(rule: Rule, prog: Program) -> dict[str, str]:
    """Variables of the rule bound by a derived (not input) predicate's value position."""
    out: dict[str, str] = {}
    for lit in rule.body:
        if isinstance(lit, Positive) and len(lit.atom.args) == 2 and isinstance(lit.atom.args[1], Var):
            decl = prog.preds.get(lit.atom.key)
            if decl is None or not decl.is_input:
                out[lit.atom.args[1].name] = lit.atom.pred
    return out


def _crossings(rule: Rule, var: str, at: At, start: int | None, low: int, noun: str, kind: str, provision: str,
               depth: int = 0, computed_only: bool = False, literals: Literals | None = None,
               said: tuple[Any, ...] = ()) -> list[Carried]:
    """Comparisons of the carried value `var` with a fixed value: the W on either side of each.
    computed_only: only comparisons with an amount the rules compute (the rest are plain thresholds)."""
    out: list[Carried] = []
    derived = _derived_names(rule, literals[3]) if computed_only and literals else {}
    for cmp in rule.body:
        if not isinstance(cmp, Compare) or cmp.op in ("=", "!="):
            continue
        for mine, other in ((cmp.left, cmp.right), (cmp.right, cmp.left)):
            if not (isinstance(mine, Var) and mine.name == var) or var in term_vars(other):
                continue
            if computed_only and not (term_vars(other) & set(derived)):
                continue

            def test(w: int, cmp: Compare = cmp) -> bool | None:
                env = at(w, cmp)
                if env is None:
                    return None
                try:
                    return arith.compare(cmp.op, arith.evaluate(cmp.left, env), arith.evaluate(cmp.right, env))
                except (ReasonerError, arith.Unknown, KeyError, TypeError):
                    return None

            first = _flip(test, start if start is not None else low, low)
            if first is None:
                continue
            boundary_env = at(first, cmp)
            try:
                boundary = arith.evaluate(other, boundary_env) if boundary_env is not None else None
            except (ReasonerError, arith.Unknown, KeyError, TypeError):
                boundary = None
            if boundary is None or isinstance(boundary, (bool, str)):
                continue
            of_what = ""
            if isinstance(other, Var) and literals:
                lit = next((x for x in literals[0].body if isinstance(x, Positive) and len(x.atom.args) == 2
                            and x.atom.args[1] == other), None)
                if lit is not None:
                    of_what = _noun(literals[3], literals[1], lit.atom.pred, 1, labels=literals[4])[0]
            for w in (first - 1, first):
                env = at(w, cmp)
                if env is not None and w >= low:
                    out.append(Carried(w, env[var], boundary, None, noun, kind, provision, depth=depth,
                                       of_what=of_what, said=_said(said, env)))
    return out


def _flip(test: Callable[[int], object], start: int, low: int) -> int | None:
    """The first W (searching up from start, else down) at which test(W) differs from test(start)."""
    here = test(start)
    if here is None:
        return None
    for direction in (1, -1):
        step, last = 1, start
        while step <= SPAN:
            probe = start + direction * step
            if probe < low:
                probe = low
            now = test(probe)
            if now is None:
                break
            if now != here:
                lo, hi = sorted((last, probe))          # the change lies in (lo, hi]
                while hi - lo > 1:
                    mid = (lo + hi) // 2
                    if (test(mid) == here) == (direction == 1):
                        lo = mid
                    else:
                        hi = mid
                return hi
            if probe == low:
                break
            last, step = probe, step * 2
    return None


def _said(said: tuple[Any, ...], env: Env | None) -> tuple[object, ...]:
    """(pred, arity, position, the atom's values at that input value) for the prose layer."""
    (pred, arity, pos), atom, _ = said
    if env is None:
        return (pred, arity, pos, ())
    args = tuple(env.get(a.name) if isinstance(a, Var) else a.value if isinstance(a, Const) else None
                 for a in atom.args)
    return (pred, arity, pos, args)


def _steps(g: Callable[[int], Any], start: int, low: int, noun: str, kind: str, provision: str, depth: int = 0,
           said: tuple[Any, ...] = ()) -> list[Carried]:
    """For an amount that moves in steps: the first W outside the current step, each side, and
    the last W inside it."""
    now = g(start)
    if now is None:
        return []
    out: list[Carried] = []
    first = _flip(lambda w: g(w) == now, start, low)
    # _flip searches up first; look the other way too
    for found in {f for f in (first, _flip_down(g, now, start, low)) if f is not None}:
        for w in (found - 1, found) if found > start else (found, found + 1):
            amount = g(w)
            if amount is not None and w >= low and amount != now:
                out.append(Carried(w, amount, None, now, noun, kind, provision, step=True, depth=depth,
                                   said=_said(said, said[2](w))))
    return out


def _flip_down(g: Callable[[int], Any], now: object, start: int, low: int) -> int | None:

    step = 1
    while step <= SPAN and start - step >= low:
        probe = start - step
        if g(probe) != now:
            lo, hi = probe, start - step // 2 if step > 1 else start
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if g(mid) == now:
                    hi = mid
                else:
                    lo = mid
            return lo
        step *= 2
    return None
