"""A training handout as one self-contained HTML file: inline CSS, the proof figure as inline SVG,
no scripts, no network. See handout.py for what it says."""
from __future__ import annotations

import re
from html import escape

from ..prose import argument as words
from ..prose.readings import handout_closing, handout_lines
from ..prose import cite, statute_url
from .handout import STATUS_WORD, Handout, cast_shown
from ..prose.whatif import contrast_text

CSS = """
:root { --true: #238b45; --false: #cb181d; --undetermined: #e6890f; --ink: #1f2328; --muted: #57606a; }
* { box-sizing: border-box; }
body { font-family: Georgia, 'DejaVu Serif', serif; color: var(--ink); background: #ffffff;
       max-width: 60rem; margin: 2rem auto; padding: 0 1.25rem; line-height: 1.5; }
h1 { font-size: 1.7rem; margin-bottom: .25rem; }
h2 { font-size: 1.25rem; border-bottom: 2px solid #d0d7de; padding-bottom: .2rem; margin-top: 2rem; }
.meta { color: var(--muted); font-size: .9rem; }
code { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: .88em;
       background: #f6f8fa; padding: .05rem .25rem; border-radius: 3px; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; }
th, td { border: 1px solid #d0d7de; padding: .3rem .55rem; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
.answer { font-size: 1.15rem; padding: .75rem 1rem; border-left: 6px solid var(--muted); background: #f6f8fa; }
.answer.true { border-color: var(--true); } .answer.false { border-color: var(--false); }
.answer.undetermined { border-color: var(--undetermined); }
.badge { display: inline-block; font-family: 'DejaVu Sans', Arial, sans-serif; font-size: .75rem;
         font-weight: bold; padding: .05rem .4rem; border-radius: 3px; color: #ffffff; background: var(--muted); }
.badge.true { background: var(--true); } .badge.false { background: var(--false); }
.badge.undetermined { background: var(--undetermined); }
ol.steps > li { margin-bottom: .6rem; }
.step-title { font-weight: bold; }
.refs, .source, .rule { color: var(--muted); font-size: .88rem; }
blockquote { margin: .35rem 0 .35rem 0; padding: .3rem .8rem; border-left: 4px solid #fdd0a2;
             background: #fff8f0; font-style: italic; }
.reading { font-size: .92rem; } .reading::before { content: "Reading: "; font-weight: bold; font-style: normal; }
figure { margin: 1rem 0; border: 1px solid #d0d7de; padding: .5rem; }
figure svg { display: block; margin: 0 auto; max-width: 100%; height: auto; }
.tree details, .tree .leaf { margin: .15rem 0 .15rem 1.1rem; }
.tree > details { margin-left: 0; }
.tree summary { color: var(--ink); }
.tree .kids { border-left: 1px dotted #d0d7de; padding-left: .3rem; }
ul.missing ul { margin: .1rem 0 .4rem 0; }
blockquote cite { font-style: normal; font-weight: bold; }
figcaption { color: var(--muted); font-size: .9rem; margin-top: .4rem; }
details { margin: .3rem 0 .8rem 0; } summary { cursor: pointer; color: var(--muted); }
pre { background: #f6f8fa; padding: .6rem; overflow-x: auto; font-size: .78rem; line-height: 1.35; }
@page { size: auto; margin: 15mm; }
@media print { body { margin: 0; max-width: none; } figure { break-inside: avoid; }
               pre { white-space: pre-wrap; overflow-wrap: anywhere; }
               details > .kids { display: block; } }
"""



def contrast_sentence(c) -> str:
    """The contrast's sentence (prose/whatif.py); the template escapes it."""
    return contrast_text(c.gained, c.lost, c.answer, c.cited, c.sentence, c.outcome)

def svg_inline(svg: bytes) -> str:
    text = svg.decode("utf-8")
    text = re.sub(r"^<\?xml[^>]*\?>\s*", "", text)
    text = re.sub(r"<!DOCTYPE[^>]*>\s*", "", text)
    text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.S)

    def fix(m):
        return m.group(0).replace("<svg", '<svg role="img"', 1)
    return re.sub(r"<svg\b[^>]*>", fix, text, count=1).strip()


def _badge(status: str) -> str:
    return f'<span class="badge {escape(status)}">{escape(STATUS_WORD.get(status, status))}</span>'


