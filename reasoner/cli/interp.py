"""`reasoner test` (a rule author's expected outcomes, docs/TESTS.md) and `reasoner debug` (what on
the law's side would give an expected answer): the interpretation commands."""
# Commands import what they run inside their bodies (lazily), so that one command loads none of
# the others' modules (a fresh `reasoner ask` stays small).
from __future__ import annotations

import sys
from pathlib import Path

import click

from ..core.settings import current
from ..core.visible import visible
from .base import complete_query, echo_json, saved_epilog, say, format_option, question_limit, rules_option, command_rulebase, main


@main.command("test")
@click.argument("paths", nargs=-1, type=click.Path())
@rules_option
@format_option
@click.option("--explain/--no-explain", default=True, show_default=True,
              help="Show the answer and its argument under each failure.")
def law_test(paths, rules, fmt, explain):
    """Run a rule author's expected outcomes: YAML test files (or folders of them) against the bundled
    law or --rules. Without PATHS, the bundled law's own tests. The time limit (--timeout) holds for
    each test's question. Ends with `N passed, M failed`; exit 0
    when every test passed, 1 when some failed, 2 for a test file that cannot be read."""
    from ..apps.lawtest import bundled_tests_dir, check_tests, load_tests, outcome_record, run_test, summary_line
    tests = load_tests(paths or [bundled_tests_dir()])
    base = command_rulebase(rules)
    check_tests(tests, base.checked)
    from ..core.deadline import time_limit

    def answer_fn(rb, case, question, where):   # the --timeout holds for each test's question, not the whole run
        from ..answer.question import Question
        with time_limit(current().time_limit, "answering a test's question"):
            return Question.of(case, question, rb, current(), None if isinstance(case, Path) else where) \
                .answer()   # as `ask` answers (with its readings compared): --no-explain only shows less

    outcomes = [run_test(t, base, answer_fn) for t in tests]
    if fmt == "json":
        echo_json({"schema": 1, "tests": [outcome_record(o) for o in outcomes], "summary": summary_line(outcomes)})
    else:
        for o in outcomes:
            if o.passed:
                continue
            say(f"FAILED {visible(o.test.where, field=True)}: {o.test.name}")   # a file name is one line
            say(f"  question: {o.test.question}" + (f" (readings: {', '.join(o.test.readings)})"
                                                             if o.test.readings else "")
                       + ("" if o.test.presumptions else " (no presumptions)"))
            if o.error:
                say(f"  error: {o.error}")
            for f in o.failures:
                say(f"  {f}")
            if explain and o.answer is not None:   # the argument, as `ask` prints it
                for line in o.answer.argument_text(width=94, quote=False).splitlines():
                    say(f"    | {line}")
        say(summary_line(outcomes))
    if any(not o.passed for o in outcomes):
        sys.exit(1)


@main.command("debug", epilog=saved_epilog())
@click.argument("case", type=click.Path())
@click.argument("query", shell_complete=complete_query)
@click.option("--expect", "expected", required=True, type=click.Choice(["true", "false", "undetermined"]),
              help="The answer you expected.")
@click.option("--facts/--no-facts", "with_facts", default=True, show_default=True,
              help="Also look for facts the case would need (what-if), after the law's side.")
@click.option("--max-pairs", type=click.IntRange(min=1), default=400, show_default=True,
              help="When no single change works: judge at most this many pairs of changes to the facts.")
@rules_option
@format_option
def debug_cmd(case, query, expected, with_facts, max_pairs, rules, fmt):
    """When QUERY about CASE is not the answer you EXPECT: the smallest changes to the law's side that
    would give it (a presumption not applied, another reading, a rule condition dropped) and the facts
    the case would need, each verified by answering again, fewest changes first."""
    from ..answer.question import Question
    from ..law.queries import check_atom, resolve
    rb = command_rulebase(rules, case)
    check_atom(resolve(query)[0], rb.checked)   # a bad query is reported before the time limit starts
    question_limit("debugging the answer")
    result = Question.of(case, query, rb, current()).debug(expected, with_facts=with_facts, max_pairs=max_pairs)
    if fmt == "json":
        echo_json({"schema": 1, "command": "debug", "case": str(case), "query": result.answer.query,
                    "answer": result.answer.answer, "expected": expected, "tried": result.tried,
                    "suggestions": [s.as_dict() for s in result.suggestions],
                    "pairs": {"tried": result.pairs, "max_pairs": result.max_pairs, "stopped": result.stopped or None},
                    "depends_on": result.depends_on})
        return
    from ..prose.debugging import report_lines
    for line in report_lines(result):
        say(line)
