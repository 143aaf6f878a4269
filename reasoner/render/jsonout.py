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
        "exact": getattr(answer, "exact", True),
        **({"exact_reason": answer.exact_reason} if not getattr(answer, "exact", True) else {}),
        "missing": missing_entries(answer),
        "cited": sorted(answer.cited),
        "readings": answer.readings,
        "proof": graph_data(answer.graph),
    }


def missing_entries(answer, every=True) -> list:
    """The missing facts, ranked (deciding ones first): question, rank, decides, provision, and
    where the fact sits in the case (entity, attribute)."""
    out = []
    for m in answer.missing_inputs:
        if not every and not m.get("decides", True):
            continue
        entry = {"question": m.get("question", ""), "rank": m.get("rank"), "decides": m.get("decides", True),
                 "provision": m.get("provision", ""), "entity": m.get("entity", ""),
                 "attribute": m.get("attribute", "")}
        if m.get("note"):
            entry["note"] = m["note"]
        out.append(entry)
    return out


def dumps(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
