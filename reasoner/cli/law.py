"""`reasoner cite`, `provisions`, `vocab`, `check` and `examples`: the law, its coverage, the case
vocabulary, static checks, the example cases."""
# Commands import what they run inside their bodies (lazily), so that one command loads none of
# the others' modules (a fresh `reasoner ask` stays small).
from __future__ import annotations

import sys

import click

from ..core.settings import current
from .base import emit, say, started, json_text, echo_json, format_option, rules_option, command_rulebase, main


@main.command()
@click.argument("citation")
@format_option
@click.option("--only", is_flag=True, help="Print only the provision's own text, not its subdivisions.")
def cite(citation, fmt, only):
    """Print the verbatim text of a statute CITATION, e.g. "350.02(2)(b)4", with its subdivisions
    indented below it (subdivisions the excerpt skips are named); --only: the provision alone."""
    from ..law.index import default_index
    index = default_index()
    from ..law.ranges import section_run
    run = section_run(index, citation)
    if run is not None:   # a run of sections, as lawful(O) cites: the sections it covers
        lines = [f"{s} {t or '(heading not in the excerpt)'}" for s, t in run]
        text = (f"The sections of the excerpt from {run[0][0]} to {run[-1][0]}; "
                "`reasoner cite SECTION` gives each one's text:\n" + "\n".join(lines))
        if fmt == "json":
            emit(json_text({"citation": citation.strip(), "text": text, "parent": None, "title": None,
                            "sections": [s for s, _ in run]}, ensure_ascii=False, indent=2))
        else:
            say(f"{citation.strip()}\n{text}")
        return
    from ..law.index import MalformedCitation, UnknownCitation
    try:
        prov = index.get(citation)
    except UnknownCitation as exc:   # its own text is not in the excerpt: its subdivisions may be
        tree = index.subtree(citation) if not isinstance(exc, MalformedCitation) else None
        if tree is None or not tree["subdivisions"]:
            raise
        if only:
            raise UnknownCitation(f"the text of {tree['citation']} itself is not in the excerpt",
                                  hint=f"its subdivisions are: `reasoner cite \"{tree['citation']}\"` without --only")
        _cite_subdivisions(tree, fmt)
        return
    tree = None if only else index.subtree(prov.citation)
    if fmt == "json":
        data = {"citation": prov.citation, "text": prov.text, "parent": prov.parent, "title": prov.title}
        if tree is not None:
            data["subdivisions"] = tree["subdivisions"]
        emit(json_text(data, ensure_ascii=False, indent=2))
    elif tree is None or not tree["subdivisions"]:
        say(f"{prov.citation}\n{prov.text}")
    else:
        from ..render.cite import cite_lines
        say("\n".join(cite_lines(tree)))


def _cite_subdivisions(tree, fmt):
    """A citation the excerpt has no text of its own for, only subdivisions: those, saying so."""
    note = f"The text of {tree['citation']} itself is not in the excerpt; its subdivisions in the excerpt follow."
    if fmt == "json":
        emit(json_text({"citation": tree["citation"], "text": None, "note": note, "parent": None,
                     "title": None, "subdivisions": tree["subdivisions"]}, ensure_ascii=False, indent=2))
        return
    from ..render.cite import cite_lines
    lines = cite_lines(tree)
    say("\n".join([lines[0], note] + lines[1:]))


@main.command()
@format_option
@click.option("--chapter", type=click.Choice(["348", "350"]), default=None,
              help="Only the provisions of this chapter (348: vehicle weight; 350: snowmobiles).")
