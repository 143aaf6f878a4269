"""One question: the law, the case, the checked atom and the settings, loaded once.

Every way of answering goes through a Question: `reasoner.ask`, the CLI's ask / explain / export /
whatif (cli/base.py `command_answer`), `reasoner test` and `reasoner debug` (cli/interp.py), the server
(server/adapter.py), the interview and batch. The steps are
written here once: resolve the query (a saved query's name or an atom), check it against the law,
load the case, then answer (answer/answering.py `answer_case`) and add the interpretation record.
Nothing outside reasoner/answer/ calls `answer_case` itself: what-if's changed cases, debug's
changed cases and laws, a related question, an interview's case after each reply and a batch's case
are each a Question too (`Question.about`), answered without the readings check
(tests/answer/test_one_door.py holds the package to it).

Asked many times (OpenFisca's Simulation: built once, asked many times):

    q = Question.of("facts/ch350_three_night_rides.yaml", "lawful")
    q.answer(); q.argument(); q.to_dict()
    q.whatif(max_results=5)            # the nearest changes of the facts (answer/whatif.py)
    q.debug("true")                    # what would make it TRUE (answer/debug.py)
    q.varied([change]).answer()        # the case with facts changed
    q.under(["companion_over_age.older_than"]).answer()   # another reading
    q.with_case(other_case); q.with_law(other_law)

What-if and debug are of this stage (answer/whatif.py, answer/debug.py): they take a Question and ask
its `with_case` / `with_law` / `varied` copies, never a law, case and atom of their own.
"""
from __future__ import annotations

from .answering import Question

__all__ = ("Question",)
