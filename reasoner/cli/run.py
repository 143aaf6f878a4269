"""`reasoner run`: any program in the rule language over a case, in a time-limited worker."""
# Commands import what they run inside their bodies (lazily), so that one command loads none of
# the others' modules (a fresh `reasoner ask` stays small).
from __future__ import annotations


import time

import click

from ..core.settings import current
from .base import Seconds, emit, format_option, main, say, started


@main.command("run")
@click.argument("program", type=click.Path())
@click.argument("case", type=click.Path())
@click.option("--query", default=None, help="An atom to answer, e.g. path(a, X).")
@format_option
@click.option("--timeout", type=Seconds(), default=None,
              help="Hard time limit in seconds [default: the group's --timeout or REASONER_TIMEOUT when "
                   "given, else 10].")
def run_command(program, case, query, fmt, timeout):
    """Evaluate any PROGRAM in the rule language over CASE (time-limited).

    CASE is a YAML case file, or a directory of fact files: NAME.csv, NAME.tsv or NAME.facts
    (Soufflé's tab-separated format), one relation per file."""
    import os
    from ..core.errors import CaseError, RuleError
    from ..core.visible import escape_json
    from ..core.fileinput import refuse_special
    from ..apps.run import evaluate_program
    from ..core.worker import run_limited
    if timeout is None:   # `reasoner --timeout N run` and REASONER_TIMEOUT were ignored
        group = click.get_current_context().find_root()
        source = group.get_parameter_source("timeout")
        timeout = group.params["timeout"] if source not in (None, click.core.ParameterSource.DEFAULT) else 10.0
    refuse_special(program, RuleError, "rule file")   # a named pipe would block the worker
    if not os.path.isdir(case):
        refuse_special(case, CaseError, "case file")
    # the limit counts from the command's start (imports and all), so that it holds as measured
    left = max(timeout - (time.monotonic() - started()), 0.05)
    result = run_limited(evaluate_program, ([program], case, query, current().engine, fmt == "text", fmt == "json"),
                         left, shown=timeout)
    if fmt == "json":
        emit(escape_json(result["json"]))   # json.dumps(model, indent=2, ensure_ascii=False), written by the worker
        return
    say(result["text"], nl=False)
