"""Static checks and body ordering: turns a parsed Program into a CheckedProgram or reports
every problem with its location.

Checks: annotations and citations, declarations, arity, undefined predicates, input predicates
defined by rules, unsafe variables, and stratification: positive recursion is allowed within a
stratum (a strongly connected component of the dependency graph), a cycle through negation is an
error that shows the cycle.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from typing import Any
from ..core.record import field, record

from ..core.deadline import check as check_deadline
from ..core.errors import RuleError, caret_excerpt, shown
from .ast import (FRESH, Assign, Atom, BinOp, BodyLiteral, Call, Compare, Key, Loc, Negative, Positive, PredDecl,
                  Program, Rule, Var, literal_vars, term_vars)
from .hints import nearest_citation as _nearest
from .parser import TYPES
from .readings import problems as reading_problems
from .domains import impossible_words, resolve
from .citations import spaced_problems
from .kinds import problems as kind_problems
from .presumptions import check_implications, check_presumptions


@record
class CheckedProgram:
    program: Program
    rules: list                      # ordered, helper rules included
    base: dict                       # (name, arity) -> "entity" | "input" | "fact"
    derived: dict                    # (name, arity) -> [Rule]
    order: list                      # derived predicate keys, dependencies first
    mu: dict = field(default_factory=dict)  # (name, arity) -> frozenset of positions that may be unknown
    strata: list = field(default_factory=list)  # [frozenset of keys]: one per component, dependencies first
    recursive: frozenset = frozenset()      # keys of derived predicates in a recursive component

    @property
    def analysis(self) -> "Analysis":
        """The memo tables of analyses over this program (one object, made on first use; not kept
        in the law cache: see Analysis)."""
        found = self.__dict__.get("_analysis")
        if found is None:
            found = self.__dict__["_analysis"] = Analysis()
        return found

    def component(self, key: Key) -> frozenset:
        """The stratum (set of derived keys evaluated together) that `key` belongs to."""
        comp = self.analysis.component
        if comp is None:
            comp = self.analysis.component = {k: s for s in self.strata for k in s}
        found: frozenset = comp.get(key, frozenset((key,)))
        return found

    def decl(self, key: Key) -> PredDecl | None:
        return self.program.preds.get(key)


class Analysis:
    """What the stages after the checks work out about a checked program, once, and keep: each
    table is filled on first use by the module that owns it, keyed as it says. None of it is part
    of the program: it is not pickled (the law cache stores the program; the tables are remade)."""
    __slots__ = ("component", "problems", "value_flows", "value_domains", "value_sources", "probe_signs", "presumptions",
                 "query_positions", "case_attributes", "case_unstated", "raw_fact_reserved", "global_preds",
                 "subject_reads")

    def __init__(self) -> None:
        self._empty()

    def _empty(self) -> None:
        self.component: dict | None = None        # derived key -> its stratum (CheckedProgram.component)
        self.problems: list = []                  # every RuleError of check(collect=True) (collect_problems)
        self.value_flows: dict = {}               # input key -> engine.domains.Flow (flow_of)
        self.value_domains: dict = {}             # input key -> (choices, Flow) of numbers and words (domain_of)
        self.value_sources: dict = {}             # (key, position) -> where its values come from (domains.sources_of)
        self.probe_signs: dict = {}               # goal key -> {input key: parities} (engine.probe.signs)
        self.presumptions: dict | None = None     # (pred, arity) -> Presumption (presume.by_key)
        self.query_positions: dict = {}           # (key, position) -> what it can hold (querycheck.position_kinds)
        self.case_attributes: dict = {}           # entity kind -> {attribute: declaration} (facts.case)
        self.case_unstated: dict = {}             # entity kind -> [(attribute, unary)] (facts.case)
        self.raw_fact_reserved: dict | None = None   # predicate -> why `facts:` cannot state it (facts.case)
        self.global_preds: frozenset | None = None   # derived keys whose rules read only the rules' facts (engine.batch)
        self.subject_reads: dict = {}             # goal key -> what its rows about a subject read (engine.exact.relevance)

    def __getstate__(self) -> None:
        return None

    def __setstate__(self, state: None) -> None:
        self._empty()

    def __reduce__(self) -> tuple:
        return (Analysis, ())


def _err(prog: Program, message: str, loc: Loc | None, hint: str | None = None,
         lines_of: dict[str, list[str]] | None = None) -> RuleError:
    excerpt = None
    if loc is not None and loc.file in prog.sources:
        if lines_of is None:
            lines = prog.sources[loc.file].splitlines()
        else:  # split each file once, however many problems it has
            lines = lines_of.get(loc.file)
            if lines is None:
                lines = lines_of[loc.file] = prog.sources[loc.file].splitlines()
        if 0 < loc.line <= len(lines):
            excerpt = caret_excerpt(lines[loc.line - 1], loc.col)
    return RuleError(message, location=str(loc) if loc else None, hint=hint, excerpt=excerpt)


SUGGESTION_BUDGET = 200_000  # name comparisons for did-you-mean hints, per check


def _suggest(name: str, candidates: Iterable[str]) -> str | None:
    close = difflib.get_close_matches(name, sorted(candidates), n=3, cutoff=0.6)
    return f"did you mean: {', '.join(close)}?" if close else None


def collect_problems(prog: Program, index: Any = None, require_provisions: bool = False,
                     fact_preds: Iterable[tuple] = ()) -> list[RuleError]:
    """Every problem in the program, as a list of RuleError (empty when the program is sound)."""
    try:
        checked = check(prog, index, require_provisions, fact_preds, collect=True)
        return checked.analysis.problems
    except RuleError as exc:  # pragma: no cover - collect mode does not raise
        return [exc]


# conditions in one rule body: the engines evaluate a body as nested steps (the set engine's
# streaming joins, pyDatalog's left-to-right search), so a 2,000-condition body ran out of Python's
# recursion with no location (the rule-file fuzz); no statute needs more than a few dozen
MAX_BODY = 200


def check(prog: Program, index: Any = None, require_provisions: bool = False, fact_preds: Iterable[tuple] = (),
          collect: bool = False) -> CheckedProgram:
    problems: list[RuleError] = []
    lines_of: dict = {}

    def report(message: str, loc: Loc | None, hint: str | None = None) -> None:
        exc = _err(prog, message, loc, hint, lines_of)
        if not collect:
            raise exc
        problems.append(exc)

    # -- declarations -------------------------------------------------------------------
    # a spaced citation is a fault of style, not of the law: `reasoner check` reports it (collect),
    # loading the rules to answer does not refuse them for it
    for message, loc, hint in resolve(prog) + impossible_words(prog) + (spaced_problems(prog) if collect else []):
        report(message, loc, hint)
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
    # a relation given with no rows (an empty NAME.csv, `NAME: []`) has arity None: it is an input
    # with no rows, of the arity the rules read it with (below); mentioned by no rule, it adds nothing
    empty_inputs: set[str] = set()
    for name, arity in fact_preds:
        if arity is None:
            empty_inputs.add(name)
        else:
            base.setdefault((name, arity), "fact")

    forms = [("negative", k, v) for k, v in getattr(prog, "negatives", {}).items()] + \
        [("positive", k, v) for k, v in getattr(prog, "positives", {}).items()]
    for word, key, form in forms:  # @negative / @positive (reasoner/prose)
        name, arity = key[0], key[1]     # (name, arity) or, for a form with open `_` arguments, (name, arity, open positions)
        names, template, loc = form
        if (name, arity) not in prog.preds:
            report(f"@{word} for {name}/{arity}, which no @input or @predicate declares", loc,
                   f"declare the predicate, or give the @{word} the same number of parameters")
            continue
        for slot in re.findall(r"\{(\w+)\}", template):
            if slot not in names or slot == "_":
                report(f"@{word} {name}: {{{slot}}} is not one of its parameters ({', '.join(names)})", loc)

    for key, (names, words, loc) in getattr(prog, "names_in", {}).items():   # @names (reasoner/prose)
        if key not in prog.preds:
            report(f"@names for {key[0]}/2, which no @input declares", loc)
        elif not words.strip() or "{" in words:
            report(f"@names {key[0]}: the words are plain words, with no {{slot}}", loc)

    declared = {k[0] for k in prog.preds}
    for hole in prog.holes:
        if index is not None and hole.kind in ("not_encoded", "note") and hole.citation not in index:
            report(f"unknown citation {hole.citation!r}", hole.loc, _nearest(index, hole.citation))
        for pred in hole.preds:
            if pred not in declared:
                report(f"@hole {hole.citation!r} is for {pred}, which no @input or @predicate declares", hole.loc)

    # -- rules: annotations, arity, definitions -----------------------------------------
    arity_of: dict = {}
    for (name, arity), kind in base.items():
        arity_of.setdefault(name, (arity, None))
    derived: dict = {}
    for rule in prog.rules:
        check_deadline()   # checking a rule file is inside the command's time limit
        if len(rule.body) > MAX_BODY:
            report(f"the rule for {rule.head.pred} has {len(rule.body):,} conditions; at most {MAX_BODY:,}",
                   rule.loc, "split it into helper rules (the engines nest one step a condition)")
        if require_provisions and not rule.provision:
            report(f"rule for {rule.head.pred} has no @provision annotation", rule.loc,
                   'put @provision "CITATION" on the line before the rule')
        if rule.provision and index is not None and rule.provision not in index \
                and not range_citation(index, rule.provision):
            report(f"unknown citation {rule.provision!r} in @provision", rule.loc,
                   _nearest(index, rule.provision))
        elif rule.sentences and index is not None:
            for words in rule.sentences:
                opening = index.sentences_opening(rule.provision, words) \
                    if rule.provision and rule.provision in index else []
                if len(opening) != 1:
                    report(f"{'no sentence' if not opening else f'{len(opening)} sentences'} of s. {rule.provision} "
                           f"open with {shown(words)} (@provision)", rule.loc,
                           "give the first words of one sentence of the provision, exactly as the statute "
                           f"index has them (`reasoner cite {rule.provision}`)" if not opening else
                           "give more of its first words, enough to tell it from the others")
        key = rule.head.key
        if base.get(key) in ("input", "entity"):
            report(f"{rule.head.pred}/{len(rule.head.args)} is an input; rules cannot conclude it",
                   rule.head.loc, "declare a derived predicate under another name")
        derived.setdefault(key, []).append(rule)

    def check_arity(atom: Atom) -> bool:
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
    # did-you-mean compares the name with every defined one: offered while the comparisons stay
    # within SUGGESTION_BUDGET (so 40,000 undefined predicates do not cost 40,000^2 comparisons)
    names = None
    budget = SUGGESTION_BUDGET
    for rule in prog.rules:
        check_deadline()   # checking a rule file is inside the command's time limit
        for lit in rule.body:
            if isinstance(lit, (Positive, Negative)) and check_arity(lit.atom):
                key = lit.atom.key
                if key not in derived and key not in base and lit.atom.pred in empty_inputs \
                        and not any(k[0] == lit.atom.pred for k in derived):
                    base[key] = "fact"   # declared empty by the case: its arity is the one used here
                if key not in derived and key not in base:
                    if names is None:
                        names = {k[0] for k in derived} | {k[0] for k in base}
                    budget -= len(names)
                    report(f"undefined predicate {lit.atom.pred}/{len(lit.atom.args)}", lit.atom.loc,
                           (budget >= 0 and _suggest(lit.atom.pred, names))
                           or "define it with a rule, declare it with @input, or give facts in the case file")

    check_presumptions(prog, index, base, report)
    check_implications(prog, report)
    for message, loc, hint in reading_problems(prog):
        report(message, loc, hint)
    for phrase in getattr(prog, "phrases", {}).values():
        if index is not None and phrase.citation not in index and not range_citation(index, phrase.citation):
            report(f"unknown citation {phrase.citation!r} in @phrase {phrase.name}", phrase.loc,
                   _nearest(index, phrase.citation))

    # -- ordering and safety ------------------------------------------------------------
    helpers: dict = {}
    ordered_rules = []
    for rule in prog.rules:
        check_deadline()   # checking a rule file is inside the command's time limit
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

    # -- stratification: recursion within a component, negation only across components ----
    strata, cycle = stratify(derived)
    if cycle:
        path = " -> ".join(("not " if neg else "") + f"{k[0]}" for k, neg in cycle)
        first_rule = derived[cycle[0][0]][0]
        report(f"cycle through negation: {path}", first_rule.loc,
               "a predicate may not depend on its own negation (the program has no stratification); "
               "recursion is allowed only through positive literals")
    # dates and times against numbers, words or each other (language/kinds.py)
    for message, loc, hint in kind_problems(prog, ordered_rules, strata):
        report(message, loc, hint)
    order = [k for comp in strata for k in sorted(comp)]
    recursive = frozenset(k for comp in strata for k in comp
                          if len(comp) > 1 or _self_loop(derived, k))

    checked = CheckedProgram(prog, ordered_rules, base, derived, order, strata=strata, recursive=recursive)
    checked.mu = _unknown_positions(checked)
    checked.analysis.problems = problems
    return checked


def range_citation(index: Any, citation: str) -> bool:
    """`350.02 to 350.101`: a rule that checks a whole run of sections (lawful(O) checks every
    provision of the ch. 350 excerpt) cites the run; both ends must be sections in the index."""
    parts = citation.split(" to ")
    if len(parts) != 2:
        return False
    try:
        sections = {str(p.section) for p in index}
    except Exception:  # noqa: BLE001 - an index without sections has no ranges
        return False
    return all(part.strip() in sections for part in parts)


def _order_rule(prog: Program, rule: Rule, helpers: dict) -> Rule:
    """Reorder the body for pyDatalog's left-to-right evaluation and check safety."""
    counter = [0]

    def fresh() -> Var:
        counter[0] += 1
        return Var(f"{FRESH}{counter[0]}")

    positives: list = []
    others: list = []
    for lit in rule.body:
        if isinstance(lit, Positive):
            if any(isinstance(a, Var) and a.anonymous for a in lit.atom.args):
                args = tuple(fresh() if isinstance(a, Var) and a.anonymous else a for a in lit.atom.args)
                lit = Positive(Atom(lit.atom.pred, args, lit.atom.loc))
            positives.append(lit)   # unchanged literals are the parsed objects (shared in the law cache)
        elif isinstance(lit, Negative) and any(isinstance(a, Var) and a.anonymous for a in lit.atom.args):
            others.append(Negative(_projection(lit.atom, helpers, rule)))
        else:
            others.append(lit)
    for a in rule.head.args:
        if isinstance(a, Var) and a.anonymous:
            raise _err(prog, "'_' cannot appear in a rule head", rule.head.loc)
    # arithmetic in the head (`p(X + 1) :- q(X).`): computed by an assignment after the body, into
    # a variable named by the expression's text (no rule can spell it: it has spaces or brackets)
    head = rule.head
    computed = [a for a in head.args if isinstance(a, (BinOp, Call))]
    if computed:
        head = Atom(head.pred, tuple(Var(str(a)) if isinstance(a, (BinOp, Call)) else a for a in head.args),
                    head.loc)
        for expr in dict.fromkeys(computed):
            others.append(Assign(Var(str(expr)), expr, rule.head.loc))

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
        if isinstance(lit, Assign):  # arithmetic in the head
            unbound = sorted(term_vars(lit.expr) - bound)
            raise _err(prog, f"unsafe variable {', '.join(unbound)} in the head of {rule.head.pred}: "
                       f"`{lit.expr}` needs it bound by the body", rule.head.loc,
                       "every variable of head arithmetic must appear in a positive body literal or an assignment")
        unbound = sorted(literal_vars(lit) - bound)
        kind = "negation" if isinstance(lit, Negative) else "comparison or arithmetic"
        raise _err(prog, f"unsafe variable {', '.join(unbound)} in {kind} `{lit}`: not bound by a positive literal",
                   lit.loc or rule.loc, "bind every variable with a positive literal in the same rule body")
    head_unbound = sorted(set().union(*[term_vars(a) for a in head.args]) - bound) if head.args else []
    if head_unbound:
        raise _err(prog, f"unsafe variable {', '.join(head_unbound)} in the head of {rule.head.pred}: "
                   "not bound in the body", rule.head.loc,
                   "every head variable must appear in a positive body literal or an assignment")
    return Rule(head, ordered, rule.loc, rule.provision, list(rule.readings), rule.rule_id, rule.helper,
                rule.alternative, rule.sentences, rule.said)


