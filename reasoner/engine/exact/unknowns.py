"""The unknown inputs of a case that an exact answer splits on, the default budget of a split, and
how the leaves' statuses combine into an answer (shared by the split, split.py, and the probe, probe.py)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ...core.record import record
from fractions import Fraction

from ...core.values import UNKNOWN, Day, TimeOfDay, normalize_number
from ...law.queries import variables
from .domains import NUMERIC, Flow, choices_at, domain_of, flow_of, leader_cuts, needed, pair_lines, star_lines
from ...language.ast import Positive

if TYPE_CHECKING:
    from ...language.checks import CheckedProgram
    from ...facts.case import Case
    from ...language.ast import Atom
    from ..rulebase import Rulebase

# branch evaluations per answer. Measured: every split of a bundled case file that finishes
# within 20,000 needs at most 101 (bench/exact_budget.md); on 2 x 4,000 generated cases
# (seeds 1, 2) 150 left 475 + 442 open goals exact against 475 + 444 with 200, with half the split
# evaluations (a split that cannot finish costs its whole budget)
DEFAULT_BUDGET = 150


@record
class Unknown:
    """One unknown input of the case: the row at `index` of the case's rows."""
    index: int
    row: Any
    decl: Any
    choices: tuple
    taint: frozenset          # goal positions whose values are computed from it
    why: str = ""             # why it cannot be split (no choices)
    nonlinear: bool = False   # a goal position gets a value computed from it non-linearly
    relevant: bool = False    # one of its values changes the answer at the root (look-ahead)
    # compared with another unknown input (its *leader*, split first: domains.py, pair_lines): the
    # leader's index in the case's rows, and its cuts as lines over the leader's value (choices
    # empty: they are the leader's choice's, split.follower_choices)
    leader: int | None = None
    lines: frozenset = frozenset()
    # goal positions where the question names a constant and every value of the goal there computed
    # from this input is one of its choices' own (question_values): a row the split leaves UNKNOWN
    # there (an interval's) is never the question's constant
    covered: frozenset = frozenset()
    # one entity's own inputs split together on what the goal's rules see of them (funnel.py): each
    # choice's value is ((input index, its choice), ...), the inputs' values of one completion
    members: tuple = ()

    @property
    def entity(self) -> str:
        entity: str = self.row.args[0]
        return entity


def unknowns(rb: Rulebase, loaded: Case, atom: Atom, order: Iterable = (), named: dict | None = None,
             cone: bool = False) -> list:
    """The case's unknown inputs the goal's rules can read, those named in `order` (attribute
    questions from the Kleene proof; the order is kept for callers, the split does not use it).
    named: goal position -> the constant the question names there (question_values): the values of
    each input that give it are choices of their own. cone: each input's values are traced through
    the goal's own rules alone (its dependency cone, domains.value_flow), not through every rule of
    the law: an input a rule outside the goal reads non-linearly (a permit's weight, from which a fee
    is computed by a table) can then be split for the goal; the split's second try (split.py,
    exact_steps), taken only where the first is refused such an input."""
    program = rb.set_engine([atom.key]).program
    used = program.base_used
    # the goal's derived predicates (program.order): what the rules outside them do with an input
    # is not read by this goal's evaluation (domains.value_flow); None: every rule of the law
    cone_keys = frozenset(program.order) if cone else None
    prog = rb.checked.program
    out = []
    derived = Possible(rb, loaded, atom)
    for i, row in enumerate(loaded.rows):
        if row.known or (used is not None and row.pred not in used):
            continue
        decl = prog.preds.get((row.pred, len(row.args)))
        if decl is None or not decl.is_input:
            continue
        flow = flow_of(rb.checked, decl.key, cone_keys) if decl.arity == 2 else None
        extra, covered = question_values(flow, decl, atom, named or {})
        choices, flow = domain_of(rb.checked, decl, loaded.entities, loaded.rows, derived, row.args[0], extra,
                                  cone_keys)
        taint: frozenset = frozenset()
        nonlinear = False
        if flow is not None:
            taint = frozenset(pos for pred, arity, pos in flow.outputs
                              if (pred, arity) == atom.key)
            nonlinear = any((pred, arity) == atom.key for pred, arity, _ in flow.nonlinear)
        if decl.key == atom.key and decl.arity == 2:
            # a question about the input itself reads its value directly: an interval's value is
            # never a binding of the answer (the split's _blank makes it UNKNOWN there)
            taint |= {1}
        out.append(Unknown(i, row, decl, choices, taint, flow.why if flow is not None and not choices else "",
                           nonlinear, covered=covered))
    out.sort(key=lambda u: u.index)
    _pair(rb, loaded, out, derived, cone_keys)
    return out


