"""Turn the record of tools/law_tests_record.py into YAML law tests (docs/TESTS.md).

    PYTHONPATH=$PWD python -m pytest -p tools.law_tests_record -p no:randomly tests/law/...
    PYTHONPATH=$PWD python tools/law_tests_to_yaml.py RECORD.json... > converted.txt

A Python test is converted when every one of its parametrized items passed, asked at least one
question, and read only what a YAML test can state (the answer, provisions cited or not, checked or
not, facts missing or not, the bindings, the presumed facts, readings shown). Each question asked
becomes one YAML test expecting what the Python test looked at, as it was. Tests asking about a
case file (facts/) go to facts/tests/, the others beside the law in reasoner/law/tests/. Prints
the converted tests' node ids (one a line) and writes the files.
"""
from __future__ import annotations

import json
import os
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAW_TESTS = ROOT / "reasoner" / "law" / "tests"
FACT_TESTS = ROOT / "facts" / "tests"


class NotExpressible(Exception):
    pass


def q(value) -> str:
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{q(k)}: {q(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(q(v) for v in value) + "]"
    if value is None:
        return "~"
    return json.dumps(value)


def shown_binding(value, kind):
    if isinstance(value, bool):
        return "true" if value else "false"
    if kind in ("money", "number") and isinstance(value, str):
        from fractions import Fraction
        try:
            value = Fraction(value)
        except ValueError:
            if value == "unknown":
                return value
            raise NotExpressible(f"binding {value!r}") from None
    if kind == "money":
        from reasoner.core.values import show_value
        return show_value(value, "money").replace("$", "").replace(",", "")
    if kind == "number":
        from reasoner.core.values import show_number
        return show_number(value)
    return str(value)


def base_of(cases: list) -> dict:
    """Each entity's most common body, for the entities in at least half the cases."""
    bodies = defaultdict(Counter)
    for c in cases:
        for eid, body in c.get("entities", {}).items():
            bodies[eid][json.dumps(body, sort_keys=True)] += 1
    out = {}
    for eid, counts in bodies.items():
        body, n = counts.most_common(1)[0]
        if sum(counts.values()) * 2 >= len(cases) and n > 1:
            out[eid] = json.loads(body)
    for c in cases:       # a base attribute every case states (a case cannot take one away)
        for eid, body in c.get("entities", {}).items():
            if eid in out and out[eid].get("type") != body.get("type"):
                del out[eid]
            elif eid in out:
                out[eid] = {k: v for k, v in out[eid].items() if k in body}
    return out


def diff(base: dict, case: dict) -> dict:
    ents = case.get("entities", {})
    out = {}
    for eid in base:
        if eid not in ents:
            out[eid] = None
    for eid, body in ents.items():
        under = base.get(eid)
        if under is None or under.get("type") != body.get("type"):
            if under is not None:
                raise ValueError("retyped entity")
            out[eid] = body
            continue
        if any(k not in body for k in under):
            raise ValueError("an attribute removed")
        change = {k: v for k, v in body.items() if under.get(k) != v or k not in under}
        if change:
            out[eid] = change
    top = {k: v for k, v in case.items() if k not in ("entities", "description")}
    return {**top, "entities": out} if out or not top else top


def expectations(call: dict) -> list:
    path = call["case"].get("path") if isinstance(call["case"], dict) and len(call["case"]) == 1 else None
    if path is not None and Path(path).parent != ROOT / "facts":
        raise NotExpressible(f"a case file outside facts/: {path}")
    lines = []
    if "answer" in call:
        lines.append(f"answer: {call['answer']}")
    for key, yes, no in (("cited", "cites", "not_cites"), ("checked", "checked", "not_checked"),
                         ("missing", "missing", "not_missing")):
        got = call.get(key, {})
        if got.get("in"):
            lines.append(f"{yes}: {q(got['in'])}")
        if got.get("out"):
            lines.append(f"{no}: {q(got['out'])}")
    if "bindings" in call:
        types = call.get("types", {})
        rows = [{k: shown_binding(v, None if k == "answer" else types.get(k)) for k, v in b.items()}
                for b in call["bindings"]]
        lines.append(f"bindings: {q(rows)}")
    if "presumed" in call:
        lines.append(f"presumed: {q(call['presumed'])}")
    if call.get("reading_texts"):
        lines.append(f"reading_texts: {q(call['reading_texts'])}")
    if call.get("all_missing") is not None:
        lines.append(f"all_missing: {q(call['all_missing'])}")
    if call.get("error"):
        lines.append(f"error: {q(call['error'])}")
    return lines


def main(paths) -> None:
    tests = {}
    for p in paths:
        tests.update(json.loads(Path(p).read_text())["tests"])
    by_function = defaultdict(list)
    for nodeid, t in tests.items():
        by_function[(nodeid.split("::")[0], t["function"])].append((nodeid, t))
    files = defaultdict(list)     # (folder, module) -> [(name, call)]
    converted = []
    for (module, function), items in sorted(by_function.items()):
        if not all(t["passed"] and not t["bad"] and t["calls"] and all(c["case"] is not None for c in t["calls"])
                   for _, t in items):
            continue
        entries = []
        try:
            for _, t in items:
                for c in t["calls"]:
                    expectations(c)
        except NotExpressible:
            continue
        for nodeid, t in items:
            calls = [c for c in t["calls"] if expectations(c)]
            for k, call in enumerate(calls, 1):
                name = function + (f"[{t['id']}]" if t["id"] else "") + (f" #{k}" if len(calls) > 1 else "")
                entries.append((name, call))
        stem = Path(module).stem.removeprefix("test_")
        for name, call in entries:
            folder = FACT_TESTS if list(call["case"]) == ["path"] else LAW_TESTS
            files[(folder, stem)].append((name, call))
        converted += [nodeid for nodeid, _ in items]
    for (folder, stem), entries in files.items():
        write(folder, stem, entries)
    print("\n".join(converted))


def write(folder: Path, stem: str, entries: list, path: Path | None = None, description: str | None = None) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    path = path or folder / f"{stem}_outcomes.yaml"
    inline = [c["case"] for _, c in entries if list(c["case"]) != ["path"]]
    base = base_of(inline) if inline else {}
    out = [description or f"description: >\n  The expected outcomes once checked by tests/law/test_{stem}.py (converted by\n"
           "  tools/law_tests_to_yaml.py): each question, and what its answer must be."]
    if base:
        out.append("base:\n  entities:")
        for eid, body in base.items():
            out.append(f"    {eid}: {q(body)}")
    out.append("tests:")
    for name, call in entries:
        case = call["case"]
        if list(case) == ["path"]:
            shown = os.path.relpath(case["path"], folder)
        else:
            try:
                shown = q(diff(base, case))
            except ValueError:      # not expressible over the base: the whole case, every base entity removed
                whole = {eid: None for eid in base if eid not in case.get("entities", {})}
                raise SystemExit(f"{stem}: {name}: a case not expressible over the base ({whole})")
        out.append(f"  - name: {q(name)}")
        out.append(f"    case: {shown}")
        out.append(f"    question: {q(call['query'])}")
        if call["readings"]:
            out.append(f"    readings: {q(call['readings'])}")
        if call["strict"]:
            out.append("    presumptions: false")
        out += [f"    {line}" for line in expectations(call)]
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
