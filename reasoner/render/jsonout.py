"""JSON renderings: answers (with the proof in networkx node-link form) and models."""
from __future__ import annotations

import json
from fractions import Fraction

from ..values import UNKNOWN, show_value

SCHEMA_VERSION = 1


def plain(value):
    if value is UNKNOWN:
        return None
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int) and type(value) is int:
        return value
    if isinstance(value, Fraction):
        return show_value(value)
    if isinstance(value, (int, str)):
        return str(value) if not isinstance(value, str) else value
    return str(value)


def graph_data(g) -> dict:
    from networkx.readwrite import json_graph
    data = json_graph.node_link_data(g, edges="edges")
    data["nodes"] = sorted(data["nodes"], key=lambda n: n["id"])
    data["edges"] = sorted(data["edges"], key=lambda e: (e["source"], e["order"]))
    return data


def answer_dict(answer) -> dict:
    return {
        "schema": SCHEMA_VERSION,
        "query": answer.query,
        "answer": answer.answer,
        "bindings": [{k: plain(v) if k != "answer" else v for k, v in b.items()} for b in answer.bindings],
        "missing": list(answer.missing),
        "cited": sorted(answer.cited),
        "presumed": list(getattr(answer, "presumed", [])),
        "readings": answer.readings,
        "proof": graph_data(answer.graph),
    }


def dumps(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