def question_values(flow: Flow | None, decl: Any, atom: Atom, named: dict) -> tuple[frozenset, frozenset]:
    """(the values of an input that give the goal the constants the question names, the goal positions
    where each of them is covered). `speed_mph(op1, 30)` names the speed 30; `p(op1, 35)` with
    `p(O, T) :- speed_mph(O, S), T = S + 5` names it too. A position is covered when every way the
    input's value reaches it is linear in the input alone (not relative to another value, not
    non-linear): then the input's choices hold the value as a point of its own, and no interval the
    split represents by another value contains it. A word reaches it only as itself."""
    if not named or decl.arity != 2:
        return frozenset(), frozenset()
    if decl.key == atom.key:
        return frozenset({named[1]}) if 1 in named else frozenset(), frozenset({1}) & set(named)
    if flow is None or not flow.carried:
        return frozenset(), frozenset()
    arity = len(atom.args)
    nonlinear = {pos for pred, ar, pos in flow.nonlinear if (pred, ar) == atom.key}
    extra: set = set()
    covered: set = set()
    for pos, k in named.items():
        forms = flow.forms.get((atom.pred, arity, pos), set())
        if not forms or pos in nonlinear:
            continue
        ok = True
        for a, b, terms in forms:
            if terms or not a:
                ok = False
            elif isinstance(k, str):
                if (a, b) == (1, 0):
                    extra.add(k)
                else:
                    ok = False
            else:
                v = _number(k)
                if v is None:
                    ok = False
                else:
                    extra.add(normalize_number((v - b) / a))
        if ok:
            covered.add(pos)
    return frozenset(extra), frozenset(covered)


def _number(v: Any) -> Fraction | None:
    if isinstance(v, (TimeOfDay, Day)):
        return Fraction(int(v))
    if isinstance(v, bool) or not isinstance(v, (int, Fraction)):
        return None
    return Fraction(v)


class Possible:
    """What the case's three-valued evaluation (the goal's rules, evaluated once, when first asked)
    tells the domains (domains.CaseView): the possible copy holds every completion's rows."""

    def __init__(self, rb: Rulebase, loaded: Case, atom: Atom) -> None:
        self.rb, self.loaded, self.atom = rb, loaded, atom
        self.rels: dict | None = None
        self.engine: Any = None
        self.cone: frozenset = frozenset()
        self.fired: dict = {}
        self.stated = {(r.pred, len(r.args)) for r in loaded.rows if r is not None}

    def _rows(self, key: tuple) -> list | None:
        """The possible rows of a computed predicate (without the case id); None outside the
        goal's rules."""
        if self.rels is None:
            self.engine = self.rb.set_engine([self.atom.key])
            # raises as the split's own evaluations do (time limit, row budget)
            self.rels = self.engine.evaluate_many([list(self.loaded.rows)])[0]
            self.cone = frozenset(self.engine.program.order)
        if key not in self.cone:
            return None
        r = self.rels.get((key[0], "p"))
        rows = r.rows if r is not None else ()
        if key in self.engine.program.global_preds:
            return [t for t in rows if len(t) == key[1]]
        return [t[1:] for t in rows if len(t) == key[1] + 1]

    def rows(self, key: tuple) -> list | None:
        """The possible rows of a computed predicate (without the case id: every completion's rows
        are among them); None outside the goal's rules."""
        return self._rows(key)

    def values(self, src: tuple, entity: str | None = None) -> frozenset | None:
        """Every value the case gives the position of a predicate the rules compute, in any world
        (the values of its possible rows; those about `entity` alone, when given); None when one of
        them is unknown (UNKNOWN: it moves with an unknown input) or not a number."""
        key, pos = src
        rows = self._rows(key)
        if rows is None:
            return None
        if entity is not None and key not in self.engine.program.global_preds:
            rows = [row for row in rows if row and row[0] == entity]
        out = set()
        for row in rows:
            v = row[pos]
            if v is UNKNOWN or isinstance(v, bool) or not isinstance(v, (int, Fraction)):
                return None
            out.add(Fraction(v))
        return frozenset(out)

    def fires(self, rule: Any) -> bool:
        """False when a positive literal of the rule has no row in any world: an input the case
        states no row of (known or unknown), or a predicate the goal's rules compute with no
        possible row; and when the rule is not one of the goal's rules (its head outside what the
        goal reads: it decides nothing the question asks, e.g. the estimate of s. 348.19 (1) (b)
        for a forfeiture)."""
        got = self.fired.get(id(rule))
        if got is None:
            self._rows(rule.head.key)     # the goal's rules (self.cone), evaluated once
            # (a question about an input itself reads no rule: every rule counts, as before)
            outside = self.atom.key in self.rb.checked.derived and rule.head.key not in self.cone
            got = self.fired[id(rule)] = not outside and all(
                self._has(lit.atom.key) for lit in rule.body if isinstance(lit, Positive))
        return got

    def _has(self, key: tuple) -> bool:
        checked = self.rb.checked
        decl = checked.program.preds.get(key)
        if decl is not None and decl.is_input:
            return key in self.stated
        if key not in checked.derived:
            return True      # an entity kind, a table of facts: not looked at
        rows = self._rows(key)
        return rows is None or bool(rows)


