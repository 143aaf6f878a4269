"""`reasoner batch`: one question for many cases (a folder, JSONL or CSV)."""
# Commands import what they run inside their bodies (lazily), so that one command loads none of
# the others' modules (a fresh `reasoner ask` stays small).
from __future__ import annotations

import sys

import click

from ..core.settings import current
from ..core.visible import visible
from .base import OutputFile, complete_query, emit, saved_epilog, say, json_text, question_limit, rules_option, command_rulebase, main, started


# -- batch ------------------------------------------------------------------------------------------------
def _stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


@main.command(epilog=saved_epilog())
@click.argument("input_path", metavar="INPUT", type=click.Path())
@click.argument("query", shell_complete=complete_query)
@click.option("-o", "--output", type=OutputFile(), default=None,
              help="Write the results here (atomically) instead of stdout.")
@rules_option
@click.option("--format", "fmt", type=click.Choice(["json", "text"]), default="json", show_default=True,
              help="json: one JSON object per line (JSONL); text: a tab-separated table.")
@click.option("--verdicts-only", is_flag=True,
              help="Answers and bindings only, no proofs (so no cited provisions or missing facts): "
                   "cases evaluated a thousand at a time, many times faster.")
@click.option("--to", "to", type=click.Choice(["json", "text", "csv"]), default=None,
              help="Output format (overrides --format); csv: one row per binding with id, answer, "
                   "binding_answer, each query variable (money columns in dollars, e.g. 'Min (dollars)'), "
                   "cited, cited_as, missing, presumed (in words), not_applicable, error, location, "
                   "presumed_facts (the presumed facts as atoms, for programs).")
@click.option("--compare-readings", is_flag=True,
              help="Report only the cases whose answer or amount changes under another reading of a "
                   "phrase the question depends on (one reading at a time), with the reading responsible.")
@click.option("--all-combinations", is_flag=True,
              help="With --compare-readings: also every combination of alternative readings.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, envvar="REASONER_JOBS", metavar="N",
              help="Worker processes answering the cases (most: the cores this process may use; 1: this "
                   "process alone). Default: one process for a small batch (under 500 cases with "
                   "--verdicts-only, 200 with proofs) or when the machine's cores are busy (the load "
                   "average), else one worker per free core; the summary says which. --debug answers "
                   "in one process. Results come in input order, the same as with --jobs 1.")
def batch(input_path, query, output, rules, fmt, verdicts_only, to, compare_readings, all_combinations, jobs):
    """Answer QUERY for every case in INPUT: a folder of case files, a .jsonl file (one case
    mapping with an "id" per line) or a .csv file (columns id, entity, type, attributes...).

    \b
    Writes one result per case: id, answer, cited provisions, missing facts (or error);
    with --verdicts-only: id, answer and bindings.
    A bad case is reported with its id and the run goes on; a summary goes to stderr.
    Exit code 0 when every case was answered, 2 when some could not be.
    """
    from ..apps.batch import (BatchQuery, query_types, answer_items, capped_jobs, choose_jobs, folder_skips, read_items,
                              summary, text_header, text_row)
    from ..core.atomic import refuse_inputs
    from ..law.queries import check_atom, resolve
    output = None if output == "-" else output   # -o -: stdout (it made a file named -)
    if jobs is not None and capped_jobs(jobs) < jobs:
        given = ("REASONER_JOBS=" if click.get_current_context().get_parameter_source("jobs").name == "ENVIRONMENT"
                 else "--jobs ") + str(jobs)
        say(f"batch: {given} is more than the {capped_jobs(None)} core(s) this process may use; "
            f"running {capped_jobs(jobs)} worker(s)", err=True)
    refuse_inputs([output], [input_path, *(rules or ())])
    from ..core.deadline import time_limit
    with time_limit(current().time_limit, "reading the rules and the cases", started=started()):   # each case then has its own
        rb = command_rulebase(rules)
        atom, saved = resolve(query)
        atom = check_atom(atom, rb.checked)
        items = read_items(input_path, rb.checked)
    skipped = folder_skips(input_path)     # a folder's subfolders and other files: said, not read
    if skipped:
        say(f"batch: {skipped}", err=True)
    # what a worker that does not share this process's memory builds: the same law, readings and all
    asked = BatchQuery.of_law(query, rb, rules)
    choice = None if jobs is not None else choose_jobs(len(items), verdicts_only, current().debug)
    if choice is not None:
        jobs = choice.jobs
    results = []
    fmt = to or fmt
    if all_combinations and not compare_readings:
        raise click.UsageError("--all-combinations goes with --compare-readings")
    if compare_readings:
        return _compare_batch(rb, atom, items, output, fmt, all_combinations, saved)
    from ..law.queries import variables
    names = [name for _, name in variables(atom)]

    def line(r):
        if fmt == "csv":
            from ..facts.csvinput import csv_rows
            return csv_rows(r, names)
        if fmt == "json":
            return json_text(r, ensure_ascii=False, sort_keys=False)
        return text_row(r, verdicts_only)

    def results_of(items, progress=None):
        settings = current()
        return answer_items(asked, items, verdicts_only, jobs, settings.debug, settings.time_limit,
                            progress, law=(rb, atom, saved))   # the engine: the settings' own

    def run_all(sink):
        if fmt == "text":
            sink(text_header(verdicts_only))
        elif fmt == "csv":
            from ..facts.csvinput import csv_header
            sink(csv_header(names, query_types(rb, atom)))
        if _stderr_is_terminal():
            with click.progressbar(length=len(items), label="cases", file=sys.stderr) as bar:
                for r in results_of(items, bar.update):   # every worker's cases, as they finish
                    results.append(r)
                    sink(line(r))
        else:
            for r in results_of(items):
                results.append(r)
                sink(line(r))

    if output:
        from ..core.atomic import atomic_path
        with atomic_path(output, wait=current().time_limit) as tmp:
            with open(tmp, "w", encoding="utf-8") as fh:
                run_all(lambda text: fh.write(text + "\n"))
    else:
        run_all(say if fmt == "text" else emit)   # the table escapes its fields (apps/batch.text_row)
    counts = summary(results)
    say(f"batch: {len(results)} case(s): {counts['true']} true, {counts['false']} false, "
               f"{counts['undetermined']} undetermined, "
               + (f"{counts['not_applicable']} not applicable, " if counts["not_applicable"] else "")
               + f"{counts['error']} error(s)"
               + (f"; results in {visible(output, field=True)}" if output else "")
               + (f"; {_choice_words(choice)}" if choice is not None and results else ""), err=True)
    if counts["error"]:
        sys.exit(2)


