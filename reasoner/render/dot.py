"""Graphviz DOT of a proof graph, built with pydot (the `export` extra; imported lazily).

Readable labels (the same wrapped text as the figure), one fill colour per node kind, the outline
colour says the status. Node names are n0, n1, ... in proof order, so output is stable.
"""
from __future__ import annotations

from ..core.errors import ReasonerError
from .figure import (KIND_COLOURS, KIND_NAMES, STATUS_COLOURS, STATUS_STYLES, node_text,
                     ordered_children, proof_order, view_graph)


def _pydot():
    try:
        import pydot
    except ImportError:
        raise ReasonerError("DOT export needs pydot, which is not installed",
                            hint="pip install pydot (in a checkout: pip install -e .[export])") from None
    return pydot


def _quote(text: str) -> str:
    escaped = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def render_dot(graph, fold: bool = True, depth: int | None = None) -> str:
    pydot = _pydot()
    g = graph if graph.graph.get("view") else view_graph(graph, fold, depth)
    names = {nid: f"n{i}" for i, nid in enumerate(proof_order(g))}
    title = f"{g.graph.get('query', '')}: {g.graph.get('answer', '')}"
    dot = pydot.Dot("proof", graph_type="digraph", rankdir="TB", label=_quote(title), labelloc="t",
                    fontname="Helvetica", fontsize="12")
    dot.set_node_defaults(shape="box", style='"rounded,filled"', fontname="Helvetica", fontsize="10")
    dot.set_edge_defaults(color='"#777777"', arrowsize="0.6")
    for nid in names:
        d = g.nodes[nid]
        kind = d.get("kind", "atom")
        status = d.get("status", "")
        style = "rounded,filled" + (",dashed" if STATUS_STYLES.get(status) == "dashed" else "")
        attrs = dict(label=_quote(node_text(d, width=32, max_lines=6)),
                     fillcolor=_quote(KIND_COLOURS.get(kind, "#ffffff")),
                     color=_quote(STATUS_COLOURS.get(status, "#555555")), penwidth="1.5",
                     style=_quote(style), tooltip=_quote(f"{KIND_NAMES.get(kind, kind)}: {nid}"))
        if kind == "rule" and d.get("statute"):
            attrs["tooltip"] = _quote(f"s. {d.get('provision', '')}: {d['statute']}")
        dot.add_node(pydot.Node(names[nid], **attrs))
    for nid in names:
        for c in ordered_children(g, nid):
            role = g.edges[nid, c].get("role", "")
            attrs = {}
            if role in ("could have", "elided"):
                attrs["style"] = "dashed"
            if role == "failed":
                attrs["color"] = _quote(STATUS_COLOURS["false"])
            if role and role not in ("premise",):
                attrs["label"] = _quote(role)
                attrs["fontsize"] = "8"
            dot.add_edge(pydot.Edge(names[nid], names[c], **attrs))
    return dot.to_string()
