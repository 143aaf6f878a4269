"""One question: the law, the case, the checked atom and the settings, loaded once.

Every way of answering goes through a Question: `reasoner.ask`, the CLI's ask / explain / export /
whatif (cli/base.py `_answer`), `reasoner test` and `reasoner debug` (cli/interp.py). The steps are
written here once: resolve the query (a saved query's name or an atom), check it against the law,
load the case, then answer (answer/answering.py `answer_case`) and add the interpretation record.
What-if and debug are above this stage (apps/): apps/whatif.py `question_whatif(q)` and
apps/debug.py `question_debug(q, expected)` take a Question (the layering keeps them out of here).
"""
from __future__ import annotations

from .answering import Question

__all__ = ["Question"]