def _code_spans(text: str) -> str:
    """Escape text; `...` becomes <code>...</code>."""
    parts = re.split(r"(`[^`]+`)", text)
    return "".join(f"<code>{escape(p[1:-1])}</code>" if p.startswith("`") and p.endswith("`") and len(p) > 1
                   else escape(p) for p in parts)


def _tree(node, top=False) -> str:
    status, text, _provision, children = node
    head = f"{_badge(status)} {escape(text)}" if status in STATUS_WORD else escape(text)
    if not children:
        return f'<div class="leaf">{head}</div>'
    inner = "".join(_tree(c) for c in children)
    return f'<details{" open" if top else ""}><summary>{head}</summary><div class="kids">{inner}</div></details>'


TRAINEE_CSS = """
:root { --met: #238b45; --not: #cb181d; --open: #b35806; --ink: #1f2328; --muted: #57606a; }
* { box-sizing: border-box; }
body { font-family: Georgia, 'DejaVu Serif', serif; color: var(--ink); background: #ffffff;
       max-width: 48rem; margin: 1.5rem auto; padding: 0 1rem; line-height: 1.3; font-size: 10pt; }
h1 { font-size: 1.35rem; margin: 0 0 .4rem 0; }
h2 { font-size: 1.1rem; border-bottom: 1px solid #d0d7de; padding-bottom: .1rem; margin: 1rem 0 .4rem 0; }
h3 { font-size: 1rem; margin: .6rem 0 .2rem 0; }
p { margin: .3rem 0; }
.scenario { font-style: italic; }
.answer { padding: .4rem .7rem; border-left: 5px solid var(--muted); background: #f6f8fa; }
.meta, .source, .law, .official { color: var(--muted); font-size: .88em; }
.meta .on-paper { display: none; }
blockquote { margin: .2rem 0 .3rem 0; padding: .2rem .6rem; border-left: 3px solid #d0d7de; font-style: italic; }
.label { font-weight: bold; margin: .35rem 0 .1rem 0; }
ol, ul { margin: .1rem 0 .2rem 0; padding-left: 1.4rem; }
li { margin: .05rem 0; }
.status { font-weight: bold; font-family: 'DejaVu Sans', Arial, sans-serif; font-size: .85em; }
.el.true > .status, .exc.applies > .status { color: var(--met); }
.el.false > .status, .exc.fails > .status, .exc.not-raised > .status { color: var(--not); }
.el.undetermined > .status, .exc.open > .status { color: var(--open); }
.el.cond > .status { color: var(--ink); }
.cite { font-weight: bold; }
.or { font-style: italic; }
code { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: .85em; }
figure { margin: .5rem 0; } figure svg { display: block; max-width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: .85em; }
summary { cursor: pointer; color: var(--muted); }
section.facts-box { border: 1px solid #d0d7de; background: #f6f8fa; padding: .2rem .6rem; margin: .5rem 0; }
section.facts-box h2 { font-size: 1rem; border: none; margin: .2rem 0 .1rem 0; }
section.facts-box .lead { color: var(--muted); font-size: .88em; margin: 0 0 .15rem 0; }
section.facts-box .mark { font-style: italic; } section.facts-box .note { color: var(--muted); font-size: .92em; }
section.facts-box li.assumed .mark, section.facts-box li.closed .mark, section.facts-box li.implied .mark { font-weight: bold; }
table.entities { border-collapse: collapse; margin: .4rem 0; width: 100%; }
table.entities th, table.entities td { border: 1px solid #d0d7de; padding: .15rem .4rem; text-align: left; vertical-align: top; }
table.entities th { background: #f6f8fa; }
table.entities td:first-child { white-space: nowrap; }   /* a party on one line: the result wraps */
/* who is liable wraps within a quarter of the width: a long liable cell ('where practicable, the authority
   holder (s. 348.20(1)), not named in the case') once held the result to a column a word wide */
table.entities td:not(:first-child):not(:last-child) { width: 25%; }
@page { size: auto; margin: 9mm; }
@media print { body { margin: 0; max-width: none; line-height: 1.06; font-size: 9pt; } figure { break-inside: avoid; }
               h1 { font-size: 1.22em; } h2 { font-size: 1.12em; margin: .3rem 0 .1rem 0; }
               h3 { font-size: 1.05em; margin: .3rem 0 .05rem 0; } .label { margin: .15rem 0 0 0; }
               section.readings, section.whatif, section.open-end { font-size: .9em; }
               section.facts-box { font-size: .88em; padding: .1rem .5rem; }
               /* the heading runs in: the lead that says what the marks mean follows it on its line */
               section.facts-box h2 { display: inline; margin-right: .4rem; } section.facts-box .lead { display: inline; }
               section.facts-box ul { margin: 0; column-count: 2; column-gap: 1.2rem; padding-left: 1rem; }
               ol, ul { padding-left: 1rem; } li { margin: 0; } p { margin: .2rem 0; }
               li > ul, li > ol { padding-left: .7rem; }   /* each level of a deep chain indents less */
               .answer { padding: .2rem .5rem; }
               /* the statute's words print at the size of the argument they decide */
               blockquote.quote { margin: .1rem 0 .15rem 0; padding: 0 .4rem; }
               p, li, blockquote { orphans: 2; widows: 2; } li { break-inside: avoid; }
               /* an element with sub-elements may break between them: kept whole it leaves the page above blank */
               li:has(> ul), li:has(> ol), section.whatif li { break-inside: auto; }
               /* so may one with a quotation under it (kept whole, a long quotation left a fifth of a page blank) */
               li:has(> blockquote) { break-inside: auto; }
               /* the few rows left open run on as one paragraph, each after the last; more go to the end */
               ul.open-rows { padding-left: 0; } ul.open-rows li { display: inline; }
               ul.open-rows li + li::before { content: "; "; }
               /* no heading or label at the foot of a page with what it heads on the next (trainer review 12,
                  08: a party's run-in heading and its "Wis. Stat. § ..." left at the foot of page 1): a run-in
                  heading is one block with its party, and a run-in lead keeps the list it leads */
               h2, h3, div.provision-head, p.label, p.case { break-after: avoid; } div.provision-head { break-inside: avoid; }
               section.facts-box > ul, section.readings > ol, section.whatif > ol { break-before: avoid; }
               details:not([open]) { display: none; }
               p.question.as-title { display: none; }   /* the title above asks it in the same words */
               /* each exception line begins "Exception" (or "Limit"): the label over them is not printed; over a
                  condition of compliance it is (the template leaves the class off: trainer review 16, G7) */
               p.label.of-exceptions { display: none; }
               /* a party's heading runs in with the provision it is argued under: one line, not two */
               div.provision-head > p.case { display: inline; margin-right: .4rem; }
               div.provision-head > p.case + h3 { display: inline; }
               /* the arithmetic runs on after its label, each step after the last ("; "), as the open rows do */
               p.label.of-arith { display: inline; margin-right: .3rem; } ul.arith { display: inline; padding: 0; }
               ul.arith li { display: inline; } ul.arith li + li::before { content: "; "; }
               /* the rest of the case stays on screen: the facts box above prints what the argument uses */
               section.facts-used { display: none; } a.official { display: none; }   /* a link label prints as nothing to follow */
               /* nor the case file's line numbers beside the elements: the facts box gives each fact's line once */
               .source.case-line { display: none; } .meta .on-screen { display: none; } .meta .on-paper { display: inline; }
               /* the readings one numbered line each (two trainer reviews read a run-on paragraph as one sentence) */
               section.readings ol { margin-top: .1rem; }
               /* their headings run in, as the facts box's does: the lead follows on the line */
               section.readings h2, section.whatif h2 { display: inline; border: none; margin-right: .4rem; }
               section.readings > p, section.whatif > p { display: inline; }
               /* a run-in heading ends with its full stop, and run-in paragraphs keep a space between them
                  (trainer review 10: a heading and its lead, two sentences, printed run together) */
               section.facts-box h2::after, section.readings h2::after { content: "."; }
               section.readings > p, section.whatif > p { margin-right: .3rem; }
               section.readings, section.whatif { margin-top: .45rem; } section.whatif ol { margin-top: .1rem; } }
"""


