"""Plain-text proof tree: an indented tree with citations, quoted statute text and readings."""
from __future__ import annotations

import textwrap
from types import MappingProxyType

from .wrap import wrap

from ..prose.order import ordered_children as children
from ..prose import answer_line, cite, gloss, missing_groups
from ..prose.readings import interpretation_lines
from ..core.values import show_value
from ..core.visible import visible

STATUS = MappingProxyType({"true": "TRUE", "false": "FALSE", "undetermined": "UNDETERMINED", "not_applicable": "NOT APPLICABLE"})


def node_line(d) -> str:
    kind = d.get("kind")
    status = d.get("status", "")
    if kind in ("goal", "atom"):
        line = f"{d['label']} is {STATUS.get(status, status)}"
        if d.get("sentence"):
            line += f" ({gloss(d)})"
        return line
    if kind == "rule":
        cite = f"[{d['provision']}] " if d.get("provision") else ""
        binding = ", ".join(f"{k}={v}" for k, v in d.get("bindings", {}).items())
        binding = f" with {binding}" if binding else ""
        if status == "true":
            verdict = "applies"
        elif status == "undetermined":
            verdict = "may apply"
        else:
            verdict = "does not apply"
            if d.get("failed"):
                verdict += f": `{d['failed']}` fails"
        return f"{cite}rule {d.get('rule_id', '')}{binding} {verdict}"
    if kind == "fact":
        where = f", {d['loc']}" if d.get("loc") else ""
        sentence = f" ({gloss(d)})" if d.get("sentence") else ""
        return f"fact {d['label']} is {STATUS.get(status, status)}{sentence}: {d.get('how', '')}{where}"
    if kind == "presumed":
        return d.get("label", "")
    if kind == "unknown":
        return f"UNKNOWN {d['label']}: the case does not state {d.get('question', '')}"
    if kind == "negation":
        sentence = f" ({gloss(d)})" if d.get("sentence") else ""
        return f"{d['label']} is {STATUS.get(status, status)}{sentence}"
    if kind in ("comparison", "assignment"):
        said = f" ({d['sentence']})" if d.get("sentence") else ""
        return f"{kind} {d['label']}{said}"
    return d.get("label", "")


def _words(text, width) -> list:
    """text in lines of at most width, broken only at spaces: a path or an id longer than the line
    stays whole (it overflows rather than split mid-word)."""
    return textwrap.wrap(text, max(width, 30), break_long_words=False, break_on_hyphens=False) or [""]


def _hang(lines, first, rest, text, width):
    """text wrapped within width: the first line after `first`, the others after `rest`. A tab or
    line break from input is shown as its escape before wrapping (it would be read as a space)."""
    text = visible(text, field=True)
    if len(first) + len(text) <= width:
        lines.append(first + text)
        return
    head = _words(text, width - len(first))[0]
    lines.append(first + head)
    tail = text[len(head):].strip()
    if tail:
        lines.extend(rest + t for t in _words(tail, width - len(rest)))


def render_text(answer, width=100, quote=True, max_depth=None, fold_helpers=True, max_lines=None,
                more_hint="") -> str:
    """The derivation tree within `width` columns. max_lines: stop adding steps once the text is
    that long, and end with "… N more steps not shown" and more_hint (what shows them)."""
    g = answer.proof
    root = g.graph["root"]
    lines = [f"Question: {answer.query}", f"Answer: {STATUS[answer.answer]}"]
    lines.extend("  " + t for t in wrap(answer_line(answer), max(width - 2, 30)))
    if g.graph.get("case"):
        lines.insert(0, f"Case: {g.graph['case']}")
    for b in answer.bindings:
        shown = ", ".join(f"{k}={show_value(v, answer.types.get(k))}" for k, v in b.items() if k != "answer")
        if shown:
            lines.append(f"  {shown}: {STATUS[b['answer']]}")
    if not getattr(answer, "exact", True):
        lines.append(f"Exact: no ({answer.exact_reason}); this is the three-valued approximation")
    if answer.missing:
        lines.append("Facts that would decide it:")
        for provision, questions in missing_groups(answer):
            if provision:
                lines.append(f"  {cite(provision)}:")
            lines.extend(f"{'    ' if provision else '  '}- {q}" for q in questions)
    presumed = getattr(answer, "presumed", [])
    if presumed:
        lines.append("Assumed (not raised in the case; the party who benefits must raise it; --strict turns this off):")
        for p in presumed:
            _hang(lines, "  - ", "    ", f"{p['fact']} — s. {p['citation']}: {p['reason']}", width)
    assumed = dict.fromkeys(str(a.get("sentence") or "") for a in getattr(answer, "assumed", None) or [])
    for said in (a for a in assumed if a):   # what the answer holds on that no fact states (answer/timing.py)
        _hang(lines, "", "  ", said, width)
    reading_lines = interpretation_lines(getattr(answer, "interpretation", None))
    if reading_lines:
        lines.append("Readings:")
        for r in reading_lines:
            lines.extend(("  - " if i == 0 else "    ") + t for i, t in enumerate(wrap(r, max(width - 4, 30))))
    lines.append("Proof:")
    seen = set()
    hidden = [0]   # steps left out past max_lines

    def walk(nid, prefix, last, depth):
        d = g.nodes[nid]
        if fold_helpers and d.get("helper") and d.get("kind") in ("rule", "atom"):
            kids = children(g, nid)
            for i, c in enumerate(kids):
                walk(c, prefix, last and i == len(kids) - 1, depth)
            return
        if max_lines is not None and len(lines) >= max_lines:
            hidden[0] += 1
            if nid in seen:
                return
            seen.add(nid)
            if max_depth is None or depth < max_depth:
                for c in children(g, nid):
                    walk(c, prefix, True, depth + 1)
            return
        branch = "" if depth == 0 else ("`-- " if last else "|-- ")
        line = node_line(d)
        again = nid in seen and bool(children(g, nid))
        if again:
            line += " (reasons shown above)"
        inner = prefix + ("" if depth == 0 else ("    " if last else "|   "))
        _hang(lines, prefix + branch, inner + "    ", line, width)
        if d.get("kind") == "rule" and quote and not again:
            if d.get("statute"):
                for t in wrap(f'"{d["statute"]}"', max(width - len(inner) - 4, 30)):
                    lines.append(inner + "  > " + t)
            for r in d.get("readings", []):
                for t in wrap(f"Reading: {r}", max(width - len(inner) - 4, 30)):
                    lines.append(inner + "  * " + t)
        elif d.get("readings") and quote and not again:   # a law's list read by us, at a value it leaves out
            for r in d.get("readings", []):
                for t in wrap(f"Reading: {r}", max(width - len(inner) - 4, 30)):
                    lines.append(inner + "  * " + t)
        if again:
            return
        seen.add(nid)
        if max_depth is not None and depth >= max_depth:
            if children(g, nid):
                lines.append(inner + "`-- ...")
            return
        kids = children(g, nid)
        for i, c in enumerate(kids):
            walk(c, inner, i == len(kids) - 1, depth + 1)

    walk(root, "", True, 0)
    if hidden[0]:
        lines.extend(wrap(f"… {hidden[0]:,} more {'step' if hidden[0] == 1 else 'steps'} not shown"
                          + (f" ({more_hint})" if more_hint else ""), width))
    # each entry is one line: a line break or tab from input (a file name, a rule file's template)
    # is shown as its escape, so that it cannot start a line of its own (core/visible.py)
    return "\n".join(visible(line, field=True) for line in lines) + "\n"
