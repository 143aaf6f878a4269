"""An entity's own inputs that reach the goal only through a few yes/no facts: split on those facts.

A prior conviction has five facts of its own (the provision it was imposed under, how it ended, the
months since it and since an affirmance, whether it was affirmed), and `forfeiture(V, Min, Max)`
reads them only through whether the conviction counts: `weight_prior(V, C)`'s rules read them as
`prior_under(C, s3)`, `prior_under(C, s3g)`, `counts_as_conviction(C)` and
`prior_within_12_months(C)`, each a yes/no fact of the conviction alone. Two completions of those
five inputs that give every rule reading them the same truth give the goal the same rows (the
rest of the case alike), so a split need not take the five apart one by one: it splits on the
classes of completions that differ in what the rules see, one branch each (for a prior conviction,
two: it counts, or it does not), each branch the case with one completion of its class.

Found from the law (`funnels`), for the goal's rules, per entity kind K:
- K's *own inputs*: input predicates whose only entity is their first argument, of kind K;
- K's *own facts*: derived predicates of one argument, of kind K, every rule of which reads only
  K's own inputs and own facts about the same entity (and compares values);
- every other rule under the goal that reads one of them reads it about an entity variable, with
  constants everywhere else (`prior_under(C, s3)`): a *gate*, a yes/no fact of the entity. The rules
  that differ only in their gates (the same head and other literals) are one *group*; what a group
  sees of an entity is whether one of its rules has all its gates true.
A kind with an own input any rule reads otherwise (its value carried into the goal, or about a
named entity) has no funnel. An @implies about an own input, no funnel either (its choices then
force other facts, which this does not follow).

For each entity with some of its own inputs unknown (`merge`): the gates' truth under each
combination of the values the split would give those inputs (the gates that read the same inputs
together, the others apart), evaluated by the three-valued engine (a gate that is not decided for
a combination, or whose interval's two values differ, leaves the entity's inputs as they were); the
classes of the groups' truth; one Unknown standing for all of them (`Unknown.members`), whose
choices are the classes, each the values of one combination of that class. Sound: every completion
of the entity's inputs is in one class, and each class's completions give the goal the same rows;
a branch is decided by the engine's own status, as for any input.
"""
from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from typing import TYPE_CHECKING, Any

from ...core.deadline import DEFAULT_MAX_ROWS
from ...core.record import record
from ...language.ast import Assign, Compare, Const, Negative, Positive, Var
from .domains import Choice

if TYPE_CHECKING:
    from ...facts.case import Case
    from ...language.checks import CheckedProgram
    from ..rulebase import Rulebase
    from .unknowns import Unknown

# the combinations of one set of gates' inputs evaluated to find its classes: more, and the
# entity's inputs are split one by one as before
MAX_COMBINATIONS = 64


@record
class Funnel:
    """What the goal's rules read of one entity kind's own inputs (module note)."""
    kind: str
    inputs: frozenset         # input keys
    facts: frozenset          # derived keys (one argument)
    gates: tuple              # ((key, negated, args after the entity), ...) in a fixed order
    groups: tuple             # per group: (((gate indices of one rule), ...), (its join gates' indices))
    reads: dict               # gate index -> the own input keys it reads


def funnels(checked: CheckedProgram, goal: tuple) -> dict:
    """{entity kind: Funnel} for the goal (kept with the checked program's analysis)."""
    table = checked.analysis.subject_reads
    key = ("funnels", goal)
    if key not in table:
        table[key] = _funnels(checked, goal)
    found: dict = table[key]
    return found


def _closure(checked: CheckedProgram, goal: tuple) -> set:
    seen: set = set()
    todo = [goal]
    while todo:
        k = todo.pop()
        if k in seen or k not in checked.derived:
            continue
        seen.add(k)
        for rule in checked.derived[k]:
            for lit in rule.body:
                if isinstance(lit, (Positive, Negative)):
                    todo.append(lit.atom.key)
    return seen


def _entity_params(prog: Any, key: tuple) -> list:
    decl = prog.preds.get(key)
    if decl is None:
        return []
    return [(i, p.type) for i, p in enumerate(decl.params) if p.type in prog.entities]


