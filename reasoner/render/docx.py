"""An editable Word document of a handout (python-docx, imported here only: `pip install -e .[docx]`).

The same order as the HTML handout (templates/handout.html.j2): title, scenario, who and what, the
question, the answer, the argument (per provision: its text as a block quote, the elements as a
numbered list with the status words in bold, the exceptions, the conclusion), readings, what-if,
the figure (PNG) and the facts used. Words come from the argument and prose/; this lays them out.
The file is deterministic: fixed core properties and fixed dates inside the zip.
"""
from __future__ import annotations

import datetime
import io
import zipfile
from types import MappingProxyType

from ..prose import argument as words
from ..prose.readings import handout_closing, handout_lines
from ..prose import cite
from ..prose.pack import label, line
from ..prose.whatif import contrast_text

FIXED = datetime.datetime(2000, 1, 1, 0, 0, 0)
PAPER_MM = MappingProxyType({"letter": (215.9, 279.4), "a4": (210.0, 297.0)})


def python_docx():
    try:
        import docx
    except ImportError:
        from ..core.errors import ReasonerError
        raise ReasonerError("Word export needs python-docx, which is not installed",
                            hint="pip install python-docx (in a checkout: pip install -e .[docx])") from None
    return docx


def new_document(paper: str = "letter", title: str = ""):
    Document = python_docx().Document
    from docx.shared import Mm, Pt
    doc = Document()
    for section in doc.sections:
        w, h = PAPER_MM[paper]
        section.page_width, section.page_height = Mm(w), Mm(h)
        for side in ("left_margin", "right_margin", "top_margin", "bottom_margin"):
            setattr(section, side, Mm(18))
    doc.styles["Normal"].font.size = Pt(10.5)
    cp = doc.core_properties
    cp.title, cp.author, cp.last_modified_by = _property_text(title), "reasoner", "reasoner"
    cp.created = cp.modified = cp.last_printed = FIXED
    cp.revision = 1
    return doc


PROPERTY_CHARS = 255   # a Word document property (its title) holds at most this many characters


def _property_text(text: str) -> str:
    """text on one line, cut at a word to fit a document property ('... …')."""
    text = " ".join(str(text).split())
    if len(text) <= PROPERTY_CHARS:
        return text
    return (text[:PROPERTY_CHARS - 2].rsplit(" ", 1)[0].rstrip(",;:") or text[:PROPERTY_CHARS - 2]) + " …"


def _field_runs(paragraph, instruction: str, shown: str = ""):
    """A complex field in `paragraph` (begin, the instruction, separate, the value shown until Word
    updates it, end): 'PAGE', 'NUMPAGES', 'TOC ...'."""
    begin = paragraph.add_run()
    _field_char(begin, "begin")
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    instr = OxmlElement("w:instrText")
    instr.set(qn("xml:space"), "preserve")
    instr.text = f" {instruction} "
    begin._r.append(instr)
    _field_char(begin, "separate")
    if shown:
        paragraph.add_run(shown)
    _field_char(paragraph.add_run(), "end")


def _field_char(run, kind: str) -> None:
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    el = OxmlElement("w:fldChar")
    el.set(qn("w:fldCharType"), kind)
    run._r.append(el)


def footer(doc, name: str) -> None:
    """The case's name on the left of every footer and 'Page N of M' (PAGE and NUMPAGES fields) on the right."""
    from ..prose.pack import page_words
    page, of = page_words()
    for section in doc.sections:
        p = section.footer.paragraphs[0]
        p.text = ""
        p.add_run(name + "\t\t" + page)
        _field_runs(p, "PAGE", "1")
        p.add_run(of)
        _field_runs(p, "NUMPAGES", "1")


