"""A training handout in Markdown (see handout.py for what it says).

The proof figure is referenced as an SVG file written beside the .md (`figure=` the file name),
or embedded as a data URI when there is no file (`svg=` the bytes).
"""
from __future__ import annotations

import base64
import re
from pathlib import Path
from urllib.parse import quote

from ..prose import cite
from .handout import STATUS_WORD, Handout
from ..core.atomic import OutputError


def figure_path(output) -> Path:
    """Where the handout's figure goes beside the .md: FILE.svg. Refused (OutputError) when that is
    the requested -o path itself, or an existing file that reasoner did not draw (a user's SVG)."""
    out = Path(output)
    figure = out.with_suffix(".svg")
    if figure.name == out.name or (figure.exists() and figure.resolve() == out.resolve()):
        raise OutputError("the Markdown handout would be written where its figure goes", location=str(out),
                          hint="give -o FILE.md; the figure is written beside it as FILE.svg")
    if figure.exists() or figure.is_symlink():
        head = b""
        if figure.is_file():   # only a regular file is opened: opening a FIFO to read it blocked forever
            try:
                with open(figure, "rb") as fh:
                    head = fh.read(4096)
            except OSError:
                head = b""
        if FIGURE_MARK not in head:
            raise OutputError(f"{figure.name} exists and is not a figure reasoner drew; it would be overwritten",
                              location=str(figure), hint="move it away, or give -o another name")
    return figure


FIGURE_MARK = b"<dc:title>reasoner</dc:title>"


