"""The values an unknown input can take, as far as the rules can tell them apart.

Exact answers (engine/exact/split.py) split on an unknown input; this module says into what:

- a boolean input: stated true, or false;
- a reference to an entity: each entity of that kind in the case, or none;
- a number, money, time or date: each constant the rules compare it with (carried through
  arithmetic: `E = W - 80000, E > 2000` compares W with 82,000) and one value strictly inside each
  interval between them; inside an interval every comparison the rules make comes out the same;
- a symbol or string: each constant the rules test it against (directly, or through a table of words
  the rules give as facts), plus "another word" (of a closed set of words: one it declares that no
  rule tests, none when every word is tested).

`value_flow` follows the input's value through the rules (joins on it, or arithmetic that is not
linear in it make it *not carried*: the split then leaves the input unknown and the answer says it is
not exact). A comparison with another value of the rule (`W > M`, `X = W - B, X > 2000`) is a cut
*relative* to that value (M; B + 2,000): its points depend on the case. `sources_of` traces where such
a value comes from (inputs, constants of the rules) and `domain_of` fills in the case's values when the
case states every one of them (only the input's own entity's, when the rule reads the value about that
entity: `max_weight_lb(V, M)` beside `found_weight_lb(V, W)`, _local; a rule the goal does not read cuts
nothing); when one is unknown too the input is refused for that case, with the reason. Declared symbol sets and numeric ranges (a later `@domain`) would narrow these domains in
`domain_of` only.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ...core.record import field, record
from fractions import Fraction

from ...language.ast import (CONFLICT_PRED, is_conflict_pred, Assign, BinOp, Compare, Const, Negative, Positive, Var, generated_name,
                             literal_vars, term_vars)
from ...core.values import Day, TimeOfDay, normalize_number
from ...core.values import show_value

if TYPE_CHECKING:
    from ...language.ast import Key, PredDecl, Rule
    from ...language.checks import CheckedProgram

# (a, b, terms): the value a * input + b + sum(c * v for (source, c) in terms), exactly; a source is
# ((pred, arity), position): the value another literal of the rule binds (terms sorted, c never 0);
# ((pred, arity), position, True) when that literal is about the input's own entity (_local)
Form = tuple[Fraction, Fraction, tuple]
ONE: Form = (Fraction(1), Fraction(0), ())


class CaseView(Protocol):
    """What one case's three-valued evaluation tells the domains (engine/exact/unknowns.py, Possible)."""

    def values(self, src: tuple, entity: str | None = None) -> frozenset | None:
        """Every value a computed predicate's position ((pred, arity), position) takes in any world
        of the case (in its rows about `entity` alone, when given); None when not known."""

    def fires(self, rule: Rule) -> bool:
        """False when the rule holds in no world of the case (a positive literal of it has no row
        in any), or the goal's rules do not read it: what it compares cuts nothing there."""

MAX_CASE_CUTS = 400      # relative cuts filled in for one case before the input is refused

NUMERIC = ("number", "money", "time", "date")
MAX_FLOW = 2000          # (predicate, position) visits before the analysis gives up
ANOTHER = "another_word"  # the stand-in for "a word no rule tests"


@record
class Flow:
    """What the rules do with one input's value."""
    carried: bool = True
    why: str = ""                                   # why not carried
    cuts: set = field(default_factory=set)          # constants it is compared with (numbers)
    relative: set = field(default_factory=set)      # (b, terms): cut at b + sum(c * value of source)
    words: set = field(default_factory=set)         # constants it is tested against (symbols)
    outputs: set = field(default_factory=set)       # (pred, arity, position): positions its value reaches
    nonlinear: set = field(default_factory=set)     # the outputs reached through non-linear arithmetic
    # where each cut comes from: ("c", value) or ("r", (b, terms)) -> the positions in the rules of
    # the rules that compare (a case in which none of them holds does not need the cut)
    where: dict = field(default_factory=dict)
    at: int = -1                                    # the rule being followed (value_flow)
    # (pred, arity, position) -> the forms (a, b, terms) of the input's value that reach it linearly:
    # a question's constant there is a value of the input too (`question_values`)
    forms: dict = field(default_factory=dict)

    def fail(self, why: str) -> None:
        if self.carried:
            self.carried, self.why = False, why


def _terms(*parts: tuple) -> tuple:
    """The sum of (terms, factor) parts: sorted, no zero coefficient."""
    out: dict = {}
    for terms, k in parts:
        for src, c in terms:
            out[src] = out.get(src, 0) + c * k
    return tuple(sorted(((src, c) for src, c in out.items() if c), key=repr))


