"""The proof as the builder records it: a small directed graph with networkx's interface.

Answering a question must not pay for importing networkx (~0.15 s, more than the whole answer):
the builder records nodes and edges here, with the part of networkx.DiGraph's interface that the
builder, the text renderer and the Answer's summaries read (`graph`, `nodes[n]`,
`nodes(data=True)`, `edges[u, v]`, `edges(data=True)`, `successors`, `out_degree`, `has_edge`,
`in`). `to_networkx()` gives the networkx.DiGraph with the same nodes, edges, attributes and
insertion order; `Answer.graph` is that graph, made on first use, and every export reads it.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal, overload

if TYPE_CHECKING:
    import networkx

# a node's or an edge's attributes (kind, label, status, ...; role, order)
Attrs = dict[str, Any]


class ProofGraph:
    def __init__(self) -> None:
        self.graph: dict[str, Any] = {}
        self._node: dict[str, Attrs] = {}
        self._succ: dict[str, dict[str, Attrs]] = {}
        self.nodes = _Nodes(self._node)
        self.edges = _Edges(self._succ)
        # each node's successors in proof order (ordered_successors), kept until the graph changes:
        # the argument and the renderers read the same node's children many times
        self._ordered: dict[str, list[str]] = {}

    def __contains__(self, n: object) -> bool:
        return n in self._node

    def __iter__(self) -> Iterator[str]:
        return iter(self._node)

    def __len__(self) -> int:
        return len(self._node)

    def number_of_nodes(self) -> int:
        return len(self._node)

    def add_node(self, n: str, **attr: Any) -> None:
        if n not in self._node:
            self._node[n] = {}
            self._succ[n] = {}
        self._node[n].update(attr)

    def add_edge(self, u: str, v: str, **attr: Any) -> None:
        if self._ordered:
            self._ordered.clear()
        for n in (u, v):
            if n not in self._node:
                self.add_node(n)
        self._succ[u].setdefault(v, {}).update(attr)

    def has_edge(self, u: str, v: str) -> bool:
        return u in self._succ and v in self._succ[u]

    def out_degree(self, n: str) -> int:
        return len(self._succ[n])

    def successors(self, n: str) -> Iterator[str]:
        return iter(self._succ[n])

    def ordered_successors(self, n: str) -> list[str]:
        """N's successors by the edges' `order`, then by id (prose/order.py ordered_children), a new
        list each time; sorted once while the graph is unchanged (an edge's attributes are changed
        only through add_edge)."""
        out = self._ordered.get(n)
        if out is None:
            succ = self._succ[n]
            out = self._ordered[n] = sorted(succ, key=lambda c: (succ[c].get("order", 0), c))
        return list(out)

    def to_networkx(self) -> networkx.DiGraph:
        import networkx as nx
        g = nx.DiGraph()
        g.graph.update(self.graph)
        g.add_nodes_from((n, dict(d)) for n, d in self._node.items())
        g.add_edges_from((u, v, dict(d)) for u, succ in self._succ.items() for v, d in succ.items())
        return g


def below(g: Any, n: str) -> set[str]:
    """N and every node under it (a ProofGraph or a networkx.DiGraph): the explain layer's and the
    answer's (answer/otherwise.py) walk down the proof."""
    seen = {n}
    todo = [n]
    while todo:
        for c in g.successors(todo.pop()):
            if c not in seen:
                seen.add(c)
                todo.append(c)
    return seen


class _Nodes:
    __slots__ = ("_node",)

    def __init__(self, node: dict[str, Attrs]) -> None:
        self._node = node

    def __getitem__(self, n: str) -> Attrs:
        return self._node[n]

    def __iter__(self) -> Iterator[str]:
        return iter(self._node)

    def __len__(self) -> int:
        return len(self._node)

    def __contains__(self, n: object) -> bool:
        return n in self._node

    @overload
    def __call__(self, data: Literal[False] = ...) -> list[str]: ...
    @overload
    def __call__(self, data: Literal[True]) -> list[tuple[str, Attrs]]: ...

    def __call__(self, data: bool = False) -> list[str] | list[tuple[str, Attrs]]:
        return list(self._node.items()) if data else list(self._node)


class _Edges:
    __slots__ = ("_succ",)

    def __init__(self, succ: dict[str, dict[str, Attrs]]) -> None:
        self._succ = succ

    def __getitem__(self, uv: tuple[str, str]) -> Attrs:
        u, v = uv
        return self._succ[u][v]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return ((u, v) for u, succ in self._succ.items() for v in succ)

    def __len__(self) -> int:
        return sum(len(s) for s in self._succ.values())

    @overload
    def __call__(self, data: Literal[False] = ...) -> list[tuple[str, str]]: ...
    @overload
    def __call__(self, data: Literal[True]) -> list[tuple[str, str, Attrs]]: ...

    def __call__(self, data: bool = False) -> list[tuple[str, str]] | list[tuple[str, str, Attrs]]:
        if data:
            return [(u, v, d) for u, succ in self._succ.items() for v, d in succ.items()]
        return list(self)