def _funnels(checked: CheckedProgram, goal: tuple) -> dict:
    prog = checked.program
    under = _closure(checked, goal)
    read: set = set()
    for k in under:
        for rule in checked.derived[k]:
            read |= {lit.atom.key for lit in rule.body if isinstance(lit, (Positive, Negative))}
    constrained = {side.pred for imp in getattr(prog, "implications", None) or () for side in (imp.first, imp.then)}
    out: dict = {}
    kinds = {t for key in read for i, t in _entity_params(prog, key) if i == 0}
    for kind in sorted(kinds):
        inputs = frozenset(k for k in read if (d := prog.preds.get(k)) is not None and d.is_input
                           and _entity_params(prog, k) == [(0, kind)])
        if not inputs or any(k[0] in constrained for k in inputs):
            continue
        found = _kind_funnel(checked, under, kind, inputs, frozenset(constrained))
        if found is not None:
            out[kind] = found
    return out


def _own_rule(rule: Any, own: set) -> bool:
    """Whether a rule of one argument reads only `own` predicates about its head's entity."""
    if len(rule.head.args) != 1 or not isinstance(rule.head.args[0], Var):
        return False
    x = rule.head.args[0].name
    for lit in rule.body:
        if isinstance(lit, (Positive, Negative)):
            a = lit.atom
            if a.key not in own or not a.args or not isinstance(a.args[0], Var) or a.args[0].name != x:
                return False
        elif not isinstance(lit, (Compare, Assign)):
            return False
    return True


def _kind_funnel(checked: CheckedProgram, under: set, kind: str, inputs: frozenset,
                 constrained: frozenset = frozenset()) -> Funnel | None:
    prog = checked.program
    facts: set = set()
    grown = True
    while grown:
        grown = False
        for k in under - facts:
            if k[1] != 1 or _entity_params(prog, k) != [(0, kind)] and not _projection_of(checked, k, inputs | facts):
                continue
            if all(_own_rule(r, set(inputs) | facts | {k}) for r in checked.derived[k]):
                facts.add(k)
                grown = True
    own = set(inputs) | facts
    joins = frozenset(k for k in _joins(checked, under, kind, own) if k[0] not in constrained)
    gates: list = []
    groups: dict = {}
    for k in sorted(under - facts):
        for rule in checked.derived[k]:
            mine, rest, joined = [], [], []
            for lit in rule.body:
                if isinstance(lit, (Positive, Negative)) and lit.atom.key in own:
                    a = lit.atom
                    if not isinstance(a.args[0], Var) or not all(isinstance(t, Const) for t in a.args[1:]):
                        return None    # about a named entity, or its value carried on: no funnel
                    gate: tuple = (a.key, isinstance(lit, Negative), tuple(t.value for t in a.args[1:]))
                    if gate not in gates:
                        gates.append(gate)
                    mine.append((a.args[0].name, gates.index(gate)))
                elif isinstance(lit, Positive) and lit.atom.key in joins:
                    gate = (lit.atom.key, JOIN, ())
                    if gate not in gates:
                        gates.append(gate)
                    joined.append((lit.atom.args[0].name, gates.index(gate), str(lit)))
                else:
                    rest.append(str(lit))
            if not mine:
                if joined:
                    return None        # a join read without the entity's own facts (_joins rules it out)
                continue
            if len({x for x, _ in mine} | {x for x, _, _ in joined}) != 1:
                return None            # gates of two entities in one rule: not a fact of one entity
            x = mine[0][0]
            # the rule's other literals and head, with the entity's variable as itself
            group = (str(rule.head), x, tuple(sorted(rest)), tuple(sorted(t for _, _, t in joined)))
            got = groups.setdefault(group, ([], tuple(sorted({g for _, g, _ in joined}))))
            got[0].append(tuple(sorted({g for _, g in mine})))
    if not gates:
        return None
    reads = {i: frozenset(_inputs_of(checked, key, inputs | joins)) for i, (key, _, _) in enumerate(gates)}
    return Funnel(kind, inputs | joins, frozenset(facts), tuple(gates),
                  tuple((tuple(rules), js) for _, (rules, js) in sorted(groups.items())), reads)


# a gate that is an input joining the entity to others (`prior_of(C, V)`): its value is the rows
JOIN = "join"