# Everything copied from the case, the rule files or the statute is escaped: `<` never opens raw
# HTML, brackets never make a link or image, backticks, stars, pipes and tildes are literal, an
# entity such as `&lt;` shows as written, and no text starts a heading, quote or list item.
_INLINE = re.compile(r"[\\`*\[\]|~]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
_ENTITY = re.compile(r"&(?=#?[A-Za-z0-9]+;)")
_TAG = re.compile(r"<(?=[A-Za-z/!?])")   # how raw HTML and autolinks begin; `N < 1` stays as is
_NUMBERED = re.compile(r"(\s*\d+)([.)])")
_MARKER = re.compile(r"(\s*)(?=[#>+=-])")


def _esc(text) -> str:
    """Inline text: literal, on one line."""
    text = " ".join(str(text).splitlines())
    text = _TAG.sub("&lt;", _ENTITY.sub("&amp;", text))
    return _INLINE.sub(lambda m: "\\" + m.group(0), text)


def _code_spans(text) -> str:
    """Like html.py: `...` in a step's text is a code span (literal); the rest is escaped."""
    parts = re.split(r"(`[^`]+`)", " ".join(str(text).splitlines()))
    return "".join(_code(p[1:-1]) if p.startswith("`") and p.endswith("`") and len(p) > 1 else _esc(p)
                   for p in parts)


def _line(text) -> str:
    """Text that starts a line or a list item: also never a heading, quote, list or rule."""
    text = _esc(text)
    m = _NUMBERED.match(text)
    if m:
        return m.group(1) + "\\" + m.group(2) + text[m.end():]
    m = _MARKER.match(text)
    return m.group(1) + "\\" + text[m.end():] if m else text


def _cell(text) -> str:
    return _esc(text)


def _code(text) -> str:
    """A code span (literal text): the fence is longer than any run of backticks inside."""
    text = " ".join(str(text).splitlines())
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if longest else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _steps_ref(numbers) -> str:
    if not numbers:
        return ""
    word = "step" if len(numbers) == 1 else "steps"
    return f" (from {word} {', '.join(map(str, numbers))})"


def render_markdown(h: Handout, figure: str | None = None, svg: bytes | None = None) -> str:
    out = [f"# {_line(h.title)}", ""]
    if h.case_path:
        out += [f"Case file: {_code(h.case_path)} · question: {_code(h.query)}", ""]
    out += ["## The case", ""]
    if h.facts:
        out += ["| Entity | Kind | Fact | Value |", "|---|---|---|---|"]
        previous = None
        for entity, kind, attr, value in h.facts:
            shown = ("", "") if entity == previous else (_cell(entity), _cell(kind))
            previous = entity
            fact = _cell(attr) if h.facts_as_sentences else _code(attr) if attr else ""
            out.append(f"| {shown[0]} | {shown[1]} | {fact} | {_cell(value)} |")
        out.append("")
        out += ["Facts the case does not mention are unknown; "
                + ("*no* means known not to be so." if h.facts_as_sentences else "`false` means known to be false."),
                ""]
    else:
        out += ["The case states no facts.", ""]
    out += ["## The question", "", f"{_line(h.question)} ({_code(h.query)})", ""]
    head, sep, rest = h.answer_sentence.partition(": ")
    if sep and head in getattr(h, "answer_heads", ("Yes", "No", "Undetermined")):
        said = f"**{head}:** {_esc(rest)}"
    else:
        said = f"**{STATUS_WORD.get(h.answer, h.answer)}:** {_esc(h.answer_sentence)}"
    out += ["## The answer", "", said, ""]
    if h.bindings:
        out += [f"- {_code(b)}: {STATUS_WORD.get(a, a)}" for b, a in h.bindings] + [""]
    if h.missing:
        out += ["Facts that would decide it:", ""]
        for heading, questions in (h.missing_groups or [("", h.missing)]):
            if heading:
                out.append(f"- {_line(heading)}:")
            out += [f"{'  ' if heading else ''}- {_line(m)}" for m in questions]
        out.append("")
    if getattr(h, "presumed", None):
        out += ["Presumed (not raised in the case; the party who benefits must raise it):", ""]
        out += [f"- {_line(p.get('sentence') or p['fact'])} — {_esc(cite(p['citation']))}: {_line(p['reason'])}"
                for p in h.presumed] + [""]
    if h.cited:
        word = "applied" if h.cited_as == "applied" else "considered"
        out += [f"Provisions {word}: " + ", ".join(_esc(cite(c)) for c in h.cited) + ".", ""]
    out += ["## The reasoning", "",
            "Each step names the earlier steps it rests on; the conclusion comes last.", ""]
    for s in h.steps:
        verdict = f" — {STATUS_WORD[s.status]}" if s.status in STATUS_WORD and s.kind not in ("rule",) \
            and s.show_status else ""
        out.append(f"{s.number}. **{_esc(s.title)}**{verdict}. {_code_spans(s.text)}{_steps_ref(s.premises)}"
                   + (f" Source: {_code(s.where)}." if s.where else ""))
        if s.statute:
            out.append("")
            link = f" ([official text]({s.url}))" if s.url else ""
            source = f", {_esc(s.source)}" if s.source else ""
            out.append(f"     > {_esc(s.citation or cite(s.provision))}{link}{source}: {_esc(s.statute)}")
        elif s.quoted_in:
            out.append("")
            out.append(f"     (Text of {_esc(s.citation or cite(s.provision))} quoted at step {s.quoted_in}.)")
        for r in s.readings:
            out.append("")
            out.append(f"     *Reading:* {_esc(r)}")
        if s.statute or s.quoted_in or s.readings:
            out.append("")
    out.append("")
    if h.readings:
        out += ["## Readings", "", "Interpretive choices made by the rules used here:", ""]
        out += [f"- {_line(r)}" for r in h.readings] + [""]
    out += ["## Figure", ""]
    if figure:
        out += [f"![{_esc(h.figure_caption)}]({quote(str(figure))})", ""]
    elif svg:
        data = base64.b64encode(svg).decode("ascii")
        out += [f"![{_esc(h.figure_caption)}](data:image/svg+xml;base64,{data})", ""]
    out += [f"*{_esc(h.figure_caption)}.*", ""]
    if h.contrast_note or h.contrasts:
        out += ["## What if?", "", f"Changes to the facts that would change the answer: {_esc(h.contrast_note)}.", ""]
        for i, c in enumerate(h.contrasts, 1):
            out.append(f"{i}. {_line(c.sentence)}")
            if _contrast(c):
                out.append(f"   {_contrast(c)}")
            out.append("")
        out += ["(`reasoner whatif --proofs` shows the proof each change would produce.)", ""]
    return "\n".join(_trim(out)) + "\n"


def _contrast(c) -> str:
    def cites(xs):
        return ", ".join(_esc(cite(x)) for x in xs)
    parts = []
    if c.gained:
        parts.append(f"would then apply: {cites(c.gained)}")
    if c.lost:
        parts.append(f"would no longer apply: {cites(c.lost)}")
    if not parts and c.answer == "undetermined":
        return ""   # an answer no longer established: its provisions are only considered
    if not parts:
        parts.append(f"the same provisions apply ({cites(c.cited)})" if c.cited else "no provision applies")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


def _trim(lines):
    out = []
    for line in lines:
        line = line.rstrip()
        if line == "" and out and out[-1] == "":
            continue
        out.append(line)
    while out and out[-1] == "":
        out.pop()
    return out
