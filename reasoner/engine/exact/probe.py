"""A few completions of a case's unknown inputs, to settle an exact answer without splitting.

The split (engine/exact/split.py) is exact when every branch it opens is decided; it costs one evaluation
per branch and falls back to the three-valued answer past its budget. Before it (batch) or after
it (ask, when it did not finish), *completions* (every splittable unknown input given one of its
values; inputs that cannot be split stay unknown) tell, at one evaluation each:

- **A completion the three-valued engine leaves open: no split can finish.** The engine is
  monotone in what is known (a stated input only adds certain rows and removes possible ones), so
  the branch of the split that holds that completion, with fewer inputs stated, is open too; the
  split ends with an open leaf (no input left) or past its budget, and falls back either way.
  Batch then falls back without splitting (the reason it gives names an input that cannot be
  split, where there is one, rather than the budget).
- **Monotone inputs.** A boolean input read under an even number of `not`s on every path from the
  goal (`signs`) only adds rows when stated true; under odd numbers, only removes them. With such
  inputs at the value that helps (or works against) the goal and the other inputs unknown, the
  possible rows bound every completion's rows from above (and the certain rows from below): a
  tighter root, FALSE when nothing is possible. When the other inputs have at most ENUMERATE / 2
  combinations, each combination with the monotone inputs at both ends is an enumeration: its
  rows are the exact answer.
- **Witnesses.** Every evaluated assignment witnesses, even one that leaves inputs unknown (the
  monotone ends, a search's partial assignments): the three-valued engine is sound for every
  completion extending it, so a row certain there holds in some completion, and a row not even
  possible there (no UNKNOWN among its possible rows) fails in some completion. When every row the
  bound leaves possible holds in a witness, every row it does not make certain fails in one, and,
  when it makes none certain, some witness has no row at all, that is the exact answer (`witnessed`).
  Not when an input the goal's values come from stands for an interval (the split reports such
  values as unknown).

Where two facts the law's `@implies` ties are both unknown (facts/constraints.py), a completion may
be a world no case can have (`Worlds`): each completion is then made as the split makes its branches
(a choice fills in what it forces) and one that still breaks an implication is not evaluated; an
assignment witnesses only when some world extends it (the monotone ends still bound every world:
a bound over every completion is one over the worlds); an enumeration whose ends are not all
worlds is not used.

The assignments: all monotone inputs helping, all against, six more mostly helping (the others at
random, fixed seed: `ask` and `batch` evaluate the same completions); then, for each candidate row
no assignment made certain yet, a search sets the inputs that are not monotone a block at a time
(BLOCK, each at its first value, halved where the row stops being possible, down to one input that
then takes another value). At most MOST evaluations a goal; none when the split's budget is
smaller (tests that set a tiny budget see the split's fallback). The assignments are handed to the
evaluation as worlds.Assignments over the shared monotone ends (or the search's prefix), so each
holds only what differs.
"""
from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import random
from ...core.record import record

from ...language.ast import Negative, Positive
from ...core.deadline import DEFAULT_MAX_ROWS
from ...core.values import UNKNOWN
from .unknowns import combine, cone_helps, DEFAULT_BUDGET, unknowns
from ...facts.constraints import implications, kind_of, live, truth_of
from ...facts.rows import FactRow
from ..worlds import Assignment, evaluate_groups

if TYPE_CHECKING:
    from ...language.ast import Atom, Key
    from ...language.checks import CheckedProgram
    from ..rulebase import Rulebase
    from .unknowns import Unknown

# one goal's probe as a generator (_job): yields lists of assignments to evaluate, is sent their
# (certain, possible) goal rows, returns the Probe
Job = Generator[list, Any, "Probe"]

COMPLETIONS = 8          # first completions per open goal (6, 8, 12 tried on 1,000 generated cases; 4, 6, 8
                         # again on 4,000 with the worlds evaluation: fewer leave more goals to the split,
                         # and 8 was both the fastest and the most exact)
ENUMERATE = 16           # at most this many completions for an enumeration (`enumeration`)


