"""`reasoner export`: a proof as text, json, graphml, dot, svg, png, md, html, pdf or docx."""
# Commands import what they run inside their bodies (lazily), so that one command loads none of
# the others' modules (a fresh `reasoner ask` stays small).
from __future__ import annotations

from pathlib import Path

import click

from ..apps.export import EXPORT_FORMATS, SUFFIXES, export_files
from ..core.settings import current
from ..core.visible import visible
from .base import OutputFile, command_answer, complete_query, emit, saved_epilog, say, rules_option, view_options, main


@main.command(epilog=saved_epilog())
@click.argument("case", type=click.Path())
@click.argument("query", shell_complete=complete_query)
@click.option("--to", "to", type=click.Choice(EXPORT_FORMATS), default=None,
              help="Output format (default: from the -o file's suffix).")
@click.option("-o", "--output", type=OutputFile(), default=None,
              help="Output file (written atomically); stdout if left out (not for png).")
@view_options
@click.option("--whatif/--no-whatif", "with_whatif", default=True, show_default=True,
              help="md/html handouts: include the what-if contrast.")
@click.option("--no-quote", is_flag=True, help="text: do not quote statute text.")
@click.option("--view", "view", type=click.Choice(("trainee", "instructor", "full")), default="trainee",
              show_default=True,
              help="handouts: trainee (sentences, each provision quoted once, no rule numbers, variables or "
                   "entity ids), instructor (the same with each entity's id and each fact's case-file line) "
                   "or full (every rule, binding and literal).")
@click.option("--paper", type=click.Choice(("letter", "a4")), default="letter", show_default=True,
              help="pdf/docx: the page size.")
@rules_option
def export(case, query, to, output, fold, depth, with_whatif, no_quote, view, paper, rules):
    """Render the proof of QUERY about CASE as text, json, graphml, dot, svg, png, md, html, pdf or docx.

    \b
    json / graphml: the proof graph (reads back into an equal graph); not folded by default. A proof
    deeper than 40 steps is cut there: the graph's cut_at_depth and cut_goals say so.
    dot: Graphviz source (needs pydot); svg / png: a drawn tree (needs matplotlib);
    md / html: a training handout (facts, question, answer, numbered steps citing and quoting
    the statute, readings, the figure and the what-if contrast). md writes FILE.svg beside it.
    pdf: the html handout printed by headless Chromium (page numbers and the case in the footer);
    docx: the handout as an editable Word document (needs python-docx).
    pydot and matplotlib come with: pip install -e .[export]; python-docx with .[docx]
    """
    output = None if output == "-" else output   # -o -: stdout (it made a file named -)
    if to is None:
        if not output or Path(output).suffix.lower() not in SUFFIXES:
            raise click.UsageError("give --to FORMAT (" + ", ".join(EXPORT_FORMATS) + "), or an -o file whose "
                                   "suffix names it (.txt .json .graphml .dot .svg .png .md .html .pdf .docx)")
        to = SUFFIXES[Path(output).suffix.lower()]
    if to in ("png", "pdf", "docx") and not output:
        raise click.UsageError(f"{to} output is binary: give -o FILE.{to}")
    if fold is None:
        fold = to not in ("json", "graphml")
    q, answer = command_answer(case, query, rules)
    files = export_files(to, answer, output, fold=fold, depth=depth, with_whatif=with_whatif,
                         quote=not no_quote, question=q, view=view, paper=paper)
    if not output:
        (say if to == "text" else emit)(files[0][1], nl=False)   # a machine format or handout: exact
        return
    from ..core.atomic import refuse_inputs, write_all_atomic
    refuse_inputs([path for path, _ in files], [case, *(rules or ())])
    write_all_atomic(files, wait=current().time_limit)     # the handout and its figure, or neither
    say("wrote " + ", ".join(visible(p, field=True) for p, _ in files), err=True)