def contents_field(doc, entries, style: str, levels: str = "1-1") -> None:
    """A table-of-contents field (TOC over the headings of `levels`, entries linked, no page numbers
    in web view) showing `entries`, one paragraph each in `style`, until Word updates it; Word is
    asked to update the document's fields when it opens it (settings: w:updateFields)."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    paragraphs = [doc.add_paragraph(style=style) for _ in entries] or [doc.add_paragraph(style=style)]
    first, last = paragraphs[0], paragraphs[-1]
    begin = first.add_run()
    _field_char(begin, "begin")
    instr = OxmlElement("w:instrText")
    instr.set(qn("xml:space"), "preserve")
    instr.text = f' TOC \\o "{levels}" \\h \\z \\u '
    begin._r.append(instr)
    _field_char(begin, "separate")
    for p, text in zip(paragraphs, entries):
        p.add_run(text)
    _field_char(last.add_run(), "end")
    settings = doc.settings.element
    update = settings.find(qn("w:updateFields"))
    if update is None:
        update = OxmlElement("w:updateFields")
        settings.append(update)
    update.set(qn("w:val"), "true")


def _status_line(doc, parts, source="", style="List Number", level=0):
    before, status, after = line(*parts)
    name = style if level == 0 else f"{style} {min(level + 1, 3)}"
    try:
        p = doc.add_paragraph(style=name)
    except KeyError:
        p = doc.add_paragraph(style=style)
    p.add_run(before)
    p.add_run(status).bold = True
    p.add_run(after + (f" ({source})" if source else ""))
    return p


def _quotes(doc, item):
    for q in words.shown_quotes(item):
        c, text = words.quote_parts(q)
        p = doc.add_paragraph(style="Quote")
        p.add_run(c + ": ").bold = True
        p.add_run(f'"{text}"' if q.text else text)


def _element(doc, e, numbered, level=0):
    if not e.text and e.parts:
        for p in e.parts:
            _element(doc, p, numbered, level)
        return
    _status_line(doc, words.element_parts(e), "" if e.loc else words.element_source(e),   # a case-file line: not on paper
                 "List Number" if numbered and level == 0 else "List Bullet",
                 level)
    _quotes(doc, e)
    for p in e.parts:
        _element(doc, p, False, level + 1)
    for x in e.exceptions:
        _exception(doc, x, level + 1)


def _exception(doc, x, level=0):
    parts = words.exception_parts(x)
    _status_line(doc, parts, "" if words.exception_loc(x) else words.exception_source(x), "List Bullet", level)
    _quotes(doc, x)
    if x.reasons and not parts[2]:
        for r in x.reasons:
            _element(doc, r, False, level + 1)


def _restart_numbering(doc):
    """A new numbered list for the next provision's elements (python-docx continues one list)."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    numbering = doc.part.numbering_part.numbering_definitions._numbering
    style = doc.styles["List Number"]
    num_id = style.element.pPr.numPr.numId.val if style.element.pPr is not None and style.element.pPr.numPr is not None else None
    if num_id is None:
        return None
    abstract = next(n.abstractNumId.val for n in numbering.num_lst if n.numId == num_id)
    num = numbering.add_num(abstract)
    override = OxmlElement("w:lvlOverride")
    override.set(qn("w:ilvl"), "0")
    start = OxmlElement("w:startOverride")
    start.set(qn("w:val"), "1")
    override.append(start)
    num.append(override)
    return num.numId


def _number(paragraph, num_id):
    """Put the paragraph in list num_id (python-docx places w:numPr where the schema wants it)."""
    numPr = paragraph._p.get_or_add_pPr().get_or_add_numPr()
    numPr.get_or_add_ilvl().val = 0
    numPr.get_or_add_numId().val = num_id


