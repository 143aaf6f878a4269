"""The functions a plan step runs with, made once from its data (engine/plan.py) for the interpreters.

A plan holds positions and constants only. Both set interpreters (batch.py: bindings in lists;
worlds.py: bindings in dicts binding -> mask of worlds) read a step through an `Op`: the step's data
fields, and in place of the positions the functions that read them (`key`: the index key of a
binding; `checks`: the tests that are not index keys; `keep_b`/`keep_r`: the next binding's parts;
`proj`; `tests`; `test`/`getv`; `keep`; `numeric` with the operator itself). Each interpreter's
generator makes its plan's ops once and keeps them in the object that owns the plan (never on the
step), and chooses there, by the step's class, the function that runs each one.
"""
from __future__ import annotations

from collections.abc import Mapping

from types import MappingProxyType

import operator
from collections.abc import Callable, Iterable
from itertools import chain
from operator import itemgetter
from typing import Any

from ..core.values import UNKNOWN
from ..language import arith
from ..language.ast import Compare, Const, Var, term_vars
from . import plan as ir


class TooMany(Exception):
    """More rows than a plan's budget (the interpreters' signal; the caller names the rule)."""

    def __init__(self, count: int) -> None:
        self.count = count


def getter(positions: Iterable[int]) -> Callable[[Any], tuple]:
    """A function returning the tuple of the given positions (tuple even for one position)."""
    positions = tuple(positions)
    if not positions:
        return lambda x: ()
    if len(positions) == 1:
        p = positions[0]
        return lambda x: (x[p],)
    return itemgetter(*positions)


OPERATORS: Mapping[str, Callable[[Any, Any], bool]] = MappingProxyType({
    "=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge})
_OPS: Mapping[str, Callable[[Any, Any], bool]] = MappingProxyType({"=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b})


def tester(lit: Compare, three: bool) -> Callable[..., bool]:
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


def checker(checks: Iterable[tuple]) -> Callable[[tuple, tuple], bool] | None:
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


def builder(head_src: Iterable[tuple]) -> Callable[[tuple], tuple]:
    """A function binding -> head tuple, for heads with constants: runs of slots and runs of
    constants concatenated (`violation(O, "350.09(4)")` is `(b[0], b[1]) + ("350.09(4)",)`)."""
    segments: list[tuple[str, list]] = []
    for kind, v in head_src:
        if segments and segments[-1][0] == kind:
            segments[-1][1].append(v)
        else:
            segments.append((kind, [v]))
    parts: list[Any] = [(getter(vs) if kind == "slot" else tuple(vs)) for kind, vs in segments]   # getters and tuples
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


def projection(head: tuple | None) -> Callable[[tuple], tuple] | None:
    """The function binding -> head row of a plan's `head` (None: the binding is the head row)."""
    if head is None:
        return None
    if all(kind == "slot" for kind, _ in head):
        return getter(s for _, s in head)
    return builder(head)


_FIELDS: Mapping[type, tuple[str, ...]] = MappingProxyType({cls: ir.fields(cls)
           for cls in (ir.Positive, ir.Exists, ir.Negative, ir.Compare, ir.Assign)})


class Op:
    """A step's data fields and the functions made of them (see the module's docstring); `run`:
    the function its interpreter runs it with, set by that interpreter's generator."""
    __slots__ = tuple(sorted(set(chain(*_FIELDS.values())) | {"kind", "key", "getv", "test", "run"}))
    # the functions made here (the other attributes are the step's data fields, copied)
    key: Callable[[tuple], tuple]
    checks: Callable[[tuple, tuple], bool] | None
    keep_b: Callable[[tuple], tuple]
    keep_r: Callable[[tuple], tuple]
    proj: Callable[[tuple], tuple] | None
    test: Callable[..., bool]
    getv: Callable[[tuple], tuple]
    keep: Callable[[tuple], tuple]
    run: Any

    def __init__(self, step: ir.Step) -> None:
        for name in _FIELDS[type(step)]:
            setattr(self, name, getattr(step, name))
        self.kind = step.kind
        self.run = None
        if isinstance(step, ir.Positive):
            self.key = getter(step.key_slots)
            self.checks = checker(step.checks)
            self.keep_b = getter(step.keep_b)
            self.keep_r = getter(step.keep_r)
            if isinstance(step, ir.Exists):
                self.tests = [(tester(lit, step.three), getter(slots)) for lit, slots in step.tests]
                self.proj = getter(step.proj)
        elif isinstance(step, ir.Negative):
            self.key = getter(step.key_slots)
            self.checks = checker(step.checks)
            self.proj = None if step.proj is None else getter(step.proj)
        elif isinstance(step, ir.Compare):
            self.test = tester(step.lit, step.three)
            self.getv = getter(step.get)
            self.proj = None if step.proj is None else getter(step.proj)
            if step.numeric is not None:
                slot, op, number = step.numeric
                self.numeric = (slot, OPERATORS[op], number)
        else:
            assert isinstance(step, ir.Assign)
            self.getv = getter(step.get)
            self.keep = getter(step.keep)
