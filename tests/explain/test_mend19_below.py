"""explain/graph.py below: the node and every node under it, on the builder's graph and on networkx's
(the argument's one open condition, the answer's otherwise rows), once each through a cycle."""
from __future__ import annotations

from reasoner.explain.graph import ProofGraph, below


def _graph() -> ProofGraph:
    g = ProofGraph()
    for u, v in [("r", "a"), ("a", "b"), ("a", "c"), ("c", "b"), ("x", "r"), ("c", "a")]:
        g.add_edge(u, v)
    g.add_node("alone")
    return g


def test_the_node_and_everything_under_it_only():
    g = _graph()
    assert below(g, "r") == {"r", "a", "b", "c"}
    assert below(g, "b") == {"b"}
    assert below(g, "alone") == {"alone"}
    assert "x" not in below(g, "r")   # above, not below


def test_the_same_on_networkx():
    g = _graph()
    for n in g:
        assert below(g.to_networkx(), n) == below(g, n)
