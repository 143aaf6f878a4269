"""Proof by cases: a TRUE or FALSE answer reached by splitting on unknown inputs (engine/exact/split.py).

The root is a `cases` node ("whether or not the vehicle carried implements of husbandry, ..."),
with one `case` node per value of the split input; under each case either a further split or the
ordinary proof of the goal on the case's facts with that value filled in (node ids prefixed by
the case path so that every branch keeps its own nodes).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.deadline import DEFAULT_MAX_ROWS
from ..prose.sentences import Related, entity_text, named_in
from ..engine.choice import open_session
from ..engine.exact.domains import Choice
from ..engine.exact.deciding import outcome as _outcome
from ..core.deadline import seconds_left
from ..engine.exact.split import assign, exact_answer, leaves as split_leaves, split_on
from ..prose.answers import defeating_atoms, with_provision
from ..prose.glosses import gloss
from ..prose.order import proof_order
from ..prose.sentences import case_prose
from ..prose.whatif import with_unit
from ..prose import argument as words
from ..law.queries import variables
from .builder import ProofBuilder
from .graph import ProofGraph

if TYPE_CHECKING:
    from ..engine.exact.split import Exact, Node
    from ..engine.exact.unknowns import Unknown
    from ..engine.rulebase import Rulebase
    from ..facts.case import Case
    from ..language.ast import Atom, Implication, Program


def fact_phrase(prog: Program, unknown: Unknown, labels: dict[str, str] | None = None,
                related: Related | None = None) -> str:
    """'the vehicle carried implements of husbandry' / 'the distance in feet ...' (an entity by its
    name where labels, the case's `name:`s, has one; related, the case's `@names` relations
    (prose.sentences.case_related): 'the uncle was found guilty on ...')."""
    decl = unknown.decl
    text: str = decl.template
    for p, v in zip(decl.params, unknown.row.args):
        text = text.replace("{" + p.name + "}", "?" if v is None else entity_text(v, p.type, labels))
    return named_in(related, unknown.row.pred, unknown.row.args, text)


def case_label(prog: Program, unknown: Unknown, choice: Choice, labels: dict[str, str] | None = None,
               related: Related | None = None) -> str:
    decl = unknown.decl
    phrase = fact_phrase(prog, unknown, labels, related)
    if decl.arity == 1:
        if choice.value is not None:
            return f"if {phrase}"
        # the law's own negative words where it gives them ('if the excavator permit was not in force
        # (never issued, or expired, ...)'), never 'if it is not so that ...' (trainer review 12, G1)
        negative = (getattr(prog, "negatives", None) or {}).get((decl.name, 1))
        if negative:
            names, template, _loc = negative
            text = template
            for n, p, v in zip(names, decl.params, unknown.row.args):
                text = text.replace("{" + n + "}", "?" if v is None else entity_text(v, p.type, labels))
            if "{" not in text and "?" not in text:
                return f"if {named_in(related, unknown.row.pred, unknown.row.args, text)}"
        return f"if it is not so that {phrase}"
    if choice.value is None and decl.params[1].type in prog.entities:   # a reference to no one
        return "if there is no " + re.sub(r"^(the|a|an) ", "", phrase.replace("?", "").strip())
    worded = _word_choice(unknown, choice, labels, related)
    if worded:
        return f"if {worded}"
    value = entity_text(choice.value, decl.params[1].type, labels) if labels and isinstance(choice.value, str) \
        and choice.value in labels else choice.label
    return f"if {phrase.replace('?', 'the value')} is {value}"


def _word_choice(unknown: Unknown, choice: Choice, labels: dict[str, str] | None = None,
                 related: Related | None = None) -> str:
    """A word of a closed set said in the fact's own sentence with the rule file's phrase for it: 'the
    conviction 6 months earlier ended in a certificate of conviction'; the choice standing for the
    words no rule tests said as those words ('... ended in a dismissal, an acquittal or some other
    outcome'), never 'ended in unknown is another word' ('' where the set has no phrases)."""
    decl = unknown.decl
    param = decl.params[1]
    phrases = getattr(param, "phrases", None) or {}
    if not param.words or not phrases or "{" + param.name + "}" not in decl.template:
        return ""
    if choice.point and choice.value in phrases:
        said = [phrases[choice.value]]
    else:
        tested = {c.value for c in unknown.choices if c.point}
        said = [phrases.get(w, str(w).replace("_", " ")) for w in sorted(set(param.words) - tested)]
    if not said:
        return ""
    value = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]
    text = decl.template
    for p, v in zip(decl.params, unknown.row.args):
        text = text.replace("{" + p.name + "}", value if p is param else entity_text(v, p.type, labels))
    return named_in(related, unknown.row.pred, unknown.row.args, text)


