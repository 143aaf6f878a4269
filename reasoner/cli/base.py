"""The command line. The only module that imports Click; domain errors become Click errors here.

Exit codes: 0 answered, 1 check failures or internal error, 2 bad usage or bad input;
`ask --exit-code`: 0 true, 3 false, 4 undetermined, 5 not applicable; `batch`: 2 when some case could not be answered.
"""
# Commands import what they run inside their bodies (lazily), so that one command loads none of
# the others' modules (a fresh `reasoner ask` stays small).
from __future__ import annotations

import sys
import time
from pathlib import Path

import click
from types import MappingProxyType

from ..core.errors import ReasonerError
from ..core.settings import DEFAULT_ENGINE, ENGINES, ENVIRONMENT, Settings, current, environment_value, use
from ..core.visible import escape_json, visible
from ..law.queries import saved_queries

EXIT_CODES = MappingProxyType({"true": 0, "false": 3, "undetermined": 4, "not_applicable": 5})
IMPORTED = time.monotonic()   # when this module was imported: a `reasoner` process's start, near enough


class Seconds(click.ParamType):
    """A time limit: finite, > 0, at most a day (nan, inf, 1e308, -1 and 0 are refused)."""
    name = "seconds"

    def convert(self, value, param, ctx):
        from ..core.deadline import valid_seconds
        try:
            return valid_seconds(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


class OutputFile(click.Path):
    """-o FILE: the name of a file to write. An empty name (it wrote to standard output) and a name
    ending in a path separator (`x.html/` names a folder; it wrote the file x.html) are refused;
    `-` is standard output where the command has it (stdout=True)."""

    def __init__(self, stdout: bool = True) -> None:
        super().__init__(dir_okay=False)
        self.stdout = stdout

    def convert(self, value, param, ctx):
        import os
        text = os.fspath(value) if not isinstance(value, str) else value
        dash = "; give - for standard output" if self.stdout else ""
        if not text.strip():
            self.fail(f"the file name is empty: give the name of the file to write{dash}", param, ctx)
        if text.endswith(("/", os.sep)) or (os.altsep and text.endswith(os.altsep)):
            self.fail(f"{visible(text, field=True)!s} ends in a path separator, so it names a folder, not a "
                      f"file: give a file name ({visible(text.rstrip('/' + os.sep), field=True)!s}, without "
                      "the separator, or a file inside the folder)", param, ctx)
        if text == "-" and not self.stdout:
            self.fail("this output is not written to standard output: give a file name", param, ctx)
        return super().convert(value, param, ctx)


class Rows(click.ParamType):
    name = "rows"

    def convert(self, value, param, ctx):
        from ..core.deadline import valid_rows
        try:
            return valid_rows(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


def say(text="", nl=True, err=False) -> None:
    """Text for a person (answers, tables, messages): every control character that came with the
    input shown as its escape, never sent to the terminal (core/visible.py). Every text output of
    the commands goes through here."""
    click.echo(visible(text), nl=nl, err=err)


def emit(text, nl=True) -> None:
    """A machine format (JSON, CSV, GraphML, DOT, SVG, a handout) on stdout: the exact data, to a
    pipe or a file (color=True: Click would strip what looks like a colour code from it); at a
    terminal, its control characters shown as `say` shows them."""
    if _stdout_is_terminal():
        click.echo(visible(text), nl=nl)
    else:
        click.echo(text, nl=nl, color=True)


def _stdout_is_terminal() -> bool:
    try:
        return sys.stdout is not None and sys.stdout.isatty()
    except (ValueError, OSError):   # closed
        return False


class DomainError(click.ClickException):
    """A domain error shown as one line: where, what, what next (plus the source excerpt, if any)."""
    exit_code = 2

    def __init__(self, message, excerpt=None, exit_code=None):
        super().__init__(message)
        self.excerpt = excerpt
        if exit_code is not None:
            self.exit_code = exit_code

    def show(self, file=None):
        say(f"error: {visible(self.message, field=True)}", err=True)   # one line, always
        if self.excerpt:
            say(self.excerpt, err=True)


def one_line(exc: ReasonerError) -> str:
    location = visible(exc.location, field=True) if exc.location else exc.location   # a file name: one field
    text = f"{location}: {exc.message}" if location else exc.message
    if exc.hint:
        text += f" (hint: {exc.hint})"
    return " ".join(text.split("\n"))


def fail(exc: ReasonerError):
    raise DomainError(one_line(exc), getattr(exc, "excerpt", None))


# the REASONER_* variables only a command's flag reads (the settings' own are in core/settings.ENVIRONMENT)
CLI_ONLY_VARIABLES = MappingProxyType({"REASONER_JOBS": "a whole number of worker processes, at least 1"})


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
        variable = getattr(param, "envvar", None) if param is not None else None
        if (ctx is not None and param is not None and isinstance(variable, str)
                and ctx.get_parameter_source(param.name) == click.core.ParameterSource.ENVIRONMENT):
            # the value came from a REASONER_* variable, not the command line: name the variable
            write = ENVIRONMENT.get(variable, (None, None, CLI_ONLY_VARIABLES.get(variable, "a value `reasoner --help` describes")))[2]
            what = " ".join(exc.message.split()).rstrip(".")
            return f"{variable} (read as {path} {name}): {what} (hint: write {variable}={write}, or unset it)"
    what = " ".join(what.split()).rstrip(".")
    if what[:2].istitle():   # Click's "Missing argument 'CASE'." reads as the tool's "missing argument 'CASE'"
        what = what[0].lower() + what[1:]
    if isinstance(exc, click.NoSuchOption) and ctx is not None and ctx.parent is not None:
        # a global option after the command ('reasoner ask CASE lawful --reading P.R'): say where it goes
        root_command = ctx.find_root().command
        if any(exc.option_name in p.opts for p in root_command.params):
            value = "" if any(exc.option_name in p.opts and isinstance(p, click.Option) and p.is_flag
                              for p in root_command.params) else " VALUE"
            return (f"{where}: no such option '{exc.option_name}' (hint: {exc.option_name} is a global option: put it before the command, "
                    f"'reasoner {exc.option_name}{value} {ctx.command_path[len(ctx.find_root().info_name or ''):].strip()} ...')")
    return f"{where}: {what} (hint: see '{path} --help')"


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so that the interpreter's last flush to a closed pipe is silent."""
    import os
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _debugging() -> bool:
    """--debug in force (False when the settings themselves could not be made: a bad REASONER_*
    variable is reported, not raised again while reporting it)."""
    try:
        return current().debug
    except ReasonerError:
        return False


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
            if _debugging():
                raise
            fail(exc)
        except (KeyboardInterrupt, click.Abort) as exc:   # Ctrl-C: one line, exit 130 (files are written
            if isinstance(exc, click.Abort) and not isinstance(exc.__context__, KeyboardInterrupt):
                raise                                     # atomically: nothing is left half-written)
            say("interrupted", err=True)
            raise click.exceptions.Exit(130) from None
        except (click.ClickException, click.exceptions.Exit):
            raise
        except BrokenPipeError:   # `reasoner ... | head`: the reader went away; stop quietly, like a pipe
            _quiet_stdout()
            raise click.exceptions.Exit(141) from None
        except OSError as exc:  # a file that cannot be read or written: one line with its path
            if _debugging():
                raise
            where = f"{exc.filename}: " if exc.filename else ""
            raise DomainError(f"{where}{exc.strerror or exc}") from None
        except Exception as exc:  # noqa: BLE001 - never a traceback unless --debug
            if _debugging():
                raise
            raise DomainError(f"internal error: {type(exc).__name__}: {exc} (rerun with --debug "
                              "for the traceback, and please report it)", exit_code=1) from None


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show tracebacks for errors.")
@click.option("--engine", type=click.Choice(list(ENGINES)), default=DEFAULT_ENGINE, envvar="REASONER_ENGINE",
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
                                "(default 150; 0: only the three-valued approximation). Past it the "
                                "answer says it is not exact.")
@click.option("--reading", "readings", multiple=True, metavar="PHRASE.READING",
              help="Use this alternative reading of a contested phrase instead of its default; repeatable "
                   "(`reasoner readings` lists them, docs/READINGS.md explains them).")
def main(debug, engine, timeout, max_rows, strict, exact_budget, readings):
    """A legal reasoner: Wisconsin Stat. ch. 350 and ch. 348 as Datalog rules, answers with proofs.

    \b
    Ask a question:        reasoner ask facts/case.yaml lawful
    Explain an answer:     reasoner why / why-not facts/case.yaml "lawful(op1)"
    What would change it:  reasoner whatif facts/case.yaml lawful
    Fill in missing facts: reasoner interview facts/case.yaml lawful --save done.yaml
    Many cases at once:    reasoner batch facts/ lawful -o results.jsonl
    The saved questions:   reasoner queries
    Figures and handouts:  reasoner export facts/case.yaml lawful --to html -o handout.html

    \b
    Exit codes: 0 answered · 1 check failures or internal error · 2 bad usage or bad input
    (batch: 2 when some case could not be answered).
    ask --exit-code: 0 true · 3 false · 4 undetermined · 5 not applicable (the case has
    no entity of the kind the question is about).
    Shell completion (bash, zsh, fish):
      eval "$(_REASONER_COMPLETE=bash_source reasoner)"   # in ~/.bashrc
      eval "$(_REASONER_COMPLETE=zsh_source reasoner)"    # in ~/.zshrc
      _REASONER_COMPLETE=fish_source reasoner > ~/.config/fish/completions/reasoner.fish
    """
    # the one settings object of this command (Click has read the REASONER_* variables into the
    # flags), in force until the command ends
    settings = Settings(engine=engine, time_limit=timeout, max_rows=max_rows, strict=bool(strict),
                        exact_budget=exact_budget, debug=debug,
                        readings=tuple(readings),
                        max_fact_rows=environment_value("REASONER_MAX_FACT_ROWS"),
                        start_method=environment_value("REASONER_START_METHOD"))
    ctx = click.get_current_context()
    if isinstance(ctx.obj, dict) and "started" in ctx.obj:   # the console script: the process's start
        ctx.meta["reasoner.started"] = ctx.obj["started"]
    ctx.obj = settings
    ctx.with_resource(use(settings))


TEXT_WIDTH = 100   # columns of every text answer, at most; a narrower terminal narrows it


def text_width() -> int:
    """The columns text output wraps to: the terminal's width when stdout is one (at least 60),
    at most TEXT_WIDTH; TEXT_WIDTH when the output goes to a file or a pipe."""
    try:
        if sys.stdout.isatty():
            import shutil
            return max(60, min(TEXT_WIDTH, shutil.get_terminal_size((TEXT_WIDTH, 24)).columns))
    except (AttributeError, ValueError, OSError):
        pass
    return TEXT_WIDTH


def started() -> float:
    """When the command began (time.monotonic()): the process's start for the `reasoner` command."""
    ctx = click.get_current_context(silent=True)
    started = ctx.meta.get("reasoner.started") if ctx is not None else None
    return started if started is not None else time.monotonic()


def question_limit(what="answering the question"):
    """Start the command's one time limit, once: it runs until the command ends (evaluation, proof,
    why-not, what-if, export; an interview pauses it while waiting for its user)."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and not ctx.meta.get("reasoner.limit"):   # none outside a command (tools/)
        from ..core.deadline import time_limit
        ctx.meta["reasoner.limit"] = True
        ctx.with_resource(time_limit(current().time_limit, what, started=started()))


def saved_epilog() -> str:
    """The saved query names, under each command that takes a QUERY ('reasoner queries' describes
    them): file names only, no YAML read, so --help stays fast."""
    return ("Saved queries: " + ", ".join(saved_queries()) + " (`reasoner queries` describes each). A saved "
            "query answers each entity of its kind in the case (a yes/no one is false if one entity's answer "
            "is false, else undetermined if one is open); an atom with a variable asks for the values that "
            "make it hold.")


def complete_query(ctx, param, incomplete):
    """Shell completion of QUERY: the saved query names, each with its question."""
    from click.shell_completion import CompletionItem
    from ..apps.catalog import complete_names
    return [CompletionItem(name, help=text) for name, text in complete_names(incomplete)]


def format_option(f):
    return click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                        show_default=True, help="Output format.")(f)


def rules_option(f):
    return click.option("--rules", "rules", multiple=True, type=click.Path(dir_okay=False),
                        help="A rule file (.dl) to use instead of the bundled law; repeatable.")(f)


def view_options(f):
    f = click.option("--depth", type=click.IntRange(min=0), default=None, metavar="N",
                     help="Show only N steps below the question (so the tree fits a slide).")(f)
    return click.option("--fold/--no-fold", "fold", default=None,
                        help="Fold helper predicates (generated helpers and atoms without a @predicate "
                             "declaration) into their parents.")(f)


def command_rulebase(rules, case=None):
    """The bundled law, or the --rules program (compiled once per command for the same files: kept
    in the command's click context, whose `meta` its subcommands share)."""
    if not rules:
        from ..engine.rulebase import default_rulebase
        return default_rulebase(current().readings)
    from ..engine.rulebase import program_rulebase
    fact_preds = ()
    if case is not None and Path(case).is_file():
        from ..apps.run import case_fact_preds
        fact_preds = tuple(sorted(case_fact_preds(case)))
    key = (tuple(str(Path(r).resolve()) for r in rules),
           tuple(Path(r).stat().st_mtime_ns if Path(r).is_file() else 0 for r in rules), fact_preds)
    key = key + (current().readings,)
    ctx = click.get_current_context(silent=True)
    kept = ctx.meta.setdefault("reasoner.rulebases", {}) if ctx is not None else {}
    if key not in kept:
        kept.clear()
        kept[key] = program_rulebase(list(rules), fact_preds, current().readings)
    return kept[key]


def command_answer(case, query, rules):
    """(Question, Answer): the question asked on one compiled rulebase, and its answer."""
    from ..answer.question import Question
    question_limit()   # reading and checking --rules and the case count too
    rb = command_rulebase(rules, None if case == "-" else case)
    q = Question.of(_stdin_case(rb) if case == "-" else case, query, rb, current())
    return q, q.answer()


def _stdin_case(rb):
    """CASE `-`: the case file's text read from standard input (Click's convention), with the
    checks and limits of a case file; its locations say <stdin>."""
    from ..core.errors import CaseError, InputLimitError
    from ..core.fileinput import not_utf8_bytes
    from ..facts.case import parse_case
    limit = 2 * 1024 * 1024
    data = click.get_binary_stream("stdin").read(limit + 1)
    if len(data) > limit:
        raise InputLimitError("the case on standard input is larger than 2 MB", location="<stdin>",
                              hint="split the cases into several files")
    if not data.strip():
        raise CaseError("no case on standard input", location="<stdin>",
                        hint="pipe a case file in (reasoner ask - lawful < case.yaml), or give its path")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        message, location = not_utf8_bytes(data, "<stdin>", "the case")
        raise CaseError(message, location=location, hint="save the case as UTF-8") from None
    return parse_case(text, "<stdin>", rb.checked, "stdin", strict=current().strict)


def json_text(data, **options):
    """JSON text; with ensure_ascii=False, DEL, C1, U+2028/U+2029 and the bidirectional controls
    still escaped (core/visible.escape_json: the same value, safe on a terminal and in JSONL)."""
    import json   # imported when JSON is written: a text answer does not need it
    return escape_json(json.dumps(data, **options))


def echo_json(data):
    emit(json_text(data, indent=2, ensure_ascii=False))


def run():
    """The `reasoner` command (console script): main(), then a quick exit. The collector's last pass
    at interpreter exit walked every object of the law and the proof (~20 ms of a ~170 ms `ask`);
    frozen, they are left alone. The interpreter's own teardown (freeing every module and object,
    ~12 ms of a fresh `ask`) is skipped too when it is safe (_quick_exit): atexit handlers and
    flushing still run."""
    import gc
    from ..core.gcpause import startup_collector
    startup_collector()   # (reasoner/__main__.py raised it before the imports already)
    gc.freeze()   # the modules imported so far live as long as the process: never walked again
    try:
        # the command's time limits count from the process's start (imports included), as a user
        # measures them; in-process callers (CliRunner, tools/) start each command's clock anew
        main(obj={"started": IMPORTED})
    except SystemExit as done:
        import gc
        gc.freeze()
        _quick_exit(done.code)   # returns only when the ordinary exit must run
        raise
    finally:
        import gc
        gc.freeze()


def _quick_exit(code) -> None:
    """End the process now with `code` (an int or None, as sys.exit takes it), after what the
    ordinary exit would do that anyone can see: the atexit handlers, then stdout and stderr
    flushed. Returns instead (the caller re-raises SystemExit, the ordinary exit) when a profiler
    or tracer is attached (it writes its report after the program), another non-daemon thread
    is running (the interpreter waits for it), python -i is to follow, the code is not a number,
    or flushing fails (a closed pipe: the ordinary exit reports it as it always did)."""
    import os
    if code is not None and (not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < 256):
        return
    if sys.getprofile() is not None or sys.gettrace() is not None or sys.flags.inspect:
        return
    threading = sys.modules.get("threading")
    if threading is not None and any(t.is_alive() and not t.daemon for t in threading.enumerate()
                                     if t is not threading.main_thread()):
        return
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return
    import atexit
    atexit._run_exitfuncs()   # what the ordinary exit runs first (multiprocessing's clean-up, logging's flush)
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        os._exit(120)   # the handlers ran already; what Python exits with when it cannot flush
    os._exit(code or 0)
