"""Goal patterns: a question atom as the engines match it.

A pattern has, per argument, the constant's value, None for a variable's first occurrence, or
`Same(j, name)` where the variable already occurred at position j. `forfeiture(V, M, M)` is
(None, None, Same(1, "M")): only rows whose third value equals their second match -- a repeated
variable constrains equality, as it does in a rule body (it was read as two free
positions, and `forfeiture(V, M, M)` answered TRUE with a range of $225 to $375).

Every engine, the exact split, batch and the proof builder match rows through `matches`, so the
equality holds in every command. In a possible copy (`loose=True`) an UNKNOWN value at either of
two equal positions matches, as the rule bodies' three-valued join (`_eq3`) reads it: the row is
then possibly, never certainly, an answer; the exact split settles it where it can."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

_Rows = TypeVar("_Rows", bound=Iterable)

from ..core.values import UNKNOWN
from .ast import Const, Var


class Same:
    """This position repeats the variable first met at position `index` (`name` for display)."""
    __slots__ = ("index", "name")

    def __init__(self, index: int, name: str = "") -> None:
        self.index = index
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.index == self.index

    def __hash__(self) -> int:
        return hash(("Same", self.index))

    def __repr__(self) -> str:
        return f"Same({self.index}, {self.name!r})"

    def __str__(self) -> str:
        return self.name or f"_{self.index}"


def goal_pattern(args: Sequence) -> tuple:
    """The pattern of an atom's arguments (language.ast Const / Var terms)."""
    seen: dict = {}
    out: list = []
    for i, a in enumerate(args):
        if isinstance(a, Const):
            out.append(a.value)
        elif isinstance(a, Var) and not a.anonymous and a.name in seen:
            out.append(Same(seen[a.name], a.name))
        else:
            if isinstance(a, Var) and not a.anonymous:
                seen[a.name] = i
            out.append(None)
    return tuple(out)


def is_value(a: object) -> bool:
    """Whether a pattern position holds a constant (not a variable, first or repeated)."""
    return a is not None and not isinstance(a, Same)


def has_same(args: Sequence) -> bool:
    return any(isinstance(a, Same) for a in args)


def opened(args: Sequence) -> tuple:
    """The pattern with repeated variables open (None): what an index lookup can use."""
    return tuple(None if isinstance(a, Same) else a for a in args)


def matches(args: Sequence, row: Sequence, loose: bool = False) -> bool:
    """Whether a row matches the pattern (same length, constants equal, repeated variables equal;
    loose: an UNKNOWN at a repeated variable's position matches, as in a possible copy)."""
    if len(args) != len(row):
        return False
    for a, v in zip(args, row):
        if a is None:
            continue
        if isinstance(a, Same):
            w = row[a.index]
            if v is UNKNOWN or w is UNKNOWN:
                if not loose:
                    return False
            elif v != w:
                return False
            continue
        if a != v:
            return False
    return True


def select(rows: _Rows, args: Sequence, loose: bool = False) -> _Rows | frozenset:
    """The rows matching a pattern with repeated variables (rows as they are otherwise)."""
    if not has_same(args):
        return rows
    return frozenset(r for r in rows if matches(args, r, loose))


def is_possible_copy(name: str) -> bool:
    """Whether an engine-level relation name is a possible copy (`p__p`, `r3__bp`)."""
    return name.endswith("__p") or name.endswith("__bp")