@record
class Probe:
    open: bool                # some completion is left undetermined: the split cannot finish
    settled: tuple | None     # (answer, bindings) when the completions settle the exact answer
    evaluations: int
    why: str = ""             # an input of the goal that cannot be split, and why (for an open probe)
    split: Any = None      # batch: the goal's exact.Exact when the split ran side by side with others
    # open only for an input refused for a rule outside the goal (unknowns.cone_helps): batch splits
    # the case at once with the inputs traced through the goal's own rules, and keeps that when exact
    cone: bool = False


def signs(checked: CheckedProgram, goal_key: Key) -> dict:
    """Input predicate key -> {+1, -1}: the parities of the `not`s on the paths from the goal's
    rules to the literals that read it."""
    cache = checked.analysis.probe_signs
    known: dict | None = cache.get(goal_key)
    if known is not None:
        return known
    seen: set = set()
    todo = [(goal_key, 1)]
    out: dict = {}
    while todo:
        key, sign = todo.pop()
        if (key, sign) in seen:
            continue
        seen.add((key, sign))
        out.setdefault(key, set()).add(sign)
        for rule in checked.derived.get(key, ()):
            for lit in rule.body:
                if isinstance(lit, Positive):
                    todo.append((lit.atom.key, sign))
                elif isinstance(lit, Negative):
                    todo.append((lit.atom.key, -sign))
    cache[goal_key] = out
    return out


def _draws(checked: CheckedProgram, goal_key: Key, cands: Sequence[Unknown], count: int) -> Iterator[tuple[int, list]]:
    """Per completion k < count: [(Unknown, its monotone sign, its Choice, or None where a monotone
    input is at its end: helping, or against for k = 1)], drawn with a fixed seed: the first two
    have every monotone input at its end, the others three in four; the rest at random."""
    sign = signs(checked, goal_key)
    rng = random.Random(len(cands))
    mono = [monotone(sign, u) for u in cands]
    for k in range(count):
        yield k, [(u, m, None if m and (k < 2 or rng.random() < 0.75) else u.choices[rng.randrange(len(u.choices))])
                  for u, m in zip(cands, mono)]


def completions(checked: CheckedProgram, goal_key: Key, cands: Sequence[Unknown], count: int = COMPLETIONS) -> list:
    """`count` completions of the splittable unknown inputs `cands`: [[(Unknown, Choice)]]."""
    return [[(u, c if c is not None else u.choices[0] if (m > 0) == (k != 1) else u.choices[-1])
             for u, m, c in drawn] for k, drawn in _draws(checked, goal_key, cands, count)]


def chained(checked: CheckedProgram, goal_key: Key, cands: Sequence[Unknown], helping: Assignment,
            against: Assignment, count: int = COMPLETIONS) -> list:
    """completions(...) as worlds.Assignments over the Assignments `helping` and `against` (the
    monotone inputs at their two ends): the same completions, each holding only what differs from
    its end (the inputs that are not monotone, and the monotone ones drawn at random)."""
    return [assignment([(u, c) for u, _, c in drawn if c is not None], against if k == 1 else helping)
            for k, drawn in _draws(checked, goal_key, cands, count)]


def monotone(sign: dict, u: Unknown) -> int:
    """+1 / -1: the boolean input `u` only helps / only works against the goal; 0 otherwise."""
    got = u.__dict__.get("_monotone")
    if got is not None and got[0] is sign:
        cached: int = got[1]
        return cached
    s = sign.get((u.row.pred, len(u.row.args)), set())
    out = next(iter(s)) if u.decl.arity == 1 and len(s) == 1 else 0
    u.__dict__["_monotone"] = (sign, out)   # kept on the input (not a field of it)
    return out