def split_sentence(prog: Program, unknown: Unknown, labels: dict[str, str] | None = None,
                   related: Related | None = None) -> str:
    phrase = fact_phrase(prog, unknown, labels, related)
    if unknown.decl.arity == 1:
        return f"whether or not {phrase}"
    decl = unknown.decl
    param = decl.params[1]
    slot = "{" + param.name + "}"
    if param.words and getattr(param, "phrases", None) and decl.template.endswith(slot):
        # a word of a closed set at the sentence's end: 'whatever the conviction 6 months earlier ended
        # in', never 'whatever ... ended in unknown is'
        text = decl.template[:-len(slot)].rstrip()
        for p, v in zip(decl.params, unknown.row.args):
            if p is not param:
                text = text.replace("{" + p.name + "}", entity_text(v, p.type, labels))
        return f"whatever {named_in(related, unknown.row.pred, unknown.row.args, text)}"
    return f"whatever {phrase} is"


NONE = Choice(None, "none")
MAX_CASE_PROOFS = 16   # leaves whose ordinary proof is built; the others get an `elided` node


def _unfillable_here(prog: Program, node: Node) -> bool:
    """Whether the split at `node` is on a reference with one value only, none: the case names no
    entity of its kind (engine/exact/domains.py: each entity of the kind, plus none)."""
    u = node.split
    return bool(u is not None and len(node.children) == 1 and node.children[0][0].value is None
            and u.decl.arity == 2 and u.decl.params[1].type in prog.entities)


def _unfillable(prog: Program, node: Node, out: dict[int, Unknown]) -> dict[int, Unknown]:
    """The references anywhere in the split that the case cannot fill, by row index."""
    if _unfillable_here(prog, node):
        out.setdefault(node.split.index, node.split)
    for _, child in node.children:
        _unfillable(prog, child, out)
    return out


def _assumed(prog: Program, unknowns: Iterable[Unknown], labels: dict[str, str] | None = None) -> dict[str, list[str]]:
    by_kind: dict[str, list[str]] = {}
    for u in unknowns:
        phrase = fact_phrase(prog, u, labels).replace("?", "").strip()
        phrases = by_kind.setdefault(u.decl.params[1].type, [])
        if phrase not in phrases:
            phrases.append(phrase)
    return by_kind


def _state_assumed(g: ProofGraph, assumed: dict[str, list[str]]) -> None:
    if assumed:   # graph attributes stay strings (GraphML): one sentence, and its short form
        g.graph["assumed"] = " ".join(words.no_entity(kind, phrases) for kind, phrases in assumed.items())
        g.graph["assumed_short"] = words.no_entity_short(list(assumed))


