"""The Python entry point: ask a question about a case, get a three-valued answer and its proof."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypedDict, cast

import enum
import os
from pathlib import Path

from ..core.errors import CaseError, QueryError, shown
from ..core.record import field, record, replace

from ..facts.case import Case as LoadedCase, load_case, parse_case
from ..explain.builder import MissingInput, ProofBuilder, missing_inputs
from ..explain.graph import ProofGraph
from ..law.index import row_order
from ..law.queries import check_atom, pattern, resolve, variables
from ..engine.rulebase import default_rulebase
from ..core.deadline import time_limit
from ..core.settings import Settings, SettingsError, current, use
from ..core.values import UNKNOWN, python_value
from ..engine.choice import DEFAULT_ENGINE, ENGINES, OFFENDER_KEYS, open_session, with_offenders  # noqa: F401  (the names answer/ offered)
from ..facts.querycheck import check_query_constants
from ..core.gcpause import paused
from ..engine.exact.openvalues import settle, status
from ..prose.order import proof_order
from ..render.text import render_text
from ..render.argtext import render_argument
from ..explain.argument import Argument, build_argument
from .interpretation import interpretation
from .openrows import open_rows
from .engaged import engaged, of_engaged
from .applicability import NOT_APPLICABLE, not_applicable_graph, not_applicable_reason

if TYPE_CHECKING:
    import networkx
    from ..engine.rulebase import Rulebase
    from ..language.ast import Atom
    from ..law.index import StatuteIndex
    from ..law.queries import SavedQuery
    from .each import EachRow
    from .openrows import OpenRow
    from .whatif import Change, WhatIf
    from .debug import Debugging

# one row of an answer: each query variable's value, and "answer" (that row's own answer)
Binding = dict[str, object]
# an unknown input's entry (explain/builder.py MissingInput): the proof's node data, ranked by
# answer/exactanswer.py
class Interpretation(TypedDict, total=False):
    """Whether an answer turns on a reading (answer/interpretation.py, which says each entry)."""
    selected: list[str]
    used: list[dict[str, object]]
    checked: list[str]
    checked_citations: list[str]
    not_checked: str
    chosen: list[dict[str, object]]
    turns_on: list[dict[str, object]]


# the proof as recorded, or a networkx view of it (a folded or cut graph, Answer.with_graph)
Proof: TypeAlias = "ProofGraph | networkx.DiGraph"
# what a case is read from: a case file's path, or a dict with the case-file structure
CaseSource: TypeAlias = "str | os.PathLike[str] | dict[str, Any]"


@record
class Answer:
    query: str
    answer: str
    bindings: list[Binding]
    missing: list[str]   # the deciding unknown inputs, as questions
    proof: Proof         # the proof as recorded (explain/graph.py ProofGraph) or a networkx view of it
    case: LoadedCase | None = None
    saved: SavedQuery | None = None
    missing_inputs: list[MissingInput] = field(default_factory=list)
    types: dict[str, str] = field(default_factory=dict)   # query variable -> declared type (e.g. money)
    exact: bool = True      # the answer is exact over the completions of the unknown inputs
    exact_reason: str = ""  # why not, when exact is False (the Kleene answer is given instead)
    missing_all: list[str] = field(default_factory=list)   # every unknown input, ranked (missing: the deciding ones)
    # whether the answer turns on a reading (answer/interpretation.py): readings selected and used,
    # phrases checked, and each other reading that would change the answer with that answer
    interpretation: Interpretation = field(default_factory=dict)
    not_applicable: str = ""   # answer "not_applicable": why (the case has no entity of the question's subject kind)
    # each undetermined row of a question with variables, with the facts and the subdivisions
    # missing from the excerpt that would decide it (answer/openrows.py)
    undetermined: list[OpenRow] = field(default_factory=list)
    # a saved question about each entity of a kind (answer/each.py): one row per entity of that kind
    # in the case, {"entity", "name", "answer", "part"} (part: that entity's own Answer, where it was
    # answered on its own); [] for a question about one entity or none
    each: list[EachRow] = field(default_factory=list)
    parts: list[Answer] = field(default_factory=list)   # the Answers of the entities answered on their own
    # an undetermined answer: the provisions the case's stated facts engage (answer/engaged.py); the
    # facts of those provisions lead the facts that would decide it
    engaged: list[str] = field(default_factory=list)
    # an answer the split could not make exact: the open values no completion was found to produce
    # within the budget (answer/exactanswer.py verify_values); the ones none produces are left out
    not_verified: list[Binding] = field(default_factory=list)
    # query variable -> the phrases of its declared closed set (word -> what a trainee reads: 'a_and_b'
    # -> 'pars. (a) and (b), merged'), for the table of rows
    words: dict[str, dict[str, str]] = field(default_factory=dict)

    _nx: networkx.DiGraph | None = field(default=None, repr=False, compare=False)
    # the statute index of the law that answered (the law cache's), for quoting the provisions in
    # the argument without reading the index's file again (None: the bundled index)
    _index: StatuteIndex | None = field(default=None, repr=False, compare=False)

    @property
    def graph(self) -> networkx.DiGraph:
        """The proof graph as a networkx.DiGraph (made from the recorded proof on first use)."""
        if self._nx is None:
            to_nx = getattr(self.proof, "to_networkx", None)
            self._nx = to_nx() if to_nx is not None else self.proof
        return self._nx

    def with_graph(self, graph: Proof) -> "Answer":
        """The same answer shown with another graph (a folded or cut view of the proof)."""
        return replace(self, proof=graph, _nx=None)

    def _rules(self, statuses: tuple[str, ...]) -> set[str]:
        out: set[str] = set()
        for _, d in self.proof.nodes(data=True):
            if d.get("kind") == "rule" and not d.get("helper") and d.get("provision") and d.get("status") in statuses:
                out.add(d["provision"])
        return out

    @property
    def cited(self) -> frozenset[str]:
        return frozenset(self._rules(("true", "undetermined")))

    @property
    def checked(self) -> frozenset[str]:
        return frozenset(self._rules(("false",)) - self._rules(("true", "undetermined")))

    @property
    def presumed(self) -> list[dict[str, str]]:
        """The presumptions the proof relies on: [{"fact", "citation", "reason"}] in proof order."""
        g = self.proof
        if g.graph.get("root") is None:
            return []
        out: list[dict[str, str]] = []
        seen: set[str] = set()
        for nid in proof_order(g):
            d = g.nodes[nid]
            if d.get("kind") == "presumed" and d.get("fact") not in seen:
                seen.add(d["fact"])
                out.append({"fact": d["fact"], "citation": d.get("citation", ""), "reason": d.get("reason", "")})
        return out

    @property
    def readings(self) -> list[str]:
        out: list[str] = []
        for _, d in sorted(self.proof.nodes(data=True)):
            for r in d.get("readings", []) or []:
                if r not in out:
                    out.append(r)
        return out

    def text(self, **options: Any) -> str:
        """The derivation tree (the full view, for researchers)."""
        return render_text(self, **options)

    @property
    def argument(self) -> "ShownArgument":
        """The argument every trainee-facing output renders (reasoner/explain/argument.py), shown in
        a notebook as the handout's argument (ShownArgument). Built on first use and kept with the
        answer while its fields are the same objects (a field assigned anew builds it again)."""
        return ShownArgument.of(self._built_argument(), self)

    def _built_argument(self) -> Argument:
        values = tuple(getattr(self, name) for name in _ANSWER_FIELDS)
        # not a field: replace() never copies it
        kept: tuple[tuple[object, ...], Argument] | None = self.__dict__.get("_argument")
        if kept is not None and len(kept[0]) == len(values) and all(a is b for a, b in zip(kept[0], values)):
            return kept[1]
        argument = build_argument(self)
        self.__dict__["_argument"] = (values, argument)
        return argument

    @property
    def rows(self) -> list[dict]:
        """The bindings as the Python API gives values (docs/API.md): one dict per binding, money as
        Decimal dollars, an unknown value None, the binding's answer a Verdict. `bindings` is what the
        engine and the renderers read (money in integer cents) and stays so."""
        return [{k: Verdict(v) if k == "answer" else python_value(v, self.types.get(k)) for k, v in b.items()}
                for b in self.bindings]

    @property
    def verdict(self) -> "Verdict":
        """The answer as a Verdict (answer/api.py): an enum.Enum equal to its string."""
        return Verdict(self.answer)

    def to_dict(self) -> dict[str, Any]:
        """The answer as `reasoner ask --format json` prints it (render/jsonout.py answer_dict)."""
        from ..render.jsonout import answer_dict
        return answer_dict(self)

    def __repr__(self) -> str:
        def value(k: str, v: object) -> str:
            if self.types.get(k) == "money" and isinstance(v, int) and not isinstance(v, bool):
                return f"${v // 100:,}.{v % 100:02d}"   # dollars wherever a person reads money
            return str(v)
        shown_rows = ", ".join(
            "{" + ", ".join(f"{k}={value(k, v)}" for k, v in b.items() if k != "answer") + f": {b['answer']}" + "}"
            for b in self.bindings[:3]) + (f", ... {len(self.bindings) - 3} more" if len(self.bindings) > 3 else "")
        case = getattr(self.case, "name", None)
        text = f"<Answer {self.query} = {self.answer}" + (f" about {case}" if case else "") + \
            (f"; bindings [{shown_rows}]" if self.bindings else "") + \
            (f"; missing {len(self.missing)} fact(s)" if self.missing else "") + \
            ("" if self.exact else "; not exact") + ">"
        return text if len(text) < 290 else text[:280] + " ...>"

    def _repr_html_(self) -> str:
        """In Jupyter: the handout's answer and argument (the trainee HTML handout, without the
        what-if section and the figure), as a fragment whose styles apply only inside it
        (render/html.py html_fragment). Imported here, not above: the handout needs networkx, which
        a plain `ask` never loads (tests/cli/test_lazy_imports.py)."""
        from ..render.handout import build_handout
        from ..render.html import html_fragment, render_html
        return html_fragment(render_html(build_handout(self)))

    def _repr_markdown_(self) -> str:
        """In Jupyter's Markdown view: the trainee Markdown handout of the answer."""
        from ..render.handout import build_handout
        from ..render.markdown import render_markdown
        return render_markdown(build_handout(self))

    def argument_text(self, width: int = 100, quote: bool = True) -> str:
        """ask's default view: the argument as text, within `width` columns."""
        g = self.proof
        return render_argument(self.argument, width=width, quote=quote, case=g.graph.get("case"))