def _affine(expr: object, tracked: dict[str, Form], others: dict | None = None) -> Form | None:
    """(a, b, terms) with expr = a*x + b + terms over the tracked input x, None when not linear in
    x or the other values, or when it reads a variable no positive literal binds; tracked: var name
    -> form; others: var name -> the source (literal key, position) that binds it."""
    if isinstance(expr, Const):
        v = expr.value
        if isinstance(v, bool) or not isinstance(v, (int, Fraction)):
            return None
        return (Fraction(0), Fraction(v), ())
    if isinstance(expr, Var):
        if expr.name in tracked:
            return tracked[expr.name]
        if others and expr.name in others:
            return (Fraction(0), Fraction(0), ((others[expr.name], Fraction(1)),))
        return None
    if isinstance(expr, BinOp):
        left, right = _affine(expr.left, tracked, others), _affine(expr.right, tracked, others)
        if left is None or right is None:
            return None
        (a1, b1, t1), (a2, b2, t2) = left, right
        if expr.op == "+":
            return (a1 + a2, b1 + b2, _terms((t1, 1), (t2, 1)))
        if expr.op == "-":
            return (a1 - a2, b1 - b2, _terms((t1, 1), (t2, -1)))
        if expr.op == "*":
            if (a1 or t1) and (a2 or t2):
                return None
            return (a1 * b2 + a2 * b1, b1 * b2, _terms((t1, b2), (t2, b1)))
        if expr.op == "/":
            if a2 or t2 or not b2:
                return None
            return (a1 / b2, b1 / b2, _terms((t1, 1 / b2)))
    return None


def _answering(checked: CheckedProgram, cone: frozenset | None = None) -> list:
    """The rules an answer reads: not the law's facts_conflict bounds (language/ast.py CONFLICT_PRED),
    which compare two amounts the case may leave open and would cut no answer's domain; with
    `cone`, only the rules of the predicates in it (the goal's dependency cone)."""
    return [r for r in checked.rules if not is_conflict_pred(r.head.pred) and (cone is None or r.head.key in cone)]


def value_flow(checked: CheckedProgram, key: Key, position: int = 1, cone: frozenset | None = None) -> Flow:
    """Follow the value at `position` of the input `key` through every rule that reads it; with
    `cone` (the derived predicates a goal reads, directly or not: engine/batch.py _relevant), through
    the rules of those alone. A split of that goal evaluates no other rule (its engine's plans are
    the cone's), so what another rule does with the value (a fee computed from a permit's weight by a
    table, non-linearly) neither changes the goal's rows nor makes an interval of the value unsound
    for them: only the cone's comparisons must come out the same inside an interval."""
    flow = Flow()
    # (predicate, position, form, the position holding the input's entity there or None)
    todo = [(key, position, ONE, 0)]
    seen = set()
    readers: dict = {}
    position_of = {id(rule): i for i, rule in enumerate(checked.rules)}
    answering = _answering(checked, cone)
    for rule in answering:
        for lit in rule.body:
            if isinstance(lit, (Positive, Negative)):
                readers.setdefault(lit.atom.key, []).append(rule)
    visits = 0
    while todo and flow.carried:
        pred_key, pos, form, ent = todo.pop()
        if (pred_key, pos, form, ent) in seen:
            continue
        seen.add((pred_key, pos, form, ent))
        visits += 1
        if visits > MAX_FLOW:
            flow.fail("the rules pass its value through too many predicates")
            break
        for rule in readers.get(pred_key, []):
            flow.at = position_of[id(rule)]
            _through_rule(checked, rule, pred_key, pos, form, flow, todo, ent, answering)
    return flow


