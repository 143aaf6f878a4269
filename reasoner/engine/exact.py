"""Exact three-valued answers over the completions of a case's unknown inputs.

The certain/possible copies (Kleene's logic) are sound, not exact: `p :- a.  p :- not a.` stays
undetermined with `a` unknown, and an undetermined amount can mix the two values of one unknown
(a rate from one branch, a basis from the other). Here an answer is

- TRUE if the goal holds in every completion of the unknown inputs the declared types allow,
- FALSE if it holds in none, UNDETERMINED otherwise;

and an undetermined answer offers only the bindings some completion produces. Method: split on
one unknown input at a time (its values from engine/domains.py), evaluate each branch with the
ordinary three-valued engine and close a branch as soon as it is decided (certain rows = possible
rows). Because the three-valued engine is sound for every completion, a decided branch is decided
for all completions below it. The input to split next is the one whose values decide the most
branches (one step of look-ahead, all children evaluated together on the batch engine).

Splitting is bounded (`budget` branch evaluations, and half the time limit); past the bound, or
when an input cannot be split exactly (domains.Flow.why), the open branches keep their Kleene
answer and the result says so (`exact` False with a `reason`).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..values import UNKNOWN
from .domains import domain_of

DEFAULT_BUDGET = 400      # branch evaluations per answer (bench/exact_budget.md)
LOOKAHEAD = 24            # candidate inputs tried at each split


@dataclass
class Unknown:
    """One unknown input of the case: the row at `index` of the case's rows."""
    index: int
    row: object
    decl: object
    choices: tuple
    taint: frozenset          # goal positions whose values are computed from it
    why: str = ""             # why it cannot be split (no choices)

    @property
    def entity(self):
        return self.row.args[0]


@dataclass
class Node:
    rows: list
    status: tuple             # (certain, possible) frozensets, values computed from an interval blanked
    decided: bool
    path: tuple = ()          # ((Unknown, Choice), ...) from the root
    split: object = None      # the Unknown split here
    children: list = field(default_factory=list)   # [(Choice, Node)]


@dataclass
class Exact:
    answer: str
    bindings: list
    exact: bool
    reason: str
    root: Node
    ranking: list             # [(Unknown, decides: bool, score)] best first
    evaluations: int
    split: bool               # whether splitting was needed


class Evaluator:
    """Evaluates many variants of one case for one goal pattern, on the chosen engine."""

    def __init__(self, rb, atom, args, engine):
        self.rb, self.atom, self.args, self.engine = rb, atom, tuple(args), engine
        self.count = 0

    def many(self, rows_lists) -> list:
        self.count += len(rows_lists)
        if not rows_lists:
            return []
        goal = (self.atom.pred, self.args)
        if self.engine == "pydatalog":
            from .session import Session
            out = []
            for rows in rows_lists:
                with Session(self.rb.compiled, rows) as s:
                    c, p = s.status(*goal)
                out.append((frozenset(c), frozenset(p)))
            return out
        program = self.rb.batch_program([self.atom.key])
        found = program.verdicts(rows_lists, [goal], chunk=None)
        out = []
        for v in found:
            if isinstance(v, Exception):
                raise v
            c, p = v[goal]
            out.append((frozenset(c), frozenset(p)))
        return out


def unknowns(rb, loaded, atom, order=()) -> list:
    """The case's unknown inputs the goal's rules can read, those named in `order` (attribute
    questions from the Kleene proof, as (pred, entity)) first."""
    program = rb.batch_program([atom.key])
    used = program.base_used
    prog = rb.checked.program
    rank = {k: i for i, k in enumerate(order)}
    out = []
    for i, row in enumerate(loaded.rows):
        if row.known or (used is not None and row.pred not in used):
            continue
        decl = prog.preds.get((row.pred, len(row.args)))
        if decl is None or not decl.is_input:
            continue
        choices, flow = domain_of(rb.checked, decl, loaded.entities)
        taint = frozenset()
        if flow is not None:
            taint = frozenset(pos for pred, arity, pos in flow.outputs
                              if (pred, arity) == atom.key)
        out.append(Unknown(i, row, decl, choices, taint, flow.why if flow is not None and not choices else ""))
    out.sort(key=lambda u: (rank.get((u.row.pred, u.entity), len(rank)), u.index))
    return out


def assign(rows, unknown: Unknown, choice) -> list:
    """The case's rows with the unknown input replaced by the choice (None: the row goes)."""
    from ..facts.case import FactRow
    out = list(rows)
    row = unknown.row
    if choice.value is None:
        out[unknown.index] = None
    else:
        args = (row.args[0],) if len(row.args) == 1 else (row.args[0], choice.value)
        out[unknown.index] = FactRow(row.pred, args, True, row.loc, row.attribute)
    return out


def _live(rows):
    return [r for r in rows if r is not None]


def _blank(status, positions):
    if not positions:
        return status
    def fix(row):
        return tuple(UNKNOWN if i in positions else v for i, v in enumerate(row))
    return frozenset(map(fix, status[0])), frozenset(map(fix, status[1]))


def _decided(status) -> bool:
    return status[0] == status[1]


def _answer_decided(status) -> bool:
    return bool(status[0]) or not status[1]


