"""`reasoner interview`: ask for the unknown facts that decide a question, one at a time."""
# Commands import what they run inside their bodies (lazily), so that one command loads none of
# the others' modules (a fresh `reasoner ask` stays small).
from __future__ import annotations

import sys

import click

from ..core.settings import current
from ..core.visible import visible
from .base import complete_query, saved_epilog, say, echo_json, format_option, question_limit, rules_option, command_rulebase, main


# -- interview --------------------------------------------------------------------------------------------
@main.command(epilog=saved_epilog())
@click.argument("case", type=click.Path())
@click.argument("query", shell_complete=complete_query)
@click.option("--save", type=click.Path(dir_okay=False), default=None,
              help="Write the completed case (YAML) to this file (atomically): the case file's text with the "
                   "answers written in, its comments and other lines kept (so it may be the case file itself).")
@click.option("--save-partial", is_flag=True,
              help="With --save: also save the answers given so far when the interview is interrupted "
                   "(Ctrl-C); without it an interrupted interview saves nothing.")
@rules_option
@format_option
def interview(case, query, save, save_partial, rules, fmt):
    """Ask for the unknown facts that decide QUERY about CASE, one question at a time.

    \b
    Questions go to stderr and answers are read from stdin, so it can be scripted:
      printf 'y\\n45\\n' | reasoner interview case.yaml lawful --save done.yaml
    Answer y / n / unknown, or type a value; `back` asks the last question again (its
    answer offered as the default), `review` lists the answers so far. Stops as soon as
    the answer is determined.
    """
    from ..apps.interview import Interview
    from ..law.queries import check_atom, resolve
    rb = command_rulebase(rules, case)
    atom, saved = resolve(query)
    atom = check_atom(atom, rb.checked)
    it = None
    try:
        it = Interview(rb, case, atom, saved, save_path=save, on_loaded=question_limit)
        asked = _interview_loop(it)
    except KeyboardInterrupt:
        say("", err=True)
        if save and save_partial and it is not None:
            _save(it, case, save)
            say(f"interrupted; saved the answers given so far to {visible(save, field=True)}", err=True)
        else:
            say("interrupted; nothing saved" + (" (--save-partial keeps the answers given so far)"
                                                        if save else ""), err=True)
        sys.exit(130)
    _interview_report(it, case, save, fmt, asked)


NOTHING_ANSWERED = 6    # exit code: questions were asked and none got a usable answer (docs/COMMANDS.md)


def _save(it, case, save):
    """Write the completed case to save atomically: the case file's text with the answers written
    in (its comments and other lines kept). When that text cannot be edited in place the case is
    written in full, said on stderr -- never onto the case file itself (its comments would go)."""
    from ..apps.case_edit import EditError
    from ..core.atomic import write_atomic
    try:
        text = it.yaml_text()
    except EditError as exc:
        import os
        from ..core.atomic import OutputError
        try:
            same = not isinstance(case, dict) and os.path.samefile(case, save)
        except OSError:
            same = False
        if same:
            raise OutputError(f"{exc.message}; saving onto the case file would drop its comments and layout",
                              location=str(save), hint="give another --save path; nothing was written") from None
        text = it.dumped_text()
        say(f"note: {exc.message}; {visible(save, field=True)} is the case written in full "
            "(the case file's comments and layout are not kept)", err=True)
    write_atomic(save, text, wait=current().time_limit)


def _interview_loop(it) -> int:
    """Ask until the answer is determined, nothing is left to ask or the input ends; returns the
    number of questions asked. `back` takes back the last answer and asks its question again (the
    answer given offered as the default); `review` lists the answers so far."""
    from ..core.deadline import paused
    from ..core.errors import CaseError
    from ..prose.questions import back_note, review_lines
    asked = 0
    ended = False
    again = None     # the answer taken back by `back`: Enter keeps it
    while not ended:
        q, reply = it.step()
        if q is None:
            break
        asked += 1
        while True:
            try:
                with paused():   # the user's think time is not the evaluation's
                    text = click.prompt(visible(f"Q{len(it.log) + 1}. {q.prompt}"), default=again or "",
                                        show_default=bool(again), err=True)
            except (click.Abort, EOFError) as exc:
                if isinstance(exc.__context__, KeyboardInterrupt):  # click.prompt turns Ctrl-C into Abort
                    raise KeyboardInterrupt from None
                say("", err=True)
                say("(input ended; stopping the interview)", err=True)
                ended = True
                break
            command = text.strip().lower()
            if command == "review":
                say(visible("\n".join(review_lines(it.review()))), err=True)
                continue
            if command == "back":
                again = it.back()
                if again is None:
                    say("   nothing to go back to; this is the first question", err=True)
                    continue
                say(visible(f"   {back_note(again)}"), err=True)
                asked -= 2    # this question and the one taken back are asked again
                break
            again = None
            try:
                before = it.answer.answer
                reply(q, text)
                if it.answer.answer != before:
                    say(f"   -> the answer is now {it.answer.answer.replace('_', ' ').upper()}", err=True)
                break
            except CaseError as exc:
                say(f"   {exc.message}" + (f" ({exc.hint})" if exc.hint else "") + "; try again", err=True)
    return asked


def _interview_report(it, case, save, fmt, asked):
    # saved only when a question got a usable answer: with none, nothing was completed
    saved = save if save and it.answered else None
    if saved:
        _save(it, case, save)
    from ..render.handout import answer_sentence
    answer = it.answer
    log = [{**q.as_dict(), "answer": text, "value": value} for q, text, value in it.log]
    if fmt == "json":
        from ..prose.answers import citations
        cited, cited_as = citations(answer)
        echo_json({"schema": 2, "command": "interview", "case": str(case), "query": answer.query,
                    "answer": answer.answer, "sentence": answer_sentence(answer), "asked": log,
                    "missing": list(answer.missing), "cited": cited, "cited_as": cited_as,
                    "presumed": answer.presumed, "argument": answer.argument.as_dict(), "saved": saved,
                    "answered": it.answered})
    else:
        # the summary is the argument (the facts still not stated and the presumptions are in it)
        say(answer.argument_text(), nl=False)
        if not asked:
            say("Nothing to ask: no unknown fact would decide the answer." + (" Nothing was saved." if save else ""))
        elif not it.answered:
            say(f"Asked {asked} question(s); none was answered (input ended, or every answer was unknown or "
                "refused)." + (" Nothing was saved." if save else ""))
        else:
            say(f"Asked {asked} question(s), {it.answered} answered.")
            if saved:
                say(f"Saved the completed case to {visible(save, field=True)}.")
    if asked and not it.answered:
        sys.exit(NOTHING_ANSWERED)
