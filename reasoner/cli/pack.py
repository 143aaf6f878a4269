"""`reasoner pack`: a course pack (cover, contents, instructor's table, exercises, answer key,
variations) from several cases and one question, as html, pdf or docx (apps/pack.py)."""
from __future__ import annotations

from pathlib import Path

import click

from ..core.settings import current
from ..core.visible import visible
from .base import OutputFile, command_answer, complete_query, rules_option, main, saved_epilog, say, started


@main.command(epilog=saved_epilog())
@click.argument("items", nargs=-1, required=True, metavar="CASES... QUERY")
@click.option("-o", "--output", type=OutputFile(stdout=False), required=True,
              help="The pack: FILE.html, FILE.pdf or FILE.docx (written atomically).")
@click.option("--title", default="", help="The cover's title (default: from the question).")
@click.option("--variations", "n_variations", type=click.IntRange(min=0, max=10), default=0, show_default=True,
              metavar="N", help="Up to N variations per case, drawn from what-if.")
@click.option("--no-key", is_flag=True, help="Student edition: exercises only, no answers.")
@click.option("--key-only", is_flag=True, help="The instructor's table and the answer key only.")
@click.option("--paper", type=click.Choice(("letter", "a4")), default="letter", show_default=True,
              help="pdf/docx: the page size.")
@click.option("--skip-errors", is_flag=True, help="Leave out a case that cannot be read, and list it on the cover.")
@rules_option
def pack(items, output, title, n_variations, no_key, key_only, paper, skip_errors, rules):
    """A course pack about QUERY from CASES (case files or folders of them): a cover, a contents
    page, an instructor's table (case, question, answer, deciding provisions, readings), an
    exercise sheet per case (the scenario, the facts, the question: no answer), the answer key
    (each case's argument as its handout has it) and, with --variations N, up to N changed-fact
    variations per case with their answers in the key.

    \b
    -o FILE.html, FILE.pdf (printed by headless Chromium) or FILE.docx (needs python-docx:
    pip install -e .[docx]). The same inputs give the same bytes.
    """
    from ..apps.pack import PACK_SUFFIXES, build_pack, case_files, pack_files
    if len(items) < 2:
        raise click.UsageError("give one or more CASES and then the QUERY")
    if no_key and key_only:
        raise click.UsageError("--no-key and --key-only exclude each other")
    *cases, query = items
    to = PACK_SUFFIXES.get(Path(output).suffix.lower())
    if to is None:
        raise click.UsageError("-o FILE must end in .html, .pdf or .docx")
    limit = current().time_limit
    ctx = click.get_current_context()
    files = case_files(cases)
    if limit is not None and not ctx.meta.get("reasoner.limit"):   # the usual limit, per case
        from ..core.deadline import time_limit
        ctx.meta["reasoner.limit"] = True
        ctx.with_resource(time_limit(limit * max(1, len(files)), "making the pack", started=started()))
    for f in files:
        if not Path(f).is_file():
            from ..core.errors import ReasonerError
            raise ReasonerError("the case file cannot be read (no such file)", location=f,
                                hint="give case files (.yaml) or folders that hold them")
    edition = "student" if no_key else "key" if key_only else "full"
    built = build_pack(files, query, lambda path: command_answer(path, query, rules), title=title,
                       n_variations=n_variations, edition=edition, skip_errors=skip_errors)
    out = pack_files(built, to, output, paper)
    from ..core.atomic import refuse_inputs, write_all_atomic
    refuse_inputs([p for p, _ in out], [*files, *(rules or ())])
    write_all_atomic(out, wait=limit)
    say(f"wrote {visible(output, field=True)}: {len(built.cases)} cases"
        + (f", {len(built.skipped)} left out" if built.skipped else ""), err=True)