def _through_rule(checked: CheckedProgram, rule: Rule, pred_key: Key, pos: int, form: Form, flow: Flow,
                  todo: list, ent: int | None = None, answering: list | None = None) -> None:
    tracked: dict = {}
    opaque: set = set()     # variables computed from x non-linearly (their value only flows out)
    entity_vars: set = set()   # the variable holding the input's entity in the literal(s) read
    for lit in rule.body:
        if isinstance(lit, Negative) and lit.atom.key == pred_key and pos < len(lit.atom.args):
            flow.fail(f"a rule tests `{lit}` on it")
            return
        if isinstance(lit, Positive) and lit.atom.key == pred_key and pos < len(lit.atom.args):
            a = lit.atom.args[pos]
            if isinstance(a, Const):
                _cut(flow, form, a.value, "=")
            elif isinstance(a, Var) and not a.anonymous:
                tracked[a.name] = form
                e = lit.atom.args[ent] if ent is not None and ent < len(lit.atom.args) and ent != pos else None
                entity_vars.add(e.name if isinstance(e, Var) and not e.anonymous else None)
    if not tracked:
        return
    # the input's entity in this rule: one variable (None when the literals read disagree)
    entity = next(iter(entity_vars)) if len(entity_vars) == 1 else None
    # the other values of the rule: each variable a positive literal binds (any one of its
    # literals: a join only narrows its values); bound by a literal of the input's entity
    # (`max_weight_lb(V, M)` beside `found_weight_lb(V, W)`), its source says so (_local)
    others: dict = {}
    for lit in rule.body:
        if isinstance(lit, Positive):
            for i, arg in enumerate(lit.atom.args):
                if isinstance(arg, Var) and not arg.anonymous and arg.name not in tracked:
                    others.setdefault(arg.name, _local((lit.atom.key, i), lit, entity))
    from_literal = set(tracked)
    for name in from_literal:
        # a literal of a table of words the rules give as facts (`event_roadway_class(C)`) tests the
        # value against the table's words (below, _fact_table_words): not a join with another value
        if sum(1 for lit in rule.body for n in _names(lit) if n == name and isinstance(lit, (Positive, Negative))
               and not _table_test(checked, lit, name)) > 1:
            flow.fail(f"a rule joins it with another value (`{rule}`)")
            return
    # an assignment may come before the literal it depends on in source order: iterate to a fixpoint
    changed = True
    while changed:
        changed = False
        for lit in rule.body:
            if isinstance(lit, Assign) and lit.var.name not in tracked and lit.var.name not in opaque:
                names = term_vars(lit.expr)
                if names & (set(tracked) | opaque):
                    f = _affine(lit.expr, tracked, others) if not names & opaque else None
                    if f is not None:
                        tracked[lit.var.name] = f
                    else:
                        opaque.add(lit.var.name)
                    changed = True
    involved = set(tracked) | opaque
    for lit in rule.body:
        if isinstance(lit, Assign) and lit.var.name in from_literal:
            # the checker ordered `N = 0` before the literal that binds N: it is a test of N
            lit = Compare("=", lit.var, lit.expr, lit.loc)
        if isinstance(lit, Compare):
            names = term_vars(lit.left) | term_vars(lit.right)
            if not names & involved:
                continue
            if names & opaque:
                flow.fail(f"a rule compares a value computed from it (`{lit}`) non-linearly")
                return
            lf, rf = _affine(lit.left, tracked, others), _affine(lit.right, tracked, others)
            if lf is None or rf is None:
                if lit.op in ("=", "!=") and _word_test(lit, tracked, flow):
                    continue
                flow.fail(f"a rule compares it with another value (`{lit}`)")
                return
            a, b, t = lf[0] - rf[0], lf[1] - rf[1], _terms((lf[2], 1), (rf[2], -1))   # (a x + b + t) op 0
            if a:
                _add_cut(flow, -b / a, _terms((t, -1 / a)))
        elif isinstance(lit, (Positive, Negative)):
            for i, arg in enumerate(lit.atom.args):
                if isinstance(arg, Var) and arg.name in involved:
                    if lit.atom.key == pred_key and i == pos and arg.name in tracked and isinstance(lit, Positive):
                        continue
                    if tracked.get(arg.name) == ONE and _fact_table_words(checked, lit.atom.key, i, flow):
                        continue
                    flow.fail(f"a rule joins it with `{lit}`")
                    return
    head = rule.head
    for i, arg in enumerate(head.args):
        if isinstance(arg, Var) and arg.name in involved:
            flow.outputs.add((head.pred, len(head.args), i))
            if arg.name not in tracked:
                flow.nonlinear.add((head.pred, len(head.args), i))
            if arg.name in tracked:
                at = next((j for j, h in enumerate(head.args) if entity is not None and isinstance(h, Var)
                           and h.name == entity), None)
                todo.append((head.key, i, tracked[arg.name], at))
                flow.forms.setdefault((head.pred, len(head.args), i), set()).add(tracked[arg.name])
            else:
                _opaque_out(checked, head.key, i, flow, answering)


def _opaque_out(checked: CheckedProgram, key: Key, pos: int, flow: Flow, answering: list | None = None) -> None:
    """A value computed non-linearly from the input reaches key's position: fine as long as no
    rule compares or joins on it, or on what it computes from it (it is then only an output, e.g.
    a forfeiture amount and the range around it)."""
    todo, seen = [(key, pos)], set()
    while todo and flow.carried:
        key, pos = todo.pop()
        if (key, pos) in seen:
            continue
        seen.add((key, pos))
        if len(seen) > MAX_FLOW:
            flow.fail("the rules pass its value through too many predicates")
            return
        for rule in _answering(checked) if answering is None else answering:
            for lit in rule.body:
                if not (isinstance(lit, (Positive, Negative)) and lit.atom.key == key and pos < len(lit.atom.args)):
                    continue
                arg = lit.atom.args[pos]
                if not isinstance(arg, Var) or arg.anonymous or generated_name(arg.name):
                    if isinstance(arg, Const):
                        flow.fail(f"a rule tests a value computed from it non-linearly (`{lit}`)")
                        return
                    continue
                if isinstance(lit, Negative):
                    flow.fail(f"a rule reads a value computed from it non-linearly through `{lit}`")
                    return
                opaque = {arg.name}
                changed = True
                while changed:
                    changed = False
                    for other in rule.body:
                        if (isinstance(other, Assign) and other.var.name not in opaque
                                and term_vars(other.expr) & opaque):
                            if _divides_by(other.expr, opaque):
                                flow.fail(f"a rule divides by a value computed from it (`{other}`)")
                                return
                            opaque.add(other.var.name)
                            changed = True
                for other in rule.body:
                    if other is lit or isinstance(other, Assign) and other.var.name in opaque:
                        continue
                    if set(_names(other)) & opaque:
                        flow.fail(f"a rule reads a value computed from it non-linearly through `{lit}`")
                        return
                for j, h in enumerate(rule.head.args):
                    if isinstance(h, Var) and h.name in opaque:
                        flow.outputs.add((rule.head.pred, len(rule.head.args), j))
                        flow.nonlinear.add((rule.head.pred, len(rule.head.args), j))
                        todo.append((rule.head.key, j))


def _divides_by(expr: object, names: set) -> bool:
    """Whether expr divides by something computed from `names` (a division by zero is a test)."""
    if isinstance(expr, BinOp):
        if expr.op == "/" and term_vars(expr.right) & names:
            return True
        return _divides_by(expr.left, names) or _divides_by(expr.right, names)
    return any(_divides_by(a, names) for a in getattr(expr, "args", ()) or ())


