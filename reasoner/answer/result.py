"""What an answer is: the Answer record (its verdict, bindings, proof and what it needs), the
argument it shows in a notebook, its rows' types and the Verdict enum. Its own module, below
answering.py (which makes answers) and the modules answering.py builds them with (each.py,
interpretation.py), so none of those imports another for the record's type."""
from __future__ import annotations

import enum
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NotRequired, Protocol, TypeAlias, TypedDict

from ..core.record import field, record, replace
from ..core.values import UNKNOWN, python_value
from ..explain.argument import Argument, build_argument
from ..explain.builder import MissingInput
from ..facts.loaded import Case as LoadedCase
from ..law.index import row_order
from ..law.queries import variables
from ..prose.order import proof_order
from ..render.argtext import render_argument
from ..render.text import render_text

if TYPE_CHECKING:
    import networkx
    from ..core.settings import Settings
    from ..engine.rulebase import Rulebase
    from ..explain.graph import ProofGraph
    from ..language.ast import Atom
    from ..law.index import StatuteIndex
    from ..law.queries import SavedQuery
    from .openrows import OpenRow

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
    raised: list[dict[str, object]]   # answer/raised.py: an exception presumed not raised that would lower an amount


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
    # the facts the case states true that are the one condition of an exemption in a subdivision of
    # its own (answer/exemptions.py): {"entity", "fact", "loc", "exception", "defeats"}; the argument
    # says under a violation of the same section that the exemption does not reach it
    exemptions: list[dict] = field(default_factory=list)
    # an answer the split could not make exact: the open values no completion was found to produce
    # within the budget (answer/exactanswer.py verify_values); the ones none produces are left out
    not_verified: list[Binding] = field(default_factory=list)
    # such an answer whose every open value was checked on its own and is open on the facts stated
    # (answer/exactanswer.py verify_values): the handout says no more of the approximation
    each_open: bool = False
    # query variable -> the phrases of its declared closed set (word -> what a trainee reads: 'a_and_b'
    # -> 'pars. (a) and (b), merged'), for the table of rows
    words: dict[str, dict[str, str]] = field(default_factory=dict)
    # a saved question with `otherwise:` (answer/otherwise.py): each subject it says "no" for that
    # the law reaches instead (s. 348.25 (2) (b) for a crane over its permit weight only), with the
    # other saved question's answer about it; [] otherwise
    otherwise: list[OtherwiseRow] = field(default_factory=list)
    # those subjects the other saved question says "no" for too (the vehicle within its permit
    # weight: exempt under s. 348.25 (2) (a)), with its answer, whose argument says why; [] otherwise
    otherwise_not: list[OtherwiseRow] = field(default_factory=list)
    # a saved question with `held:` (answer/otherwise.py held_rows): each subject the answer holds
    # (must_reload's "yes") whose penalty question establishes something, with that question's
    # answer about it alone (its amount and whom it binds, for its row of the table); [] otherwise
    held: list[OtherwiseRow] = field(default_factory=list)
    # a question about an operation whose case's stated facts engage a duty of another party that it
    # does not ask about (the clerk's s. 350.047): {"query", "description", "cited"} of each saved
    # question that answers it, and finds the duty failed (answer/otherwise.py elsewhere_rows)
    elsewhere: list[dict] = field(default_factory=list)
    # what the case also raises: a provision its stated facts engage that the question asked never
    # argues, answered by its own saved question where that establishes something (the livestock
    # allowance of s. 348.19(2)(b) under a refusal question): {"query", "question", "citation",
    # "cited", "quote", "answer"} (answer/caseraises.py); [] when none
    raises: list[dict] = field(default_factory=list)
    # the facts a stated line implies that a rule of the argument reads and the argument does not
    # show (the operator stopped and submitted the weighed trailer: answer/impliedfacts.py):
    # {"text", "loc", "reason"}; the facts box marks each implied
    implied: list[dict] = field(default_factory=list)
    # an undetermined answer about one subject that the exact split decides in every branch: each
    # branch's deciding facts, what it concludes and who would have violated what (explain/cases.py
    # branches; 'If ..., Kelly Weber (the operator) violated s. 350.10(1)(g) ...; if not, ...')
    branches: list[dict] = field(default_factory=list)
    # a month count the law measures to this case's conviction and the case gives to the incident:
    # assumed to reach the conviction in time, with the answer if it comes later (answer/timing.py;
    # JSON "assumptions", ask's "Assumed:" line, the argument's line and conclusion, the handout)
    assumed: list[dict] = field(default_factory=list)

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
            if d.get("kind") == "rule" and not d.get("helper") and d.get("provision") and d.get("status") in statuses \
                    and not d.get("aside"):   # (beneath a rule that fails: argued beside it, explain/builder.py)
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


class EachRow(TypedDict):
    """One entity's row of a question about each entity (Answer.each; _row)."""
    entity: str
    name: str
    answer: str
    part: Answer | None
    argued: bool
    by_cases: bool
    # an entity whose rows are open, asked on its own: its own answer, argued up to the fact that
    # decides it (explain/argument.py); not a row of the whole answer
    open_part: NotRequired[Answer | None]


class OtherwiseRow(TypedDict):
    """A subject a saved question with `otherwise:` says "no" for, and what the law applies to it
    instead (Answer.otherwise; answer/otherwise.py): its id and name, the other saved question's
    name, the law's lead (the query file's `lead:`), the condition under which the lead holds where
    that answer is argued by cases and the `when:` predicate holds in some of them only ('if the
    excavator permit was in force (...)'; "" where it holds throughout) and that question's Answer
    about it alone."""
    entity: str
    name: str
    query: str
    lead: str
    condition: str
    answer: Answer


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


class AskedQuestion(Protocol):
    """What what-if and debug (answer/whatif.py, answer/debug.py) use of the Question they are
    given (answer/answering.py Question): typed here, below both, so that neither imports the
    module that imports them."""
    @property
    def law(self) -> Rulebase: ...
    @property
    def case(self) -> LoadedCase: ...
    @property
    def atom(self) -> Atom: ...
    @property
    def saved(self) -> SavedQuery | None: ...
    @property
    def settings(self) -> Settings | None: ...
    @property
    def source(self) -> CaseSource | LoadedCase | None: ...

    def answer(self, interpretation: bool = True, proof: bool = True, rows: bool = True,
               widen: bool = True) -> Answer: ...
    def with_case(self, case: LoadedCase) -> AskedQuestion: ...
    def with_law(self, law: Rulebase) -> AskedQuestion: ...
    def varied(self, changes: Iterable[Any]) -> AskedQuestion: ...   # answer/whatif.py Changes
