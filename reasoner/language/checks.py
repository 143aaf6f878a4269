"""Static checks and body ordering: turns a parsed Program into a CheckedProgram or reports
every problem with its location.

Checks: annotations and citations, declarations, arity, undefined predicates, input predicates
defined by rules, unsafe variables, recursion and cycles through negation.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from ..errors import RuleError, caret_excerpt
from .ast import (FRESH, Assign, Atom, Compare, Const, Negative, Positive, Program, Rule, Var,
                  literal_vars, term_vars)
from .parser import TYPES


@dataclass
class CheckedProgram:
    program: Program
    rules: list                      # ordered, helper rules included
    base: dict                       # (name, arity) -> "entity" | "input" | "fact"
    derived: dict                    # (name, arity) -> [Rule]
    order: list                      # derived predicate keys, dependencies first
    mu: dict = field(default_factory=dict)  # (name, arity) -> frozenset of positions that may be unknown

    def decl(self, key):
        return self.program.preds.get(key)


def _err(prog: Program, message, loc, hint=None):
    excerpt = None
    if loc is not None and loc.file in prog.sources:
        lines = prog.sources[loc.file].splitlines()
        if 0 < loc.line <= len(lines):
            excerpt = caret_excerpt(lines[loc.line - 1], loc.col)
    return RuleError(message, location=str(loc) if loc else None, hint=hint, excerpt=excerpt)


def _suggest(name, candidates):
    close = difflib.get_close_matches(name, sorted(candidates), n=3, cutoff=0.6)
    return f"did you mean: {', '.join(close)}?" if close else None


def collect_problems(prog: Program, index=None, require_provisions=False, fact_preds=()):
    """Every problem in the program, as a list of RuleError (empty when the program is sound)."""
    try:
        checked = check(prog, index, require_provisions, fact_preds, collect=True)
        return checked._problems  # type: ignore[attr-defined]
    except RuleError as exc:  # pragma: no cover - collect mode does not raise
        return [exc]


def check(prog: Program, index=None, require_provisions=False, fact_preds=(), collect=False):
    problems: list[RuleError] = []

    def report(message, loc, hint=None):
        exc = _err(prog, message, loc, hint)
        if not collect:
            raise exc
        problems.append(exc)

    # -- declarations -------------------------------------------------------------------
    base: dict = {}
    for kind, decl in prog.entities.items():
        base[(kind, 1)] = "entity"
    for key, decl in prog.preds.items():
        for p in decl.params:
            if p.type not in TYPES and p.type not in prog.entities:
                report(f"unknown type {p.type!r} for parameter {p.name} of {decl.name}", decl.loc,
                       _suggest(p.type, set(TYPES) | set(prog.entities)) or
                       "types: " + ", ".join(sorted(TYPES)) + ", or a declared @entity kind")
        if decl.is_input:
            if key in base:
                report(f"{decl.name}/{decl.arity} is both an entity kind and an input", decl.loc)
            base[key] = "input"
    for name, arity in fact_preds:
        base.setdefault((name, arity), "fact")

    for (name, arity), negative in getattr(prog, "negatives", {}).items():  # @negative (reasoner/prose)
        names, template, loc = negative
        if (name, arity) not in prog.preds:
            report(f"@negative for {name}/{arity}, which no @input or @predicate declares", loc,
                   "declare the predicate, or give the @negative the same number of parameters")
            continue
        for slot in re.findall(r"\{(\w+)\}", template):
            if slot not in names:
                report(f"@negative {name}: {{{slot}}} is not one of its parameters ({', '.join(names)})", loc)

    for hole in prog.holes:
        if index is not None and hole.kind == "not_encoded" and hole.citation not in index:
            report(f"unknown citation {hole.citation!r}", hole.loc, _nearest(index, hole.citation))

    # -- rules: annotations, arity, definitions -----------------------------------------
    arity_of: dict = {}
    for (name, arity), kind in base.items():
        arity_of.setdefault(name, (arity, None))
    derived: dict = {}
    for rule in prog.rules:
        if require_provisions and not rule.provision:
            report(f"rule for {rule.head.pred} has no @provision annotation", rule.loc,
                   'put @provision "CITATION" on the line before the rule')
        if rule.provision and index is not None and rule.provision not in index:
            report(f"unknown citation {rule.provision!r} in @provision", rule.loc,
                   _nearest(index, rule.provision))
        key = rule.head.key
        if base.get(key) in ("input", "entity"):
            report(f"{rule.head.pred}/{len(rule.head.args)} is an input; rules cannot conclude it",
                   rule.head.loc, "declare a derived predicate under another name")
        derived.setdefault(key, []).append(rule)

    def check_arity(atom: Atom):
        known = arity_of.get(atom.pred)
        if known is None:
            arity_of[atom.pred] = (len(atom.args), atom.loc)
        elif known[0] != len(atom.args):
            where = f" (first used with {known[0]} at {known[1]})" if known[1] else f" (declared with {known[0]})"
            report(f"{atom.pred} used with {len(atom.args)} argument(s){where}", atom.loc,
                   "every use of a predicate must have the same number of arguments")
            return False
        return True

    for rule in prog.rules:
        check_arity(rule.head)
    for rule in prog.rules:
        for lit in rule.body:
            if isinstance(lit, (Positive, Negative)) and check_arity(lit.atom):
                key = lit.atom.key
                if key not in derived and key not in base:
                    report(f"undefined predicate {lit.atom.pred}/{len(lit.atom.args)}", lit.atom.loc,
                           _suggest(lit.atom.pred, {k[0] for k in derived} | {k[0] for k in base})
                           or "define it with a rule, declare it with @input, or give facts in the case file")

    # -- ordering and safety ------------------------------------------------------------
    helpers: dict = {}
    ordered_rules = []
    for rule in prog.rules:
        try:
            ordered_rules.append(_order_rule(prog, rule, helpers))
        except RuleError as exc:
            if not collect:
                raise
            problems.append(exc)
    for helper in helpers.values():
        derived.setdefault(helper.head.key, []).append(helper)
        ordered_rules.append(helper)
    grouped: dict = {}
    for r in ordered_rules:
        grouped.setdefault(r.head.key, []).append(r)
    for key in list(derived):
        derived[key] = grouped.get(key, [])

    # -- recursion and negation cycles --------------------------------------------------
    order, cycle = _topological(derived)
    if cycle:
        negative = any(neg for _, neg in cycle)
        path = " -> ".join(("not " if neg else "") + f"{k[0]}" for k, neg in cycle)
        first_rule = derived[cycle[0][0]][0]
        if negative:
            report(f"cycle through negation: {path}", first_rule.loc,
                   "a predicate may not depend on its own negation; the program has no stratification")
        else:
            report(f"recursion is not supported: {path}", first_rule.loc,
                   "rewrite without recursion (pyDatalog can hang or answer wrong on recursive programs)")
        order = list(derived)

    checked = CheckedProgram(prog, ordered_rules, base, derived, order)
    checked.mu = _unknown_positions(checked)
    checked._problems = problems  # type: ignore[attr-defined]
    return checked


def _nearest(index, citation):
    try:
        near = index.nearest(citation)
    except Exception:  # noqa: BLE001 - a hint must never fail the check
        near = []
    return f"did you mean: {', '.join(near)}?" if near else "see `reasoner provisions`"


def _order_rule(prog: Program, rule: Rule, helpers: dict) -> Rule:
    """Reorder the body for pyDatalog's left-to-right evaluation and check safety."""
    counter = [0]

    def fresh():
        counter[0] += 1
        return Var(f"{FRESH}{counter[0]}")

    positives, others = [], []
    for lit in rule.body:
        if isinstance(lit, Positive):
            args = tuple(fresh() if isinstance(a, Var) and a.anonymous else a for a in lit.atom.args)
            positives.append(Positive(Atom(lit.atom.pred, args, lit.atom.loc)))
        elif isinstance(lit, Negative) and any(isinstance(a, Var) and a.anonymous for a in lit.atom.args):
            others.append(Negative(_projection(lit.atom, helpers, rule)))
        else:
            others.append(lit)
    for a in rule.head.args:
        if isinstance(a, Var) and a.anonymous:
            raise _err(prog, "'_' cannot appear in a rule head", rule.head.loc)

    bound: set = set()
    ordered = []
    pending = list(others)
    pos_iter = iter(positives)
    while True:
        progress = True
        while progress:
            progress = False
            for lit in list(pending):
                placed = _ready(lit, bound)
                if placed is not None:
                    ordered.append(placed)
                    bound |= literal_vars(placed)
                    pending.remove(lit)
                    progress = True
        nxt = next(pos_iter, None)
        if nxt is None:
            break
        ordered.append(nxt)
        bound |= literal_vars(nxt)
    for lit in pending:
        unbound = sorted(literal_vars(lit) - bound)
        kind = "negation" if isinstance(lit, Negative) else "comparison or arithmetic"
        raise _err(prog, f"unsafe variable {', '.join(unbound)} in {kind} `{lit}`: not bound by a positive literal",
                   lit.loc or rule.loc, "bind every variable with a positive literal in the same rule body")
    head_unbound = sorted(set().union(*[term_vars(a) for a in rule.head.args]) - bound) if rule.head.args else []
    if head_unbound:
        raise _err(prog, f"unsafe variable {', '.join(head_unbound)} in the head of {rule.head.pred}: "
                   "not bound in the body", rule.head.loc,
                   "every head variable must appear in a positive body literal or an assignment")
    return Rule(rule.head, ordered, rule.loc, rule.provision, list(rule.readings), rule.rule_id, rule.helper)


