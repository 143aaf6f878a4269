"""Exports of one answer: text, json, graphml, dot, svg, png, md, html, pdf and docx (everything rendered
before anything is written); `reasoner export` and tools/make_examples.py write what this returns."""
from __future__ import annotations
from types import MappingProxyType

from typing import TYPE_CHECKING, cast

from ..core.errors import ReasonerError

if TYPE_CHECKING:
    from ..answer.answering import Answer
    from ..answer.question import Question

EXPORT_FORMATS = ("text", "json", "graphml", "dot", "svg", "png", "md", "html", "pdf", "docx")
SUFFIXES = MappingProxyType({".txt": "text", ".json": "json", ".graphml": "graphml", ".dot": "dot", ".gv": "dot",
            ".svg": "svg", ".png": "png", ".md": "md", ".html": "html", ".htm": "html",
            ".pdf": "pdf", ".docx": "docx"})


def export_files(to: str, answer: Answer, output: str | None = None, fold: bool = True, depth: int | None = None,
                 with_whatif: bool = True, quote: bool = True, question: Question | None = None,
                 view: str = "trainee", paper: str = "letter") -> list[tuple[str | None, str | bytes]]:
    """[(path or None, str/bytes)] for one export; everything is rendered before anything is written.
    question: the Question `answer` answers (its law, case and query); without it a handout has no
    what-if, no related answers and no sentences for the case's facts. The questions it asks again
    (the handout's, what-if's, the related ones) are its copies, on its settings."""
    # lazy imports: each format loads only its renderer (dot: pydot, svg/png: matplotlib, heavy and optional)
    from ..render.figure import render_argument_figure, render_figure, view_graph
    instructor = view == "instructor"   # the trainee view with ids and case-file lines (the instructor's edition)
    view_name = "trainee" if instructor else view
    folded = view_graph(answer.graph, fold, depth)
    if to == "text":
        if view_name == "trainee" and depth is None:   # the argument, as ask prints it
            return [(output, answer.argument_text(quote=quote))]
        from ..render.text import render_text
        shown = answer.with_graph(view_graph(answer.graph, fold, None))
        return [(output, render_text(shown, max_depth=depth, quote=quote, fold_helpers=fold))]
    if to == "json":
        from ..render.jsonout import answer_dict, dumps
        shown = answer if not fold and depth is None else answer.with_graph(folded)
        return [(output, dumps(answer_dict(shown)))]
    if to == "graphml":
        from ..render.graphml import render_graphml
        return [(output, render_graphml(answer.graph if not fold and depth is None else folded))]
    if to == "dot":
        from ..render.dot import render_dot
        return [(output, render_dot(folded))]
    if to in ("svg", "png"):
        if view_name == "trainee":
            return [(output, render_argument_figure(answer.argument, to))]
        return [(output, render_figure(folded, to))]
    from ..render.handout import build_handout
    question, answer = handout_answer(question, answer)
    from ..answer.caseraises import with_raises
    answer = with_raises(question, answer)   # what the case also raises, said under the answer
    result = question.whatif(base=answer) if with_whatif and question is not None else None
    handout = build_handout(answer, result, fold=fold, depth=depth, view=view_name,
                            max_contrasts=3 if view_name == "trainee" else 5,
                            program=question.law.checked.program if question is not None else None,
                            ids=instructor or view_name != "trainee")
    if question is not None and view_name == "trainee":
        from .related import note_in_table, related_answers, widen_answer
        from .assumptions import note_assumptions
        handout.related = related_answers(question, answer)
        note_in_table(handout)   # a party's row that finds nothing: what the same provisions decide of it
        widen_answer(question, answer, handout)   # the bottom line as wide as the case (queries/*.yaml otherwise:)
        note_assumptions(question, answer, handout, result)
    if view_name == "trainee":
        svg = render_argument_figure(handout.argument, "svg")
        handout.figure_caption = "The argument: each sentence once; the outline's colour says whether it is met"
    else:
        svg = render_figure(folded, "svg")
    if to in ("html", "pdf"):
        from ..render.html import render_html
        html = render_html(handout, svg)
        if to == "html":
            return [(output, html)]
        from ..render.pdf import print_pdf_fitted    # headless Chromium (render/pdf.py says why)
        return [(output, print_pdf_fitted(html, paper, footer=handout.footer or handout.title))]
    if to == "docx":
        from ..render.docx import render_docx  # python-docx: pip install -e .[docx]
        png = render_argument_figure(handout.argument, "png") if view_name == "trainee" else render_figure(folded, "png")
        return [(output, render_docx(handout, png, paper))]
    from ..render.markdown import render_markdown
    if output:
        from ..render.markdown import figure_path
        figure = figure_path(output)
        return [(output, render_markdown(handout, figure=figure.name)), (str(figure), svg)]
    return [(output, render_markdown(handout, svg=svg))]


def handout_answer(question: Question | None, answer: Answer) -> tuple[Question | None, Answer]:
    """(question, answer) as a handout reads them: where the case gives an entity no `name:`, the
    question asked again about the case with its roles as labels (Case.with_roles: 'the vehicle',
    'the first carrier'), so that the argument, the facts box, the tables and the what-if read each
    such entity by its role; the question and answer as they are otherwise (or without one)."""
    if question is None or not getattr(question.case, "roles", None):
        return question, answer
    labelled = question.with_case(question.case.with_roles())
    return labelled, labelled.answer()


class ExportArgumentError(ReasonerError, ValueError):
    """export() given what is not an Answer or not a format name; a ReasonerError, and a ValueError
    for callers that caught the ValueError it was."""


def export(answer: object, to: str = "text",
 fold: bool | None = None, depth: int | None = None, quote: bool = True,
           view: str = "trainee") -> str | bytes:
    """One answer rendered as `reasoner export CASE QUERY --to TO` prints it (png: bytes), without the
    what-if contrast of the handouts (that needs the case and the law: `reasoner export`)."""
    from ..answer.answering import Answer
    from ..core.errors import shown
    if not isinstance(answer, Answer):
        raise ExportArgumentError(f"export() takes an Answer (what reasoner.ask returns), not "
                                  f"{type(answer).__name__} {shown(answer)}",
                                  hint="a = reasoner.ask('case.yaml', 'lawful'); reasoner.export(a, 'md')")
    if not isinstance(to, str) or to not in EXPORT_FORMATS:
        close = to.strip().lower() if isinstance(to, str) else None
        raise ExportArgumentError(f"unknown export format {shown(to)} (one of: {', '.join(EXPORT_FORMATS)})",
                                  hint=f"did you mean {close!r}?" if close in EXPORT_FORMATS else None)
    if fold is None:
        fold = to not in ("json", "graphml")
    return export_files(to, answer, None, fold=fold, depth=depth, with_whatif=False, quote=quote, view=view)[0][1]