def _joins(checked: CheckedProgram, under: set, kind: str, own: set) -> frozenset:
    """The inputs whose first entity is of the kind and that have other entities (`prior_of(C, V)`),
    read under the goal only in rules that also read the entity's own facts about the same entity,
    positively, with variables: what such a rule sees of them is the entity's rows of them, and only
    when its own facts hold."""
    prog = checked.program
    out = set()
    for key, decl in prog.preds.items():
        if not decl.is_input or key in own:
            continue
        ents = _entity_params(prog, key)
        if not ents or ents[0] != (0, kind) or len(ents) < 2:
            continue
        ok, seen = True, False
        for k in under:
            for rule in checked.derived[k]:
                lits = [lit for lit in rule.body if isinstance(lit, (Positive, Negative)) and lit.atom.key == key]
                if not lits:
                    continue
                seen = True
                for lit in lits:
                    a = lit.atom
                    if isinstance(lit, Negative) or not all(isinstance(t, Var) for t in a.args) or not any(
                            isinstance(o, (Positive, Negative)) and o.atom.key in own and o.atom.args
                            and o.atom.args[0] == a.args[0] for o in rule.body):
                        ok = False
        if ok and seen:
            out.add(key)
    return frozenset(out)


def _projection_of(checked: CheckedProgram, key: tuple, own: Iterable) -> bool:
    """A predicate of one argument the compiler made (a projection), every rule of which reads own ones."""
    rules = checked.derived.get(key, ())
    return bool(rules) and checked.program.preds.get(key) is None and \
        all(lit.atom.key in set(own) for r in rules for lit in r.body if isinstance(lit, (Positive, Negative)))


def _inputs_of(checked: CheckedProgram, key: tuple, inputs: frozenset) -> set:
    if key in inputs:
        return {key}
    out: set = set()
    seen: set = set()
    todo = [key]
    while todo:
        k = todo.pop()
        if k in seen:
            continue
        seen.add(k)
        if k in inputs:
            out.add(k)
        for rule in checked.derived.get(k, ()):
            todo.extend(lit.atom.key for lit in rule.body if isinstance(lit, (Positive, Negative)))
    return out


def merge(rb: Rulebase, loaded: Case, goal: tuple, cands: list, max_rows: int = DEFAULT_MAX_ROWS,
          ops: tuple = ()) -> tuple[list, int]:
    """(the candidates with each entity's own unknown inputs that a funnel reads replaced by one
    Unknown over the classes of their gates, the evaluations that took): module note."""
    found = funnels(rb.checked, goal)
    if not found:
        return cands, 0
    kinds = loaded.entities
    by_entity: dict = {}
    for u in cands:
        f = found.get(kinds.get(u.row.args[0], ""))
        if f is not None and (u.row.pred, len(u.row.args)) in f.inputs:
            by_entity.setdefault(u.row.args[0], []).append(u)
    out = list(cands)
    spent = 0
    leaders = {u.leader for u in cands if u.leader is not None}
    for entity, members in sorted(by_entity.items()):
        if any(not u.choices or u.leader is not None or u.index in leaders for u in members):
            continue
        merged, n = _merged(rb, loaded, found[kinds[entity]], entity, members, max_rows, ops)
        spent += n
        if merged is None or (len(members) == 1 and len(merged.choices) >= len(members[0].choices)):
            continue      # one input whose every value the rules see apart: split on it as it is
        gone = {u.index for u in members}
        out = [u for u in out if u.index not in gone]
        out.append(merged)
    out.sort(key=lambda u: u.index)
    return out, spent