def _ready(lit, bound):
    if isinstance(lit, Negative):
        return lit if literal_vars(lit) <= bound else None
    if isinstance(lit, Compare):
        lv, rv = term_vars(lit.left), term_vars(lit.right)
        if lv <= bound and rv <= bound:
            return lit
        if lit.op == "=":
            if isinstance(lit.left, Var) and lit.left.name not in bound and rv <= bound:
                return Assign(lit.left, lit.right, lit.loc)
            if isinstance(lit.right, Var) and lit.right.name not in bound and lv <= bound:
                return Assign(lit.right, lit.left, lit.loc)
        return None
    return lit


def _projection(atom: Atom, helpers: dict, rule: Rule) -> Atom:
    """`not p(X, _)` becomes `not p__projK(X)` with `p__projK(X) :- p(X, _)`."""
    kept = tuple(i for i, a in enumerate(atom.args) if not (isinstance(a, Var) and a.anonymous))
    name = f"{atom.pred}__proj{''.join(str(i) for i in kept) or 'x'}_{len(atom.args)}"
    if name not in helpers:
        head_vars = tuple(Var(f"P{i}") for i in kept)
        body_args = tuple(Var(f"P{i}") if i in kept else Var(f"_Q{i}") for i in range(len(atom.args)))
        helpers[name] = Rule(Atom(name, head_vars, atom.loc), [Positive(Atom(atom.pred, body_args, atom.loc))],
                             rule.loc, None, [], f"{name}#1", helper=True)
    return Atom(name, tuple(atom.args[i] for i in kept), atom.loc)