_ARGUMENT_FIELDS: tuple[str, ...] = getattr(Argument, "__record_fields__")
_ANSWER_FIELDS: tuple[str, ...] = getattr(Answer, "__record_fields__")


class ShownArgument(Argument):
    """An Argument (explain/argument.py) that knows its answer, so that a notebook shows it as the
    handout shows it (_repr_html_, _repr_markdown_); equal to the plain Argument with its fields."""

    @classmethod
    def of(cls, argument: Argument, answer: Answer) -> "ShownArgument":
        shown = cls(**{name: getattr(argument, name) for name in _ARGUMENT_FIELDS})
        shown.__dict__["_answer"] = answer
        return shown

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Argument):
            return all(getattr(self, n) == getattr(other, n) for n in _ARGUMENT_FIELDS)
        return NotImplemented

    __hash__ = None   # type: ignore[assignment]  # mutable, as Argument

    def __repr__(self) -> str:
        question = self.question if len(self.question) < 160 else self.question[:150] + " ..."
        return f"<Argument {question!r}: {self.answer}; {len(self.provisions)} deciding provision(s)>"

    def _repr_html_(self) -> str:
        answer: Answer = self.__dict__["_answer"]
        return answer._repr_html_()

    def _repr_markdown_(self) -> str:
        answer: Answer = self.__dict__["_answer"]
        return answer._repr_markdown_()


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
                        engine: str | None = None) -> Answer:
    """The answer with its interpretation record: the readings used, and each other reading of a
    phrase the question depends on that would change it (answer/interpretation.py)."""
    answer.interpretation = interpretation(
        rb, loaded, atom, answer, lambda other: answer_case(other, loaded, atom, saved, engine=engine, proof=False))
    return answer