def cases_graph(rb: Rulebase, loaded: Case, atom: Atom, args: Sequence[object], ex: Exact, engine: str,
                max_depth: int = 40, max_rows: int = DEFAULT_MAX_ROWS) -> ProofGraph:
    """The proof by cases of the exact answer `ex` (engine/exact/split.py), each case's proof from a
    session of its own under the row budget max_rows (the settings' rows)."""
    prog = rb.checked.program
    labels = getattr(loaded, "names", None)
    status = ex.answer
    unfillable = list(_unfillable(prog, ex.root, {}).values())
    if unfillable:
        # the references the case cannot fill, filled first (none): often that alone decides the
        # answer, and the argument is one proof with the assumption stated, not a split on facts
        # that then do not matter
        rows = list(ex.root.rows)
        for u in unfillable:
            rows = assign(rows, u, NONE)
        rows = [r for r in rows if r is not None]
        with open_session(rb, rows, atom.key, engine, offenders=True, max_rows=max_rows) as session:
            leaf = ProofBuilder(session, rb.codes, loaded, rb.index, max_depth=max_depth).build(atom.pred, args)
        if leaf.nodes[leaf.graph["root"]].get("status") == status:
            _state_assumed(leaf, _assumed(prog, unfillable, labels))
            return leaf
    g = ProofGraph()
    built = [0]
    prose = case_prose(prog, loaded)

    assumed: dict[str, list[str]] = {}   # kind -> the references the case cannot fill (it names no entity of the kind)

    def build(node: Node, prefix: str) -> str:
        if _unfillable_here(prog, node):
            # one value only: the case names no entity of the kind, so the reference is none of them.
            # Not a case distinction ('whatever ... is'): an assumption, stated with the answer.
            for kind, phrases in _assumed(prog, [node.split], labels).items():
                assumed.setdefault(kind, []).extend(p for p in phrases if p not in assumed.get(kind, []))
            return build(node.children[0][1], prefix)
        if node.split is not None:
            u = node.split
            nid = f"{prefix}cases:{u.row.pred}({u.entity})"
            sentence = split_sentence(prog, u, labels, prose.related)
            g.add_node(nid, kind="cases", status=status, label=f"{sentence}, {atom} is {status.upper()}",
                       sentence=sentence, pred=u.row.pred, entity=str(u.entity))
            for order, (choices, child) in enumerate(_same_outcome_runs(node)):
                choice = choices[0]
                label = case_label(prog, u, choice, labels, prose.related)
                if len(choices) > 1 or u.decl.arity == 2 and u.decl.params[1].type in _NUMERIC:
                    # a run of values with one outcome: one case, its values in words ('more than 12 months')
                    said = _condition(prog, prose, u, choices, labels)
                    label = f"if {said}" if said else label
                cid = f"{prefix}case:{u.row.pred}({u.entity})={choice.label}"
                g.add_node(cid, kind="case", status=status, label=label,
                           value=" / ".join(c.label for c in choices), pred=u.row.pred, entity=str(u.entity))
                g.add_edge(nid, cid, role="case", order=order)
                sub = build(child, cid + "/")
                g.add_edge(cid, sub, role="premise", order=0)
            return nid
        built[0] += 1
        if built[0] > MAX_CASE_PROOFS:
            nid = f"{prefix}elided"
            g.add_node(nid, kind="elided", status=status,
                       label=f"(the proof of this case is left out: the answer has more than {MAX_CASE_PROOFS} "
                             "cases; state the facts of the case to see it)")
            return nid
        rows = [r for r in node.rows if r is not None]
        with open_session(rb, rows, atom.key, engine, offenders=True, max_rows=max_rows) as session:
            leaf = ProofBuilder(session, rb.codes, _with_forced(loaded, node.forced, node.path), rb.index,
                                max_depth=max_depth).build(atom.pred, args)
        root: str = leaf.graph["root"]
        for n, d in leaf.nodes(data=True):
            d = dict(d)
            if n == root and d.get("kind") == "goal" and prefix:   # a case's conclusion, not the question's
                d["kind"] = "atom"
            g.add_node(prefix + n, **d)
        for u, v, d in leaf.edges(data=True):
            g.add_edge(prefix + u, prefix + v, **d)
        return prefix + root

    g.graph["root"] = build(ex.root, "")
    _state_assumed(g, assumed)
    return g


def _leaf_outcome(node: Node) -> frozenset | None:
    """The rows that hold in every leaf below `node`, when every leaf finds the same ones and leaves
    none open; None when they differ."""
    found: frozenset | None = None
    for leaf in split_leaves(node):
        certain, possible = leaf.status
        if set(possible) - set(certain):
            return None
        if found is not None and frozenset(certain) != found:
            return None
        found = frozenset(certain)
    return found


