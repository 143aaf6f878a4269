"""The provisions a case's stated facts engage (docs/SEMANTICS.md, "Engaged provisions").

A report states what an officer saw and no more: a question about the whole chapter then turns on
dozens of facts nobody asked about (alcohol, age, equipment). The answer leads with the provisions
the stated facts engage and says the rest in one line.

A provision is **engaged** by a case when one of its rules reads, in its own body, an input the
case states for some entity: a fact stated true or false, or a value (not `unknown`, and not one
filled by a presumption; a fact implied by a stated one counts as stated). The inputs that only
name an entity or link two (`operation(O)`, `operator(O, P)`) engage nothing. A fact the answer
turns on is *of an engaged provision* when the provision that reads it is engaged, or is a
subdivision of one, or one of its subdivisions is.

A fact of a **party** (a person) the rule reaches through a link (the operator's age, in a rule about the ride:
`operator(O, P), age(P, A)`) says who the party is, not what was done: it engages the rule only
where the rule asks nothing of its own subject that the case leaves unstated (every positive input
of the rule's subject, the ride, is stated). A report on a sober 13-year-old thus engages s. 350.05
(its rules read the youth's age and ask nothing more of the ride), not s. 350.101(1)(c): that rule
reads the age too, but what it forbids is the ride's alcohol concentration, which nothing in the
case raises (trainer review 16, 04). A fact of the rule's own subject (the ride's speed, the
vehicle's weight) engages it as before. This is our reading of "raised", shown where the answer
says "Not raised by the case".
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..language.ast import Const, Positive, Negative, Var
from ..prose.answers import of_engaged as of_engaged   # the provision is engaged, within an engaged one, or holds one


def _read_inputs(prog: Any, rule: Any) -> Iterator[tuple[Positive | Negative, Any]]:
    """(literal, its predicate's declaration) for each input the rule reads in its own body, in
    order: entity kinds and links between entities left out (provision_inputs, provision_reads)."""
    for lit in rule.body:
        if not isinstance(lit, (Positive, Negative)):
            continue
        decl = prog.preds.get(lit.atom.key)
        if decl is None or not decl.is_input or lit.atom.pred in prog.entities:
            continue
        if len(decl.params) == 2 and decl.params[1].type in prog.entities:
            continue   # a link between two entities (operator(O, P)): no fact of a provision
        yield lit, decl


def provision_inputs(checked: Any) -> dict[str, set[str]]:
    """Citation -> the input predicates its rules read in their own bodies (entity kinds and links
    between entities left out)."""
    prog = checked.program
    out: dict[str, set[str]] = {}
    for rule in prog.rules:
        if not rule.provision:
            continue
        for lit, _ in _read_inputs(prog, rule):
            out.setdefault(rule.provision, set()).add(lit.atom.pred)
    return out


PARTY = "person"   # the kind of entity whose facts say who a party is (provision_reads)
Reads = dict[str, list[tuple[frozenset[str], frozenset[str], frozenset[str]]]]


def provision_reads(checked: Any) -> Reads:
    """Citation -> for each of its rules, (the inputs it reads of its own subject, those of a party it
    reaches through a link, the positive inputs of its subject: what the rule asks of the subject
    itself); inputs as provision_inputs chooses them. A rule's subject is its head's first argument."""
    prog = checked.program
    out: Reads = {}
    for rule in prog.rules:
        if not rule.provision:
            continue
        first = rule.head.args[0] if rule.head.args else None
        subject = first.name if isinstance(first, Var) else None
        own: set[str] = set()
        party: set[str] = set()
        asked: set[str] = set()
        for lit, decl in _read_inputs(prog, rule):
            of = lit.atom.args[0] if lit.atom.args else None
            if subject is not None and isinstance(of, Var) and of.name != subject \
                    and decl.params and decl.params[0].type == PARTY:
                party.add(lit.atom.pred)
            else:
                own.add(lit.atom.pred)
                if isinstance(lit, Positive):
                    asked.add(lit.atom.pred)
        if own or party:
            out.setdefault(rule.provision, []).append((frozenset(own), frozenset(party), frozenset(asked)))
    return out


def engages(reads: list[tuple[frozenset[str], frozenset[str], frozenset[str]]], stated: set[str]) -> bool:
    """Whether a provision's rules (provision_reads) are engaged by the stated inputs: one rule reads a
    stated fact of its own subject, or a stated fact of a party while the case states all it asks of
    its subject (module doc)."""
    return any(own & stated or party & stated and asked <= stated for own, party, asked in reads)


def stated_inputs(case: Any) -> set[str]:
    """The input predicates the case states for some entity (true, false or a value)."""
    unknown = {(r.pred, r.args[0]) for r in getattr(case, "rows", ()) if not r.known and r.loc and r.args}
    return {attr for (entity, attr), loc in (getattr(case, "attr_locs", None) or {}).items()
            if loc and attr != "name" and (attr, entity) not in unknown}


def engaged(checked: Any, case: Any, reads: Reads | None = None) -> list[str]:
    """The citations of the provisions the case's stated facts engage (module doc), sorted. reads:
    provision_reads(checked), when the caller keeps it (law_reads: once per law)."""
    stated = stated_inputs(case)
    return sorted(c for c, rules in (reads if reads is not None else provision_reads(checked)).items()
                  if engages(rules, stated))


def law_inputs(rb: Any) -> dict[str, set[str]]:
    """provision_inputs of the rulebase's law, worked out once and kept with the rulebase (read only)."""
    kept: dict[str, set[str]] | None = rb._engines.get("provision inputs")
    if kept is None:
        kept = rb._engines["provision inputs"] = provision_inputs(rb.checked)
    return kept


def law_reads(rb: Any) -> Reads:
    """provision_reads of the rulebase's law, worked out once and kept with the rulebase (read only)."""
    kept: Reads | None = rb._engines.get("provision reads")
    if kept is None:
        kept = rb._engines["provision reads"] = provision_reads(rb.checked)
    return kept



def _head_citations(checked: Any, pred: str) -> set[str]:
    """The citations the rules of pred(_, C) conclude (violation(O, "350.02(4)") :- ...)."""
    out: set[str] = set()
    for rule in checked.program.rules:
        head = rule.head
        if head.pred == pred and len(head.args) == 2 and isinstance(head.args[1], Const) \
                and isinstance(head.args[1].value, str):
            out.add(head.args[1].value)
    return out


def add_excepted(builder: Any, session: Any, checked: Any, case: Any, pred: str, args: tuple[Any, ...],
                 cited: list[str]) -> list[str]:
    """On a report whose answer is open (a violations question, `violation(O, P)`): the proof of each
    violation the case's stated facts engage that an exception defeats (s. 350.02(4), where the ride
    home on the town road's roadway is residential access under an ordinance: s. 350.02(2)(a)6; trainer
    review 8, 01), joined to the proof's root as an "excepted" premise. The open rows alone never
    hold it, and a trainer teaches from it first. Only a proof settled on the stated facts (no unknown
    input in it) whose exception applies (a negation that fails) is joined; returns their node ids."""
    asked = pred
    pred, args = _violations_asked(checked, pred, args)
    # asked as the absence of violations (lawful): only a violation an exception defeats, the atom a
    # negation denies holding by a rule of its own (residential access under an ordinance), never one a
    # fact stated so fails (the lamps lit: no exception) nor a whole stated case's every check
    strict = pred != asked
    if strict and not _a_report(builder.g, cited, provision_inputs(checked)):   # a case that states the facts of every provision
        return []   # it turns on is argued as before (no report: docs/SEMANTICS.md "Engaged provisions")
    decl = checked.program.preds.get((pred, 2))
    root = builder.g.graph.get("root")
    if decl is None or root is None or len(args) != 2 or args[1] is not None or not cited:
        return []
    kind = decl.params[0].type
    subjects = [args[0]] if args[0] is not None else sorted(
        e for e, k in (getattr(case, "entities", None) or {}).items() if k == kind)
    heads = _head_citations(checked, pred)
    out: list[str] = []
    found: list[tuple[str, str, Any]] = []
    for c in [c for c in cited if c in heads]:
        for e in subjects:
            sub = _settled_false(builder, session, pred, e, c)
            if sub is not None and any(d.get("kind") == "negation" and d.get("status") == "false"
                                       and (not strict or _defeated_by_rule(sub, n))
                                       for n, d in sub.nodes(data=True)):
                found.append((e, c, sub))
    # the condition the exception itself sets, where it binds as a provision of its own and the case's
    # values meet it (s. 350.02(2)(a)6: roadway speed limits observed, 25 mph at a 25-mph limit)
    within = {d.get("provision") for _, _, sub in found for _, d in sub.nodes(data=True)
              if d.get("kind") == "rule" and d.get("status") == "true"} - {c for _, c, _ in found}
    for c in [c for c in cited if c in heads and c in within]:
        for e in subjects:
            sub = _settled_false(builder, session, pred, e, c)
            if sub is not None:
                found.append((e, c, sub))
    for e, c, sub in found:
        nodes = list(sub.nodes(data=True))
        g = builder.g
        fresh = {n for n, _ in nodes if n not in g}
        for n, d in nodes:
            if n in fresh:
                g.add_node(n, **d)
        for u, v, d in sub.edges(data=True):
            if u in fresh:
                g.add_edge(u, v, **d)
        top = sub.graph["root"]
        g.nodes[top]["kind"] = "atom"   # a premise of the open question's root, not a second question
        g.add_edge(root, top, role="excepted", order=g.out_degree(root))
        out.append(top)
    return out


def _a_report(g: Any, cited: list[str], inputs: dict[str, set[str]]) -> bool:
    """Whether the open proof turns on a fact only provisions the case's stated facts do not engage
    read (inputs: provision_inputs)."""
    unknown = {str(d.get("pred")) for _, d in g.nodes(data=True) if d.get("kind") == "unknown"}
    return any(not any(of_engaged(c, cited) for c, preds in inputs.items() if p in preds)
               for p in unknown if any(p in preds for preds in inputs.values()))


def _defeated_by_rule(g: Any, nid: str) -> bool:
    """A negation that fails because the atom it denies holds by a rule of its own (an exception that
    applies), not because a fact is stated so."""
    return any(g.nodes[a].get("kind") == "atom" and g.nodes[a].get("status") == "true"
               and any(g.nodes[r].get("kind") == "rule" and g.nodes[r].get("status") == "true"
                       for r in g.successors(a))
               for a in g.successors(nid))


def _violations_asked(checked: Any, pred: str, args: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]]:
    """The relation a yes/no question of one subject is the absence of, with the subject's argument:
    lawful(O) :- operation(O), not violation(O, _) asks violation(O, P) for every P (trainer review 13,
    07: the lawful question on the ride home never argued s. 350.02(4) and its exception, which the
    violations question on the same case argues). Any other question: itself, unchanged."""
    if len(args) != 1:
        return pred, args
    rules = [r for r in checked.program.rules if r.head.pred == pred and len(r.head.args) == 1]
    if len(rules) != 1 or not isinstance(rules[0].head.args[0], Var):
        return pred, args
    subject = rules[0].head.args[0].name
    for lit in rules[0].body:
        if isinstance(lit, Negative) and len(lit.atom.args) == 2 and isinstance(lit.atom.args[0], Var) \
                and lit.atom.args[0].name == subject and isinstance(lit.atom.args[1], Var) \
                and lit.atom.args[1].name.startswith("_"):
            return lit.atom.pred, (args[0], None)
    return pred, args


def _settled_false(builder: Any, session: Any, pred: str, entity: str, citation: str) -> Any:
    """The proof of pred(entity, citation) when it is false on the stated facts (no unknown input in
    it), else None."""
    if session.truth(pred, (entity, citation)) != "false":
        return None
    own = type(builder)(session, builder.codes, builder.case, builder.index, builder.max_depth)
    sub = own.build(pred, (entity, citation))
    return None if any(d.get("kind") == "unknown" for _, d in sub.nodes(data=True)) else sub