def enumeration(sign: dict, cands: Sequence[Unknown], limit: int = ENUMERATE) -> list | None:
    """Completions that give the exact answer by themselves, or None when there would be more
    than `limit`: every combination of the values of the inputs that are not monotone, each with
    the monotone ones all at the helping value and all at the other. A stratified program's rows
    only grow with a fact read under an even number of `not`s on every path, and only shrink with
    one read under odd numbers, so, the other inputs fixed, the first completion has every row
    some completion has and the second only the rows all of them have."""
    rest = [u for u in cands if not monotone(sign, u)]
    if any(not c.point and u.taint for u in rest for c in u.choices):
        return None   # values from an interval reach the goal: the split reports them as unknown
    combos: list[list] = [[]]
    for u in rest:
        combos = [combo + [(u, c)] for combo in combos for c in u.choices]
        if 2 * len(combos) > limit:
            return None
    signed = [(u, monotone(sign, u)) for u in cands]
    signed = [(u, m) for u, m in signed if m]
    out = []
    for combo in combos:
        for helping in (True, False):
            fixed = {u.index: (u, u.choices[0] if (m > 0) == helping else u.choices[-1]) for u, m in signed}
            fixed.update({u.index: (u, c) for u, c in combo})
            out.append([fixed[u.index] for u in cands])
    return out


def judge(atom: Atom, root: tuple, statuses: Sequence[tuple], cands: Sequence[Unknown], complete: bool = False,
          partial: Iterable[tuple] = ()) -> Probe:
    """What the completions' (certain, possible) goal rows say, given the root's; `complete`: the
    completions are an enumeration (their rows are the exact answer); `partial`: the rows of
    assignments that leave some splittable inputs unknown (witnesses, never a sign of an open
    completion)."""
    n = len(statuses)
    decided = [(c, p) for c, p in statuses if c == p]
    is_open = len(decided) < n
    if complete:
        return Probe(is_open, None if is_open else combine(atom, decided), n)
    if any(not c.point and u.taint for u in cands for c in u.choices):
        return Probe(is_open, None, n)   # values from an interval reach the goal
    settled = witnessed(atom, root, list(statuses) + list(partial))
    if settled is not None:
        return Probe(False, settled, n)
    return Probe(is_open, None, n)


def witnessed(atom: Atom, bound: Iterable[tuple], statuses: Iterable[tuple]) -> tuple | None:
    """(answer, bindings) when the evaluated assignments witness the exact answer, else None.

    An assignment may leave inputs unknown (those it does not set, and those that cannot be
    split): the three-valued engine is sound for every completion that extends it, so a row
    certain there holds in some completion, and a row not even possible there fails in some
    completion (when no possible row there holds UNKNOWN, which could stand for it). The exact
    answer is then the bound's: every possible row of the bound is a candidate when each holds
    in some completion, a candidate is true when it is certain in the bound (every completion)
    and each other fails in some completion, and the answer is TRUE when the bound has a certain
    row, UNDETERMINED when some completion has no row at all."""
    certain, possible = bound
    if any(UNKNOWN in r for r in possible):
        return None
    to_hold = set(possible)
    to_fail = set(possible) - set(certain)
    need_empty = not certain
    for c, p in statuses:
        if to_hold:
            to_hold.difference_update(c)
        if any(UNKNOWN in r for r in p):
            continue
        if to_fail:
            to_fail.intersection_update(p)
        if need_empty and not p:
            need_empty = False
    if to_hold or to_fail or need_empty:
        return None
    base = frozenset(certain)
    leaves = [(base | {r}, base | {r}) for r in possible]
    if not certain:
        leaves.append((frozenset(), frozenset()))
    return combine(atom, leaves)


def assignment(comp: Iterable[tuple], parent: Assignment | None = None) -> Assignment:
    """The completion as a worlds.Assignment (over `parent`'s, when given): (position in the case's
    rows, the input's row with the completion's value, or None for a false or "none" value: the
    row goes). Each input's pairs are made once a value (kept on the Unknown) and shared by the
    completions that choose it."""
    out = []
    for u, c in comp:
        made = u.__dict__.get("_pairs")
        if made is None:
            made = u._pairs = {}
        pair = made.get(id(c))     # the input's choices live as long as it does
        if pair is None:
            value = c.value
            if value is None:
                pair = (u.index, None)
            else:
                old = u.row
                args = (old.args[0],) if len(old.args) == 1 else (old.args[0], value)
                pair = (u.index, FactRow(old.pred, args, True, old.loc, old.attribute))
            made[id(c)] = pair
        out.append(pair)
    return Assignment(out, parent)


