"""Which unknown inputs can move the goal's rows about some subjects (a static relevance cut).

A goal such as `forfeiture(V, Min, Max)` asks about a subject (its first value, an entity). When
every rule under it reads its facts through joins to that subject (every literal of a rule shares,
through the rule's other literals, an entity variable with the head's subject), the rows about a
subject `v` read only the input rows of the entities joined to `v` by some row: a row of the case
(an input, known or unknown) or a row the case's three-valued evaluation leaves possible (a superset
of every completion's rows) that names both. An unknown input of an entity joined to no subject
with a possible row cannot change any row of the goal in any completion, and is not split on: on
the batch path such inputs (another vehicle's weights when only one vehicle can owe a forfeiture)
cost the root's look-ahead an evaluation per value each, and move nothing.

The analysis is conservative: a literal of a rule whose entity variables are not joined to the
head's subject (a fact read about any entity, or about a named one), and everything under it, is
read for every subject (`Reads.everywhere`); an unknown input whose value is an entity (it joins
its entity to an unknown one), or a possible row with an open value where an entity goes, makes
every entity joined to every other (no cut). An order of nothing: an input is dropped only when
no completion's goal rows can read it.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...core.record import record
from ...core.values import UNKNOWN
from ...language.ast import Assign, Compare, Negative, Positive, Var

if TYPE_CHECKING:
    from ...facts.case import Case
    from ...language.checks import CheckedProgram
    from ..rulebase import Rulebase


@record
class Reads:
    """What the rows of a goal about a subject read (relevance module note)."""
    everywhere: frozenset     # input keys read for every subject (not through a join to it)
    joined: frozenset         # input keys read only about entities joined to the subject
    links: frozenset          # (key, i, j): a row of the key (input or derived) joins its entity at i to that at j
    entity_positions: dict    # key -> the positions whose type is an entity kind


def reads(checked: CheckedProgram, goal: tuple) -> Reads | None:
    """The goal's Reads (kept with the checked program's analysis), or None when its first position
    is not an entity or a rule under it reads an input's entity through a constant."""
    table = checked.analysis.subject_reads
    if goal not in table:
        table[goal] = _reads(checked, goal)
    found: Reads | None = table[goal]
    return found


def _entity_positions(checked: CheckedProgram, key: tuple, seen: frozenset = frozenset()) -> tuple:
    """The positions of a predicate that hold an entity: its declaration's, an entity kind's own,
    and for a predicate the compiler made (a projection `p__proj0_2(X) :- p(X, _)`) those where a
    rule's head has a variable that a body literal holds at an entity position."""
    prog = checked.program
    decl = prog.preds.get(key)
    if decl is not None:
        return tuple(i for i, p in enumerate(decl.params) if p.type in prog.entities)
    if key[1] == 1 and key[0] in prog.entities:
        return (0,)
    if key in seen:
        return ()
    out: set = set()
    for rule in checked.derived.get(key, ()):
        for lit in rule.body:
            if isinstance(lit, (Positive, Negative)):
                held = {lit.atom.args[i] for i in _entity_positions(checked, lit.atom.key, seen | {key})
                        if i < len(lit.atom.args)}
                out |= {i for i, a in enumerate(rule.head.args) if isinstance(a, Var) and a in held}
    return tuple(sorted(out))


def _vars(term: Any) -> set:
    """The variables of a term or expression."""
    if isinstance(term, Var):
        return {term.name}
    out: set = set()
    for part in getattr(term, "args", ()) if not hasattr(term, "left") else (term.left, term.right):
        out |= _vars(part)
    return out


