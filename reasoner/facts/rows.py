"""Fact rows: one input fact of a case, typed, with the file:line it was stated at."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FactRow:
    pred: str
    args: tuple
    known: bool
    loc: str = ""          # file:line where stated ("" when left out)
    attribute: str = ""    # the case-file attribute it came from
