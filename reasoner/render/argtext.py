"""The argument as plain text (ask's default view): at most `width` columns, indented, no notation.

Layout only: every sentence and word comes from the argument (reasoner/explain) and reasoner/prose.
"""
from __future__ import annotations

from ..prose import argument as words
from ..prose import cite
from ..prose.readings import beside_answer, handout_closing, handout_lines
from .wrap import wrap
from ..core.visible import visible

WIDTH = 100


def _put(lines, text, indent, width, hang=2):
    """text wrapped at width, its first line at indent, the rest at indent + hang."""
    room = max(width - indent - hang, 30)
    first = True
    for t in wrap(text, room) if text else [""]:
        lines.append(" " * (indent if first else indent + hang) + t)
        first = False


def element_line(e) -> str:
    lead, status, because = words.element_parts(e)
    return words.line_text(lead, status, because, words.element_source(e))


def _elements(lines, elements, indent, width, numbered=True, alternatives=False):
    for i, e in enumerate(elements, 1):
        mark = f"{i}." if numbered and not alternatives else ("or" if alternatives and i > 1 else "-")
        if not e.text and e.parts:   # a group without words of its own: its parts
            _elements(lines, e.parts, indent, width, numbered, e.alternatives)
            continue
        _put(lines, f"{mark} {element_line(e)}", indent, width, hang=len(mark) + 1)
        _quotes(lines, e, indent + len(mark) + 1, width)
        if e.parts:
            _elements(lines, e.parts, indent + len(mark) + 1, width, False, e.alternatives)
        for x in e.exceptions:
            _exception(lines, x, indent + len(mark) + 1, width)


def _exception(lines, x, indent, width):
    lead, status, because = words.exception_parts(x)
    _put(lines, "- " + words.line_text(lead, status, because, words.exception_source(x)), indent, width)
    _quotes(lines, x, indent + 2, width)
    if x.reasons and not because:
        _elements(lines, x.reasons, indent + 4, width, False)


def _quotes(lines, item, indent, width):
    """The statute's words beside an element or exception, each under its citation (once)."""
    for q in words.shown_quotes(item):
        where, said = words.quote_parts(q)
        _put(lines, f'{where}: "{said}"' if q.text else f"{where}: {said}", indent, width)


def provision_lines(p, width=WIDTH, quote=True) -> list[str]:
    lines: list[str] = []
    head = cite(p.citation) if p.citation else "The rules"
    _put(lines, f"{head}{' (' + p.law + ')' if p.law else ''}", 0, width)
    if quote and p.quote:
        _put(lines, f'"{p.quote}"', 2, width, hang=1)
        if getattr(p, "outside", ""):
            _put(lines, p.outside, 2, width)
    if p.elements:
        lines.append("  " + words.elements_label(p))
        _elements(lines, p.elements, 4, width, not p.alternatives, False)
    if p.exceptions:
        lines.append("  " + words.exceptions_label(p))
        for x in p.exceptions:
            _exception(lines, x, 4, width)
    if p.arithmetic:
        lines.append("  Arithmetic:")
        for a in p.arithmetic:
            _put(lines, a, 4, width)
    for line in getattr(p, "unreached", None) or []:
        _put(lines, line, 2, width)
    _put(lines, f"Conclusion: {_end(p.conclusion)}", 2, width)
    if getattr(p, "checked", ""):
        _put(lines, p.checked, 2, width)
    return lines


def render_argument(arg, width=WIDTH, quote=True, case=None, description="") -> str:
    lines: list[str] = []
    if case:
        _put(lines, f"Case: {visible(case, field=True)}", 0, width)   # a file name: one line
    if description:
        _put(lines, description.strip(), 0, width, hang=0)
    if arg.cast:
        _put(lines, f"Who and what: {words.cast_line(arg.cast)}", 0, width)
    _put(lines, f"Question: {arg.question}", 0, width)
    _put(lines, f"Answer: {arg.short}", 0, width)
    for said in getattr(arg, "assumed", None) or []:   # what the answer holds on that no fact states
        _put(lines, said, 0, width)
    for text, source in getattr(arg, "implied", None) or []:   # a fact a stated line implies
        _put(lines, f"{words.implied_line(text, source)}", 0, width)
    if getattr(arg, "raises", None):   # what the case's facts also raise, answered by its own question
        _put(lines, f"{words.raised_heading()}:", 0, width)
        for said in arg.raises:
            _put(lines, f"  - {said}", 0, width)
    if arg.table:
        head = words.table_head(arg.table)
        lines.append(f"{head[0]}: " + " / ".join(h.lower() for h in head[1:]))
        for row in arg.table:
            cells = words.table_cells(row, arg.table)
            _put(lines, f"  - {cells[0]}: " + " / ".join(cells[1:]), 0, width)
    if arg.cases:
        _put(lines, f"{_cap(arg.cases)}:", 0, width)
    for p in arg.provisions:
        lines.append("")
        if p.case:
            _put(lines, f"{_cap(p.case)}:", 0, width)
        lines.extend(provision_lines(p, width, quote))
    if arg.others:
        lines.append("")
        _put(lines, words.others_line(arg.others), 0, width)
    if arg.missing:
        lines.append("")
        lines.append("Facts that would decide it:")
        for m in arg.missing:
            _put(lines, f"- {m}", 2, width)
    if arg.undetermined:
        lines.append("")
        lines.append(words.undetermined_heading())
        for u in arg.undetermined:
            _put(lines, f"- {u}", 2, width)
    if arg.presumed:
        lines.append("")
        # who must raise each is one of the readings below (trainer review 13, 04)
        lines.append("Assumed, because the case does not mention them (--strict turns this off):")
        for pr in arg.presumed:
            _put(lines, f"- {pr.get('sentence') or pr['fact']} ({cite(pr.get('citation', ''))})", 2, width)
    # the readings as the handout numbers them, and its closing line in the same words ('Read the
    # other way, reading 5 gives the same answer.'; nothing when none has another reading): never the
    # old 'Each reading above that has an alternative ... was also tried' (trainer review 13, G3)
    listed, closing = handout_lines(arg), handout_closing(arg)
    turns = [r for r in arg.interpretation if beside_answer(r)]   # the handout's answer says these
    if listed or closing or turns:
        lines.append("")
        lines.append("Readings:")
        for i, r in enumerate(listed, 1):
            _put(lines, f"{i}. {r}", 2, width)
        for r in turns:
            _put(lines, f"- {r}", 2, width)
        if closing:
            _put(lines, closing, 0, width)
    lines.append("")
    _put(lines, words.verdict_line(arg.answer, arg.exact, arg.exact_reason), 0, width)
    return "\n".join(lines) + "\n"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text and text[:1].islower() and not text.split(" ", 1)[0][1:2].isdigit() \
        else text


def _end(text: str) -> str:
    text = text.rstrip()
    return text if text.endswith((".", "?", "!")) else text + "."