def _same_outcome_runs(node: Node) -> list[tuple[list[Choice], Node]]:
    """The children of a split as the cases argued: a run of values of a number, an amount, a time
    or a date whose subtrees find the same rows is one case ('12 months or less', not 'below 12'
    and '12' argued alike while 'above 12' goes unargued: trainer review 11, 12); other children
    one case each."""
    u = node.split
    numeric = u.decl.arity == 2 and u.decl.params[1].type in _NUMERIC
    out: list[tuple[list[Choice], Node, frozenset | None]] = []
    for choice, child in node.children:
        outcome = _leaf_outcome(child)
        if numeric and out and outcome is not None and out[-1][2] == outcome:
            out[-1][0].append(choice)
            continue
        out.append(([choice], child, outcome))
    return [(choices, child) for choices, child, _ in out]


def _with_forced(loaded: Case, forced: tuple[tuple[Unknown, Choice, Implication, bool], ...],
                 path: tuple[tuple[Unknown, Choice], ...] = ()) -> Case:
    """The case as a case's proof reads it: each fact the case's choices imply (the law's @implies,
    engine/exact/split.py) shown as implied by them, with the implication's reason; each fact the
    case chooses (its path) shown as the value this case takes, not as stated or as silence."""
    if not forced and not path:
        return loaded
    from ..core.record import replace
    implied = dict(getattr(loaded, "implied", None) or {})
    for u, choice in path:
        implied[(u.row.pred, u.entity)] = {"value": choice.value, "loc": "", "reason": "", "because": "",
                                           "premise": (u.row.pred, u.entity), "taken": True}
    for u, choice, imp, holds in forced:
        premise = imp.first if holds else imp.then   # forward: the first side holds; else the second fails
        because = premise.text(u.entity) if holds else ("not " + premise.text(u.entity)).replace("not not ", "")
        implied[(u.row.pred, u.entity)] = {"value": choice.value is not None if u.decl.arity == 1 else choice.value,
                                           "loc": "", "reason": imp.reason, "because": because,
                                           "premise": (premise.pred, u.entity)}
    return replace(loaded, implied=implied)


# -- an undetermined answer as its branches (trainer review 10, item 2) -----------------------------------
MAX_BRANCHES = 4   # more, and the answer names the deciding facts only: a list of branches would not be read
MAX_ROWS_BRANCHED = 4   # open rows each said as its branches; more, and none is
_NUMERIC = ("number", "money", "time", "date")