def probe_many(rb: Rulebase, atom: Atom, args: Sequence, jobs: Sequence[tuple], program: Any = None,
               budget: int | None = None, max_rows: int = DEFAULT_MAX_ROWS) -> list:
    """A Probe per (loaded case, root status) of `jobs`, the completions of all of them evaluated
    together, round by round, on the batch engine (engine/batch.py: one evaluation for many cases'
    goals; `program`: the batch pass's BatchProgram, when it has the goal). At most MOST
    evaluations a goal, and none when the split's `budget` is smaller than that (the probe is
    bounded like the split, by the same number, separately). max_rows: the row budget (the settings' rows)."""
    if (DEFAULT_BUDGET if budget is None else budget) < MOST:
        return [Probe(False, None, 0) for _ in jobs]   # a budget smaller than the probe's own: no probe
    if program is None:
        program = rb.batch_program([atom.key])   # the batch pass's own plans (its root statuses)
    goal = (atom.pred, tuple(args))
    sign = signs(rb.checked, atom.key)
    running = {}    # job -> (generator, the assignments it asked for)
    out: list = [None] * len(jobs)
    counts = [0] * len(jobs)
    why = [""] * len(jobs)
    paired = [False] * len(jobs)
    coned = [False] * len(jobs)
    cache: dict = {}     # the cases' rows as the worlds' tuples, once a case
    for j, (loaded, root) in enumerate(jobs):
        found = unknowns(rb, loaded, atom)
        # two unknown values compared with each other (unknowns.py, Unknown.leader): a completion
        # leaves the one split after the other unknown, so one left open does not show the split
        # cannot finish (what completions witness still stands)
        paired[j] = any(u.leader is not None for u in found)
        # one left open by an input refused only for a rule outside the goal shows that the split
        # cannot finish with these candidates, not with those traced through the goal's own rules
        # (unknowns.cone_helps): batch splits such a case with those at once (Probe.cone)
        coned[j] = cone_helps(rb, loaded, atom, found)
        cands = [u for u in found if u.choices]
        blocked = [u for u in found if not u.choices and u.why]
        if blocked:
            u = blocked[0]
            why[j] = f"{u.row.pred} of {u.entity} cannot be split exactly: {u.why}"
        if not cands:
            out[j] = Probe(False, None, 0)
            continue
        # two facts an @implies ties are both unknown: a completion may be a world no case can have;
        # only assignments that some world extends witness (Worlds)
        cons = Worlds(rb.checked, loaded, cands) if live(rb.checked, loaded, loaded.rows) else None
        gen = _job(rb.checked, atom, root, cands, sign, cons)
        running[j] = (gen, next(gen))
    while running:
        groups, spans, size = [], [], 0
        for j, (gen, asked) in running.items():
            rows = jobs[j][0].rows
            groups.append((rows, [one if type(one) is Assignment else assignment(one) for one in asked]))
            spans.append((j, size, size + len(asked)))
            size += len(asked)
            counts[j] += len(asked)
        statuses = [None if isinstance(r, Exception) else r for r in evaluate_groups(program, goal, groups, cache, max_rows)]
        for j, a, b in spans:
            gen = running[j][0]
            got = statuses[a:b]
            if any(g is None for g in got):         # past the row budget: no probe
                out[j] = Probe(False, None, counts[j])
                del running[j]
                continue
            try:
                asked = gen.send(got)
                if counts[j] + len(asked) > MOST:
                    raise _Stop
                running[j] = (gen, asked)
            except StopIteration as stop:
                out[j] = stop.value
                del running[j]
            except _Stop:
                out[j] = _last(gen)
                del running[j]
    for j, probe in enumerate(out):
        if paired[j] and probe.open:
            out[j] = probe = Probe(False, None, 0)
        probe.evaluations = counts[j]
        probe.why = why[j]
        probe.cone = coned[j] and probe.open
    return out