def _topological(derived: dict):
    """Derived predicates in dependency order, or the first cycle found as [(key, negated), ...]."""
    deps: dict = {}
    for key, rules in derived.items():
        edges = {}
        for rule in rules:
            for lit in rule.body:
                if isinstance(lit, (Positive, Negative)) and lit.atom.key in derived:
                    neg = isinstance(lit, Negative)
                    edges[lit.atom.key] = edges.get(lit.atom.key, False) or neg
        deps[key] = edges
    WHITE, GREY, BLACK = 0, 1, 2
    color = {k: WHITE for k in deps}
    order, stack = [], []

    def visit(k):
        color[k] = GREY
        stack.append(k)
        for d, neg in sorted(deps[k].items()):
            if color[d] == GREY:
                i = stack.index(d)
                path = stack[i:] + [d]
                return [(path[j], deps[path[j - 1]][path[j]] if j else False) for j in range(len(path))]
            if color[d] == WHITE:
                found = visit(d)
                if found:
                    return found
        stack.pop()
        color[k] = BLACK
        order.append(k)
        return None

    for k in sorted(deps):
        if color[k] == WHITE:
            cycle = visit(k)
            if cycle:
                return order, cycle
    return order, None


def _unknown_positions(checked: CheckedProgram) -> dict:
    """Argument positions that may hold an unknown value (propagated from valued inputs)."""
    mu: dict = {}
    prog = checked.program
    for key, kind in checked.base.items():
        decl = prog.preds.get(key)
        if kind == "input" and decl is not None and decl.params and decl.params[0].type in prog.entities:
            mu[key] = frozenset(range(1, decl.arity))
        else:
            mu[key] = frozenset()
    for key in checked.order:
        positions = set()
        for rule in checked.derived.get(key, []):
            unknown_vars = rule_unknown_vars(rule, mu)
            for i, a in enumerate(rule.head.args):
                if isinstance(a, Var) and a.name in unknown_vars:
                    positions.add(i)
        mu[key] = frozenset(positions)
    return mu


def rule_unknown_vars(rule: Rule, mu: dict) -> set:
    out: set = set()
    seen: set = set()
    for lit in rule.body:
        if isinstance(lit, Positive):
            positions = mu.get(lit.atom.key, frozenset())
            for i, a in enumerate(lit.atom.args):
                if isinstance(a, Var) and a.name not in seen and i in positions:
                    out.add(a.name)
            seen |= literal_vars(lit)
        elif isinstance(lit, Assign):
            if term_vars(lit.expr) & out:
                out.add(lit.var.name)
            seen.add(lit.var.name)
    return out
