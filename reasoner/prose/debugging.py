"""Sentences of `reasoner debug` (answer/debug.py): each suggestion with its citation."""
from __future__ import annotations
from types import MappingProxyType

from ..law.index import statute_order

WORD = MappingProxyType({"true": "TRUE", "false": "FALSE", "undetermined": "UNDETERMINED", "not_applicable": "NOT APPLICABLE"})


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
    if s.changes > 1:
        return f"Facts the case would need, together: {d['what_if']}"
    return f"A fact the case would need: {d['what_if']}"


def report_lines(result) -> list:
    """`reasoner debug` as text."""
    a = result.answer
    out = [f"Question: {a.query}", f"Answer now: {WORD[a.answer]}; expected: {WORD.get(result.expected, result.expected)}"]
    if result.matches:
        out.append("The answer is already the expected one: nothing to change.")
        return out
    if not result.suggestions:
        out += nothing_found(result)
        return out
    out.append(f"Changes that would give the expected answer, fewest first ({result.tried} tried, each "
               "verified by answering again):")
    for i, s in enumerate(result.suggestions, 1):
        plural = "s" if s.changes != 1 else ""
        out.append(f"{i}. [{s.kind}, {s.changes} change{plural}] {s.sentence}")
        if s.answer.cited:
            out.append(f"   provisions applied then: {', '.join(statute_order(s.answer.cited))}")
    return out


SHOWN_FACTS = 8   # facts the answer depends on, listed when nothing works


def nothing_found(result) -> list:
    """When no change gives the expected answer: what was searched, why it stopped, what to try next."""
    a = result.answer
    expected = WORD.get(result.expected, result.expected)
    if not result.with_facts:
        return [f"No single change to the law's side gives the expected answer ({result.tried} tried).",
                "Next: drop --no-facts to try changes to the case's facts too, singly and in pairs."]
    pairs = f"{result.pairs:,} pair{'s' if result.pairs != 1 else ''} of changes to the facts"
    out = [f"No change found that gives the expected answer ({result.tried:,} tried: single changes to the "
           f"law's side and to the facts, then {pairs})."]
    if result.stopped == "budget":
        out.append(f"The pair search stopped at its budget of {result.max_pairs:,} pairs, before trying them all: "
                   f"raise it with --max-pairs {result.max_pairs * 4}.")
    elif result.stopped == "time":
        out.append("The pair search stopped at the time limit, before trying them all: raise it with "
                   "`reasoner --timeout SECONDS debug ...`.")
    elif result.pairs:
        out.append(f"Every pair of the candidate changes was tried: {expected} needs more changes to the facts at once, "
                   "or a change to the law.")
    if result.depends_on:
        facts = result.depends_on[:SHOWN_FACTS]
        more = len(result.depends_on) - len(facts)
        out.append(f"The answer depends on these facts{f' ({more} more not listed)' if more else ''}:")
        out += [f"  - {f}" for f in facts]
    import shlex
    case = shlex.quote(result.source) if result.source else "CASE"
    query = shlex.quote(result.asked or a.query)   # a command to paste: a path with a space stays one argument
    out.append(f"Next: state several of them at once in a copy of the case, or let `reasoner interview {case} "
               f"{query}` ask for them; `reasoner whatif {case} {query}` shows the changes that move "
               "the answer at all.")
    return out