def _reads(checked: CheckedProgram, goal: tuple) -> Reads | None:
    prog = checked.program
    positions: dict = {}

    def ents(key: tuple) -> tuple:
        if key not in positions:
            positions[key] = _entity_positions(checked, key)
        found: tuple = positions[key]
        return found

    if 0 not in ents(goal):
        return None
    joined: set = set()
    everywhere: set = set()
    links: set = set()
    anchored: set = set()        # derived keys checked at their first entity position
    todo: list = [goal]
    flat: set = set()            # derived keys read for every subject

    def whole(key: tuple) -> None:
        stack = [key]
        while stack:
            k = stack.pop()
            if k in flat:
                continue
            decl = prog.preds.get(k)
            if decl is not None and decl.is_input:
                everywhere.add(k)
                continue
            flat.add(k)
            for rule in checked.derived.get(k, ()):
                for lit in rule.body:
                    if isinstance(lit, (Positive, Negative)):
                        stack.append(lit.atom.key)

    while todo:
        key = todo.pop()
        if key in anchored:
            continue
        anchored.add(key)
        at = ents(key)[0] if ents(key) else None
        for rule in checked.derived.get(key, ()):
            head = rule.head.args[at] if at is not None and at < len(rule.head.args) else None
            if not isinstance(head, Var):
                return None     # a rule about a named entity: no cut
            # the rule's entity variables joined to the head's subject through its literals: each
            # step (a literal's predicate, from a position whose variable is joined, to one whose
            # variable it joins) is one a row of that predicate can take (joined_entities)
            atoms: list = []
            same: list = []
            for lit in rule.body:
                if isinstance(lit, (Positive, Negative)):
                    at_pos = {i: lit.atom.args[i].name for i in ents(lit.atom.key)
                              if i < len(lit.atom.args) and isinstance(lit.atom.args[i], Var)}
                    atoms.append((lit.atom.key, at_pos))
                elif isinstance(lit, Compare) and lit.op == "=" and isinstance(lit.left, Var) \
                        and isinstance(lit.right, Var):
                    same.append({lit.left.name, lit.right.name})   # one value under two names
            reach = {head.name}
            grown = True
            while grown:
                grown = False
                for g in same:
                    if g & reach and not g <= reach:
                        reach |= g
                        grown = True
                for k, at_pos in atoms:
                    names = set(at_pos.values())
                    if names & reach and not names <= reach:
                        links.update((k, i, j) for i, a in at_pos.items() if a in reach
                                     for j, b in at_pos.items() if b not in reach)
                        reach |= names
                        grown = True
            for lit in rule.body:
                if not isinstance(lit, (Positive, Negative)):
                    continue
                a = lit.atom
                ps = [i for i in ents(a.key) if i < len(a.args)]
                if any(not isinstance(a.args[i], Var) for i in ps):
                    return None     # an entity named in a rule: no cut
                tied = [i for i in ps if a.args[i].name in reach]
                decl = prog.preds.get(a.key)
                if not tied:
                    whole(a.key)
                elif decl is not None and decl.is_input:
                    if 0 in tied:
                        joined.add(a.key)
                    else:
                        everywhere.add(a.key)
                elif a.key in checked.derived:
                    if ents(a.key) and tied[0] == ents(a.key)[0]:
                        todo.append(a.key)
                    else:
                        whole(a.key)
    return Reads(frozenset(everywhere), frozenset(joined - everywhere), frozenset(links), dict(positions))


def joined_entities(rb: Rulebase, loaded: Case, goal: tuple, subjects: Iterable, possible: Any) -> frozenset | None:
    """The entities the rows about `subjects` can read inputs of (relevance module note): those joined
    to a subject by a row of the case or a possible row of a predicate the goal's rules compute
    (`possible(key)`: its rows, without the case id, or None outside the goal's rules); None when
    no cut is sound (the goal is not read by subject, or an entity is open)."""
    found = reads(rb.checked, goal)
    if found is None:
        return None
    everyone = frozenset(loaded.entities)
    rows_of: dict = {}
    for key in {k for k, _, _ in found.links}:
        if key in rb.checked.derived:
            got = possible(key)
            if got is None:
                return None   # rows not known: no cut
            rows_of[key] = [tuple(t) for t in got]
        else:
            rows_of[key] = [row.args for row in loaded.rows if row is not None and (row.pred, len(row.args)) == key]
    seen = set(subjects)
    grown = True
    while grown and not everyone <= seen:
        grown = False
        for key, i, j in found.links:
            for t in rows_of[key]:
                if i >= len(t) or j >= len(t):
                    continue
                # an unknown entity at i may be any of them (one is joined); one at j any of the case's
                if t[i] is UNKNOWN or t[i] in seen:
                    new = everyone if t[j] is UNKNOWN else {t[j]}
                    if not new <= seen:
                        seen |= new
                        grown = True
    return frozenset(seen)


def relevant(rb: Rulebase, loaded: Case, goal: tuple, subjects: Iterable, possible: Any, cands: list) -> list:
    """The candidates (Unknowns) an exact split of the goal's rows about `subjects` needs: those
    not read through a join to a subject (Reads.everywhere), and those of an entity joined to one;
    all of them when no cut is sound."""
    found = reads(rb.checked, goal)
    if found is None:
        return cands
    near = joined_entities(rb, loaded, goal, subjects, possible)
    if near is None:
        return cands
    out = []
    for u in cands:
        key = (u.row.pred, len(u.row.args))
        if key in found.joined and u.row.args[0] not in near:
            continue
        out.append(u)
    return out
