"""A course pack laid out (apps/pack.py says what is in it): HTML (Jinja2 template
templates/pack.html.j2; the answer key includes the handout's own body, handout_body.html.j2) and
Word (python-docx, through render/docx.py). Words from prose/pack.py and the argument."""
from __future__ import annotations

from markupsafe import Markup

from ..prose import argument as words
from ..prose.readings import handout_closing, handout_lines
from ..prose import cite, statute_url
from ..prose import pack as P
from .html import TRAINEE_CSS, contrast_sentence, svg_inline
from .handout import cast_shown

PACK_CSS = """
.cover { padding-top: 6rem; } .pack-title { font-size: 2.2rem; }
.sheet { break-before: page; }
.key-label { color: var(--muted); font-size: .9rem; text-transform: uppercase; letter-spacing: .05em; margin-bottom: 0; }
table.instructor { font-size: .85rem; } table.instructor td:nth-child(3) { min-width: 14rem; }
ul.given li { margin-bottom: .15rem; break-inside: avoid; }
@media print { ul.given { columns: 2; column-gap: 1.5rem; font-size: .85rem; } }
.task { font-style: italic; }
ol.variations li, .variation-key li { margin-bottom: .6rem; }
ol.toc li { margin-bottom: .15rem; }
ol.toc a { color: inherit; text-decoration: none; }
ol.toc li { display: flex; gap: .5rem; } ol.toc li a { flex: 1; } ol.toc .page { min-width: 2rem; text-align: right; }
h2.key-label { color: var(--muted); font-size: .95rem; border: none; text-transform: uppercase; letter-spacing: .04em; margin: 0; }
table.instructor td:nth-child(2) { font-size: .8rem; width: 9rem; }
table.instructor td:nth-child(5) { min-width: 13rem; }
"""


TABLE_MM = (28, 24, 52, 22, 48)   # the instructor's table's columns in Word, in mm


def contents(pack) -> list:
    """[(anchor, text)] of the contents page, in the order of the pack."""
    L = P.label
    toc = []
    if pack.edition != "student":
        toc.append(("instructor", L("instructor")))
    if pack.edition != "key":
        toc += [(f"exercise-{n}", P.exercise_title(n, c.handout.title)) for n, c in enumerate(pack.cases, 1)]
    if pack.edition != "student":
        toc += [(f"key-{n}", P.key_title(n, c.handout.title)) for n, c in enumerate(pack.cases, 1)]
    return toc


def instructor_rows(pack) -> list:
    return [P.instructor_row(n, c.handout.title, c.argument, cite, c.readings) for n, c in enumerate(pack.cases, 1)]


def render_pack_html(pack, pages=None) -> str:
    """pages: {anchor: page number} for the contents page of a printed pack (render/pdf.py finds them)."""
    from jinja2 import Environment, PackageLoader, select_autoescape
    env = Environment(loader=PackageLoader("reasoner.render", "templates"),
                      autoescape=select_autoescape(["html", "j2"]), trim_blocks=False, lstrip_blocks=False)
    return env.get_template("pack.html.j2").render(
        pack=pack, css=Markup(TRAINEE_CSS + PACK_CSS), cite=cite, url=statute_url, words=words, P=P, L=P.label,
        handout_lines=handout_lines, handout_closing=handout_closing, cast_shown=cast_shown,
        note=P.pack_cover_note(len(pack.cases), pack.variations, pack.edition), toc=contents(pack), pages=pages or {}, printed=pages is not None,
        head=P.TABLE_HEAD, rows=instructor_rows(pack), contrast=contrast_sentence, inexact=words.inexact_note(),
        svgs=[Markup(svg_inline(c.svg)) if c.svg else None for c in pack.cases],
        others_of=[words.others_line(c.argument.others, "html") if c.argument.others else "" for c in pack.cases])


def render_pack_docx(pack, paper: str = "letter") -> bytes:
    """The pack as one Word document: each part on a new page; the contents list names each part."""
    from .docx import python_docx, add_handout, add_table, contents_field, footer, new_document, to_bytes
    python_docx()   # python-docx installed, or one clear error
    from docx.enum.text import WD_BREAK
    from .figure import render_argument_figure
    L = P.label
    doc = new_document(paper, pack.title)

    def page():
        doc.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    doc.add_heading(pack.title, 0)
    doc.add_paragraph(f"{L('question')}. {pack.cases[0].argument.question}")
    doc.add_paragraph(P.pack_cover_note(len(pack.cases), pack.variations, pack.edition))
    if pack.edition == "student":
        doc.add_paragraph(L("student"))
    if pack.skipped:
        doc.add_heading(L("skipped"), 1)
        for path, msg in pack.skipped:
            doc.add_paragraph(f"{path}: {msg}", style="List Bullet")
    page()
    doc.add_heading(L("contents"), 1)
    # a table-of-contents field Word fills in with the pages (the parts are numbered already: "Exercise 2.")
    contents_field(doc, [text for _, text in contents(pack)], "List Continue")
    doc.add_paragraph(L("toc_note"))
    if pack.edition != "student":
        page()
        doc.add_heading(L("instructor"), 1)
        # the columns as wide as what they hold: the answer and the readings widest (174 mm: A4 less its margins)
        add_table(doc, P.TABLE_HEAD, instructor_rows(pack), widths=TABLE_MM)
    if pack.edition != "key":
        for n, c in enumerate(pack.cases, 1):
            page()
            h = c.handout
            doc.add_heading(P.exercise_title(n, h.title), 1)
            if h.description and h.description.strip() != h.title.strip():
                doc.add_paragraph(h.description.strip())
            if c.argument.cast and not c.facts:   # the facts given name the parties
                p = doc.add_paragraph()
                p.add_run(L("who") + ". ").bold = True
                p.add_run(words.cast_line(c.argument.cast, False) + ".")
            doc.add_heading(L("facts_given"), 2)
            for t, _ in c.facts:
                doc.add_paragraph(t, style="List Bullet")
            p = doc.add_paragraph()
            p.add_run(L("question") + ". ").bold = True
            p.add_run(c.argument.question)
            doc.add_paragraph().add_run(L("task")).italic = True
            if c.variations:
                doc.add_heading(L("variations"), 2)
                for k, v in enumerate(c.variations, 1):
                    p = doc.add_paragraph()
                    p.add_run(P.variation_title(n, k) + ". ").bold = True
                    p.add_run(P.variation_question(v.facts) + " " + L("var_task"))
    if pack.edition != "student":
        for n, c in enumerate(pack.cases, 1):
            page()
            doc.add_heading(P.key_title(n, c.handout.title), 1)
            add_handout(doc, c.handout, render_argument_figure(c.argument, "png"), level=2)
            if c.variations:
                doc.add_heading(L("variations"), 2)
                for k, v in enumerate(c.variations, 1):
                    short, why = P.variation_key(v.short, v.moved, v.elements)
                    p = doc.add_paragraph()
                    p.add_run(P.variation_title(n, k) + ". ").bold = True
                    p.add_run(P.variation_question(v.facts))
                    p = doc.add_paragraph()
                    p.add_run(L("new_answer") + ": ").bold = True
                    p.add_run(short)
                    if why:
                        p = doc.add_paragraph()
                        p.add_run(L("turned_on") + ": ").bold = True
                        p.add_run(why)
    footer(doc, pack.title)
    return to_bytes(doc)
