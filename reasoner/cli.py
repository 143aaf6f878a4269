"""The command line. The only module that imports Click; domain errors become Click errors here.

Exit codes: 0 answered, 1 check failures or internal error, 2 bad usage or bad input;
`ask --exit-code`: 0 true, 3 false, 4 undetermined.
"""
from __future__ import annotations

import json
import sys

import click

from .errors import ReasonerError

EXIT_CODES = {"true": 0, "false": 3, "undetermined": 4}
_DEBUG = {"on": False}


class DomainError(click.ClickException):
    exit_code = 2

    def show(self, file=None):
        click.echo(f"error: {self.message}", err=True)


def fail(exc: ReasonerError):
    raise DomainError(str(exc))


class Group(click.Group):
    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ReasonerError as exc:
            if _DEBUG["on"]:
                raise
            fail(exc)
        except (click.ClickException, click.exceptions.Exit, click.Abort, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - never a traceback unless --debug
            if _DEBUG["on"]:
                raise
            err = click.ClickException(f"internal error: {type(exc).__name__}: {exc} (rerun with --debug "
                                       "for the traceback, and please report it)")
            err.exit_code = 1
            raise err from None


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show tracebacks for errors.")
@click.version_option(package_name="reasoner")
def main(debug):
    """A legal reasoner: Wisconsin Stat. ch. 350 and ch. 348 as Datalog rules, answers with proofs.

    \b
    Exit codes: 0 answered · 1 check failures or internal error · 2 bad usage or bad input.
    ask --exit-code: 0 true · 3 false · 4 undetermined.
    Shell completion: eval "$(_REASONER_COMPLETE=bash_source reasoner)" (zsh_source, fish_source).
    """
    _DEBUG["on"] = debug


def _format_option(f):
    return click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                        show_default=True, help="Output format.")(f)


@main.command()
@click.argument("case", type=click.Path(dir_okay=False))
@click.argument("query")
@_format_option
@click.option("--exit-code", is_flag=True, help="Exit 0 if true, 3 if false, 4 if undetermined.")
@click.option("--depth", type=int, default=None, help="Limit the depth of the printed proof tree.")
@click.option("--no-quote", is_flag=True, help="Do not quote statute text in the proof tree.")
def ask(case, query, fmt, exit_code, depth, no_quote):
    """Answer QUERY (an atom such as lawful(op1), or a saved query name) about CASE."""
    from .api import ask as do_ask
    answer = do_ask(case, query)
    if fmt == "json":
        from .render.jsonout import answer_dict, dumps
        click.echo(dumps(answer_dict(answer)), nl=False)
    else:
        click.echo(answer.text(max_depth=depth, quote=not no_quote), nl=False)
        if answer.saved is not None and answer.saved.count:
            click.echo(f"Count: {sum(1 for b in answer.bindings if b['answer'] == 'true')} certain, "
                       f"{sum(1 for b in answer.bindings if b['answer'] != 'true')} undetermined")
    if exit_code:
        sys.exit(EXIT_CODES[answer.answer])


@main.command()
@click.argument("program", type=click.Path(dir_okay=False))
@click.argument("case", type=click.Path(dir_okay=False))
@click.option("--query", default=None, help="An atom to answer, e.g. path(a, X).")
@_format_option
@click.option("--timeout", type=float, default=10.0, show_default=True, help="Hard time limit in seconds.")
def run(program, case, query, fmt, timeout):
    """Evaluate any PROGRAM in the rule language over CASE (time-limited)."""
    from .model import evaluate_program
    from .worker import run_limited
    result = run_limited(evaluate_program, ([program], case, query), timeout)
    if fmt == "json":
        click.echo(json.dumps(result, indent=2, ensure_ascii=False))
        return
    for pred, rows in result["model"].items():
        for row in rows:
            click.echo(f"{pred}({', '.join(map(str, row))}).")
    for pred, rows in result.get("undetermined", {}).items():
        for row in rows:
            click.echo(f"{pred}({', '.join('unknown' if v is None else str(v) for v in row)}).  % undetermined")
    if query:
        click.echo(f"% {result['query']}: {result['answer']}")
        for a in result["answers"]:
            shown = ", ".join(f"{k}={v}" for k, v in a.items() if k != "answer")
            click.echo(f"%   {shown or '(yes)'}: {a['answer']}")


@main.command()
@click.argument("citation")
@_format_option
def cite(citation, fmt):
    """Print the verbatim text of a statute CITATION, e.g. "350.02(2)(b)4"."""
    from .law.index import default_index
    index = default_index()
    prov = index.get(citation)
    if fmt == "json":
        click.echo(json.dumps({"citation": prov.citation, "text": prov.text, "parent": prov.parent,
                               "title": prov.title}, ensure_ascii=False, indent=2))
    else:
        click.echo(f"{prov.citation}\n{prov.text}")


@main.command()
@_format_option
@click.option("--chapter", type=click.Choice(["348", "350"]), default=None)
def provisions(fmt, chapter):
    """List every subsection of both excerpts with its rules, tests and status."""
    from .coverage import coverage
    from .law.index import default_index
    from .rulebase import default_rulebase
    rows = [r for r in coverage(default_rulebase(), default_index()) if not chapter or r["chapter"] == chapter]
    if fmt == "json":
        click.echo(json.dumps({"schema": 1, "provisions": rows}, indent=2, ensure_ascii=False))
        return
    for r in rows:
        rules = f"{len(r['rules'])} rule(s)" if r["rules"] else ""
        tests = f"{len(r['tests'])} test file(s)" if r["tests"] else ""
        extra = "; ".join(x for x in (rules, tests, r["note"]) if x)
        click.echo(f"{r['citation']:<24} {r['status']:<14} {extra}")
    counts = {}
    for r in rows:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    click.echo("Total: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@_format_option
def check(paths, fmt):
    """Static checks of rule files (.dl) and case files (.yaml); exit 1 if any problem.

    With no PATHS, checks the bundled rulebase and the case files in facts/.
    """
    from .checking import check_paths
    problems, counted = check_paths(paths)
    if fmt == "json":
        click.echo(json.dumps({"schema": 1, "checked": counted, "problems": problems}, indent=2,
                              ensure_ascii=False))
    else:
        for p in problems:
            click.echo(p["message"])
        click.echo(f"{counted['rules']} rule file(s), {counted['cases']} case file(s): "
                   f"{len(problems)} problem(s)")
    if problems:
        sys.exit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
