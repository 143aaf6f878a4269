"""The command line. The only module that imports Click; domain errors become Click errors here.

Exit codes: 0 answered, 1 check failures or internal error, 2 bad usage or bad input;
`ask --exit-code`: 0 true, 3 false, 4 undetermined; `batch`: 2 when some case could not be answered.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click

from .errors import ReasonerError

EXIT_CODES = {"true": 0, "false": 3, "undetermined": 4}
_DEBUG = {"on": False}
_ENGINE = {"name": "sets"}
_LIMIT = {"seconds": 60.0}


class Seconds(click.ParamType):
    """A time limit: finite, > 0, at most a day (nan, inf, 1e308, -1 and 0 are refused)."""
    name = "seconds"

    def convert(self, value, param, ctx):
        from .deadline import valid_seconds
        try:
            return valid_seconds(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


class Rows(click.ParamType):
    name = "rows"

    def convert(self, value, param, ctx):
        from .deadline import valid_rows
        try:
            return valid_rows(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


class DomainError(click.ClickException):
    """A domain error shown as one line: where, what, what next (plus the source excerpt, if any)."""
    exit_code = 2

    def __init__(self, message, excerpt=None):
        super().__init__(message)
        self.excerpt = excerpt

    def show(self, file=None):
        click.echo(f"error: {self.message}", err=True)
        if self.excerpt:
            click.echo(self.excerpt, err=True)


def one_line(exc: ReasonerError) -> str:
    text = f"{exc.location}: {exc.message}" if exc.location else exc.message
    if exc.hint:
        text += f" (hint: {exc.hint})"
    return " ".join(text.split("\n"))


def fail(exc: ReasonerError):
    raise DomainError(one_line(exc), getattr(exc, "excerpt", None))


def usage_line(exc: click.UsageError) -> str:
    """A Click usage error (bad option value, unknown option, missing argument) as the tool's one
    line: `WHERE: WHAT (hint: ...)`, WHERE the command and the option or argument, never Click's
    three-line Usage/Try/Error block."""
    ctx = exc.ctx
    path = "reasoner"
    if ctx is not None:
        root = ctx.find_root().info_name or ""
        path = "reasoner" + ctx.command_path[len(root):]
    where, what = path, exc.format_message()
    param = getattr(exc, "param", None)
    if isinstance(exc, click.BadParameter) and not isinstance(exc, click.MissingParameter):
        name = exc.param_hint or (param.opts[0] if param is not None and param.opts else None)
        if isinstance(name, (list, tuple)):
            name = " / ".join(name)
        if name:
            where, what = f"{path} {name}", f"{exc.message}"
    what = " ".join(what.split()).rstrip(".")
    if what[:2].istitle():   # Click's "Missing argument 'CASE'." reads as the tool's "missing argument 'CASE'"
        what = what[0].lower() + what[1:]
    return f"{where}: {what} (hint: see '{path} --help')"


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush to a closed pipe is silent."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


class Group(click.Group):
    def make_context(self, info_name, args, parent=None, **extra):
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.UsageError as exc:   # a bad global option: one line, exit 2
            raise DomainError(usage_line(exc)) from None

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:   # a command's bad option or argument: one line, exit 2
            raise DomainError(usage_line(exc)) from None
        except ReasonerError as exc:
            if _DEBUG["on"]:
                raise
            fail(exc)
        except (KeyboardInterrupt, click.Abort) as exc:   # Ctrl-C: one line, exit 130 (files are written
            if isinstance(exc, click.Abort) and not isinstance(exc.__context__, KeyboardInterrupt):
                raise                                     # atomically: nothing is left half-written)
            click.echo("interrupted", err=True)
            raise click.exceptions.Exit(130) from None
        except (click.ClickException, click.exceptions.Exit):
            raise
        except BrokenPipeError:   # `reasoner ... | head`: the reader went away; stop quietly, like a pipe
            _quiet_stdout()
            raise click.exceptions.Exit(141) from None
        except OSError as exc:  # a file that cannot be read or written: one line with its path
            if _DEBUG["on"]:
                raise
            where = f"{exc.filename}: " if exc.filename else ""
            raise DomainError(f"{where}{exc.strerror or exc}") from None
        except Exception as exc:  # noqa: BLE001 - never a traceback unless --debug
            if _DEBUG["on"]:
                raise
            err = click.ClickException(f"internal error: {type(exc).__name__}: {exc} (rerun with --debug "
                                       "for the traceback, and please report it)")
            err.exit_code = 1
            raise err from None


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show tracebacks for errors.")
@click.option("--engine", type=click.Choice(["sets", "pydatalog"]), default="sets", envvar="REASONER_ENGINE",
              show_default=True,
              help="Evaluation engine for answers and proofs: sets (bottom-up, fast) or pydatalog (the "
                   "reference engine). Both give identical answers and proofs.")
@click.option("--timeout", type=Seconds(), default=60.0, envvar="REASONER_TIMEOUT",
              show_default=True, metavar="SECONDS",
              help="Time limit for answering each question (per case in batch): evaluation, proof, "
                   "why-not, what-if and export, interview evaluation; exceeding it is an error (exit 2).")
@click.option("--max-rows", type=Rows(), default=None, envvar="REASONER_MAX_ROWS", metavar="N",
              help="Most rows one rule body or relation may hold while answering a question "
                   "[default: 2,000,000]; exceeding it is an error naming the rule (exit 2).")
@click.version_option(package_name="reasoner")
@click.option("--strict", is_flag=True, envvar="REASONER_STRICT",
              help="No presumptions: an unstated exception stays unknown (the pure three-valued answer). "
                   "Default: the exceptions the law leaves to the party who benefits are presumed not "
                   "raised, and every answer lists those it relied on (docs/PRESUMPTIONS.md).")
@click.option("--exact-budget", type=click.IntRange(min=0), default=None, envvar="REASONER_EXACT_BUDGET",
              metavar="N", help="Branch evaluations allowed for an exact answer over the unknown inputs "
                                "(default 200; 0: only the three-valued approximation). Past it the "
                                "answer says it is not exact.")
def main(debug, engine, timeout, max_rows, strict, exact_budget):
    """A legal reasoner: Wisconsin Stat. ch. 350 and ch. 348 as Datalog rules, answers with proofs.

    \b
    Ask a question:        reasoner ask facts/case.yaml lawful
    Explain an answer:     reasoner why / why-not facts/case.yaml "lawful(op1)"
    What would change it:  reasoner whatif facts/case.yaml lawful
    Fill in missing facts: reasoner interview facts/case.yaml lawful --save done.yaml
    Many cases at once:    reasoner batch cases/ lawful -o results.jsonl
    Figures and handouts:  reasoner export facts/case.yaml lawful --to html -o handout.html

    \b
    Exit codes: 0 answered · 1 check failures or internal error · 2 bad usage or bad input
    (batch: 2 when some case could not be answered).
    ask --exit-code: 0 true · 3 false · 4 undetermined.
    Shell completion (bash, zsh, fish):
      eval "$(_REASONER_COMPLETE=bash_source reasoner)"   # in ~/.bashrc
      eval "$(_REASONER_COMPLETE=zsh_source reasoner)"    # in ~/.zshrc
      _REASONER_COMPLETE=fish_source reasoner > ~/.config/fish/completions/reasoner.fish
    """
    _DEBUG["on"] = debug
    _ENGINE["name"] = engine
    _LIMIT["seconds"] = timeout
    from .deadline import set_max_rows
    set_max_rows(max_rows)
    from .presume import set_strict
    set_strict(True if strict else None)
    from .api import EXACT
    EXACT["budget"] = exact_budget
    EXACT["on"] = exact_budget != 0


def _question_limit(what="answering the question"):
    """Start the command's one time limit, once: it runs until the command ends (evaluation, proof,
    why-not, what-if, export; an interview pauses it while waiting for its user)."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and not ctx.meta.get("reasoner.limit"):   # none outside a command (tools/)
        from .deadline import time_limit
        ctx.meta["reasoner.limit"] = True
        ctx.with_resource(time_limit(_LIMIT["seconds"], what))