def _ready(lit: BodyLiteral, bound: set[str]) -> BodyLiteral | None:
    if isinstance(lit, Assign):  # arithmetic in the head, once its variables are bound
        return lit if term_vars(lit.expr) <= bound else None
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


def _dependencies(derived: dict) -> dict:
    """key -> {derived key it reads: read under negation?}"""
    deps: dict = {}
    for key, rules in derived.items():
        edges: dict = {}
        for rule in rules:
            for lit in rule.body:
                if isinstance(lit, (Positive, Negative)) and lit.atom.key in derived:
                    neg = isinstance(lit, Negative)
                    edges[lit.atom.key] = edges.get(lit.atom.key, False) or neg
        deps[key] = edges
    return deps


def _self_loop(derived: dict, key: Key) -> bool:
    return any(isinstance(lit, Positive) and lit.atom.key == key for r in derived.get(key, []) for lit in r.body)


def stratify(derived: dict) -> tuple[list[frozenset], list | None]:
    """(components in dependency order, None) or ([one component per predicate], cycle) where
    cycle is a cycle through negation as [(key, reached under negation), ...], first key last too.

    Components are the strongly connected components of the dependency graph (Tarjan, iterative);
    a negative edge inside a component is a cycle through negation."""
    deps = _dependencies(derived)
    index: dict = {}
    low: dict = {}
    on_stack: set = set()
    stack: list = []
    comps: list = []
    counter = 0
    for root in sorted(deps):
        if root in index:
            continue
        work = [(root, iter(sorted(deps[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for d in it:
                if d not in index:
                    index[d] = low[d] = counter
                    counter += 1
                    stack.append(d)
                    on_stack.add(d)
                    work.append((d, iter(sorted(deps[d]))))
                    advanced = True
                    break
                if d in on_stack:
                    low[node] = min(low[node], index[d])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = set()
                while True:
                    k = stack.pop()
                    on_stack.discard(k)
                    comp.add(k)
                    if k == node:
                        break
                comps.append(frozenset(comp))
    # Tarjan emits a component after every component it reads: dependencies first
    for comp in comps:
        for k in sorted(comp):
            for d, neg in sorted(deps[k].items()):
                if neg and d in comp:
                    return [frozenset((x,)) for x in sorted(deps)], _negative_cycle(deps, comp, k, d)
    return comps, None


def _negative_cycle(deps: dict, comp: frozenset, start: Key, target: Key) -> list[tuple[Key, bool]]:
    """A cycle start -> (not) target -> ... -> start inside comp, as [(key, negated)...]."""
    # shortest path target ~> start inside the component (breadth first)
    prev: dict[Key, Key | None] = {target: None}
    queue = [target]
    while queue and start not in prev:
        nxt = []
        for at in queue:
            for d in sorted(deps[at]):
                if d in comp and d not in prev:
                    prev[d] = at
                    nxt.append(d)
        queue = nxt
    path = []
    k: Key | None = start
    while k is not None:
        path.append(k)
        k = prev[k] if k != target else None
    path.reverse()          # target ... start
    cycle = [start] + path  # start -> target -> ... -> start
    if start == target:
        cycle = [start, start]
    return [(cycle[j], deps[cycle[j - 1]][cycle[j]] if j else False) for j in range(len(cycle))]


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
    for comp in checked.strata or [frozenset((k,)) for k in checked.order]:
        for key in comp:
            mu[key] = frozenset()
        changed = True
        while changed:  # a recursive component: grow the positions to a fixpoint
            changed = False
            for key in sorted(comp):
                positions = set(mu[key])
                for rule in checked.derived.get(key, []):
                    unknown_vars = rule_unknown_vars(rule, mu)
                    for i, a in enumerate(rule.head.args):
                        if isinstance(a, Var) and a.name in unknown_vars:
                            positions.add(i)
                if positions != mu[key]:
                    mu[key] = frozenset(positions)
                    changed = True
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