class Splitter:
    def __init__(self, evaluator, cands, budget, seconds_left=None):
        self.ev = evaluator
        self.cands = [u for u in cands if u.choices]
        self.blocked = [u for u in cands if not u.choices]
        self.budget = budget
        self.deadline = None if seconds_left is None else time.monotonic() + seconds_left
        self.exhausted = ""
        self.root_scores: dict = {}

    def _out_of_time(self):
        return self.deadline is not None and time.monotonic() > self.deadline

    def children(self, node, u):
        return [(c, _blank_for(node.path + ((u, c),))) for c in u.choices]

    def solve(self, node: Node, is_root=False):
        if node.decided:
            return
        used = {u.index for u, _ in node.path}
        cands = [u for u in self.cands if u.index not in used]
        if not cands:
            return
        pool = cands[:LOOKAHEAD]
        cost = sum(len(u.choices) for u in pool)
        if self.ev.count + cost > self.budget:
            self.exhausted = f"the split needs more than {self.budget} branch evaluations"
            return
        if self._out_of_time():
            self.exhausted = "the split ran out of its share of the time limit"
            return
        variants, owners = [], []
        for u in pool:
            for c in u.choices:
                variants.append(_live(assign(node.rows, u, c)))
                owners.append((u, c))
        results = self.ev.many(variants)
        by_u: dict = {}
        for (u, c), raw in zip(owners, results):
            path = node.path + ((u, c),)
            status = _blank(raw, _positions(path))
            child = Node(assign(node.rows, u, c), status, _decided(raw), path)
            by_u.setdefault(u.index, (u, []))[1].append((c, child))
        best, best_score = None, None
        for idx, (u, kids) in by_u.items():
            decided = sum(1 for _, k in kids if k.decided)
            answer = sum(1 for _, k in kids if _answer_decided(k.status))
            moved = sum(1 for _, k in kids if k.status != node.status)
            score = (decided, answer, moved)
            if is_root:
                self.root_scores[idx] = (answer == len(kids), answer, decided, moved)
            if best_score is None or score > best_score:
                best, best_score = idx, score
        u, kids = by_u[best]
        node.split = u
        node.children = kids
        for _, child in kids:
            self.solve(child)


def _positions(path) -> frozenset:
    out = set()
    for u, c in path:
        if not c.point:
            out |= u.taint
    return frozenset(out)


def _blank_for(path):  # pragma: no cover - kept for symmetry with children()
    return _positions(path)


def leaves(node):
    if not node.children:
        yield node
        return
    for _, child in node.children:
        yield from leaves(child)


def exact_answer(rb, loaded, atom, args, engine="sets", order=(), budget=None,
                 seconds_left=None) -> Exact:
    """The exact answer for the goal pattern `args` of `atom` on the loaded case."""
    budget = DEFAULT_BUDGET if budget is None else budget
    ev = Evaluator(rb, atom, args, engine)
    rows = list(loaded.rows)
    raw = ev.many([rows])[0]
    root = Node(rows, raw, _decided(raw))
    cands = unknowns(rb, loaded, atom, order) if not root.decided else []
    sp = Splitter(ev, cands, budget, seconds_left)
    sp.solve(root, is_root=True)
    ls = list(leaves(root))
    open_leaves = [leaf for leaf in ls if not leaf.decided]
    answer, bindings = combine(atom, [leaf.status for leaf in ls])
    reason = ""
    if open_leaves:
        if sp.exhausted:
            reason = sp.exhausted
        else:
            blocked = [u for u in sp.blocked if u.why]
            if blocked:
                u = blocked[0]
                reason = (f"{u.row.pred} of {u.entity} cannot be split exactly: {u.why}")
            else:
                reason = "an unknown input outside the goal's rules"
    ranking = _ranking(root, cands, sp.root_scores)
    return Exact(answer, bindings, not open_leaves, reason, root, ranking, ev.count, bool(root.children))


def combine(atom, statuses) -> tuple:
    """(answer, bindings) over the leaves: a row is true if certain in every leaf, a candidate if
    possible in some; the answer is true if every leaf has a certain row, false if none has a
    possible row."""
    from ..queries import variables
    names = variables(atom)
    every = None
    some = set()
    for certain, possible in statuses:
        every = set(certain) if every is None else every & set(certain)
        some |= set(possible)
    every = every or set()
    bindings = []
    for row in sorted(some, key=repr):
        b = {name: row[i] for i, name in names}
        sure = row in every and not any(v is UNKNOWN for v in row)
        b["answer"] = "true" if sure else "undetermined"
        bindings.append(b)
    bindings.sort(key=lambda b: b["answer"] != "true")
    if statuses and all(c for c, _ in statuses):
        answer = "true"
    elif not some:
        answer = "false"
    else:
        answer = "undetermined"
    # one binding per distinct values of the query's variables (like api.verdict)
    seen, out = set(), []
    for b in bindings:
        key = tuple(repr(b[n]) for _, n in names)
        if key in seen:
            continue
        seen.add(key)
        out.append(b)
    return answer, out


def _ranking(root, cands, scores) -> list:
    """Inputs the split used (the deciding facts), the root's split first and then by how many
    branches they split; then the others by how many of their values decide the answer."""
    used: dict = {}

    def walk(node, depth):
        if node.split is not None:
            u = node.split
            first, count = used.get(u.index, (depth, 0))
            used[u.index] = (min(first, depth), count + len(list(leaves(node))))
            for _, child in node.children:
                walk(child, depth + 1)
    walk(root, 0)
    by_index = {u.index: u for u in cands}
    out = [(by_index[i], True, used[i]) for i in sorted(used, key=lambda i: (used[i][0], -used[i][1], i))]
    rest = [u for u in cands if u.index not in used]
    rest.sort(key=lambda u: tuple(-x for x in scores.get(u.index, (0, 0, 0, 0))))
    out += [(u, False, scores.get(u.index)) for u in rest]
    return out