def verdict(atom: Atom, certain: Iterable[tuple], possible: Iterable[tuple]) -> tuple[str, list[Binding]]:
    """(answer, bindings) from the goal's certain and possible rows: true if some row is certain,
    undetermined if some row is possible, else false; one binding per row, with its own answer."""
    certain_rows = sorted(certain, key=row_order)   # citations in statute order, (a) before (L)
    open_rows = sorted(set(possible) - set(certain), key=row_order)
    names = variables(atom)
    bindings: list[Binding] = []
    for rows, status in ((certain_rows, "true"), (open_rows, "undetermined")):
        for row in rows:
            b: Binding = {name: row[i] for i, name in names}
            b["answer"] = "undetermined" if status == "true" and any(v is UNKNOWN for v in row) else status
            bindings.append(b)
    answer = "true" if certain_rows else "undetermined" if open_rows else "false"
    return answer, bindings


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


def not_applicable_answer(rb: Rulebase, loaded: LoadedCase, atom: Atom, saved: SavedQuery | None,
                          reason: str) -> Answer:
    """The answer "not_applicable": nothing evaluated; the proof is the question and the absent kind."""
    graph = not_applicable_graph(rb.checked, loaded, atom, saved, reason)
    decl = rb.checked.program.preds.get(atom.key)
    types = {name: decl.params[i].type for i, name in variables(atom)} if decl else {}
    return Answer(str(atom), NOT_APPLICABLE, [], [], graph, loaded, saved, [], types, not_applicable=reason,
                  _index=rb.index)