def provisions(fmt, chapter):
    """List every subsection of both excerpts with its rules, tests and status."""
    from ..law.coverage import coverage
    from ..law.index import default_index
    from ..engine.rulebase import default_rulebase
    rows = [r for r in coverage(default_rulebase(), default_index()) if not chapter or r["chapter"] == chapter]
    if fmt == "json":
        emit(json_text({"schema": 1, "provisions": rows}, indent=2, ensure_ascii=False))
        return
    for r in rows:
        rules = f"{len(r['rules'])} rule(s)" if r["rules"] else ""
        tests = f"{len(r['tests'])} test file(s)" if r["tests"] else ""
        extra = "; ".join(x for x in (rules, tests, r["note"]) if x)
        say(f"{r['citation']:<24} {r['status']:<14} {extra}")
    counts = {}
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    say("Total: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))


@main.command()
@format_option
@click.option("--all", "every", is_flag=True,
              help="Every relation of the law one can ask (each with its sentence and provisions), "
                   "not only the saved questions.")
def queries(fmt, every):
    """List the saved questions (queries/*.yaml): name, the question in words, the kind of entity it
    is about, and the sections of the statute its rules cite. Ask one with: reasoner ask CASE NAME.
    --all: every relation the law derives, as an atom to ask (reasoner ask CASE 'person_violation(P, C)')."""
    from ..apps.catalog import askable_rows, render_askable, render_text, saved_query_rows
    from ..engine.rulebase import default_rulebase
    if every:
        rows = askable_rows(default_rulebase().checked)
        if fmt == "json":
            echo_json({"schema": 1, "relations": rows})
        else:
            say(render_askable(rows), nl=False)
        return
    rows = saved_query_rows(default_rulebase().checked.program)
    if fmt == "json":
        echo_json({"schema": 1, "queries": rows})
    else:
        say(render_text(rows), nl=False)


@main.command()
@click.argument("kind", required=False)
@click.option("--template", "as_template", is_flag=True,
              help="Print a commented YAML skeleton of a case about an entity of KIND (nothing asserted "
                   "until you write it; related kinds such as prior convictions and permits shown).")
@click.option("--provision", "citation", default=None, metavar="CITATION",
              help='Only the attributes that the rules of CITATION (and its subdivisions) read, '
                   'e.g. --provision "350.09(7)".')
@format_option
@rules_option
def vocab(kind, as_template, citation, fmt, rules):
    """The case vocabulary: entity kinds and their attributes (type, unit, words or range, sentence,
    the provisions that read it). With KIND, one kind; --template KIND: a case skeleton;
    --provision CITATION: what that provision's rules read."""
    from ..facts.vocab import provision_filter, render_text, template, vocabulary
    rb = command_rulebase(rules)
    prog = rb.checked.program
    if as_template:
        say(template(prog, kind), nl=False)
        return
    wanted = provision_filter(rb.index, citation) if citation else None
    data = vocabulary(prog, kind, wanted)
    if fmt == "json":
        echo_json(data)
    else:
        say(render_text(data), nl=False)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@format_option
def check(paths, fmt):
    """Static checks of rule files (.dl) and case files (.yaml); exit 1 if any problem.

    With no PATHS, checks the bundled rulebase and the case files in facts/. A folder stands for the
    .dl and .yaml files below it.
    """
    import os
    from ..apps.check import check_paths
    from ..core.deadline import time_limit
    from ..core.errors import CaseError
    for p in paths:
        if not os.path.lexists(p):   # bad input (exit 2), not a problem found in a file (exit 1)
            raise CaseError("no such file or folder", location=str(p),
                            hint="give rule files (.dl), case files (.yaml) or folders of them")
    with time_limit(current().time_limit, "checking", started=started()):   # the group's --timeout holds here too
        problems, counted = check_paths(paths)
    warnings = counted.pop("warnings", [])    # said, but no problem: the exit code is that of the problems
    if fmt == "json":
        emit(json_text({"schema": 1, "checked": counted, "problems": problems, "warnings": warnings}, indent=2,
                              ensure_ascii=False))
    else:
        for p in problems + warnings:
            say(p["message"])
        from ..core.visible import visible
        for p in counted["not_checked"]:
            say(f"{visible(p['location'], field=True)}: not checked: {p['reason']}")
        from ..apps.check import summary_line
        say(summary_line(counted, len(problems), len(warnings)))
    if problems:
        sys.exit(1)


@main.command()
@format_option
@rules_option
def readings(fmt, rules):
    """The contested phrases of the law and their readings: the statute's words, the default reading
    and each alternative with its reason (choose one with `reasoner --reading PHRASE.READING ...`)."""
    from ..language.readings import listing
    rows = listing(command_rulebase(rules).source)
    if fmt == "json":
        echo_json({"schema": 1, "phrases": rows})
        return
    from ..prose.readings import listing_lines
    for line in listing_lines(rows):
        say(line)


@main.command()
@click.argument("folder", type=click.Path(file_okay=False))
@click.option("--force", is_flag=True, help="Replace files of the same name with other content.")
def examples(folder, force):
    """Copy the bundled example cases into FOLDER (made if missing): the case files the README's
    commands name (`reasoner examples facts` and then `reasoner ask facts/ch350_... lawful`)."""
    from pathlib import Path
    from ..apps.examples import copy_examples
    from ..core.visible import visible
    written, same = copy_examples(folder, force=force, wait=current().time_limit)
    say(f"copied {len(written)} example case(s) into {visible(folder, field=True)}"
        + (f" ({len(same)} there already)" if same else "")
        + f"; try: reasoner ask {visible(str(Path(folder) / 'ch350_night_direction_unlawful.yaml'), field=True)} lawful",
        err=True)