def _format_option(f):
    return click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                        show_default=True, help="Output format.")(f)


def _rules_option(f):
    return click.option("--rules", "rules", multiple=True, type=click.Path(dir_okay=False),
                        help="A rule file (.dl) to use instead of the bundled law; repeatable.")(f)


def _view_options(f):
    f = click.option("--depth", type=click.IntRange(min=0), default=None, metavar="N",
                     help="Show only N steps below the question (so the tree fits a slide).")(f)
    return click.option("--fold/--no-fold", "fold", default=None,
                        help="Fold helper predicates (generated helpers and atoms without a @predicate "
                             "declaration) into their parents.")(f)


_RULEBASES: dict = {}


def _rulebase(rules, case=None):
    """The bundled law, or the --rules program (compiled once per process for the same files)."""
    if not rules:
        from .rulebase import default_rulebase
        return default_rulebase()
    from .rulebase import program_rulebase
    fact_preds = ()
    if case is not None and Path(case).is_file():
        from .model import _fact_preds
        fact_preds = tuple(sorted(_fact_preds(case)))
    key = (tuple(str(Path(r).resolve()) for r in rules),
           tuple(Path(r).stat().st_mtime_ns if Path(r).is_file() else 0 for r in rules), fact_preds)
    if key not in _RULEBASES:
        _RULEBASES.clear()
        _RULEBASES[key] = program_rulebase(list(rules), fact_preds)
    return _RULEBASES[key]