def cone_helps(rb: Rulebase, loaded: Case, atom: Atom, found: Sequence, order: Iterable = (),
               named: dict | None = None) -> bool:
    """Whether an input refused among `found` (unknowns: no choices, a reason) can be split when the
    inputs are traced through the goal's own rules alone (unknowns with `cone`): a rule outside the
    goal (a fee computed from a permit's weight by a table) was all that refused it. The goal's
    evaluation reads no rule outside its dependency cone, so only the cone's comparisons must come
    out the same inside an interval of the input (domains.value_flow). The split then tries again
    with those (split.py, exact_steps), and a completion left open by the first candidates does not
    show that it cannot finish (probe.py, probe_many)."""
    refused = {u.index for u in found if not u.choices and u.leader is None and u.why}
    if not refused:
        return False
    return any(u.index in refused and (u.choices or u.leader is not None)
               for u in unknowns(rb, loaded, atom, order, named, cone=True))


def _pair(rb: Rulebase, loaded: Case, found: list, derived: Possible, cone: frozenset | None = None) -> None:
    """Two numeric inputs each refused because a rule compares it with the other (`W > M`, both
    unknown): the one is split first (the leader, its cuts where the other's meet), the other at the
    cuts the leader's value fills in (domains.py, pair_lines); the leader is the one that makes the
    fewer branches (the follower's cuts that meet each other make the leader's points)."""
    checked = rb.checked
    taken: set = set()
    for u in found:
        if u.choices or u.index in taken or not _numeric(u):
            continue
        flow = flow_of(checked, u.decl.key, cone)
        if not flow.carried or not flow.relative:
            continue
        for v in found:
            if v is u or v.index in taken or not _numeric(v):
                continue
            vflow = flow_of(checked, v.decl.key, cone)
            if not vflow.carried:
                continue
            lines = pair_lines(checked, flow, loaded.rows, v.index, derived, u.entity)
            back = (pair_lines(checked, vflow, loaded.rows, u.index, derived, v.entity) if vflow.relative
                    else frozenset())
            if isinstance(lines, str) or isinstance(back, str) or not any(c for _, c in lines):
                continue
            own_u = _own(checked, flow, lines, derived)
            own_v = _own(checked, vflow, back, derived)
            ways = [w for w in (_orient(v, u, own_v, own_u, lines, back), _orient(u, v, own_u, own_v, back, lines))
                    if w is not None]
            if not ways:
                continue
            _, leader, follower, cuts, follows = min(ways, key=lambda w: w[0])
            leader.choices = choices_at(leader.decl.params[1].type, cuts)
            leader.why = follower.why = ""
            leader.covered = follower.covered = frozenset()   # their choices are the pair's cells
            leader.taint = follower.taint = leader.taint | follower.taint
            leader.nonlinear = follower.nonlinear = leader.nonlinear or follower.nonlinear
            follower.leader, follower.lines, follower.choices = leader.index, follows, ()
            taken |= {u.index, v.index}
            break
    _star(rb, loaded, found, derived, taken, cone)


