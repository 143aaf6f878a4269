"""Exact evaluation of comparisons and arithmetic from the rule AST (never Python source)."""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ..core.errors import EvaluationError
from .ast import BinOp, Call, Compare, Const, Var
from ..core.values import ARITH_HINTS, KIND_HINTS, UNKNOWN, kind_phrase, normalize_number, value_kind


# A computed number has at most this many digits (numerator and denominator each): `n(Y) :- n(X),
# Y = X * X.` squared its way past a 10 s limit to 19 s and 1-2.7 GB, since the time limit is
# checked between operations and one multiplication of huge integers is not interruptible, and the
# row limit counts rows, not digits. Parsed constants have at most 100 (values.MAX_DIGITS).
COMPUTED_DIGITS = 1000
_MAX_BITS = int(COMPUTED_DIGITS * 3.3219280948873626)   # log2(10)


def _bounded(result: int | Fraction, expr: object, loc: object) -> int | Fraction:
    big = result.bit_length() if isinstance(result, int) else \
        max(result.numerator.bit_length(), result.denominator.bit_length())
    if big > _MAX_BITS:
        raise EvaluationError(f"a number computed by `{expr}` has more than {COMPUTED_DIGITS:,} digits",
                              location=str(loc) if loc else None,
                              hint="the numbers of the law are amounts, weights, counts and dates: check "
                                   "that the rule's arithmetic does not grow without bound")
    return result


class Unknown(Exception):
    """Raised internally when an operand is unknown (three-valued mode)."""


def evaluate(expr: object, env: dict, loc: object = None) -> Any:
    """The value of a term or an expression (a rule-language value); loc: where, for an error."""
    if isinstance(expr, Const):
        return expr.value
    if isinstance(expr, Var):
        value = env[expr.name]
        if value is UNKNOWN:
            raise Unknown
        return value
    if isinstance(expr, BinOp):
        left, right = evaluate(expr.left, env, loc), evaluate(expr.right, env, loc)
        _numeric(left, expr, loc)
        _numeric(right, expr, loc)
        if expr.op == "+":
            result = left + right
        elif expr.op == "-":
            result = left - right
        elif expr.op == "*":
            result = left * right
        else:
            if right == 0:
                raise EvaluationError(f"division by zero in `{expr}`", location=str(loc) if loc else None,
                                      hint="check the case values used by this rule")
            result = Fraction(left) / Fraction(right)
        return _bounded(normalize_number(Fraction(result)) if isinstance(result, Fraction) else int(result),
                        expr, loc)
    if isinstance(expr, Call):
        args = [evaluate(a, env, loc) for a in expr.args]
        for a in args:
            _numeric(a, expr, loc)
        if expr.fn == "ceil":
            return math.ceil(Fraction(args[0]))
        if expr.fn == "floor":
            return math.floor(Fraction(args[0]))
        if expr.fn == "round":  # half away from zero
            v = Fraction(args[0])
            return int(math.floor(abs(v) + Fraction(1, 2))) * (1 if v >= 0 else -1)
        if expr.fn == "abs":
            return abs(args[0])
        if expr.fn == "min":
            return min(args)
        if expr.fn == "max":
            return max(args)
    raise EvaluationError(f"cannot evaluate `{expr}`", location=str(loc) if loc else None)


def _numeric(value: object, expr: object, loc: object) -> None:
    kind = value_kind(value)
    if kind in KIND_HINTS:   # a date or a time is an int inside: 2024-01-31 + 1 was 738917
        raise EvaluationError(f"arithmetic on {kind_phrase(kind, value)} in `{expr}`: a {kind} is not "
                              "a number", location=str(loc) if loc else None, hint=ARITH_HINTS[kind])
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise EvaluationError(f"arithmetic on a non-number {value!r} in `{expr}`",
                              location=str(loc) if loc else None,
                              hint="the case gives a text value where the rule expects a number")


def compare(op: str, left: Any, right: Any, loc: object = None, text: object = "") -> bool:
    lk, rk = value_kind(left), value_kind(right)
    if lk != rk and (lk in KIND_HINTS or rk in KIND_HINTS) and "text" not in (lk, rk):
        # a date or a time against a number (or each other): ints inside, so D < 1972 compared a day
        # number with 1972 and D = 738917 held; never a truth value (a word is simply another value)
        kind = lk if lk in KIND_HINTS else rk
        raise EvaluationError(f"cannot compare {kind_phrase(lk, left)} with {kind_phrase(rk, right)} in "
                              f"`{text}`", location=str(loc) if loc else None, hint=KIND_HINTS[kind])
    if op == "=":
        return bool(left == right)
    if op == "!=":
        return bool(left != right)
    try:
        if op == "<":
            return bool(left < right)
        if op == "<=":
            return bool(left <= right)
        if op == ">":
            return bool(left > right)
        return bool(left >= right)
    except TypeError:
        raise EvaluationError(f"cannot compare {left!r} with {right!r} in `{text}`",
                              location=str(loc) if loc else None,
                              hint="a case value has the wrong type for this comparison") from None


def test3(lit: Compare, env: dict, loc: object = None) -> bool:
    """Comparison in the possible copy: true when it may hold (unknown operands may)."""
    try:
        return compare(lit.op, evaluate(lit.left, env, loc), evaluate(lit.right, env, loc), loc, lit)
    except Unknown:
        return True


def test2(lit: Compare, env: dict, loc: object = None) -> bool:
    try:
        return compare(lit.op, evaluate(lit.left, env, loc), evaluate(lit.right, env, loc), loc, lit)
    except Unknown:  # cannot happen in the certain copy; treat as not certain
        return False


def assign3(expr: object, env: dict, loc: object = None) -> Any:
    try:
        return evaluate(expr, env, loc)
    except Unknown:
        return UNKNOWN