def answer_case(rb: Rulebase, loaded: LoadedCase, atom: Atom, saved: SavedQuery | None = None, max_depth: int = 40,
                engine: str | None = None, proof: bool = True, rows: bool = True) -> Answer:
    """The answer to `atom` about the loaded case, with its proof (answer_goal); a saved question
    about each entity of a kind answers every entity of that kind (answer/each.py)."""
    from .each import answer_each
    one = answer_goal(rb, loaded, atom, saved, max_depth, engine, proof, rows)
    return answer_each(one, lambda single: answer_goal(rb, loaded, single, saved, max_depth, engine, proof, rows),
                       rb.checked, loaded, atom, saved)


def answer_goal(rb: Rulebase, loaded: LoadedCase, atom: Atom, saved: SavedQuery | None = None, max_depth: int = 40,
                engine: str | None = None, proof: bool = True, rows: bool = True) -> Answer:
    """The answer to `atom` about the loaded case, with its proof. rows=False: without what each
    undetermined row turns on (Answer.undetermined; batch, which reports rows, not sentences).
    proof=False: the same answer,
    bindings and exactness, with the proof built only where it orders the exact split (an
    undetermined answer: its missing inputs are the split's order); otherwise the graph is empty.
    For comparing outcomes (the readings check), where the proof is never shown."""
    settings = current()
    engine = engine or settings.engine
    most = settings.rows   # the row budget of every session
    reason = precheck(rb, loaded, atom, saved)   # a mistyped id is an error, never a FALSE
    if reason:   # no entity of the question's subject kind: not applicable, not FALSE
        return not_applicable_answer(rb, loaded, atom, saved, reason)
    args = pattern(atom)
    names = variables(atom)
    with paused(), open_session(rb, loaded.rows, atom.key, engine, offenders=proof, max_rows=most) as session:
        certain, possible, proof_args = status(session, atom.pred, args)
        answer, bindings = verdict(atom, certain, possible)
        graph = ProofGraph()
        if proof_args == args and (proof or answer == "undetermined"):
            builder = ProofBuilder(session, rb.codes, loaded, rb.index, max_depth=max_depth)
            graph = builder.build(atom.pred, args)
    opened = None
    if proof_args != args:   # settled by the split of the open pattern (its own sessions), or not exact
        answer, bindings, *opened = settle(rb, loaded, atom, args, proof_args, answer, bindings, engine,
                                         exact=settings.exact, budget=settings.exact_budget, max_rows=most)
        if proof or answer == "undetermined":
            with paused(), open_session(rb, loaded.rows, atom.key, engine, offenders=True, max_rows=most) as session:
                builder = ProofBuilder(session, rb.codes, loaded, rb.index, max_depth=max_depth)
                # the question's own constants, wherever the proof can keep them: a FALSE answer, and an
                # undetermined one (its reasons are those of the rows with the unknown values); a TRUE
                # one settled by the split shows the rows it holds for
                graph = builder.build(atom.pred, proof_args if answer == "true" else args)
        graph.graph.update(exact=opened[0], exact_reason=opened[1])
    missing = missing_inputs(graph) if answer == "undetermined" else []
    exact = None
    if not opened and settings.exact and left_open(bindings):
        # lazy: the exact split (engine/exact/) loads only when a question is left open; a fresh
        # `ask` of a decided question does not load it
        from .exactanswer import exact_answer_for
        exact = exact_answer_for(rb, loaded, atom, args, engine, graph, missing, answer, bindings, max_depth, most)
        answer, bindings, graph, missing = exact.answer, exact.bindings, exact.graph, exact.missing
    graph.graph.update(query=str(atom), answer=answer, case=loaded.path,
                       description=loaded.description)
    decl = rb.checked.program.preds.get(atom.key)
    types = {name: decl.params[i].type for i, name in names} if decl else {}
    shown = [m for m in missing if m.get("decides", True)] or missing
    cited = engaged(rb.checked, loaded) if answer == "undetermined" or left_open(bindings) else []
    if cited:   # the facts of the provisions the case's facts engage first (answer/engaged.py)
        shown = sorted(shown, key=lambda m: not of_engaged(m.get("provision", ""), cited))
    out = Answer(str(atom), answer, bindings, [m["question"] for m in shown], graph, loaded, saved, missing,
                 types, _index=rb.index,
                 words={name: dict(decl.params[i].phrases) for i, name in names if decl.params[i].phrases} if decl else {})
    if exact is not None:
        out.exact, out.exact_reason = exact.exact, exact.reason
        out.not_verified = list(exact.unverified or [])
    elif opened:
        out.exact, out.exact_reason = opened
    elif not settings.exact and left_open(bindings):
        out.exact, out.exact_reason = False, SPLIT_OFF   # never "exact" for what was not split
    out.missing_all = [m["question"] for m in missing]
    out.engaged = cited
    if proof and rows and names and any(b["answer"] == "undetermined" for b in bindings):
        with open_session(rb, loaded.rows, atom.key, engine, offenders=True, max_rows=most) as session:
            out.undetermined = open_rows(rb, loaded, atom, bindings, session, max_depth,
                                         "" if out.exact else out.exact_reason)
    return out


