"""A training handout in Markdown (see handout.py for what it says).

The proof figure is referenced as an SVG file written beside the .md (`figure=` the file name),
or embedded as a data URI when there is no file (`svg=` the bytes).
"""
from __future__ import annotations

import base64
import re
from pathlib import Path
from urllib.parse import quote

from ..prose import argument as words
from ..prose.readings import handout_closing, handout_lines
from ..prose import cite, statute_url
from ..prose.whatif import contrast_text
from .handout import STATUS_WORD, Handout, cast_shown
from ..core.atomic import OutputError


def figure_path(output) -> Path:
    """Where the handout's figure goes beside the .md: FILE.svg. Refused (OutputError) when that is
    the requested -o path itself, a symbolic link (writing would replace the file it names, which the
    user never gave), or an existing file that reasoner did not draw (a user's SVG)."""
    out = Path(output)
    figure = out.with_suffix(".svg")
    if figure.name == out.name or (figure.exists() and figure.resolve() == out.resolve()):
        raise OutputError("the Markdown handout would be written where its figure goes", location=str(out),
                          hint="give -o FILE.md; the figure is written beside it as FILE.svg")
    if figure.is_symlink():   # written through, it would replace the file the link names
        raise OutputError(f"{figure.name} is a symbolic link; the figure is never written through a link you "
                          "did not name", location=str(figure),
                          hint="remove the link, or give -o another name")
    if figure.exists():
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


def _md_line(lead, status, because, source="") -> str:
    text = (f"{_esc(lead)} — **{_esc(status)}**" if status else _esc(lead)) if lead else f"**{_esc(status)}**"
    if because:
        text += f", because {_esc(because)}"
    return text + (f" ({_esc(source)})" if source else "")


def _md_element(e, depth, numbered, i, alternatives=False) -> list:
    pad = "   " * depth
    mark = f"{i}." if numbered and not alternatives else "-"
    if not e.text and e.parts:
        parts: list[str] = []
        for j, p in enumerate(e.parts, 1):
            parts += _md_element(p, depth, numbered, j, e.alternatives)
        return parts
    or_ = "or " if alternatives and i > 1 else ""
    out = [f"{pad}{mark} {or_}{_md_line(*words.element_parts(e), words.element_source(e))}"] + _md_quotes(e, pad)
    for j, p in enumerate(e.parts, 1):
        out += _md_element(p, depth + 1, False, j, e.alternatives)
    for x in e.exceptions:
        out += _md_exception(x, depth + 1)
    return out


def _md_quotes(item, pad) -> list:
    """The statute's words beside an element or exception: a quote inside its list item, one
    paragraph per citation."""
    out: list[str] = []
    for q in words.shown_quotes(item):
        where, said = words.quote_parts(q)
        if out:
            out.append(f"{pad}   >")
        out.append(f"{pad}   > {_esc(where)}: " + (f"\"{_esc(said)}\"" if q.text else _esc(said)))
    return out


def _md_exception(x, depth) -> list:
    pad = "   " * depth
    lead, status, because = words.exception_parts(x)
    out = [f"{pad}- {_md_line(lead, status, because, words.exception_source(x))}"] + _md_quotes(x, pad)
    if not because:
        for j, r in enumerate(x.reasons, 1):
            out += _md_element(r, depth + 1, False, j)
    return out