def _fact_table_words(checked: CheckedProgram, key: Key, pos: int, flow: Flow) -> bool:
    """A join with a predicate given only by facts in the rules (a table of words or numbers)
    tests the value against the table's constants at that position."""
    rules = checked.derived.get(key)
    if not rules or any(r.body for r in rules):
        return False
    for r in rules:
        arg = r.head.args[pos]
        if not isinstance(arg, Const):
            return False
        _cut(flow, ONE, arg.value, "=")
    return True


def _local(src: tuple, lit: Positive, entity: str | None) -> tuple:
    """The source ((pred, arity), position) of a value the literal binds, marked ((pred, arity),
    position, True) when the literal is about the input's entity (its first argument the variable
    `entity` holding it): a case's values of it are then that entity's rows only (_source_values)."""
    first = lit.atom.args[0] if lit.atom.args else None
    if entity is not None and src[1] != 0 and isinstance(first, Var) and first.name == entity:
        return (src[0], src[1], True)
    return src


def _table_test(checked: CheckedProgram, lit: Positive | Negative, name: str) -> bool:
    """Whether the literal only tests the variable `name` against a table the rules give as facts:
    its predicate has facts only, each with a constant where the literal has `name`, and the
    literal's other arguments are constants or anonymous (it passes no value of the table on)."""
    args = lit.atom.args
    at = [i for i, a in enumerate(args) if isinstance(a, Var) and a.name == name]
    if len(at) != 1:
        return False
    if any(not isinstance(a, Const) and not (isinstance(a, Var) and a.anonymous)
           for i, a in enumerate(args) if i != at[0]):
        return False
    if lit.atom.key in checked.base:     # rows a case or a fact file may give too
        return False
    rules = checked.derived.get(lit.atom.key)
    if not rules:
        return False
    return all(not r.body and isinstance(r.head.args[at[0]], Const) for r in rules)


def _names(lit: object) -> list[str]:
    if isinstance(lit, (Positive, Negative)):
        return [a.name for a in lit.atom.args if isinstance(a, Var) and not a.anonymous]
    return sorted(literal_vars(lit))


def _word_test(lit: Compare, tracked: dict[str, Form], flow: Flow) -> bool:
    for x, y in ((lit.left, lit.right), (lit.right, lit.left)):
        if isinstance(x, Var) and x.name in tracked and tracked[x.name] == ONE and isinstance(y, Const):
            flow.words.add(y.value)
            return True
    return False


def _cut(flow: Flow, form: Form, value: Any, op: str) -> None:
    if form is None:
        flow.fail("a rule tests a value computed from it non-linearly")
        return
    a, b, t = form
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        if not t:
            flow.words.add(value)
        else:
            flow.fail(f"a rule tests a value computed from it and another value against `{value}`")
        return
    if a:
        _add_cut(flow, (Fraction(value) - b) / a, _terms((t, -1 / a)))


def _add_cut(flow: Flow, b: Fraction, terms: tuple) -> None:
    """A cut at b + terms: a constant, or one relative to other values (filled in per case)."""
    if terms:
        flow.relative.add((Fraction(b), terms))
        flow.where.setdefault(("r", (Fraction(b), terms)), set()).add(flow.at)
    else:
        flow.cuts.add(normalize_number(Fraction(b)))
        flow.where.setdefault(("c", normalize_number(Fraction(b))), set()).add(flow.at)


# -- domains -------------------------------------------------------------------------------------

@record(frozen=True)
class Choice:
    """One value of an unknown input in a split: `value` is None for "none"/false (the row goes),
    `point` is False when the value stands for a whole interval (then values computed from it are
    not reported as exact)."""
    value: Any
    label: str
    point: bool = True
    alt: Any = None        # a second value in the same interval (None: a point)


_BOOLEAN = (Choice(True, "true"), Choice(None, "false"))   # every boolean input's (frozen: shared)


def flow_of(checked: CheckedProgram, key: Key, cone: frozenset | None = None) -> Flow:
    """The input's Flow (value_flow), through the rules of a goal's cone when given; kept."""
    cache = checked.analysis.value_flows
    at = key if cone is None else (key, cone)
    flow = cache.get(at)
    if flow is None:
        flow = cache[at] = value_flow(checked, key, cone=cone)
    found: Flow = flow
    return found