def add_argument(doc, arg, level: int = 2, facts_box: bool = False) -> None:
    """The argument: per deciding provision its text, elements, exceptions and conclusion."""
    if arg.cases:
        doc.add_paragraph(arg.cases[:1].upper() + arg.cases[1:] + ":")
    for p in arg.provisions:
        if p.case:
            doc.add_paragraph().add_run(p.case + ":").italic = True
        doc.add_heading(cite(p.citation) if p.citation else "The rules", level)
        if p.quote:
            doc.add_paragraph(p.quote + (f" — {p.law}" if p.law else ""), style="Intense Quote")
            if getattr(p, "outside", ""):
                doc.add_paragraph().add_run(p.outside).italic = True
        if p.elements:
            doc.add_paragraph().add_run(words.elements_label(p)).bold = True
            num_id = None if p.alternatives else _restart_numbering(doc)
            for e in p.elements:
                start = len(doc.paragraphs)
                _element(doc, e, not p.alternatives)
                if num_id is not None:
                    for para in doc.paragraphs[start:]:
                        if para.style.name == "List Number":
                            _number(para, num_id)
        if p.exceptions:
            doc.add_paragraph().add_run(words.exceptions_label(p)).bold = True
            for x in p.exceptions:
                _exception(doc, x)
        if p.arithmetic:
            doc.add_paragraph().add_run(label("arithmetic")).bold = True
            for a in p.arithmetic:
                doc.add_paragraph(a, style="List Bullet")
        for line in getattr(p, "unreached", None) or []:
            doc.add_paragraph(line)
        c = doc.add_paragraph()
        c.add_run(label("conclusion") + " ").bold = True
        c.add_run(words.ended(p.conclusion))
        if getattr(p, "checked", ""):
            doc.add_paragraph(p.checked)
    if arg.others:
        doc.add_paragraph(words.others_line(arg.others, "text"))
        for e in arg.others if not words.others_argued(arg.others) else ():   # said in the line already
            _element(doc, e, False)
    if arg.missing:
        doc.add_paragraph().add_run(label("missing")).bold = True
        for m in arg.missing:
            doc.add_paragraph(m, style="List Bullet")
    if arg.undetermined and words.open_rows_at_end(arg.undetermined):
        doc.add_paragraph(words.open_rows_pointer(arg.undetermined))
    elif arg.undetermined:
        doc.add_paragraph().add_run(words.undetermined_heading()).bold = True
        for u in arg.undetermined:
            doc.add_paragraph(u, style="List Bullet")
    if arg.presumed and not facts_box:   # the facts box lists each presumption with whose burden it is
        doc.add_paragraph().add_run(label("presumed")).bold = True
        for p in arg.presumed:
            doc.add_paragraph(f"{p.get('sentence') or p['fact']} ({cite(p['citation'])}: {p['reason']})",
                              style="List Bullet")


def add_table(doc, head, rows, widths=None):
    """A table with a bold head row; widths: each column's width in mm (Word otherwise divides the
    page evenly, whatever a column holds)."""
    table = doc.add_table(rows=1, cols=len(head))
    table.style = "Table Grid"
    for cell, text in zip(table.rows[0].cells, head):
        cell.text = ""
        cell.paragraphs[0].add_run(text).bold = True
    for row in rows:
        cells = table.add_row().cells
        for cell, text in zip(cells, row):
            cell.text = str(text)
    if widths:
        from docx.shared import Mm
        table.autofit = False
        for column, mm in zip(table.columns, widths):
            column.width = Mm(mm)
            for cell in column.cells:
                cell.width = Mm(mm)
    return table


