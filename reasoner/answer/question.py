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

What-if and debug are above this stage (apps/): apps/whatif.py `question_whatif(q)` (the server's
what-if) and apps/debug.py `question_debug(q, expected)` (`reasoner debug`) take a Question. There
is no `Question.whatif()` or `Question.debug()`: answer/ may not import apps/, not even inside a
function (the import-linter contracts in setup.cfg count such imports too).
"""
from __future__ import annotations

from .answering import Question

__all__ = ("Question",)