def _answer(case, query, rules):
    """(rulebase, loaded case, atom, saved query, Answer) on one compiled rulebase."""
    from .api import answer_case
    from .facts.case import load_case
    from .queries import check_atom, resolve
    rb = _rulebase(rules, case)
    atom, saved = resolve(query)
    atom = check_atom(atom, rb.checked)
    loaded = load_case(case, rb.checked)
    _question_limit()
    answer = answer_case(rb, loaded, atom, saved, engine=_ENGINE["name"])
    return rb, loaded, atom, saved, answer


def _dumps(data, **options):
    import json   # imported when JSON is written: a text answer does not need it
    return json.dumps(data, **options)


def _echo_json(data):
    click.echo(_dumps(data, indent=2, ensure_ascii=False))


@main.command()
@click.argument("case", type=click.Path())
@click.argument("query")
@_format_option
@click.option("--exit-code", is_flag=True, help="Exit 0 if true, 3 if false, 4 if undetermined.")
@click.option("--depth", type=click.IntRange(min=0), default=None, help="Limit the depth of the printed proof tree.")
@click.option("--no-quote", is_flag=True, help="Do not quote statute text in the proof tree.")
@click.option("--all-missing", is_flag=True,
              help="List every unknown fact the answer depends on, not only the deciding ones.")
@_rules_option
def ask(case, query, fmt, exit_code, depth, no_quote, all_missing, rules):
    """Answer QUERY (an atom such as lawful(op1), or a saved query name) about CASE."""
    answer = _answer(case, query, rules)[-1]
    if all_missing:
        from .record import replace
        answer = replace(answer, missing=list(answer.missing_all))
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
@click.argument("program", type=click.Path())
@click.argument("case", type=click.Path())
@click.option("--query", default=None, help="An atom to answer, e.g. path(a, X).")
@_format_option
@click.option("--timeout", type=Seconds(), default=10.0, show_default=True, help="Hard time limit in seconds.")
def run(program, case, query, fmt, timeout):
    """Evaluate any PROGRAM in the rule language over CASE (time-limited).

    CASE is a YAML case file, or a directory of fact files: NAME.csv, NAME.tsv or NAME.facts
    (Soufflé's tab-separated format), one relation per file."""
    import os
    from .errors import CaseError, RuleError
    from .fileinput import refuse_special
    from .model import evaluate_program
    from .worker import run_limited
    refuse_special(program, RuleError, "rule file")   # a named pipe would block the worker
    if not os.path.isdir(case):
        refuse_special(case, CaseError, "case file")
    result = run_limited(evaluate_program, ([program], case, query, _ENGINE["name"], fmt == "text", fmt == "json"),
                         timeout)
    if fmt == "json":
        click.echo(result["json"])   # json.dumps(model, indent=2, ensure_ascii=False), written by the worker
        return
    click.echo(result["text"], nl=False)