def domain_of(checked: CheckedProgram, decl: PredDecl, entities: dict[str, str], rows: Sequence | None = None,
              view: CaseView | None = None, entity: str | None = None, extra: frozenset = frozenset(),
              cone: frozenset | None = None) -> tuple:
    """(choices, Flow or None) for an unknown input declared by `decl` (a PredDecl) in a case whose
    entities are `entities` (id -> kind) and rows `rows` (the case's FactRows: the values a cut
    relative to another value is filled in from). Choices are in a stable order. Returns ((), flow)
    when the input cannot be split exactly (flow.why says why). `view`: what the case's evaluation
    tells (unknowns.Possible): the values a predicate the rules compute takes, for a value sources_of
    cannot trace, and the rules that hold in no world of the case (what they compare cuts nothing).
    `entity`: the input's entity (a value the rules read about that entity only is filled in from its
    rows only, _local). `extra`: values of the input the question itself names (unknowns.question_values):
    each is a choice of its own (a point), never inside an interval another value stands for. `cone`:
    the derived predicates of the goal the split answers (value_flow: the other rules are not read)."""
    if decl.arity == 1:
        return _BOOLEAN, None
    ptype = decl.params[1].type
    if ptype in checked.program.entities:
        ids = sorted(e for e, k in entities.items() if k == ptype)
        return tuple(Choice(e, e) for e in ids) + (Choice(None, "none"),), None
    # numbers and words: the same for every case (kept, like the flows)
    cache = checked.analysis.value_domains
    at = decl.key if cone is None else (decl.key, cone)
    found = cache.get(at)
    if found is None:
        found = cache[at] = _valued_domain(checked, decl, ptype, cone)
    domain: tuple = found
    flow = domain[1]
    if flow is None or not flow.carried:
        return domain
    if ptype not in NUMERIC:
        words = {w for w in extra if isinstance(w, str)} - set(flow.words)
        if not words:
            return domain
        return _word_domain(decl, sorted({w for w in flow.words if isinstance(w, str)} | words)), flow
    named = frozenset(_numeric_value(v) for v in extra) - {None}
    if not flow.relative and not named - set(flow.cuts):
        return domain
    # cuts relative to other values: filled in from the case (refused when one is unknown too)
    cuts = _case_cuts(checked, flow, rows, view, entity) if flow.relative else frozenset()
    if isinstance(cuts, str):
        refused = Flow(False, cuts, outputs=flow.outputs, nonlinear=flow.nonlinear)
        return (), refused
    every = frozenset(flow.cuts) | cuts | named
    cache_key = (at, every)
    found = cache.get(cache_key)
    if found is None:
        found = cache[cache_key] = (_numeric_choices(ptype, Flow(cuts=set(every))), flow)
    domain = found
    return domain


def _valued_domain(checked: CheckedProgram, decl: PredDecl, ptype: str, cone: frozenset | None = None) -> tuple:
    flow = flow_of(checked, decl.key, cone)
    if not flow.carried:
        return (), flow
    if flow.relative and ptype not in NUMERIC:
        bad = Flow(False, "a rule compares it with another value", outputs=flow.outputs, nonlinear=flow.nonlinear)
        return (), bad
    if ptype in NUMERIC:
        # with relative cuts the choices are the case's (domain_of): only the flow is kept here
        return (() if flow.relative else _numeric_choices(ptype, flow)), flow
    return _word_domain(decl, sorted({w for w in flow.words if isinstance(w, str)})), flow


def _numeric_value(v: Any) -> Any:
    """A question's constant as a cut of a numeric input (None: not a number)."""
    if isinstance(v, (TimeOfDay, Day)):
        return normalize_number(Fraction(int(v)))
    if isinstance(v, bool) or not isinstance(v, (int, Fraction)):
        return None
    return normalize_number(Fraction(v))


def _word_domain(decl: PredDecl, words: list) -> tuple:
    """The choices of a word input the rules (or the question) test against `words`."""
    declared = decl.params[1].words
    if declared is not None:
        # a closed set of words (a case states no other, facts/valuecheck.py): each word a rule tests,
        # and one the rules do not test standing for the others (none when every word is tested)
        rest = sorted(set(declared) - set(words))
        tested = tuple(Choice(w, w) for w in words if w in declared)
        if not rest:
            return tested
        if len(rest) == 1:
            return tested + (Choice(rest[0], rest[0]),)
        return tested + (Choice(rest[0], "another word", False, rest[1]),)
    other = ANOTHER
    while other in words:
        other += "_"
    return tuple(Choice(w, w) for w in words) + (Choice(other, "another word", False, other + "_"),)


MAX_ALTERNATIVES = 64    # the ways a traced value is computed, before it is taken as not traceable


def sources_of(checked: CheckedProgram, source: tuple, visiting: frozenset = frozenset(),
               view: CaseView | None = None) -> frozenset | None:
    """Where the values at `source` ((pred, arity), position) come from: the alternatives (b, terms),
    each value b + sum(c * value of input source) for (input source, c) in terms -- the constants of
    the rules, the inputs whose values a rule passes on, sums of them (`G = W + E`). None when a
    rule computes the value otherwise, or it cannot be traced (the values are then not known from
    the case's rows alone). `view`: the alternatives of the rules that hold in no world of a case
    are left out (not kept)."""
    top = not visiting and view is None
    cache = checked.analysis.value_sources
    if top and source in cache:
        found: frozenset | None = cache[source]
        return found
    key, pos = source[0], source[1]
    decl = checked.program.preds.get(key)
    out: frozenset | None
    if decl is not None and decl.is_input:
        out = frozenset({(Fraction(0), ((source, Fraction(1)),))})
    elif source in visiting:
        out = frozenset()     # a recursive rule passes on values it has already
    else:
        out = _derived_sources(checked, source, visiting | {source}, view)
    if top:
        cache[source] = out
    return out


