"""Static checks of `@presume` declarations (burden of proof; docs/PRESUMPTIONS.md).

A presumption fills an unstated input of a case before evaluation. Only exceptions, provisos,
exemptions and special regimes that the statute leaves to the party who benefits may be presumed:
an input that is an element of an offence is refused unless the declaration says why (`override`).

Which predicates conclude an offence: `violation`, and any derived predicate whose name ends in
`_violation`, `_violated`, `_offense`, `_offence`, `_liable`, `_breached` or `_prohibited`, or starts
with `prohibited_`. An input is an element of an offence when it is reached from such a rule through
an even number of negations (un-negated, possibly through helper predicates); an input reached
through an odd number (an exception read with `not`) is not.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ..core.values import Day, TimeOfDay
from .ast import Negative, Positive, Program
from .hints import nearest_citation as _nearest

OFFENCE = re.compile(r"^(violation|prohibited_[a-z0-9_]+|[a-z0-9_]+_(violation|violated|offense|offence|liable|breached|prohibited))$")


def is_offence(pred: str) -> bool:
    return bool(OFFENCE.match(pred))


def element_inputs(prog: Program, base: dict) -> dict:
    """input key -> (offence predicate, the chain of predicates) for every input that is an
    element of some offence (reached with even parity of negation)."""
    rules_by_head: dict = {}
    for rule in prog.rules:
        rules_by_head.setdefault(rule.head.key, []).append(rule)
    seen: dict = {}
    todo: list = []
    for key in rules_by_head:
        if is_offence(key[0]):
            seen[(key, 0)] = (key[0], [key[0]])
            todo.append((key, 0))
    while todo:
        key, parity = todo.pop()
        offence, chain = seen[(key, parity)]
        for rule in rules_by_head.get(key, []):
            for lit in rule.body:
                if not isinstance(lit, (Positive, Negative)):
                    continue
                nxt = (lit.atom.key, parity ^ (1 if isinstance(lit, Negative) else 0))
                if nxt not in seen:
                    seen[nxt] = (offence, chain + [("not " if isinstance(lit, Negative) else "") + lit.atom.pred])
                    todo.append(nxt)
    return {key: seen[(key, 0)] for (key, parity) in seen
            if parity == 0 and base.get(key) == "input"}


def _fits(value: object, ptype: str, entities: object) -> bool:
    if ptype == "number":
        return isinstance(value, (int, Fraction)) and not isinstance(value, bool)
    if ptype == "money":
        return isinstance(value, int) and not isinstance(value, bool)
    if ptype == "time":
        return isinstance(value, TimeOfDay)
    if ptype == "date":
        return isinstance(value, Day)
    if ptype in ("symbol", "string"):
        return isinstance(value, str)
    return False  # an entity reference has no default: the entities differ from case to case


def check_presumptions(prog: Program, index: Any, base: dict, report: Callable[..., None]) -> None:
    elements: dict | None = None
    seen: dict = {}
    for pr in getattr(prog, "presumptions", []):
        decl = prog.preds.get(pr.key)
        if decl is None or not decl.is_input:
            same = [d for k, d in prog.preds.items() if k[0] == pr.pred and d.is_input]
            report(f"@presume {pr.pred}/{pr.arity}: not a declared @input", pr.loc,
                   f"{pr.pred} is an input with {same[0].arity} argument(s)" if same else
                   "only case inputs (declared with @input) can be presumed")
            continue
        if pr.key in seen:
            report(f"@presume {pr.pred}/{pr.arity} declared twice (first at {seen[pr.key]})", pr.loc)
            continue
        seen[pr.key] = pr.loc
        if pr.arity == 2 and not _fits(pr.value, decl.params[1].type, prog.entities):
            report(f"@presume {pr.pred}: the default {pr.value!r} is not a {decl.params[1].type}", pr.loc,
                   "money defaults are integer cents; an entity reference cannot be presumed")
        if index is not None and pr.citation not in index:
            report(f"unknown citation {pr.citation!r} in @presume", pr.loc, _nearest(index, pr.citation))
        if not pr.reason.strip():
            report(f"@presume {pr.pred}: give the reason in one sentence", pr.loc)
        if pr.override:
            continue
        if elements is None:
            elements = element_inputs(prog, base)
        hit = elements.get(pr.key)
        if hit is not None:
            offence, chain = hit
            report(f"@presume {pr.pred}: {pr.pred} is an element of the offence {offence} "
                   f"({' -> '.join(chain)}); an element of an offence is never presumed", pr.loc,
                   'only exceptions, provisos, exemptions and special regimes may be presumed; if the '
                   'statute really puts this input on the other party, add: override "why"')


def check_implications(prog: Program, report: Callable[..., None]) -> None:
    """`@implies`: both sides are declared inputs about entities of one kind, a constant fits its
    input's type, and the reason is given."""
    for imp in getattr(prog, "implications", []):
        kinds = []
        for side in (imp.first, imp.then):
            decl = prog.preds.get(side.key)
            if decl is None or not decl.is_input:
                report(f"@implies {side.pred}/{side.arity}: not a declared @input", imp.loc,
                       "both sides of @implies are case inputs (declared with @input)")
                break
            if side.arity == 2 and not _fits(side.value, decl.params[1].type, prog.entities):
                report(f"@implies {side.pred}: {side.value!r} is not a {decl.params[1].type}", imp.loc)
            kinds.append(decl.params[0].type)
        if len(kinds) == 2 and kinds[0] != kinds[1]:
            report(f"@implies: {imp.first.pred} is about a {kinds[0]} and {imp.then.pred} about a {kinds[1]}",
                   imp.loc, "both sides are facts of the same entity")
        if imp.first.key == imp.then.key and imp.first.value == imp.then.value:
            report(f"@implies: both sides are {imp.first.pred}", imp.loc)
        if not imp.reason.strip():
            report("@implies: give the reason in one sentence", imp.loc)