def branches(rb: Rulebase, loaded: Case, atom: Atom, args: Sequence[object], ex: Exact, engine: str,
             max_depth: int = 40, max_rows: int = DEFAULT_MAX_ROWS, budget: int | None = None,
             order: Sequence[tuple] = ()) -> list[dict]:
    """An undetermined answer that the exact split (engine/exact/split.py) decides, for each open
    row, in every branch, as those branches: [{"row": the row's values, "when": each deciding fact
    and the values it takes there ({"fact", "entity", "attribute", "values"}), "joined": "all" (each
    of them) or "any" (one of them), "condition": that in words, "answer": the row's answer there,
    "says": what it is then, "violations": who would have violated what (as the JSON offenders)}],
    per row the branches that find a violation first; a row that cannot be said so has none. The split's branches on one fact with the
    same outcome for the row are one (below 150 and 150 -> '150 feet or less'); of two outcomes, one
    reached on one way only, the other is said as 'any' of the ways out of it. [] when a row's
    branch is left open, more than MAX_ROWS_BRANCHED rows are open, or a row needs more than
    MAX_BRANCHES branches (that row). order: the facts the proof found missing that decide the
    answer ((pred, entity)); an exact answer the split did not take apart (settled by completions,
    past its budget) is split on one of them alone, when its values decide the answer both ways
    (engine/exact/split.py split_on): a yes/no question open on one fact is said both ways like an
    amount (trainer review 14, 09: the neighbour's ride on its clock time)."""
    if not ex.exact or ex.answer != "undetermined":
        return []
    alone = None if ex.split or not order else split_on(rb, loaded, atom, args, order, budget=budget,
                                                        seconds_left=seconds_left(), max_rows=max_rows)
    if not ex.split and alone is None:
        return []
    # (not `root`: each branch's proof below has its own root node)
    tree: Node = ex.root if ex.split or alone is None else alone
    names = variables(atom)
    open_rows = [b for b in ex.bindings if b.get("answer") == "undetermined"]
    if not open_rows or len(open_rows) > MAX_ROWS_BRANCHED:
        return []
    prog = rb.checked.program
    prose = case_prose(prog, loaded)
    labels = getattr(loaded, "names", None)
    out: list[dict] = []
    decl = prog.preds.get(atom.key)
    valued = bool(names) and len(names) < len(args) and decl is not None and any(
        decl.params[i].type == "money" for i, _ in names if i < len(decl.params))
    for binding in open_rows:
        bound = list(args)   # the row the branches are about, named: 'the ride', not 'some operation'
        for i, name in names:
            bound[i] = binding.get(name, bound[i])
        # the whole row, the goal's given values with it, as the split's leaves hold it: the third
        # tank's ('tank_three', 207500, 222500), never (207500, 222500), which no leaf holds, so that an
        # entity asked on its own is said by its branches too (trainer review 14, 12 and 09)
        # only an amount asked of one party (a value variable beside the given party): a question
        # about a party whose every argument is given, or about every party, keeps its rows as before
        # a question whose every argument is given, split on its one missing fact alone (lawful(the
        # ride), split_on): its one row is the whole goal; the full split's rows stay as before
        row = tuple(bound) if valued or not names and alone is not None \
            else tuple(binding.get(name) for _, name in names)
        groups = _groups(tree, (), row)
        if (groups is None or len(groups) < 2) and alone is not None and row != tuple(bound):
            # split on its one missing fact, the leaves hold the whole goal: 'violation(the hired man's
            # ride, s. 350.10(1)(g))', never the provision alone (trainer review 16, 09: an open row on
            # the speed, said without its two results)
            groups = _groups(tree, (), tuple(bound))
        if groups is None and len(open_rows) > 1:   # the row split on its own (its own budget)
            own = exact_answer(rb, loaded, atom, tuple(bound), engine, budget=budget,
                               seconds_left=seconds_left(), max_rows=max_rows)
            groups = _groups(own.root, (), None) if own.exact and own.split else None
        if groups is None or not 2 <= len(groups) <= MAX_BRANCHES:
            continue   # the row stays as the answer lists it: open, with the facts that decide it
        said: list[dict] = []
        for when, joined, leaf in _either(groups):
            rows = [r for r in leaf.rows if r is not None]
            with open_session(rb, rows, atom.key, engine, offenders=True, max_rows=max_rows) as session:
                g = ProofBuilder(session, rb.codes, _with_forced(loaded, leaf.forced, leaf.path), rb.index,
                                 max_depth=max_depth).build(atom.pred, bound)
            root = g.graph["root"]
            status = str(g.nodes[root].get("status", ""))
            conditions = [_condition(prog, prose, u, choices, labels) for u, choices in when]
            if status not in ("true", "false") or not all(conditions):
                said = []
                break
            # a branch joined "any" stands for several ways the facts can go, argued on one of them: what
            # defeats the row there (a merged conviction) need not hold on the others (acquitted on one
            # count), so the branch says the row's own outcome, true on every way (trainer review 14, 07)
            found = list(defeating_atoms(g, root)) if status == "false" and joined != "any" else []
            says = ("; ".join(with_provision(g, x, reason=False) for x in found) if found
                    else with_provision(g, root, reason=False))
            said.append({"row": {name: binding.get(name) for _, name in names},
                         "when": [{"fact": _fact_noun(prog, u, labels, prose.related), "entity": str(u.entity),
                                   "attribute": u.row.pred, "values": [c.label for c in choices],
                                   "condition": said_step, "every": [c.label for c in u.choices]}
                                  for (u, choices), said_step in zip(when, conditions)],
                         "joined": joined, "condition": (" or " if joined == "any" else " and ").join(conditions),
                         "answer": status, "says": says, "violations": _violations(g),
                         # our readings the branch's proof rests on (the window's closing minute for
                         # '07:00 or earlier'): its bounds said on them (explain/argument.py _at_bounds)
                         "readings": list(dict.fromkeys(
                             words.reading_text(str(r)) for _, d in g.nodes(data=True)
                             if d.get("kind") == "rule" and d.get("status") == "true"
                             for r in d.get("readings") or ()))})
        said.sort(key=lambda b: not b["violations"])   # stable: the split's order within each
        out.extend(_one_fact_merged(said))
    return out


