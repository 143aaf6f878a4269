"""Exact three-valued answers over the completions of a case's unknown inputs.

The certain/possible copies (Kleene's logic) are sound, not exact: `p :- a.  p :- not a.` stays
undetermined with `a` unknown, and an undetermined amount can mix the two values of one unknown
(a rate from one branch, a basis from the other). Here an answer is

- TRUE if the goal holds in every completion of the unknown inputs the declared types allow,
- FALSE if it holds in none, UNDETERMINED otherwise;

and an undetermined answer offers only the bindings some completion produces. Method: split on
one unknown input at a time (its values from engine/exact/domains.py), evaluate each branch with the
ordinary three-valued engine and close a branch as soon as it is decided (certain rows = possible
rows). Because the three-valued engine is sound for every completion, a decided branch is decided
for all completions below it. The input to split next is the one whose values decide the most
branches (one step of look-ahead, all children evaluated together on the batch engine).

Splitting is bounded (`budget` branch evaluations, and half the time limit); past the bound, or
when an input cannot be split exactly (domains.Flow.why), the open branches keep their Kleene
answer and the result says so (`exact` False with a `reason`).
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import copy
import time
from fractions import Fraction
from ...core.record import field, record

from ...language.pattern import is_value, matches
from ...core.deadline import DEFAULT_MAX_ROWS
from ...core.values import UNKNOWN
from .unknowns import DEFAULT_BUDGET, Possible, Unknown, combine, combine_parts, cone_helps, unknowns
from .relevance import relevant
from .funnel import merge
from ...facts.rows import FactRow
from ...facts.constraints import broken, forced, implications
from ..worlds import Variant, evaluate_groups
from .probe import forced_choice, probe_many
from .domains import Choice, choices_at, follower_cuts
from ...core.values import show_value

if TYPE_CHECKING:
    from ...facts.case import Case
    from ...language.ast import Atom
    from ..rulebase import Rulebase
    from ..setsession import Given, SetEngine

# a split as a generator: yields lists of variants to evaluate, is sent their goal rows
Steps = Generator[list, Any, Any]

@record
class Node:
    rows: list
    status: tuple             # (certain, possible) frozensets, values computed from an interval blanked
    decided: bool
    path: tuple = ()          # ((Unknown, Choice), ...) from the root
    split: Any = None      # the Unknown split here
    children: list = field(default_factory=list)   # [(Choice, Node)]
    forced: tuple = ()     # ((Unknown, Choice, implication, holds), ...): facts the path's choices imply
    # inputs whose split changed nothing at this node or an ancestor: tried last below it (an input
    # that moved nothing is most often one another unknown gates, as months since an affirmance are
    # with the affirmance unknown); the order only, never which inputs may be split
    idle: dict = field(default_factory=dict)   # input index -> at how many of them it moved nothing


@record
class Exact:
    answer: str
    bindings: list
    exact: bool
    reason: str
    root: Node
    ranking: list             # [(Unknown, decides: bool, score)] best first
    evaluations: int
    split: bool               # whether splitting was needed
    settled: bool = False     # settled past the split by completions (engine/exact/probe.py)
    # goal positions whose UNKNOWN values (an interval's) are never the constant the question names
    # there (unknowns.question_values; openvalues.settle looks its constants up among the bindings)
    covered: frozenset = frozenset()
    exhausted: bool = False   # open because the split ran past its budget or time (the reason says which)


class Evaluator:
    """Evaluates many variants of one case for one goal pattern, on the chosen engine."""

    def __init__(self, rb: Rulebase, atom: Atom, args: Sequence, engine: str, max_rows: int = DEFAULT_MAX_ROWS,
                 given: Given | None = None, base: Sequence = ()) -> None:
        """given: the evaluation of the case whose rows are `base` (a session's relations,
        setsession.Given): an evaluation of the case itself takes it instead of evaluating the case
        again, and one of its variants takes the rows of every predicate that reads none of the
        inputs the variants change (SetEngine.evaluate_many)."""
        self.rb, self.atom, self.args, self.engine = rb, atom, tuple(args), engine
        self.max_rows = max_rows    # the row budget (the settings' rows)
        self.count = 0
        self.given = given
        self.base = list(base)

    def many(self, rows_lists: Sequence) -> list:
        self.count += len(rows_lists)
        if not rows_lists:
            return []
        goal = (self.atom.pred, self.args)
        if self.engine == "pydatalog":
            from ..pydatalog.session import Session   # lazy: the reference engine loads pyDatalog (heavy, optional)
            out = []
            for rows in rows_lists:
                with Session(self.rb.compiled, rows, self.max_rows) as s:
                    c, p = s.status(*goal)
                out.append((frozenset(c), frozenset(p)))
            return out
        changed = _changed(self.base, rows_lists) if self.given is not None else None
        return _set_engine_many(self.rb.set_engine([self.atom.key]), rows_lists, goal, self.max_rows, self.given,
                                changed)


def _changed(base: Sequence, rows_lists: Sequence) -> frozenset | None:
    """The input predicates some of `rows_lists` has rows of that `base` does not, or lacks rows of
    that it has (the rows compared by identity: a variant keeps the case's own row objects), or
    None when one of them is not a list of rows."""
    mine = dict(zip(map(id, base), base))
    ids = mine.keys()
    out: set = set()
    for rows in rows_lists:
        if not isinstance(rows, list):
            return None
        # the comparisons by identity as set operations (a split compares hundreds of variants)
        theirs = dict(zip(map(id, rows), rows))
        present = theirs.keys()
        out.update(theirs[i].pred for i in present - ids)
        # some of the case's rows are gone: their predicates too
        out.update(mine[i].pred for i in ids - present)
    return frozenset(out)


def _set_engine_many(engine: SetEngine, rows_lists: Sequence, goal: tuple, max_rows: int = DEFAULT_MAX_ROWS,
                     given: Given | None = None, changed: frozenset | None = None) -> list:
    """(certain, possible) goal rows of many variants of a case, evaluated together by the set
    engine's plans (the session's own, so nothing is compiled twice). given, changed: the case's
    own relations and the input predicates the variants change (SetEngine.evaluate_many)."""
    program = engine.program
    rels = engine.evaluate_many(rows_lists, max_rows, given, changed)[0]   # strata in order, recursion, the row budget
    pred, args = goal
    key = (pred, len(args))
    result = []
    grouped = {}
    for copy in ("c", "p"):
        r = rels.get((pred, copy))
        rows = r.rows if r is not None else ()
        by_case: dict = {}
        if key in program.global_preds:
            shared = frozenset(t for t in rows if _match(args, t, copy == "p"))
            grouped[copy] = lambda cid, shared=shared: shared
            continue
        for t in rows:
            if _match(args, t[1:], copy == "p"):
                by_case.setdefault(t[0], set()).add(t[1:])
        grouped[copy] = lambda cid, by_case=by_case: frozenset(by_case.get(cid, ()))
    for cid in range(len(rows_lists)):
        result.append((grouped["c"](cid), grouped["p"](cid)))
    return result


def goal_statuses(rb: Rulebase, key: tuple, rows_lists: Sequence, goal: tuple,
                  max_rows: int = DEFAULT_MAX_ROWS) -> list:
    """(certain, possible) rows of the pattern `goal` ((pred, args)) of the predicate `key` in each
    list of rows, evaluated together by the set engine (funnel.py's yes/no facts of one entity)."""
    return _set_engine_many(rb.set_engine([key]), rows_lists, goal, max_rows)


def _match(args: Sequence, row: Sequence, loose: bool = False) -> bool:
    return matches(args, row, loose)




def assign(rows: Sequence, unknown: Unknown, choice: Any, alt: bool = False) -> list:
    """The case's rows with the unknown input replaced by the choice (None: the row goes); alt:
    the choice's second value in its interval. An Unknown standing for several inputs (members,
    funnel.py) assigns each of them its value in the choice."""
    if unknown.members:
        by_index = {m.index: m for m in unknown.members}
        out = list(rows)
        for index, c in choice.value:
            out = assign(out, by_index[index], c, alt)
        return out
    out = list(rows)
    row = unknown.row
    value = choice.alt if alt and choice.alt is not None else choice.value
    if value is None:
        out[unknown.index] = None
    else:
        args = (row.args[0],) if len(row.args) == 1 else (row.args[0], value)
        out[unknown.index] = FactRow(row.pred, args, True, row.loc, row.attribute)
    return out


def _alt_rows(node_rows: Sequence, path: tuple) -> list:
    """The branch's rows with every interval choice on the path at its second value."""
    rows = list(node_rows)
    for u, c in path:
        if not c.point and u.taint:
            rows = assign(rows, u, c, alt=True)
    return rows


def _needs_alt(path: Iterable[tuple]) -> bool:
    return any(not c.point and u.taint for u, c in path)


def _variant(rows: Sequence, path: Iterable[tuple]) -> Variant:
    """The branch's rows (None: gone) as a worlds.Variant of the case's rows: the live rows and
    the positions the path changed."""
    return Variant(_live(rows), {i: rows[i] for u, _ in path for i in _indices(u)})


def _indices(u: Unknown) -> tuple:
    """The positions in the case's rows an unknown's choice changes."""
    return tuple(m.index for m in u.members) if u.members else (u.index,)


def _live(rows: Iterable) -> list:
    return [r for r in rows if r is not None]


def _blank(status: tuple, positions: frozenset, keep: tuple) -> tuple:
    """Rows of a branch whose values at `positions` may come from an interval's representative
    get UNKNOWN there, unless the row is in `keep` (the same copy's rows at a second value of the
    interval, or the rows certain without any unknown)."""
    if not positions:
        return status
    def fix(row: tuple, kept: Any) -> tuple:
        if row in kept:
            return row
        return tuple(UNKNOWN if i in positions else v for i, v in enumerate(row))
    return (frozenset(fix(r, keep[0]) for r in status[0]), frozenset(fix(r, keep[1]) for r in status[1]))


def _merge(raw: tuple, alt: tuple, positions: frozenset, base: Any, path: tuple) -> tuple:
    """A branch for an interval, from its two runs (two values of the interval): rows the runs
    share stand (they do not depend on the value), the others with UNKNOWN where the value can
    reach. Through non-linear arithmetic only the rows certain with no unknown at all stand."""
    if any(w.nonlinear for w, ch in path if not ch.point):
        a, b = _blank(raw, positions, base), _blank(alt, positions, base)
    else:
        a, b = _blank(raw, positions, alt), _blank(alt, positions, raw)
    return a[0] | b[0], a[1] | b[1]


def witnessed(statuses: Sequence[tuple]) -> bool:
    """Whether the (certain, possible) statuses of the leaves of a split, decided or not, already
    give the answer a finished split would give. The leaves partition the worlds the case allows
    and each status is sound for every completion below its leaf, so a row certain in a leaf holds
    in some completion, a row not possible in a leaf fails in one, and splitting an open leaf
    further can only confirm that. Settled when every row possible somewhere is certain in every
    leaf, or is both certain in one leaf and not possible in another; and either every leaf has a
    certain row (TRUE) or one has no possible row (a completion without any). Not when a row holds
    UNKNOWN (an interval's values, which combine reports as open)."""
    if not statuses:
        return False
    every = None
    some: set = set()
    produced: set = set()
    for certain, possible in statuses:
        every = set(certain) if every is None else every & set(certain)
        some |= set(possible)
        produced |= set(certain)
    assert every is not None
    if any(v is UNKNOWN for row in some | produced for v in row):
        return False
    for row in some - every:
        if row not in produced or all(row in possible for _, possible in statuses):
            return False
    if all(certain for certain, _ in statuses):
        return True
    return any(not possible for _, possible in statuses)


def _decided(status: tuple) -> bool:
    return bool(status[0] == status[1])


def _answer_decided(status: tuple) -> bool:
    return bool(status[0]) or not status[1]


class Splitter:
    def __init__(self, evaluator: Evaluator, cands: Iterable[Unknown], budget: int,
                 seconds_left: float | None = None) -> None:
        self.ev = evaluator
        self.cands = [u for u in cands if u.choices or u.leader is not None]
        self.blocked = [u for u in cands if not u.choices and u.leader is None]
        self.by_index = {u.index: u for u in self.cands}
        self.followed: dict = {}   # (follower index, the leader's Choice) -> its choices, or None
        self.budget = budget
        self.deadline = None if seconds_left is None else time.monotonic() + seconds_left
        self.exhausted = ""
        self.root_scores: dict = {}
        self.base: tuple[frozenset, frozenset] = (frozenset(), frozenset())   # the root's certain rows (no unknown behind them)
        self.order = list(self.cands)
        # prune (batch): stop as soon as the budget is sure to run out. Every open branch waiting
        # its turn will try its first candidate (or the split is refused before): when what is
        # spent and those first tries pass the budget, the split ends past its budget anyway, with
        # the same answer and reason (its tree, which ask ranks the missing facts by, is cut short)
        self.prune = False
        self.pending: dict = {}
        self.stop = False
        self.first = evaluator.count     # the root's evaluation, before any try
        self.asked = 0
        # the law's @implies (facts/constraints.py): a choice that makes two facts of an entity that
        # cannot both hold is no world the case can have, and is not tried
        self.impossible: Callable[[list], bool] | None = None
        self.constrained: frozenset = frozenset()   # the inputs an @implies names
        # and a choice that makes one side of an @implies settle the other fills that in (it is
        # not split on again): [(literal, entity, holds, implication)] the rows force
        self.force: Callable[[list], list] | None = None
        self.slots: dict = {}   # (input, entity) -> the candidates of that input
        # the split stops once its leaves, decided or open, witness the answer (`witnessed`): the
        # open ones need no further split
        self.root: Node | None = None
        self.witnessed = False
        # below the root, an input with many values is tried on a few of them first (`_sample`),
        # and on the others only when one of those moves the branch: an input that moves nothing
        # costs three evaluations, not all its values; on with `prune` (the batch path)
        self.sample = False
        # below the root, the inputs split on at other nodes of this split are tried first (an
        # order only: which inputs may be split is the same), and a node's first child chooses its
        # input before its siblings start (`_led`); on with `prune` (the batch path)
        self.learn = False
        self.moved: dict = {}   # input index -> at how many nodes below the root it was split on
        self.index: dict = {}   # input index -> its _index from the root's look-ahead (learn)
        # the goal rows of variants evaluated already for this goal on this case (_key -> the whole
        # goal's (certain, possible)), shared by the splits of its subjects (_per_subject): a try's
        # variants found there cost nothing of the budget; None: no such splits (every try counted)
        self.cached: dict | None = None

    def _propagate(self, rows: list, done: tuple) -> tuple[list, tuple]:
        """The rows with every unknown fact the known ones force filled in, and the forced choices so far."""
        if self.force is None:
            return rows, done
        taken = {f[0].index for f in done}
        moved = True
        while moved:
            moved = False
            for lit, entity, holds, imp in self.force(rows):
                value = holds != lit.negated     # the input's atom true (a row) or false (none)
                for u in self.slots.get((lit.pred, entity), ()):
                    c = forced_choice(u, lit, value)
                    if u.index in taken or c is None:
                        continue
                    rows = assign(rows, u, c)
                    done = done + ((u, c, imp, holds),)
                    taken.add(u.index)
                    moved = True
        return rows, done

    def _spent(self) -> int:
        """Evaluations spent or asked for: the root's (counted by the evaluator) and the tries'."""
        spent: int = self.first + self.asked
        return spent

    def stop_reason_time(self) -> bool:
        return self.exhausted.startswith("the split ran out of")

    def _out_of_time(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def solve(self, node: Node, is_root: bool = False) -> None:
        """Split the node: at the root every candidate is tried (one step of look-ahead, which
        also ranks the missing facts); below it the candidates in that rank order, taking the
        first whose values change the branch (or the first, when none does alone)."""
        steps = self.steps(node, is_root)
        try:
            asked = next(steps)
            while True:
                asked = steps.send(self.ev.many(asked))
        except StopIteration:
            pass

    def steps(self, node: Node, is_root: bool = False) -> Steps:
        """`solve` as a generator: yields each list of variants to evaluate and is sent their
        (certain, possible) goal rows (split_many evaluates many goals' variants together)."""
        self.pending.pop(id(node), None)
        if node.decided or self.stop:
            return
        used = {u.index for u, _ in node.path} | {f[0].index for f in node.forced}
        cands = [u for u in self.cands if u.index not in used and self._ready(node, u)]
        if not cands:
            return
        idle: dict = dict(node.idle)
        if is_root:
            by_u = yield from self._try(node, cands)
            if not by_u:   # None: out of budget or time; {}: no possible choice
                return
            best, best_score = None, None
            for idx, (u, kids) in by_u.items():
                decided = sum(1 for _, k in kids if k.decided)
                answer = sum(1 for _, k in kids if _answer_decided(k.status))
                moved = sum(1 for _, k in kids if k.status != node.status)
                self.root_scores[idx] = (answer == len(kids), answer, decided, moved)
                u.relevant = moved > 0
                if not moved:
                    idle[idx] = idle.get(idx, 0) + 1
                score: tuple = (decided, answer, moved)
                if self.learn:
                    # the batch path: the input of the lowest index (_index), a yes/no fact that
                    # decides one of its two branches before a weight that decides two of its 13
                    self.index[idx] = _index(len(kids), decided, moved, len({k.status for _, k in kids}))
                    score = (-self.index[idx], decided, answer, moved)
                if best_score is None or score > best_score:
                    best, best_score = idx, score
            self.order = sorted(self.cands, key=lambda u: tuple(-x for x in self.root_scores.get(u.index, (0, 0, 0, 0))))
            if self.learn:
                self.order.sort(key=lambda u: self.index.get(u.index, _NEVER))   # stable: ties keep the rank
            self.order = _after_leaders(self.order)
            u, kids = by_u[best]
        else:
            order = [u for u in self.order if u.index not in used and self._ready(node, u)]
            relevant = [u for u in order if u.relevant]
            first: tuple | None = None
            u = kids = None
            pool = relevant or order
            # stable: the rank order within; with `learn`, the inputs split on at other nodes first
            pool = sorted(pool, key=lambda c: (idle.get(c.index, 0), -self.moved.get(c.index, 0)))
            skipped: list = []   # candidates whose sample moved nothing: (candidate, its sampled kids)
            for cand in pool:
                sample = self._sample(node, cand)
                if sample is not None:
                    # its values that most often move a branch first (`_sample`): the rest only when one did
                    by_u = yield from self._try(node, [cand], sample)
                    if by_u is None:
                        return
                    part = by_u.get(cand.index, (cand, []))[1]
                    if not any(k.status != node.status for _, k in part):
                        skipped.append((cand, part))
                        idle[cand.index] = idle.get(cand.index, 0) + 1
                        continue
                    cand_kids = yield from self._rest(node, cand, part)
                    if cand_kids is None:
                        return
                    u, kids = cand, cand_kids
                    break
                by_u = yield from self._try(node, [cand])
                if by_u is None:
                    return
                if cand.index not in by_u:   # every value of it is impossible here
                    continue
                cand_kids = by_u[cand.index][1]
                if first is None:
                    first = (cand, cand_kids)
                if any(k.status != node.status for _, k in cand_kids):
                    u, kids = cand, cand_kids
                    break
                idle[cand.index] = idle.get(cand.index, 0) + 1
            for cand, part in skipped if u is None and first is None else ():
                # nothing moved the branch: the first candidate with a possible value, all its values
                cand_kids = yield from self._rest(node, cand, part)
                if cand_kids is None:
                    return
                if cand_kids:
                    first = (cand, cand_kids)
                    break
            if u is None:
                if first is None:   # every value of every candidate is impossible here
                    return
                u, kids = first
        node.split = u
        node.children = kids
        if self.learn and not is_root:
            self.moved[u.index] = self.moved.get(u.index, 0) + 1
        for _, child in kids:
            child.idle = idle
        if self._witness():
            return
        if self.prune:
            for _, child in kids:
                if not child.decided:
                    self.pending[id(child)] = self._first_cost(child)
            if self._spent() + sum(self.pending.values()) > self.budget:
                self.exhausted = f"the split needs more than {self.budget} branch evaluations"
                self.stop = True
                return
            # the children side by side (one evaluation a round for all their tries): the same tree,
            # and, its evaluations counted as they are asked for, the same end within the budget
            # the first open child leads: its siblings start once it has chosen its input, which
            # they then try first (`learn`: siblings most often split on the same input)
            lead = next((child for _, child in kids if not child.decided), None)
            gens = [self.steps(child) for _, child in kids if child is not lead]
            if self.learn and lead is not None:
                yield from _led(lead, [self.steps(lead)] + gens)
            else:
                yield from _together(gens)
            return
        for _, child in kids:
            yield from self.steps(child)

    def _witness(self) -> bool:
        """Stops the split once the leaves so far witness its answer (`witnessed`)."""
        if self.root is not None and not self.witnessed and witnessed([n.status for n in leaves(self.root)]):
            self.witnessed = self.stop = True
        return self.witnessed

    def _first_cost(self, node: Node) -> int:
        """What the node's first try below the root costs (0: no input left to split)."""
        used = {u.index for u, _ in node.path} | {f[0].index for f in node.forced}
        order = [u for u in self.order if u.index not in used and self._ready(node, u)]
        relevant = [u for u in order if u.relevant]
        pool = relevant or order
        pool = sorted(pool, key=lambda c: node.idle.get(c.index, 0))
        if not order:
            return 0
        sample = self._sample(node, pool[0])   # what is sure to be tried: its sample, when it has one
        return _cost([pool[0]], lambda u: sample if sample is not None else self.choices(node, u), node.path)

    def _ready(self, node: Node, u: Unknown) -> bool:
        """Whether the input can be split at the node: a follower once its leader is chosen on the
        path, and its cuts keep their order over the leader's interval (`choices`)."""
        return u.leader is None or self.choices(node, u) is not None

    def choices(self, node: Node, u: Unknown) -> tuple | None:
        """The input's choices at the node: a follower's (unknowns.py, Unknown.leader) at its cuts
        filled in with the leader's value on the path; None before the leader is chosen, or when
        the leader's two values (an interval's) order its cuts differently (it then stays unknown)."""
        if u.leader is None:
            return u.choices
        lc = next((c for w, c in node.path if w.index == u.leader), None)
        if lc is None or lc.value is None:
            return None
        key = (u.index, lc)
        if key not in self.followed:
            made = follower_choices(u, self.by_index[u.leader], lc)
            self.followed[key] = made
            if made is None and not u.why:
                u.why = "its split points against another unknown value do not keep their order"
                self.blocked.append(u)
        found: tuple | None = self.followed[key]
        return found

    def _sample(self, node: Node, u: Unknown) -> tuple | None:
        """The values of the input tried first below the root when `sample` is on: its lowest,
        middle and highest (a number's extremes most often decide a branch: under every limit,
        over every bracket); None when it has too few values for that to save anything. Which
        values are tried first orders the split only: every value is evaluated before the input
        is split on, so each branch's status is the same as without it."""
        if not self.sample:
            return None
        cs = self.choices(node, u) or ()
        if len(cs) <= 4:
            return None
        return (cs[0], cs[len(cs) // 2], cs[-1])

    def _rest(self, node: Node, u: Unknown, part: list) -> Steps:
        """The kids of all the input's values at the node, `part` (its sampled values' kids)
        evaluated already: the others evaluated now, all in the order of its values; None when
        the budget or the time is spent."""
        cs = self.choices(node, u) or ()
        done = {c for c, _ in part}
        rest = tuple(c for c in cs if c not in done and c not in self._sampled(node, u))
        by_c = dict(part)
        if rest:
            by_u = yield from self._try(node, [u], rest)
            if by_u is None:
                return None
            by_c.update(by_u.get(u.index, (u, []))[1])
        return [(c, by_c[c]) for c in cs if c in by_c]

    def _sampled(self, node: Node, u: Unknown) -> tuple:
        return self._sample(node, u) or ()

    def _try(self, node: Node, pool: Sequence[Unknown], only: tuple | None = None) -> Steps:
        """{input index: (Unknown, [(Choice, child Node)])} for the candidates, all evaluated
        together; None when the budget or the time is spent. only: the values to try (of a
        single candidate), not all of them."""
        if self.stop or self._witness():
            return None
        def choices(u: Unknown) -> tuple | None:
            return only if only is not None else self.choices(node, u)
        cost = _cost(pool, choices, node.path)
        if self.cached is None and self._spent() + cost > self.budget:
            self.exhausted = f"the split needs more than {self.budget} branch evaluations"
            return None
        if self._out_of_time():
            self.exhausted = "the split ran out of its share of the time limit"
            return None
        variants: list = []
        owners: list[tuple] = []   # (unknown, choice, None or "alt")
        made: dict = {}            # (input index, choice) -> (its rows, the facts it forces)
        for u in pool:
            for c in choices(u) or ():
                path = node.path + ((u, c),)
                rows = assign(node.rows, u, c)
                done = node.forced
                if u.row.pred in self.constrained:
                    rows, done = self._propagate(rows, done)
                    if self.impossible is not None and self.impossible(rows):
                        continue
                made[(u.index, c)] = (rows, done)
                variants.append(_variant(rows, path))
                owners.append((u, c, None))
                if _needs_alt(path):
                    variants.append(_variant(_alt_rows(rows, path), path))
                    owners.append((u, c, "alt"))
        if self.cached is not None:
            # the variants another subject's split (or the root's look-ahead) evaluated are not counted
            cost = max(0, cost - sum(1 for v in variants if _key(v) in self.cached))
            if self._spent() + cost > self.budget:
                self.exhausted = f"the split needs more than {self.budget} branch evaluations"
                return None
        self.asked += cost
        results = yield variants
        alts = {(u.index, c): raw for (u, c, tag), raw in zip(owners, results) if tag}
        by_u: dict = {}
        for (u, c, tag), raw in zip(owners, results):
            if tag:
                continue
            path = node.path + ((u, c),)
            decided = _decided(raw)
            status = raw
            if _needs_alt(path):
                alt = alts[(u.index, c)]
                decided = decided and _decided(alt)
                status = _merge(raw, alt, _positions(path), self.base, path)
            rows, done = made[(u.index, c)]
            child = Node(rows, status, decided, path, forced=done)
            by_u.setdefault(u.index, (u, []))[1].append((c, child))
        return by_u


_NEVER = Fraction(10 ** 9)   # the index of an input whose values move nothing at the root


def _index(branches: int, decided: int, moved: int, outcomes: int = 1) -> Fraction:
    """Which of two inputs to split first (the batch path's order): the one of the lower
    branches / (decided + outcomes), from the root's look-ahead. With u split first (k_u branches, d_u of
    them decided) and each of its open branches split on v (whose values decide as many there as
    at the root), the tree has k_u + (k_u - d_u) k_v branches, and k_v + (k_v - d_v) k_u the other
    way round: u first makes the smaller tree exactly when k_u / (1 + d_u) < k_v / (1 + d_v) (a
    yes/no fact that decides one of its two branches, 2 / 2, before a weight that decides two of
    its 13, 13 / 3). outcomes: how many different statuses its branches have (1 when they are all
    alike). The estimate above takes v to move every open branch of u; an input whose values part
    the case into many different outcomes (a weight: no forfeiture under the limit, one amount at
    each bracket) most often leaves the others moving only some of its branches (whether a prior
    counts matters only over the limit): each outcome past the first counts as a decided branch
    (outcomes 1 gives the estimate above). An input that moves nothing at the root comes last
    (_NEVER), those of fewer values first. An order only: every value of an input is evaluated
    before it is split on, so no branch's status changes. (Counting an interval's two evaluations
    instead of its branches was tried: 2,804 exact of 3,000 against 2,807. On 1,000 generated
    cases, forfeiture: 946 exact against 944 with outcomes left out; the weights first whatever
    their outcomes, 946 but losing two; only the open branches' outcomes, 944.)"""
    if not moved:
        return _NEVER + branches
    return Fraction(branches, decided + max(1, outcomes))


def _led(lead: Node, gens: list) -> Steps:
    """Drive `steps` generators side by side (`_together`), the first alone until its node `lead`
    has chosen the input it splits on (or it ends)."""
    running: list = []
    first = gens[0]
    try:
        asked = next(first)
        while lead.split is None:
            got = yield asked
            asked = first.send(got)
        running.append((first, asked))
    except StopIteration:
        pass
    yield from _together(gens[1:], running)


def _together(gens: Iterable[Steps], running: list | None = None) -> Steps:
    """Drive several `steps` generators side by side: each round yields every request of those
    still running as one list, and sends each its part of the results. running: generators
    already started, with their pending requests."""
    running = list(running or [])
    for gen in gens:
        try:
            running.append((gen, next(gen)))
        except StopIteration:
            pass
    while running:
        results = yield [v for _, asked in running for v in asked]
        at, still = 0, []
        for gen, asked in running:
            part = results[at:at + len(asked)]
            at += len(asked)
            try:
                still.append((gen, gen.send(part)))
            except StopIteration:
                pass
        running = still


def _cost(pool: Iterable[Unknown], choices: Callable[[Unknown], tuple | None], path: tuple = ()) -> int:
    """Branch evaluations of one try over the candidates `pool` at the node of `path`; `choices`:
    each candidate's choices at the node. A value costs two (its interval's second value) only when
    both counts say so: the variants `_try` asks for (two where an interval on the value's path, the
    value included, reaches the goal: `_needs_alt`) and the estimate before (two for every value of
    an input with an interval, `_estimate`). The count is then never more than the evaluations asked
    for (but for a value an @implies rules out, counted and not asked for, as before), so "the split needs more than N branch evaluations" is true when said (the estimate counted
    an input's point values twice: generated case 181, 122 evaluations, was refused as needing more
    than 150), and never more than the estimate, so no split that finished within the budget is
    refused now (the variants alone, counted exactly, refused 16 of 10,000 that the estimate's
    under-count below an interval let finish, bench/results.md round exact16)."""
    out = 0
    before = _needs_alt(path)
    for u in pool:
        cs = choices(u) or ()
        twice = _estimate(u, cs) == 2
        for c in cs:
            out += 2 if twice and (before or not c.point) else 1
    return out


def _estimate(u: Unknown, cs: tuple) -> int:
    """The estimate's evaluations for each value of an input: two when one of its values is an
    interval reaching the goal."""
    return 2 if any(not c.point for c in cs) and u.taint else 1


def _after_leaders(order: list) -> list:
    """The split order with each follower (never split at the root) right after its leader, and as
    relevant as the leader: the pair (or a leader's several followers, unknowns._star) is taken apart
    together."""
    followers: dict = {}
    for u in order:
        if u.leader is not None:
            followers.setdefault(u.leader, []).append(u)
    out = []
    for u in order:
        if u.leader is not None:
            continue
        out.append(u)
        for f in followers.get(u.index, ()):
            f.relevant = f.relevant or u.relevant
            out.append(f)
    return out


def follower_choices(u: Unknown, leader: Unknown, lc: Choice) -> tuple | None:
    """A follower's choices with its leader at the choice `lc` (domains.py, pair_lines): split at
    its cuts filled in with the leader's value. When the leader's choice is an interval, each choice
    stands for a cell over it: its second value (the split's second run) is the same cell's with
    the leader at its second value, and the cuts must keep their order between the two (None
    otherwise; domains.leader_cuts makes them keep it)."""
    ptype = u.decl.params[1].type
    at_rep = choices_at(ptype, follower_cuts(u.lines, lc.value))
    if lc.point or lc.alt is None:
        return at_rep
    at_alt = choices_at(ptype, follower_cuts(u.lines, lc.alt))
    if len(at_rep) != len(at_alt) or any(a.point != b.point for a, b in zip(at_rep, at_alt)):
        return None
    other = leader.row.pred.replace("_", " ")
    return tuple(Choice(a.value, f"{a.label} (the {other} at {show_value(lc.value)}: {lc.label})", False,
                        b.value if b.point else b.alt)
                 for a, b in zip(at_rep, at_alt))


def _positions(path: Iterable[tuple]) -> frozenset:
    out: set = set()
    for u, c in path:
        if not c.point:
            out |= u.taint
    return frozenset(out)


def leaves(node: Node) -> Iterator[Node]:
    if not node.children:
        yield node
        return
    for _, child in node.children:
        yield from leaves(child)


def exact_answer(rb: Rulebase, loaded: Case, atom: Atom, args: Sequence, engine: str = "sets", order: Iterable = (),
                 budget: int | None = None, seconds_left: float | None = None, settle: bool = True,
                 max_rows: int = DEFAULT_MAX_ROWS, apart: bool = False, points: dict | None = None,
                 given: Given | None = None, witness_first: bool = False) -> Exact:
    """The exact answer for the goal pattern `args` of `atom` on the loaded case. When the split
    does not finish, a few completions may still settle it (engine/exact/probe.py; `settle`: try them;
    batch tries them before splitting). `args`' constants must meet no row holding UNKNOWN at their
    position (the three-valued status this starts from does not match such a row): callers take
    proof_args from openvalues.status, and a question that does meet one is settled by
    openvalues.settle, which splits the pattern with that position open. max_rows: the row budget
    of every evaluation (the settings' rows). apart: past the budget, split each entity's goal rows
    on their own (_by_entity, with one more budget for all of them) -- off by default: it runs on the
    set engine only, so the pyDatalog reference of bench/run answered those goals otherwise (a
    bench smoke disagreement on a vehicle's open amount); not yet on either path. points: goal position -> a constant
    the question names at a position `args` leaves open (openvalues.settle): split at it too. given:
    the case's own evaluation on this law (a session's relations, setsession.Given), taken for the
    split's first evaluation (the case itself) instead of evaluating it again. witness_first: only
    the answer and bindings are read (exact_steps)."""
    # the split is driven by the set engine for either engine (the same tree); with pyDatalog every
    # leaf of an exact split is then evaluated again on pyDatalog and its answers are the ones used
    ev = Evaluator(rb, atom, args, "sets", max_rows, given, loaded.rows)
    steps = exact_steps(rb, loaded, atom, args, ev, engine, order, budget, seconds_left, settle, max_rows=max_rows,
                        apart=apart, points=points, witness_first=witness_first)
    try:
        asked = next(steps)
        while True:
            asked = steps.send(ev.many(asked))
    except StopIteration as done:
        exact: Exact = done.value
        return exact


def split_on(rb: Rulebase, loaded: Case, atom: Atom, args: Sequence, order: Iterable, budget: int | None = None,
             seconds_left: float | None = None, max_rows: int = DEFAULT_MAX_ROWS) -> Node | None:
    """The case split at its root on one of the inputs `order` names ((pred, entity): the facts the
    proof found missing), alone, when its values witness the open answer (one way the goal holds,
    another it fails: _witness_first); None otherwise, and nothing more is tried. For an answer the
    full split could not take apart within its budget (a yes/no question that reads every provision,
    whose many unknown inputs the root's look-ahead cannot afford) but that the one fact in doubt
    decides: its branches are those of that fact (trainer review 14, 09: the neighbour's ride,
    unlawful before 07:00, lawful after). Sound as any split: each child's status holds for every
    completion of the inputs it leaves unknown."""
    order = list(order)
    if not order or any(a is UNKNOWN for a in args):
        return None
    budget = DEFAULT_BUDGET if budget is None else budget
    ev = Evaluator(rb, atom, args, "sets", max_rows, None, loaded.rows)

    def steps() -> Generator[list, list, Node | None]:
        rows = list(loaded.rows)
        raw = (yield [rows])[0]
        root = Node(rows, raw, _decided(raw))
        if root.decided:
            return None
        named = {i: a for i, a in enumerate(args) if is_value(a)}
        cands = unknowns(rb, loaded, atom, order, named)
        found = yield from _witness_first(_splitter(rb, loaded, ev, cands, budget, seconds_left, raw, root),
                                          root, order)
        return root if found is not None else None

    gen = steps()
    try:
        asked = next(gen)
        while True:
            asked = gen.send(ev.many(asked))
    except StopIteration as done:
        out: Node | None = done.value
        return out


def split_many(rb: Rulebase, atom: Atom, args: Sequence, cases: Sequence, budget: int | None = None,
               seconds_left: float | None = None, max_rows: int = DEFAULT_MAX_ROWS,
               cone: Sequence[bool] | None = None) -> list:
    """exact_answer (set engine, no probe) for many cases of one goal, their splits run side by
    side: each round's variants of all of them are evaluated together, as the worlds of one
    evaluation (engine/worlds.py), each node's children split side by side, and a split stops
    once its budget is sure to run out (Splitter.prune): the same answers, exact flags and reasons
    as one at a time; the trees may be cut short. cone: for each case, whether its inputs are traced
    through the goal's own rules from the start (exact_steps; a case whose completions showed the
    ordinary candidates cannot finish, probe.Probe.cone)."""
    program = rb.batch_program([atom.key])
    goal = (atom.pred, tuple(args))
    running: dict = {}
    out: list = [None] * len(cases)
    cache: dict = {}     # the cases' rows as the worlds' tuples, once a case
    for j, loaded in enumerate(cases):
        ev = Evaluator(rb, atom, args, "sets", max_rows)
        steps = exact_steps(rb, loaded, atom, args, ev, "sets", (), budget, seconds_left, False, prune=True,
                            max_rows=max_rows, cone=bool(cone and cone[j]))
        running[j] = (ev, steps, next(steps))
    while running:
        groups, spans, size = [], [], 0
        for j, (ev, steps, asked) in running.items():
            spans.append((j, size, size + len(asked)))
            groups.append((cases[j].rows, asked))
            size += len(asked)
            ev.count += len(asked)
        results = evaluate_groups(program, goal, groups, cache, max_rows) if size else []
        failed = next((r for r in results if isinstance(r, Exception)), None)
        if failed is not None:
            raise failed     # as the set engine raises a variant's EvaluationError
        for j, a, b in spans:
            ev, steps, _ = running[j]
            try:
                running[j] = (ev, steps, steps.send(results[a:b]))
            except StopIteration as done:
                out[j] = done.value
                del running[j]
    return out


def _splitter(rb: Rulebase, loaded: Case, ev: Evaluator, cands: list, budget: int, seconds_left: float | None,
              raw: tuple, root: Node) -> Splitter:
    """The Splitter of the case's candidates, with the law's @implies (facts/constraints.py)."""
    sp = Splitter(ev, cands, budget, seconds_left)
    rules = implications(rb.checked)
    if rules:
        sp.constrained = frozenset(side.pred for imp in rules for side in (imp.first, imp.then))
        sp.impossible = lambda rows: bool(broken(rb.checked, loaded, _live(rows)))
        sp.force = lambda rows: forced(rb.checked, loaded, _live(rows))
        for u in sp.cands:
            sp.slots.setdefault((u.row.pred, u.entity), []).append(u)
    sp.base = (raw[0], raw[0])
    sp.root = root
    return sp


def _witness_first(sp: Splitter, root: Node, order: Sequence) -> Steps:
    """The root split on one of the inputs `order` names ((pred, entity): the missing facts of the
    Kleene proof), all of them tried together, when the children of one of them witness the
    answer (`witnessed`): that input's split is set on the root and returned; None otherwise (the
    root left as it was). Only the answer and its bindings are then exact: the tree is one level
    and no input is ranked (the missing facts' order, which the shown answers read, is the full
    split's)."""
    wanted = {(pred, entity) for pred, entity in order}
    first = [u for u in sp.cands if (u.row.pred, u.entity) in wanted and u.leader is None]
    if not first:
        return None
    by_u = yield from sp._try(root, first)
    for u in first:
        kids = (by_u or {}).get(u.index, (u, []))[1]
        if kids and witnessed([child.status for _, child in kids]):
            root.split, root.children = u, kids
            return u
    return None


def exact_steps(rb: Rulebase, loaded: Case, atom: Atom, args: Sequence, ev: Evaluator, engine: str = "sets",
                order: Iterable = (), budget: int | None = None, seconds_left: float | None = None,
                settle: bool = True, prune: bool = False, max_rows: int = DEFAULT_MAX_ROWS,
                apart: bool = False, points: dict | None = None, witness_first: bool = False,
                cache: dict | None = None, given_cands: list | None = None, cone: bool = False) -> Steps:
    """exact_answer as a generator: yields the lists of variants to evaluate (counted in ev.count
    by the caller), is sent their goal rows, returns the Exact. witness_first: only the answer
    and its bindings are wanted (the readings check: the tree and the ranking are not read), so
    the inputs `order` names are tried first on their own (_witness_first); when they do not
    witness the answer, the split runs as it would have (those evaluations counted besides).
    With `prune` (the batch path) a goal open for several subjects is first split for each subject
    on its own (_per_subject). cache, given_cands: one subject's split of those (the variants
    evaluated already, copies of the case's candidates). cone: the inputs traced through the goal's
    own rules alone (unknowns.unknowns): the second try of a split refused an input (unknowns.cone_helps)."""
    budget = DEFAULT_BUDGET if budget is None else budget
    started = time.monotonic()
    rows = list(loaded.rows)
    raw = (yield [rows])[0]
    root = Node(rows, raw, _decided(raw))
    if any(a is UNKNOWN for a in args):
        # an open value as the question's constant (an interval's row checked as it was listed): no
        # completion's row holds UNKNOWN, so a split would find none and answer FALSE; the value is
        # one this split cannot check (the caller keeps it, not verified)
        answer, bindings = combine(atom, [raw])
        return Exact(answer, bindings, False, "the question names a value the case leaves open", root, [],
                     ev.count, False)
    # the question's own constants (and those settle opened) are values the inputs are split at
    named = {i: a for i, a in enumerate(args) if is_value(a)} | dict(points or {})
    order = list(order)
    if given_cands is not None:
        cands = given_cands if not root.decided else []
    else:
        cands = unknowns(rb, loaded, atom, order, named, cone) if not root.decided else []
    if prune and cands:
        # the batch path: inputs no subject with a possible row can read are not split on (relevance.py)
        cands = _near(rb, loaded, atom, args, raw, cands)
        if given_cands is None:
            # an entity's own inputs that the goal reads only through yes/no facts: split on those (funnel.py)
            # (its evaluations are of the few yes/no facts alone, not of the goal: not branch
            # evaluations, and not counted against the split's budget)
            cands = merge(rb, loaded, atom.key, cands, max_rows, (assign, goal_statuses))[0]
    covered = frozenset(p for p in named if all(p in u.covered for u in cands if p in u.taint))
    first = ev.count   # the root's evaluation: what the split's budget counts from
    if witness_first and order and engine == "sets" and cands:
        # only the answer is wanted: the facts the Kleene proof found missing are tried first, each
        # on its own, before the root's look-ahead over every candidate
        found = yield from _witness_first(_splitter(rb, loaded, ev, cands, budget, seconds_left, raw, root),
                                          root, order)
        if found is not None:
            answer, bindings = combine(atom, [child.status for _, child in root.children])
            return Exact(answer, bindings, True, "", root, [], ev.count, True,
                         settled=not all(child.decided for _, child in root.children), covered=covered)
    if prune and cache is None and engine == "sets" and cands and _subjects(args, raw):
        # each subject's goal rows split on their own (_per_subject), within this goal's budget
        cache = {_key(rows): raw}
        parted = yield from _per_subject(rb, loaded, atom, args, ev, raw, budget, seconds_left, max_rows, points,
                                         cache, cands)
        if parted is not None:
            return Exact(parted[0], parted[1], True, "", root, _ranking(root, cands, {}), ev.count, True,
                         settled=True, covered=covered)
        first = ev.count   # not by subject: the whole goal split, what is left of the budget (the
        # look-ahead those splits evaluated counted once)
    sp = _splitter(rb, loaded, ev, cands, budget, seconds_left, raw, root)
    sp.cached = cache
    sp.first = first   # the tries of the inputs the proof found missing are not the split's own
    sp.prune = prune
    sp.learn = sp.sample = prune
    yield from sp.steps(root, is_root=True)
    ls = list(leaves(root))
    settled_by_leaves = bool([leaf for leaf in ls if not leaf.decided]) and witnessed([leaf.status for leaf in ls])
    if engine == "pydatalog" and (settled_by_leaves or not [leaf for leaf in ls if not leaf.decided]):
        _reevaluate(Evaluator(rb, atom, args, "pydatalog", max_rows), ls, sp.base)
        settled_by_leaves = bool([leaf for leaf in ls if not leaf.decided]) and witnessed([leaf.status for leaf in ls])
    # open leaves whose answer the others witness (`witnessed`) leave the answer exact
    open_leaves = [leaf for leaf in ls if not leaf.decided and not settled_by_leaves]
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
    settled: tuple | None = None   # (answer, bindings)
    if apart and engine == "sets" and open_leaves and sp.exhausted and not sp.stop_reason_time():
        # past the budget: each entity's rows split on their own (one budget for all of them)
        joined = yield from _by_entity(rb, loaded, atom, args, ev, raw, budget, seconds_left, prune, max_rows, points)
        if joined is not None:
            return Exact(joined[0], joined[1], True, "", root, ranking, ev.count, bool(root.children), settled=True,
                         covered=covered)
    if open_leaves and settle and sp.cands:
        settled = probe_many(rb, atom, args, [(loaded, raw)], budget=budget, max_rows=max_rows)[0].settled
    if settled is not None:
        settled_answer, settled_bindings = settled
        return Exact(settled_answer, settled_bindings, True, "", root, ranking, ev.count, bool(root.children),
                     settled=True, covered=covered)
    if open_leaves and not sp.exhausted and not cone and given_cands is None and not witness_first \
            and cone_helps(rb, loaded, atom, sp.blocked, order, named):
        # refused an input only for what a rule outside the goal does with it: split again with the
        # inputs traced through the goal's own rules, on what is left of the budget and the time;
        # kept only when exact (otherwise this answer, with the second try's reason)
        left = None if seconds_left is None else seconds_left - (time.monotonic() - started)
        if left is None or left > 0:
            again = yield from exact_steps(rb, loaded, atom, args, ev, engine, order, budget, left, settle, prune,
                                           max_rows, apart, points, cone=True)
            if again.exact:
                return again
            if again.exhausted:
                # the input can be split, but the second try ran past the budget or the time: say so
                reason = again.reason
    # settled by open leaves (witnessed): like completions, the split does not show which inputs decide
    return Exact(answer, bindings, not open_leaves, reason, root, ranking, ev.count, bool(root.children),
                 settled=settled_by_leaves, covered=covered, exhausted=bool(open_leaves and reason == sp.exhausted
                                                                          and sp.exhausted))



def _near(rb: Rulebase, loaded: Case, atom: Atom, args: Sequence, raw: tuple, cands: list) -> list:
    """The candidates the goal's rows about its subjects can read (relevance.relevant): the subject
    the question names, or those of the case's possible rows."""
    subjects = {args[0]} if args and args[0] is not None else {row[0] for row in raw[1]}
    if not subjects or any(v is UNKNOWN for v in subjects):
        return cands
    # the computed rows' joins only add entities: a cut without them that drops nothing drops nothing with them
    first = relevant(rb, loaded, atom.key, subjects, lambda key: [], cands)
    if len(first) == len(cands):
        return cands      # the case's own rows join every candidate's entity: no need of the possible rows
    view = Possible(rb, loaded, atom)
    return relevant(rb, loaded, atom.key, subjects, view.rows, cands)


# -- each entity's rows on their own ----------------------------------------------------------------
#
# A goal `forfeiture(V, Min, Max)` over two vehicles whose amounts move with their own inputs: one
# split multiplies the branches of the two (13 x 13 values of two weights); the rows of each vehicle
# split alone (the goal's rows projected on V = v) add them. Each row's status (certain in every
# completion, possible in some) is the row's own: the union of the entities' bindings is exact. The
# answer: FALSE when no entity has a possible row; TRUE when one has a row in every completion;
# otherwise UNDETERMINED needs one completion without any row, found by joining a decided leaf
# without rows of each entity whose choices agree (and that no @implies rules out); when none is
# found the answer stays the one past the budget (not exact).


def _projected(gen: Steps, keep: Callable[[tuple], bool]) -> Generator[list, list, Any]:
    """Drive a `steps` generator on the goal's rows that `keep` keeps (the others dropped from every
    status it is sent); returns its value."""
    try:
        asked = next(gen)
        while True:
            got = yield asked
            asked = gen.send([(frozenset(r for r in c if keep(r)), frozenset(r for r in p if keep(r)))
                              for c, p in got])
    except StopIteration as done:
        return done.value


def _by_entity(rb: Rulebase, loaded: Case, atom: Atom, args: Sequence, ev: Evaluator, raw: tuple,
               budget: int, seconds_left: float | None, prune: bool, max_rows: int,
               points: dict | None = None) -> Steps:
    """(answer, bindings) with each value of the goal's first argument split on its own, or None
    when that does not finish within one more budget, or gives no exact answer (module note above)."""
    if not args or args[0] is not None:
        return None
    values = {row[0] for row in raw[1]}
    if len(values) < 2 or any(v is UNKNOWN for v in values):
        return None
    start = ev.count
    parts = []
    for v in sorted(values, key=repr):
        if start + budget - ev.count <= 1:
            return None
        gen = exact_steps(rb, loaded, atom, args, ev, "sets", (), start + budget, seconds_left, False, prune=prune,
                          max_rows=max_rows, apart=False, points=points)
        sub = yield from _projected(gen, _first_is(v))
        if not sub.exact:
            return None
        parts.append(sub)
    return _joined(rb, loaded, atom, parts)


def _first_is(value: Any) -> Callable[[tuple], bool]:
    def keep(row: tuple) -> bool:
        return bool(row[0] == value)
    return keep


def _no_row_anywhere(rb: Rulebase, loaded: Case, roots: list) -> bool:
    """Whether decided leaves without rows, one in each tree, agree on every input they choose (and
    no @implies rules the joined choices out): a completion with no row of any entity."""
    options = []
    for root in roots:
        found = []
        for leaf in leaves(root):
            if leaf.decided and not leaf.status[1]:
                chosen = {u.index: (u, c) for u, c in leaf.path}
                chosen.update({f[0].index: (f[0], f[1]) for f in leaf.forced})
                found.append(chosen)
        if not found:
            return False
        options.append(found)

    def join(i: int, so_far: dict) -> bool:
        if i == len(options):
            rows: list = list(loaded.rows)
            for u, c in so_far.values():
                rows = assign(rows, u, c)
            return not broken(rb.checked, loaded, _live(rows))
        for chosen in options[i][:64]:
            if all(so_far[k][1] == c for k, (_, c) in chosen.items() if k in so_far):
                if join(i + 1, {**so_far, **chosen}):
                    return True
        return False
    return join(0, {})


# -- each subject's rows split on their own, before the whole goal (the batch path) -------------------
#
# The same method as _by_entity, within the goal's own budget and first: a goal open for several
# subjects (`forfeiture(V, Min, Max)` for two vehicles, each with its own unknown weights) is split
# once for each subject's rows (the goal's rows whose first value is that subject), so two vehicles
# of 8 branches each cost 16 branches, not the 64 of one tree over both. It needs no proof that the
# subjects' unknown inputs are disjoint: each subject's split is exact for that subject's rows
# whatever they read, and a subject's split splits only on the inputs that move its own rows (its
# root's look-ahead ranks the others as moving nothing). What is shared: every variant evaluated
# (the case itself, the look-ahead of every candidate on all its values) is kept with the whole
# goal's rows (`cache`) and evaluated once, each split reading its own subject's rows from it, and
# counting against the budget only what it evaluates anew (Splitter.cached). When a subject's split
# does not finish, or an undetermined answer finds no completion without any row, the goal is split
# whole as before, on what is left of the budget.


def _subjects(args: Sequence, raw: tuple) -> bool:
    """Whether the goal asks for its first value (a subject) and the case's three-valued rows hold
    two or more of them, none unknown (each then split on its own: _per_subject)."""
    if not args or args[0] is not None:
        return False
    values = {row[0] for row in raw[1]}
    return len(values) > 1 and not any(v is UNKNOWN for v in values)


def _key(rows: Iterable) -> tuple:
    """A variant (or the case's rows) as a value: its live rows' contents, in order."""
    return tuple((r.pred, r.args, r.known) for r in rows if r is not None)


def _cached(gen: Steps, cache: dict, keep: Callable[[tuple], bool]) -> Steps:
    """Drive a `steps` generator on the goal's rows that `keep` keeps: the variants it asks for that
    `cache` holds are answered from it, the others asked for (once each) and kept there with the
    whole goal's rows; returns its value."""
    try:
        asked = next(gen)
        while True:
            keys = [_key(v) for v in asked]
            new: dict = {}
            for k, v in zip(keys, asked):
                if k not in cache and k not in new:
                    new[k] = v
            if new:
                got = yield list(new.values())
                cache.update(zip(new, got))
            asked = gen.send([(frozenset(r for r in cache[k][0] if keep(r)),
                               frozenset(r for r in cache[k][1] if keep(r))) for k in keys])
    except StopIteration as done:
        return done.value


def _per_subject(rb: Rulebase, loaded: Case, atom: Atom, args: Sequence, ev: Evaluator, raw: tuple,
                 budget: int, seconds_left: float | None, max_rows: int, points: dict | None, cache: dict,
                 cands: list) -> Steps:
    """(answer, bindings) with each subject's rows split on its own within the budget, or None
    when one of those splits does not finish or they give no exact answer (module note above)."""
    parts = []
    for v in sorted({row[0] for row in raw[1]}, key=repr):
        if budget - ev.count <= 1:
            return None
        mine = [copy.copy(u) for u in cands]   # a split marks its candidates (relevant, why)
        gen = exact_steps(rb, loaded, atom, args, ev, "sets", (), budget, seconds_left, False, prune=True,
                          max_rows=max_rows, points=points, cache=cache, given_cands=mine)
        sub = yield from _cached(gen, cache, _first_is(v))
        if not sub.exact:
            return None
        parts.append(sub)
    return _joined(rb, loaded, atom, parts)


def _joined(rb: Rulebase, loaded: Case, atom: Atom, parts: list) -> tuple | None:
    """(answer, bindings) of the goal from the exact splits of its subjects' rows (each a partition
    of the completions): a row is certain when it is certain in every leaf of its subject's tree,
    possible when it is possible in one; None when the answer would be undetermined and no
    completion without any row is found (_no_row_anywhere)."""
    every: set = set()
    some: set = set()
    for sub in parts:
        ls = [leaf.status for leaf in leaves(sub.root)]
        every |= set.intersection(*(set(c) for c, _ in ls))
        some |= set().union(*(set(p) for _, p in ls))
    _, bindings = combine_parts(atom, every, some)
    if not some:
        return "false", bindings
    if any(sub.answer == "true" for sub in parts):
        return "true", bindings
    if _no_row_anywhere(rb, loaded, [sub.root for sub in parts if sub.answer != "false"]):
        return "undetermined", bindings
    return None


def _reevaluate(ev: Evaluator, ls: list, base: Any) -> None:
    """Each leaf's status again on another engine (the reference): same rows, same blanking."""
    for leaf in ls:
        raw = ev.many([_live(leaf.rows)])[0]
        leaf.decided = _decided(raw)
        if _needs_alt(leaf.path):
            alt = ev.many([_live(_alt_rows(leaf.rows, leaf.path))])[0]
            leaf.decided = leaf.decided and _decided(alt)
            raw = _merge(raw, alt, _positions(leaf.path), base, leaf.path)
        leaf.status = raw


def _ranking(root: Node, cands: Sequence[Unknown], scores: dict) -> list:
    """Inputs the split used (the deciding facts), the root's split first and then by how many
    branches they split; then the others by how many of their values decide the answer."""
    used: dict = {}

    def walk(node: Node, depth: int) -> None:
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
