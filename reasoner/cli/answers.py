"""`reasoner ask`, `why`, `why-not` and `whatif`: a question about one case, answered and explained."""
# Commands import what they run inside their bodies (lazily), so that one command loads none of
# the others' modules (a fresh `reasoner ask` stays small).
from __future__ import annotations

import sys

import click

from .base import EXIT_CODES, DomainError, text_width, command_answer, complete_query, emit, saved_epilog, say, echo_json, format_option, rules_option, view_options, main
from ..prose.answers import count_line


@main.command(epilog=saved_epilog())
@click.argument("case", type=click.Path())
@click.argument("query", shell_complete=complete_query)
@format_option
@click.option("--exit-code", is_flag=True,
              help="Exit 0 if true, 3 if false, 4 if undetermined, 5 if not applicable (a saved yes/no "
                   "question about each entity: 3 if one entity's answer is false).")
@click.option("--depth", type=click.IntRange(min=0), default=None, help="Limit the depth of the printed proof tree.")
@click.option("--no-quote", is_flag=True, help="Do not quote statute text in the proof tree.")
@click.option("--all-missing", is_flag=True,
              help="List every unknown fact the answer depends on, not only the deciding ones.")
@click.option("--view", "view", type=click.Choice(("trainee", "full")), default="trainee", show_default=True,
              help="trainee: the argument (each deciding provision, its elements and exceptions with the "
                   "facts that meet or fail them); full: the derivation tree, rule by rule.")
@rules_option
def ask(case, query, fmt, exit_code, depth, no_quote, all_missing, view, rules):
    """Answer QUERY (an atom such as lawful(op1), or a saved query name) about CASE (a case file, or
    - to read the case from standard input)."""
    question, answer = command_answer(case, query, rules)
    from ..answer.caseraises import with_raises
    answer = with_raises(question, answer)   # what the case also raises, said under the answer
    if all_missing:
        from ..core.record import replace
        answer = replace(answer, missing=list(answer.missing_all))
    # a saved question asking for every party (queries/*.yaml parties:): the lines the handout says
    # of the parties no row names and of the others the law names (the operators, s. 348.20(2))
    from ..apps.related import parties_answer
    parties = parties_answer(question, answer) if getattr(answer.saved, "parties", None) else ""
    if fmt == "json":
        from ..render.jsonout import answer_dict, dumps
        emit(dumps({**answer_dict(answer), **({"parties": parties} if parties else {})}), nl=False)
    else:
        if view == "full" or depth is not None:
            say(answer.text(width=text_width(), max_depth=depth, quote=not no_quote), nl=False)
            if parties:
                import textwrap
                say(textwrap.fill(parties, text_width()))
        else:
            from ..apps.related import noted_table
            # a party's row that finds nothing: what the same provisions decide of it, as the handout's
            # table says it (the young rider's par. (c) conviction, trainer review 14, 10)
            argument = noted_table(question, answer)
            if parties and argument is not None:
                from ..core.record import replace
                argument = replace(argument, short=f"{argument.short} {parties}")
            if argument is not answer.argument and argument is not None:
                from ..render.argtext import render_argument
                say(render_argument(argument, width=text_width(), quote=not no_quote,
                                    case=answer.proof.graph.get("case")), nl=False)
            else:
                say(answer.argument_text(width=text_width(), quote=not no_quote), nl=False)
        if answer.saved is not None and answer.saved.count:
            say(count_line(answer.bindings))
    if exit_code:
        sys.exit(EXIT_CODES[answer.answer])




# -- why / why-not ---------------------------------------------------------------------------------------
WHY_LINES = 150   # a why / why-not tree's text stops adding steps here unless --view full


def _explain(mode, case, atom, rules, fold, depth, fmt, no_quote, view="short"):
    from ..render.figure import view_graph
    from ..render.text import render_text
    _, answer = command_answer(case, atom, rules)
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
        if answer.answer == "not_applicable":
            raise DomainError(f"{case}: {answer.query} is not applicable: {answer.not_applicable}, so there is "
                              f"nothing to explain (hint: ask a question about what the case contains; "
                              f"reasoner queries lists them with their subjects)")
        missing = "; ".join(answer.missing[:3]) + ("; ..." if len(answer.missing) > 3 else "")
        raise DomainError(f"{case}: {answer.query} is undetermined: the case does not state {missing} "
                          f"(hint: reasoner ask {_shell_quote(case)} {quoted} shows what may hold; "
                          f"reasoner interview {_shell_quote(case)} {quoted} asks for the missing facts)")
    fold = True if fold is None else fold
    if fmt == "json":
        from ..render.jsonout import answer_dict
        shown = answer.with_graph(view_graph(answer.graph, fold, depth))
        echo_json({**answer_dict(shown), "command": mode, "folded": fold, "depth": depth})
        return
    shown = answer.with_graph(view_graph(answer.graph, fold, None))
    bounded = view != "full"
    hint = ("--view full shows the whole tree; --depth N only N steps below the question"
            if bounded else "")
    say(render_text(shown, width=text_width(), max_depth=depth, quote=not no_quote, fold_helpers=fold,
                           max_lines=WHY_LINES if bounded else None, more_hint=hint), nl=False)