class _Stop(Exception):
    pass


def _last(gen: Job) -> Probe:
    """The job's probe so far, when it would pass MOST evaluations."""
    try:
        gen.throw(_Stop)
    except StopIteration as stop:
        probe: Probe = stop.value
        return probe
    except _Stop:
        pass
    return Probe(False, None, 0)


def _job(checked: CheckedProgram, atom: Atom, root: tuple, cands: Sequence[Unknown], sign: dict,
         cons: Worlds | None = None) -> Job:
    """One goal's probe: yields lists of assignments ([(Unknown, Choice)], inputs left out stay
    unknown), is sent their (certain, possible) goal rows, returns the Probe. `cons`: the case's
    @implies are live (Worlds): every completion evaluated is made to follow them, and an
    assignment witnesses only when some world the case can have extends it."""
    ok = (lambda a: True) if cons is None else cons.valid
    full = enumeration(sign, cands)
    if full is not None and cons is not None and not all(ok(assignment(c)) for c in full):
        full = None     # an end of the enumeration is no world: its rows are no answer
    if full is not None:
        got = list((yield full[:1]))
        if got[0][0] != got[0][1]:
            return Probe(True, None, 0)     # open: the split cannot finish
        got += yield full[1:]
        return judge(atom, root, got, cands, complete=True)
    mono = [u for u in cands if monotone(sign, u)]
    rest = [u for u in cands if not monotone(sign, u)]
    helping = assignment([(u, u.choices[0] if monotone(sign, u) > 0 else u.choices[-1]) for u in mono])
    against = assignment([(u, u.choices[-1] if monotone(sign, u) > 0 else u.choices[0]) for u in mono])
    prefix = helping      # where the witness searches start
    if cons is None:
        first = chained(checked, atom.key, cands, helping, against)
    else:
        # each completion as the choices make it, in order, with what each forces filled in; one that
        # still breaks an @implies is no world and is not evaluated
        first = [assignment(cons.follow(comp)) for comp in completions(checked, atom.key, cands)]
        first = [a for a in first if ok(a)]
        prefix = assignment(cons.follow([(u, c) for u, c in helping_choices(sign, mono)]))
        rest = [u for u in rest if u.index not in prefix.at()]
    # the monotone inputs at their two ends, the others unknown: every completion's rows are within
    # the first's possible rows and hold the second's certain rows (a tighter root; a bound over
    # every completion, worlds or not, is a bound over the worlds)
    if mono:
        got = yield [helping, against] + first[:2]
        high, low = got[0], got[1]
        # they witness too, though they leave inputs unknown (when some world extends them)
        partial = [g for g, a in zip(got[:2], (helping, against)) if ok(a)]
        seen = list(got[2:])
    else:           # no monotone input: both ends are the case itself, whose rows the root holds
        high = low = root
        partial = []
        seen = list((yield first[:2])) if first[:2] else []
    bound = (frozenset(set(root[0]) | set(low[0])), frozenset(set(root[1]) & set(high[1])))
    if not bound[1]:
        return Probe(False, judge_false(atom), 0)
    probe = judge(atom, bound, seen, cands, partial=partial)
    try:
        if probe.open or probe.settled is not None:
            return probe
        if first[2:]:
            seen += yield first[2:]
        probe = judge(atom, bound, seen, cands, partial=partial)
        if probe.open or probe.settled is not None:
            return probe
        # a witness for each candidate row no completion reached yet: the inputs that are not monotone
        # one at a time, each at a value that keeps the row possible (made certain: done)
        for row in sorted(bound[1] - set().union(*(c for c, _ in seen + partial)), key=repr):
            if any(row in c for c, _ in partial):
                continue          # made certain by an earlier search
            yield from _witness(row, prefix, rest, partial, ok)
            probe = judge(atom, bound, seen, cands, partial=partial)
            if probe.open or probe.settled is not None:
                return probe
        return probe
    except _Stop:
        return probe


