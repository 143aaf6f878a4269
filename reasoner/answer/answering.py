"""The Python entry point: ask a question about a case, get a three-valued answer and its proof."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, cast

import os
from pathlib import Path

from ..core.errors import CaseError, QueryError, shown
from ..core.record import field, record, replace

from ..facts.case import Case as LoadedCase, load_case, parse_case
from ..explain.builder import ProofBuilder, missing_inputs
from ..explain.graph import ProofGraph
from ..law.index import row_order
from ..law.queries import check_atom, pattern, resolve, variables
from ..engine.rulebase import default_rulebase
from ..core.deadline import time_limit
from ..core.settings import Settings, SettingsError, current, use
from ..core.values import UNKNOWN
from ..engine.setsession import SetSession
from ..engine.choice import DEFAULT_ENGINE, ENGINES, OFFENDER_KEYS, open_session, with_offenders  # noqa: F401  (the names answer/ offered)
from ..facts.querycheck import check_query_constants
from ..core.gcpause import paused
from ..engine.exact.openvalues import settle, status
from .each import answer_each
from .interpretation import interpretation, phrase_keys, phrase_rows_of
from .raised import raised_exceptions
from .result import Answer, Binding, CaseSource, Verdict, verdict  # noqa: F401  (Binding, CaseSource, Verdict, verdict: the names answer/ offered)
from .engaged import add_excepted, engaged, law_reads, of_engaged
from .exemptions import stated_exemptions
from .applicability import NOT_APPLICABLE, not_applicable_graph, not_applicable_reason

if TYPE_CHECKING:
    from ..engine.rulebase import Rulebase
    from ..language.ast import Atom
    from ..law.queries import SavedQuery
    from .result import ShownArgument
    from .whatif import Change, WhatIf
    from .debug import Debugging
    from ..engine.setsession import Given


def load_law(readings: Iterable[str] | None = None) -> Rulebase:
    """The bundled law, checked (read from the law cache when unchanged); one per process and
    selection of readings (`phrase.reading` names, docs/READINGS.md; default: the current
    settings' readings, core/settings.py)."""
    return default_rulebase(current().readings if readings is None else readings)


load_rulebase = load_law   # the name docs/HELPER_API.md and the tests know



# why an open answer is the three-valued approximation when the exact part is turned off
SPLIT_OFF = "the exact split is off (exact budget 0): this is the three-valued approximation"


def _kind(value: object) -> str:
    return f"{type(value).__name__} {shown(value)}"


def check_case_argument(case: object, what: str = "case") -> None:
    """A case is a path (str or os.PathLike) or a dict with the case-file structure; CaseError otherwise."""
    if isinstance(case, (bytes, bytearray)) or not isinstance(case, (str, os.PathLike, dict)):
        raise CaseError(f"{what} must be a case file's path (a str or os.PathLike) or a dict with the "
                        f"case-file structure, not {_kind(case)}")
    if isinstance(case, str) and not case.strip():
        raise CaseError(f"{what} is an empty path: give a case file's path")


def check_query_argument(query: object) -> None:
    """A query is a non-empty str (a saved query's name or an atom); QueryError otherwise."""
    if not isinstance(query, str):
        raise QueryError(f"query must be a str (a saved query's name such as 'lawful', or an atom such "
                         f"as 'lawful(op1)'), not {_kind(query)}")
    if not query.strip():
        raise QueryError("query is empty: give a saved query's name such as 'lawful' (`reasoner "
                         "queries`), or an atom such as 'lawful(op1)'")


class CarriesCase(Protocol):
    """Anything that carries a case read already (reasoner.Case, answer/api.py): ask does not read
    it again. A protocol rather than an import of api.py, which imports this module."""
    loaded: LoadedCase


def ask(case: "CaseSource | CarriesCase", query: str,
        rulebase: Rulebase | None = None, case_name: str | None = None, engine: str | None = None,
        settings: Settings | None = None, readings: Iterable[str] | None = None,
        compare_readings: bool = True) -> Answer:
    """Answer QUERY (an atom or a saved query's name) about CASE (a case file's path), as `reasoner
    ask` does: with `settings` (default: the current ones, core/settings.py; `engine` and `readings`
    override theirs), the question under their time limit. readings: alternative readings
    (`phrase.reading`, docs/READINGS.md), on the given or the bundled law; compare_readings: say
    whether another reading would change the answer (Answer.interpretation). A case that is not
    a path or a dict, or a query that is not a non-empty str, is a ReasonerError (CaseError,
    QueryError); so is a `settings` that is not a Settings."""
    source = getattr(case, "loaded", None)
    if isinstance(source, LoadedCase):   # reasoner.Case: read already, not read again
        given: Any = source
    else:
        check_case_argument(case)
        given = case
    check_query_argument(query)
    if settings is not None and not isinstance(settings, Settings):
        raise SettingsError(f"settings must be a reasoner.Settings, not {_kind(settings)}")
    settings = settings or current()
    if engine is not None:
        settings = settings.replace(engine=engine)
    if readings is not None:
        settings = settings.replace(readings=readings)
    with use(settings):
        if rulebase is None:
            rb = default_rulebase(settings.readings)
        else:
            rb = rulebase if readings is None else rulebase.with_readings(settings.readings)
        question = Question.of(given, query, rb, settings, case_name)
        with time_limit(settings.time_limit):
            return question.answer(interpretation=compare_readings)


def with_interpretation(rb: Rulebase, loaded: LoadedCase, atom: Atom, saved: SavedQuery | None, answer: Answer,
                        engine: str | None = None, mine: dict | None = None, given: Given | None = None) -> Answer:
    """The answer with its interpretation record: the readings used, and each other reading of a
    phrase the question depends on that would change it (answer/interpretation.py). mine: the
    phrases' rows under the law's own readings, read from the answer's own evaluation (answer_goal's
    `read`), or None: evaluated here. given: the answer's own evaluation of the case (answer_goal's
    `lend`): an answer under another reading evaluates only the rules that reading changes."""
    answer.interpretation = interpretation(
        rb, loaded, atom, answer,
        lambda other: answer_case(other, loaded, atom, saved, engine=engine, proof=False, given=given), mine=mine,
        proved_under=lambda other: answer_case(other, loaded, atom, saved, engine=engine, proof=True, given=given),
        given=given)
    # an exception presumed not raised that would lower an amount: said beside it (answer/raised.py)
    raised = raised_exceptions(rb.program, loaded, atom, answer,
                               lambda case, proof: answer_case(rb, case, atom, saved, engine=engine, proof=proof))
    if raised:
        answer.interpretation["raised"] = raised
    return answer


def precheck(rb: Rulebase, loaded: LoadedCase, atom: Atom, saved: SavedQuery | None) -> str:
    """Before evaluating: a constant of the query the case does not have is an error (QueryError),
    never a FALSE; and the reason the question does not apply (the case has no entity of its
    subject kind), or "". ask and batch (apps/batch.py, both paths) decide with this."""
    check_query_constants(atom, rb.checked, loaded)
    return not_applicable_reason(rb.checked, loaded, atom, saved)


def left_open(bindings: Iterable[Binding]) -> bool:
    """Some binding is not certainly true: what the exact split settles (or, with the split off,
    what is never claimed exact). ask and batch decide with this."""
    return any(b["answer"] != "true" for b in bindings)


def unnamed_rows(rb: Rulebase, loaded: LoadedCase, atom: Atom, bindings: list[Binding],
                 three: Iterable[tuple[object, ...]], max_depth: int = 40, session: Any = None,
                 engine: str | None = None) -> list[Binding]:
    """The bindings of an answer the exact split decided (never one it left to the three-valued
    pass, nor a constant's open pattern settled: engine/exact/openvalues.py settle), with each
    undetermined row that the split completed with a party of the case said as the party the case
    does not name (openrows.unnamed_parties: 'an unnamed person', never 'possibly p1'). three: the
    goal's rows the three-valued evaluation leaves true or open; only an undetermined row it rules
    out can be such a party's, so an answer with none opens no session. session: a session with
    offenders open on the case already (the proof's), else one is opened here on `engine`.
    A step of every answer, with its proof or without: ask and batch's proofs (answer_goal) and
    `batch --verdicts-only` (apps/batch.py, which answers without a Question on the batch engine)
    take it here, so that their rows agree (the loud vintage sled's 'possibly p1 violated s. 350.09
    (7)' was said without the proof only)."""
    if not variables(atom):
        return bindings
    seen = {tuple(r) for r in three}
    from .openrows import row_args, unnamed_parties   # lazy: only an answer with undetermined rows
    if not any(b["answer"] == "undetermined" and row_args(atom, b) not in seen for b in bindings):
        return bindings
    if session is not None:
        return unnamed_parties(ProofBuilder(session, rb.codes, loaded, rb.index, max_depth=max_depth),
                               atom, bindings)
    most = current().rows
    with open_session(rb, loaded.rows, atom.key, engine or current().engine, offenders=True,
                      max_rows=most) as opened:
        return unnamed_parties(ProofBuilder(opened, rb.codes, loaded, rb.index, max_depth=max_depth),
                               atom, bindings)


def not_applicable_answer(rb: Rulebase, loaded: LoadedCase, atom: Atom, saved: SavedQuery | None,
                          reason: str) -> Answer:
    """The answer "not_applicable": nothing evaluated; the proof is the question and the absent kind."""
    graph = not_applicable_graph(rb.checked, loaded, atom, saved, reason)
    decl = rb.checked.program.preds.get(atom.key)
    types = {name: decl.params[i].type for i, name in variables(atom)} if decl else {}
    return Answer(str(atom), NOT_APPLICABLE, [], [], graph, loaded, saved, [], types, not_applicable=reason,
                  _index=rb.index)


def answer_case(rb: Rulebase, loaded: LoadedCase, atom: Atom, saved: SavedQuery | None = None, max_depth: int = 40,
                engine: str | None = None, proof: bool = True, rows: bool = True, read: dict | None = None,
                lend: dict | None = None, given: Given | None = None) -> Answer:
    """The answer to `atom` about the loaded case, with its proof (answer_goal); a saved question
    about each entity of a kind answers every entity of that kind (answer/each.py). read, lend,
    given: as answer_goal's (the first goal's session)."""
    one = answer_goal(rb, loaded, atom, saved, max_depth, engine, proof, rows, read=read, lend=lend, given=given)
    return answer_each(one, lambda single: answer_goal(rb, loaded, single, saved, max_depth, engine, proof, rows),
                       rb.checked, loaded, atom, saved)


def answer_goal(rb: Rulebase, loaded: LoadedCase, atom: Atom, saved: SavedQuery | None = None, max_depth: int = 40,
                engine: str | None = None, proof: bool = True, rows: bool = True, read: dict | None = None,
                lend: dict | None = None, given: Given | None = None) -> Answer:
    """The answer to `atom` about the loaded case, with its proof. read: {key: None} of predicates
    whose (certain, possible) rows to read from this answer's own evaluation, filled in place (the
    readings check compares them: answer/interpretation.py); left as it is when the answer
    evaluates nothing (not applicable) or on the reference engine. rows=False: without what each
    undetermined row turns on (Answer.undetermined; batch, which reports rows, not sentences).
    proof=False: the same answer,
    bindings and exactness, with the proof built only where it orders the exact split (an
    undetermined answer: its missing inputs are the split's order); otherwise the graph is empty.
    For comparing outcomes (the readings check), where the proof is never shown. lend: a dict that
    gets this answer's evaluation of the case as "given" (setsession.Given; set engine only);
    given: such an evaluation under other readings of the same law, whose rows of the rules these
    readings do not change this answer's evaluation takes (SetEngine.lent)."""
    settings = current()
    engine = engine or settings.engine
    most = settings.rows   # the row budget of every session
    reason = precheck(rb, loaded, atom, saved)   # a mistyped id is an error, never a FALSE
    if reason:   # no entity of the question's subject kind: not applicable, not FALSE
        return not_applicable_answer(rb, loaded, atom, saved, reason)
    args = pattern(atom)
    names = variables(atom)
    with paused(), open_session(rb, loaded.rows, atom.key, engine, offenders=proof, max_rows=most,
                                given=given) as session:
        certain, possible, proof_args = status(session, atom.pred, args)
        # the rows the three-valued evaluation leaves true or open: a row the split leaves open and it
        # does not may stand for a party the case does not name (openrows.unnamed_parties)
        three = {tuple(r) for r in (*certain, *possible)}
        if read and isinstance(session, SetSession):   # only predicates its engine evaluates (else: None)
            read.update(phrase_rows_of(session, [k for k in read if session.evaluates(k)]))
        own = session.kept() if isinstance(session, SetSession) else None   # this case's relations here
        if lend is not None and own is not None:
            lend["given"] = own
        answer, bindings = verdict(atom, certain, possible)
        graph = ProofGraph()
        if proof_args == args and (proof or answer == "undetermined"):
            builder = ProofBuilder(session, rb.codes, loaded, rb.index, max_depth=max_depth, lean=not proof)
            graph = builder.build(atom.pred, args)
            if proof and answer == "undetermined":   # a report: what an exception defeats is argued too
                add_excepted(builder, session, rb.checked, loaded, atom.pred, args,
                             engaged(rb.checked, loaded, law_reads(rb)))
    opened = None
    if proof_args != args:   # settled by the split of the open pattern (its own sessions), or not exact
        answer, bindings, *opened = settle(rb, loaded, atom, args, proof_args, answer, bindings, engine,
                                         exact=settings.exact, budget=settings.exact_budget, max_rows=most)
        if proof or answer == "undetermined":
            with paused(), open_session(rb, loaded.rows, atom.key, engine, offenders=True, max_rows=most) as session:
                builder = ProofBuilder(session, rb.codes, loaded, rb.index, max_depth=max_depth, lean=not proof)
                # the question's own constants, wherever the proof can keep them: a FALSE answer, and an
                # undetermined one (its reasons are those of the rows with the unknown values); a TRUE
                # one settled by the split shows the rows it holds for
                graph = builder.build(atom.pred, proof_args if answer == "true" else args)
                if proof and answer == "undetermined":
                    add_excepted(builder, session, rb.checked, loaded, atom.pred, args,
                                 engaged(rb.checked, loaded, law_reads(rb)))
        graph.graph.update(exact=opened[0], exact_reason=opened[1])
    missing = missing_inputs(graph) if answer == "undetermined" else []
    exact = None
    if not opened and settings.exact and left_open(bindings):
        # lazy: the exact split (engine/exact/) loads only when a question is left open; a fresh
        # `ask` of a decided question does not load it
        from .exactanswer import exact_answer_for
        exact = exact_answer_for(rb, loaded, atom, args, engine, graph, missing, answer, bindings, max_depth, most,
                                 cases=proof, given=own)
        answer, bindings, graph, missing = exact.answer, exact.bindings, exact.graph, exact.missing
    graph.graph.update(query=str(atom), answer=answer, case=loaded.path,
                       description=loaded.description)
    decl = rb.checked.program.preds.get(atom.key)
    types = {name: decl.params[i].type for i, name in names} if decl else {}
    shown = [m for m in missing if m.get("decides", True)] or missing
    cited = engaged(rb.checked, loaded, law_reads(rb)) if answer == "undetermined" or left_open(bindings) else []
    if cited:   # the facts of the provisions the case's facts engage first (answer/engaged.py)
        shown = sorted(shown, key=lambda m: not of_engaged(m.get("provision", ""), cited))
    out = Answer(str(atom), answer, bindings, [m["question"] for m in shown], graph, loaded, saved, missing,
                 types, _index=rb.index,
                 words={name: dict(decl.params[i].phrases) for i, name in names if decl.params[i].phrases} if decl else {})
    if exact is not None:
        out.exact, out.exact_reason = exact.exact, exact.reason
        out.not_verified = list(exact.unverified or [])
        out.each_open = exact.each_open
    elif opened:
        out.exact, out.exact_reason = opened
    elif not settings.exact and left_open(bindings):
        out.exact, out.exact_reason = False, SPLIT_OFF   # never "exact" for what was not split
    out.missing_all = [m["question"] for m in missing]
    if proof and exact is not None and answer == "undetermined":   # its branches, where the split decides each
        from ..explain.cases import branches
        out.branches = branches(rb, loaded, atom, args, exact.result, engine, max_depth, most, budget=settings.exact_budget,
                                order=[(m.get("pred"), m.get("entity")) for m in exact.missing if m.get("decides")])
    out.engaged = cited
    out.exemptions = stated_exemptions(rb, loaded)
    said = proof and rows and names
    if said and any(b["answer"] == "undetermined" for b in bindings):
        from .openrows import open_rows   # lazy: only an answer with undetermined rows
        with open_session(rb, loaded.rows, atom.key, engine, offenders=True, max_rows=most) as session:
            if exact is not None:   # the rows of the split, with its proof: the session is shared
                out.bindings = bindings = unnamed_rows(rb, loaded, atom, bindings, three, max_depth, session)
            out.undetermined = open_rows(rb, loaded, atom, bindings, session, max_depth,   # what each turns on
                                         "" if out.exact else out.exact_reason)
    elif exact is not None:   # without the proof (batch's rows, another reading's answer compared)
        out.bindings = unnamed_rows(rb, loaded, atom, bindings, three, max_depth, engine=engine)
    return out


class AnswerMemo:
    """The answers a law keeps for the questions asked of it with the readings check (the answer as
    shown: ask, explain, export, a notebook's `reasoner.ask`, the server), so that a new Question about
    a case parsed already is answered once (OpenFisca's Simulation: built once, asked many times).
    Kept with the law (its `_engines`, the law's caches), never at module level; at most MOST answers,
    the oldest forgotten first.

    Keyed on the case object itself (never an equal copy: the Answer carries its case), the checked
    atom, the saved query object (a saved query's file edited is another object: law/queries.py
    load_saved), the settings and the options. A case changed in place since (its fields assigned,
    a list or dict of it changed) is told by its pickled state, taken when the answer is kept and
    compared when it is asked again: a changed case is answered anew, never from the memo. A case
    that cannot be pickled is not kept. Not copied with the law (pickling the law keeps none)."""

    MOST = 8
    __slots__ = ("_items",)

    def __init__(self) -> None:
        # (id of the case, atom, settings and options) -> (case, saved query, the case's pickled state, answer)
        self._items: dict[tuple[object, ...], tuple[LoadedCase, object, bytes, Answer]] = {}

    def __reduce__(self) -> tuple[type["AnswerMemo"], tuple[()]]:
        return (AnswerMemo, ())

    @staticmethod
    def of(law: Rulebase) -> "AnswerMemo | None":
        engines = getattr(law, "_engines", None)
        if not isinstance(engines, dict):
            return None
        memo = engines.get("answers")
        if memo is None:
            memo = engines.setdefault("answers", AnswerMemo())
        return memo if isinstance(memo, AnswerMemo) else None

    @staticmethod
    def _state(case: LoadedCase) -> bytes | None:
        import pickle
        try:
            return pickle.dumps(case, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:   # noqa: BLE001  (a case carrying something unpicklable: not kept)
            return None

    def get(self, case: LoadedCase, atom: Atom, saved: object, options: tuple[object, ...]) -> Answer | None:
        hit = self._items.get((id(case), atom, options))
        if hit is None or hit[0] is not case or hit[1] is not saved:
            return None
        if self._state(case) != hit[2]:   # the case changed in place since: answered anew
            return None
        return hit[3]

    def put(self, case: LoadedCase, atom: Atom, saved: object, options: tuple[object, ...], answer: Answer) -> None:
        state = self._state(case)
        if state is None:
            return
        items = self._items
        items[(id(case), atom, options)] = (case, saved, state, answer)
        while len(items) > self.MOST:   # the oldest first (another thread's change: tried again next time)
            try:
                del items[next(iter(items))]
            except (RuntimeError, StopIteration, KeyError):
                break


# The pipeline written once (answer/question.py re-exports it): every way of answering goes through it.
@record
class Question:
    law: Rulebase       # the checked and compiled law (engine/rulebase.py)
    case: LoadedCase    # the loaded case (facts/case.py)
    atom: Atom          # the checked query atom (language/ast.py)
    saved: SavedQuery | None = None   # the saved query (law/queries.py), when the query named one
    settings: Settings | None = None  # core/settings.py; None: the current ones when answering
    # what the case was read from (a path or a dict, or the loaded case itself), for what reads it again
    source: CaseSource | LoadedCase | None = None

    @classmethod
    def of(cls, case: CaseSource | LoadedCase, query: str, law: Rulebase | None = None,
           settings: Settings | None = None,
           case_name: str | None = None, text: str | None = None) -> "Question":
        """The question QUERY about CASE (a path, a dict with the case-file structure, or a loaded
        Case) on LAW (default: the bundled law under the settings' readings). text: the case file's
        text, read as the file at CASE (its path, for the error locations) would be."""
        settings = settings or current()
        rb = law if law is not None else default_rulebase(settings.readings)
        atom, saved = resolve(query)
        atom = check_atom(atom, rb.checked)
        if isinstance(case, LoadedCase):
            loaded = case
        elif text is not None:
            path = Path(cast("str | os.PathLike[str]", case))   # text: CASE is the file's path
            loaded = parse_case(text, path.name, rb.checked, case_name or path.stem, settings.strict)
        else:
            loaded = load_case(case, rb.checked, case_name, settings.strict)
        return cls(rb, loaded, atom, saved, settings, case)

    @classmethod
    def about(cls, law: Rulebase, case: LoadedCase, atom: Atom, saved: SavedQuery | None = None,
              engine: str | None = None) -> "Question":
        """The question ATOM (checked against LAW already) about CASE (loaded already), under the
        current settings with `engine` (None: theirs): what-if's changed cases, debug's changed
        cases and laws, a related question, an interview's case after each reply, a batch's case."""
        settings = current()
        if engine is not None and engine != settings.engine:
            settings = settings.replace(engine=engine)
        return cls(law, case, atom, saved, settings)

    def _settings(self) -> Settings:
        return self.settings or current()

    def answer(self, interpretation: bool = True, proof: bool = True, rows: bool = True,
               widen: bool = True) -> Answer:
        """The answer with its proof; interpretation: with whether another reading would change it;
        widen: with what a saved question's `otherwise:` applies instead to the subjects it says
        "no" for (answer/otherwise.py; False: a question said beside another's answer, apps/related.py).
        Answered once per settings and options and kept with the question: asked again (a notebook's
        cell run again), the same Answer is returned, its argument built already (Answer.argument).
        A field of the question assigned anew (another case or law) answers again."""
        settings = self._settings()
        key = (settings, interpretation, proof, rows, widen)
        about = (self.law, self.case, self.atom, self.saved)
        # not a field: never compared nor copied
        kept: dict[tuple[object, ...], tuple[tuple[object, ...], Answer]] = self.__dict__.setdefault("_answers", {})
        hit = kept.get(key)
        if hit is not None and all(a is b for a, b in zip(hit[0], about)):
            return hit[1]
        # a new Question about the same parsed case on the same law (a notebook, the server, a bench):
        # the answer the law kept for it, while the case is as it was (AnswerMemo)
        memo = AnswerMemo.of(self.law) if interpretation else None
        ans = memo.get(self.case, self.atom, self.saved, key) if memo is not None else None
        if ans is not None:
            kept[key] = (about, ans)
            return ans
        ans = self._answered(settings, interpretation, proof, rows, widen)
        if memo is not None:
            memo.put(self.case, self.atom, self.saved, key, ans)
        kept[key] = (about, ans)
        return ans

    def _answered(self, settings: Settings, interpretation: bool, proof: bool, rows: bool, widen: bool) -> Answer:
        """The answer worked out anew (Question.answer keeps it)."""
        with use(settings):     # the engine, like every setting, read from the settings in force
            # the phrases' rows the readings check compares, read from the answer's own evaluation
            read = dict.fromkeys(phrase_keys(self.law, self.atom.key)) if interpretation else None
            lend: dict | None = {} if interpretation else None
            ans = answer_case(self.law, self.case, self.atom, self.saved, proof=proof, rows=rows, read=read,
                              lend=lend)
            if interpretation:
                mine = read if read and all(v is not None for v in read.values()) else None
                ans = with_interpretation(self.law, self.case, self.atom, self.saved, ans, mine=mine,
                                          given=(lend or {}).get("given"))
            if proof and widen and getattr(self.saved, "otherwise", None):   # what the law applies instead to
                # each subject the answer says "no" for (answer/otherwise.py): in every output
                from .otherwise import otherwise_rows
                instead, neither = otherwise_rows(self, ans)
                if instead or neither:
                    ans = replace(ans, otherwise=instead, otherwise_not=neither)
            if proof and widen and getattr(self.saved, "held", None):   # the penalty of each subject the
                # answer holds (answer/otherwise.py held_rows): its row's amount and offender
                from .otherwise import held_rows
                held = held_rows(self, ans)
                if held:
                    ans = replace(ans, held=held)
            if proof and widen and interpretation and str(getattr(self.saved, "subject", "") or "") == "operation":
                # a duty of another party the case's facts engage, asked by another saved question (the
                # answer as shown: never for each what-if's changed case, which asks interpretation=False)
                from .otherwise import elsewhere_rows
                elsewhere = elsewhere_rows(self, ans)
                if elsewhere:
                    ans = replace(ans, elsewhere=elsewhere)
            if proof and widen and interpretation:   # a fact a stated one implies beside the argument
                # (answer/impliedfacts.py; no evaluation). What the case also raises is asked where it
                # is shown (answer/caseraises.py with_raises: ask, export, the course pack)
                from .impliedfacts import implied_beside
                implied = implied_beside(self, ans)
                if implied:
                    ans = replace(ans, implied=implied)
            if proof and widen and interpretation:   # a month count to the incident, assumed to reach this
                # case's conviction in time (never for each changed case, asked interpretation=False)
                from .timing import timing_rows
                from .records import others_record_otherwise
                others_record_otherwise(self, ans)   # the drivers' priors taken as the charged person's
                assumed = timing_rows(self, ans)
                if assumed:
                    ans = replace(ans, assumed=assumed)
        return ans

    def argument(self) -> ShownArgument:
        """The argument every trainee-facing output renders (explain/argument.py)."""
        return self.answer().argument

    def with_case(self, case: LoadedCase) -> "Question":
        """The same question about another case, loaded already (what-if's and debug's changed
        cases): the same law and settings; no source to read again."""
        return replace(self, case=case, source=None)

    def with_law(self, law: Rulebase) -> "Question":
        """The same question on another law (debug's law with a condition dropped or a reading
        changed), the case as read already."""
        return replace(self, law=law)

    def varied(self, changes: Iterable[Change]) -> "Question":
        """The same question about the case with CHANGES made to its facts (answer/whatif.py
        Change: an input's new value; a change no fact allows is refused there)."""
        from .whatif import apply_changes
        return self.with_case(apply_changes(self.case, changes))

    def under(self, readings: Iterable[str]) -> "Question":
        """The same question under another selection of readings (docs/READINGS.md): the law under
        them, the settings saying them; the case read again from its source when it has one (a
        reading may change what is presumed), else the case as read already."""
        settings = self._settings().replace(readings=tuple(readings))
        law = self.law.with_readings(settings.readings)
        case = self.case
        if self.source is not None and not isinstance(self.source, LoadedCase):
            case = load_case(self.source, law.checked, self.case.name, settings.strict)
        return replace(self, law=law, case=case, settings=settings)

    def whatif(self, base: Answer | None = None, **options: Any) -> WhatIf:
        """The nearest changes of the facts that change the answer (answer/whatif.py what_if):
        options pairs, max_pairs, max_results."""
        from .whatif import what_if
        return what_if(self, base=base, **options)

    def debug(self, expected: str, **options: Any) -> Debugging:
        """What would make the answer EXPECTED ('true', 'false', 'undetermined'): presumptions,
        readings, conditions, exceptions and facts (answer/debug.py; `reasoner debug`)."""
        from .debug import debug
        return debug(self, expected, **options)

    def to_dict(self) -> dict[str, Any]:
        """The answer as `reasoner ask --format json` prints it (render/jsonout.py)."""
        from ..render.jsonout import answer_dict
        return answer_dict(self.answer())