class Verdict(str, enum.Enum):
    """An answer: compares equal to its string ("true", "false", "undetermined", "not_applicable")
    and prints as it (str, format, f-strings: "false"); its repr names the enum."""
    TRUE = "true"
    FALSE = "false"
    UNDETERMINED = "undetermined"
    NOT_APPLICABLE = "not_applicable"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:   # the value on every Python (3.11's and 3.12's Enum differ)
        return format(self.value, spec)


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

    def answer(self, interpretation: bool = True, proof: bool = True, rows: bool = True) -> Answer:
        """The answer with its proof; interpretation: with whether another reading would change it.
        Answered once per settings and options and kept with the question: asked again (a notebook's
        cell run again), the same Answer is returned, its argument built already (Answer.argument).
        A field of the question assigned anew (another case or law) answers again."""
        settings = self._settings()
        key = (settings, interpretation, proof, rows)
        about = (self.law, self.case, self.atom, self.saved)
        # not a field: never compared nor copied
        kept: dict[tuple[object, ...], tuple[tuple[object, ...], Answer]] = self.__dict__.setdefault("_answers", {})
        hit = kept.get(key)
        if hit is not None and all(a is b for a, b in zip(hit[0], about)):
            return hit[1]
        with use(settings):     # the engine, like every setting, read from the settings in force
            ans = answer_case(self.law, self.case, self.atom, self.saved, proof=proof, rows=rows)
            if interpretation:
                ans = with_interpretation(self.law, self.case, self.atom, self.saved, ans)
        kept[key] = (about, ans)
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