def add_handout(doc, h, png: bytes | None = None, level: int = 1, answers: bool = True) -> None:
    """One handout into `doc`: headings from `level` (1: a document of its own)."""
    from docx.shared import Mm
    arg = h.argument
    doc.add_heading(h.title, level if level > 1 else 0)
    if level == 1:
        doc.add_paragraph(words.prepared_from_paper(arg))   # a document to print: no case-file lines
    if h.description and h.description.strip() != h.title.strip():
        doc.add_paragraph(h.description.strip())
    if arg.cast and (h.ids or not (h.facts_box and answers)):   # the facts box names the parties
        p = doc.add_paragraph()
        p.add_run(label("who") + ". ").bold = True
        p.add_run(words.cast_line(arg.cast, h.ids) + ".")
    p = doc.add_paragraph()
    p.add_run(label("question") + ". ").bold = True
    p.add_run(arg.question)
    if not answers:
        return
    if arg.table:    # a several-party handout: the results table first, then the answer, then the facts
        add_table(doc, words.table_head(arg.table), [words.table_cells(r, arg.table) for r in arg.table])
    p = doc.add_paragraph()
    p.add_run(label("answer") + ". ").bold = True
    p.add_run(words.answer_box(arg))
    if getattr(arg, "raises", None):   # what the case's facts also raise, answered by its own question
        doc.add_paragraph().add_run(words.raised_heading() + ".").bold = True
        for r in arg.raises:
            doc.add_paragraph(r, style="List Bullet")
    if h.facts_box:   # one order in every handout: the answer, then the facts box (trainer review 12, G2)
        add_facts_box(doc, h)
    if words.handout_inexact_note(arg):
        doc.add_paragraph(words.handout_inexact_note(arg))
    doc.add_heading(label("argument"), level + 1)
    add_argument(doc, arg, level + 2, facts_box=bool(h.facts_box))
    if handout_lines(arg) or handout_closing(arg):
        doc.add_heading(words.readings_heading(), level + 1)
        doc.add_paragraph(words.readings_lead())
        for r in handout_lines(arg):
            doc.add_paragraph(r, style="List Bullet")
        if handout_closing(arg):
            doc.add_paragraph(handout_closing(arg))
    if h.related:
        doc.add_heading(words.related_heading(), level + 1)
        for r in h.related:
            doc.add_paragraph(words.related_line(r), style="List Bullet")
    if h.contrast_note or h.contrasts:
        doc.add_heading(label("whatif"), level + 1)
        doc.add_paragraph(h.contrast_note)
        num_id = _restart_numbering(doc)
        for c in h.contrasts:
            para = doc.add_paragraph(f"{c.sentence} {contrast_text(c.gained, c.lost, c.answer, c.cited, c.sentence, c.outcome)}",
                                     style="List Number")
            if num_id is not None:
                _number(para, num_id)
    if arg.undetermined and words.open_rows_at_end(arg.undetermined):
        doc.add_heading(words.open_rows_end_heading(arg.undetermined), level + 1)
        for u in arg.undetermined:
            doc.add_paragraph(u, style="List Bullet")
    if png:
        doc.add_heading(label("figure"), level + 1)
        doc.add_picture(io.BytesIO(png), width=Mm(150))
        if h.figure_caption:
            doc.add_paragraph(h.figure_caption + ".", style="Caption")
    if not h.facts_box:
        doc.add_heading(label("facts_used"), level + 1)
        doc.add_paragraph(label("no_facts"))


def add_facts_box(doc, h) -> None:
    """The facts the argument uses, under the scenario: each with its mark (stated, assumed,
    implied) in italics and its line, burden or reason after it."""
    p = doc.add_paragraph()
    p.add_run(words.facts_box_heading() + ". ").bold = True
    p.add_run(words.facts_box_lead([f.how for f in h.facts_box], scenario=bool(h.description and h.description.strip() != h.title.strip())))
    for f in h.facts_box:
        item = doc.add_paragraph(style="List Bullet")
        item.add_run(f"{f.text} — ")
        item.add_run(f.mark).italic = True
        if f.note:
            item.add_run(f" ({f.note})")


def to_bytes(doc) -> bytes:
    """The document's bytes, with every zip entry dated FIXED (python-docx dates them now)."""
    raw = io.BytesIO()
    doc.save(raw)
    src = zipfile.ZipFile(io.BytesIO(raw.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=FIXED.timetuple()[:6])
            fixed.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(fixed, src.read(info.filename))
    return out.getvalue()


def render_docx(h, png: bytes | None = None, paper: str = "letter") -> bytes:
    doc = new_document(paper, h.title)
    add_handout(doc, h, png)
    footer(doc, h.footer or h.title)
    return to_bytes(doc)