def _one_fact_merged(said: list[dict]) -> list[dict]:
    """Branches on one and the same fact that conclude the same said once, their conditions joined
    with 'or' ('the time of day ... is before 09:00 or after 15:00'): the runs of a time or a number
    on either side of the other branch's run (trainer review 14, 12: the third tank outside its
    permit's hours, before them or after them, is one branch)."""
    out: list[dict] = []
    for b in said:
        fact = [w.get("fact") for w in b["when"]]
        same = next((o for o in out if len(fact) == 1 and [w.get("fact") for w in o["when"]] == fact
                     and o["answer"] == b["answer"] and o["says"] == b["says"]), None)
        if same is None:
            out.append(b)
            continue
        fact0 = str(fact[0] or "")
        tail = b["condition"][len(fact0) + 4:] if b["condition"].startswith(fact0 + " is ") else b["condition"]
        # runs that say 'or' themselves are set apart by a comma ('07:00 or earlier, or 22:30 or later')
        joint = ", or " if " or " in tail or " or " in same["condition"][len(fact0) + 4:] else " or "
        same["condition"] = f"{same['condition']}{joint}{tail}"
        same["when"] = [{**same["when"][0], "values": same["when"][0]["values"] + b["when"][0]["values"]}]
        same["violations"] = same["violations"] + [v for v in b["violations"] if v not in same["violations"]]
    return out


def _violations(g: ProofGraph) -> list[dict]:
    """Who violated what in a branch's proof (the violation nodes found TRUE, as render/jsonout.py
    offenders says them)."""
    out: list[dict] = []
    for nid in proof_order(g):
        d = g.nodes[nid]
        if d.get("offender_role") and d.get("status") == "true":
            for row in [dict(r) for r in d.get("offender_rows") or ()] or [
                    {"in": d.get("offence_in_id") or None, "provision": d.get("offence", ""), "offender": None,
                     "role": d["offender_role"], "offender_name": None, "in_name": d.get("offence_in") or None}]:
                if row not in out:
                    out.append(row)
    return out


# a step of a branch: the fact split, the values it takes there, every value it can take
Step = tuple  # (Unknown, list[Choice], list[Choice])


def _row_outcome(node: Node, row: tuple | None) -> bool | None:
    """Whether the row holds (True) or fails (False) in every leaf below `node` (row None: the goal
    split with every argument given, any row); None when it differs between them or a leaf leaves
    it open."""
    found: bool | None = None
    for leaf in split_leaves(node):
        certain, possible = leaf.status
        holds = bool(certain) if row is None else row in certain
        if not holds and (bool(possible) if row is None else row in possible):
            return None
        if found is not None and holds != found:
            return None
        found = holds
    return found


def _groups(node: Node, when: tuple, row: tuple | None) -> list[tuple[list, bool, Node]] | None:
    """The split below `node` as the row's branches: (the steps taken on the way, the row's outcome,
    a leaf of the branch), the children of one split with the same outcome for the row made one (a
    run of them for a number, an amount, a time or a date: '150 or less'); None when the row is
    left open in a leaf or more than MAX_BRANCHES are needed."""
    here_outcome = _row_outcome(node, row)
    if here_outcome is not None:
        return [(list(when), here_outcome, _first_leaf(node))]
    if node.split is None:
        return None
    u = node.split
    numeric = u.decl.arity == 2 and u.decl.params[1].type in _NUMERIC
    every = [c for c, _ in node.children]
    merged: list[tuple[bool | None, list, Node]] = []   # (outcome or None, choices, a child)
    for choice, child in node.children:
        outcome = _row_outcome(child, row)
        if outcome is not None:
            same = [m for m in merged if m[0] == outcome]
            if same and (not numeric or merged[-1] is same[-1]):
                same[-1][1].append(choice)
                continue
        merged.append((outcome, [choice], child))
    out: list[tuple[list, bool, Node]] = []
    for outcome, choices, child in merged:
        step = when + ((u, choices, every),)
        if outcome is not None:
            out.append((list(step), outcome, _first_leaf(child)))
        else:
            below = _groups(child, step, row)
            if below is None:
                return None
            out.extend(below)
        if len(out) > MAX_BRANCHES:
            return None
    return out


