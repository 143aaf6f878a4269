"""A training handout in Markdown (see handout.py for what it says).

The proof figure is referenced as an SVG file written beside the .md (`figure=` the file name),
or embedded as a data URI when there is no file (`svg=` the bytes).
"""
from __future__ import annotations

import base64

from .handout import STATUS_WORD, Handout


def _cell(text) -> str:
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _code(text) -> str:
    text = str(text)
    fence = "``" if "`" in text else "`"
    pad = " " if "`" in text else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _steps_ref(numbers) -> str:
    if not numbers:
        return ""
    word = "step" if len(numbers) == 1 else "steps"
    return f" (from {word} {', '.join(map(str, numbers))})"


def render_markdown(h: Handout, figure: str | None = None, svg: bytes | None = None) -> str:
    out = [f"# {h.title}", ""]
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
    out += ["## The question", "", f"{h.question} ({_code(h.query)})", ""]
    head, sep, rest = h.answer_sentence.partition(": ")
    if sep and head in ("Yes", "No", "Undetermined"):
        said = f"**{head}:** {rest}"
    else:
        said = f"**{STATUS_WORD.get(h.answer, h.answer)}:** {h.answer_sentence}"
    out += ["## The answer", "", said, ""]
    if h.bindings:
        out += [f"- {_code(b)}: {STATUS_WORD.get(a, a)}" for b, a in h.bindings] + [""]
    if h.missing:
        out += ["Facts that would decide it:", ""]
        for entity, questions in (h.missing_groups or [("", h.missing)]):
            if entity:
                out.append(f"- {_cell(entity)}:")
            out += [f"{'  ' if entity else ''}- {m}" for m in questions]
        out.append("")
    if h.cited:
        word = "applied" if h.cited_as == "applied" else "considered"
        out += [f"Provisions {word}: " + ", ".join(f"s. {c}" for c in h.cited) + ".", ""]
    out += ["## The reasoning", "",
            "Each step names the earlier steps it rests on; the conclusion comes last.", ""]
    for s in h.steps:
        verdict = f" — {STATUS_WORD[s.status]}" if s.status in STATUS_WORD and s.kind not in ("rule",) else ""
        out.append(f"{s.number}. **{s.title}**{verdict}. {s.text}{_steps_ref(s.premises)}"
                   + (f" Source: {_code(s.where)}." if s.where else ""))
        if s.statute:
            out.append("")
            link = f" ([official text]({s.url}))" if s.url else ""
            source = f", {s.source}" if s.source else ""
            out.append(f"     > {s.citation or 's. ' + s.provision}{link}{source}: {s.statute}")
        elif s.quoted_in:
            out.append("")
            out.append(f"     (Text of {s.citation or 's. ' + s.provision} quoted at step {s.quoted_in}.)")
        for r in s.readings:
            out.append("")
            out.append(f"     *Reading:* {r}")
        if s.statute or s.quoted_in or s.readings:
            out.append("")
    out.append("")
    if h.readings:
        out += ["## Readings", "", "Interpretive choices made by the rules used here:", ""]
        out += [f"- {r}" for r in h.readings] + [""]
    out += ["## Figure", ""]
    if figure:
        out += [f"![{h.figure_caption}]({figure})", ""]
    elif svg:
        data = base64.b64encode(svg).decode("ascii")
        out += [f"![{h.figure_caption}](data:image/svg+xml;base64,{data})", ""]
    out += [f"*{h.figure_caption}.*", ""]
    if h.contrast_note or h.contrasts:
        out += ["## What if?", "", f"Changes to the facts that would change the answer: {h.contrast_note}.", ""]
        for i, c in enumerate(h.contrasts, 1):
            out.append(f"{i}. {c.sentence}")
            out.append(f"   {_contrast(c)}")
            out.append("")
        out += ["(`reasoner whatif` shows the proof each change would produce.)", ""]
    return "\n".join(_trim(out)) + "\n"


def _contrast(c) -> str:
    def cites(xs):
        return ", ".join(f"s. {x}" for x in xs)
    parts = []
    if c.gained:
        parts.append(f"would then apply: {cites(c.gained)}")
    if c.lost:
        parts.append(f"would no longer apply: {cites(c.lost)}")
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