@main.command()
@click.argument("citation")
@_format_option
def cite(citation, fmt):
    """Print the verbatim text of a statute CITATION, e.g. "350.02(2)(b)4"."""
    from .law.index import default_index
    index = default_index()
    from .law.ranges import section_run
    run = section_run(index, citation)
    if run is not None:   # a run of sections, as lawful(O) cites: the sections it covers
        lines = [f"{s} {t or '(heading not in the excerpt)'}" for s, t in run]
        text = (f"The sections of the excerpt from {run[0][0]} to {run[-1][0]}; "
                "`reasoner cite SECTION` gives each one's text:\n" + "\n".join(lines))
        if fmt == "json":
            click.echo(_dumps({"citation": citation.strip(), "text": text, "parent": None, "title": None,
                            "sections": [s for s, _ in run]}, ensure_ascii=False, indent=2))
        else:
            click.echo(f"{citation.strip()}\n{text}")
        return
    prov = index.get(citation)
    if fmt == "json":
        click.echo(_dumps({"citation": prov.citation, "text": prov.text, "parent": prov.parent,
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
        click.echo(_dumps({"schema": 1, "provisions": rows}, indent=2, ensure_ascii=False))
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
@click.argument("kind", required=False)
@click.option("--template", "as_template", is_flag=True,
              help="Print a commented YAML skeleton of a case about an entity of KIND.")
@_format_option
@_rules_option
def vocab(kind, as_template, fmt, rules):
    """The case vocabulary: entity kinds and their attributes (type, unit, words or range, sentence,
    the provisions that read it). With KIND, one kind; --template KIND: a case skeleton."""
    from .vocab import render_text, template, vocabulary
    prog = _rulebase(rules).checked.program
    if as_template:
        click.echo(template(prog, kind), nl=False)
    elif fmt == "json":
        _echo_json(vocabulary(prog, kind))
    else:
        click.echo(render_text(vocabulary(prog, kind)), nl=False)


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@_format_option
def check(paths, fmt):
    """Static checks of rule files (.dl) and case files (.yaml); exit 1 if any problem.

    With no PATHS, checks the bundled rulebase and the case files in facts/. A folder stands for the
    .dl and .yaml files below it.
    """
    from .checking import check_paths
    problems, counted = check_paths(paths)
    if fmt == "json":
        click.echo(_dumps({"schema": 1, "checked": counted, "problems": problems}, indent=2,
                              ensure_ascii=False))
    else:
        for p in problems:
            click.echo(p["message"])
        click.echo(f"{counted['rules']} rule file(s), {counted['cases']} case file(s): "
                   f"{len(problems)} problem(s)")
    if problems:
        sys.exit(1)


# -- why / why-not ---------------------------------------------------------------------------------------
def _explain(mode, case, atom, rules, fold, depth, fmt, no_quote):
    from .render.figure import view_graph
    from .render.text import render_text
    _, _, _, _, answer = _answer(case, atom, rules)
    want = "true" if mode == "why" else "false"
    if answer.answer != want:
        quoted = _shell_quote(atom)
        if answer.answer == "false":
            raise DomainError(f"{case}: {answer.query} is false, so it has no derivation "
                              f"(hint: to see which condition failed in every rule that could have concluded it, "
                              f"run: reasoner why-not {_shell_quote(case)} {quoted})")
        if answer.answer == "true":
            raise DomainError(f"{case}: {answer.query} is true, so no rule failed to conclude it "
                              f"(hint: to see its derivation, run: reasoner why {_shell_quote(case)} {quoted})")
        missing = "; ".join(answer.missing[:3]) + ("; ..." if len(answer.missing) > 3 else "")
        raise DomainError(f"{case}: {answer.query} is undetermined: the case does not state {missing} "
                          f"(hint: reasoner ask {_shell_quote(case)} {quoted} shows what may hold; "
                          f"reasoner interview {_shell_quote(case)} {quoted} asks for the missing facts)")
    fold = True if fold is None else fold
    if fmt == "json":
        from .render.jsonout import answer_dict
        shown = answer.with_graph(view_graph(answer.graph, fold, depth))
        _echo_json({**answer_dict(shown), "command": mode, "folded": fold, "depth": depth})
        return
    shown = answer.with_graph(view_graph(answer.graph, fold, None))
    click.echo(render_text(shown, max_depth=depth, quote=not no_quote, fold_helpers=fold), nl=False)


def _shell_quote(text) -> str:
    import shlex
    return shlex.quote(str(text))


@main.command()
@click.argument("case", type=click.Path())
@click.argument("atom")
@_view_options
@click.option("--no-quote", is_flag=True, help="Do not quote statute text.")
@_rules_option
@_format_option
def why(case, atom, fold, depth, no_quote, rules, fmt):
    """The derivation of ATOM, which must be true in CASE.

    Every step names its provision and quotes the statute; facts give their case file:line.
    For a false atom use why-not.
    """
    _explain("why", case, atom, rules, fold, depth, fmt, no_quote)


@main.command("why-not")
@click.argument("case", type=click.Path())
@click.argument("atom")
@_view_options
@click.option("--no-quote", is_flag=True, help="Do not quote statute text.")
@_rules_option
@_format_option
def why_not(case, atom, fold, depth, no_quote, rules, fmt):
    """Why ATOM is false in CASE: every rule that could have concluded it, with the condition
    that failed. For a true atom use why."""
    _explain("why-not", case, atom, rules, fold, depth, fmt, no_quote)


# -- what-if ----------------------------------------------------------------------------------------------
@main.command()
@click.argument("case", type=click.Path())
@click.argument("query")
@click.option("--pairs/--no-pairs", default=True, show_default=True,
              help="Try pairs of changes when no single change flips the answer.")
@click.option("--max-pairs", type=click.IntRange(min=1), default=400, show_default=True,
              help="Stop the pair search after this many evaluations.")
@click.option("--limit", type=click.IntRange(min=1), default=10, show_default=True,
              help="Show at most this many changes.")
@click.option("--proof/--no-proof", default=True, show_default=True,
              help="Show the proof each change would produce.")
@_view_options
@_rules_option
@_format_option
def whatif(case, query, pairs, max_pairs, limit, proof, fold, depth, rules, fmt):
    """The smallest changes to CASE's inputs that flip the answer to QUERY.

    \b
    Tried: flipping a stated true/false fact, stating an unknown one, and for numbers, amounts,
    times and dates the values just across each threshold the rules compare them with.
    Only inputs that appear in the proof of the current answer are changed. Single changes
    first; pairs only when no single change flips the answer.
    """
    from .render.figure import view_graph
    from .whatif import what_if
    rb, loaded, atom, saved, answer = _answer(case, query, rules)
    # what-if runs under the command's one time limit, started by _answer
    result = what_if(rb, loaded, atom, saved, base=answer, pairs=pairs, max_pairs=max_pairs,
                     max_results=limit, engine=_ENGINE["name"])
    fold = True if fold is None else fold
    if fmt == "json":
        from .render.jsonout import graph_data
        _echo_json({"schema": 2, "command": "whatif", "case": str(case), "query": answer.query,
                    "answer": answer.answer, "presumed": answer.presumed,
                    "summary": result.summary(), "searched": result.searched,
                    "tried": result.tried, "truncated": result.truncated,
                    "flips": [f.as_dict(graph_data(view_graph(f.answer.graph, fold, depth)) if proof else None)
                              for f in result.flips]})
        return
    from .render.text import render_text
    click.echo(f"Case: {case}")
    click.echo(f"Question: {answer.query}")
    click.echo(f"Answer now: {answer.answer.upper()}")
    if answer.presumed:   # the assumptions the answer rests on (burden of proof), as in `ask`
        click.echo("Presumed (not raised in the case; the party who benefits must raise it; --strict turns this off):")
        for p in answer.presumed:
            click.echo(f"  - {p['fact']} — s. {p['citation']}: {p['reason']}")
    click.echo(f"What if: {result.summary()} ({result.tried} change(s) tried).")
    for i, flip in enumerate(result.flips, 1):
        click.echo("")
        click.echo(f"{i}. {flip.sentence}")
        for ch in flip.changes:
            click.echo(f"   change: {ch.entity}.{ch.attribute}: {ch.show(ch.old)} -> {ch.show(ch.new)}")
        if flip.answer.cited:
            click.echo(f"   provisions applied then: {', '.join(sorted(flip.answer.cited))}")
        if flip.answer.presumed:
            click.echo(f"   presumed then: {'; '.join(p['fact'] + ' (s. ' + p['citation'] + ')' for p in flip.answer.presumed)}")
        if proof:
            shown = flip.answer.with_graph(view_graph(flip.answer.graph, fold, None))
            text = render_text(shown, max_depth=depth, quote=False, fold_helpers=fold)
            lines = text.splitlines()
            lines = lines[lines.index("Proof:"):] if "Proof:" in lines else lines
            for line in lines:
                click.echo(f"   {line}")


# -- interview --------------------------------------------------------------------------------------------
@main.command()
@click.argument("case", type=click.Path())
@click.argument("query")
@click.option("--save", type=click.Path(dir_okay=False), default=None,
              help="Write the completed case (YAML) to this file (atomically).")
@click.option("--save-partial", is_flag=True,
              help="With --save: also save the answers given so far when the interview is interrupted "
                   "(Ctrl-C); without it an interrupted interview saves nothing.")
@_rules_option
@_format_option
def interview(case, query, save, save_partial, rules, fmt):
    """Ask for the unknown facts that decide QUERY about CASE, one question at a time.

    \b
    Questions go to stderr and answers are read from stdin, so it can be scripted:
      printf 'y\\n45\\n' | reasoner interview case.yaml lawful --save done.yaml
    Answer y / n / unknown, or type a value. Stops as soon as the answer is determined.
    """
    from .interview import Interview
    from .queries import check_atom, resolve
    rb = _rulebase(rules, case)
    atom, saved = resolve(query)
    atom = check_atom(atom, rb.checked)
    it = None
    try:
        it = Interview(rb, case, atom, saved, save_path=save, engine=_ENGINE["name"], on_loaded=_question_limit)
        _interview_loop(it)
    except KeyboardInterrupt:
        click.echo("", err=True)
        if save and save_partial and it is not None:
            from .atomic import write_atomic
            write_atomic(save, it.yaml_text())
            click.echo(f"interrupted; saved the answers given so far to {save}", err=True)
        else:
            click.echo("interrupted; nothing saved" + (" (--save-partial keeps the answers given so far)"
                                                        if save else ""), err=True)
        sys.exit(130)
    _interview_report(it, case, save, fmt)


def _interview_loop(it):
    from .deadline import paused
    from .errors import CaseError
    asked = 0
    ended = False
    while not ended:
        # the elements first; then, in one question, whether a presumed exception was raised
        q = it.next_question() if it.answer.answer == "undetermined" else None
        reply = it.reply
        if q is None:
            q, reply = it.presumption_question(), it.reply_presumed
        if q is None:
            break
        asked += 1
        while True:
            try:
                with paused():   # the user's think time is not the evaluation's
                    text = click.prompt(f"Q{asked}. {q.prompt}", default="", show_default=False, err=True)
            except (click.Abort, EOFError) as exc:
                if isinstance(exc.__context__, KeyboardInterrupt):  # click.prompt turns Ctrl-C into Abort
                    raise KeyboardInterrupt from None
                click.echo("", err=True)
                click.echo("(input ended; stopping the interview)", err=True)
                ended = True
                break
            try:
                before = it.answer.answer
                reply(q, text)
                if it.answer.answer != before:
                    click.echo(f"   -> the answer is now {it.answer.answer.upper()}", err=True)
                break
            except CaseError as exc:
                click.echo(f"   {exc.message}" + (f" ({exc.hint})" if exc.hint else "") + "; try again", err=True)


def _interview_report(it, case, save, fmt):
    if save:
        from .atomic import write_atomic
        write_atomic(save, it.yaml_text())
    from .render.handout import answer_sentence
    answer = it.answer
    log = [{**q.as_dict(), "answer": text, "value": value} for q, text, value in it.log]
    if fmt == "json":
        from .prose.answers import citations
        cited, cited_as = citations(answer)
        _echo_json({"schema": 2, "command": "interview", "case": str(case), "query": answer.query,
                    "answer": answer.answer, "sentence": answer_sentence(answer), "asked": log,
                    "missing": list(answer.missing), "cited": cited, "cited_as": cited_as,
                    "presumed": answer.presumed, "saved": save})
        return
    click.echo(f"Question: {answer.query}")
    click.echo(f"Answer: {answer.answer.upper()}")
    click.echo(answer_sentence(answer))
    click.echo(f"Asked {len(log)} question(s).")
    if answer.missing:
        click.echo("Still not stated:")
        for m in answer.missing:
            click.echo(f"  - {m}")
    if answer.presumed:
        click.echo("Presumed (not raised in the case):")
        for p in answer.presumed:
            click.echo(f"  - {p['fact']} — s. {p['citation']}: {p['reason']}")
    if save:
        click.echo(f"Saved the completed case to {save}.")


# -- batch ------------------------------------------------------------------------------------------------
def _stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


@main.command()
@click.argument("input_path", metavar="INPUT", type=click.Path())
@click.argument("query")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the results here (atomically) instead of stdout.")
@_rules_option
@click.option("--format", "fmt", type=click.Choice(["json", "text"]), default="json", show_default=True,
              help="json: one JSON object per line (JSONL); text: a tab-separated table.")
@click.option("--verdicts-only", is_flag=True,
              help="Answers and bindings only, no proofs (so no cited provisions or missing facts): "
                   "cases evaluated a thousand at a time, many times faster.")
@click.option("--to", "to", type=click.Choice(["json", "text", "csv"]), default=None,
              help="Output format (overrides --format); csv: one row per binding with id, answer, "
                   "binding_answer, each query variable, cited, missing, presumed, error, location.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, envvar="REASONER_JOBS", metavar="N",
              help="Worker processes answering the cases (default: this machine's cores; 1: this "
                   "process alone; --debug answers in one process). Results come in input order, "
                   "the same as with --jobs 1.")
def batch(input_path, query, output, rules, fmt, verdicts_only, to, jobs):
    """Answer QUERY for every case in INPUT: a folder of case files, a .jsonl file (one case
    mapping with an "id" per line) or a .csv file (columns id, entity, type, attributes...).

    \b
    Writes one result per case: id, answer, cited provisions, missing facts (or error);
    with --verdicts-only: id, answer and bindings.
    A bad case is reported with its id and the run goes on; a summary goes to stderr.
    Exit code 0 when every case was answered, 2 when some could not be.
    """
    from .batch import Question, answer_items, read_items, summary
    from .queries import check_atom, resolve
    rb = _rulebase(rules)
    atom, saved = resolve(query)
    atom = check_atom(atom, rb.checked)
    asked = Question.of(query, rules)     # what a worker that does not share this process's memory loads
    items = read_items(input_path, rb.checked)
    results = []
    fmt = to or fmt
    from .queries import variables
    names = [name for _, name in variables(atom)]

    def line(r):
        if fmt == "csv":
            from .csvinput import csv_rows
            return csv_rows(r, names)
        if fmt == "json":
            return _dumps(r, ensure_ascii=False, sort_keys=False)
        if "error" in r:
            return f"{r['id']}\terror\t{r.get('location', '')}: {r['error']}"
        presumed = "; ".join(f"{p['fact']} (s. {p['citation']})" for p in r.get("presumed", []))
        if verdicts_only:
            shown = "; ".join(", ".join(f"{k}={v}" for k, v in b.items() if k != "answer") + f": {b['answer']}"
                              for b in r["bindings"])
            return f"{r['id']}\t{r['answer']}\t{shown}\t{presumed}"
        return (f"{r['id']}\t{r['answer']}\t{', '.join(r['cited'])}\t{r.get('cited_as', '')}\t"
                f"{'; '.join(r['missing'])}\t{presumed}")

    def results_of(items, progress=None):
        return answer_items(asked, items, verdicts_only, jobs, _DEBUG["on"], _ENGINE["name"], _LIMIT["seconds"],
                            progress, law=(rb, atom, saved))

    def run_all(sink):
        if fmt == "text":
            sink("id\tanswer\tbindings\tpresumed" if verdicts_only else "id\tanswer\tcited\tcited_as\tmissing\tpresumed")
        elif fmt == "csv":
            from .csvinput import csv_header
            sink(csv_header(names))
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
        from .atomic import atomic_path
        with atomic_path(output) as tmp:
            with open(tmp, "w", encoding="utf-8") as fh:
                run_all(lambda text: fh.write(text + "\n"))
    else:
        run_all(click.echo)
    counts = summary(results)
    click.echo(f"batch: {len(results)} case(s): {counts['true']} true, {counts['false']} false, "
               f"{counts['undetermined']} undetermined, {counts['error']} error(s)"
               + (f"; results in {output}" if output else ""), err=True)
    if counts["error"]:
        sys.exit(2)


# -- export -----------------------------------------------------------------------------------------------
EXPORT_FORMATS = ("text", "json", "graphml", "dot", "svg", "png", "md", "html")
SUFFIXES = {".txt": "text", ".json": "json", ".graphml": "graphml", ".dot": "dot", ".gv": "dot",
            ".svg": "svg", ".png": "png", ".md": "md", ".html": "html", ".htm": "html"}


@main.command()
@click.argument("case", type=click.Path())
@click.argument("query")
@click.option("--to", "to", type=click.Choice(EXPORT_FORMATS), default=None,
              help="Output format (default: from the -o file's suffix).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Output file (written atomically); stdout if left out (not for png).")
@_view_options
@click.option("--whatif/--no-whatif", "with_whatif", default=True, show_default=True,
              help="md/html handouts: include the what-if contrast.")
@click.option("--no-quote", is_flag=True, help="text: do not quote statute text.")
@click.option("--view", "view", type=click.Choice(("trainee", "full")), default="trainee", show_default=True,
              help="md/html handouts: trainee (sentences, each provision quoted once, no rule numbers or "
                   "variables) or full (every rule, binding and literal).")
@_rules_option
def export(case, query, to, output, fold, depth, with_whatif, no_quote, view, rules):
    """Render the proof of QUERY about CASE as text, json, graphml, dot, svg, png, md or html.

    \b
    json / graphml: the whole proof graph (reads back into an equal graph); not folded by default.
    dot: Graphviz source (needs pydot); svg / png: a drawn tree (needs matplotlib);
    md / html: a training handout (facts, question, answer, numbered steps citing and quoting
    the statute, readings, the figure and the what-if contrast). md writes FILE.svg beside it.
    pydot and matplotlib come with: pip install -e .[export]
    """
    if to is None:
        if not output or Path(output).suffix.lower() not in SUFFIXES:
            raise click.UsageError("give --to FORMAT (" + ", ".join(EXPORT_FORMATS) + "), or an -o file whose "
                                   "suffix names it (.txt .json .graphml .dot .svg .png .md .html)")
        to = SUFFIXES[Path(output).suffix.lower()]
    if to == "png" and not output:
        raise click.UsageError("png output is binary: give -o FILE.png")
    if fold is None:
        fold = to not in ("json", "graphml")
    rb, loaded, atom, saved, answer = _answer(case, query, rules)
    files = export_files(to, answer, output, fold=fold, depth=depth, with_whatif=with_whatif,
                         quote=not no_quote, rb=rb, loaded=loaded, atom=atom, saved=saved, view=view)
    if not output:
        click.echo(files[0][1], nl=False)
        return
    from .atomic import write_atomic
    for path, data in files:
        write_atomic(path, data)
    click.echo("wrote " + ", ".join(str(p) for p, _ in files), err=True)


def export_files(to, answer, output=None, fold=True, depth=None, with_whatif=True, quote=True, rb=None,
                 loaded=None, atom=None, saved=None, view="trainee") -> list:
    """[(path or None, str/bytes)] for one export; everything is rendered before anything is written."""
    from .render.figure import render_figure, view_graph
    view_name = view
    view = view_graph(answer.graph, fold, depth)
    if to == "text":
        from .render.text import render_text
        shown = answer.with_graph(view_graph(answer.graph, fold, None))
        return [(output, render_text(shown, max_depth=depth, quote=quote, fold_helpers=fold))]
    if to == "json":
        from .render.jsonout import answer_dict, dumps
        shown = answer if not fold and depth is None else answer.with_graph(view)
        return [(output, dumps(answer_dict(shown)))]
    if to == "graphml":
        from .render.graphml import render_graphml
        return [(output, render_graphml(answer.graph if not fold and depth is None else view))]
    if to == "dot":
        from .render.dot import render_dot
        return [(output, render_dot(view))]
    if to in ("svg", "png"):
        return [(output, render_figure(view, to))]
    from .render.handout import build_handout
    result = None
    if with_whatif and rb is not None:
        from .whatif import what_if
        result = what_if(rb, loaded, atom, saved, base=answer, engine=_ENGINE["name"])
    handout = build_handout(answer, result, fold=fold, depth=depth, view=view_name,
                            program=rb.checked.program if rb is not None else None)
    svg = render_figure(view, "svg")
    if to == "html":
        from .render.html import render_html
        return [(output, render_html(handout, svg))]
    from .render.markdown import render_markdown
    if output:
        from .render.markdown import figure_path
        figure = figure_path(output)
        return [(output, render_markdown(handout, figure=figure.name)), (str(figure), svg)]
    return [(output, render_markdown(handout, svg=svg))]


def run():
    """The `reasoner` command (console script): main(), then a quick exit. The collector's last pass
    at interpreter exit walked every object of the law and the proof (~20 ms of a ~170 ms `ask`);
    frozen, they are left to the exit's ordinary clean-up. Atexit handlers and flushing still run."""
    try:
        main()
    finally:
        import gc
        gc.freeze()


if __name__ == "__main__":  # pragma: no cover
    run()