def _derived_sources(checked: CheckedProgram, source: tuple, visiting: frozenset,
                     view: CaseView | None = None) -> frozenset | None:
    key, pos = source[0], source[1]
    rules = checked.derived.get(key)
    if not rules:
        return None
    alts: set = set()
    for r in rules:
        if pos >= len(r.head.args):
            return None
        if view is not None and not view.fires(r):
            continue
        arg = r.head.args[pos]
        # a source about the input's entity (_local): so are the rule's literals about its head's entity
        first = r.head.args[0] if r.head.args else None
        entity = first.name if len(source) > 2 and isinstance(first, Var) and not first.anonymous else None
        others: dict = {}
        for lit in r.body:
            if isinstance(lit, Positive):
                for i, a in enumerate(lit.atom.args):
                    if isinstance(a, Var) and not a.anonymous:
                        others.setdefault(a.name, _local((lit.atom.key, i), lit, entity))
        if isinstance(arg, Const):
            form = _affine(arg, {})
        elif isinstance(arg, Var) and arg.name in others:
            form = _affine(arg, {}, others)
        elif isinstance(arg, Var):
            expr = next((lit.expr for lit in r.body if isinstance(lit, Assign) and lit.var.name == arg.name), None)
            form = _affine(expr, {}, others) if expr is not None else None
        else:
            form = None
        if form is None or form[0]:
            return None
        partial = {(form[1], ())}
        for src, c in form[2]:
            sub = sources_of(checked, src, visiting, view)
            if sub is None:
                return None
            partial = {(b0 + c * b1, _terms((t0, 1), (t1, c))) for b0, t0 in partial for b1, t1 in sub}
            if len(partial) > MAX_ALTERNATIVES:
                return None
        alts |= partial
        if len(alts) > MAX_ALTERNATIVES:
            return None
    return frozenset(alts)


def _case_cuts(checked: CheckedProgram, flow: Flow, rows: Sequence | None, view: CaseView | None = None,
               entity: str | None = None) -> frozenset | str:
    """The flow's relative cuts with the case's values filled in (every value each other side can
    take in any world the case allows); a reason when one of them is not known from the case."""
    values: dict = {}
    out: set = set()
    for b, terms in sorted(flow.relative, key=repr):
        if not needed(checked, flow, ("r", (b, terms)), view):
            continue
        sums = {b}
        for src, c in terms:
            if src not in values:
                values[src] = _source_values(checked, src, rows, view, entity)
            vals = values[src]
            if isinstance(vals, str):
                return vals
            sums = {x + c * v for x in sums for v in vals}
            if len(sums) + len(out) > MAX_CASE_CUTS:
                return "a rule compares it with other values that take too many values in the case"
        out |= {normalize_number(x) for x in sums}
    return frozenset(out)


def _source_values(checked: CheckedProgram, src: tuple, rows: Sequence | None,
                   view: CaseView | None = None, entity: str | None = None) -> frozenset | str:
    """Every value the case's rows give `src` in any world (a superset: all entities, or the
    input's `entity` alone for an input the rules read about it, _local): _source_lines with no
    partner row, every line a constant."""
    if rows is None:
        return _untraced(src, view, entity)
    lines = _source_lines(checked, src, rows, -1, view, entity)
    return lines if isinstance(lines, str) else frozenset(b for b, _ in lines)


# -- two unknown values compared with each other ---------------------------------------------------
#
# `W > M` with both unknown: each is a cut relative to the other, and neither can be split alone at
# the case's values. The pair is split one after the other: first the *leader* (M) at its own cuts
# and every value of M where two of W's cuts meet (W's constants k against W's cuts relative to M,
# b + c * M: M = (k - b) / c; two relative cuts of different slopes); between two such values of M
# the order of all of W's cuts is the same, so once M is chosen (a point, or an interval's value),
# the *follower* W is split at its cuts filled in with M's value, and each choice of W stands for one
# cell of the plane (M, W) in which every comparison the rules make comes out the same. A line is
# (b, c): the cut at b + c * (the partner's value).


def pair_lines(checked: CheckedProgram, flow: Flow, rows: Sequence, partner: int,
               view: CaseView | None = None, entity: str | None = None) -> frozenset | str:
    """The flow's relative cuts as lines (b, c) over the value of the case's row at `partner` (an
    unknown numeric input), every other value they read filled in from the case's rows (known: a
    reason otherwise, as _case_cuts). A line with c == 0 is a constant cut."""
    out: set = set()
    values: dict = {}
    for b, terms in sorted(flow.relative, key=repr):
        if not needed(checked, flow, ("r", (b, terms)), view):
            continue
        lines = {(Fraction(b), Fraction(0))}
        for src, c in terms:
            if src not in values:
                values[src] = _source_lines(checked, src, rows, partner, view, entity)
            vals = values[src]
            if isinstance(vals, str):
                return vals
            lines = {(x + c * vb, xc + c * vc) for x, xc in lines for vb, vc in vals}
            if len(lines) + len(out) > MAX_CASE_CUTS:
                return "a rule compares it with other values that take too many values in the case"
        out |= lines
    return frozenset(out)


def _source_lines(checked: CheckedProgram, src: tuple, rows: Sequence, partner: int,
                  view: CaseView | None = None, entity: str | None = None) -> frozenset | str:
    """_source_values with the row at `partner` standing for its own value: lines (b, c) (the star's
    lines over that one partner, _star_source_lines)."""
    lines = _star_source_lines(checked, src, rows, frozenset({partner}), view, entity)
    return lines if isinstance(lines, str) else frozenset((b, c) for b, _, c in lines)


