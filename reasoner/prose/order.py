"""The order in which a proof is read: premises in rule order, depth first from the root."""
from __future__ import annotations


def ordered_children(g, nid):
    kept = getattr(g, "ordered_successors", None)   # the recorded proof (explain/graph.py) keeps them sorted
    if kept is not None:
        return kept(nid)
    return sorted(g.successors(nid), key=lambda c: (g.edges[nid, c].get("order", 0), c))


def proof_order(g) -> list:
    """Nodes in depth-first proof order from the root (then any unreachable ones, sorted)."""
    root = g.graph["root"]
    order, seen, stack = [], set(), [root]
    while stack:
        nid = stack.pop()
        if nid in seen:
            continue
        seen.add(nid)
        order.append(nid)
        stack.extend(reversed(ordered_children(g, nid)))
    order.extend(sorted(n for n in g if n not in seen))
    return order