def _either(groups: list[tuple[list, bool, Node]]) -> list[tuple[list, str, Node]]:
    """The branches as said: (the steps, each with the values taken, "all" or "any", a leaf). Of two
    outcomes, one reached by one way only (the operator neither disabled nor under the influence):
    the other said as one branch, 'any' of the ways out of it (each step's other values), where each
    can be said as one run of values."""
    said = [([(u, c) for u, c, _ in when], "all", leaf) for when, _, leaf in groups]
    if len(groups) <= 2 or len({o for _, o, _ in groups}) != 2:
        return said
    for outcome in (False, True):
        alone = [g for g in groups if g[1] == outcome]
        rest = [g for g in groups if g[1] != outcome]
        if len(alone) != 1:
            continue
        ways = []
        for u, choices, every in alone[0][0]:
            others = [c for c in every if c not in choices]
            numeric = u.decl.arity == 2 and u.decl.params[1].type in _NUMERIC
            at = [every.index(c) for c in others]
            if not others or numeric and at != list(range(at[0], at[-1] + 1)):
                return said
            ways.append((u, others))
        one = ([(u, c) for u, c, _ in alone[0][0]], "all", alone[0][2])
        other = (ways, "any" if len(ways) > 1 else "all", rest[0][2])
        return [other, one] if outcome else [one, other]
    return said


def _first_leaf(node: Node) -> Node:
    return next(iter(split_leaves(node)))
def _fact_noun(prog: Program, u: Unknown, labels: dict[str, str] | None, related: Any) -> str:
    """The fact a branch turns on, as its condition says it: a number's without the unit its words
    close on ('the speed of the snowmobile in the ride', the unit said with the values)."""
    noun = fact_phrase(prog, u, labels, related)
    decl = u.decl
    if decl.arity == 2 and decl.params[1].type in _NUMERIC and decl.params[1].unit:
        return words.without_unit(noun)
    return noun


def _condition(prog: Program, prose: object, u: Unknown, choices: list[Choice], labels: dict[str, str] | None) -> str:
    """The facts of a branch in words: 'the ride did not travel in the direction of vehicular
    traffic in the nearest lane', 'the distance in feet ... is 150 feet or less'; '' when they
    cannot be said."""
    decl = u.decl
    if decl.arity == 1:
        if len({c.value is not None for c in choices}) != 1:
            return ""
        sentence = prose.positive(u.row.pred, (u.entity,))   # type: ignore[attr-defined]
        if sentence is None:
            return ""
        return str(sentence) if choices[0].value is not None else str(sentence.negative or "")
    param = decl.params[1]
    noun = fact_phrase(prog, u, labels, getattr(prose, "related", None)).replace("?", "").strip()
    if param.type in _NUMERIC:
        values = words.value_range([c.label for c in choices], param.type, lambda v: with_unit(v, param.unit))
        return words.value_condition(noun, values, param.unit if param.type == "number" else None) if values else ""
    if any(c.value is None for c in choices) and param.type in prog.entities:
        return "" if len(choices) > 1 else "there is no " + re.sub(r"^(the|a|an) ", "", noun)
    said = [entity_text(c.value, param.type, labels) if labels and isinstance(c.value, str) and c.value in labels
            else (param.phrases or {}).get(str(c.value), c.label.replace("_", " ")) for c in choices]
    return words.value_condition(noun, words.either_of(said))
