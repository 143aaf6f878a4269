"""One question: the law, the case, the checked atom and the settings, loaded once.

Every way of answering goes through a Question: `reasoner.ask`, the CLI's ask / explain / export /
whatif (cli/base.py `_answer`), `reasoner test` and `reasoner debug` (cli/interp.py). The steps are
written here once: resolve the query (a saved query's name or an atom), check it against the law,
load the case, then answer (answer/answering.py `answer_case`) and add the interpretation record.
What-if and debug are above this stage (apps/): apps/whatif.py `question_whatif(q)` and
apps/debug.py `question_debug(q, expected)` take a Question (the layering keeps them out of here).
"""
from __future__ import annotations

from typing import Any

from ..core.record import record
from ..core.settings import Settings, current, use
from ..engine.rulebase import default_rulebase
from ..facts.case import Case, load_case
from ..law.queries import check_atom, resolve
from .answering import Answer, answer_case, with_interpretation


@record
class Question:
    law: Any            # the checked and compiled law (engine/rulebase.py Rulebase)
    case: Case          # the loaded case (facts/case.py)
    atom: Any           # the checked query atom (language/ast.py Atom)
    saved: Any = None   # the saved query (law/queries.py SavedQuery), when the query named one
    settings: Any = None  # core/settings.py Settings; None: the current ones when answering
    source: Any = None    # what the case was read from (a path or a dict), for what reads it again

    @classmethod
    def of(cls, case: Any, query: str, law: Any = None, settings: Settings | None = None,
           case_name: str | None = None) -> "Question":
        """The question QUERY about CASE (a path, a dict with the case-file structure, or a loaded
        Case) on LAW (default: the bundled law under the settings' readings)."""
        settings = settings or current()
        rb = law if law is not None else default_rulebase(settings.readings)
        atom, saved = resolve(query)
        atom = check_atom(atom, rb.checked)
        loaded = case if isinstance(case, Case) else load_case(case, rb.checked, case_name)
        return cls(rb, loaded, atom, saved, settings, case)

    def _settings(self) -> Settings:
        return self.settings or current()

    def answer(self, interpretation: bool = True, proof: bool = True, rows: bool = True) -> Answer:
        """The answer with its proof; interpretation: with whether another reading would change it."""
        settings = self._settings()
        with use(settings):
            ans = answer_case(self.law, self.case, self.atom, self.saved, engine=settings.engine,
                              proof=proof, rows=rows)
            if interpretation:
                ans = with_interpretation(self.law, self.case, self.atom, self.saved, ans, settings.engine)
            return ans

    def argument(self) -> Any:
        """The argument every trainee-facing output renders (explain/argument.py)."""
        return self.answer().argument

    def to_dict(self) -> dict:
        """The answer as `reasoner ask --format json` prints it (render/jsonout.py)."""
        from ..render.jsonout import answer_dict
        return answer_dict(self.answer())
