"""Proof by cases: a TRUE or FALSE answer reached by splitting on unknown inputs (engine/exact.py).

The root is a `cases` node ("whether or not the vehicle carried implements of husbandry, ..."),
with one `case` node per value of the split input; under each case either a further split or the
ordinary proof of the goal on the case's facts with that value filled in (node ids prefixed by
the case path so that every branch keeps its own nodes).
"""
from __future__ import annotations

from ..core.values import show_value
from .builder import ProofBuilder
from .graph import ProofGraph


def fact_phrase(prog, unknown) -> str:
    """'the vehicle carried implements of husbandry' / 'the distance in feet ...'."""
    decl = unknown.decl
    text = decl.template
    for p, v in zip(decl.params, unknown.row.args):
        text = text.replace("{" + p.name + "}", "?" if v is None else show_value(v, p.type))
    return text


def case_label(prog, unknown, choice) -> str:
    decl = unknown.decl
    phrase = fact_phrase(prog, unknown)
    if decl.arity == 1:
        return f"if {phrase}" if choice.value is not None else f"if it is not so that {phrase}"
    return f"if {phrase.replace('?', 'the value')} is {choice.label}"


def split_sentence(prog, unknown) -> str:
    phrase = fact_phrase(prog, unknown)
    if unknown.decl.arity == 1:
        return f"whether or not {phrase}"
    return f"whatever {phrase} is"


MAX_CASE_PROOFS = 16   # leaves whose ordinary proof is built; the others get an `elided` node


def cases_graph(rb, loaded, atom, args, ex, open_session, engine, max_depth=40) -> ProofGraph:
    prog = rb.checked.program
    g = ProofGraph()
    status = ex.answer
    built = [0]

    def build(node, prefix):
        if node.split is not None:
            u = node.split
            nid = f"{prefix}cases:{u.row.pred}({u.entity})"
            sentence = split_sentence(prog, u)
            g.add_node(nid, kind="cases", status=status, label=f"{sentence}, {atom} is {status.upper()}",
                       sentence=sentence, pred=u.row.pred, entity=str(u.entity))
            for order, (choice, child) in enumerate(node.children):
                cid = f"{prefix}case:{u.row.pred}({u.entity})={choice.label}"
                g.add_node(cid, kind="case", status=status, label=case_label(prog, u, choice),
                           value=choice.label, pred=u.row.pred, entity=str(u.entity))
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
        with open_session(rb, rows, atom.key, engine) as session:
            leaf = ProofBuilder(session, rb.codes, loaded, rb.index, max_depth=max_depth).build(atom.pred, args)
        root = leaf.graph["root"]
        for n, d in leaf.nodes(data=True):
            d = dict(d)
            if n == root and d.get("kind") == "goal":
                d["kind"] = "atom"
            g.add_node(prefix + n, **d)
        for u, v, d in leaf.edges(data=True):
            g.add_edge(prefix + u, prefix + v, **d)
        return prefix + root

    g.graph["root"] = build(ex.root, "")
    return g