def helping_choices(sign: dict, mono: Sequence[Unknown]) -> list:
    """[(Unknown, Choice)]: the monotone inputs at the value that helps the goal."""
    return [(u, u.choices[0] if monotone(sign, u) > 0 else u.choices[-1]) for u in mono]


class Worlds:
    """The law's @implies (facts/constraints.py) over one case's completions, while two facts one
    ties are both unknown: `follow` makes a completion follow them (each choice, in order, fills in
    what it forces, as the split does), `valid` says whether some world the case can have extends an
    assignment (what it leaves unknown filled in: forced facts first, then any other fact an
    @implies names taken as false, which breaks no `p then q` by itself; a fact that cannot be
    filled that way makes it no witness, which only costs exactness). The implications are read
    once a case, as (implication, entity, the positions of each side's rows): an assignment only
    replaces rows at their positions."""

    def __init__(self, checked: CheckedProgram, loaded: Any, cands: Sequence[Unknown]) -> None:
        self.rows = list(loaded.rows)
        self.slots: dict = {}
        for u in cands:
            self.slots.setdefault((u.row.pred, u.entity), []).append(u)
        self.preds = frozenset(side.pred for imp in implications(checked) for side in (imp.first, imp.then))
        index: dict = {}
        for i, r in enumerate(self.rows):
            if r is not None and r.args:
                index.setdefault((r.pred, r.args[0]), []).append(i)
        self.pairs = []      # (implication, entity, first side's positions, then side's positions)
        self.never = False   # the case's own rows break one: no completion is a world
        for imp in implications(checked):
            for e, k in (getattr(loaded, "entities", None) or {}).items():
                if k != kind_of(checked, imp.first):
                    continue
                first = tuple(i for i in index.get((imp.first.pred, e), ()) if len(self.rows[i].args) == imp.first.arity)
                then = tuple(i for i in index.get((imp.then.pred, e), ()) if len(self.rows[i].args) == imp.then.arity)
                if any(not self.rows[i].known for i in first + then):
                    self.pairs.append((imp, e, first, then))
                elif _truth(imp.first, first, self.rows) is True and _truth(imp.then, then, self.rows) is False:
                    self.never = True

    def _forced(self, rows: Sequence) -> list:
        """[(literal, entity, holds, positions)]: as constraints.forced, over the pairs."""
        out = []
        for imp, e, first, then in self.pairs:
            a, b = _truth(imp.first, first, rows), _truth(imp.then, then, rows)
            if a is True and b is None:
                out.append((imp.then, e, True, then))
            elif b is False and a is None:
                out.append((imp.first, e, False, first))
        return out

    def _broken(self, rows: Sequence) -> bool:
        return self.never or any(_truth(imp.first, first, rows) is True and _truth(imp.then, then, rows) is False
                                 for imp, _, first, then in self.pairs)

    def _live(self, rows: Sequence) -> bool:
        return any(_truth(imp.first, first, rows) is None and _truth(imp.then, then, rows) is None
                   for imp, _, first, then in self.pairs)

    def follow(self, comp: Iterable[tuple]) -> list:
        """[(Unknown, Choice)]: the completion's choices in order, each but those an earlier one
        forced, and the choices the forced facts take."""
        rows = list(self.rows)
        chosen: dict = {}
        order: list = []
        for u, c in comp:
            if u.index in chosen:
                continue
            chosen[u.index] = (u, c)
            order.append(u.index)
            rows[u.index] = _row(u, c)
            if u.row.pred not in self.preds:
                continue
            moved = True
            while moved:
                moved = False
                for lit, entity, holds, _ in self._forced(rows):
                    value = holds != lit.negated
                    for v in self.slots.get((lit.pred, entity), ()):
                        fc = forced_choice(v, lit, value)
                        if v.index in chosen or fc is None:
                            continue
                        chosen[v.index] = (v, fc)
                        order.append(v.index)
                        rows[v.index] = _row(v, fc)
                        moved = True
        return [chosen[i] for i in order]

    def valid(self, a: Assignment) -> bool:
        """Whether some world the case can have extends the assignment (found greedily: False may
        only cost a witness)."""
        rows: list = list(self.rows)
        for i, r in a.changes().items():
            rows[i] = r
        for _ in range(len(rows) + 1):
            if self._broken(rows):
                return False
            must = self._forced(rows)
            if must:
                lit, entity, holds, slots = must[0]
                value = holds != lit.negated
                slots = [i for i in slots if rows[i] is not None and not rows[i].known]
                if not slots or (lit.arity == 2 and not value):
                    return False
                for i in slots:
                    rows[i] = None
                if value:
                    old = self.rows[slots[0]]
                    args = (entity,) if lit.arity == 1 else (entity, lit.value)
                    rows[slots[0]] = FactRow(lit.pred, args, True, old.loc, old.attribute)
                continue
            free = [i for _, _, first, then in self.pairs for i in first + then
                    if rows[i] is not None and not rows[i].known and len(rows[i].args) == 1]
            if not free:
                return not self._live(rows)
            for i in free:     # nothing forces them: all false at once (then checked again)
                rows[i] = None
        return False


