"""Sentences of `reasoner debug` (apps/debug.py): each suggestion with its citation."""
from __future__ import annotations

from ..law.index import statute_order

WORD = {"true": "TRUE", "false": "FALSE", "undetermined": "UNDETERMINED", "not_applicable": "NOT APPLICABLE"}


def sentence(s, expected) -> str:
    d = s.detail
    then = f"the answer would be {WORD.get(expected, expected)}"
    if s.kind == "presumption":
        return (f"Do not apply the presumption {d['fact']} (s. {s.citation}: {d['reason']}): with "
                f"{d['input']} of {d['entity']} left unknown, {then}.")
    if s.kind == "reading":
        return (f"Choose the reading {d['reading']} of \"{d['text']}\" (s. {s.citation}): {then}. "
                f"Its reason: {d['reason']}")
    if s.kind == "condition":
        return (f"Drop the condition `{d['dropped']}` from the rule for {d['head']} that encodes s. {s.citation} "
                f"(rule {d['rule']}, {d['location']}): {then}.")
    if s.kind == "exception":
        source = f" (the exception of s. {d['exception_citation']})" if d.get("exception_citation") else ""
        return (f"Add an exception to the rule for {d['head']} that encodes s. {s.citation} (rule {d['rule']}, "
                f"{d['location']}): not when {d['exception_text']}{source}, which holds in this case "
                f"(`{d['added']}`): {then}.")
    return f"A fact the case would need: {d['what_if']}"


def report_lines(result) -> list:
    """`reasoner debug` as text."""
    a = result.answer
    out = [f"Question: {a.query}", f"Answer now: {WORD[a.answer]}; expected: {WORD.get(result.expected, result.expected)}"]
    if result.matches:
        out.append("The answer is already the expected one: nothing to change.")
        return out
    if not result.suggestions:
        out.append(f"No single change found that gives the expected answer ({result.tried} tried).")
        return out
    out.append(f"Changes that would give the expected answer, fewest first ({result.tried} tried, each "
               "verified by answering again):")
    for i, s in enumerate(result.suggestions, 1):
        plural = "s" if s.changes != 1 else ""
        out.append(f"{i}. [{s.kind}, {s.changes} change{plural}] {s.sentence}")
        if s.answer.cited:
            out.append(f"   provisions applied then: {', '.join(statute_order(s.answer.cited))}")
    return out
