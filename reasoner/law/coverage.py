"""`reasoner provisions`: every subsection of both excerpts with its rules, tests and status."""
from __future__ import annotations

import re
from pathlib import Path
from .index import sort_key

TESTS_DIR = Path(__file__).parent.parent.parent / "tests"


def coverage(rulebase, index) -> list:
    rules: dict = {}
    for rule in rulebase.program.rules:
        if rule.provision and " to " not in rule.provision:  # a run of sections (lawful.dl) is not one provision
            rules.setdefault(index.normalize(rule.provision), []).append(rule.rule_id)
    declared_holes = {h.citation: h for h in rulebase.program.holes if h.kind != "note"}
    notes: dict = {}   # @note: what an encoded provision's rules read (whom it binds, a reading)
    for h in rulebase.program.holes:
        if h.kind == "note":
            notes.setdefault(h.citation, []).append(h.why)
    tests = _tests_by_citation()
    rows = []
    for prov in index:
        cited = rules.get(prov.citation, [])
        if cited:
            status = "encoded"
        elif prov.citation in declared_holes and declared_holes[prov.citation].kind == "not_encoded":
            status = "not encoded (deliberate)"
        elif prov.title and prov.citation == prov.section and _only_title(prov):
            status = "heading"
        else:
            status = "not encoded"
        rows.append({"citation": prov.citation, "chapter": prov.chapter, "status": status,
                     "rules": cited, "tests": tests.get(prov.citation, []),
                     "note": " ".join(([declared_holes[prov.citation].why] if prov.citation in declared_holes
                                       else []) + notes.get(prov.citation, []))})
    seen = {r["citation"] for r in rows}
    for hole in index.holes():
        if hole.citation not in seen:
            note = declared_holes[hole.citation].why if hole.citation in declared_holes else hole.reason
            rows.append({"citation": hole.citation, "chapter": hole.citation.split(".")[0], "status": "hole",
                         "rules": [], "tests": tests.get(hole.citation, []), "note": note})
            seen.add(hole.citation)
    for cit, hole in declared_holes.items():
        if cit not in seen:
            rows.append({"citation": cit, "chapter": cit.split(".")[0],
                         "status": "hole" if hole.kind == "hole" else "not encoded (deliberate)",
                         "rules": [], "tests": tests.get(cit, []), "note": hole.why})
    rows.sort(key=lambda r: sort_key(r["citation"]))
    return rows


def _only_title(prov) -> bool:
    return prov.text.strip().rstrip(".") == (prov.title or "").strip().rstrip(".")


def _tests_by_citation() -> dict:
    out: dict = {}
    if not TESTS_DIR.is_dir():
        return out
    pattern = re.compile(r'"(3[45]\d\.\d+(?:\([0-9a-zA-Z]+\))*(?:\d+m?)?(?:\.[a-z])?)"')
    for f in sorted(TESTS_DIR.rglob("test_*.py")):
        try:
            text = f.read_text(encoding="utf-8")
        except OSError:
            continue
        for cit in set(pattern.findall(text)):
            out.setdefault(cit, []).append(f.name)
    return out
