"""GraphML of a proof graph (networkx.write_graphml), and reading it back into an equal graph.

GraphML attributes are strings, numbers or booleans. An attribute whose values are anything else
(lists, dicts, None) or whose values mix types is written as JSON text for every node (edge, graph)
that has it; the graph attribute `json_attributes` lists those attributes, so `read_graphml` can
decode them again.
"""
from __future__ import annotations

import io
import json

import networkx as nx

SCHEMA_VERSION = 1
JSON_KEY = "json_attributes"


def _scalar_type(value):
    if isinstance(value, bool):
        return bool
    if isinstance(value, int):
        return int
    if isinstance(value, float):
        return float
    if isinstance(value, str):
        return str
    return None


def _json_keys(items) -> set:
    """Attribute names whose values are not all of one scalar type."""
    types: dict = {}
    for data in items:
        for k, v in data.items():
            types.setdefault(k, set()).add(_scalar_type(v))
    return {k for k, ts in types.items() if len(ts) != 1 or None in ts}


def _encode(data: dict, keys: set) -> dict:
    return {k: json.dumps(v, ensure_ascii=False, sort_keys=True) if k in keys else v
            for k, v in sorted(data.items())}


def graphml_graph(g) -> nx.DiGraph:
    """A copy of the proof graph whose attributes GraphML can hold."""
    node_keys = _json_keys(d for _, d in g.nodes(data=True))
    edge_keys = _json_keys(d for _, _, d in g.edges(data=True))
    graph_keys = _json_keys([g.graph])
    h = nx.DiGraph()
    h.graph.update(_encode(g.graph, graph_keys))
    h.graph[JSON_KEY] = json.dumps({"graph": sorted(graph_keys), "node": sorted(node_keys),
                                    "edge": sorted(edge_keys)}, sort_keys=True)
    h.graph["schema"] = SCHEMA_VERSION
    for nid in sorted(g):
        h.add_node(nid, **_encode(g.nodes[nid], node_keys))
    for u, v in sorted(g.edges()):
        h.add_edge(u, v, **_encode(g.edges[u, v], edge_keys))
    return h


def render_graphml(g) -> bytes:
    buf = io.BytesIO()
    nx.write_graphml(graphml_graph(g), buf, encoding="utf-8", prettyprint=True)
    return buf.getvalue()


def read_graphml(source) -> nx.DiGraph:
    """Read a GraphML file (path or file object) written by render_graphml into an equal graph."""
    h = nx.read_graphml(source)
    spec = json.loads(h.graph.pop(JSON_KEY, "{}") or "{}")
    for k in ("schema", "node_default", "edge_default"):
        h.graph.pop(k, None)
    g = nx.DiGraph()
    g.graph.update(_decode(h.graph, set(spec.get("graph", []))))
    for nid, d in h.nodes(data=True):
        g.add_node(nid, **_decode(d, set(spec.get("node", []))))
    for u, v, d in h.edges(data=True):
        g.add_edge(u, v, **_decode(d, set(spec.get("edge", []))))
    return g


def _decode(data: dict, keys: set) -> dict:
    return {k: json.loads(v) if k in keys and isinstance(v, str) else v for k, v in data.items()}