def star_lines(checked: CheckedProgram, flow: Flow, rows: Sequence, partners: frozenset,
               view: CaseView | None = None, entity: str | None = None) -> dict | str:
    """pair_lines over several partners at once (the rows at `partners`, unknown numeric inputs):
    {partner index: the flow's cuts as lines (b, c) over that partner's value, c != 0}, the constant
    cuts under None. A reason when a cut reads two partners at once (`X > P + Q`: no one partner
    fixes it) or another value the case does not state (as pair_lines)."""
    out: dict = {}
    values: dict = {}
    total = 0
    for b, terms in sorted(flow.relative, key=repr):
        if not needed(checked, flow, ("r", (b, terms)), view):
            continue
        lines = {(Fraction(b), None, Fraction(0))}
        for src, c in terms:
            if src not in values:
                values[src] = _star_source_lines(checked, src, rows, partners, view, entity)
            vals = values[src]
            if isinstance(vals, str):
                return vals
            grown = set()
            for x, xp, xc in lines:
                for vb, vp, vc in vals:
                    if xp is not None and vp is not None and xp != vp:
                        return "a rule compares it with two other values the case leaves unknown at once"
                    k = xc + c * vc
                    p = (xp if xp is not None else vp) if k else None
                    grown.add((x + c * vb, p, k))
            lines = grown
            if len(lines) + total > MAX_CASE_CUTS:
                return "a rule compares it with other values that take too many values in the case"
        for x, p, k in lines:
            out.setdefault(p, set()).add((x, k))
        total += len(lines)
    return {p: frozenset(v) for p, v in out.items()}


def _star_source_lines(checked: CheckedProgram, src: tuple, rows: Sequence, partners: frozenset,
                       view: CaseView | None = None, entity: str | None = None) -> frozenset | str:
    """_source_lines with each row at `partners` standing for its own value: lines (b, partner or
    None, c); an alternative that sums two partners' values is refused."""
    traced = sources_of(checked, src, view=view)
    if traced is None:
        found = _untraced(src, view, entity)
        return found if isinstance(found, str) else frozenset((v, None, Fraction(0)) for v in found)
    inputs = _input_lines(traced, rows, partners, entity)
    if isinstance(inputs, str):
        return inputs
    out: set = set()
    for alt_b, alt_terms in traced:
        lines = {(Fraction(alt_b), None, Fraction(0))}
        for isrc, c in alt_terms:
            grown = set()
            for x, xp, xc in lines:
                for vb, vp, vc in inputs[isrc]:
                    if xp is not None and vp is not None and xp != vp:
                        return "a rule compares it with two other values the case leaves unknown at once"
                    k = xc + c * vc
                    grown.add((x + c * vb, (xp if xp is not None else vp) if k else None, k))
            lines = grown
            if len(lines) > MAX_CASE_CUTS:
                return "a rule compares it with other values that take too many values in the case"
        out |= lines
    return frozenset(out)


def _input_lines(traced: frozenset, rows: Sequence, partners: frozenset,
                 entity: str | None = None) -> dict | str:
    """{each input source the alternatives `traced` read (sources_of): its values in the case's rows
    (the input's `entity`'s alone for a source the rules read about it, _local), each as (b, partner,
    c): a stated value as (value, None, 0), the row at one of `partners` (an unknown number) standing
    for its own value as (0, its index, 1)}; a reason when another row read is unknown too or not a
    number. Shared by the pair's lines (_source_lines) and the star's (_star_source_lines)."""
    inputs: dict = {}
    for _, alt_terms in traced:
        for isrc, _ in alt_terms:
            ikey, ipos = isrc[0], isrc[1]
            if isrc in inputs:
                continue
            vals: set = set()
            for i, row in enumerate(rows):
                if row is None or row.pred != ikey[0] or len(row.args) != ikey[1]:
                    continue
                if len(isrc) > 2 and entity is not None and row.args[0] != entity:
                    continue
                if i in partners and ipos == 1:
                    vals.add((Fraction(0), i, Fraction(1)))
                    continue
                if not row.known:
                    return f"a rule compares it with `{ikey[0]}`, which the case leaves unknown too"
                v = row.args[ipos]
                if isinstance(v, bool) or not isinstance(v, (int, Fraction)):
                    return f"a rule compares it with `{ikey[0]}`, which is not a number"
                vals.add((Fraction(v), None, Fraction(0)))
            inputs[isrc] = vals
    return inputs


def leader_cuts(own: frozenset, follower_lines: frozenset) -> frozenset:
    """The leader's cuts: its own (constants), and every value of it at which two of the follower's
    cuts (lines over the leader's value, constants with c == 0) meet."""
    out = set(own)
    lines = sorted(follower_lines, key=repr)
    for i, (b1, c1) in enumerate(lines):
        for b2, c2 in lines[i + 1:]:
            if c1 != c2:
                out.add(normalize_number((b2 - b1) / (c1 - c2)))
    return frozenset(out)


def follower_cuts(lines: frozenset, value: Any) -> frozenset:
    """The follower's cuts with the leader at `value`."""
    v = Fraction(int(value)) if isinstance(value, (TimeOfDay, Day)) else Fraction(value)
    return frozenset(normalize_number(b + c * v) for b, c in lines)