def _choice_words(choice) -> str:
    """The default --jobs choice, for the summary line."""
    cores = f"{choice.usable} usable core{'s' if choice.usable != 1 else ''}"
    if choice.jobs == 1:
        why = {"small": f"fewer than {choice.small:,} cases: too few for workers to pay",
               "busy": f"the {cores} are busy, load average {choice.load:.1f}",
               "one core": cores, "debug": "--debug"}[choice.reason]
        return f"answered in one process ({why})"
    why = cores if choice.reason == "cores" else f"of {cores}, load average {choice.load:.1f}"
    return f"answered by {choice.jobs} worker processes ({why})"


def _compare_batch(rb, atom, items, output, fmt, all_combinations, saved=None):
    from ..apps.compare import compare, flip_record
    from ..render.compare import compare_csv_header, compare_csv_row, compare_text_header, compare_text_row
    question_limit("comparing readings")
    stats: dict = {}
    flips = compare(rb, atom, items, all_combinations, current().debug, seconds=current().time_limit,
                    stats=stats, saved=saved)
    records = [flip_record(item, readings, mine, theirs, rb.source) for item, readings, mine, theirs in flips]
    if fmt == "csv":
        lines = [compare_csv_header()] + [compare_csv_row(r) for r in records]
    elif fmt == "text":
        lines = [compare_text_header()] + [compare_text_row(r) for r in records]
    else:
        lines = [json_text(r, ensure_ascii=False) for r in records]
    text = "".join(line + "\n" for line in lines)
    if output:
        from ..core.atomic import write_atomic
        write_atomic(output, text, wait=current().time_limit)
    else:
        (say if fmt == "text" else emit)(text, nl=False)
    cases = sorted({r["id"] for r in records})
    say(f"compare: {stats['cases']} case(s), {stats['readings_tried']} reading(s) or combination(s) "
        f"tried on {stats['cases_rerun']} case(s) they may change ({stats['runs']} run(s) of a case "
        f"under a reading); {len(cases)} case(s) turn on a "
        f"reading ({len(records)} change(s))" + (f"; results in {visible(output, field=True)}" if output else ""), err=True)
    for e in stats["errors"]:   # a case that cannot be answered is not compared: said, exit 2
        say(f"compare: {visible(e['id'], field=True)}: not answered: {visible(e['location'], field=True)}: "
            f"{visible(e['error'], field=True)}", err=True)
    if stats["errors"]:
        sys.exit(2)