def _merged(rb: Rulebase, loaded: Case, f: Funnel, entity: str, members: list, max_rows: int, ops: tuple) -> tuple:
    """(the Unknown standing for the entity's inputs `members`, or None, evaluations spent). ops: the
    split's (assign, goal_statuses), given by split.py, which imports this module (no cycle)."""
    assign = ops[0]
    from .unknowns import Unknown
    keys = {(u.row.pred, len(u.row.args)) for u in members}
    # the gates that read the same unknown inputs are evaluated together (a part)
    parts: list = []
    for i in range(len(f.gates)):
        mine = f.reads[i] & keys
        for part in parts:
            if part[1] & mine:
                part[0].append(i)
                part[1].update(mine)
                break
        else:
            parts.append(([i], set(mine)))
    merged_parts = True
    while merged_parts:      # two parts that came to share an input are one
        merged_parts = False
        for a in range(len(parts)):
            for b in range(a + 1, len(parts)):
                if parts[a][1] & parts[b][1]:
                    parts[a] = (parts[a][0] + parts[b][0], parts[a][1] | parts[b][1])
                    del parts[b]
                    merged_parts = True
                    break
            if merged_parts:
                break
    spent = 0
    classes_of_parts: list = []      # per part: {truths of its gates: the members' choices}
    for gate_ids, part_keys in parts:
        us = [u for u in members if (u.row.pred, len(u.row.args)) in part_keys]
        combos = list(product(*[u.choices for u in us]))
        if len(combos) > MAX_COMBINATIONS:
            return None, spent
        variants, owners = [], []
        for combo in combos:
            for alt in (False, True):
                if alt and not any(not c.point for c in combo):
                    continue
                rows = list(loaded.rows)
                for u, c in zip(us, combo):
                    rows = assign(rows, u, c, alt)
                variants.append([r for r in rows if r is not None])
                owners.append(combo)
        spent += len(variants)
        truths: dict = {}
        for i in gate_ids:
            values = _gate(rb, f.gates[i], entity, variants, max_rows, ops)
            if values is None:
                return None, spent
            for combo, v in zip(owners, values):
                got = truths.setdefault(combo, {})
                if got.get(i, v) != v:
                    return None, spent     # the interval's two values differ
                got[i] = v
        classes: dict = {}
        for combo in combos:
            sig = tuple(sorted(truths.get(combo, {}).items()))
            classes.setdefault(sig, tuple(zip(us, combo)))
        classes_of_parts.append(classes)
    # the groups' truth under each choice of one class per part
    out: dict = {}
    for pick in product(*[list(c.items()) for c in classes_of_parts]):
        truth = {}
        for sig, _ in pick:
            truth.update(dict(sig))
        for i in range(len(f.gates)):
            truth.setdefault(i, None)     # a gate reading none of the unknown inputs: the case's own
        known = _known_truths(rb, loaded, f, entity, truth, max_rows, ops)
        if known is None:
            return None, spent
        spent += known[1]
        truth = known[0]
        # what each group sees: its joins' rows when one of its rules has all its gates true
        # (no rows of a join: none of its rules can hold)
        seen = tuple(tuple(truth[j] for j in js)
                     if all(truth[j] for j in js) and any(all(truth[g] for g in rule) for rule in rules) else None
                     for rules, js in f.groups)
        if seen not in out:
            out[seen] = tuple(pair for _, chosen in pick for pair in chosen)
    choices = tuple(Choice(tuple((u.index, c) for u, c in chosen),
                           "; ".join(f"{u.row.pred.replace('_', ' ')} {c.label}" for u, c in chosen))
                    for chosen in out.values())
    first = members[0]
    return Unknown(first.index, first.row, first.decl, choices, frozenset(), members=tuple(members)), spent


def _known_truths(rb: Rulebase, loaded: Case, f: Funnel, entity: str, truth: dict, max_rows: int,
                  ops: tuple) -> tuple | None:
    """The gates' truths with those reading no unknown input taken from the case itself."""
    missing = [i for i, v in truth.items() if v is None]
    if not missing:
        return truth, 0
    rows = [r for r in loaded.rows if r is not None]
    out = dict(truth)
    for i in missing:
        got = _gate(rb, f.gates[i], entity, [rows], max_rows, ops)
        if got is None:
            return None
        out[i] = got[0]
    return out, len(missing)


def _gate(rb: Rulebase, gate: tuple, entity: str, variants: list, max_rows: int, ops: tuple) -> list | None:
    """Each variant's truth of the gate about the entity, or None when one is not decided."""
    goal_statuses = ops[1]
    key, negated, rest = gate
    args = (entity,) + tuple(rest)
    decl = rb.checked.program.preds.get(key)
    if negated == JOIN:
        joined = []
        for rows in variants:
            if any(r.pred == key[0] and r.args[0] == entity and not r.known for r in rows):
                return None
            joined.append(frozenset(tuple(r.args[1:]) for r in rows if r.pred == key[0] and r.args[0] == entity))
        return joined
    if decl is not None and decl.is_input:
        out = []
        for rows in variants:
            held = any(r.pred == key[0] and tuple(r.args) == args and r.known for r in rows)
            open_ = any(r.pred == key[0] and r.args[0] == entity and not r.known for r in rows)
            if open_:
                return None
            out.append(held != negated)
        return out
    statuses = goal_statuses(rb, key, variants, (key[0], args), max_rows)
    out = []
    for certain, possible in statuses:
        if certain != possible:
            return None
        out.append(bool(certain) != negated)
    return out