def choices_at(ptype: str, cuts: frozenset) -> tuple:
    """The choices of a numeric input of type `ptype` split at `cuts`."""
    return _numeric_choices(ptype, Flow(cuts=set(cuts)))


def needed(checked: CheckedProgram, flow: Flow, cut: tuple, view: CaseView | None) -> bool:
    """Whether the flow's cut (a key of Flow.where) may matter in the case: some rule that makes
    it holds in some world of the case (every cut, without a view)."""
    rules = flow.where.get(cut)
    if view is None or not rules:
        return True
    return any(i < 0 or view.fires(checked.rules[i]) for i in rules)


def _untraced(src: tuple, view: CaseView | None, entity: str | None = None) -> frozenset | str:
    """The values of a predicate the rules compute in a way sources_of cannot trace: those the
    case's evaluation gives it (`view`: every value it has in any world, or None when one of
    them is unknown there); of its rows about the input's `entity` alone for a source the rules
    read about that entity (_local)."""
    pred = src[0][0]
    own = entity if len(src) > 2 else None
    found = view.values((src[0], src[1]), own) if view is not None else None
    if found is None:
        return f"a rule compares it with a value of `{pred}` the rules compute"
    return found


def _numeric_choices(ptype: str, flow: Flow) -> tuple:
    cuts = sorted(c for c in flow.cuts if not isinstance(c, bool))
    if ptype == "time":
        cuts = [c for c in cuts if 0 <= c < 24 * 60]
    integral = ptype in ("money", "time", "date")
    out: list[tuple] = []   # (value, alone, lo, hi[, another value inside])
    points = cuts
    gaps = [(None, cuts[0])] if cuts else [(None, None)]
    gaps += [(cuts[i], cuts[i + 1]) for i in range(len(cuts) - 1)]
    if cuts:
        gaps.append((cuts[-1], None))
    for lo, hi in gaps:
        rep = _inside(lo, hi, integral)
        if rep is not None and (ptype != "time" or 0 <= rep < 24 * 60):
            alt = _second(rep, hi, integral)
            if alt is None or (ptype == "time" and not 0 <= alt < 24 * 60):
                out.append((rep, True, lo, hi))   # one value tried for the interval (its ends kept for its label)
            else:
                out.append((rep, False, lo, hi, alt))
    for c in points:
        if integral and Fraction(c).denominator != 1:
            continue
        out.append((c, True, c, c))
    out.sort(key=lambda t: (t[0], not t[1]))
    choices = []
    for rep, point, lo, hi, *alt in out:
        value = _typed(rep, ptype)
        if point and rep not in cuts and (lo is None and (ptype != "time" or rep > 0)
                                         or hi is None and (ptype != "time" or rep < 24 * 60 - 1)):
            # the value standing for an open-ended run below the lowest cut or above the highest,
            # where no second value was sought on that side: said as that run ('before 09:00', 'after
            # 15:00'), never as the one value tried ('08:59': trainer review 14, 12); still a point
            # for what the split reports exact
            label = f"below {_show(_typed(cuts[0], ptype), ptype)}" if lo is None and cuts \
                else f"above {_show(_typed(cuts[-1], ptype), ptype)}" if cuts else _show(value, ptype)
        elif point:
            label = _show(value, ptype)
        elif lo is None and hi is None:
            label = "any value"
        elif lo is None:
            label = f"below {_show(_typed(hi, ptype), ptype)}"
        elif hi is None:
            label = f"above {_show(_typed(lo, ptype), ptype)}"
        else:
            label = f"between {_show(_typed(lo, ptype), ptype)} and {_show(_typed(hi, ptype), ptype)}"
        choices.append(Choice(value, label, point, _typed(alt[0], ptype) if alt else None))
    return tuple(choices)


def _second(rep: Any, hi: Any, integral: bool) -> Any:
    """Another value after rep in the same interval (up to hi), odd enough not to line up with
    the steps of an increment; None when there is none."""
    if integral:
        for whole_step in (7919, 101, 7, 1):
            v = int(rep) + whole_step
            if hi is None or v < hi:
                return v
        return None
    step = Fraction(7919, 13)
    if hi is not None:
        step = min(step, (Fraction(hi) - Fraction(rep)) * Fraction(7, 13))
    return normalize_number(Fraction(rep) + step)


def _inside(lo: Any, hi: Any, integral: bool) -> Any:
    if lo is None and hi is None:
        return 0
    if lo is None:
        return normalize_number(Fraction(hi) - 1) if not integral else int(Fraction(hi).__floor__()) - (
            1 if Fraction(hi).denominator == 1 else 0)
    if hi is None:
        return normalize_number(Fraction(lo) + 1) if not integral else int(Fraction(lo).__floor__()) + 1
    if integral:
        v = int(Fraction(lo).__floor__()) + 1
        return v if v < hi else None
    return normalize_number((Fraction(lo) + Fraction(hi)) / 2)


def _typed(value: Any, ptype: str) -> Any:
    value = normalize_number(Fraction(value)) if not isinstance(value, int) else value
    if ptype == "time":
        return TimeOfDay(int(value))
    if ptype == "date":
        return Day(int(value))
    return value


def _show(value: Any, ptype: str) -> str:
    return show_value(value, ptype)
