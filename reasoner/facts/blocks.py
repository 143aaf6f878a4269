"""Fact rows in bulk: a relation's known rows as columns of values, for a million-row input.

A fact directory (facts/directory.py) gives every row of a relation at once, all known. Making a
row object per row only for the set engine to take it apart again is most of the cost of loading a
million rows, so the reader hands over `Blocks`: a list of `Block`s, one per relation, each holding
its values a column at a time. The set engine (engine/batch.py `load`) turns a block into its
relation's set of tuples in one step; every other reader of fact rows gets row objects with
.pred .args .known from `rows()`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import repeat
from typing import Any


class Block:
    """The known rows of one relation: `columns[i]` holds the i-th value of every row, in order."""
    __slots__ = ("pred", "columns", "make")
    known = True

    def __init__(self, pred: str, columns: list[list[object]], make: Callable[[tuple[object, ...]], Any]) -> None:
        self.pred = pred
        self.columns = columns      # [list of values] per position, all of the same length
        self.make = make            # tuple of values -> a row object (.pred .args .known)

    def __len__(self) -> int:
        return len(self.columns[0]) if self.columns else 0

    def tuples(self, cid: object = None) -> Iterator[tuple[object, ...]]:
        """The rows as plain tuples, with the case id `cid` first if given."""
        if cid is None:
            return zip(*self.columns)
        return zip(repeat(cid, len(self)), *self.columns)

    def rows(self) -> Iterator[Any]:
        """The rows as row objects (.pred .args .known), in order."""
        return map(self.make, zip(*self.columns))


class Blocks(list):
    """A case's fact rows given as Blocks. Iterating gives the blocks; `rows()` every row object."""

    def rows(self) -> list:
        out: list = []
        for block in self:
            out.extend(block.rows())
        return out
