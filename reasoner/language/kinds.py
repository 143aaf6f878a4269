"""Dates and times are their own kinds in the rule language (docs/LANGUAGE.md, Types).

A date and a clock time are ints inside (a day number, minutes after midnight), so `D < 1972`
compared a date's day number with 1972 and `2024-01-31 + 1` was 738917, with `reasoner check`
reporting nothing. `problems` finds, from the declared types of inputs and predicates, the constants
and what the rules conclude, every comparison, join and arithmetic that puts a date or a time
against a number, a word or the other: (message, location, hint) for checks.py to report. What it
cannot know (a relation with no declaration whose rules disagree) is caught when evaluated
(language/arith.py)."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from types import MappingProxyType

from ..core.deadline import check as check_deadline
from ..core.values import ARITH_HINTS, KIND_HINTS, value_kind
from .ast import Assign, Atom, BinOp, Call, Compare, Const, Key, Loc, Negative, Positive, Program, Rule, Var

_OF_TYPE = MappingProxyType({"date": "date", "time": "time", "number": "number", "money": "number",
            "string": "text", "symbol": "text"})
SPECIAL = ("date", "time")
Report = Callable[[str, "Loc | None", str], None]   # report(message, where, hint)


def _clash(a: str | None, b: str | None) -> bool:
    """Two known kinds that can never meet: a date or a time against anything else."""
    return a is not None and b is not None and a != b and (a in SPECIAL or b in SPECIAL)


def _declared(prog: Program) -> dict[tuple[str, int], list[str | None]]:
    """(name, arity) -> [kind or None] of every position a declaration gives."""
    out: dict[tuple[str, int], list[str | None]] = {}
    for kind in prog.entities:
        out[(kind, 1)] = ["text"]
    for key, decl in prog.preds.items():
        out[key] = [_OF_TYPE.get(p.type, "text" if p.type in prog.entities else None) for p in decl.params]
    return out


def _article(kind: str) -> str:
    if kind == "text":
        return "a word or string"
    return "an " + kind if kind[0] in "aeiou" else "a " + kind


class _Rule:
    """One rule's variables and their kinds, with where each kind came from."""

    def __init__(self, rule: Rule, kinds: dict[Key, list[str | None]], report: Report) -> None:
        self.rule, self.kinds, self.report = rule, kinds, report
        self.env: dict = {}    # variable -> (kind, the literal that gave it)

    def atom(self, atom: Atom) -> None:
        known = self.kinds.get(atom.key)
        if known is None:
            return
        for arg, kind in zip(atom.args, known):
            if kind is None:
                continue
            if isinstance(arg, Var) and not arg.anonymous and not arg.generated:
                had = self.env.get(arg.name)
                if had is None:
                    self.env[arg.name] = (kind, atom)
                elif _clash(had[0], kind):
                    special = had[0] if had[0] in SPECIAL else kind
                    self.report(f"{arg} is {_article(had[0])} in {had[1]} and {_article(kind)} in {atom}: "
                                f"{_article(special)} is never equal to {_article(kind if special == had[0] else had[0])}",
                                atom.loc or self.rule.loc, KIND_HINTS[special])
            elif isinstance(arg, Const) and _clash(value_kind(arg.value), kind):
                got = value_kind(arg.value)
                special = kind if kind in SPECIAL else got
                self.report(f"{atom}: {arg} is {_article(got)} where {_article(kind)} belongs",
                            atom.loc or self.rule.loc, KIND_HINTS[special])

    def of(self, expr: object, loc: Loc | None) -> str | None:
        """The kind of an expression (None when not known); arithmetic on a date or a time reported."""
        if isinstance(expr, Const):
            return value_kind(expr.value)
        if isinstance(expr, Var):
            had = self.env.get(expr.name)
            return had[0] if had else None
        if isinstance(expr, (BinOp, Call)):
            parts: Iterable = (expr.left, expr.right) if isinstance(expr, BinOp) else expr.args
            for part in parts:
                kind = self.of(part, loc)
                if kind in SPECIAL:
                    self.report(f"arithmetic on {_article(kind)} in `{expr}`{self._source(part)}: "
                                f"{_article(kind)} is not a number", loc, ARITH_HINTS[kind])
                    return None
            return "number"
        return None

    def _source(self, expr: object) -> str:
        if isinstance(expr, Var) and expr.name in self.env:
            return f" ({expr} from {self.env[expr.name][1]})"
        return ""

    def assign(self, lit: Assign) -> None:
        if lit.var.name in self.env:   # `D = "2024-01-15"` placed before the atom binding D: a test
            self.compare(Compare("=", lit.var, lit.expr, lit.loc))
            return
        kind = self.of(lit.expr, lit.loc or self.rule.loc)
        if kind is not None:
            self.env[lit.var.name] = (kind, f"`{lit}`")

    def compare(self, lit: Compare) -> None:
        loc = lit.loc or self.rule.loc
        left, right = self.of(lit.left, loc), self.of(lit.right, loc)
        if left is not None and right is not None and _clash(left, right):
            special = left if left in SPECIAL else right
            self.report(f"`{lit}` compares {_article(left)} with {_article(right)}"
                        f"{self._source(lit.left) or self._source(lit.right)}", loc, KIND_HINTS[special])


def _walk(rule: Rule, kinds: dict[Key, list[str | None]], report: Report) -> list[str | None]:
    """The kinds of an ordered rule's variables (checks.py _order_rule: assignments placed, `_`
    replaced), its problems reported; the kinds of its head arguments."""
    r = _Rule(rule, kinds, report)
    for lit in rule.body:   # what the atoms bind first, then the tests and assignments in order
        if isinstance(lit, Positive):
            r.atom(lit.atom)
    for lit in rule.body:
        if isinstance(lit, Negative):
            r.atom(lit.atom)
        elif isinstance(lit, Assign):
            r.assign(lit)
        elif isinstance(lit, Compare):
            r.compare(lit)
    heads = [r.of(a, rule.head.loc or rule.loc) for a in rule.head.args]
    r.atom(rule.head)
    return heads


def problems(prog: Program, rules: list, strata: list) -> list:
    """[(message, loc, hint)] for every date or time put against another kind in the ordered rules;
    `strata` (checks.py stratify, dependencies first) orders the inference, so each predicate is
    inferred once its premises are (a few rounds inside a recursive component: the inference is a
    help to the checker, evaluation catches what it leaves open)."""
    kinds = _declared(prog)
    concluding: dict = {}
    for rule in rules:
        if rule.head.key not in kinds:
            concluding.setdefault(rule.head.key, []).append(rule)
    silent: Report = lambda *a: None   # noqa: E731 - inference only; problems are reported below
    for comp in strata:
        keys = sorted(k for k in comp if k in concluding)
        for _ in range(3 if len(keys) > 1 or any(_reads_itself(r) for k in keys for r in concluding[k]) else 1):
            check_deadline()
            changed = False
            for key in keys:
                seen = [_walk(rule, kinds, silent) for rule in concluding[key]]
                found = [k[0] if len(set(k)) == 1 else None for k in zip(*seen)]
                if found != kinds.get(key):
                    kinds[key], changed = found, True
            if not changed:
                break
    out: list[tuple] = []
    for rule in rules:
        check_deadline()
        problems: list[tuple] = []
        _walk(rule, kinds, lambda message, loc, hint: problems.append((message, loc, hint)))
        out.extend(dict.fromkeys(problems))
    return out


def _reads_itself(rule: Rule) -> bool:
    return any(isinstance(lit, Positive) and lit.atom.key == rule.head.key for lit in rule.body)