def _truth(lit: Any, slots: Sequence[int], rows: Sequence) -> bool | None:
    """constraints.truth over the rows at `slots` (the literal's rows for one entity)."""
    return truth_of(lit, [rows[i] for i in slots if rows[i] is not None])


def _row(u: Unknown, c: Any) -> Any:
    """The input's row with the choice's value (None: the row goes)."""
    if c.value is None:
        return None
    old = u.row
    args = (old.args[0],) if len(old.args) == 1 else (old.args[0], c.value)
    return FactRow(old.pred, args, True, old.loc, old.attribute)


def forced_choice(u: Unknown, lit: Any, value: bool) -> Any:
    """The candidate's choice that makes the literal's input atom true (value) or false; None when
    none does (a valued input said false names no value to take)."""
    if lit.arity == 1:
        return next((c for c in u.choices if (c.value is not None) == value), None)
    if not value:
        return None
    return next((c for c in u.choices if c.point and c.value == lit.value), None)


BLOCK = 8    # inputs a witness search sets at once (then 4, 2, 1 where the row stops being possible)


def _witness(row: tuple, prefix: Assignment, rest: Sequence[Unknown], partial: list,
             ok: Any = None) -> Generator[list, Any, None]:
    """Search a completion in which `row` is certain: the inputs that are not monotone are set one
    block at a time, each at its first value, keeping the row possible; where a block makes it
    impossible, half of it is tried, down to one input, which then takes the first other value
    that keeps the row possible (certain: done). Every status is added to `partial`. `ok`: whether
    some world extends an assignment (the law's @implies, Worlds.valid); one that none extends
    witnesses nothing and is taken as a block that makes the row impossible."""
    todo = list(rest)
    size = BLOCK
    while todo:
        block = todo[:size]
        trial = assignment([(u, u.choices[0]) for u in block], prefix)
        got = yield [trial]
        fine = ok is None or ok(trial)
        if fine:
            partial += got
        certain, possible = got[0]
        if fine and row in certain:
            return
        if fine and row in possible:
            prefix, todo = trial, todo[len(block):]
            size = BLOCK
            continue
        if size > 1:
            size //= 2
            continue
        u = block[0]
        options = [assignment([(u, c)], prefix) for c in u.choices[1:]]
        if ok is not None:
            options = [a for a in options if ok(a)]
        if not options:
            return
        got = yield options
        partial += got
        if any(row in c for c, _ in got):
            return
        keep = next((k for k, (_, p) in enumerate(got) if row in p), None)
        if keep is None:
            return
        prefix, todo = options[keep], todo[1:]
        size = BLOCK


def judge_false(atom: Atom) -> tuple:
    return combine(atom, [(frozenset(), frozenset())])


MOST = 120