def render_trainee_html(h: Handout, svg: bytes | None = None) -> str:
    """The trainee handout (Jinja2 template templates/handout.html.j2, autoescaped): the order a
    trainer teaches, laid out from the argument; the words come from the argument and prose/."""
    from jinja2 import Environment, PackageLoader, select_autoescape
    env = Environment(loader=PackageLoader("reasoner.render", "templates"),
                      autoescape=select_autoescape(["html", "j2"]), trim_blocks=False, lstrip_blocks=False)
    arg = h.argument
    from markupsafe import Markup
    inexact = words.handout_inexact_note(arg)
    return env.get_template("handout.html.j2").render(
        h=h, arg=arg, css=Markup(TRAINEE_CSS), cite=cite, url=statute_url, words=words, handout_lines=handout_lines, handout_closing=handout_closing, cast_shown=cast_shown,
        others=words.others_line(arg.others, "html") if arg.others else "",
        presumed=arg.presumed, contrast=contrast_sentence, inexact=inexact,
        svg=Markup(svg_inline(svg)) if svg else None)


def render_html(h: Handout, svg: bytes | None = None) -> str:
    if h.view == "trainee" and h.argument is not None:
        return render_trainee_html(h, svg)
    e = escape
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{e(h.title)}</title>", f"<style>{CSS}</style>", "</head>", "<body>",
           f"<h1>{e(h.title)}</h1>"]
    if h.case_path:
        out.append(f'<p class="meta">Case file <code>{e(h.case_path)}</code> · question <code>{e(h.query)}</code></p>')
    out += ["<section>", "<h2>The case</h2>"]
    if h.facts:
        out += ["<table>", "<thead><tr><th>Entity</th><th>Kind</th><th>Fact</th><th>Value</th></tr></thead>",
                "<tbody>"]
        counts: dict = {}
        for entity, *_ in h.facts:
            counts[entity] = counts.get(entity, 0) + 1
        previous = None
        for entity, kind, attr, value in h.facts:
            head = ""
            if entity != previous:
                span = f' rowspan="{counts[entity]}"' if counts[entity] > 1 else ""
                head = f'<td{span}>{e(entity)}</td><td{span}>{e(kind)}</td>'
            previous = entity
            fact = e(attr) if h.facts_as_sentences else f"<code>{e(attr)}</code>" if attr else ""
            out.append(f"<tr>{head}<td>{fact}</td><td>{e(value)}</td></tr>")
        out += ["</tbody>", "</table>",
                '<p class="meta">Facts the case does not mention are unknown; '
                + ("<em>no</em> means known not to be so.</p>" if h.facts_as_sentences else
                   "<code>false</code> means known to be false.</p>")]
    else:
        out.append("<p>The case states no facts.</p>")
    out += ["</section>", "<section>", "<h2>The question</h2>",
            f"<p>{e(h.question)} (<code>{e(h.query)}</code>)</p>", "</section>",
            "<section>", "<h2>The answer</h2>",
            f'<p class="answer {e(h.answer)}">{_badge(h.answer)} {e(h.answer_sentence)}</p>']
    if h.bindings:
        out.append("<ul>" + "".join(f"<li><code>{e(b)}</code> {_badge(a)}</li>" for b, a in h.bindings) + "</ul>")
    if h.missing:
        items = []
        for heading, questions in (h.missing_groups or [("", h.missing)]):
            inner = "".join(f"<li>{e(m)}</li>" for m in questions)
            items.append(f"<li>{e(heading)}<ul>{inner}</ul></li>" if heading else inner)
        out.append('<p>Facts that would decide it:</p><ul class="missing">' + "".join(items) + "</ul>")
    if getattr(h, "presumed", None):
        out.append("<p>Assumed (not raised in the case; the party who benefits must raise it):</p><ul>"
                   + "".join(f"<li>{e(p['sentence']) if p.get('sentence') else '<code>' + e(p['fact']) + '</code>'}"
                             f" — {e(cite(p['citation'])).replace(' ', '&nbsp;', 1)}: {e(p['reason'])}</li>"
                             for p in h.presumed) + "</ul>")
    if h.cited:
        word = "applied" if h.cited_as == "applied" else "considered"
        out.append(f"<p>Provisions {word}: " + ", ".join(e(cite(c)).replace(" ", "&nbsp;", 1) for c in h.cited) + ".</p>")
    out += ["</section>", "<section>", "<h2>The reasoning</h2>",
            '<p class="meta">Each step names the earlier steps it rests on; the conclusion comes last.</p>',
            '<ol class="steps">']
    for s in h.steps:
        badge = f" {_badge(s.status)}" if s.status in STATUS_WORD and s.show_status else ""
        refs = ""
        if s.premises:
            word = "step" if len(s.premises) == 1 else "steps"
            links = ", ".join(f'<a href="#step-{n}">{n}</a>' for n in s.premises)
            refs = f' <span class="refs">(from {word} {links})</span>'
        item = [f'<li id="step-{s.number}"><span class="step-title">{e(s.title)}</span>{badge} {_code_spans(s.text)}{refs}']
        if s.where:
            item.append(f'<div class="source">Source: <code>{e(s.where)}</code></div>')
        if s.statute:
            link = f' (<a href="{e(s.url)}">official text</a>)' if s.url else ""
            source = f", {e(s.source)}" if s.source else ""
            item.append(f"<blockquote><cite>{e(s.citation or cite(s.provision))}</cite>{link}{source}: "
                        f"{e(s.statute)}</blockquote>")
        elif s.quoted_in:
            item.append(f'<div class="source">Text of {e(s.citation or cite(s.provision))} quoted at '
                        f'<a href="#step-{s.quoted_in}">step {s.quoted_in}</a>.</div>')
        for r in s.readings:
            item.append(f'<div class="reading">{e(r)}</div>')
        if s.kind == "rule" and s.rule:
            item.append(f'<div class="rule"><code>{e(s.rule)}</code></div>')
        item.append("</li>")
        out.append("".join(item))
    out += ["</ol>", "</section>"]
    if h.tree:
        out += ["<section>", "<h2>The proof as a tree</h2>",
                '<p class="meta">Click a step to open the reasons for it.</p>', '<div class="tree">']
        out += [_tree(n, top=True) for n in h.tree]
        out += ["</div>", "</section>"]
    if h.readings:
        out += ["<section>", "<h2>Readings</h2>", "<p>Interpretive choices made by the rules used here:</p>",
                "<ul>" + "".join(f"<li>{e(r)}</li>" for r in h.readings) + "</ul>", "</section>"]
    out += ["<section>", "<h2>Figure</h2>", "<figure>"]
    if svg:
        out.append(svg_inline(svg))
    out += [f"<figcaption>{e(h.figure_caption)}.</figcaption>", "</figure>", "</section>"]
    if h.contrast_note or h.contrasts:
        out += ["<section>", "<h2>What if?</h2>",
                f"<p>{e(h.contrast_note)}</p>", "<ol>"]
        for c in h.contrasts:
            item = [f"<li>{e(c.sentence)} {_badge(c.answer)}"]
            if contrast_sentence(c):
                item.append(f'<div class="source">{e(contrast_sentence(c))}</div>')
            if c.proof_text:
                item.append(f"<details><summary>The proof it would produce</summary><pre>{e(c.proof_text)}</pre>"
                            "</details>")
            item.append("</li>")
            out.append("".join(item))
        out += ["</ol>", "</section>"]
    out += ['<p class="meta">Generated by reasoner. The statute text is quoted from the excerpts of Wis. Stat. '
            "ch. 348 and 350 that the rules encode.</p>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


FRAGMENT = "reasoner-fragment"   # the class of the element a notebook's fragment is scoped to


def scoped_css(css: str, scope: str = "." + FRAGMENT) -> str:
    """CSS whose every selector applies only inside SCOPE (:root, html and body become SCOPE itself;
    @page and @media print blocks are dropped: a notebook cell is not printed on its own)."""
    out, i = [], 0
    while i < len(css):
        start = css.find("{", i)
        if start < 0:
            break
        head = css[i:start].strip()
        depth, j = 1, start + 1
        while j < len(css) and depth:
            depth += {"{": 1, "}": -1}.get(css[j], 0)
            j += 1
        body = css[start + 1:j - 1]
        i = j
        if head.startswith("@"):
            continue
        selectors = []
        for sel in (s.strip() for s in head.split(",")):
            first, _, rest = sel.partition(" ")
            if first in (":root", "html", "body"):
                selectors.append((scope + " " + rest).strip())
            else:
                selectors.append(f"{scope} {sel}")
        out.append(f"{', '.join(selectors)} {{{body}}}")
    return "\n".join(out)


def html_fragment(document: str) -> str:
    """An HTML document (render_html) as a fragment for a notebook cell: the body's content in a
    <div class="reasoner-fragment">, its styles scoped to that div (no <html>, <head>, <body>, and
    no selector that reaches outside it)."""
    import re
    css = "\n".join(re.findall(r"<style>(.*?)</style>", document, flags=re.S))
    body = re.search(r"<body[^>]*>(.*)</body>", document, flags=re.S)
    inner = body.group(1) if body else document
    return f'<div class="{FRAGMENT}"><style>{scoped_css(css)}</style>{inner.strip()}</div>'