def _view_option(f):
    return click.option("--view", "view", type=click.Choice(("short", "full")), default="short",
                        show_default=True,
                        help=f"short: the tree's first {WHY_LINES} lines, then how many steps are left "
                             "out; full: the whole tree.")(f)


def _shell_quote(text) -> str:
    import shlex
    return shlex.quote(str(text))


@main.command()
@click.argument("case", type=click.Path())
@click.argument("atom")
@view_options
@click.option("--no-quote", is_flag=True, help="Do not quote statute text.")
@_view_option
@rules_option
@format_option
def why(case, atom, fold, depth, no_quote, view, rules, fmt):
    """The derivation of ATOM, which must be true in CASE.

    Every step names its provision and quotes the statute; facts give their case file:line.
    For a false atom use why-not.
    """
    _explain("why", case, atom, rules, fold, depth, fmt, no_quote, view)


@main.command("why-not")
@click.argument("case", type=click.Path())
@click.argument("atom")
@view_options
@click.option("--no-quote", is_flag=True, help="Do not quote statute text.")
@_view_option
@rules_option
@format_option
def why_not(case, atom, fold, depth, no_quote, view, rules, fmt):
    """Why ATOM is false in CASE: every rule that could have concluded it, with the condition
    that failed. For a true atom use why."""
    _explain("why-not", case, atom, rules, fold, depth, fmt, no_quote, view)


# -- what-if ----------------------------------------------------------------------------------------------
@main.command(epilog=saved_epilog())
@click.argument("case", type=click.Path())
@click.argument("query", shell_complete=complete_query)
@click.option("--pairs/--no-pairs", default=True, show_default=True,
              help="Try pairs of changes when no single change flips the answer.")
@click.option("--max-pairs", type=click.IntRange(min=1), default=400, show_default=True,
              help="Stop the pair search after this many evaluations.")
@click.option("--limit", type=click.IntRange(min=1), default=10, show_default=True,
              help="Show at most this many changes.")
@click.option("--proofs/--no-proofs", "--proof/--no-proof", "proof", default=False, show_default=True,
              help="Show, for each change, the inputs it sets, the provisions that would then apply and "
                   "the proof it would produce (JSON: each change's proof graph).")
@view_options
@rules_option
@format_option
def whatif(case, query, pairs, max_pairs, limit, proof, fold, depth, rules, fmt):
    """The nearest changes to CASE's inputs that change the answer to QUERY: those that flip it,
    settle an undetermined one, move a value found, or leave it no longer established (it would
    then depend on facts the case does not state).

    \b
    Tried: flipping a stated true/false fact, stating an unknown one, and for numbers, amounts,
    times and dates the values just across each threshold the rules compare them with.
    Only inputs that appear in the proof of the current answer are changed. Single changes
    first; pairs only when no single change decides the answer another way. Nearest first:
    fewest changes, then the smallest change of value. The text fits a screen (60 lines);
    --proofs shows each change's proof.
    """
    from ..render.figure import view_graph
    q, answer = command_answer(case, query, rules)
    # what-if runs under the command's one time limit, started by command_answer
    result = q.whatif(base=answer, pairs=pairs, max_pairs=max_pairs, max_results=limit)
    fold = True if fold is None else fold
    if fmt == "json":
        from ..render.jsonout import graph_data
        echo_json({"schema": 2, "command": "whatif", "case": str(case), "query": answer.query,
                    "answer": answer.answer, "presumed": answer.presumed,
                    "summary": result.summary(), "searched": result.searched,
                    "tried": result.tried, "truncated": result.truncated,
                    "found": [{"changes": size, "outcome": kind, "count": n}
                              for (size, kind), n in sorted(result.counts.items())]
                    # a question about each entity: changes of one entity's own answer, the answer staying
                    + [{"changes": size, "outcome": "each", "entity_answer": new, "entities": 1 if one else "several",
                        "count": n} for (size, new, one), n in sorted(result.each.items(), key=repr)],
                    "outcomes": [o.as_dict(graph_data(view_graph(o.answer.graph, fold, depth)) if proof else None)
                                 for o in result.outcomes]})
        return
    from ..render.text import render_text
    from ..render.whatif import render_whatif_text

    def proof_lines(changed):
        shown = changed.with_graph(view_graph(changed.graph, fold, None))
        lines = render_text(shown, max_depth=depth, quote=False, fold_helpers=fold).splitlines()
        return lines[lines.index("Proof:"):] if "Proof:" in lines else lines
    say(render_whatif_text(str(case), answer, result, proofs=proof_lines if proof else None), nl=False)