def _star(rb: Rulebase, loaded: Case, found: list, derived: Possible, taken: set, cone: frozenset | None = None) -> None:
    """One numeric input compared with several others the case leaves unknown (the operating time
    against one permit's starting hour and another's ending hour; a found weight against the
    vehicle's maximum and a permit's weight), each of those compared with it alone: it leads, at
    its own cuts and where each follower's cuts meet one another, and each follower is split at its
    cuts filled in with the leader's value (as a pair, _pair). The followers are never compared with
    each other (each one's cuts read no unknown value but the leader's, domains.star_lines refuses
    a cut of the leader that reads two of them), so once the leader is chosen each cell of the
    plane (leader, follower) of each follower keeps every comparison the rules make."""
    checked = rb.checked
    left = [u for u in found if not u.choices and u.leader is None and u.index not in taken and _numeric(u)
            and flow_of(checked, u.decl.key, cone).carried and flow_of(checked, u.decl.key, cone).relative]
    if len(left) < 2:
        return
    best: tuple | None = None
    for lead in left:
        lflow = flow_of(checked, lead.decl.key, cone)
        follows: dict = {}
        for f in left:
            if f is lead:
                continue
            lines = pair_lines(checked, flow_of(checked, f.decl.key, cone), loaded.rows, lead.index, derived, f.entity)
            if not isinstance(lines, str) and any(c for _, c in lines):
                follows[f.index] = (f, lines)
        if len(follows) < 2:    # one: a pair, which _pair took or refused
            continue
        back = star_lines(checked, lflow, loaded.rows, frozenset(follows), derived, lead.entity)
        if isinstance(back, str) or set(back) - set(follows) - {None}:
            continue
        own_l = ({b for b, _ in back.get(None, ())}
                 | {Fraction(k) for k in lflow.cuts if not isinstance(k, bool) and needed(checked, lflow, ("c", k), derived)})
        cuts: set = set()
        lines_of: dict = {}
        fine = True
        for i, (f, lines) in follows.items():
            fflow = flow_of(checked, f.decl.key, cone)
            own_f = _own(checked, fflow, lines, derived)
            oriented = _orient(lead, f, own_l, own_f, lines, back.get(i, frozenset()))
            if oriented is None:
                fine = False
                break
            cuts |= oriented[3]
            lines_of[i] = oriented[4]
        if not fine:
            continue
        branches = (2 * len(cuts) + 1) * sum(2 * len(v) + 1 for v in lines_of.values())
        if best is None or (len(follows), -branches) > (len(best[1]), -best[3]):
            best = (lead, follows, frozenset(cuts), branches, lines_of)
    if best is None:
        return
    lead, follows, chosen, _, lines_of = best
    group = [lead] + [f for f, _ in follows.values()]
    lead.choices = choices_at(lead.decl.params[1].type, chosen)
    taint = frozenset().union(*(u.taint for u in group))
    nonlinear = any(u.nonlinear for u in group)
    for u in group:
        u.why = ""
        u.covered = frozenset()
        u.taint, u.nonlinear = taint, nonlinear
    for i, (f, _) in follows.items():
        f.leader, f.lines, f.choices = lead.index, lines_of[i], ()
    taken |= {u.index for u in group}


def _own(checked: CheckedProgram, flow: Flow, lines: frozenset, view: Possible) -> set:
    """An input's constant cuts in the case: its flow's (those some rule of the case may make) and
    its cuts relative to values the case states."""
    return ({b for b, c in lines if not c}
            | {Fraction(k) for k in flow.cuts if not isinstance(k, bool) and needed(checked, flow, ("c", k), view)})


def _orient(leader: Unknown, follower: Unknown, own_l: set, own_f: set, f_lines: frozenset,
            l_lines: frozenset) -> tuple | None:
    """(branches, leader, follower, the leader's cuts, the follower's lines) with `leader` split first;
    f_lines: the follower's cuts over the leader's value (f = b + c l), l_lines the leader's over the
    follower's. None when the follower is a whole value compared with a fraction of the other (its
    cells would come and go)."""
    every = {(b, c) for b, c in f_lines if c} | {(-b / c, 1 / c) for b, c in l_lines if c}
    every |= {(k, Fraction(0)) for k in own_f}
    fty = follower.decl.params[1].type
    if fty != "number" and any(b.denominator != 1 or c.denominator != 1 for b, c in every):
        return None
    ends = {(Fraction(0), Fraction(0)), (Fraction(24 * 60), Fraction(0))} if fty == "time" else set()
    cuts = leader_cuts(frozenset(own_l), frozenset(every | ends))
    branches = (2 * len(cuts) + 1) * (2 * len(every) + 1)
    return branches, leader, follower, cuts, frozenset(every)


def _numeric(u: Unknown) -> bool:
    return bool(u.decl.arity == 2 and u.decl.params[1].type in NUMERIC)


def combine(atom: Atom, statuses: Iterable[tuple]) -> tuple:
    """(answer, bindings) over the leaves: a row is true if certain in every leaf, a candidate if
    possible in some; the answer is true if every leaf has a certain row, false if none has a
    possible row."""
    every = None
    some: set = set()
    for certain, possible in statuses:
        every = set(certain) if every is None else every & set(certain)
        some |= set(possible)
    answer, out = combine_parts(atom, every or set(), some)
    if statuses and all(c for c, _ in statuses):
        answer = "true"
    return answer, out


def combine_parts(atom: Atom, every: set, some: set) -> tuple:
    """(answer, bindings) from the rows certain in every leaf and those possible in some (the
    answer: FALSE when none is possible, else UNDETERMINED; combine says when it is TRUE)."""
    names = variables(atom)
    bindings = []
    for row in sorted(some, key=repr):
        b = {name: row[i] for i, name in names}
        sure = row in every and not any(v is UNKNOWN for v in row)
        b["answer"] = "true" if sure else "undetermined"
        bindings.append(b)
    bindings.sort(key=lambda b: b["answer"] != "true")
    answer = "false" if not some else "undetermined"
    # one binding per distinct values of the query's variables (like api.verdict)
    seen, out = set(), []
    for b in bindings:
        key = tuple(repr(b[n]) for _, n in names)
        if key in seen:
            continue
        seen.add(key)
        out.append(b)
    return answer, out