def render_trainee_markdown(h: Handout, figure: str | None = None, svg: bytes | None = None) -> str:
    """The trainee handout, in the order a trainer teaches: the scenario, the facts the argument uses
    (each stated, assumed or implied), the question in words, the short answer, the argument, the
    readings, what-if (the rest of the case in an appendix). Laid out from the argument; nothing is phrased here."""
    arg = h.argument
    out = [f"# {_line(h.title)}", ""]
    if h.description and h.description.strip() != h.title.strip():
        out += [_line(h.description.strip()), ""]
    out += [_esc(words.prepared_from_paper(arg)), ""]
    if cast_shown(h):
        out += [f"**Who and what.** {_esc(words.cast_line(arg.cast, h.ids))}.", ""]
    box = []
    if h.facts_box:
        lead = words.facts_box_lead([f.how for f in h.facts_box], scenario=bool(h.description and h.description.strip() != h.title.strip()))
        box += [f"**{_esc(words.facts_box_heading())}.** {_esc(lead)}", ""]
        box += [f"- {_line(f.text)} — *{_esc(f.mark)}*" + (f" ({_esc(f.note)})" if f.note else "")
                for f in h.facts_box] + [""]
    # one order in every handout, one party or several: the question, the results table (several
    # parties), the answer, then the facts box (trainer review 12, G2)
    out += [f"**Question.** {_esc(arg.question)}", ""]
    if arg.table:
        head = words.table_head(arg.table)
        out += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        out += ["| " + " | ".join(_cell(c) for c in words.table_cells(row, arg.table)) + " |" for row in arg.table] + [""]
    out += [f"**Answer.** {_esc(words.answer_box(arg))}", ""]
    if getattr(arg, "raises", None):   # what the case's facts also raise, answered by its own question
        out += [f"**{_esc(words.raised_heading())}.**", ""] + [f"- {_line(r)}" for r in arg.raises] + [""]
    out += box
    if words.handout_inexact_note(arg):
        out += [f"*{_esc(words.handout_inexact_note(arg))}*", ""]
    out += ["## The argument", ""]
    if arg.cases:
        out += [_line(arg.cases[:1].upper() + arg.cases[1:] + ":"), ""]
    for p in arg.provisions:
        if p.case:
            out += [f"*{_esc(p.case)}:*", ""]
        link = f" ([official text]({statute_url(p.citation)}))" if statute_url(p.citation) else ""
        out += [f"### {_esc(cite(p.citation) if p.citation else 'The rules')}{link}", ""]
        if p.quote:
            out += [f"> {_esc(p.quote)}" + (f" — *{_esc(p.law)}*" if p.law else ""), ""]
        if getattr(p, "outside", ""):
            out += [f"*{_esc(p.outside)}*", ""]
        if p.elements:
            out += [words.elements_label(p), ""]
            for i, e in enumerate(p.elements, 1):
                out += _md_element(e, 0, not p.alternatives, i)
            out.append("")
        if p.exceptions:
            out += [words.exceptions_label(p), ""]
            for x in p.exceptions:
                out += _md_exception(x, 0)
            out.append("")
        if p.arithmetic:
            out += ["Arithmetic:", ""] + [f"- {_esc(a)}" for a in p.arithmetic] + [""]
        for line in getattr(p, "unreached", None) or []:
            out += [_esc(line), ""]
        out += [f"**Conclusion:** {_esc(words.ended(p.conclusion))}", ""]
        if getattr(p, "checked", ""):
            out += [_esc(p.checked), ""]
    if arg.others:
        out += [_esc(words.others_line(arg.others, "md")), ""]
    if arg.missing:
        out += ["Facts that would decide it:", ""] + [f"- {_line(m)}" for m in arg.missing] + [""]
    if arg.undetermined and words.open_rows_at_end(arg.undetermined):
        out += [_line(words.open_rows_pointer(arg.undetermined)), ""]
    elif arg.undetermined:
        out += [words.undetermined_heading(), ""] + [f"- {_line(u)}" for u in arg.undetermined] + [""]
    if arg.presumed and not h.facts_box:   # the facts box lists each presumption with whose burden it is
        out += [words.presumed_heading(), ""]
        out += [f"- {_line(p.get('sentence') or p['fact'])} ({_esc(cite(p['citation']))}: {_esc(p['reason'])})"
                for p in arg.presumed] + [""]
    if handout_lines(arg) or handout_closing(arg):
        out += [f"## {words.readings_heading()}", "", words.readings_lead(), ""] + \
            [f"{i}. {_line(r)}" for i, r in enumerate(handout_lines(arg), 1)] + [""]
        if handout_closing(arg):
            out += [_line(handout_closing(arg)), ""]
    if h.related:
        out += [f"## {words.related_heading()}", ""] + [f"- {_line(words.related_line(r))}" for r in h.related] + [""]
    if h.contrast_note or h.contrasts:
        out += ["## What if?", "", _esc(h.contrast_note), ""]
        for i, c in enumerate(h.contrasts, 1):
            out.append(f"{i}. {_line(c.sentence)} {_contrast(c)}")
        out.append("")
    if arg.undetermined and words.open_rows_at_end(arg.undetermined):
        out += [f"## {words.open_rows_end_heading(arg.undetermined)}", ""] + [f"- {_line(u)}" for u in arg.undetermined] + [""]
    if figure or svg:
        out += ["## The argument as a figure", ""]
        if figure:
            out += [f"![{_esc(h.figure_caption)}]({quote(str(figure))})", ""]
        elif svg:
            data = base64.b64encode(svg).decode("ascii")
            out += [f"![{_esc(h.figure_caption)}](data:image/svg+xml;base64,{data})", ""]
    if not h.facts_box:
        out += ["## The facts the argument used", "", "- (none stated in the case)", ""]
    if h.other_facts:
        out += ["## Appendix: the other facts of the case", ""]
        out += [f"- {_line(t)} (line {n})" for t, n in h.other_facts] + [""]
    return "\n".join(_trim(out)) + "\n"


def render_markdown(h: Handout, figure: str | None = None, svg: bytes | None = None) -> str:
    if h.view == "trainee" and h.argument is not None:
        return render_trainee_markdown(h, figure, svg)
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
        out += ["Assumed (not raised in the case; the party who benefits must raise it):", ""]
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
        out += ["## What if?", "", _esc(h.contrast_note), ""]
        for i, c in enumerate(h.contrasts, 1):
            out.append(f"{i}. {_line(c.sentence)}")
            if _contrast(c):
                out.append(f"   {_contrast(c)}")
            out.append("")
        out += ["(`reasoner whatif --proofs` shows the proof each change would produce.)", ""]
    return "\n".join(_trim(out)) + "\n"


def _contrast(c) -> str:
    """The contrast's sentence (prose/whatif.py), escaped for Markdown."""
    return _esc(contrast_text(c.gained, c.lost, c.answer, c.cited, c.sentence, c.outcome))


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
