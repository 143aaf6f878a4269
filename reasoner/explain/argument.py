"""The argument of an answer, built from its proof graph: what every trainee-facing output renders.

A derivation glossed node by node repeats "applies", negates conjunctions into the opposite of what
happened and runs to pages. An argument is what a lawyer would say instead (docs/HANDOUTS.md): for
each provision that decides the answer,

- the provision, quoted once (the statute index's text), and the law it comes from;
- its **elements** in the order the rule file states them (statute order), each with the fact that
  meets or fails it: its value with its unit and where it comes from (the case file and line,
  "the case is silent; the burden ...", "unknown: would decide");
- its **exceptions** (the conditions the rule states negatively, `not excepted(O)`), each applied,
  failed or not raised, with the elements that make it so;
- the arithmetic of a money answer, once, in dollars;
- a conclusion.

Helper predicates are never steps of their own: a helper (or an atom concluded under the same
provision) folds into the element it serves, or its conditions become the provision's elements.
A rule that does not apply is never negated as a whole: the argument names the elements met (the
proof builder records them as the rule node's `held`) and the one that fails.

The provisions checked and not violated, when the answer rests on none of them, are one line
(`others`), each with the element that fails it, for a renderer to expand.

Phrasing comes from reasoner/prose (the node sentences the proof builder took from the rule files'
templates, and prose/argument.py's few fixed words); renderers lay the argument out.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from collections import Counter
from typing import TYPE_CHECKING, Any, TypeAlias

from ..prose.order import ordered_children, proof_order
from ..prose import argument as words
from . import priors
from .graph import below
from ..prose.readings import argument_lines, turning_texts
from ..prose.questions import asked_of_one
from ..prose.answers import reason_said
from ..prose.answers import defeating_atoms, answer_line, answer_same, behind_negations, case_leaves, cases_qualifier, question_line
from ..prose.answers import answer_heads, argued_each, beside_found, cases_by_entity, open_row_line, open_violation_lines
from ..prose.answers import label_args, not_violated, of_engaged, unraised_cell, unraised_only, unraised_rows
from ..prose.answers import engaged_split, raised_lines
from ..prose.answers import ask_next_lines, one_fact_open, open_amount_line, open_noun, open_violation_lines_each
from ..prose.glosses import UNNAMED_WHOM, gloss, is_only_counted, liable_cell, part_cell, penalty_clause, positive_gloss, whether
from ..core.record import field, record
from ..core.values import UNKNOWN, show_money
from ..law.index import MalformedCitation, default_index, parse_citation, statute_order
from ..law.queries import not_so_words, so_words

_SENTENCE_BREAK = re.compile(r"\.\s+(?=[A-Z])")   # a period closing a sentence of a provision's text

if TYPE_CHECKING:
    import networkx
    from ..law.index import StatuteIndex
    from .graph import Attrs, ProofGraph

# the proof an argument is read from: as recorded, or a networkx view of it (Answer.with_graph)
Graph: TypeAlias = "ProofGraph | networkx.DiGraph"
# an Element or an Exception_: a step of an argument, with its quotes
Step: TypeAlias = "Element | Exception_"

# the words by which a provision states an exception to what it requires
_STATES_EXCEPTION = re.compile(r"\b(?:unless|except|exceptions?|exempt\w*|(?:does|do|shall) not apply)\b", re.I)
MAX_NEST = 6          # elements nested deeper than this are summarised by their sentence


@record
class Quote:
    """The statute's words beside a citation of an element or exception: its own subdivision, or the
    sentence of a paragraph its rule encodes (`@provision "C" "first words"`), verbatim from the
    statute index; a subdivision the excerpt lacks is said to be missing, never quoted."""
    citation: str
    text: str = ""            # the words (the whole subdivision, or the one sentence)
    missing: str = ""         # not in the excerpt: why (the index's hole)
    again: bool = False       # quoted above in this argument: a handout shows it once


@record
class Element:
    """One condition of a provision and the fact that meets or fails it."""
    text: str                 # what holds (a FALSE condition reads with its negative sentence)
    status: str               # "true" (met), "false" (not met), "undetermined" (open)
    source: str = ""          # words: "case file line 12", "the case is silent; the burden ...", "unknown: would decide"
    citation: str = ""        # the (sub)provision that states it, when not the provision argued
    defined_in: str = ""      # the provision defining the words it reads, folded into it (s. 350.05(4): accompanied)
    parts: list = field(default_factory=list)        # the conditions of a folded helper (Elements)
    exceptions: list = field(default_factory=list)   # exceptions within it (Exceptions)
    loc: str = ""             # case file:line, when stated
    alternatives: bool = False   # parts are alternatives (any one suffices), not conditions (all needed)
    requirement: str = ""     # what the law asks, in positive words, when the element is not met
    readings: list = field(default_factory=list)     # readings of the rules folded into it
    quotes: list = field(default_factory=list)       # Quote: the words of its citation
    placeholder: bool = False  # 'no provision checked concludes ...': said by the answer, never printed
    # a condition of an exception (at any depth below it): said to hold or not, as the exception's, never
    # 'met' as if it favoured the party (trainer review 11, G6); set by _mark_exception_conditions
    of_exception: bool = False
    # an identity or a class the case states (its value a name or a kind, never a figure: 'the paragraph
    # of s. 350.101(1) charged in count 1 is par. (a)'): said as a plain statement with its source, never
    # '— met' (trainer review 12, G1); a comparison keeps its status word
    given: bool = False
    # the value the case states in place of the one a false condition asks ('par. (a)' where the
    # merger asks 'par. (b)'): the line says 'X is par. (a), not par. (b)', never the negated positive
    # 'X is par. (b) — does not hold' (trainer review 13, 06 and 10)
    instead: str = ""
    # the ground of a way that did not fire, where its rule encodes one sentence of a provision of
    # several: the line names that sentence before the condition that fails it ('s. 348.19(3), "No
    # operator of a vehicle shall fail or refuse after a weighing …": the pulpwood truck and its load
    # were weighed by a traffic officer — not met'), never the condition alone as if it were a ground
    # (trainer review 14, 04: 'weighed by a traffic officer — not met')
    ground: str = ""
    # the contested phrase (`@phrase`) whose reading's rule states this line (s. 348.21(4)'s affirmance,
    # s. 348.195(1)'s day count): where another reading of it changes the answer, the line says our
    # reading and what the other gives (_reading_notes; trainer review 14, G5)
    phrase: str = ""

@record
class Exception_:
    """An exception (a negative condition of the rule): applies, does not apply, not raised, open."""
    text: str                 # the exception in positive words ("the trail used in op1 meets ...")
    status: str               # "applies", "fails", "not raised", "open"
    citation: str = ""
    reasons: list = field(default_factory=list)      # Elements: why it applies or fails
    readings: list = field(default_factory=list)
    effect: str = ""          # what follows when it applies ("op1 did not violate s. 350.05(1)")
    # where a contested reading decides it (answer/interpretation.py turns_on): our reading and what
    # the other reading would give, said at the exception (prose/argument.py reading_at)
    reading_note: str = ""
    quotes: list = field(default_factory=list)       # Quote: the words that state it and of its citation
    # a limitation its paragraph's lead-in names ('subject to the following limitations:', s. 350.04(2)),
    # not an exception to the rule argued: said as a limit that bars or does not bar (trainer review 10, 04)
    limit: bool = False
    # what it is where it is no exception, in the rule file's words (@kind: "merger rule",
    # s. 350.101(1)(d): trainer review 13, G8)
    kind: str = ""
    # refused by a number the statute states (an excess of 4,200 lb, 'more than 2,000 pounds', s.
    # 348.21(2)(b)): not in issue, said in one line with that number, unquoted, its readings not
    # listed (trainer review 12, G5, G8)
    by_number: bool = False
    # a stated fact that is itself the line (a duty of the provision kept: the certificate carried,
    # s. 350.05(2), second sentence): its place in the case file
    loc: str = ""


@record
class Provision:
    """The argument under one deciding provision."""
    citation: str             # "350.10(1)(g)"
    quote: str                # the statute's text (verbatim, from the index)
    law: str                  # "Wis. Stat. ch. 350, excerpt"
    outcome: str              # "true" (the provision's conclusion holds), "false", "undetermined"
    conclusion: str           # the conclusion in words ("op1 violated s. 350.10(1)(g)")
    elements: list = field(default_factory=list)
    exceptions: list = field(default_factory=list)
    arithmetic: list = field(default_factory=list)   # money computations, in dollars
    readings: list = field(default_factory=list)
    alternatives: bool = False   # elements are the alternative ways the conclusion could follow
    case: str = ""            # in a proof by cases: the case this argument is made in ('if ...')
    offender: str = ""        # who committed the violation concluded (the law's offender_role rows)
    offender_role: str = ""   # the role the provision binds them in ("owner or person in charge or control")
    # the lines left out as holding as for an earlier party (_shared_once): not shown in the argument,
    # their facts still listed in a facts box
    alike: list = field(default_factory=list)
    # the provisions its quoted words cite that the excerpt lacks, said once where first cited
    # ('s. 350.11(3)(a)2 and 3, cited above, is not in the excerpt'); '' when none
    outside: str = ""
    # an exemption of the same section whose one condition the case states of the offender, and that
    # does not reach the provision violated, said once ('..., but s. 350.10(2) exempts only sub. (1)(c);
    # it does not reach sub. (1)(g).': _unreached)
    unreached: list = field(default_factory=list)
    # a lawful party's last provision: the other provisions checked whose elements the stated facts
    # engage, each with its fact ('Also checked, none violated: ...'); '' when none
    checked: str = ""


@record
class Argument:
    question: str             # the question in words
    answer: str               # "true", "false", "undetermined"
    short: str                # the answer in one or two sentences (prose.answers.answer_line)
    provisions: list          # Provision, the deciding ones
    others: list = field(default_factory=list)        # Elements: provisions checked, not concluded
    presumed: list = field(default_factory=list)      # [{"fact", "citation", "reason"}]
    readings: list = field(default_factory=list)
    missing: list = field(default_factory=list)       # the facts that would decide it (words)
    facts: list = field(default_factory=list)         # [(text, loc)]: the stated facts the argument uses
    exact: bool = True
    exact_reason: str = ""
    each_open: bool = False   # not exact, but each open value checked on its own and open (Answer.each_open)
    cases: str = ""           # a proof by cases: 'whatever ..., the answer is the same' ('' otherwise)
    # each row a relation's answer leaves undetermined, with what would decide it, in words
    # (prose.answers.open_row_line; answer/openrows.py)
    undetermined: list = field(default_factory=list)
    interpretation: list = field(default_factory=list)   # whether the answer turns on a reading (sentences)
    # the words of each phrase another reading of which changes the answer (a trainee's handout lists
    # those readings and counts the rest: prose/readings.py handout_lines); None when not checked
    turning: list | None = None
    cast: list = field(default_factory=list)   # [{"name", "id", "kind"}]: the case's named entities, in file order
    # an answer about several entities: one row each, first ({"entity", "established", "open"}, in words)
    table: list = field(default_factory=list)
    # the subdivisions missing from the excerpt that every part left open turns on ([] when some open
    # part turns on facts instead): an inexact answer then says the law, not the facts, is the gap
    holes: list = field(default_factory=list)
    # the assumptions on which the answer holds that no fact states (answer/timing.py: this case's
    # conviction entered within the months left of the 12-month period), each a sentence with what
    # holds otherwise ('Assumed: ...; otherwise $50.00 to $100.00 (s. 348.21(2)(a)).')
    assumed: list = field(default_factory=list)
    # the name of the person charged over each vehicle that has one ({"the dump truck": "Jo Keller"}):
    # a stated fact about 'the person charged over the dump truck' says the name (trainer review 12, 01)
    charged: dict = field(default_factory=dict)
    # the stated facts the case gives as someone else's record (the drivers' priors, where s. 348.20(1)
    # prosecutes the authority holder), each [text, note, case-file location]: assumed to be the person charged's, said so
    # in the facts box, never 'stated' (trainer review 14, G6)
    records: list = field(default_factory=list)
    # what the case's facts also raise that the question asked leaves out, each a sentence group
    # (prose.answers.raised_lines; answer/caseraises.py): said under the answer, never argued again
    raises: list = field(default_factory=list)
    # the facts a stated line implies that the argument's rules read and it does not show, each
    # [text, source] ('implied by case file line 6: ...'; answer/impliedfacts.py): in the facts box
    implied: list = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = _plain(self)
        return out


_VERB_WORDS = frozenset({"was", "were", "is", "are", "took", "place", "takes", "occurred"})


def _restates(a: str, b: str) -> bool:
    """Whether two lines say the same thing in other verbs ('the ride was on a privately owned
    raceway facility' and 'the ride took place on a privately owned raceway facility')."""
    def words_(t: str) -> list[str]:
        return [w for w in re.findall(r"[\w'.()]+", t.lower()) if w not in _VERB_WORDS]
    wa, wb = words_(a), words_(b)
    return bool(wa) and difflib.SequenceMatcher(None, wa, wb).ratio() >= 0.9


_UNDER = re.compile(r"^under s\. [^,]+, ")


def _said_once(provisions: list[Provision]) -> None:
    """No line repeated (trainer review 11, G6): a condition whose one reason is a stated fact saying
    the same thing in other words is said once, in the fact's words with the condition's citation
    ('s. 350.03(2)(a): the ride took place on a privately owned raceway facility — not met (case file
    line 43)'); an element of a provision restating a line argued above under an earlier element is
    said with that element's number, not argued again (the forfeiture's 'under s. 348.19(3), the
    operator ... violated the duty in s. 348.19(3)', argued under its element 1)."""
    def fold(items: list[Any]) -> None:
        for e in items:
            if not isinstance(e, Element):
                continue
            fold(e.parts)
            for x in e.exceptions:
                fold(x.reasons)
            if len(e.parts) == 1 and not e.exceptions and e.text:
                only = e.parts[0]
                if (isinstance(only, Element) and not only.parts and not only.exceptions and only.loc
                        and only.status == e.status and _restates(e.text, only.text)):
                    e.text, e.source, e.loc, e.requirement = only.text, only.source, only.loc, only.requirement
                    e.readings = list(e.readings) + [r for r in only.readings if r not in e.readings]
                    e.parts = []

    def texts(e: Any) -> Iterator[str]:
        yield _UNDER.sub("", e.text or "")
        for q in e.parts:
            yield from texts(q)
    for p in provisions:
        fold(p.elements)
        for x in p.exceptions:
            fold(x.reasons)
        seen: dict[str, int] = {}
        for n, e in enumerate(p.elements, 1):
            said = _UNDER.sub("", e.text or "")
            if said and e.parts and said in seen and e.status == "true":
                e.parts, e.exceptions, e.source = [], [], words.argued_under_element(seen[said])
                continue
            for t in texts(e):
                seen.setdefault(t, n)
        # nor again under an exception's reasons (trainer review 16, 04: the age check argued under
        # element 1, then in full again under the out-of-state certificate of s. 350.055)
        for x in p.exceptions:
            _argued_again(x.reasons, seen)


def _argued_again(items: list[Any], seen: dict[str, int]) -> None:
    """The lines under an exception restating an element argued above (seen: line -> its element's
    number): said with that number, not argued again (_said_once)."""
    for e in items:
        if not isinstance(e, Element):
            continue
        said = _UNDER.sub("", e.text or "")
        if said and e.parts and said in seen and e.status == "true":
            e.parts, e.exceptions, e.source = [], [], words.argued_under_element(seen[said])
            continue
        _argued_again(e.parts, seen)
        for x in e.exceptions:
            _argued_again(x.reasons, seen)


def _exceptions_not_twice(provisions: list[Provision]) -> None:
    """An exception that does not apply only for facts the provision's elements already argue is not
    argued a second time (trainer review 13, 02.4: 'the dump truck was not operated under a permit —
    met' under element 1, then 'Exception, s. 348.25(2)(a): ... does not apply, because the dump truck
    was not operated under a permit'): said once, where the element says it."""
    def argued(items: Iterable[Any]) -> Iterator[str]:
        for e in items:
            if isinstance(e, Element):
                if e.text and e.status == "true":
                    yield e.text
                yield from argued(e.parts)

    def prune(items: list[Any], said: set[str]) -> None:
        for e in items:
            if not isinstance(e, Element):
                continue
            prune(e.parts, said)
            e.exceptions = [x for x in e.exceptions if not twice(x, said)]

    def twice(x: Any, said: set[str]) -> bool:
        return (isinstance(x, Exception_) and x.status == "fails" and bool(x.reasons)
                and all(isinstance(r, Element) and not r.parts and not r.exceptions and r.text in said
                        and r.status == "false" for r in x.reasons))
    # (a reason that holds, 'as argued above', is the exception's own why: kept, trainer review 8, 12)
    for p in provisions:
        said = set(argued(p.elements))
        if not said:
            continue
        prune(p.elements, said)
        p.exceptions = [x for x in p.exceptions if not twice(x, said)]


def _mark_exception_conditions(provisions: list[Provision]) -> None:
    """Every line below an exception (its conditions and the facts under them, at any depth) is the
    exception's: said to hold or not to hold, never 'met', which a trainee reads as favouring the
    rider or driver ('the place of the race ... is frozen public waters — met' under the race
    exception that does not apply: trainer review 11, G6)."""
    def under(items: Iterable[Any]) -> None:
        for e in items:
            if isinstance(e, Element):
                e.of_exception = True
                under(e.parts)
                under(x for ex in e.exceptions for x in ex.reasons)

    def walk(items: Iterable[Any]) -> None:
        for e in items:
            walk(e.parts)
            under(r for x in e.exceptions for r in x.reasons)
    for p in provisions:
        walk(p.elements)
        under(r for x in p.exceptions for r in x.reasons)


def _printed(provisions: list[Provision]) -> list[Element]:
    """Every line of the provisions' arguments in the order a handout prints them: each provision's
    elements (an element, then its parts, then the reasons of its exceptions), then its exceptions
    (the reasons of each)."""
    out: list[Element] = []

    def element(e: Any) -> None:
        if isinstance(e, Element):
            out.append(e)
            for q in e.parts:
                element(q)
            for x in e.exceptions:
                for r in x.reasons:
                    element(r)
    for p in provisions:
        for e in p.elements:
            element(e)
        for x in p.exceptions:
            for r in x.reasons:
                element(r)
    return out


def _readings_once(provisions: list[Provision]) -> None:
    """A reading said at the line it decides ('(our reading: s. 348.21(3)(b) read as covering ...)') is
    said in full once, at its first line; a later line resting on it says so in short (issue 46, item 4:
    the five histories gave the same reading at the second and the fourth vehicle, and in the list)."""
    said: set[str] = set()

    def walk(item: Any) -> None:
        text = getattr(item, "text", "")
        reading = words.reading_on(text)
        if reading and reading in said:
            item.text = words.reading_again(text)
        elif reading:
            said.add(reading)
        for name in ("elements", "parts", "exceptions", "reasons"):
            for sub in getattr(item, name, None) or ():
                walk(sub)
    for p in provisions:
        walk(p)


def _above_or_below(provisions: list[Provision]) -> None:
    """A line that refers to where it is argued in full ('as argued above under s. 348.25(3)') says
    where that is in the order printed: 'below' when the full argument comes later (trainer review
    12, 03: the hours condition of the lowboy's permit, referred to under the weight basis of
    s. 348.25(2)(b) in an element, is argued under the permit's exception printed after the elements)."""
    lines = _printed(provisions)
    for n, e in enumerate(lines):
        where = words.argued_where(e.source)
        if where is None:
            continue
        full = [k for k, f in enumerate(lines) if f is not e and (f.parts or f.exceptions)
                and words.argued_where(f.source) is None
                and (f.text == e.text or f.text.endswith(": " + e.text))]
        told = [x for x in lines[full[0]].parts if x.loc and not x.parts] if full else []
        if full and len(told) == 1 and len(lines[full[0]].parts) == 1 and not lines[full[0]].exceptions:
            # argued there on one fact the case states: that fact's source, never 'as argued above'
            # over a stated fact (trainer review 12, 12: the crusher's permit condition)
            e.source = words.stated_there(told[0].source)
            e.loc = e.loc or told[0].loc   # a case-file line: the paper's facts box gives it, not the line
            # (trainer review 15, 12: 'met (stated: case file line 14)' read as a machine reference)
        elif full and full[0] > n:
            e.source = words.argued_below(where)


def _phrase_words(sentence: str) -> list[str]:
    """The words of a condition's sentence, lower case, without its parenthetical glosses ('at night
    (during the hours of darkness)'): matched against the statute's own words."""
    return re.sub(r"\([^)]*\)", " ", sentence).lower().replace(",", " ").split()


def _plain(obj: Any) -> Any:
    names = getattr(obj.__class__, "__record_fields__", None)
    if names is not None:
        return {n: _plain(getattr(obj, n)) for n in names}
    if isinstance(obj, (list, tuple)):
        return [_plain(x) for x in obj]
    if isinstance(obj, dict):
        return {k: _plain(v) for k, v in obj.items()}
    return obj


# -- building ------------------------------------------------------------------------------------------
def build_argument(answer: Any, index: StatuteIndex | None = None, several: bool = False) -> Argument:
    """The argument of an Answer (answer/answering.py, a stage above this one: typed Any here; its
    recorded proof graph; index: the statute index, for the law's name).
    Never reads the case or the rules again: everything it says is in the proof. several: the
    answer is one party's of a handout of several (_each_argument), which says in one line, never
    quotes, an exception the case never reaches (trainer review 15, 11: s. 348.25(2)'s permit
    blocks quoted for four vehicles 'the case lists no permit')."""
    if argued_each(answer):   # a yes/no question about each entity whose answers differ: each argued
        return _each_argument(answer, index)
    g = answer.proof
    root_id = g.graph["root"]
    root = g.nodes[root_id]
    b = _Builder(g, index, set(getattr(answer, "missing", []) or []))
    query = str(getattr(answer, "query", ""))
    asked = root
    if root.get("kind") == "cases":   # a proof by cases: the question is the goal argued in each case
        goals = [k for c in g.successors(root_id) for k in g.successors(c)]
        asked = g.nodes[goals[0]] if goals else root
    question = question_line(asked, query, [])
    saved = getattr(answer, "saved", None)
    if saved is not None and getattr(saved, "description", ""):  # type: ignore[arg-type]  # typeshed: a bool default in an `and`
        question = saved.description
        question = _asked_of(answer, question)
    provisions: list = []
    others: list = []
    cases = ""
    by_entity = cases_by_entity(answer)   # each entity's own cases are argued below instead
    if root.get("kind") == "cases" and not by_entity:   # a proof by cases: the argument in each case
        provisions, left_out = _case_arguments(g, root_id, b, answer.answer)
        cases = words.cases_heading(cases_qualifier(g, root_id), left_out, same=answer_same(answer, g, root_id),
                                    alike=not any(p.case for p in provisions))
    # a row the case does not raise (prose/answers.py unraised_rows) is said once in the answer, never
    # argued as open (trainer review 10, 10: the adult's ride on the lake argued open on a disability
    # nothing in the case suggests)
    not_raised = {tuple(str(v) for v in (e.get("binding") or {}).values()) for e in unraised_rows(answer)
                  if e.get("raised") is False}
    unreached_said: dict[tuple[str, str], tuple[Provision, int, list[str]]] = {}
    unreached_facts: list[tuple[str, str]] = []
    for nid in _deciding(g, root_id, answer.answer) if not cases and not by_entity else ():
        if not_raised and g.nodes[nid].get("status") == "undetermined" \
                and tuple(label_args(g.nodes[nid])) in not_raised:
            continue
        p = b.provision(nid)
        if p is not None:
            provisions.append(p)
            _unreached(p, label_args(g.nodes[nid]), answer, unreached_said, unreached_facts)
    provisions = _merge_same(provisions) if not cases else provisions
    provisions = [_none_concluded(p, root, others) for p in provisions]
    for p in provisions:   # a wrapper provision whose one exception lists every provision checked
        for e in list(p.exceptions):
            cited = {r.citation for r in e.reasons if r.citation}
            if len(cited) > MAX_WAYS and e.status == "fails":
                others.extend(e.reasons)
                p.exceptions.remove(e)
                p.elements.append(Element(words.none_violated(len(cited), e.text), "true", placeholder=True))
    valued = bool((root.get("open_absent") or "").partition("|")[0])   # a value asked for (a fee): its
    # open rows are said by the values and facts that would decide them
    unraised = unraised_rows(answer)
    def args_of(e: dict) -> set[str]:
        return {str(v) for v in (e.get("binding") or {}).values()}
    quiet = {a for e in unraised if e.get("raised") is False for a in args_of(e)} - {
        a for e in getattr(answer, "undetermined", None) or [] if "more" not in e
        and e not in unraised for a in args_of(e)}   # an entity open only on rows the case does not raise: said once, not argued
    for row in getattr(answer, "each", None) or []:   # an entity whose rows are open, asked on its own
        opened = row.get("open_part")
        # a value asked for whose own value is open (a fee the excerpt cannot give, an amount among
        # several brackets) is said by what would decide it; one whose value is known and that a fact
        # the case does not state gives or takes away (the third tank's $2,075.00 to $2,225.00 if
        # outside its permit's hours, none within) is argued like any open party, both ways
        # (trainer review 14, 12: 'open: $2,075.00 to $2,225.00' with no rule, excess or arithmetic)
        if valued and opened is not None and not _open_both_ways(answer, str(row.get("entity"))):
            continue   # (an amount among several candidates, on a weight not stated: said by that weight)
        if opened is not None and opened.answer == "undetermined" and str(row.get("entity")) not in quiet:   # argued up to the fact that decides it
            own_arg = build_argument(opened, index)
            both = _open_both_ways(answer, str(row.get("entity")))
            heading = words.each_heading(row["name"], words.open_on_facts(both[1]) if both else words.open_word())
            if both:   # its conclusion says both ways, each with its result (trainer review 14, 12)
                from ..prose.answers import party_branches
                both_said = party_branches(answer, list(getattr(answer, "undetermined", None) or []))[0]
                mine = [x for x in both_said if x.startswith(words.cap_first(str(row["name"])) + ": ")]
                for p in own_arg.provisions if mine else []:
                    if p.outcome == "undetermined":
                        p.conclusion = words.both_ways_conclusion(mine[0].split(": ", 1)[1])
            # a provision the answer's own argument already concludes the same way for it is argued
            # once (trainer review 10, 10: the lake ride's s. 350.08 printed in full twice)
            concluded = {(q.citation, q.conclusion) for q in provisions}
            own = [p for p in _raised_only(own_arg.provisions, opened) if (p.citation, p.conclusion) not in concluded]
            provisions += [p if i else _headed(p, heading) for i, p in enumerate(own)]
    by_cases_facts: list[tuple[str, str]] = []
    for row in getattr(answer, "each", None) or []:   # an entity whose rows are each open, one holding in every world
        if row.get("by_cases") and row.get("part") is not None:
            settled = build_argument(row["part"], index)
            heading = words.each_heading(row["name"], words.by_cases_word())
            # each case's argument headed with the party and the case it argues ('the excavator lowboy —
            # if the excavator permit was in force ...'), never the party's heading, the case and
            # 'only what differs' strung with semicolons (trainer review 12, 12)
            provisions += [_cased(p, words.party_case(row["name"], p.case)) if p.case
                           else p if i else _headed(p, heading) for i, p in enumerate(settled.provisions)]
            # the facts its cases are argued on are facts the argument uses: in the facts box (trainer
            # review 16, 12: the excavator's 104,600 lb and its 104,000-lb permit only in the appendix)
            by_cases_facts += [f for f in settled.facts if f not in by_cases_facts]
    engaged = list(getattr(answer, "engaged", None) or [])
    if engaged and answer.answer == "undetermined":   # the provisions the case's facts engage lead (answer/engaged.py)
        provisions = sorted(provisions, key=lambda p: not of_engaged(p.citation, engaged))
        unraised = [p for p in provisions if p.citation and p.outcome == "undetermined"
                    and not of_engaged(p.citation, engaged)]
        if len(unraised) < len([p for p in provisions if p.citation]):
            # those of provisions the stated facts do not engage are the answer's "not examined":
            # named, never argued as open beside it (trainer review 8, 01: s. 350.101(1)(b) and s.
            # 350.10(1)(b) argued as open after the answer said s. 350.101 was not examined)
            if engaged_split(answer) is None:   # else the answer says them in one line, 'none is argued'
                # (trainer review 13, 07: 'Also open ...: s. 350.05(1), ... and 10 more' beside it)
                others.extend(Element(p.conclusion, "undetermined", citation=p.citation) for p in unraised)
            provisions = [p for p in provisions if p not in unraised]
    if answer.answer == "undetermined" and len(provisions) > MAX_OPEN:
        inputs = list(getattr(answer, "missing_inputs", None) or [])
        if engaged:   # their facts rank first, so that their provisions are the ones argued in full
            inputs = [{**m, "rank": (0 if of_engaged(m.get("provision", ""), engaged) else 10 ** 5) + (m.get("rank") or 0)}
                      for m in inputs]
        provisions, left = _most_deciding(provisions, inputs)
        others.extend(Element(p.conclusion, "undetermined", citation=p.citation) for p in left)
    if answer.answer == "undetermined" and not cases:   # a report: what an exception defeats leads
        provisions = _excepted(g, root_id, b) + provisions
    near_rule = {**b.way_rule_of, **b.rule_of}
    # a "yes" (lawful) whose argument is empty: argued on the provisions its facts come nearest (below)
    nothing_argued = answer.answer == "true" and not cases and not any(
        [e for e in q.elements if not e.placeholder] or q.exceptions for q in provisions)
    near = _near_misses(others, near_rule, g, {p.citation for p in provisions if p.citation})
    # a "no" that turns on a reading is argued under the provisions that reading decides (review 7,
    # 03: an 11-year-old with an 18-year-old companion printed an empty argument; s. 350.05(1) and
    # s. 350.08 are what the other reading would conclude)
    provisions += [b.near_miss(near_rule[id(o)], o.citation) for o in near]
    ways: dict[str, str] = {}   # a provision -> the first rule that could have concluded it
    for r in list(b.rule_of.values()) + list(b.way_of.values()):
        ways.setdefault(g.nodes[r].get("provision", ""), r)
    turned = [o for o in _decided_by_other_reading(others, ways, answer)
              if o.citation not in {n.citation for n in near}]   # argued once (as the near miss)
    for o in turned:
        p = b.near_miss(ways[o.citation], o.citation)
        _not_again(p.elements, {q.citation for q in provisions if q.citation})
        provisions.append(p)
    near += turned
    if nothing_argued:
        # a "yes" (lawful) whose argument is empty: the provisions the stated facts come nearest, each
        # argued in full up to the one element that fails it or the exception that defeats it (trainer
        # review 9, 01: the ride on another's land with the owner's consent, s. 350.10(1)(f); lawful13:
        # the 23:15 ride 120 ft from the farmhouse at exactly 10 mph, s. 350.10(1)(g)), at most MAX_NEAREST
        for nid, d in g.nodes(data=True):   # every rule checked and not met, by its provision
            if str(nid).startswith("rule-not:") and d.get("provision"):
                ways.setdefault(str(d["provision"]), nid)
        case = getattr(answer, "case", None)
        for checked, argued_p in _nearest(others, ways, b, g, {q.citation for q in provisions if q.citation}
                                          | {n.citation for n in near}, _said_true(case),
                                          _subject_locs(case, str(getattr(getattr(answer, "saved", None), "subject", None) or "")),
                                          MAX_NEAREST - len(near)):
            provisions.append(argued_p)
            near.append(checked)
        for checked, argued_p in _named_unargued(others, ways, b, g, provisions, case,
                                                 {n.citation for n in near}):
            provisions.append(argued_p)
            near.append(checked)
    argued = {o.citation for o in near}
    others = [o for o in others if o.citation not in argued]    # argued above: not "also checked"
    readings = [g.graph["assumed"]] if g.graph.get("assumed") else []   # the references the case cannot fill
    for p in provisions:
        _collect_readings(p, readings)
    readings = words.unapplied_references_once(_bearing(readings, g, root_id, provisions))
    _reading_notes(provisions, answer)
    for p in provisions:
        _said_by_exception(p)
    provisions = [_failures_in_one(p) for p in _without_placeholder(provisions)]
    # the answering law's index (Answer._index) where the caller gives none: the same text as the
    # bundled index's, without reading its file again
    # several parties: the words of an exception the case never reaches are not quoted (the page limit)
    parties = entity_table(answer)
    if not cases:   # several parties: argued in the order of the table of parties
        provisions = _table_order(provisions, parties)
    _quote_all(provisions, index if index is not None else getattr(answer, "_index", None), b,
               unreached=several or len(parties) >= 2)
    if not cases:
        case = getattr(answer, "case", None)
        subject = str(getattr(getattr(answer, "saved", None), "subject", None) or "")
        # a party is the entity the question is about where a conclusion names it ('the 06:45 ride'),
        # not whoever it names first ('the 55-year-old (the operator) violated ... in the 06:45 ride':
        # trainer review 7, 09)
        provisions = _shared_once(provisions, getattr(case, "names", None) or {},
                                  {e for e, k in (getattr(case, "entities", None) or {}).items() if k == subject})
    exempt_facts: list[tuple[str, str]] = []
    exempted = False
    exempt_presumed: list[tuple[dict[str, Any], str]] = []
    instead = {o["entity"]: o for o in getattr(answer, "otherwise", None) or []}
    neither = {o["entity"]: o for o in getattr(answer, "otherwise_not", None) or []}
    # a table by person charged (_by_person): one argument per person, never one from each end of a
    # pair of charges (trainer review 15, 10: the nephew's (a) and (c) argued twice)
    people_argued = {_person_of(answer, str(v)) for b in getattr(answer, "bindings", None) or []
                     for v in b.values()} if any(r.get("charged") for r in parties) else None
    for row in getattr(answer, "each", None) or []:   # an entity only an exception keeps from a row: argued
        if row.get("answer") == "false" and row.get("part") is not None and not row.get("argued"):
            if people_argued is not None:
                person = _person_of(answer, str(row.get("entity")))
                if person and person in people_argued:
                    continue
                people_argued.add(person)
            own, own_facts, own_readings = _exempted(row["part"], row["name"], index)
            if row.get("entity") in instead:   # what the law applies instead is argued, with its arithmetic
                # (trainer review 8, 12: move 1's $70.00 to $220.00 under s. 348.25(2)(b) never worked);
                # its 'no other condition violated' checks the hours: no near miss of s. 348.25(3) beside it
                own, own_facts, own_readings = _instead_argued(instead[row["entity"]], row["name"], index)
            elif row.get("entity") in neither:   # reached by neither question: why not by the other too
                # (trainer review 8, 12: move 4's 93,000 lb, within its 95,000-lb permit, never shown)
                # its exception checks the permit's conditions (the hours) too: argued there, not twice
                more, more_facts, more_readings = _exempted(neither[row["entity"]]["answer"], row["name"], index)
                if more:
                    own, own_facts, own_readings = more, more_facts, more_readings
            # a row whose block the argument holds already is not argued again (the joinder of count 1
            # and count 2 under s. 350.101(1)(d), argued for the pair, not again for count 1's row)
            fresh = [p for p in own if not any(_same_argument(q, p) for q in provisions)]
            if own and not fresh:
                continue
            own = fresh
            provisions += own
            exempted = exempted or bool(own)
            exempt_facts += [f for f in own_facts if f not in exempt_facts]
            readings += [r for r in own_readings if r not in readings]
            if own:   # the presumptions its "no row" rests on are shown with it (12: no s. 348.17 (2) raised)
                exempt_presumed += _presumed_of(row["part"])
    if answer.answer == "false" and not cases and not (getattr(answer, "each", None) or []) and len(instead) == 1:
        # one subject, "no", and the law applies something else to it instead that establishes an
        # amount (s. 348.25 (2) (b): the crane over its permit weight, no other condition broken):
        # that is the result, argued like one (its rule quoted, its elements with their facts, its
        # arithmetic), the question's own rule argued inside it where it is an exception to it (the
        # hours of the permit under s. 348.25 (2) (a)); never the amount in the bottom line alone
        # (trainer review 16, 02: '$225.00 nor more than $375.00' with no rule, elements or arithmetic)
        o = next(iter(instead.values()))
        own, own_facts, own_readings = _instead_argued(o, "", index)
        if own:
            provisions = own
            exempted = True
            exempt_facts += [f for f in own_facts if f not in exempt_facts]
            # its readings, then the question's own (the hours of the permit, checked inside it)
            readings = own_readings + [r for r in readings if r not in own_readings]
            exempt_presumed += _presumed_of(o["answer"])
    if not cases:   # the parties only an exception keeps from a row in their place in the table too; each headed
        provisions = _table_order(provisions, parties, head=True)
    provisions = _tail_once(_quoted_once(_twins_once(provisions)))
    # the note said once, whichever part of the argument set it (trainer review 15, 10: 's.
    # 350.11(3)(a)2 and 3, cited above, is not in the excerpt.' under the guest's and the
    # brother-in-law's parts)
    # and the penalty note once: each party argued under what the law applies instead noted it under
    # its own violation (trainer review 16, 10: under the second's par. (b) and again the vice's par. (c))
    provisions = _outside_said_once(_penalty_once(_outside_once(
        provisions, index if index is not None else getattr(answer, "_index", None),
        list(g.graph.get("penalty_holes") or []))))
    presumed: list[dict[str, Any]] = []
    said = {d.get("fact"): gloss(d) for _, d in g.nodes(data=True) if d.get("kind") == "presumed" and d.get("sentence")}
    shown = _shown_in(provisions)
    split = engaged_split(answer) is not None
    engaged = list(getattr(answer, "engaged", None) or [])
    for pr in getattr(answer, "presumed", []) or []:
        if answer.answer in ("true", "false") and provisions and str(pr.get("fact", "")).startswith("not ") \
                and not _presumption_shown(pr, said.get(pr.get("fact"), ""), shown):
            continue   # an absence presumed under a provision the argument never shows: not a fact it uses
        if split and not of_engaged(str(pr.get("citation", "")), engaged) \
                and not _presumption_shown(pr, said.get(pr.get("fact"), ""), shown):
            # a report: an exception of a provision the case states nothing on, which the answer says in
            # one line is not argued: no fact the argument uses (trainer review 13, 07: 'no exception
            # under s. 350.05(2), ... (10 in all, of provisions not argued here) — assumed'); the
            # answer's own record (JSON) keeps it
            continue
        presumed.append({**pr, "sentence": said.get(pr.get("fact"), "")})
    argued = {p.citation for p in provisions if p.citation}
    for pr, sentence in exempt_presumed:   # those of the provisions argued (not every regime the proof closed)
        if pr.get("citation") in argued and all(pr.get("fact") != x.get("fact") for x in presumed):
            presumed.append({**pr, "sentence": sentence})
    # who must raise an exception the case does not mention is our reading of the burden, from
    # outside the excerpt: said under 'Our readings', labelled, never as a fact of the case (trainer
    # review 13, 04: the motor-home sentence printed beside the facts)
    for pr in presumed:
        c = str(pr.get("citation", ""))
        line = words.burden_reading(c, str(pr.get("reason", "")), element=_presumed_element(g, pr)) \
            if _presumption_shown(pr, str(pr.get("sentence") or ""), shown) else ""
        if line and line not in readings:
            readings = [*readings, line]
    assumed = _timing_said(provisions, getattr(answer, "assumed", None) or [],
                           several=len(getattr(answer, "each", None) or []) >= 2)
    _given_counts(provisions, words.incident_of(answer))
    table = entity_table(answer)
    if answer.answer == "true" and not cases and not table and provisions:
        # a lawful answer: what else was checked, each on the stated fact that keeps it from applying
        # (trainer review 11, G2)
        case = getattr(answer, "case", None)
        line = words.none_violated_line(_engaged_checks(
            others, _said_true(case),
            _subject_locs(case, str(getattr(getattr(answer, "saved", None), "subject", None) or ""))),
            _subject_names(case, str(getattr(getattr(answer, "saved", None), "subject", None) or "")))
        if line:
            from ..core.record import replace
            provisions[-1] = replace(provisions[-1], checked=line)
    open_said = _left_open(answer, table, _missing_not_said(_missing_raised(answer), _undetermined_rows(answer)))
    if cases and getattr(answer, "exact", False) and not table and not any(
            e.get("holes") for e in getattr(answer, "undetermined", None) or []):
        # an exact proof by cases argues each possible result with the fact it turns on: a list of open
        # rows below would repeat it, and its 'no forfeiture can be computed' would contradict the ranges
        # the cases give (review 15's case writer: a prior whose ending the case does not state)
        open_said = ([], open_said[1])
    records = _others_records(g)
    _records_where_used(provisions, table, g)
    _said_once(provisions)
    _open_once(provisions)
    _law_lines_once(provisions)
    _exceptions_not_twice(provisions)
    _mark_exception_conditions(provisions)
    _above_or_below(provisions)
    _readings_once(provisions)
    facts = [f for f in _facts_of(provisions + (others if words.others_argued(others) else []),
                                  b.facts_used(), b.links) if f[1] not in records] + [
        f for f in list(dict.fromkeys(exempt_facts + unreached_facts + by_cases_facts))
        if f not in _facts_of(provisions, b.facts_used(), b.links)]
    # the facts box lists each fact of a prior counted: its lines are joined only then
    _counted_in_one_line(provisions, b.counted)
    _value_with_its_test(provisions)
    _value_said_once(provisions)
    _grounds_quoted(provisions)
    return Argument(question=question, answer=answer.answer, short=answer_line(answer),
                    provisions=provisions, others=others, presumed=presumed,
                    readings=readings, missing=open_said[1],
                    facts=facts,
                    exact=getattr(answer, "exact", True), each_open=getattr(answer, "each_open", False),
                    exact_reason=getattr(answer, "exact_reason", "") or "", cases=cases,
                    interpretation=argument_lines(getattr(answer, "interpretation", None)),
                    turning=turning_texts(getattr(answer, "interpretation", None)),
                    cast=cast_of(getattr(answer, "case", None)), table=table,
                    undetermined=open_said[0], holes=_gap_holes(answer), assumed=assumed,
                    charged=dict(g.graph.get("charged_names") or {}),
                    records=[[t, mark, loc] for loc, (t, mark) in records.items()],
                    raises=raised_lines(answer), implied=_implied_said(answer))


def _presumed_element(g: Any, pr: dict[str, Any]) -> bool:
    """Whether a presumption fills an element of what the proof concludes, not an exception: no
    negation stands between its node and the root ('the operator did not violate s. 348.17(2)', an
    element of the s. 348.21(2)(a) forfeiture: trainer review 15, 06 read 'Who must raise the
    exception of s. 348.21(2)(a)' of it). An exception's presumption sits under a 'not' (the
    forest-products excuse of s. 348.19(1)(b), under 'not excused_from_distant_scale')."""
    nodes = [n for n, d in g.nodes(data=True) if d.get("kind") == "presumed" and d.get("fact") == pr.get("fact")]
    if not nodes:
        return False
    parents: dict[str, list[str]] = {}
    for n in g.nodes:
        for c in g.successors(n):
            parents.setdefault(c, []).append(n)
    seen, todo = set(nodes), list(nodes)
    while todo:
        for up in parents.get(todo.pop(), ()):
            if g.nodes[up].get("kind") == "negation":
                return False
            if up not in seen:
                seen.add(up)
                todo.append(up)
    return True


def _implied_said(answer: Any) -> list[list[str]]:
    """[[text, source]] of each fact a stated line implies beside the argument (Answer.implied)."""
    return [[str(f["text"]), words.source(str(f.get("loc") or ""), f"implied: {f.get('reason') or ''}")]
            for f in getattr(answer, "implied", None) or []]


def _records_where_used(provisions: list[Provision], table: list[dict[str, Any]], g: Any) -> None:
    """Priors the case gives as another's record (the drivers'), taken as the record of the person
    prosecuted: what holds if they are not, said where it is applied, not only in the facts box
    (trainer review 14, 11): in the party's row of the results table, after its own results, and
    beside the element that counts each such prior ('the conviction 8 months earlier is a prior
    conviction counted ... (assumed: the case gives the drivers' record ...; if it is not, $220.00 to
    $370.00 (s. 348.21(3)(b)1))')."""
    records = dict(g.graph.get("others_records") or {})
    later = dict(g.graph.get("others_records_rows") or {})
    if not records or "others_records_rows" not in g.graph:
        return
    mark = next(iter(records.values()))[1]
    # the parties whose record the priors are taken as: no other row turns on it (trainer review 15,
    # 12: the gear flatbed, with no prior, 'if the drivers' priors are not the record ...')
    owners = [str(text).partition(" is on the record of the person charged over ") for text, _ in records.values()]
    mine = {party for _, sep, party in owners} if all(sep for _, sep, _ in owners) else None
    changed: dict[str, str] = {}   # party -> its results with none of them counted, where they differ
    for row in table:
        now = [v for v in row.get("established") or [] if v]
        then = later.get(str(row.get("entity", "")))
        if not now or then is None or then == now or mine is not None and str(row.get("entity", "")) not in mine:
            continue
        kept = [v for v in now if v in then]
        said = "; ".join(v for v in then if v not in kept)
        changed[str(row["entity"])] = said
        cell = words.on_others_record(said, mark)
        row["established"] = list(row["established"]) + [cell]
        # another assumption's later answers (this case's conviction entered late) are found with the
        # priors counted: the cell is not theirs to compare (apps/assumptions.py _carry)
        row.setdefault("on_reading", []).append(cell)
    if not changed and len(table) >= 2:
        return
    for text, _mark in records.values():
        prior, sep, party = str(text).partition(" is on the record of the person charged over ")
        if not sep:
            continue
        then = changed.get(party, "") if table else str(g.graph.get("others_records_otherwise") or "")
        if table and party not in changed:
            continue
        _note_counted(provisions, prior + " is ", then, mark)


def _counted_in_one_line(items: list, counted: set[str]) -> None:
    """Each prior counted ('the conviction 9 months earlier is a prior conviction counted under s.
    348.21(3r) for ...', met) said with the facts that count it in its one line: its provision, how it
    ended, its months to the weighing with what is assumed of them, and the reading that decides
    it, joined; the steps between ('is a conviction within the meaning of s. 348.21(4)', 'falls within
    the 12-month period'), which the quoted s. 348.21(4) and (3r) say, are not lines of their own
    (issue 46, item 4: each prior argued in 6-8 lines held five histories to five pages). A prior with
    a fact the case does not state, or a step not met, keeps its lines: what is open is said as open."""
    for x in items:
        if isinstance(x, Element) and x.status == "true" and x.parts and any(
                str(x.text).startswith(head) for head in counted):
            said = _said_in_one(x.parts)
            if said:
                locs = [e.loc for e in _descendants(x) if e.loc]
                subject = str(x.text).split(" is ", 1)[0]   # the prior, named in the line itself
                x.text = words.counted_with_facts(str(x.text), words.counted_facts([t for t, _ in said], subject))
                x.parts = []
                x.source, x.loc = (words.sources(locs), locs[0]) if locs else (x.source, x.loc)
                continue
        for name in ("elements", "parts", "exceptions", "reasons"):
            _counted_in_one_line(getattr(x, name, None) or [], counted)


_GROUND_WORDS = re.compile(r'"([^"]+?)(?: …)?"$')


def _grounds_quoted(items: list, quoted: tuple[str, ...] = ()) -> None:
    """A way's ground named by its sentence's opening words ('s. 348.25(3), "The department may limit
    use of the highways under any permit issued …": the permit limits ... — not met') where that
    sentence is quoted at the line or at the step above it: the line names the provision only, the
    quotation gives the words (issue 46, item 4: the fourth vehicle's permit conditions read the
    words of s. 348.25(2)(a) and (3) twice, in the label and in the quotation beside it)."""
    for x in items:
        here = quoted + tuple(" ".join(str(q.text).split()) for q in getattr(x, "quotes", None) or [] if q.text)
        ground = str(getattr(x, "ground", "") or "")
        opening = _GROUND_WORDS.search(ground)
        if opening and any(opening.group(1) in q for q in here):
            x.ground = ""
            x.citation = x.citation or ground.split(", ", 1)[0].removeprefix("s. ")
        for name in ("elements", "parts", "exceptions", "reasons"):
            _grounds_quoted(getattr(x, name, None) or [], here if isinstance(x, (Element, Exception_)) else ())


def _value_with_its_test(items: list) -> None:
    """A value worked out from the facts below it ('the total excess load of the first vehicle is 800
    lb', its derivation under it) and the comparison beside it that tests it ('the total excess load
    of the first vehicle is 800 lb, which is at most 1,000 lb — met'): one line, the comparison, in the
    value's place, the derivation under it (issue 46, item 4: the value said twice, a line each, in
    each vehicle's argument). A comparison with lines of its own keeps its place."""
    for x in items:
        for name in ("elements", "parts"):
            row = getattr(x, name, None) or []
            for e in list(row):
                if not (isinstance(e, Element) and e.text and e.parts and not e.exceptions and not e.quotes
                        and not e.source and any(y is e for y in row)):
                    continue
                test = next((o for o in row if isinstance(o, Element) and o is not e and not o.parts
                             and not o.exceptions and not o.alternatives
                             and o.text.startswith(e.text + ", which ")), None)
                if test is None:
                    continue
                test.parts = e.parts
                row[:] = [test if y is e else y for y in row if y is not test]
        for name in ("elements", "parts", "exceptions", "reasons"):
            _value_with_its_test(getattr(x, name, None) or [])


_A_FIGURE = re.compile(r" is (-?[\d$][\d,.]*(?: [a-z]+)?)$")


def _value_said_once(items: list) -> None:
    """A value worked out ('the permissible weight on which the forfeiture for the fourth vehicle is
    computed is 100,000 lb') from a value below it that gives the same figure ('the permit weight on
    which the overweight violation of the fourth vehicle is computed is 100,000 lb', the facts under
    it): the line below gives way to its facts, the figure said once (issue 46, item 4)."""
    for x in items:
        for name in ("elements", "parts"):
            for e in getattr(x, name, None) or []:
                figure = _A_FIGURE.search(e.text) if isinstance(e, Element) and e.parts else None
                if figure is None:
                    continue
                out = []
                for c in e.parts:
                    same = _A_FIGURE.search(c.text) if isinstance(c, Element) else None
                    if same and same.group(1) == figure.group(1) and c.parts and not c.source \
                            and not c.exceptions and not c.quotes and not c.alternatives and c.status == e.status:
                        out += c.parts
                    else:
                        out.append(c)
                e.parts = out
        for name in ("elements", "parts", "exceptions", "reasons"):
            _value_said_once(getattr(x, name, None) or [])


def _said_in_one(parts: list) -> list[tuple[str, str]]:
    """[(text, status)] of the facts below a prior counted, in order: each line without parts, and
    each line that says a reading (its line the reading's: the affirmance counted); [] where one
    is not met, open, presumed or has exceptions (then said in full)."""
    out: list[tuple[str, str]] = []
    for e in parts:
        if not isinstance(e, Element) or e.status not in ("true", "") or e.exceptions or e.alternatives \
                or e.source and not (e.loc and e.source == words.source(e.loc)):
            return []
        if not e.parts or e.phrase and words.READ_OTHER_WAY in str(e.text):
            out.append((str(e.text), e.status))
        if e.parts:
            below = _said_in_one(e.parts)
            if not below:
                return []
            out += below
    return out


def _note_counted(items: list, head: str, then: str, mark: str) -> bool:
    """The first element (outermost, in the argument's order) that says a prior is counted ('the
    conviction 8 months earlier is a prior conviction counted ...', met): its text with the
    assumption; whether one was found."""
    for x in items:
        if isinstance(x, Element) and x.status == "true" and x.parts and str(x.text).startswith(head):
            x.text = words.counted_on_others_record(x.text, then, mark)
            return True
        for name in ("elements", "parts"):
            if _note_counted(getattr(x, name, None) or [], head, then, mark):
                return True
    return False


def _others_records(g: Any) -> dict[str, list[str]]:
    """{case-file location: [text, mark]} of the stated facts the case gives as someone else's record
    (explain/builder.py operators_record): the person charged's record only by assumption."""
    records = dict(g.graph.get("others_records") or {})
    if "others_records_otherwise" in g.graph:   # answer/records.py: the answer with none of them counted
        tail = words.others_records_otherwise(str(g.graph["others_records_otherwise"]))
        records = {loc: [text, mark + tail] for loc, (text, mark) in records.items()}
    return records


def _timing_said(provisions: list[Provision], rows: list[dict[str, Any]], several: bool = False) -> list[str]:
    """A month count the case gives to the incident, where the law counts to this case's conviction
    (answer/timing.py): the line comparing it with the period said to the incident with the
    assumption it needs, as the facts box says it ('... to the refusal is 4 months, which is at most
    12 months (assumed: this case's conviction is entered within 8 months of the refusal)'), and
    the conclusion of its provision with what holds otherwise (trainer review 11, G3: '... to the
    current conviction is 4 months ... — met' and one range in the Conclusion). The answer's
    sentences, once each. Several parties: a conclusion is one party's, while the answer's 'otherwise'
    is the whole case's (one date moves every count): the table row says each party's own outcome,
    the conclusions are left as they are (a third vehicle's conclusion gave the second's amount)."""
    said: list[str] = []
    for row in rows:
        counted = str(row.get("counted") or "")
        if not counted:
            continue
        again = words.to_incident(counted, words.PENDING, row["incident"])   # said so already (a part's argument)

        def walk(obj: object) -> bool:
            hit = False
            for name in ("elements", "parts", "reasons", "alike"):
                for x in getattr(obj, name, None) or []:
                    text = str(getattr(x, "text", "") or "")
                    if text.startswith(counted):
                        # only the binding assumption is said with its count (trainer review 13, G1)
                        x.text = words.counted_to_incident(text, words.PENDING, row["condition"], row["incident"]) \
                            if row.get("otherwise") else words.to_incident(text, words.PENDING, row["incident"])
                        hit = True
                    elif text.startswith(again):
                        hit = True
                    hit = walk(x) or hit
            for x in getattr(obj, "exceptions", None) or []:
                hit = walk(x) or hit
            return hit
        for p in provisions:
            if walk(p) and row.get("otherwise") and not several and "That holds only if" not in p.conclusion:
                p.conclusion = words.timing_conclusion(p.conclusion, row["sentence"])
        if row.get("sentence") and row["sentence"] not in said:
            said.append(row["sentence"])
    return said


def _given_counts(provisions: list[Provision], incident: str) -> None:
    """Every month count the case gives, said to the incident as the case gives it (prose
    given_to_incident): a count past the period ('the old conviction ... 14 months') as much as one
    within it, which _timing_said has said so with its assumption (trainer review 16, 05: '... to the
    current conviction is 14 months' beside '... to the weighing is 3 months', both given as months
    before the incident)."""
    def walk(obj: object) -> None:
        for name in ("elements", "parts", "reasons", "alike"):
            for x in getattr(obj, name, None) or []:
                text = getattr(x, "text", None)
                if isinstance(text, str) and words.PENDING in text:
                    x.text = words.given_to_incident(text, incident)
                walk(x)
        for x in getattr(obj, "exceptions", None) or []:
            walk(x)
    for p in provisions:
        walk(p)


def _instead_argued(o: dict[str, Any], name: str,
                    index: StatuteIndex | None) -> tuple[list[Provision], list[tuple[str, str]], list[str]]:
    """The argument of what the law applies instead to an entity a saved question with `otherwise:`
    says "no" for (answer/otherwise.py): the other question's answer about it alone, argued in full
    (s. 348.25(2)(b): the excess over the permit weight, the bracket and the arithmetic), its first
    provision headed with the entity and the law's lead ('the first vehicle: no other condition of
    the permit was violated, so s. 348.25 (2) (b) applies instead'). With the facts it uses and its readings."""
    arg = build_argument(o["answer"], index)
    lead = str(o.get("lead") or "")
    condition = str(o.get("condition") or "")
    if not condition:   # one subject (name ''): the law's lead alone heads its argument
        heading = words.each_heading(name, words.instead_heading(lead)) if name else words.instead_heading(lead)
        return [p if i else _headed(p, heading) for i, p in enumerate(arg.provisions)], list(arg.facts), list(arg.readings)
    # argued by cases, the lead holding in some only (s. 348.25(2)(b) where the permit was in force):
    # said as the heading of those cases, never of the others (review 12, 04)
    from ..core.record import replace
    from ..prose.answers import otherwise_lead
    cases = set(condition.split(", or "))
    provisions = [replace(p, case=words.instead_heading(otherwise_lead({"lead": lead, "condition": p.case})))
                  if p.case in cases else p for p in arg.provisions]
    return ([p if i or not name else replace(p, case=words.each_heading(name, p.case)) if p.case else _headed(p, name)
             for i, p in enumerate(provisions)], list(arg.facts), list(arg.readings))


def _raised_only(provisions: list, opened: Any) -> list:
    """The provisions of an entity's open rows that the case's facts engage (answer/engaged.py): one
    whose facts the case never states is not argued up to them, its elements "met" only because the
    case is silent (the head lamp of an unnamed snowmobile "assumed" not electric: trainer review 6,
    09); the answer line says it once as not examined. All of them when none is engaged."""
    engaged = list(getattr(opened, "engaged", None) or [])
    kept = [p for p in provisions if not p.citation or of_engaged(p.citation, engaged)]
    return kept if engaged and any(p.citation for p in kept) else provisions


def _each_argument(answer: Any, index: StatuteIndex | None = None) -> Argument:
    """The argument of a yes/no question about each entity whose answers differ (answer/each.py):
    each entity's own argument in the order of the case file, its first provision headed with the
    entity and its answer; the presumptions and readings of all, each once."""
    heads = answer_heads(answer)
    provisions: list = []
    others: list = []
    presumed: list = []
    readings: list = []
    facts: list = []
    open_both: list = []   # (row, the fact, its open provisions): each said both ways below
    for row in answer.each:
        arg = build_argument(row["part"], index, several=len(answer.each) >= 2)
        heading = words.each_heading(row["name"], heads.get(row["answer"], row["answer"]))
        both = _open_both_ways(answer, str(row["entity"]))
        if both:   # open on one fact that decides it both ways: headed by that fact, its open
            # provision concluded both ways, each with its result (trainer review 14, 09: 'it is
            # undetermined whether the neighbour violated s. 350.10(1)(g)' with no rule behind it)
            heading = words.each_heading(row["name"], words.open_on_facts(both[1]))
            start = len(provisions)   # where its provisions go in the list below
            open_both.append((row, both[1], [start + i for i, p in enumerate(arg.provisions)
                                             if p.outcome == "undetermined"]))
        several = len(answer.each) >= 2
        for i, p in enumerate(arg.provisions):
            if several and p.checked:   # whose checks: the party's, never 'the snowmobile' of any of them
                # (trainer review 13, 09: which sled's head lamp, which rider's alcohol concentration?)
                from ..core.record import replace
                p = replace(p, checked=words.checked_for(p.checked, str(row["name"])))
            provisions.append(p if i else _headed(p, heading))
        if not arg.provisions:
            provisions.append(Provision("", "", "", row["answer"], arg.short, case=heading))
        others += [o for o in arg.others if o.citation not in {x.citation for x in others}]
        presumed += [pr for pr in arg.presumed if pr.get("fact") not in {x.get("fact") for x in presumed}]
        readings += [r for r in arg.readings if r not in readings]
        facts += [f for f in arg.facts if f not in facts]
    # an open party's branches with their bounds in the statute's words, on the readings of every
    # party (the one that puts 07:00 in the window may be applied to another ride only)
    bounded: dict[str, list[dict]] = {}
    for row, on_facts, open_ps in open_both:
        from ..prose.answers import branches_sentence
        bounded[str(row["entity"])] = _at_bounds(list(row["part"].branches), readings)
        for at in open_ps:
            provisions[at].conclusion = words.both_ways_on(branches_sentence(bounded[str(row["entity"])]), on_facts)
    provisions = _outside_said_once(_penalty_once(provisions))
    # the parties are the entities the question is about (the rides), not whoever a conclusion names first
    rows = {str(r.get("entity")): r.get("name") for r in answer.each if r.get("name")}
    provisions = _shared_once(provisions, rows or getattr(getattr(answer, "case", None), "names", None) or {})
    provisions = _quoted_once(provisions)
    saved = getattr(answer, "saved", None)
    question = _asked_of(answer, getattr(saved, "description", "")) or question_line(
        answer.proof.nodes[answer.proof.graph["root"]], str(answer.query), [])
    assumed = _timing_said(provisions, getattr(answer, "assumed", None) or [],
                           several=len(getattr(answer, "each", None) or []) >= 2)
    _given_counts(provisions, words.incident_of(answer))
    table = _each_table(answer, bounded)
    open_said = _left_open(answer, table, _missing_raised(answer))
    _said_once(provisions)
    _open_once(provisions)
    _law_lines_once(provisions)
    _exceptions_not_twice(provisions)
    _mark_exception_conditions(provisions)
    _above_or_below(provisions)
    _readings_once(provisions)
    return Argument(question=question, answer=answer.answer, short=answer_line(answer), provisions=provisions,
                    others=others, presumed=presumed, readings=words.unapplied_references_once(readings),
                    missing=open_said[1], facts=facts,
                    exact=getattr(answer, "exact", True), exact_reason=getattr(answer, "exact_reason", "") or "",
                    each_open=getattr(answer, "each_open", False),
                    interpretation=argument_lines(getattr(answer, "interpretation", None)),
                    turning=turning_texts(getattr(answer, "interpretation", None)),
                    cast=cast_of(getattr(answer, "case", None)), table=table,
                    undetermined=open_said[0], holes=_gap_holes(answer), assumed=assumed,
                    charged=_charged_names(answer), raises=raised_lines(answer),
                    implied=_implied_said(answer))


def _each_table(answer: Any, bounded: dict[str, list[dict]] | None = None) -> list[dict[str, Any]]:
    """The table of a yes/no question about each entity whose answers differ: per entity its result
    in words ('lawful', 'unlawful: violated s. 350.02(2)(b)4', 'open: the case does not state ...')
    and who is liable."""
    kinds = getattr(getattr(answer, "case", None), "entities", None) or {}
    out: list[dict[str, Any]] = []
    penalized = False   # a row's own answer imposes a penalty (the $50 of s. 348.21(2)(b))
    cleared: set[int] = set()   # rows whose own answer says no penalty may be imposed
    held = {str(o["entity"]): o for o in getattr(answer, "held", None) or []}
    for r in getattr(answer, "each", None) or []:
        part = r.get("part")
        if part is None:
            continue
        liable = {c: who for (_, c), who in _offenders(part).items()}
        if r["answer"] == "true":
            result = words.each_result(str(part.query), True)
        elif r["answer"] == "false":
            # a reason that says the answer in words is led by the answer all the same ('no — s.
            # 348.21(2)(b) let the operator ... reload or go on, in place of the duty ...'): every row's
            # cell begins with its answer (trainer review 16, 11)
            reason = reason_said(part)
            result = words.answer_then(words.each_result(str(part.query), False), reason) if reason else \
                words.each_result(str(part.query), False, [words.table_value(c, "", {}) for c in liable])
        elif _open_both_ways(answer, str(r["entity"]), (bounded or {}).get(str(r["entity"]))):
            # decided both ways by the one fact the case does not state: each way with its result
            # ('unlawful: violated s. 350.10(1)(g) if 07:00 or earlier, or 22:30 or later; lawful if
            # after 07:00 and before 22:30; the case does not state the clock time ...'), never a bare
            # 'open' (trainer review 14, 09)
            ways, on_facts = _open_both_ways(answer, str(r["entity"]),  # type: ignore[misc]
                                             (bounded or {}).get(str(r["entity"])))
            result = words.open_yes_no_both_ways(
                [(values, words.each_result(str(part.query), holds, [] if holds else _violated_ways(part)))
                 for values, holds in ways], on_facts)
        else:
            result = words.open_on("", list(getattr(part, "missing", None) or []))
        who = ", ".join(dict.fromkeys(liable.values()))
        if not who and r["answer"] != "undetermined":   # a penalty its own answer imposes (the $50 of s.
            # 348.21(2)(b) on a vehicle that goes on unreloaded): whom it binds, never 'no one' beside it
            # (trainer review 15, G6: the wreath truck)
            who = _imposed_on(part).get(str(r["entity"]), "")
            penalized = penalized or bool(who)
        if r["answer"] == "undetermined" and not who:   # whom what stays open would bind, never 'no one'
            who = words.possibly_liable(_open_offenders(part))
        if str(r["entity"]) in held:   # held, and still overweight: its penalty and whom it binds, asked of
            # it alone (the saved question's `held:`; trainer review 15, 11: the second tree semi)
            amounts, whom, first = _held_penalty(held[str(r["entity"])])
            if amounts:
                result = words.held_cell(result, held[str(r["entity"])]["lead"], amounts, first)
                who = who or whom
                penalized = penalized or bool(whom)
        if not who and _no_penalty(part):
            cleared.add(len(out))
        out.append({"entity": r.get("name") or r["entity"], "established": [result], "open": [],
                    "kind": kinds.get(r["entity"], ""), "imposed_on": who})
    for i in cleared if penalized else ():   # its own answer says none may be imposed: said so
        out[i]["imposed_on"] = words.NO_FORFEITURE_IMPOSED
    if penalized:   # the column is there for a penalty the question's own answer imposes: a row it
        # imposes none on says so, never 'no one', which reads as cleared beside a truck held overweight
        # (trainer review 15, 11: the second tree semi 2,300 lb over gross)
        for row in out:
            row["imposed_on"] = row["imposed_on"] or words.NO_PENALTY_HERE
    if not any(row["imposed_on"] for row in out):
        for row in out:
            row.pop("imposed_on")
    return out if len(out) >= 2 else []


_CITE_ITEM = r"(\d{3}\.\d+)((?: \([0-9a-z]+\))*)((?: \d{1,2}\.(?!\d))?(?:,? (?:and|or|to) \d{1,2}\.(?!\d))?)"
_CITES_OUT = re.compile(r"\bss?\. " + _CITE_ITEM)
# after a cited section, the next one of the same citation ('s. 348.15 (3) or 348.16', 's. 348.26 or
# 348.27', 'ss. 348.15 to 348.17'), or a further subdivision of the same section ('348.17 (3), (5), or (6)')
_CITES_NEXT = re.compile(r"(,? (?:or|and|to) |, )" + _CITE_ITEM)
_CITES_SUB = re.compile(r"(?:,? (?:or|and) |, )\([0-9a-z]+\)")


def _cited_sections(quote: str) -> list[tuple[str, str]]:
    """Every provision the quoted words cite, in order, as (citation, rest): each section of a list
    after one 's.' ('s. 348.15 (3) or 348.16 or ...' cites s. 348.16 too; 's. 348.26 or 348.27' s.
    348.27 too: trainer review 14, G3, where the note named only the first of each list), a run as
    one ('ss. 348.15 to 348.17'), a section by its first subdivision ('s. 348.17 (3), (5), or (6)' as
    s. 348.17(3)), and the numbered subdivisions after it as its rest ('350.11 (3) (a) 2. and 3.')."""
    def one(section: str, subs: str, tail: str) -> tuple[str, str]:
        first, _, more = re.sub(r"\.", "", tail).strip().partition(" ")
        return f"{section}{''.join(subs.split())}{first}", more
    out: list[tuple[str, str]] = []
    for m in _CITES_OUT.finditer(quote or ""):
        out.append(one(*m.groups()))
        pos = m.end()
        while True:
            sub = _CITES_SUB.match(quote, pos)
            if sub:
                pos = sub.end()
                continue
            nxt = _CITES_NEXT.match(quote, pos)
            if not nxt:
                break
            c, more = one(*nxt.groups()[1:])
            if nxt.group(1).strip().endswith("to") and out:
                out[-1] = (f"{out[-1][0]} to {c}", "")   # a run of sections, cited as one
            else:
                out.append((c, more))
            pos = nxt.end()
    return out


def _outside_once(provisions: list[Provision], index: StatuteIndex | None,
                  penalties: list[str] | None = None) -> list[Provision]:
    """A provision whose quoted words cite a section the excerpt lacks (s. 350.101(1)(d): 'counting
    convictions under s. 350.11 (3) (a) 2. and 3.', the penalty section) says so under the quote, the
    first time the handout quotes it: the quotation stays as the statute prints it, the note says
    the cited provision is not in the excerpt (issue 46: an assumption labelled where used). Every
    section of a list is named (s. 348.21(3)(a): ss. 348.15(3), 348.16, 348.17(1), 348.175,
    348.17(3), 348.26 and 348.27), a run as the run ('ss. 348.15 to 348.17')."""
    from ..core.record import replace
    law = index if index is not None else default_index()
    said: set[str] = set()

    def inside(c: str) -> bool:   # in the excerpt: its own words or its subdivisions
        return c in law or law.hole(c) is not None or any(x.startswith(c + "(") for x in law.citations())
    out: list[Provision] = []
    for p in provisions:
        cited: list[str] = []
        for c, more in _cited_sections(p.quote or ""):
            ends = c.split(" to ")
            if c in said or any(inside(e) for e in ends):
                continue   # in the excerpt, or said above
            said.add(c)
            cited.append(words.cite(c) + (f" {more}" if more else ""))
        out.append(replace(p, outside=words.outside_excerpt(cited)) if cited else p)
    # the penalty section of a violation found, where the law says the excerpt lacks it (a @hole for
    # penalty_of: s. 350.11): said once, under the first provision found violated of its chapter
    # (trainer review 14, G3: trainees ask for the penalty of a ch. 350 violation)
    for i, p in enumerate(out):
        chapter = p.citation.split(".", 1)[0] + "." if p.citation else ""
        lacking = [c for c in penalties or [] if chapter and c.startswith(chapter)]
        if p.outcome == "true" and p.offender and lacking:
            if words.PENALTY_OUTSIDE in (p.outside or ""):   # an argument already noted (another question's,
                break   # argued under this one's row): said once, never twice in a line (trainer review 16, 10)
            note = words.penalty_outside([words.cite(c) for c in lacking])
            out[i] = replace(p, outside=f"{p.outside} {note}".strip())
            break
    return out


def _outside_said_once(provisions: list[Provision]) -> list[Provision]:
    """The note under a quote that the sections it cites are not in the excerpt, said once in an
    argument of several parties: each party's own argument says it under its quote, and four trucks
    printed 's. 348.15, s. 348.16, s. 348.17(3) and s. 348.17(1), cited above, are not in the excerpt.'
    four times (trainer review 15, G4)."""
    from ..core.record import replace
    seen: set[str] = set()
    out: list[Provision] = []
    for p in provisions:
        note = p.outside or ""
        at = note.find(words.PENALTY_OUTSIDE)
        own, penalty = (note[:at].strip(), note[at:]) if at >= 0 else (note.strip(), "")
        if own and own in seen:
            p = replace(p, outside=penalty.strip())
        seen.add(own)
        out.append(p)
    return out


def _penalty_once(provisions: list[Provision]) -> list[Provision]:
    """The note that a violation's penalty section is not in the excerpt, said once in an argument of
    several parties (each party's own argument says it under its first violation)."""
    from ..core.record import replace
    seen: set[str] = set()   # the notes said: one naming another section is still said
    out: list[Provision] = []
    for p in provisions:
        at = p.outside.find(words.PENALTY_OUTSIDE) if p.outside else -1
        note = p.outside[at:].strip() if at >= 0 else ""
        if note and note in seen:
            p = replace(p, outside=p.outside[:at].strip())
        if note:
            seen.add(note)
        out.append(p)
    return out


def _quoted_once(provisions: list[Provision]) -> list[Provision]:
    """Several parties argued under the same rule: its words are quoted once, for the first party
    (trainer review 3, handout 08: the trail exception's 4.a/4.b/4.c printed three times, s. 350.045
    and (b)3 twice); a further party's provision and its elements' and exceptions' quotes of words
    already quoted above are marked `again` (not shown), so each party's section keeps only what
    decides it. Within one party, _quote_all does the same."""
    from ..core.record import replace
    seen: set[tuple[str, str]] = set()

    def walk(item: object) -> None:
        qs = getattr(item, "quotes", None)
        if qs:
            for i, q in enumerate(qs):
                key = (q.citation, q.text or q.missing)
                if key in seen and not q.again:
                    qs[i] = replace(q, again=True)
                seen.add(key)
        for name in ("elements", "parts", "exceptions", "reasons"):
            for x in getattr(item, name, None) or ():
                walk(x)
    out: list[Provision] = []
    for p in provisions:
        key = (p.citation, p.quote)
        again = bool(p.quote) and key in seen
        if p.quote and not again:   # its sentences quoted above (an exception's) are not quoted again
            rest = words.quote_less_quoted(p.quote, [t for c, t in seen if c == p.citation])
            if rest != p.quote:
                p = replace(p, quote=rest)
        seen.add(key)
        walk(p)
        out.append(replace(p, quote="") if again else p)
    return out


def _tail_once(provisions: list[Provision]) -> list[Provision]:
    """Several parties' conclusions that end alike on whom the case does not name ('...; the case
    does not name the person to be prosecuted, where practicable, under s. 348.20(1)'): said in the
    first party's conclusion, not again in each further one (trainer review 5, handout 11: the
    sentence printed five times; the answer says it once, the table in each row)."""
    from ..core.record import replace
    lead = words.UNKNOWN_LEAD.replace("state ", "name ")
    said: set[str] = set()
    out: list[Provision] = []
    for p in provisions:
        head, sep, tail = (p.conclusion or "").rpartition("; ")
        # whom the case does not name: 'the case does not name ...' or '... against the person
        # holding ... (s. 348.20(1)), whom the case does not name' (trainer review 11, G10)
        if not (tail.startswith(lead) or tail.endswith(UNNAMED_WHOM)):
            sep = ""
        if sep and tail in said:
            p = replace(p, conclusion=head)
        elif sep:
            said.add(tail)
        out.append(p)
    return out


def _shared_once(provisions: list[Provision], names: dict[str, str], first: Iterable[str] = ()) -> list[Provision]:
    """Several parties argued alike: each element, exception and provision quote is argued in full for
    the first party it is argued for; for a further party, only the lines whose facts or values differ
    (its weight, excess, bracket, amount), under the lines they rest on, with a heading that says the
    rest holds as for that first party. Two lines are alike when they read the same once the parties'
    names and the case file's line numbers are set aside; they match (differ only in figures) when
    they read the same with the numbers set aside too. The arithmetic is each party's own. Parties
    argued under provisions of one section are compared (five trucks each under its own bracket of
    s. 348.21: weighed by a traffic officer, not an implement of husbandry, no permit, no reloading,
    who is prosecuted -- said once, for the first truck they are argued for; issue 46, item 4): a line
    holds as for an earlier party only where it reads the same, so a party under other words keeps its
    own elements, and its heading says the lines not shown were argued above for which parties. A
    party under another section (the operator under s. 350.101(1)(a) beside the owner under
    s. 350.08) is not compared."""
    from ..core.record import replace
    labels = sorted({str(n) for n in names.values() if n}, key=len, reverse=True)
    if len(provisions) < 2 or not labels:
        return provisions
    name = re.compile("|".join(re.escape(n) for n in labels))
    # first: the ids of the entities the question is about, found in a conclusion before any other name
    leading = sorted({str(names[e]) for e in first if names.get(e)}, key=len, reverse=True)
    lead = re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n in leading)) if leading else None

    def party(p: Provision) -> str:
        found = (lead.search(p.conclusion or "") if lead else None) or name.search(p.conclusion or "")
        return found.group(0) if found else ""

    def alike(text: str) -> str:
        return re.sub(r"\blines? [\d, and]+", "", name.sub("\0", text or ""))

    def shape(item: Step) -> str:
        return re.sub(r"\d[\d,.]*", "#", alike(item.text))

    def said(item: Step) -> tuple[object, ...]:
        return (alike(item.text), item.status, alike(getattr(item, "source", "")),
                tuple(alike(r.text) + r.status for r in getattr(item, "reasons", ())),
                # the provisions it quotes (one line may carry a sentence of s. 348.25(2)(a) or the whole
                # paragraph, the words quoted once in the handout either way)
                tuple(sorted({q.citation for q in getattr(item, "quotes", ())})))

    # (provision or section, shape) -> (line, party, provision): argued in full
    seen: dict[tuple[str, str], tuple[Step, str, str]] = {}
    # every other line of the same shape argued in full (another party's figures): a further case of a
    # party reads as its own earlier case, not as the first party's (trainer review 15, 12)
    also: dict[tuple[str, str], list[tuple[Step, str, str]]] = {}
    parties = {party(p) for p in provisions}
    if len(parties) < 2 or "" in parties:
        return provisions

    def branch(p: Provision) -> str:
        """The party, or, for a party argued case by case ('the crane lowboy — if the number of months
        ... is 12 months or less'), the party in that case: a further case of the same party holds as
        for its case argued above, as another party's does (trainer review 15, 12: the crane lowboy
        argued twice in full, once for each date of its prior)."""
        who = party(p)
        lead = words.party_case(who, "").casefold()
        cases = {q.case for q in provisions if party(q) == who and (q.case or "").casefold().startswith(lead)}
        return f"{who}{_CASE_MARK}{p.case}" if len(cases) >= 2 and p.case in cases else who

    def shown_as(unit: str, now: str = "") -> str:
        """A unit as a heading names it: the party, or its case argued above ('the crane lowboy's
        case above')."""
        who, mark, _ = unit.partition(_CASE_MARK)
        return words.its_case_above(who) if mark and now.partition(_CASE_MARK)[0] == who else who

    def fold(items: Iterable[Step], who: str, used: set[str], left: list[Step], where: str,
             under: set[str], top: bool = False, cited: str = "", computing: bool = False) -> list[Step]:
        """cited: the provision of the element the items are argued under, when it cites one of its own
        (the $15 length fee of s. 348.25(8)(a)1): its lines are compared under it, as a provision's
        own elements are under the provision (the single-trip permit's 'exceeds length limitations'
        is its own, never the annual permit's under s. 348.25(8)(b)1 said again)."""
        out: list[Step] = []
        for e in items:
            # a provision's own elements are compared under its own words; the chain beneath them and
            # the exceptions, within the section (the single-trip permit's 'exceeds length limitations'
            # is its own, beside the annual permit's; a truck's weighing is the same under any bracket),
            # a line argued under the same provision first
            own, wide = (cited or where, shape(e)), (_section(where), shape(e))
            # a provision's element stated by another section (who is prosecuted, s. 348.20(1), beside
            # each bracket of s. 348.21) reads the same under any of the brackets: compared as a line
            # beneath them (trainer review 6, 11: argued again for each truck)
            stated = getattr(e, "citation", "") or next(iter(re.findall(r"^(?:under )?s\. (\d+\.\d+)", e.text or "")), "")
            other = bool(stated) and _section(stated) != _section(where)
            earlier = seen.get(own) if (top or cited) and not other else (seen.get(own) or seen.get(wide))
            if earlier is not None and said(e) != said(earlier[0]):
                keys = [own] if (top or cited) and not other else [own, wide]
                earlier = next((x for k in keys for x in also.get(k, ()) if x[1] != who and said(x[0]) == said(e)),
                               earlier)
            # an amount this party's arithmetic shows ('the total excess load ... is 900 lb'): the
            # chain beneath it is what the arithmetic works out
            sums = isinstance(e, Element) and words.worked_out(e) and bool(_figures(e.text)) \
                and _figures(e.text) <= shown
            parts = fold(getattr(e, "parts", ()), who, used, left, where, under,
                         cited=getattr(e, "citation", "") or cited, computing=computing or sums)
            # an exception within an element (the permit's, s. 348.25(2)(a), under the forest-products
            # rule) is compared as one argued at the provision's level
            inner = fold(getattr(e, "exceptions", ()), who, used, left, where, under)

            def kept(e: Step = e, parts: list[Step] = parts, inner: list[Step] = inner) -> Step:
                if isinstance(e, Exception_) and e.status == "fails" and e.reasons:
                    # an exception that does not apply for a further party: its reasons that read as
                    # an earlier party's are left out, the one that differs kept ('... 3,450 lb, more
                    # than the 2,000 lb named in s. 348.21(2)(b)' for the second vehicle, its load not
                    # reloadable as the first vehicle's: issue 46, item 4); at least one stays
                    mine: set[str] = set()
                    alike_here: list[Step] = []
                    reasons = fold(e.reasons, who, mine, alike_here, where, under)
                    # a reason kept must fail it on its own (a condition not met, an exception within
                    # it that applies): the mast lowboy's permit condition violated, never its permit
                    # in force and its weight within the permit said as if they were why
                    failing = [r for r in reasons if getattr(r, "status", "") in ("false", "applies")]
                    if not failing or reasons == list(e.reasons):
                        return e
                    used.update(mine)
                    left.extend(alike_here)
                    return replace(e, reasons=reasons)
                if not isinstance(e, Element):
                    return e
                if parts == list(e.parts) and inner == list(e.exceptions):
                    return e
                return replace(e, parts=parts, exceptions=inner)
            before = any(x != who for x in done)
            if top and open_party and isinstance(e, Element) and e.status == "true":
                # a party left open keeps the elements its own facts meet: its argument says what is
                # established beside the fact it turns on, never 'only what differs' over the open line
                # alone (trainer review 16, 10: the lead's par. (a), met on his own ride's facts, unsaid),
                # with the lines of its own facts that meet it
                out.append(e)
                continue
            if earlier is not None and earlier[1] != who and said(e) == said(earlier[0]) and not parts and not inner:
                used.add(earlier[1])   # holds as for that party: not repeated
                under.add(earlier[2])
                left.append(e)
                continue
            if (earlier is not None or before) and isinstance(e, Element) and e.status == "true" \
                    and (computing or sums or earlier is not None and all(f.startswith("$") for f in _figures(e.text))) \
                    and not parts and not inner and _figures(e.text) \
                    and _figures(e.text) <= shown | _figures(getattr(earlier[0], "text", "") if earlier else ""):
                # a further party's amount worked out, and the lines beneath it, whose figures all
                # stand in its own arithmetic (the weight found and the maximum: '86,200 lb -
                # 80,000 lb = 6,200 lb' shows them): not argued again (trainer review 8, 11: the chain
                # to the excess repeated for each vehicle); nor an amount its arithmetic adds ('the base
                # forfeiture range ... is $150.00 to $250.00': '$150.00 + $160.00 = $310.00'); a figure
                # not in it is one the line shares with the party it was argued for ('which is more than
                # 80,000 lb', a permit truck's excess computed on its permit: trainer review 9); its facts
                # stay in the facts box
                left.append(e)   # (whom it holds as for is said by the lines that read alike)
                continue
            if earlier is None or earlier[1] == who:
                seen.setdefault(own, (e, who, where))
                seen.setdefault(wide, (e, who, where))
                also.setdefault(own, []).append((e, who, where))
                also.setdefault(wide, []).append((e, who, where))
                out.append(kept())
                continue
            if said(e) == said(earlier[0]) and not parts and not inner:
                used.add(earlier[1])   # holds as for that party: not repeated
                under.add(earlier[2])
                left.append(e)
                continue
            also.setdefault(own, []).append((e, who, where))   # argued in full here too: a later case
            also.setdefault(wide, []).append((e, who, where))  # of this party may read as it
            out.append(kept())
        return out

    shown: set[str] = set()   # the figures of the party's own arithmetic (the provision folded)
    done: list[str] = []      # the parties argued so far
    out: list[Provision] = []
    quoted: dict[tuple[str, str], str] = {}   # (provision citation, the words quoted) -> its first party
    headed: dict[str, str] = {}   # party -> the heading said above its last provision
    for p in provisions:
        unit = branch(p)
        who = unit   # compared by its case where the party is argued case by case
        called = party(p)   # the party, as its headings say it
        used: set[str] = set()
        left: list[Step] = []
        under: set[str] = set()   # the provisions the lines left out were argued under
        shown.clear()
        shown.update(_figures(" ".join(p.arithmetic)))
        if who not in done:
            done.append(who)
        open_party = p.outcome == "undetermined"   # read by fold: an open party's met elements are its own
        elements = fold(p.elements, who, used, left, p.citation, under, top=True)
        exceptions = fold(p.exceptions, who, used, left, p.citation, under)
        # quoted once per text: other sentences of the same subdivision are quoted where first argued
        # (s. 348.20(1)'s third sentence for the yard truck after the first and second for the semi:
        # trainer review 13, 12)
        said_as = (p.citation, p.quote or "")
        again = said_as in quoted and quoted[said_as] != who
        quoted.setdefault(said_as, who)
        if not used:
            out.append(replace(p, elements=elements, exceptions=exceptions, alike=left) if left else p)
            continue
        units = [branch(q) for q in provisions]
        firsts = sorted(used, key=units.index)
        first = firsts[0]
        differs = any(True for _ in elements) or any(True for _ in exceptions)
        peers = [u for q, u in zip(provisions, units) if q.citation == p.citation and u in used]
        if p.citation in under and peers:   # a party under the same words leads: said as for it
            first = peers[0]
        if p.citation not in under and differs:   # under other words of the section: its own elements, the lines read alike said above
            heading = words.as_argued_for(called, list(dict.fromkeys(shown_as(f, who) for f in firsts)), quoted=again)
        else:
            # a further case of a party: as for the first party and as for its own case above, both named
            named = words.and_list(list(dict.fromkeys([shown_as(first, who)] + [shown_as(f, who) for f in firsts
                                                                                  if f.startswith(called + _CASE_MARK)])))
            heading = (words.as_for(called, named, quoted=again) if differs
                       else words.same_reasoning(called, named))   # nothing differs: not 'only what differs' over nothing
        if p.case.casefold().startswith(f"{called}:".casefold()):   # headed with the party already ('The second
            # ride: unlawful'; a heading opens with a capital, the party's called in a sentence may not)
            heading = heading[len(called) + 2:]
        elif heading and p.case.casefold().startswith(words.party_case(called, "").casefold()):   # the party and its case ('the
            # excavator lowboy — if ...'): what it leaves out said after them, once
            heading = heading[len(called) + 2:] if heading.casefold().startswith(f"{called}: ".casefold()) else heading
            case = words.case_then(p.case, heading)
            headed[who] = ""
            out.append(replace(p, elements=elements, exceptions=exceptions, quote="" if again else p.quote,
                               alike=left, case=case))
            continue
        if differs and headed.get(who) == heading:   # 'only what is its own' again for the party's next
            heading = ""                                # provision (its lines called the party): said once
        else:
            headed[who] = heading
        case = f"{p.case}; {heading}" if p.case and heading else (p.case or heading)
        out.append(replace(p, elements=elements, exceptions=exceptions, quote="" if again else p.quote, alike=left,
                           case=case))
    return out


_CASE_MARK = "\x00case\x00"   # a party argued case by case, and the case (_shared_once)

# a section number ('348.15') or a subdivision ('(3)', '(b)', '2.'): a citation's, never a figure
_CITED = re.compile(r"(?<![\d,$])\b\d{3}\.\d+\w*|\(\w{1,4}\)|(?<![\d,$])\b\d{1,2}\.(?!\d)")
_FIGURE = re.compile(r"\$[\d,]+(?:\.\d\d)?|\d[\d,]*(?= lb\b| pounds\b)")


def _figures(text: str) -> set[str]:
    """The figures a line states (weights, amounts), its citations set aside: '86,200 lb, which is
    more than 80,000 lb' -> {'86,200', '80,000'}."""
    return set(_FIGURE.findall(_CITED.sub("", text or "")))


def _charged_names(answer: Any) -> dict[str, str]:
    """The person charged over each vehicle, by name, of every entity's proof (answer/each.py)."""
    out: dict[str, str] = {}
    for row in getattr(answer, "each", None) or []:
        proof = getattr(getattr(row, "answer", None), "proof", None) or getattr(row, "proof", None)
        out.update(getattr(proof, "graph", {}).get("charged_names") or {})
    return out


def _gap_holes(answer: Any) -> list[str]:
    """The citations of the subdivisions missing from the excerpt when every row the answer leaves
    undetermined is open for want of one of them ([] otherwise)."""
    rows = list(getattr(answer, "undetermined", None) or [])
    if not rows or not all(e.get("holes") for e in rows):
        return []
    return list(dict.fromkeys(h["citation"] for e in rows for h in e["holes"]))


def _exempted(part: Any, name: str, index: StatuteIndex | None) -> tuple[list[Provision], list[tuple[str, str]], list[str]]:
    """The argument for an entity a question about each answers with no row (answer/each.py: 'no
    forfeiture follows ... for the fifth vehicle', 'no violation found' for a ride): what decides it,
    as a trainer says why a nearby rule does not apply (trainer review 4, handouts 01, 09):

    - a rule of its own proof whose elements are met and an exception applies (s. 348.25 (2) (a):
      within the weight its permit allows, it is not overweight), argued as a near miss concluding in
      the negative of what the rule would have concluded;
    - a rule the case's facts reach for (a condition of its own, derived from the facts, is met: the
      ride came within 100 feet of an angler) that fails on one stated value or fact (8 mph, at most
      10 mph; the rider yielded), argued with that element, concluding 'No violation of s. X:
      <the element that fails>'; the rules of one provision merged into one argument;
    - a section's standing requirements that the stated facts all meet and that nothing of the
      entity's own turns on (lamps, brake, muffler: no met condition but those shared by rules of
      several provisions, such as the date): one line per section, no elements, no quote.

    With the facts it uses and its readings. Nothing for an entity that fails only on conditions
    nothing in the case reaches for (no permit, not weighed): its table row says so."""
    from collections import Counter
    g = part.proof
    b = _Builder(g, index, set())
    found: list[tuple[str, str, str]] = []   # (rule node, provision, 'exception' | 'fails')
    unneeded: set[str] = set()   # the rules whose forbidden fact is stated, not needed on the facts
    for nid in proof_order(g):
        d = g.nodes[nid]
        if d.get("kind") != "rule" or d.get("status") != "false" or not d.get("provision"):
            continue
        kids = ordered_children(g, nid)
        applies = [c for c in kids if g.nodes[c].get("kind") == "negation" and g.nodes[c].get("status") == "false"]
        if applies and all(c in applies or g.nodes[c].get("status") == "true" for c in kids):
            found.append((nid, d["provision"], "exception"))
        elif kids and g.nodes[kids[0]].get("status") == "false" and (
                g.nodes[kids[0]].get("kind") in ("comparison", "fact") or _fails_by_value(g, kids[0])
                or not d.get("after_negated") and _own_wrapper_of_facts(g, kids[0], d["provision"])) \
                and all(g.nodes[c].get("status") == "true" for c in kids[1:]):
            # (a condition checked after the one that fails and met: the rider was prohibited)
            found.append((nid, d["provision"], "fails"))
        elif kids and d.get("after_negated") and g.nodes[kids[0]].get("status") == "false" \
                and _fails_on_facts(g, kids[0]) \
                and {g.nodes[r].get("provision") for r in g.successors(kids[0])} == {d["provision"]}:
            # the rule's forbidden fact is stated (the lamp unlit) and what brings it into play, a
            # condition the law derives, fails on stated facts (no darkness, no right-of-way): argued
            # (trainer review 8, 09, racer d)
            found.append((nid, d["provision"], "fails"))
            unneeded.add(nid)

    def met(nid: str) -> list[dict[str, Any]]:   # the conditions held of the entity's own (not a join, not an exception's negation)
        return [h for h in g.nodes[nid].get("held", []) or [] if h.get("status") == "true" and not h.get("link")
                and not h.get("negated") and not h.get("presumed") and not h.get("comparison")]
    provisions_of: dict[str, set[str]] = {}
    for nid, prov, _ in found:
        for h in met(nid):
            provisions_of.setdefault(h["text"], set()).add(prov)
    shared = {t for t, ps in provisions_of.items() if len(ps) >= 2}   # the date every lamp rule needs: decides nothing

    def own(nid: str) -> list[dict[str, Any]]:
        return [h for h in met(nid) if h["text"] not in shared]

    def reached(nid: str) -> bool:   # a condition of its own met beyond the value compared (the age 29
        # that fails 'under 12' reaches for nothing), or one checked after the one that fails and met
        return any(h.get("derived") or not h.get("link_to") for h in own(nid)) or any(
            g.nodes[c].get("status") == "true" and g.nodes[c].get("kind") == "atom" for c in ordered_children(g, nid)[1:])
    # a section whose requirements the stated facts meet with nothing of the party's own (the lamps,
    # the brake: no 'unless' in its words) is said in one line; its figures (the low beam's 120 feet)
    # with it
    plain = {_section(prov) for nid, prov, how in found if how == "exception" and not own(nid)
             and not _STATES_EXCEPTION.search(g.nodes[nid].get("statute", "") or "")}
    near = [nid for nid, prov, how in found if how == "fails" and reached(nid)
            and _section(prov) not in plain or nid in unneeded]
    # what brings the party within the reach of a rule argued as a near miss (the ride was adjacent to
    # the roadway) decides the rules beside it too (it travelled with traffic): not shared, but its own
    shared -= {h["text"] for nid in near for h in met(nid)}
    # within that reach, a rule failing on a compared value is near too (40 mph, at most 55); one
    # failing on a fact stated false (not on a median) only if a condition of its own reaches for it
    near += [nid for nid, prov, how in found if how == "fails" and nid not in near and reached(nid)
             and _section(prov) not in plain and not any(g.nodes[k].get("kind") == "fact" for k in g.successors(nid))]
    near_sections = {_section(prov) for nid, prov, how in found if nid in near and nid not in unneeded}

    def standing_rule(nid: str) -> bool:
        """A requirement the entity's stated facts meet and nothing of its own turns on: no condition
        of its own met, and what defeats it is a requirement, not an exception the statute states
        ('unless accompanied ...' is the reason a youth rides lawfully: argued) -- or, where the
        words say 'unless', a stated fact of the vehicle (the muffler it is equipped with)."""
        if own(nid):
            # a section nothing of the party's own reaches for (the lamps displayed on a ride the case
            # argues by its distance and time): its requirements met stay in the section's one line
            prov = g.nodes[nid].get("provision", "")
            return (_section(prov) in plain and _section(prov) not in near_sections
                    and not _STATES_EXCEPTION.search(g.nodes[nid].get("statute", "") or ""))
        negs = [c for c in ordered_children(g, nid) if g.nodes[c].get("kind") == "negation"]
        if any(g.nodes[k].get("unmet_alternatives") for c in negs for k in g.successors(c)):
            return False   # met by a second alternative where the first fails on its value: argued (45
            # feet, more than 40, but the brake locks the track: trainer review 8, 10, sled 4)
        if not _STATES_EXCEPTION.search(g.nodes[nid].get("statute", "") or ""):
            return True
        return all(g.nodes[k].get("kind") == "fact" for c in negs for k in g.successors(c))
    out: list[Provision] = []
    standing: Counter[str] = Counter()
    merged: dict[str, Provision] = {}
    within: set[str] = set()   # the nodes beneath a rule argued: said there, never again on their own
    # (the companion rule of s. 350.05(1) inside the owner's s. 350.08, where s. 350.05(1) is met)
    met_said: dict[str, list[tuple[str, str]]] = {}   # a standing section -> [(the fact that meets a requirement, its provision)]
    for nid, prov, how in found:
        if how == "exception" and standing_rule(nid):
            standing[_section(prov)] += 1
    for nid, prov, how in found:
        if how == "exception" and standing_rule(nid):
            met_said.setdefault(_section(prov), []).extend(_requirement_met(b.near_miss(nid, prov), prov))
            continue
        if how == "fails" and (nid not in near or _section(prov) in standing and _section(prov) not in near_sections
                               and nid not in unneeded):
            continue   # a standing requirement's figure (the low beam's 120 feet): said by the section's one line
        if nid in within:
            continue
        stack = list(g.successors(nid))
        while stack:
            k = stack.pop()
            if k not in within:
                within.add(k)
                stack.extend(g.successors(k))
        p = b.near_miss(nid, prov)
        if g.nodes[nid].get("after_negated"):   # the forbidden fact stated, met all the same
            p.elements += [b.held_element(h) for h in g.nodes[nid]["after_negated"]]
        if how == "fails":
            failing = [e.text for e in p.elements if e.status == "false"]
            if not failing:
                continue
            p.exceptions = [x for x in p.exceptions if x.status == "applies"]   # one that fails decides nothing here
            if prov in merged:   # another rule of the same provision: its elements under the first's
                first = merged[prov]
                texts = {e.text for e in first.elements}
                first.elements.extend(e for e in p.elements if e.text not in texts)
                first.elements.sort(key=lambda e: e.status == "false")   # what is met, then what fails
                first.conclusion = words.not_reached(prov, [e.text for e in first.elements if e.status == "false"],
                                                     _is_penalty(index or getattr(part, "_index", None), prov),
                                                     _not_so(g, nid, part))
                continue
            p.conclusion = words.not_reached(prov, failing, _is_penalty(index or getattr(part, "_index", None), prov),
                                             _not_so(g, nid, part))
            merged[prov] = p
        else:
            concluded = [a for a in g if nid in g.successors(a) and g.nodes[a].get("kind") in ("atom", "goal")]
            applies = [x for x in p.exceptions if x.status == "applies"]
            branch = [r.text for r in applies[0].reasons if r.status == "true"] if applies else []
            said = gloss(g.nodes[concluded[0]]) if concluded else ""
            # a duty of the same provision the party breached (the certificate left at home): the
            # provision is not 'satisfied', only its condition of compliance holds (said as before)
            # or none of its other duties checked for the party (a question about the owner): the
            # condition holds, 'as s. 350.05(2) requires', never the whole provision satisfied
            duties = [d.get("status") for k, d in g.nodes(data=True) if k != nid and d.get("kind") == "rule"
                      and d.get("label") == "violation" and d.get("provision") == prov
                      and (d.get("bindings") or {}) == (g.nodes[nid].get("bindings") or {})]
            if applies and applies[0].kind == words.COMPLIANCE and (len(duties) < 2 or "true" in duties):
                facts = branch if branch and (not said or ", or " in said) else [
                    r.text for r in applies[0].reasons if r.status == "true" and not r.parts] or [applies[0].text]
                p.conclusion = words.as_required(prov, facts)
            elif applies and applies[0].kind == words.COMPLIANCE:
                # the provision's own condition of compliance holds: 'is satisfied' (near_miss says it),
                # never 'no violation ... (the exception applies)' (trainer review 16, 09); said with
                # the facts of the branch that holds where its words are a disjunction ('accompanied
                # by a parent, guardian or person over 18': by the uncle, over 18)
                if branch and (not said or ", or " in said):
                    p.conclusion = words.complied(prov, branch + [
                        x.text for x in p.exceptions[1:] if x.status == "applies" and x.kind == words.COMPLIANCE])
            elif branch and (not said or ", or " in said):
                # a disjunction ('was not 12 to 15, or held a valid certificate, or ...') does not say
                # which branch holds: the facts of the one that does
                p.conclusion = words.defeated_by(prov, branch)
            elif applies and re.search(r"\b(?:did|was|were|is|does) not\b.*\bwithout\b", said):
                # a double negative ('did not ... without the exception'): the exception that holds,
                # said positively ('No violation of s. 350.02(2)(b)4: the
                # trail used in the 21:55 ride meets s. 350.02(2)(b)4.a and 4.c (the exception
                # applies)'), never the provision's negation ('the 21:55 ride did not travel at night
                # against the direction of traffic ... without the trail exception', trainer review 7, 09)
                p.conclusion = words.defeated(prov, applies[0].text)
            elif said:
                p.conclusion = said
        out.append(p)
    out = _one_block_each(out, met_said, standing)
    out += _bound_other_cleared(g, part, {p.citation for p in out})
    law = index if index is not None else getattr(part, "_index", None) or default_index()
    for section in standing:
        if not met_said.get(section) and section in met_said:
            continue   # each requirement of it argued in its provision's block
        title = (law.get(section).title or "") if section in law else ""
        # which requirements, each on its stated fact (trainer review 11, G2: 'each requirement checked
        # is met' said nothing of which were checked or on which facts)
        out.append(Provision(citation=section, quote="", law=words.law_name(index, section), outcome="false",
                             conclusion=words.no_shortfall(section, title),
                             checked=words.requirements_met_line(met_said.get(section, []), [name])))
    if not out:
        return [], [], []
    root = g.nodes[g.graph["root"]]
    out[0] = _headed(out[0], words.each_heading(name, gloss(root)))
    _quote_all(out, index if index is not None else getattr(part, "_index", None), b)
    readings: list[str] = []
    for p in out:
        _collect_readings(p, readings)
    return _quoted_once(out), _facts_of(out, b.facts_used(), b.links), readings


def _fails_by_value(g: Any, nid: str) -> bool:
    """A condition the rules beneath it decide on one stated value or fact each (within 150 feet of a
    dwelling: 300 feet, more than 150): a near miss argued by that value, like a comparison."""
    if g.nodes[nid].get("kind") != "atom":
        return False
    rules = list(g.successors(nid))
    return bool(rules) and all(
        g.nodes[r].get("kind") == "rule" and g.nodes[r].get("status") == "false"
        and [g.nodes[k].get("kind") for k in g.successors(r)] == ["comparison"] for r in rules)


def _fails_on_facts(g: Any, nid: str) -> bool:
    """A derived condition each of whose rules fails on one stated fact or compared value (lamps are
    required at night or on a right-of-way: neither stated)."""
    if g.nodes[nid].get("kind") != "atom":
        return False
    rules = list(g.successors(nid))
    return bool(rules) and all(
        g.nodes[r].get("kind") == "rule" and g.nodes[r].get("status") == "false"
        and [g.nodes[k].get("kind") for k in g.successors(r)] in (["comparison"], ["fact"]) for r in rules)


def _unreached(p: Provision, args: list[str], answer: Any,
               said: dict[tuple[str, str], tuple[Provision, int, list[str]]], used: list[tuple[str, str]]) -> None:
    """Under a violation argued (p, concluded of the entities ARGS), the exemptions of its section
    whose one condition the case states of one of them and that do not reach it (answer/exemptions.py;
    trainer review 11, 10: the trapper on his family's farm, s. 350.10(2) reaching only sub. (1)(c),
    not the (1)(g) he violated). Once per party and exemption: a further provision of the section it
    violated is named in the line already said (SAID: (party, exemption) -> the provision it is said
    under, its place there, the provisions it names; USED: the facts said, (sentence, case file place))."""
    if p.outcome != "true" or not p.citation:
        return
    for ex in getattr(answer, "exemptions", None) or []:
        if ex["entity"] not in args or p.citation in ex["defeats"] \
                or any(_section(d) != _section(p.citation) for d in ex["defeats"]):
            continue
        key = (ex["entity"], ex["exception"])
        under, place, violated = said.get(key, (p, len(p.unreached), []))
        if p.citation in violated:
            continue
        violated = violated + [p.citation]
        line = words.exemption_unreached(ex["fact"], ex["loc"], ex["exception"], ex["defeats"], violated)
        if place < len(under.unreached):
            under.unreached[place] = line
        else:
            under.unreached.append(line)
        said[key] = (under, place, violated)
        used.append((ex["fact"], ex["loc"]))   # a fact the argument uses: in the facts box, not the appendix


def _own_wrapper_of_facts(g: Any, nid: str, provision: str) -> bool:
    """A condition the provision derives itself from one stated fact (s. 350.08's labelled phrase
    'knowingly authorize or permit' over the stated knowingly_permitted, under either reading): it
    fails as that fact fails, so the rule is argued as if the fact stood in its place."""
    return _fails_on_facts(g, nid) and {g.nodes[r].get("provision") for r in g.successors(nid)} == {provision}


def _within(citation: str, of: str) -> bool:
    """Whether citation is of or a subdivision of `of` (350.03(2)(a) within 350.03(2))."""
    return citation == of or citation.startswith(of) and citation[len(of):len(of) + 1] in ("(", ".")


def _section(citation: str) -> str:
    """The section a citation is in ('350.09(4)' -> '350.09')."""
    return citation.split("(", 1)[0].strip()


def _presumed_of(part: Any) -> list[tuple[dict[str, Any], str]]:
    """The presumptions one entity's proof relies on ([({"fact", "citation", "reason"}, sentence)]):
    what its "no row" rests on when the case raises nothing (the grain truck: no violation of
    s. 348.17 (2) raised, taken as not so)."""
    g = part.proof
    out: list[tuple[dict[str, Any], str]] = []
    for nid in proof_order(g):
        d = g.nodes[nid]
        if d.get("kind") == "presumed" and all(d.get("fact") != x.get("fact") for x, _ in out):
            out.append(({"fact": d.get("fact", ""), "citation": d.get("citation", ""), "reason": d.get("reason", "")},
                        gloss(d) if d.get("sentence") else ""))
    return out


def _table_order(provisions: list[Provision], table: list[dict[str, Any]], head: bool = False) -> list[Provision]:
    """Several parties (the rows of the table of parties a handout opens with, entity_table): each
    party's provisions together, the parties in the table's order (trainer review 11, G7: the table
    ran scrap, propane, lumber and the argument lumber, propane, scrap). A provision's party is the
    first of them its conclusion names, else its heading's; one that names none stays with the party
    before it. head: the first provision of each party headed with its name and its result in the
    table ('the lumber flatbed: no forfeiture may be imposed (s. 348.21(2)(b))'; its name alone where
    the table gives it a row per person liable), unless headed with its name already (the first
    party's part had no heading, the others had). A table of the persons one entity's violations
    bind, or of fewer than two parties, leaves them as they are."""
    rows = [r for r in table if "more" not in r and (r.get("kind") != "person" or r.get("charged")) and r.get("entity")]
    if len(provisions) < 2:
        return provisions
    names = list(dict.fromkeys(str(r["entity"]) for r in rows))   # an entity with a row per person liable: once
    order = {n.lower(): i for i, n in enumerate(names)}
    if len(names) < 2:
        return provisions
    found = re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n in sorted(order, key=len, reverse=True)),
                       re.I)
    keys: list[int] = []
    for p in provisions:
        m = found.search(p.conclusion or "") or found.search(p.case or "")
        keys.append(order[m.group(0).lower()] if m else (keys[-1] if keys else -1))
    if len({k for k in keys if k >= 0}) < 2:
        return provisions
    ranked = [p for _, _, p in sorted(zip(keys, range(len(provisions)), provisions), key=lambda t: t[:2])]
    if not head:
        return ranked
    out: list[Provision] = []
    seen: set[int] = set()
    for k, p in sorted(zip(keys, provisions), key=lambda t: t[0]):
        if k >= 0 and k not in seen:
            seen.add(k)
            name = names[k]
            own = [r for r in rows if str(r["entity"]) == name]
            if not (p.case or "").lower().startswith((f"{name.lower()}:", words.party_case(name, "").lower())):
                # the result only where it is one (a party argued case by case says its case instead)
                heading = words.party_heading(name, words.table_cells(own[0], rows)[-1] if len(own) == 1 else "")
                if len(own) == 1 and own[0].get("charged") and p.case:
                    # a person's row (_by_person): the person's heading in place of the charge's, what
                    # it shares with a part above kept ('only what differs from ...')
                    from ..core.record import replace
                    at = p.case.find("only what differs")
                    kept = p.case[at:] if at >= 0 else ""
                    p = replace(p, case="")
                    heading = f"{heading}; {kept}" if kept else heading
                p = _headed(p, heading)
        out.append(p)
    return out


def _asked_of(answer: Any, question: str) -> str:
    """The saved question as asked of the case's parties: of one, by its name ('of each vehicle?'
    with one vehicle); of several, of each ('Is each ride lawful ...?', trainer review 12, 09)."""
    saved = getattr(answer, "saved", None)
    case = getattr(answer, "case", None)
    subject = str(getattr(saved, "subject", None) or "")
    if not question or case is None or not subject:
        return question
    called = {**(getattr(case, "roles", None) or {}), **(getattr(case, "names", None) or {})}
    return asked_of_one(question, subject, [case.names.get(e, "") for e, k in case.entities.items() if k == subject],
                        [called.get(e, e) for e, k in case.entities.items() if k == subject])


_UNDETERMINED_LEAD = "it is undetermined whether "


def _grounds_with_content(p: Provision) -> None:
    """The grounds of one provision a conclusion follows on, each with what it rests on: a ground
    whose conditions were all said under another has nothing of its own and is left out ('Ground 2:
    s. 348.19(2)(a) — met' with nothing under it, trainer review 15, G3); one ground left is no list
    of grounds, its conditions the provision's elements."""
    kept = [e for e in p.elements if e.parts or e.exceptions]
    if not kept or len(kept) == len(p.elements):
        return
    if len(kept) > 1:
        p.elements = kept
        return
    only = kept[0]
    p.alternatives = False
    p.elements = list(only.parts)
    p.exceptions = list(only.exceptions) + list(p.exceptions)


def _law_lines_once(provisions: list[Provision]) -> None:
    """A statement of the law itself beneath an element, beside the case's facts, and carrying no
    figure ('pars. (a) and (b) are the related charges of s. 350.101(1)(d)'; 's. 348.21(2)(b) lets an
    operator reload an excess over a weight prescribed in ...'): left out, the provision's quoted
    words say it (trainer review 12, G1 and 04, 3: a line among the elements with no status).
    One with a figure (a limit, a rate) stays where no line beside it says the figure; where one does
    ('... is less than the 10 feet named in s. 350.02(2)(b)1'), the law's line says nothing more and
    goes too: the numbered elements are conditions set against the case's facts, never a rule
    ('3. travel along a state trunk highway must keep 10 feet from the roadway — met', trainer review
    15, G3). The same among the elements a provision lists and the reasons of its exceptions."""
    def said_beside(x: Element, items: list) -> bool:
        figures = _figures(x.text)
        return bool(figures) and all(any(f in _figures(y.text) for y in items if y is not x) for f in figures)

    def law_line(x: Element, items: list, listed: bool) -> bool:
        # listed: only a list the law states that takes the case's value in (never the law's statement
        # that a value is not listed, which is why a rule does not apply); never a line carrying a
        # reading, which says how the law is read at the point it decides ('a marked sanctioned race on
        # frozen public waters is not excepted from s. 350.03(1) (our reading: ...)')
        return (x.source == words.IN_THE_LAW and not x.parts and not x.quotes
                and not words.reading_on(x.text or "")
                and (not _figures(x.text) or said_beside(x, items))
                and (not listed or x.status == "true" and not x.readings))

    def drop(items: list, listed: bool = True, holder: Any = None) -> None:
        if any(x.loc or x.status == "undetermined" for x in items):
            gone = [x for x in items if law_line(x, items, listed)]
            kept = [x for x in items if not any(x is g for g in gone)]
            if kept and gone:
                items[:] = kept
                _class_met(items, gone)
                # a reading the left-out line carried is said where the condition it decides is: never
                # dropped with it ('the use of the trail is approved by the proper authority', met on the
                # reading that a U.S. highway counts as a state trunk highway)
                if holder is not None:
                    for g in gone:
                        holder.readings.extend(r for r in g.readings if r not in holder.readings)

    def prune(items: list) -> None:
        for e in items:
            if e.parts:
                drop(e.parts, listed=False, holder=e)
                prune(e.parts)
            for x in getattr(e, "exceptions", None) or []:
                drop(x.reasons, holder=x)
                prune(x.reasons)
    for p in provisions:
        drop(p.elements, holder=p)
        prune(p.elements)
        for x in p.exceptions:
            drop(x.reasons, holder=x)
            prune(x.reasons)


def _class_met(items: list, gone: list) -> None:
    """A class the case states ('the highway ... is a state trunk highway (case file line 15)', said as a
    plain statement, `given`) whose law's list was left out beside it ('travel along a state trunk
    highway must keep 10 feet ...', 'the department of transportation approves trails near or crossing
    a state trunk highway'): the class line now says the whole condition, the case's class set against
    the list the law names, and is marked met like every other element (trainer review 15, G3: '2. the
    highway ... is a state trunk highway' with no mark). An identity with no law's list beside it
    stays a plain statement."""
    for x in items:
        if not x.given or x.parts or " is " not in (x.text or ""):
            continue
        kind = x.text.rsplit(" is ", 1)[1].strip()
        if kind and any(re.search(rf"\b{re.escape(kind)}\b", y.text or "") for y in gone):
            x.given = False


def _open_once(provisions: list[Provision]) -> None:
    """An open comparison and the unstated fact it compares, said as one line: 'the speed of the
    snowmobile in the electrician's ride is more than 10 mph — open (not stated; it would decide)',
    never 'the case does not state the speed ...' and 'it is undetermined whether the speed ... is
    more than 10 mph' as two elements that say one thing (trainer review 12, 09)."""
    def merge(items: list) -> None:
        for e in list(items):
            if e.parts:
                merge(e.parts)
            for x in getattr(e, "exceptions", None) or []:
                merge(x.reasons)
        unknowns = [u for u in items if u.status == "undetermined" and not u.parts
                    and u.text.startswith(words.UNKNOWN_LEAD)]
        for u in unknowns:
            asked = u.text[len(words.UNKNOWN_LEAD):].split(",", 1)[0].strip()
            compared = [c for c in items if c is not u and c.status == "undetermined" and not c.parts
                        and c.text.startswith(_UNDETERMINED_LEAD + asked + " is ")]
            if len(compared) != 1:
                continue
            c = compared[0]
            c.text, c.source, c.loc = c.text[len(_UNDETERMINED_LEAD):], u.source, u.loc
            items.remove(u)
    for p in provisions:
        merge(p.elements)
        for x in p.exceptions:
            merge(x.reasons)


def _cased(p: Provision, case: str) -> Provision:
    from ..core.record import replace
    return replace(p, case=case)


def _headed(p: Provision, heading: str) -> Provision:
    from ..core.record import replace
    # a heading opens with a capital, whichever party it names (trainer review 13, 03.5)
    if p.case:
        # the party named once: 'The 13-year-old's ride: undetermined; only what differs from ...', never
        # 'The 13-year-old's ride: undetermined; The 13-year-old's ride: only what differs ...'
        who, sep, rest = p.case.partition(": ")
        if sep and heading.lower().startswith(who.lower() + ": "):
            return replace(p, case=words.cap_first(f"{heading}; {rest}"))
        return replace(p, case=words.cap_first(f"{heading}; {p.case}"))
    return replace(p, case=words.cap_first(heading))


MAX_CAST = 12     # named entities an argument lists by name and id; the rest are counted


def cast_of(case: Any) -> list[dict[str, Any]]:
    """The case's named entities as an argument introduces them ({"name", "id", "kind"}, in the
    order of the case file; the first MAX_CAST, then {"more": N})."""
    names = getattr(case, "names", None) or {}
    from ..facts.case import id_name
    roles = getattr(case, "roles", None) or {}   # a role names its kind: 'the first operation [o1]'
    kinds = getattr(case, "entities", None) or {}
    # an id's own words do not ('the lowboy [lowboy], a vehicle'): its kind is said as of a name
    role_words = {e for e, r in roles.items() if r != id_name(e, kinds.get(e, ""))}
    out: list[dict[str, Any]] = [{"name": names[e], "id": e, "kind": "" if e in role_words else kinds.get(e, "")}
                                 for e in kinds if e in names]
    if len(out) > MAX_CAST:
        out = out[:MAX_CAST] + [{"more": len(out) - MAX_CAST}]
    return out


MAX_TABLE = 40   # rows of the table of entities a handout opens with


def entity_table(answer: Any) -> list[dict[str, Any]]:
    """An answer about several entities (its question's first variable takes two or more values): per
    entity, in the bindings' order, its result in words ({"entity": its name, "established": [results],
    "open": [what stays open, with the facts that would decide it], "imposed_on": who is liable where
    the question has an offender}). A row open only on facts the case never raises is left out (the
    answer line says those as not examined); an entity with nothing found says so ('no violation
    found'). A question about one entity whose violations bind two or more people: one row per person
    liable. [] for an answer about one entity and one person."""
    rows = [b for b in getattr(answer, "bindings", None) or [] if b.get("answer") in ("true", "undetermined")]
    if not rows:
        return []
    names = [k for k in rows[0] if k != "answer"]
    if not names:   # a question with no variable: about the entities it names
        return []
    each = {r["entity"] for r in getattr(answer, "each", None) or []}
    if each:   # a question about each entity of a kind (answer/each.py): its rows by that entity
        key = next((n for n in names if all(str(b.get(n)) in each for b in rows)), names[0])
        names = [key] + [n for n in names if n != key]
    subjects = list(dict.fromkeys(str(b.get(names[0])) for b in rows))
    absent = [r for r in getattr(answer, "each", None) or [] if r.get("part") is not None and not r.get("argued")]
    violations = str(getattr(answer, "query", "") or "").startswith("violation(") and len(names) == 2
    offenders = _offenders(answer) if violations else {}
    if len(subjects) + len(absent) < 2:
        return _person_table(answer, rows, names, offenders) if violations else []
    labels = getattr(getattr(answer, "case", None), "names", None) or {}
    types = getattr(answer, "types", None) or {}
    holes = {str((e.get("binding") or {}).get(names[0])): [h["citation"] for h in e.get("holes") or []]
             for e in getattr(answer, "undetermined", None) or [] if e.get("holes")}
    unraised = {_key(e.get("binding") or {}) for e in unraised_rows(answer)}
    quiet: set[str] = set()   # the parties with a row the case does not raise
    in_issue = {_key(e.get("binding") or {}) for e in getattr(answer, "undetermined", None) or []
                if "more" not in e and e.get("raised")}   # a row a stated fact engages (answer/openrows.py)
    facts_of = {_key(e.get("binding") or {}): list(e.get("missing") or [])
                for e in getattr(answer, "undetermined", None) or [] if "more" not in e}
    on = _imposed_on(answer)
    either = {r["entity"] for r in getattr(answer, "each", None) or [] if r.get("by_cases")}
    table: dict[str, dict[str, Any]] = {}
    engaged = list(getattr(answer, "engaged", None) or [])
    open_cites: dict[str, list[tuple[str, list[str]]]] = {}
    open_values: dict[str, list[tuple[str, list[str]]]] = {}
    none_of: dict[str, list[bool]] = {}   # per entity: each open candidate false when its facts are not so
    none_if_false = {_key(e.get("binding") or {}) for e in getattr(answer, "undetermined", None) or []
                     if "more" not in e and e.get("none_if_unknown_false")}
    open_who = {_key(e.get("binding") or {}): str(e.get("offender_said") or "").split(" (", 1)[0]
                for e in getattr(answer, "undetermined", None) or [] if "more" not in e} if violations else {}
    pair = [n for n in names[1:] if types.get(n) and types.get(n) == types.get(names[0])]
    not_so = not_so_words(str(getattr(answer, "query", "") or "").split("(", 1)[0].strip())
    so = so_words(str(getattr(answer, "query", "") or "").split("(", 1)[0].strip())
    open_sentence = {_key(e.get("binding") or {}): str(e.get("sentence") or "")
                     for e in getattr(answer, "undetermined", None) or [] if "more" not in e}
    charged = _pair_people(answer, rows) if pair else {}
    if charged:   # a relation between charges of one person ('count 1 and count 2 shall be joined'): a row
        # per person, not per charge repeating the same sentence (review 4, handout 04)
        for b in rows:
            said = _row_sentence(answer, b)
            who = charged[_key(b)]
            row = table.setdefault(who, {"entity": labels.get(who, who), "established": [], "open": [],
                                         "kind": "person"})
            row["established" if b["answer"] == "true" else "open"].append(said)
        return list(table.values())
    # a party the case does not name (an unknown reference: the sled's manufacturer) by its role, never
    # as another party of the case nor 'not known' (trainer review 9)
    unnamed = [q for e in getattr(answer, "undetermined", None) or [] if "more" not in e
               and (e.get("binding") or {}).get(names[0], "") in (None, UNKNOWN) for q in e.get("unnamed") or []]
    for b in rows:
        row = table.setdefault(str(b.get(names[0])), {"entity": words.unnamed_party(unnamed)
                                                      if unnamed and b.get(names[0]) in (None, UNKNOWN)
                                                      else words.table_value(b.get(names[0]), types.get(names[0]), labels),
                                                     "established": [], "open": [],
                                                     "kind": types.get(names[0], "")})
        if b["answer"] != "true" and str(b.get(names[0])) not in either and (
                _key(b) in unraised or violations and engaged and not of_engaged(str(b.get(names[1])), engaged)
                and _key(b) not in in_issue):
            if _key(b) in unraised:
                quiet.add(str(b.get(names[0])))
            continue   # open only on facts the case never raises: not a result of this party
        phrases = getattr(answer, "words", None) or {}
        values = [words.table_value(b.get(n), types.get(n), {**labels, **phrases.get(n, {})}) for n in names[1:]]
        money = len(values) == 2 and all(types.get(n) == "money" for n in names[1:])   # a range: Min to Max
        said = (values[0] if values[0] == values[1] else " to ".join(values)) if money else ", ".join(values)
        if money and b["answer"] == "true" and all(b.get(n) == 0 for n in names[1:]):
            # a range of nothing: the words the answer says ('no forfeiture may be imposed'), never '$0.00'
            said = words.nothing_imposed(_row_sentence(answer, {**b, **{n: show_money(0) for n in names[1:]}})) or said
        if violations and b["answer"] == "true":
            said = words.violated(said)
        elif b["answer"] == "true" and all(types.get(n) == "money" for n in names[1:]):   # '$65.00 (s. 348.25(8)(a))'
            said = words.amount_under(said, _provision_of(answer, str(b.get(names[0]))))
        elif b["answer"] == "true" and so:   # the party with what the row is in the law's words, never
            # its bare name ('the skip: violated both pars. (a) and (b); ...': trainer review 16, 10)
            said = words.so_row(said, so)
        if pair:   # a relation between entities of one kind ('c1 and c2 shall be joined'): the row's sentence,
            # never a bare name under 'Established'; each other entity of the pair gets the same row
            # a row left open: whether its sentence holds, with the facts that decide it, on both of its
            # entities' rows, never the other entity's bare name (trainer review 15, 10: 'the brother in
            # law's par. (b) charge | the brother in law's par. (b) charge')
            sentence = _row_sentence(answer, b) or (open_sentence.get(_key(b), "") if b["answer"] != "true" else "")
            said = (sentence if b["answer"] == "true" or not sentence else whether(sentence)) or said
            for n in pair:
                other = str(b.get(n))
                mate = table.setdefault(other, {"entity": words.table_value(b.get(n), types.get(n), labels),
                                                "established": [], "open": [], "kind": types.get(n, "")})
                mate["established" if b["answer"] == "true" else "open"].append(
                    said if b["answer"] == "true" else words.open_on(said, facts_of.get(_key(b), [])))
        if b["answer"] != "true" and holes.get(str(b.get(names[0]))):   # open because the excerpt lacks a subdivision
            said = words.not_computed(holes[str(b.get(names[0]))])
        elif b["answer"] != "true" and str(b.get(names[0])) not in either:
            if violations:   # said once per party below, with the facts that would decide it
                who_open = open_who.get(_key(b), "")   # whom the open provision would bind: that person's row
                open_cites.setdefault(f"{b.get(names[0])}{_PERSON}{who_open}" if who_open else str(b.get(names[0])),
                                      []).append((said, facts_of.get(_key(b), [])))
                continue
            # an amount open among several candidates: said together below, as the one fact they turn on
            open_values.setdefault(str(b.get(names[0])), []).append((said, facts_of.get(_key(b), [])))
            none_of.setdefault(str(b.get(names[0])), []).append(_key(b) in none_if_false)
            if on and not row.get("imposed_on"):
                row["imposed_on"] = _on_row(on, b, names)
            continue
        who = offenders.get((str(b.get(names[0])), str(b.get(names[1]))), "") \
            if violations and b["answer"] == "true" else ""
        if who:   # one row per person liable in the operation, each with that person's own violations
            # (review 4, 01: 'Quinn Adler, Chris Meyer, Chris Meyer | violated s. 350.08, s. 350.101(1)(a) ...')
            row = table.setdefault(f"{b.get(names[0])}{_PERSON}{who}", {"entity": row["entity"], "established": [],
                                                                        "open": [], "kind": row["kind"],
                                                                        "imposed_on": who})
        row["established" if b["answer"] == "true" or str(b.get(names[0])) in either else "open"].append(said)
        if on and not who:
            row["imposed_on"] = _on_row(on, b, names)
    for e, left in open_values.items():   # an entity's open amounts: each candidate with its facts, or,
        # where every candidate turns on the same facts, those facts once (review 7, 08: six bracket ranges
        # of the steel hauler, each 'the case does not state the weight ...', said as the missing weight)
        facts = [list(f) for _, f in left]
        if len(left) > 1 and facts[0] and all(f == facts[0] for f in facts) \
                and all(types.get(n) == "money" for n in names[1:]):
            table[e]["open"].append(words.open_amount(_open_noun(answer, e), facts[0]))
        elif len(left) > 1 and facts[0] and all(sorted(f) == sorted(facts[0]) for f in facts):
            # the candidates of one party all on the same facts (the friend's conviction for the ride
            # back: par. (a) alone, merged, par. (b) alone, or none, on the two verdicts): the candidates
            # once, those facts once (trainer review 13, 10: the verdicts said three times in one cell)
            table[e]["open"].append(words.open_among([said for said, _ in left], facts[0],
                                                     none=all(none_of.get(e) or [False])))
        elif len(left) == 1 and so and _open_on_element(answer, e):
            # a row whose one open element decides it: each way with what it makes of the row, the
            # violation found in any case named ('if ... 0.1 or more, violated both pars. (a) and (b);
            # if not, not joined: violated s. 350.101(1)(a)': trainer review 16, 10, the lead)
            yes, no, found = _open_on_element(answer, e)  # type: ignore[misc]
            table[e]["open"].append(words.open_on_element(yes, so, no, _otherwise_clause(answer), found,
                                                          left[0][1]))
        elif len(left) == 1 and _open_both_ways(answer, e):
            # decided both ways by the facts the case does not state: each way with its result
            ways, on_facts = _open_both_ways(answer, e)  # type: ignore[misc]
            table[e]["open"].append(words.open_both_ways(left[0][0], ways, on_facts, _open_noun(answer, e)))
        else:
            # a party the case does not name ('not known'): the role it would hold, once (review 13, 12)
            table[e]["open"] += [(said == words.NOT_KNOWN and words.open_party(f)) or words.open_on(said, f)
                                 for said, f in left]
    merged: dict[str, list[tuple[str, list[str]]]] = {}
    open_liable: dict[str, list[str]] = {}   # a row's open provisions: whom they would bind
    for e in getattr(answer, "undetermined", None) or []:
        if "more" not in e and e.get("liable") and not violations:
            open_liable.setdefault(str((e.get("binding") or {}).get(names[0])), []).append(
                labels.get(str(e["liable"]), str(e["liable"])))
    ruled_out = [(c, clear) for c, clear in not_violated(answer)] if violations else []
    cleared = {e for _, clear in ruled_out for e in clear}
    case_of = getattr(answer, "case", None)   # the parties the case names, by id, name or role
    ids = {*(getattr(case_of, "entities", None) or {}), *(getattr(case_of, "names", None) or {}).values(),
           *(getattr(case_of, "roles", None) or {}).values()}
    for e, left in open_cites.items():   # a person's open rows on that person's row where the operation
        # has rows by person (another found liable: the owner's s. 350.08 open beside the operator's
        # violations), or for a party the case does not name where it rules provisions out (the
        # operator's: the unnamed owner's open s. 350.08 never beside them, trainer review 10, 09);
        # else on the operation's own row, as before
        entity = e.split(_PERSON)[0]
        at = e if e in table or any(k.startswith(entity + _PERSON) for k in table) \
            or (_PERSON in e and entity in cleared and e.split(_PERSON)[1] not in ids) else entity
        merged.setdefault(at, []).extend(left)
        if _PERSON in e:
            open_liable.setdefault(at, []).append(e.split(_PERSON)[1])
    # a provision left open for two or more parties: its facts said once, at the end, not in each row
    # (review 6, 09: s. 350.08's 80 words printed for each of four rides)
    repeated = {c for c, n in Counter(c for left in merged.values() for c, _ in left).items() if n >= 2}
    for e, left in merged.items():   # 'open: whether it violated s. A; the case does not state ...'
        if e not in table:   # a person's open row beside the operation's
            base = table[e.split(_PERSON)[0]]
            table[e] = {"entity": base["entity"], "established": [], "open": [], "kind": base["kind"],
                        "imposed_on": e.split(_PERSON)[1]}
        table[e]["open"].append((words.open_on(left[0][0], left[0][1]) if left[0][0] not in repeated
                                 else words.open_as_for_each(left[0][0])) if len(left) == 1
                                else words.open_many([c for c, _ in left]))
    for c, clear in ruled_out:   # a report's engaged provision the case rules out for it
        for e in clear:
            people = [k for k in table if k.startswith(f"{e}{_PERSON}")]
            if len(people) == 1 and e in table and not table[e]["established"] and not table[e]["open"] \
                    and not table[people[0]]["open"]:
                table[people[0]]["established"].append(words.no_violation(c))   # beside its one person's
            elif e in table:
                table[e]["established"].append(words.no_violation(c))
    for e in cleared:   # an operation's row of rulings out only: whom they are about, where its
        # provisions bind one person alone (its operator: 'the 13-year-old | no violation of ...',
        # never a blank beside the owner's open row, trainer review 10, 09)
        mine = table.get(e)
        if mine is not None and not mine["open"] and not mine.get("imposed_on") \
                and any(k.startswith(e + _PERSON) for k in table):
            bound = {str(u.get("liable")) for u in getattr(answer, "undetermined", None) or []
                     if str((u.get("binding") or {}).get(names[0])) == e and u.get("liable")}
            if len(bound) == 1:
                mine["imposed_on"] = words.table_value(bound.pop(), "person", labels)
    for e, c, reading, otherwise in _decided_by_reading(answer, rows, names) if violations else ():
        # a row our reading of the law rules out, open under another: the row says it rests on a
        # reading (review 6, 09: s. 350.02(2)(b)4 with 4.b not in the excerpt)
        if e not in table:   # a party with no row of its own yet (nothing found on our reading): its row
            # says the reading, never a flat 'no violation found' (review 7, 09: the 21:55 ride)
            table[e] = {"entity": words.table_value(e, types.get(names[0]), labels), "established": [],
                        "open": [], "kind": types.get(names[0], "")}
            if on:
                table[e]["imposed_on"] = ""
        table[e]["established"].append(words.no_violation_on_reading(c, reading, otherwise))
    phrases = getattr(answer, "words", None) or {}
    alt_cells: dict[str, list[str]] = {}   # a row's results under another reading, said after its own
    for e, theirs, alt, c, key in _otherwise_by_reading(answer, rows, names) if not violations else ():
        # a row whose result another reading of the law changes (a range, a value): the row says the
        # other result and the reading it rests on (review 7, 11: the fuel tanker's $100-$200 is $50-$100
        # if the court counts the original judgment, s. 348.21(4) 'may')
        if e in table:
            then = [_cell_value(b, names, types, labels, phrases) for b in theirs]
            cell = words.otherwise_on_reading(then, alt, c, key)
            table[e]["established"].append(cell)
            # marked, so that a later step (apps/assumptions.py: this case's conviction entered late,
            # answered on our readings only) does not read the cell's absence there as a change
            table[e].setdefault("on_reading", []).append(cell)
            alt_cells.setdefault(e, []).append(cell)
    for r in getattr(answer, "each", None) or []:   # an entity of the question's kind with no row: its own answer
        if r.get("part") is not None and not r.get("argued") and r["entity"] not in table:
            table[r["entity"]] = {"entity": words.table_value(r["entity"], types.get(names[0]), labels),
                                  "established": [words.nothing_found(str(getattr(answer, "query", "") or ""))
                                                  if violations else words.not_so_row(not_so, answer_line(r["part"]))
                                                  if not_so else words.no_row(answer_line(r["part"]))], "open": [],
                                  "kind": types.get(names[0], ""), "none": True}   # nothing found for it
            if on:
                table[r["entity"]]["imposed_on"] = ""
    for o in getattr(answer, "otherwise", None) or []:   # a "no" the law reaches otherwise (answer/otherwise.py):
        # never 'no one' and cleared (s. 348.25 (2) (b): the crane over its permit weight only)
        if o["entity"] in table:
            amounts, liable = _instead(o["answer"], o["entity"])
            if amounts:
                table[o["entity"]]["established"] = [words.instead_cell(_noun_of(answer, o["entity"]), o["lead"], amounts,
                                                                     str(o.get("condition") or ""))]
                if liable:
                    table[o["entity"]]["imposed_on"] = liable
    for e in either:   # one of its rows holds in every world: each with the case it holds in, else 'one of: ... or ...'
        if e in table:
            table[e]["established"] = [words.one_of_cases(_values_by_case(answer, e, table[e]["established"]))
                                       or words.one_of(table[e]["established"])]
    for key in [k for k in table if _PERSON not in k and any(j.startswith(k + _PERSON) for j in table)]:
        found = [j for j in table if j.startswith(key + _PERSON)
                 and any(v.startswith(words.VIOLATED) for v in table[j]["established"])]
        if found and not table[key]["open"] and all(v.startswith(words.no_violation("")[:-1])
                                                    for v in table[key]["established"]):
            # its rulings out said on the row of the person found liable in it, not on a row of its
            # own liable 'no one' (review 6, 09)
            table[found[0]]["established"] += table[key]["established"]
            table[key]["established"] = []
        if not table[key]["established"] and not table[key]["open"]:
            del table[key]   # its people have their rows: no 'no violation found' beside them
    for key, row in table.items():   # nothing established and nothing the case raises left open
        # (on our reading: a result another reading gives follows it, never stands as the row's own; the
        # dealer's muffler duty of s. 350.09(6) not raised, s. 350.09(7) only if sub. (8) reads otherwise)
        if not [v for v in row["established"] if v not in alt_cells.get(key, [])] and not row["open"]:
            row["established"] = [words.not_shown(str(getattr(answer, "query", "") or "")) if key in quiet
                                  else words.nothing_found(str(getattr(answer, "query", "") or ""))] + row["established"]
        if violations or on:
            row.setdefault("imposed_on", "")
        if (violations or on) and row["open"] and not row.get("imposed_on") and (
                not any(v.startswith(words.VIOLATED) for v in row["established"]) if violations
                else not row["established"]):
            # open: whom what stays open would bind ('possibly the 07:10 rider'), never 'no one'
            key = next((k for k, v in table.items() if v is row), "")
            lacked = holes.get(key.split(_PERSON)[0], ())
            row["imposed_on"] = words.possibly_liable(open_liable[key]) if open_liable.get(key) \
                else words.not_established(lacked if lacked and row["open"] == [words.not_computed(lacked)] else ())
    if violations and not any(r.get("imposed_on") for r in table.values()):
        for row in table.values():
            row.pop("imposed_on", None)
    order = {r["entity"]: i for i, r in enumerate(getattr(answer, "each", None) or [])}
    if pair:   # a relation between charges: a row per person charged, never per charge
        table = _by_person(answer, table, order) or table
    out = sorted(table.values(), key=lambda row: (order.get(_entity_id(row, table).split(_PERSON)[0], len(order)),
                                                  str(row.get("imposed_on", "")).startswith(words.NOT_ESTABLISHED)))   # found first
    return out[:MAX_TABLE] + ([{"more": len(out) - MAX_TABLE}] if len(out) > MAX_TABLE else [])


def _instead(other: Any, entity: str) -> tuple[list[str], str]:
    """([its established amounts, each with the provision it is under], whom it is imposed on) of
    the other saved question's answer about one entity (Answer.otherwise)."""
    types = getattr(other, "types", None) or {}
    labels = getattr(getattr(other, "case", None), "names", None) or {}
    out: list[str] = []
    for b in getattr(other, "bindings", None) or []:
        if b.get("answer") != "true":
            continue
        names = [n for n in b if n != "answer" and str(b.get(n)) != entity]
        values = [words.table_value(b.get(n), types.get(n), labels) for n in names]
        money = len(values) == 2 and all(types.get(n) == "money" for n in names)
        said = (values[0] if values[0] == values[1] else " to ".join(values)) if money else ", ".join(values)
        if len(names) == 1 and words.is_citation(b.get(names[0])):   # a violation found instead: 'violated
            # s. 350.101(1)(b)', never 's. 350.101(1)(b) under s. 350.101(1)(b)' (trainer review 16, 10)
            out.append(words.violated(said))
            continue
        out.append(words.amount_by(said, _provision_of(other, entity)))
    return out, _imposed_on(other).get(entity, "")


def _held_penalty(row: Any) -> tuple[list[str], str, bool]:
    """([its amounts, each with its provision], whom it binds, whether a first conviction is taken
    because the case lists no prior) of the penalty question's answer about a held subject
    (Answer.held): whom as the table says it ('where practicable, the authority holder (s.
    348.20(1)), not named in the case' where the case names no one)."""
    other = row["answer"]
    amounts, whom = _instead(other, row["entity"])
    g = getattr(other, "proof", None)
    # a first conviction only because the case lists no prior (a 'none listed' fact of the record)
    first = g is not None and any(d.get("none_listed") and d.get("pred") == priors.RECORD_OF
                                  for _, d in g.nodes(data=True))
    if g is not None:   # whom the case does not name: by the role the law names (the scenario's 'its
        # driver' is the operator, not the authority holder s. 348.20(1) names)
        for _, d in g.nodes(data=True):
            if d.get("penalty") and d.get("offence_in_id") == row["entity"] and d.get("status") == "true" \
                    and not d.get("offender") and not d.get("penalty_parts"):
                whom = part_cell(dict(d, offender_said="")) or whom
                break
    return amounts, whom, first


def _noun_of(answer: Any, entity: str) -> str:
    """What the question asks for, in words ('permit-condition forfeiture'), from the answer about
    the entity alone (its root's open_absent); '' when it does not say."""
    part = next((r.get("part") for r in getattr(answer, "each", None) or [] if r.get("entity") == entity), None)
    g = getattr(part if part is not None else answer, "proof", None)
    if g is None or g.graph.get("root") is None:
        return ""
    return str(g.nodes[g.graph["root"]].get("open_absent") or "").partition("|")[0]


def _open_both_ways(answer: Any, entity: str, said: list[dict] | None = None) -> tuple[list[tuple[str, bool]], list[str]] | None:
    """An entity asked on its own whose one open row the split decides both ways on one fact the
    case does not state (explain/cases.py branches): ([(the values that way, the row holds there)],
    [the fact]); None otherwise. said: its branches as the handout says them (_at_bounds)."""
    for row in getattr(answer, "each", None) or []:
        opened = _opened(row)
        if str(row.get("entity")) != entity or opened is None:
            continue
        branches = list(said if said is not None else getattr(opened, "branches", None) or [])
        facts = list(dict.fromkeys(str(w.get("fact")) for b in branches for w in b.get("when") or []))
        if len(branches) < 2 or len(facts) != 1 or len({repr(sorted((b.get("row") or {}).items())) for b in branches}) != 1:
            return None
        ways = []
        for b in branches:
            cond = str(b.get("condition") or "")
            if not cond.startswith(facts[0] + " is "):
                return None
            ways.append((cond[len(facts[0]) + 4:], b.get("answer") == "true"))
        return ways, facts
    return None


def _open_on_element(answer: Any, entity: str) -> tuple[str, str, list[str]] | None:
    """(the sentence of the one derived condition left open in an entity's open row, its negative,
    [the provisions found violated in that row's rule in any case]) where one such condition decides
    the row (the operator's alcohol concentration of 0.1 or more, par. (b), for a rider who refused
    the test, par. (a) met); None otherwise."""
    for row in getattr(answer, "each", None) or []:
        opened = _opened(row)
        g = getattr(opened, "proof", None) if str(row.get("entity")) == entity else None
        if g is None:
            continue
        open_atoms = [n for n, d in g.nodes(data=True) if d.get("kind") == "atom" and d.get("status") == "undetermined"]
        lowest = [n for n in open_atoms if not any(m != n and m in open_atoms for m in below(g, n))]
        if len(lowest) != 1 or not g.nodes[lowest[0]].get("sentence") or not g.nodes[lowest[0]].get("negative"):
            return None
        found = [a for n, d in g.nodes(data=True) if d.get("kind") == "atom" and d.get("status") == "true"
                 and d.get("pred") == "violation" for a in label_args(d)[1:2]]
        d = g.nodes[lowest[0]]
        return str(d["sentence"]), str(d["negative"]), [c for c in found if words.is_citation(c)]
    return None


def _otherwise_clause(answer: Any) -> str:
    """The first clause of the saved question's `otherwise:` lead ('Not joined'): what a row the
    answer says "no" for is; '' without one."""
    saved = getattr(answer, "saved", None)
    lead = str((getattr(saved, "otherwise", None) or {}).get("lead") or "")
    return lead.split(":", 1)[0].strip() if ":" in lead else ""


def _opened(row: Any) -> Any:
    """An entity's own answer that stays open: the open part of an amount or relation asked on its
    own, or the part of a yes/no question about each entity whose answer is open (the neighbour's
    ride, lawful or not on its clock time: trainer review 14, 09); None otherwise."""
    if row.get("open_part") is not None:
        return row["open_part"]
    part = row.get("part")
    return part if part is not None and row.get("argued") and row.get("answer") == "undetermined" else None


def _at_bounds(branches: list[dict], readings: list[str]) -> list[dict]:
    """The branches with each value that bounds a run of a branch (a cut of the split: '07:00')
    said with our reading of the statute's words that puts it on that side, where one of the
    readings is of quoted words and speaks of that value exactly ('07:00 or earlier, or 22:30 or
    later (07:00 itself on our reading of "and 7 a.m."; ...)': the boundary in the statute's words,
    the assumption visible where it decides: trainer review 14, 09)."""
    out = []
    for b in branches:
        points = [v for w in b.get("when") or [] for v in w.get("values") or []
                  if not str(v).startswith(("below ", "above ", "between ", "any "))]
        notes = []
        for v in dict.fromkeys(points):
            quote = next((m.group(1) for r in list(b.get("readings") or []) + list(readings)
                          for m in [re.match(r'^("[^"]+") \(s\. ', r)]
                          if m and "exactly" in r and re.search(r"(?<![\w:.])" + re.escape(str(v)) + r"(?![\w:])", r)),
                         None)
            if quote:
                notes.append((str(v), quote))
        out.append({**b, "condition": b["condition"] + words.bounds_on_readings(notes)} if notes else b)
    return out


def _violated_ways(part: Any) -> list[str]:
    """The provisions an open part's branches find violated, each once ('s. 350.10(1)(g)')."""
    return list(dict.fromkeys(words.table_value(str(v.get("provision")), "", {})
                              for b in getattr(part, "branches", None) or [] for v in b.get("violations") or []
                              if v.get("provision")))


def _open_noun(answer: Any, entity: str) -> str:
    """What an entity's open amount is, with the section it is under ('forfeiture under s. 348.21')."""
    return next((open_noun(e) for e in getattr(answer, "undetermined", None) or []
                 if "more" not in e and entity in {str(v) for v in (e.get("binding") or {}).values()}), "amount")


def _decided_by_reading(answer: Any, rows: list, names: list) -> list[tuple[str, str, str, str]]:
    """(entity, provision, our reading's words, the other reading's words) of each violation row our
    reading rules out while another reading of the law leaves it open or finds it
    (answer/interpretation.py turns_on)."""
    interp = getattr(answer, "interpretation", None)
    if not isinstance(interp, dict) or len(names) != 2:
        return []
    ours = {(str(b.get(names[0])), str(b.get(names[1]))) for b in rows}
    out: list[tuple[str, str, str, str]] = []
    for t in interp.get("turns_on") or []:
        for b in t.get("bindings") or []:
            vals = [str(v) for k, v in b.items() if k != "answer"]
            if len(vals) == 2 and b.get("answer") in ("true", "undetermined") and (vals[0], vals[1]) not in ours \
                    and not any(o[:3] == (vals[0], vals[1], t.get("ours") or "") for o in out):
                out.append((vals[0], vals[1], str(t.get("ours") or ""), str(t.get("words") or "")))
    return out


def _cell_value(b: dict[str, Any], names: list, types: dict, labels: dict, phrases: dict) -> str:
    """A row's values as the table says them ('$50.00 to $100.00'; 'possibly ...' where the row is open)."""
    values = [words.table_value(b.get(n), types.get(n), {**labels, **phrases.get(n, {})}) for n in names[1:]]
    money = len(values) == 2 and all(types.get(n) == "money" for n in names[1:])
    said = (values[0] if values[0] == values[1] else " to ".join(values)) if money else ", ".join(values)
    return said if b.get("answer") == "true" else words.possibly(said)


def _otherwise_by_reading(answer: Any, rows: list, names: list) -> list[tuple[str, list, str, str, str]]:
    """(entity, its rows under another reading, that reading's words, the phrase's provision, the word
    the readings differ on) of each
    entity whose rows another reading of the law changes while it keeps rows of its own (a range or
    a value read otherwise: answer/interpretation.py turns_on); the rows an entity loses or gains
    whole are said by _decided_by_reading."""
    interp = getattr(answer, "interpretation", None)
    if not isinstance(interp, dict) or len(names) < 2:
        return []
    def of(bs: list) -> dict[str, list]:
        out: dict[str, list] = {}
        for b in bs:
            out.setdefault(str(b.get(names[0])), []).append(
                (tuple(str(b.get(n)) for n in names[1:]), str(b.get("answer", ""))))
        return out
    ours = of(rows)
    found: list[tuple[str, list, str, str, str]] = []
    for t in interp.get("turns_on") or []:
        bindings = [b for b in t.get("bindings") or [] if b.get("answer") in ("true", "undetermined")]
        theirs = of(bindings)
        for e, mine in ours.items():
            if e in theirs and sorted(theirs[e]) != sorted(mine):
                found.append((e, [b for b in bindings if str(b.get(names[0])) == e], str(t.get("words") or ""),
                              str(t.get("citation") or ""), str(t.get("key") or "")))
    return found


_PERSON = "\x1f"   # a table key's separator: an operation's row for one person liable in it


def _provision_of(answer: Any, entity: str) -> str:
    """The provision of the rule that concludes the answer's row about entity (the forfeiture of
    s. 348.21(3)(b)1, the fee of s. 348.25(8)(a)); '' when none or several."""
    g = getattr(answer, "proof", None)
    pred = str(getattr(answer, "query", "") or "").partition("(")[0].strip()
    if g is None or not pred:
        return ""
    found = {str(g.nodes[r].get("provision")) for n, d in g.nodes(data=True)
             if n.startswith(f"atom:{pred}({entity},") and d.get("status") == "true"
             for r in g.successors(n) if g.nodes[r].get("provision") and g.nodes[r].get("status") == "true"}
    return found.pop() if len(found) == 1 else ""


def _key(binding: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple((k, str(v)) for k, v in binding.items() if k != "answer")


def _offenders(answer: Any) -> dict[tuple[str, str], str]:
    """(entity id, provision) -> the name of whom the proof's violation node makes liable (its offender)."""
    g = getattr(answer, "proof", None)
    out: dict[tuple[str, str], str] = {}
    for nid, d in (g.nodes(data=True) if g is not None else ()):
        if nid.startswith("atom:violation(") and d.get("offender") and d.get("status") == "true":
            args = [a.strip() for a in nid[len("atom:violation("):-1].split(",", 1)]
            if len(args) == 2:
                out[(args[0], args[1])] = str(d["offender"])
    return out


def _open_offenders(answer: Any) -> list[str]:
    """Whom the proof's violations left open would bind (their offenders, by name or as the case
    describes them), in proof order."""
    g = getattr(answer, "proof", None)
    return [str(d.get("offender") or d.get("offender_said")) for nid, d in (g.nodes(data=True) if g is not None else ())
            if nid.startswith("atom:violation(") and d.get("status") == "undetermined"
            and (d.get("offender") or d.get("offender_said"))]


def _person_table(answer: Any, rows: list[dict[str, Any]], names: list[str],
                  offenders: dict[tuple[str, str], str]) -> list[dict[str, Any]]:
    """One entity's violations binding two or more people (the owner under s. 350.08, the operator
    under s. 350.101(1)(a) and (b)): one row per person, each with what that person violated."""
    table: dict[str, dict[str, Any]] = {}
    for b in rows:
        who = offenders.get((str(b.get(names[0])), str(b.get(names[1]))))
        if b["answer"] != "true" or not who:
            continue
        table.setdefault(who, {"entity": who, "established": [], "open": [], "kind": "person"})["established"].append(
            words.violated(words.table_value(b.get(names[1]), "", {})))
    return list(table.values()) if len(table) >= 2 else []


def _pair_people(answer: Any, rows: list[dict[str, Any]]) -> dict[tuple[tuple[str, str], ...], str]:
    """For a relation between two entities of one kind (offenses_joined(count1, count2)): each row's
    one person, the entity of kind person its concluding rule binds (Dale Peters, charged in both),
    where every row has its sentence and one such person and two people or more share the rows;
    else {} (the table stays one row per entity)."""
    g = getattr(answer, "proof", None)
    case = getattr(answer, "case", None)
    kinds = getattr(case, "entities", None) or {}
    query = str(getattr(answer, "query", "") or "")
    pred, _, rest = query.partition("(")
    args = [a.strip() for a in rest.rstrip(")").split(",")] if rest else []
    out: dict[tuple[tuple[str, str], ...], str] = {}
    for b in rows:
        nid = f"atom:{pred.strip()}({', '.join(str(b[a]) if a in b else a.strip(chr(34)) for a in args)})"
        if g is None or nid not in g.nodes or not _row_sentence(answer, b) or b.get("answer") != "true":
            return {}
        found = {str(v) for r in g.successors(nid) if g.nodes[r].get("kind") == "rule" and g.nodes[r].get("status") == "true"
                 for v in (g.nodes[r].get("bindings") or {}).values() if kinds.get(str(v)) == "person"}
        if len(found) != 1:
            return {}
        out[_key(b)] = found.pop()
    return out if len(set(out.values())) >= 2 else {}


def _row_sentence(answer: Any, binding: dict[str, Any]) -> str:
    """The proof's sentence for one row of the answer ('the offenses charged in c1 and c2 shall be
    joined'), '' when the proof has no node for it."""
    query = str(getattr(answer, "query", "") or "")
    pred, _, rest = query.partition("(")
    args = [a.strip() for a in rest.rstrip(")").split(",")] if rest else []
    values = [str(binding[a]) if a in binding else a.strip('"') for a in args]
    nid = f"atom:{pred.strip()}({', '.join(values)})"
    g = getattr(answer, "proof", None)
    if g is None or nid not in g.nodes:
        return ""
    return str(g.nodes[nid].get("sentence") or "")


def _person_of(answer: Any, entity: str) -> str:
    """The one person an entity's attributes name (a charge's `charged_person`), else ''."""
    case = getattr(answer, "case", None)
    kinds = getattr(case, "entities", None) or {}
    people = {str(v) for v in ((getattr(case, "attributes", None) or {}).get(entity) or {}).values()
              if kinds.get(str(v)) == "person"}
    return people.pop() if len(people) == 1 else ""


def _by_person(answer: Any, table: dict[str, dict[str, Any]], order: dict[str, int]) -> dict[str, dict[str, Any]]:
    """The rows of a relation between entities of one kind (offenses_joined(A, B): charges), one per
    person each entity names (the charge's `charged_person`), keyed by that person's first entity in
    the question's order: each cell once ('the guest: the offenses charged ... shall be joined', not
    once for each of the guest's two charges), a bare 'not joined (checked under ...)' only where no
    cell of that person gives its reason (trainer review 15, 10: eight charges in the table of four
    people). {} where an entity names no person, or two, or the entities name fewer than two people."""
    case = getattr(answer, "case", None)
    kinds = getattr(case, "entities", None) or {}
    attributes = getattr(case, "attributes", None) or {}
    labels = getattr(case, "names", None) or {}
    roles = getattr(case, "roles", None) or {}
    who: dict[str, str] = {}
    for e in table:
        people = {str(v) for v in (attributes.get(e) or {}).values() if kinds.get(str(v)) == "person"}
        if _PERSON in e or len(people) != 1:
            return {}
        who[e] = people.pop()
    if len(set(who.values())) < 2:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for e in sorted(table, key=lambda k: order.get(k, len(order))):
        row = table[e]
        first = next((k for k, p in who.items() if p == who[e] and k in out), e)
        mine = out.setdefault(first, {"entity": labels.get(who[e]) or roles.get(who[e]) or who[e],
                                      "established": [], "open": [], "kind": "person", "charged": True})
        for part in ("established", "open"):
            mine[part] += [c for c in row[part] if c not in mine[part]]
    for row in out.values():
        reasons = [c for c in row["established"] if words.not_so_reasoned(c)]
        if reasons or row["open"]:   # the bare 'not joined (checked under ...)' beside its reason: dropped
            row["established"] = [c for c in row["established"] if c in reasons or not words.not_so_bare(c)]
    return out


def _entity_id(row: dict[str, Any], table: dict[str, dict[str, Any]]) -> str:
    return next((k for k, v in table.items() if v is row), "")


def _with_penalty(text: str, d: Attrs) -> str:
    """A penalty's conclusion with whom it is imposed on (prose/glosses.py penalty_clause)."""
    who = penalty_clause(d)
    return f"{text}, {who}" if who.startswith("imposed") else f"{text}; {who}" if who else text


def _on_row(on: dict[str, str], b: dict, names: list) -> str:
    """Whom the penalty of a table row is imposed on: by the row's party, else by another entity the
    row binds (a purchaser's row whose forfeiture is of its record, s. 348.195: the penalty is keyed by
    the record; trainer review 9, 11 printed 'no one' beside $1,000.00)."""
    for n in names:
        said = on.get(str(b.get(n)), "")
        if said:
            return said
    return ""


_MONEY = re.compile(r"\$[\d,]+\.\d\d")


def _values_by_case(answer: Any, entity: str, values: list[str]) -> list[tuple[str, str, bool]]:
    """(value, the case it holds in, whether that case is the 'no' of a yes-or-no fact) for each
    value of an entity argued case by case, matched on the amounts its case concludes (trainer review
    12, 12: 'one of: $3,740.00 to $3,890.00; or $50.00 to $100.00' said without the permit it turns
    on); [] where a value does not match exactly one case."""
    row = next((r for r in getattr(answer, "each", None) or [] if r.get("entity") == entity and r.get("by_cases")), None)
    g = getattr(row.get("part"), "proof", None) if row else None
    if g is None:
        return []
    root = g.graph.get("root")
    nots = {g.nodes[c].get("label", "") for n, d in g.nodes(data=True)
            if d.get("kind") == "cases" and str(d.get("sentence") or "").startswith("whether or not ")
            for c in g.successors(n)
            if g.nodes[c].get("label", "") != "if " + d["sentence"].removeprefix("whether or not ")}
    cases = []
    for labels, nid in case_leaves(g, root):
        said = " ".join(str(g.nodes[c].get("sentence") or g.nodes[c].get("label") or "")
                        for c in [nid, *g.successors(nid)])
        cases.append((" and ".join(labels), _MONEY.findall(said), any(lb in nots for lb in labels)))
    out = []
    for v in values:
        found = [(label, no) for label, amounts, no in cases if amounts and amounts == _MONEY.findall(v)]
        if len(found) != 1 or not _MONEY.findall(v):
            return []
        out.append((v, *found[0]))
    return out


def _asked(answer: Any, d: dict) -> bool:
    """Whether a proof node is of the relation the answer's question asks (its query's predicate)."""
    return bool(d.get("pred")) and str(d.get("pred")) == str(getattr(answer, "query", "") or "").split("(", 1)[0].strip()


def _no_penalty(part: Any) -> bool:
    """Whether a row's own answer holds that no penalty may be imposed on it (an atom the law marks
    @kind "no penalty": reloaded within the limits under s. 348.21(2)(b))."""
    g = getattr(part, "proof", None)
    return g is not None and any(d.get("rule_kind") == words.NO_PENALTY_KIND and d.get("status") == "true"
                                 for _, d in g.nodes(data=True))


def _imposed_on(answer: Any) -> dict[str, str]:
    """Entity id -> whom its penalty is imposed on, from the proof's penalty nodes (the law's
    penalty_of rows, explain/builder.py): the offender's name, or 'not named in the case'. {} when the
    answer is no penalty."""
    g = getattr(answer, "proof", None)
    out: dict[str, str] = {}
    for _, d in sorted(g.nodes(data=True) if g is not None else (), key=lambda nd: not _asked(answer, nd[1])):
        if d.get("penalty") and d.get("offence_in_id") and d.get("status") in ("true", "undetermined"):
            said = d.get("offender_said")
            out.setdefault(d["offence_in_id"], liable_cell(d) or d.get("offender") or (words.party_cell(said, d.get("offender_role", "")) if said else words.not_named()))
    # a party whose amount is one of several in every world the case allows ('one of: $100.00 to
    # $200.00; or $50.00 to $100.00'): its own answer's branches say whom each binds; the same person in
    # every branch is liable whichever holds (a case writer's grain truck printed 'no one')
    # a party asked on its own whose amount stays open: whom it would bind, in the words of the
    # others' rows ('not named in the case'), never 'not established' beside them (trainer review 14, 12)
    for row in getattr(answer, "each", None) or []:
        part = row.get("part") if row.get("part") is not None else row.get("open_part")
        pg = getattr(part, "proof", None) if part is not None else None
        if row.get("entity") in out or pg is None:
            continue
        held = ("true",) if row.get("part") is not None else ("true", "undetermined")
        nodes = [d for _, d in pg.nodes(data=True)
                 if d.get("penalty") and d.get("offence_in_id") == row.get("entity") and d.get("status") in held]
        # the penalty asked (the permit-condition forfeiture, whose operator s. 348.25(2)(a) names),
        # not the amount it is computed from (the s. 348.21 forfeiture under it)
        nodes = [d for d in nodes if _asked(part, d)] or nodes
        whom = {liable_cell(d) or d.get("offender") or (words.party_cell(d["offender_said"], d.get("offender_role", "")) if d.get("offender_said") else words.not_named())
                for d in nodes}
        if len(whom) == 1:
            one = whom.pop()
            # an open amount binds its person possibly; one the case does not name is said as the
            # other rows say it ('not named in the case')
            out[str(row["entity"])] = one if row.get("part") is not None or one == words.not_named() \
                else words.possibly_liable([one])
    return out


def _missing_raised(answer: Any) -> list[str]:
    """The facts that would decide the answer, without those of rows open only on facts the case
    never raises (prose/answers.py unraised_rows: the answer line says them as not examined)."""
    missing = list(getattr(answer, "missing", []) or [])
    dropped = set(unraised_only(answer))
    if engaged_split(answer) is not None:   # a report: the facts to find out are those of the provisions
        # its stated facts engage; the rest the answer says in one line (trainer review 13, 07: 38 facts,
        # 'the snowmobile used in the ride home' among them)
        engaged = list(getattr(answer, "engaged", None) or [])
        outside = {m.get("question") for m in getattr(answer, "missing_inputs", None) or []
                   if not of_engaged(m.get("provision", ""), engaged)}
        inside = {m.get("question") for m in getattr(answer, "missing_inputs", None) or []
                  if of_engaged(m.get("provision", ""), engaged)}
        if inside:   # where they do not decide it alone, the others are the checklist too
            dropped |= {m for m in missing if m in outside and m not in inside}
    return [m for m in missing if m not in dropped]


def _missing_not_said(missing: list[str], rows: list[str]) -> list[str]:
    """The facts that would decide the answer, where the rows left open do not each say them already
    ('which turns on: whether the course ...'): never the same text under two headings (review 5, 10)."""
    # the facts a closing 'N further facts would matter only to ...' line of what to ask next counts
    # (prose/answers.py ask_next_lines): said there, not listed again in full
    counted = {f for r in rows for f in getattr(r, "facts", ())}
    if rows and missing and all(m in counted or any(m in r for r in rows) for m in missing):
        return []
    return missing


def _undetermined_rows(answer: Any) -> list[str]:
    """The rows a relation's answer leaves open, each with what would decide it; none for an
    undetermined answer about one row that misses no subdivision (its facts are the answer's own)."""
    unraised = unraised_rows(answer)   # said as not examined in the answer, not as open rows
    entries = [e for e in getattr(answer, "undetermined", None) or [] if e not in unraised
               and not beside_found(answer, e)]   # said once, 'Not decided here', in the answer
    if not entries:
        return []
    if answer.answer == "undetermined" and len(entries) == 1 and not entries[0].get("holes"):
        return []
    if (len(entries) > 1 and not any(e.get("holes") for e in entries)
            and len({tuple(e.get("missing") or ()) for e in entries}) == 1 and entries[0].get("missing")
            and len({_subject_of(e) for e in entries}) == 1):
        # one subject whose value stays open among several, each turning on the same facts (a permit's
        # fee of $35 or $50 or ...): the answer lists the values and 'Facts that would decide it' the facts
        return []
    if len(entries) > 1 and all(_provision_open(e) for e in entries) \
            and len({e["offence_in"] for e in entries if "more" not in e}) == 1:
        # the open violations in one operation: each provision with what decides it, whom it binds
        # said where it is not the operator of most of them (a report's 27 rows, one line each)
        if len(entries) > words.OPEN_ROWS_INLINE:   # a long list: what to ask next, one line per fact
            return ask_next_lines(entries, getattr(answer, "engaged", None) or ())
        return open_violation_lines(entries)
    if len(entries) > 1 and all(_provision_open(e) for e in entries if "more" not in e):
        # the open violations in several operations: a line the same for several said once, for each
        each = open_violation_lines_each(entries)
        if each is not None:
            return each
    return _open_lines(entries)


def _provision_open(e: dict[str, Any]) -> bool:
    """An open row about which provision was violated in an operation (its open value a provision),
    not one whose open value is the operation itself (review 7, 10: 's. the second ride: whether ...'
    for the owner's s. 350.08 open in the second ride)."""
    return bool(e.get("offence_in") and e.get("value")) and "some provision" in str(e.get("pattern") or "")


def _open_lines(entries: list[dict[str, Any]]) -> list[str]:
    """Each open row with what would decide it; an amount whose every candidate turns on the same
    facts, one line saying those facts (review 7, 08: not six bracket ranges of the steel hauler)."""
    by: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        by.setdefault(str(e.get("absent") or id(e)) if "more" not in e else str(id(e)), []).append(e)
    out: list[str] = []
    for rows in by.values():
        facts = list(rows[0].get("missing") or [])
        if one_fact_open(rows, facts, []):
            out.append(open_amount_line(open_noun(rows[0]), (rows[0].get("absent") or "").partition("|")[2], facts))
        else:
            out += [open_row_line(e) for e in rows]
    return out


def _left_open(answer: Any, table: list[dict[str, Any]], missing: list[str]) -> tuple[list[str], list[str]]:
    """(the rows left open, the facts that would decide the answer) the handout lists below its
    argument: none of either that the table of parties already says with the facts that decide it."""
    rows = _undetermined_rows(answer)
    if not _carried_by_table(table, rows, answer):
        return rows, missing
    said = " ".join(" ".join(str(v) for v in r.get("open") or []) for r in table)
    return [], [m for m in missing if words.without_unit(m) not in said]


def _carried_by_table(table: list[dict[str, Any]], lines: list[str], answer: Any) -> bool:
    """The table's rows say every open point and the facts that would decide it: the list of what is
    left undetermined would repeat them (review 7, 10: 'Left undetermined' repeating the table)."""
    if not table or not lines or any("more" in r for r in table):
        return False
    entries = [e for e in getattr(answer, "undetermined", None) or [] if "more" not in e]
    said = " ".join(" ".join(str(v) for v in r.get("open") or []) for r in table)
    # a fact the table says without its unit ('the speed of the snowmobile in the ride') is said there
    return bool(entries) and all(e.get("missing") and not e.get("holes")
                                 and all(words.without_unit(f) in said for f in e["missing"]) for e in entries)


def _subject_of(e: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """The row's binding without its last value (what the row is about: the permit, not its fee)."""
    b = list((e.get("binding") or {}).items())
    return tuple((k, repr(v)) for k, v in b[:-1]) if len(b) > 1 else ()


def _words_quoted(citation: str, text: str, title: str, seen: set[tuple[str, str]]) -> bool:
    """Whether the words of `text` were all quoted above under the same citation: a sentence of a
    text quoted whole, or a whole subsection whose sentences were each quoted (trainer review 5, 02:
    s. 350.05(3) quoted in two pieces and then again whole). Its number and heading ('(3)
    Exceptions.') are not words of the law to be quoted again."""
    flat = " ".join(text.split())
    pieces = [" ".join(t.split()) for c, t in seen if c == citation and t]
    if any(flat in piece for piece in pieces if piece != flat):
        return True
    rest = flat
    for piece in sorted(pieces, key=len, reverse=True):
        rest = rest.replace(piece, " ")
    if rest == flat:
        return False
    rest = re.sub(r"^\s*\([0-9a-z]+\)\s*", "", rest).replace(" ".join(title.split()), " ")
    rest = re.sub(r"^\s*[A-Z][\w ,'-]{0,80}\.\s*$", "", rest)   # the heading left alone: 'Exceptions.'
    return not re.search(r"[A-Za-z]", rest)


def _quote_all(provisions: list[Provision], index: StatuteIndex | None, b: _Builder,
               unreached: bool = False) -> None:
    """Each element and exception of the deciding provisions gets the words of its citation beside
    it (Quote), in reading order, each text quoted once (`again` where it was quoted above; the
    provision's own text counts as quoted): an element's subdivision, or the sentence of a paragraph
    its rule encodes; an exception's stating sentence ("This paragraph does not apply if ..."), its
    own citation, and the subdivisions its rule's conditions are stated in (4.a and 4.c, with the
    4.b the excerpt lacks said to be missing between them). The provisions checked and not
    concluded (`others`, one line) are not quoted; nor, with unreached (a handout of several
    parties), an exception the case never reaches (_unquote_silenced)."""
    if index is None:
        index = default_index()
    seen: set[tuple[str, str]] = set()

    def quote(citation: str, text: str) -> Quote | None:
        if citation in index:
            prov = index.get(citation)
            if not text and prov.title and prov.text.strip() == prov.title.strip():
                return None   # a section's heading only: not the words of any rule
            text = text or prov.text
            if not text:
                return None
            key = (citation, text)
            again = key in seen or _words_quoted(citation, text, prov.title or "", seen)
            seen.add(key)
            return Quote(citation, text=text, again=again)
        hole = index.hole(citation)
        if hole is None:
            return None   # a run of sections, or a citation outside the excerpt
        again = (citation, "") in seen
        seen.add((citation, ""))
        return Quote(citation, missing=hole.reason, again=again)

    def sentences(item: Step) -> list[str]:
        """The sentences of item's citation its rules encode: those of the rules its parts come from
        under that citation (the one that decides), else its own rule's; [''] for the whole text."""
        found: list[str] = []
        for leaf in _descendants(item):
            o = b.marked(leaf, "origin")
            if o and o.get("provision") == item.citation:
                found += [t for t in o.get("sentences") or [] if t not in found]
        own = b.marked(item, "own")
        if not found and own and own.get("provision") == item.citation:
            found += own.get("sentences") or []
        origin = b.marked(item, "origin")
        if not found and own is None and origin and origin.get("provision") == item.citation:
            # a condition with no rule of its own (a presumed input) under the citation of the rule
            # it is a condition of: the sentences that rule encodes, not the whole paragraph (s.
            # 348.21(2)(b)'s six sentences quoted for the presumed kind of limit, trainer review 5, 11)
            found += origin.get("sentences") or []
        return found or [""]

    def wanted(item: Step) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        stating = b.marked(item, "stating")   # an exception (or one said as a reason): the rule stating it
        exc = stating is not None or isinstance(item, Exception_)
        if stating:
            out += [(stating.get("provision", ""), t) for t in stating.get("sentences") or []]
        if item.citation:
            out += [(item.citation, t) for t in sentences(item)]
        own = b.marked(item, "own") if exc else None
        if own:
            out += [(c, "") for c in _with_holes(own.get("rests_on") or [], index)]
        return out

    def walk(item: Step) -> None:
        if unreached and _silenced(item):
            return   # words the case never reaches: the exception said in one line (_unquote_silenced)
        if getattr(item, "by_number", False):
            return   # refused by the statute's own number, said with it: not in issue, not quoted
        for citation, text in wanted(item):
            if not text and any(x.citation == citation and x.text for x in item.quotes):
                # the whole text is the fallback when nothing names the sentences relied on: a step
                # already quoting some of its citation's sentences (an open exception, quoted by the
                # builder of its own party) keeps them, not the whole section (review 6, 10: the
                # s. 350.055 instruction fee quoted for its last sentence)
                continue
            q = quote(citation, text)
            if q is not None and all((q.citation, q.text) != (x.citation, x.text) for x in item.quotes):
                item.quotes.append(q)
        for name in ("parts", "exceptions", "reasons"):
            for x in getattr(item, name, []) or []:
                walk(x)

    for p in provisions:
        if p.quote:
            seen.add((p.citation, p.quote))
            for c in (p.citation, index.get(p.citation).parent if p.citation in index else None):
                if c and c in index and (index.get(c).text or "").strip() and index.get(c).text.strip() in p.quote:
                    seen.add((c, index.get(c).text))   # its lead-in and its own words: quoted above
        for x in list(p.elements) + list(p.exceptions):
            walk(x)


MAX_QUOTED_SENTENCES = 3   # a provision longer than this is quoted by the sentences its rule rests on


def _relied_on(rd: Attrs) -> str:
    """A rule's provision text as its argument quotes it: a long one (more than MAX_QUOTED_SENTENCES
    sentences) by the sentences the rule encodes (`@provision "C" "first words"`), the others left
    out (trainer review 8, 12: s. 348.25(3)'s forms and electronic applications quoted for its hours
    sentence); the whole text when the rule names none or they are not found in it."""
    text = str(rd.get("statute", "") or "")
    relied = [str(t) for t in rd.get("sentences") or [] if t]
    if not relied or len(_SENTENCE_BREAK.split(text)) <= MAX_QUOTED_SENTENCES:
        return text
    flat = " ".join(text.split())
    if not all(" ".join(t.split()) in flat for t in relied):
        return text
    number = re.match(r"\s*(\([0-9a-z]+\))\s", text)
    # the sentences in the statute's order, those next to each other quoted together: '…' only where
    # words are left out (trainer review 14, G7: four consecutive sentences of s. 348.20(1) with '…'
    # between them)
    said = [" ".join(x.split()) for x in _SENTENCE_BREAK.split(flat)]
    at = {t: next((i for i, x in enumerate(said) if " ".join(t.split()).rstrip(".") in x), -1) for t in relied}
    if any(i < 0 for i in at.values()):
        return words.sentences_quote(number.group(1) if number else "", relied)
    order = sorted(relied, key=lambda t: at[t])
    runs: list[list[str]] = []
    for t in order:
        if runs and at[t] == at[runs[-1][-1]] + 1:
            runs[-1].append(t)
        else:
            runs.append([t])
    return words.sentences_quote(number.group(1) if number else "", [" ".join(r) for r in runs],
                                 first=at[order[0]] == 0, last=at[order[-1]] == len(said) - 1)


def _with_lead_in(index: StatuteIndex | None, citation: str, quote: str) -> str:
    """The provision's words with the lead-in of the provision above it when that lead-in is what
    makes it a rule ('(1) No person shall operate a snowmobile in the following manner: … (g) Between
    the hours ...'): a sub-paragraph quoted alone reads as no prohibition (trainer review 3). The
    lead-in is the parent's text when it ends in a colon ('in the following manner:', 'unless:')."""
    if not quote or not citation:
        return quote
    index = index if index is not None else default_index()
    if citation not in index:
        return quote
    title = " ".join((index.get(citation).title or "").split())
    if title and " ".join(quote.split()) == title:
        # a section's heading is no rule: never quoted as one (trainer review 14, 12 and G7: 'Penalty for
        # violating weight limitations.' over the first tank); the operative words are quoted at the
        # elements and exceptions that rest on them
        return ""
    parent = index.get(citation).parent
    if not parent or parent not in index:
        return quote
    lead = (index.get(parent).text or "").strip()
    if not lead.endswith(":") or lead in quote:
        return quote
    return words.lead_in_quote(lead, quote)


def _descendants(item: Step) -> Iterator[Element]:
    for name in ("parts", "reasons"):
        for x in getattr(item, name, []) or []:
            yield x
            yield from _descendants(x)


def _with_holes(citations: list[str], index: StatuteIndex) -> list[str]:
    """The subdivisions, with those the excerpt lacks between two of them under the same provision
    (4.a, [4.b], 4.c), in statute order."""
    out = list(citations)
    parsed: dict[str, tuple[str, tuple[str, ...]]] = {}
    for c in citations:
        try:
            parsed[c] = parse_citation(c)
        except MalformedCitation:
            continue
    for hole, (hs, hp) in index.parsed_holes():
        sibs = [c for c, (s, p) in parsed.items() if s == hs and len(p) == len(hp) and p[:-1] == hp[:-1]]
        if len(sibs) < 2 or hole.citation in out:
            continue
        order = statute_order(sibs + [hole.citation])
        if order[0] != hole.citation and order[-1] != hole.citation:
            out.append(hole.citation)
    return statute_order(out)


MAX_NEAR = 3      # provisions not concluded only because an exception applies, argued in full


_WAY = re.compile(r"(?:another way )?under s\. ")   # the heading of a way (words.alternative)


def _ground_of(index: StatuteIndex | None, rd: Attrs) -> str:
    """The ground a rule encodes, named by the sentence of its provision it rests on, where the
    provision has several and the rule names one (`@provision "348.19(3)" "No operator of a vehicle
    shall fail or refuse after a weighing"`): 's. 348.19(3), "No operator of a vehicle shall fail or
    refuse after a weighing …"'; '' otherwise."""
    said = [str(t) for t in rd.get("sentences") or () if t]
    provision = str(rd.get("provision", "") or "")
    text = str(rd.get("statute", "") or "")
    if len(said) != 1 or not provision or len(_SENTENCE_BREAK.split(" ".join(text.split()))) < 2:
        return ""
    return words.way_ground(provision, said[0])


def _flat_ways(ways: list[Element]) -> list[Element]:
    """The ways a "no" could have followed, one level: a way that is only the ways of another
    conclusion gives way to them ('under s. 348.21(2)(a) — not met / under s. 348.21(2)(a) — not
    met / ... another way under s. 348.21(2)(a)' was a search tree, review 7, 06), each way then
    argued on the element that fails it; a way failing on what is said above is not said again."""
    out: list[Element] = []
    for w in ways:
        if w.status == "false" and not w.exceptions and _WAY.match(w.text) and w.parts and all(
                x.status == "false" for x in w.parts) and (w.alternatives or any(_WAY.match(x.text) for x in w.parts)):
            # a way whose parts are ways (a helper's, folded in): those ways, each failing on its own
            out.extend(_flat_ways(w.parts))
            continue
        if w.status == "false" and not w.parts and not w.exceptions and any(o.text == w.text for o in out):
            continue
        out.append(w)
    return out


def _not_so(g: Graph, rule_id: str, answer: Any) -> str:
    """What the rule at rule_id failing makes of the question's row in the law's words (the saved
    query's `not_so:`, 'not joined'), where the rule concludes the question's own predicate; ''
    otherwise (a violation: 'No violation of ...')."""
    pred = str(getattr(answer, "query", "") or "").split("(", 1)[0].strip()
    said = not_so_words(pred) if pred else ""
    if not said:
        return ""
    return said if any(g.nodes[a].get("pred") == pred for a in g if rule_id in g.successors(a)) else ""


def _is_penalty(index: StatuteIndex | None, citation: str) -> bool:
    """Whether the section of citation is a penalty section (its title: 'Penalty for violating weight
    limitations.'): nothing violates it, a forfeiture under it follows or does not (review 7, 08)."""
    law = index if index is not None else default_index()
    section = _section(citation)
    return section in law and (law.get(section).title or "").lower().startswith("penalt")


def _excepted(g: Graph, root_id: str, b: "_Builder") -> list[Provision]:
    """The violations the stated facts of a report engage that an exception defeats (answer/engaged.py
    add_excepted), each argued once: its elements met, then the exception that applies (trainer review
    8, 01: s. 350.02(4) on the town road's roadway, excepted by s. 350.02(2)(a)6's residential access
    under an ordinance). Argued before the open provisions: they are what the report settles."""
    out: list[Provision] = []
    seen: set[str] = set()
    excepting: set[str] = set()   # the citations of the exceptions that apply, in the order argued
    for nid in ordered_children(g, root_id):
        if g.edges[root_id, nid].get("role") != "excepted":
            continue
        p = b.provision(nid)
        if p is None or p.citation in seen:
            continue
        applies = [x for x in p.exceptions if x.status == "applies"]
        if not applies:   # the exception inside one way of several (the seller's way of s. 350.09(7)):
            way = _way_excepted(p)   # that way argued alone, its elements met, then the exception
            if way is not None:
                # a helper false only through the exception is said by its own conditions, all met
                p.elements = [y for x in way.parts for y in (x.parts if x.status == "false" else [x])]
                p.exceptions, p.alternatives = list(way.exceptions), False
                applies = [x for x in p.exceptions if x.status == "applies"]
        if applies and not any(e.status == "false" for e in p.elements):
            p.conclusion = words.defeated(p.citation, applies[0].text)
        elif not (p.citation in excepting and any(e.status == "false" for e in p.elements)):
            # not one exception short of the provision, nor the condition of an exception argued
            # above that the case's values meet (s. 350.02(2)(a)6's speed limit): not argued here
            continue
        seen.add(p.citation)
        excepting |= {x.citation for x in applies if x.citation}
        out.append(p)
    return out[:MAX_NEAR]


def _way_excepted(p: Provision) -> Element | None:
    """The first way of a provision argued by its ways (alternatives) that an exception defeats, every
    condition of it met but for what the exception defeats (a folded helper false only because of it:
    'sled1 does not exceed the noise limit ...', its own conditions met), or None."""
    def only_by_exception(e: Element) -> bool:
        return all(x.status != "false" or (x.parts and not any(y.status == "false" for y in x.parts))
                   for x in e.parts)
    way: Element
    for way in p.elements:
        if any(x.status == "applies" for x in way.exceptions) and way.parts and only_by_exception(way):
            return way
    return None


def _reading_notes(provisions: list[Provision], answer: Any) -> None:
    """At each exception a contested reading decides (its citation the phrase's: s. 350.09(8) for
    noise_exception_reach), what our reading is and what the other would give (trainer review 9, 03:
    the argument was silent where the answer line said it turns on the reading)."""
    record = getattr(answer, "interpretation", None) or {}
    listed = list(record.get("turns_on") or [])
    if not any(t.get("citation") for t in listed):
        return
    from ..prose.answers import turn_parts
    turns: dict[str, Any] = {}
    other: dict[str, tuple[str, str]] = {}
    phrases: dict[str, tuple[str, str, str]] = {}   # by phrase: our reading, the other, what it gives
    rows: dict[str, list[str]] = {}                 # by phrase: the rows the other reading changes
    for t, (_, _, words_, then) in zip(listed, turn_parts(answer)):   # one part per reading, in order
        if t.get("citation") and str(t["citation"]) not in turns:
            turns[str(t["citation"])] = t
            other[str(t["citation"])] = (words_, then)
        if t.get("phrase") and str(t["phrase"]) not in phrases:
            phrases[str(t["phrase"])] = (str(t.get("ours") or ""), words_, then)
            # the verdict itself moves (lawful for unlawful): every provision argued is the row's
            rows[str(t["phrase"])] = [] if t.get("answer") != getattr(answer, "answer", None) else [
                str(c.get("text") or "") for c in t.get("changed") or []]
    on_row: set[str] = set()   # the phrases whose other reading changes the row argued (walk's provision)
    labelled: set[str] = set()   # the phrases said at a line of walk's provision already

    def walk(items: list) -> None:
        for x in items:
            if isinstance(x, Exception_):
                t = turns.get(x.citation)
                said = other.get(x.citation) if t is not None else None
                if t is not None and said is not None and not x.reading_note:
                    x.reading_note = words.reading_at(str(t.get("ours") or ""), said[0], said[1])
                walk(x.reasons)
            elif isinstance(x, Element):
                # a line a contested phrase's rule states, where the other reading changes the answer:
                # our reading and what the other gives, said at the line (trainer review 14, G5: the
                # affirmance counted for the second vehicle, said only under 'Our readings')
                on = phrases.get(x.phrase) if x.phrase in on_row and x.phrase not in labelled else None
                if on is not None and x.text and words.READ_OTHER_WAY not in x.text:
                    x.text = words.reading_at_line(words.reading_off(x.text), *on)
                    labelled.add(x.phrase)   # once a provision, at the outermost line it decides
                walk(x.parts)
                walk(x.exceptions)
    for p in provisions:
        # said only under a provision whose row the other reading changes (scale ticket 104's, not
        # ticket 101's, discarded on day 12 either way); every one where the rows are not in words
        on_row.clear()
        labelled.clear()
        on_row.update(ph for ph, texts in rows.items()
                      if not any(texts) or any(t and (t in p.conclusion or p.conclusion.startswith(t)) for t in texts))
        walk(p.elements)
        walk(p.exceptions)


def _unknown_leaves(parts: list) -> list:
    """The facts the case does not state among parts and their parts, in order, each once."""
    out: list = []
    for e in parts:
        if not isinstance(e, Element):
            continue
        if e.source in (words.UNKNOWN_DECIDES, words.UNKNOWN):
            if all(e.text != o.text for o in out):
                out.append(e)
        else:
            out += [x for x in _unknown_leaves(e.parts) if all(x.text != o.text for o in out)]
    return out


def _said_true(case: Any) -> set[str]:
    """The places in the case file of the yes/no facts the case states true."""
    attributes = getattr(case, "attributes", None) or {}
    return {str(loc) for (e, attr), loc in (getattr(case, "attr_locs", None) or {}).items()
            if loc and str(attributes.get(e, {}).get(attr, "")).lower() == "true"}


MAX_NEAREST = 2   # provisions a lawful answer with nothing else to argue is argued on (the page limit)


NEAR_LINE = 0.25  # a value more than this share off the law's line is no near miss (45 ft where 10 are asked)


def _subject_locs(case: Any, subject: str) -> set[str]:
    """The places in the case file of the facts stated of the entities the question is about (the
    ride, for 'is this operation lawful?'); every stated fact's where the question names no kind."""
    kinds = getattr(case, "entities", None) or {}
    return {str(loc) for (e, _), loc in (getattr(case, "attr_locs", None) or {}).items()
            if loc and (not subject or kinds.get(e) == subject)}


def _subject_names(case: Any, subject: str) -> list[str]:
    """The names of the entities the question is about (the ride), as the argument says them."""
    kinds = getattr(case, "entities", None) or {}
    names = getattr(case, "names", None) or {}
    return [str(names[e]) for e, k in kinds.items() if subject and k == subject and names.get(e)]


def _nearest(others: list[Element], ways: dict[str, str], b: "_Builder", g: Graph,
             done: set[str], said_true: set[str], own: set[str], limit: int) -> list[tuple[Element, Provision]]:
    """Of the provisions checked and not concluded, those the stated facts come nearest, each argued in
    full (b.near_miss): every element met by a stated fact (a value compared with the law's included)
    but one, which a stated fact fails, or every element met and an exception defeats it (what a
    trainer teaches from a lawful answer: the 23:15 ride 120 ft from a farmhouse at exactly 10 mph,
    s. 350.10(1)(g); the ride kept to the extreme right of a route, s. 350.04(2)(a)). Never where an
    element rests on a presumption or a silence, or a second element fails. Ranked: the failing
    element nearest the law's line first (a yes/no fact, an exception, or a value at the line itself
    before a value some way off it: 10 mph where the law asks more than 10 before a 46-inch sled where
    it asks more than 48), then the more elements resting on facts the case chose (stated yes/no
    facts that meet an element, values, a fact stated true that fails one), then the more stated
    directly, then the order checked; at most limit. Only a provision with a fact stated of what the
    question is about (own: their places in the case file; the ride, not the equipment every case file
    states) among its elements, and a value within NEAR_LINE of the line."""
    if limit <= 0:
        return []
    scored: list[tuple[tuple[float, int, int, int], Element, Provision]] = []
    seen = set(done)
    for i, o in enumerate(others):
        if not o.citation or o.citation in seen or o.citation not in ways:
            continue
        rule = ways[o.citation]
        if _unmet_below(g, rule) or not _may_be_near(g, rule, said_true, own, b._parties):
            continue   # (the second: no need to argue it to know it is no near miss)
        seen.add(o.citation)
        p = b.near_miss(rule, o.citation)
        if p.alternatives:
            continue
        failing = [e for e in p.elements if e.status == "false"]
        applies = [x for x in p.exceptions if x.status == "applies"]
        if len(failing) + (1 if applies else 0) != 1 or any(e.status not in ("true", "false") for e in p.elements):
            continue
        held = _held_of(g, rule)
        met = [e for e in p.elements if e.status == "true"]
        if not met or not all(_on_stated(e, held) for e in met) or not any(e.loc in own for e in p.elements):
            continue
        chosen = sum(1 for e in met if e.loc or held.get(e.text, {}).get("derived") or e.parts)
        direct = sum(1 for e in met if e.loc)
        if failing:
            f = failing[0]
            if f.parts or not (f.loc or f.requirement):
                continue   # a folded helper or a fact the case does not state: not one stated fact away
            margin = _margin(g, rule)   # a value compared with the law's; else a stated yes/no fact
            if (margin is None and f.loc not in said_true) or (margin or 0.0) > NEAR_LINE:
                continue   # a yes/no fact fails it only where stated true (the consent given, the extreme right kept)
            chosen += 1
            margin = margin or 0.0
            direct += 1 if f.loc else 0
        else:
            if not all(r.loc or r.parts for x in applies for r in x.reasons):
                continue
            margin = 0.0
            chosen += 1
            direct += 1   # the exception that applies is said by the facts stated for it
        scored.append(((margin, -chosen, -direct, i), o, p))
    scored.sort(key=lambda t: t[0])
    return [(o, p) for _, o, p in scored[:limit]]


def _named_unargued(others: list[Element], ways: dict[str, str], b: "_Builder", g: Graph,
                    provisions: list[Provision], case: Any, done: set[str]) -> list[tuple[Element, Provision]]:
    """A lawful party's provisions checked and not concluded that bind a person the case names and
    the argument so far never mentions (the father who knowingly let his daughter ride, s. 350.08):
    every party the case names gets a line, even 'not liable, because ...' (trainer review 13, G5, 09).
    Each argued in full (b.near_miss) where every element but one is met and that one fails; its
    conclusion names the person. At most one per such person."""
    kinds = getattr(case, "entities", None) or {}
    people = [e for e, k in kinds.items() if k == "person"]
    if not people:
        return []

    def texts(items: Iterable[Any]) -> Iterator[str]:
        for x in items:
            yield getattr(x, "text", "") or ""
            yield from texts(getattr(x, "parts", None) or [])
            yield from texts(getattr(x, "reasons", None) or [])
            yield from texts(getattr(x, "exceptions", None) or [])

    labels = getattr(case, "names", None) or {}

    def named(text: str, e: str) -> bool:   # by its id (a role said later) or by the name the case gives
        return any(re.search(rf"(?<![\w-]){re.escape(str(w))}(?![\w-])", text) is not None
                   for w in (e, labels.get(e)) if w)

    said = " ".join(t for p in provisions for t in [p.conclusion or "", *texts(p.elements), *texts(p.exceptions)])
    # the operator of what the argument is about is its party, argued already (a 40-year-old rider is
    # never argued under s. 350.05(1)): only another person the case names there (the parent in charge)
    attributes = getattr(case, "attributes", None) or {}
    own = {str(a.get("operator")) for o, a in attributes.items()
           if kinds.get(o) == "operation" and a.get("operator") and named(said, o)}
    missing = [e for e in people if not named(said, e) and e not in own]
    out: list[tuple[Element, Provision]] = []
    seen = set(done) | {p.citation for p in provisions if p.citation}
    for o in others:
        if not missing:
            break
        if not o.citation or o.citation in seen or o.citation not in ways:
            continue
        p = b.near_miss(ways[o.citation], o.citation)
        failing = [e for e in p.elements if e.status == "false"]
        if p.alternatives or p.exceptions or len(failing) != 1 or any(e.status not in ("true", "false") for e in p.elements):
            continue
        whom = [e for e in missing if any(named(t, e) for t in texts(p.elements))]
        if not whom:
            continue
        seen.add(o.citation)
        for part in failing[0].parts:   # why it fails, one line a way: each way argued above or on its fact
            part.parts, part.exceptions = [], []
            if part.citation and words.names_provision(part.text, _section(part.citation)):
                part.citation, part.quotes = "", []   # 'prohibited ... by s. 350.05' is all of s. 350.05, not sub. (1)
        names = getattr(case, "names", None) or {}
        p.conclusion = words.not_reached_by(o.citation, str(names.get(whom[0]) or whom[0]), [e.text for e in failing])
        missing = [e for e in missing if e not in whom]
        out.append((o, p))
    return out


def _may_be_near(g: Graph, rule_id: str, said_true: set[str], own: set[str], parties: set[str]) -> bool:
    """Whether a provision checked and not concluded can pass _nearest's checks, read from the proof
    alone (its argument, b.near_miss, is built only for those that can): a necessary condition, never
    a choice of its own. The rule's failing conditions and those of the rules they rest on (as
    _margin walks them: never below a negation) must reach one of: a negation (an exception that
    applies, or a yes/no fact stated true that a condition stated negatively fails: the consent given),
    a value compared with the law's within NEAR_LINE of the line, or, where no value is compared, a
    fact stated true (a value off the line by more fails the check unless an exception applies; a
    fact stated false or a silence fails it too). And a fact stated of what the question is about
    (own) must be among the places in the case file the rule's proof reads (its elements' places are
    among them; a join to an entity not a party to the conclusion is never an element: fill)."""
    margin = _margin(g, rule_id)
    if margin is None or margin > NEAR_LINE:
        todo, seen, found = [rule_id], {rule_id}, False
        while todo and not found:
            n = todo.pop()
            for c in g.successors(n):
                d = g.nodes[c]
                if d.get("kind") == "negation" or (margin is None and d.get("loc") in said_true):
                    found = True
                    break
                if c not in seen and d.get("kind") in ("rule", "atom") and d.get("status") != "true":
                    seen.add(c)
                    todo.append(c)
        if not found:
            return False
    return bool(own & _places_read(g, rule_id, parties))


def _places_read(g: Graph, rule_id: str, parties: set[str]) -> set[str]:
    """The places in the case file of every node below a rule in the proof, and of the conditions
    its rules record as met (held: their sources), but those of joins to an entity not a party to
    the conclusion and of the entities' own lines."""
    out: set[str] = set()
    todo, seen = [rule_id], {rule_id}
    while todo:
        n = todo.pop()
        d = g.nodes[n]
        if d.get("loc") and not (d.get("kind") == "fact" and (d.get("how") == "entity in the case" or (
                d.get("link") and d.get("status") == "true" and d.get("link_to") not in parties))):
            out.add(str(d["loc"]))
        for h in d.get("held") or ():
            if h.get("source") and not (h.get("link") and h.get("link_to") not in parties):
                out.add(str(h["source"]))
        for c in g.successors(n):
            if c not in seen:
                seen.add(c)
                todo.append(c)
    return out


def _bound_other_cleared(g: Graph, part: Any, argued: set[str]) -> list[Provision]:
    """A provision checked for the party that binds another person the case names there (the farmer
    in control of the sled his son rode, s. 350.08) and fails on one condition, said in one line:
    'No violation of s. 350.08 by the farmer: the operator of the son's ride was not prohibited from
    operating by s. 350.05; ...' (trainer review 16, 09: the father's s. 350.08 missing, so 'who is
    liable: no one' stood unsupported). Each way the failing condition could have held is said by
    the fact that fails it. Once per provision; none already argued."""
    case = getattr(part, "case", None)
    roles = {**(getattr(case, "roles", None) or {}), **(getattr(case, "names", None) or {})}
    out: list[Provision] = []
    seen = set(argued)
    for nid in proof_order(g):
        d = g.nodes[nid]
        prov = d.get("provision") or ""
        if d.get("kind") != "rule" or d.get("status") != "false" or not prov or prov in seen:
            continue
        held = d.get("held") or []
        operators = {h.get("link_to") for h in held if h.get("pred") == "operator"}
        others = [h for h in held if h.get("status") == "true" and h.get("link") and h.get("source")
                  and h.get("pred") != "operator" and h.get("link_to") and h.get("link_to") not in operators]
        kids = ordered_children(g, nid)
        failing = [k for k in kids if g.nodes[k].get("status") == "false"]
        if not operators or not others or len(failing) != 1 or g.nodes[failing[0]].get("kind") != "atom" \
                or any(h.get("status") != "true" for h in held):
            continue
        reasons: list[str] = []
        for r in g.successors(failing[0]):
            if g.nodes[r].get("kind") != "rule" or g.nodes[r].get("status") != "false":
                continue
            lost = [k for k in ordered_children(g, r) if g.nodes[k].get("status") == "false"]
            if len(lost) == 1:
                reasons.append(gloss(g.nodes[lost[0]]))
        reasons = [t for t in reasons if t] or [gloss(g.nodes[failing[0]])]
        who = str(others[0]["link_to"])
        seen.add(prov)
        out.append(Provision(citation=prov, quote="", law=words.law_name(None, prov), outcome="false",
                             conclusion=words.not_reached_by(prov, roles.get(who, who), reasons)))
    return out


def _one_block_each(out: list[Provision], met_said: dict[str, list[tuple[str, str]]],
                    standing: Any) -> list[Provision]:
    """One block per provision for the party: where its own condition of compliance holds (the youth
    holds a valid certificate, s. 350.05(2)), the block that says it is satisfied takes the other rules
    of that provision checked for the party (the display on request not asked for, the certificate
    carried), their met elements under its own; the standing line's requirements of that provision
    are dropped (trainer review 16, 09 and G6: s. 350.05(2) argued three times, with three
    conclusions). MET_SAID is changed in place."""
    complied = {p.citation: p for p in out
                if any(x.status == "applies" and x.kind == words.COMPLIANCE for x in p.exceptions)}
    if not complied:
        return out
    kept: list[Provision] = []
    for p in out:
        home = complied.get(p.citation)
        if home is None or home is p:
            kept.append(p)
            continue
        texts = {e.text for e in home.elements} | {x.text for x in home.exceptions}
        home.elements.extend(e for e in p.elements if e.status == "true" and e.text not in texts)
    for section in list(met_said):
        met_said[section] = [(t, c) for t, c in met_said[section] if c not in complied]
    return kept


def _requirement_met(p: Provision, prov: str) -> list[tuple[str, str]]:
    """The stated facts that meet a standing requirement a party is checked under (the head lamp lit,
    the muffler in good working order: the fact whose absence the rule of the violation asks for, so
    'not met' there, or the exception of its rule that applies), each with the provision it meets:
    [(fact, provision)]; each fact once."""
    out: list[tuple[str, str]] = [(e.text, prov) for e in p.elements if e.status == "false" and e.loc and not e.parts]
    for x in p.exceptions:
        if x.status != "applies":
            continue
        for r in _stated_leaves(x.reasons):
            if all(r.text != t for t, _ in out):
                out.append((r.text, prov))
    return out


def _stated_leaves(items: list) -> list:
    """The stated facts (a line in the case file) met among items and their parts, in order."""
    out: list = []
    for e in items:
        if not isinstance(e, Element) or e.status != "true":
            continue
        if e.loc and not e.parts:
            out.append(e)
        else:
            out += _stated_leaves(e.parts)
    return out


def _engaged_checks(others: list[Element], said_true: set[str], own: set[str]) -> list[tuple[str, str]]:
    """Of the provisions a lawful party was checked under and none concluded, those whose elements the
    stated facts engage, each with the stated fact that keeps it from applying ([(fact, citation)]):
    a value the law compares with a line it draws (60 feet from the roadway, 40 mph within the 55 mph
    limit, a 46-inch width) or a yes/no fact stated so (the lamps lit, the owner's consent); never
    one that fails only on a fact stated absent (no Indian lands, no race), which engages nothing
    (trainer review 11, G2: a lawful answer resting on checks the handout did not show). The facts of
    the party itself (own: its lines in the case file; its equipment's yes/no facts engage nothing in
    particular); the yes/no facts first, then its own values, then its equipment's and its rider's, in
    the order checked; each provision once."""
    out: list[tuple[tuple[int, int], str, str]] = []
    seen: set[str] = set()
    for i, o in enumerate(others):
        if not o.citation or o.citation in seen or o.status == "undetermined":
            continue
        leaves = [x for x in o.parts if isinstance(x, Element) and x.status == "false"] if o.parts else [o]
        compared = [x for x in leaves if _COMPARES.search(x.text)]
        stated = [x for x in leaves if x.loc and x.loc in said_true and x.loc in own]
        if not (compared or stated):
            continue
        hit = (compared or stated)[0]
        seen.add(o.citation)
        out.append(((0 if not compared else 1 if not hit.loc or hit.loc in own else 2, i), hit.text, o.citation))
    out.sort(key=lambda t: t[0])
    return [(t, c) for _, t, c in out]


_COMPARES = re.compile(r"\d[\d,.]*(?: [a-z]+)?,? (?:which is )?(?:at least|at most|less than|more than|before|after)\b")


def _held_of(g: Graph, rule_id: str) -> dict[str, dict[str, Any]]:
    """The conditions met before the failing one of a rule that does not apply and of the rules its
    failing condition rests on (explain/builder.py `held`), by their words."""
    out: dict[str, dict[str, Any]] = {}
    todo, seen = [rule_id], {rule_id}
    while todo:
        n = todo.pop()
        for h in g.nodes[n].get("held") or ():
            out.setdefault(str(h.get("text", "")), h)
        for c in g.successors(n):
            if c not in seen and g.nodes[c].get("kind") in ("rule", "atom") and g.nodes[c].get("status") != "true":
                seen.add(c)
                todo.append(c)
    return out


def _on_stated(e: Element, held: dict[str, dict[str, Any]]) -> bool:
    """Whether a met element rests on facts the case states (directly, or by a value the law compares),
    never on a presumption, a silence or an open fact."""
    if e.source in (words.PRESUMED, words.SILENT, words.UNKNOWN, words.UNKNOWN_DECIDES) or e.status != "true":
        return False
    h = held.get(e.text)
    if h is not None and (h.get("presumed") or (h.get("negated") and not h.get("source"))):
        return False
    if e.parts:
        return all(_on_stated(x, held) for x in e.parts if isinstance(x, Element) and x.status == "true") \
            and not any(isinstance(x, Element) and x.status not in ("true", "false") for x in e.parts)
    return bool(e.loc) or h is not None and bool(h.get("derived") or h.get("source"))


_COMPARED = re.compile(r"⇒\s*(-?[0-9.]+)\s*(<=|>=|<|>|==|!=)\s*(-?[0-9.]+)\s*:")


def _margin(g: Graph, rule_id: str) -> float | None:
    """How far the case's value is from the line the law draws, as a share of the line, of the
    comparison that fails a rule (or a rule its failing condition rests on): 0 at the line itself
    (10 mph where the law asks more than 10), 1 where it cannot be said (a date). None: no comparison."""
    todo, seen = [rule_id], {rule_id}
    while todo:
        n = todo.pop()
        for c in g.successors(n):
            d = g.nodes[c]
            if d.get("kind") == "comparison" and d.get("status") == "false":
                m = _COMPARED.search(str(d.get("label", "")))
                if m is None:
                    return 1.0
                left, right = float(m.group(1)), float(m.group(3))
                return abs(left - right) / abs(right) if right else abs(left - right)
            if c not in seen and d.get("kind") in ("rule", "atom") and d.get("status") != "true":
                seen.add(c)
                todo.append(c)
    return None


def _near_misses(others: list[Element], rule_of: dict[int, str], g: Graph | None = None,
                 done: Iterable[str] = ()) -> list[Element]:
    """Of the provisions checked and not concluded, those an exception defeats (each at most once):
    only where every other element of its own is met (s. 350.05(2) for an 11-year-old with a companion
    is not near: its 12-to-15 age fails too) and not argued above already."""
    out: list[Element] = []
    seen: set[str] = set(done)
    for o in others:
        if id(o) in rule_of and o.citation and o.citation not in seen \
                and any(x.status == "applies" for x in o.exceptions) \
                and not any(e.status == "false" for e in o.parts) \
                and (g is None or not _unmet_below(g, rule_of[id(o)])):
            seen.add(o.citation)
            out.append(o)
    return out[:MAX_NEAR]


def _unmet_below(g: Graph, rule_id: str) -> bool:
    """Whether a rule that does not apply, or a rule its failing condition rests on (violation :-
    youth_uncertified :- ...), has a condition after the failing one that fails too (explain/builder.py
    records it as `after_unmet`): not an exception alone stands between the facts and the provision.
    The exception's own proof (below the negation) is not looked into."""
    todo, seen = [rule_id], {rule_id}
    while todo:
        n = todo.pop()
        d = g.nodes[n]
        if d.get("kind") == "rule" and d.get("after_unmet"):
            return True
        if d.get("kind") == "negation" or (d.get("kind") != "rule" and d.get("status") == "true"):
            continue
        for c in g.successors(n):
            if c not in seen and g.nodes[c].get("kind") in ("rule", "atom") and g.nodes[c].get("status") != "true":
                seen.add(c)
                todo.append(c)
    return False


def _decided_by_other_reading(others: list[Element], ways: dict[str, str], answer: Any) -> list[Element]:
    """Of the provisions checked and not concluded, those another reading of a contested phrase would
    conclude (the interpretation record's rows that reading answers yes): each once, in statute order."""
    if getattr(answer, "answer", "") != "false":
        return []
    record = getattr(answer, "interpretation", None) or {}
    wanted = {str(v) for t in record.get("turns_on") or [] for row in t.get("bindings") or []
              if row.get("answer") == "true" for k, v in row.items() if k != "answer"}
    out: list[Element] = []
    seen: set[str] = set()
    for o in others:
        if o.citation in ways and o.citation in wanted and o.citation not in seen:
            seen.add(o.citation)
            out.append(o)
    return out


def _not_again(elements: list[Element], done: set[str]) -> None:
    """A way of an element that is a provision argued in full above says so, its conditions not
    argued again (s. 350.08's 'prohibited under s. 350.05' after s. 350.05(1) was argued)."""
    for e in elements:
        if e.alternatives:
            for sub in e.parts:
                if (sub.citation or e.citation) in done and (sub.parts or sub.exceptions):
                    sub.parts, sub.exceptions = [], []
                    sub.source = words.argued_above(sub.citation or e.citation)
        _not_again(e.parts, done)


def _none_concluded(p: Provision, root: Attrs, others: list[Element]) -> "Provision":
    """A question that many provisions could conclude and none does (`violations` on a lawful
    case: 45 ways, one per rule, under 40 provisions): one element, that no provision checked
    concludes it, and the provisions into `others` (opened on request), as `lawful` says it.
    Before, the argument was headed by the first rule's provision and quoted it, and argued
    every way (300 lines). A provision with at most MAX_WAYS provisions is argued in full."""
    cited = {e.citation for e in p.elements if e.citation}
    if not (p.alternatives and p.outcome == "false" and len(cited) > MAX_WAYS):
        return p
    for e in p.elements:
        e.citation = e.citation or p.citation     # the first way's provision was the heading's
        others.append(e)
    cited.add(p.citation)
    absent = root.get("open_absent", "")
    what = absent[1:] if absent.startswith("|") else root.get("sentence") or root.get("open_sentence") or p.conclusion
    return Provision(citation="", quote="", law=p.law, outcome="false", conclusion=p.conclusion,
                     elements=[Element(words.none_violated(len(cited), what), "true", placeholder=True)])


MAX_WAYS = 3      # provisions a FALSE conclusion is argued under, way by way; more: listed


def _failures_in_one(item: Any) -> Any:
    """A condition not met because several conditions of one subject are not met, each a fact of
    the case ('the charge dismissed 6 months earlier is a conviction within the meaning of s. 348.21
    (4)': it did not end in a court judgment, nor the forfeiture of a deposit, ...): one line, the
    facts that fail it said together after 'because' (prose.argument.none_of), the conditions met
    beside them (not what fails it) left out; trainer review 8, 11: a prior not counted is one line
    giving why, not its chain of unmet elements. Their case-file line is kept for the facts box."""
    from ..core.record import replace
    changed: dict[str, list] = {}
    for name in ("elements", "parts", "exceptions", "reasons"):
        xs = getattr(item, name, None)
        if xs:
            new = [_failures_in_one(x) for x in xs]
            if any(a is not b for a, b in zip(new, xs)):
                changed[name] = new
    item = replace(item, **changed) if changed else item
    if not isinstance(item, Element) or item.status != "false" or not item.requirement or len(item.parts) < 2:
        return item
    failing = [x for x in item.parts if x.status == "false"]
    if len(failing) < 2 or any(x.parts or x.exceptions or x.quotes for x in item.parts) \
            or any(x.status not in ("true", "false") for x in item.parts):
        return item
    said = words.none_of([x.text for x in failing])
    # one fact of the case, its alternatives each denied (the charge's disposition, one case-file
    # line): facts on several lines stay as lines of their own, each kept for the facts box
    if not said or len({x.loc for x in failing}) != 1 or not failing[0].loc:
        return item
    sources = {x.source for x in failing}
    locs = [x.loc for x in failing if x.loc]
    return replace(item, text=said, parts=[], source=sources.pop() if len(sources) == 1 else "",
                   loc=item.loc or (locs[0] if locs else ""))


def _without_placeholder(provisions: list[Provision]) -> list[Provision]:
    """A lawful answer is argued by what decides it, not by the placeholder element 'no provision
    checked concludes that the ride violated some provision — met' (trainer review 3: it teaches
    nothing): that element goes; a provision left with nothing to argue goes too, its heading (the
    party and its result) passed to the provision argued next for the same answer -- the provisions an
    exception defeats, each concluding 'No violation of s. X: <the exception>'. Alone, it stays as
    its conclusion with no elements. Its readings were collected before."""
    from ..core.record import replace
    out: list[Provision] = []
    carry = ""
    for p in provisions:
        if carry:
            p, carry = _headed(p, carry), ""
        elements = [e for e in p.elements if not getattr(e, "placeholder", False)]
        if len(elements) == len(p.elements):
            out.append(p)
            continue
        if elements or p.exceptions or p.arithmetic:
            out.append(replace(p, elements=elements))
        elif len(provisions) > 1 and p is not provisions[-1]:
            carry = p.case
        else:
            out.append(replace(p, elements=[]))
    return out


def _shown_in(provisions: list[Provision]) -> tuple[set[str], list[str]]:
    """(the citations, the texts) of every line of the argued provisions, their exceptions and reasons."""
    cites: set[str] = set()
    texts: list[str] = []

    def walk(obj: object) -> None:
        c, t = getattr(obj, "citation", ""), getattr(obj, "text", "")
        if c:
            cites.add(str(c))
        if t:
            texts.append(str(t))
        for name in ("elements", "parts", "exceptions", "reasons", "alike"):
            for x in getattr(obj, name, []) or []:
                walk(x)
    for p in provisions:
        walk(p)
    return cites, texts


def _presumption_shown(pr: dict, sentence: str, shown: tuple[set[str], list[str]]) -> bool:
    """Whether the argument uses a presumed absence (facts/presume.py): its provision is among the
    lines argued, or a line says it. A presumption of absence only ever makes a violation follow, so
    one under a provision the argument of a settled answer never shows decides nothing it says (trainer
    review 10, 08: the residential-access presumption of s. 350.02(4) beside a ride off the roadway)."""
    cites, texts = shown
    citation = str(pr.get("citation") or "")
    if citation and any(c == citation or c.startswith(citation) or citation.startswith(c + ".")
                        for c in cites):
        return True
    core = sentence.strip().rstrip(".")
    return bool(core) and any(core in t or t in core for t in texts if t)


def _facts_of(provisions: list[Provision], noted: list[tuple[str, str]],
              links: Iterable[str] = ()) -> list[tuple[str, str]]:
    """The stated facts the deciding provisions' elements rest on ([(text, loc)], in the order noted),
    the joins between entities among them: not those of the provisions checked and not concluded
    (`others`), which a reader opens on request."""
    locs: set[str] = set(links)

    def walk(obj: object) -> None:
        loc = getattr(obj, "loc", "")
        if loc:
            locs.add(loc)
        for name in ("elements", "parts", "exceptions", "reasons", "alike"):
            for x in getattr(obj, name, []) or []:
                walk(x)
    for p in provisions:
        walk(p)
    return [(t, loc) for t, loc in noted if loc in locs]


def _said_by_exception(obj: object) -> None:
    """An element said again as the reason beside it that an exception does not apply ('the log
    truck was not operated under a permit — met', then the permit exception: 'does not apply, because
    the log truck was not operated under a permit') is said once, by the exception; an element with
    no other condition stays."""
    for name in ("elements", "parts"):
        items = getattr(obj, name, None) or []
        for x in items:
            _said_by_exception(x)
        excs = getattr(obj, "exceptions", None) or []
        said = {(r.text, r.source) for x in excs if x.status in ("fails", "not raised")
                for r in x.reasons if not r.parts and not r.exceptions}
        kept = [e for e in items if not (isinstance(e, Element) and not e.parts and not e.exceptions
                                         and (e.text, e.source) in said and e.status == "true")]
        if kept and len(kept) < len(items):
            setattr(obj, name, kept)


def _named(sub: Element, subject: str, provision: str) -> None:
    """An alternative way of several conditions gets a subject, never a bare 'under s. 350.055 — not
    met' (trainer review 5): failing on one condition, that condition heads it (its citation beside
    it) with the rest below; else the line it is a way to, under its provision."""
    failing = [x for x in sub.parts if x.status == "false"]
    if sub.status == "false" and len(failing) == 1 and not sub.exceptions:
        head = failing[0]
        sub.text, sub.requirement = head.text, head.requirement
        sub.source, sub.loc = head.source or sub.source, head.loc or sub.loc
        sub.parts = head.parts + [x for x in sub.parts if x is not head]
    elif subject:
        sub.text = words.alternative_of(subject, provision)


def _silenced(obj: object) -> bool:
    """An exception that does not apply, or is not raised, only because the case is silent on it
    (an assumption, said in the facts box): the case never reaches its words."""
    return isinstance(obj, Exception_) and obj.status in ("fails", "not raised") and bool(obj.reasons) \
        and all((r.source in (words.SILENT, words.PRESUMED) or words.listed_none(r.source) is not None)
                for r in _leaves(obj.reasons))


def _bearing(readings: list, g: Any, root_id: str, provisions: list) -> list:
    """The readings without those of the question's own rule (lawful: 'ss. 350.02 to 350.101') that
    read a section the argument does not show: the manufacturer duties of s. 350.09 for a ride
    argued under s. 350.02 alone (review 6, 01). A reading is listed only where the provision it
    reads is argued."""
    tops = [c for c in g.successors(root_id)]
    tops += [r for c in tops if g.nodes[c].get("kind") == "atom" for r in g.successors(c)]
    own = {words.reading_text(r) for c in tops if g.nodes[c].get("kind") == "rule"
           for r in g.nodes[c].get("readings", []) or []}
    shown: set[str] = set()

    def walk(obj: object) -> None:
        c = str(getattr(obj, "citation", "") or "")
        if c:
            shown.add(c.split("(")[0])
        for name in ("elements", "parts", "exceptions", "reasons"):
            for x in getattr(obj, name, []) or []:
                walk(x)
    for p in provisions:
        walk(p)
    return [r for r in readings if not (isinstance(r, str) and r in own and (
        named := set(re.findall(r"\bs\. (\d+\.\d+)", r))) and not named & shown)]


def _drop_readings(obj: object) -> None:
    """Clears the readings of an item and of every step below it."""
    if isinstance(getattr(obj, "readings", None), list):
        obj.readings = []   # type: ignore[attr-defined]
    for name in ("elements", "parts", "exceptions", "reasons"):
        for x in getattr(obj, name, []) or []:
            _drop_readings(x)


def _collect_readings(obj: object, out: list[str]) -> None:
    """The readings the argument rests on, each once: not those of an exception that does not
    apply, or is not raised, only because the case is silent on it (an assumption, said in the facts
    box): the case never reaches its words (s. 348.25 (2) (a)'s 'to the extent stated in the
    permit', for a truck the case gives no permit). An exception a stated fact defeats keeps its
    readings: they may be what makes the fact defeat it ('daylight hours are the hours that are not
    at night')."""
    if _silenced(obj):
        return
    for r in getattr(obj, "readings", []) or []:
        r = words.reading_text(r)
        if r not in out:
            out.append(r)
    for name in ("elements", "parts", "exceptions", "reasons"):
        for x in getattr(obj, name, []) or []:
            _collect_readings(x, out)


def _merge_same(provisions: list[Provision]) -> list[Provision]:
    """One argument per provision: instances concluded under the same provision with the same
    elements (two answers of an open question) stay separate only when they differ."""
    out: list[Provision] = []
    seen: set[tuple[str, str]] = set()
    for p in provisions:
        key = (p.citation, p.conclusion)
        if key in seen:
            continue
        seen.add(key)
        out.append(p)
    return out


def _twins_once(provisions: list[Provision]) -> list[Provision]:
    """A block argued again right after itself for another way of breaking the same provision (same
    elements and exceptions, another conclusion) is printed once, with both conclusions."""
    from ..core.record import replace
    out: list[Provision] = []
    for p in provisions:
        if out and _same_block(out[-1], p):
            out[-1] = replace(out[-1], conclusion=_both_ways(out[-1].conclusion, p.conclusion))
            continue
        out.append(p)
    return out


def _same_block(a: Provision, b: Provision) -> bool:
    """Two arguments under one provision that show the same elements, exceptions and arithmetic and
    differ only in their conclusions (s. 350.03(1) for one ride, not broken by speed and not by failing
    to yield, both because the race exception applies): printed once (trainer review 8, 09)."""
    return b.case in ("", a.case) and _same_argument(a, b)


def _same_argument(a: Provision, b: Provision) -> bool:
    """Two arguments under one provision that show the same elements, exceptions and arithmetic, for
    the same offender, whatever their headings and conclusions say."""
    return (a.citation == b.citation and a.outcome == b.outcome and a.offender == b.offender
            and _shape(a.elements) == _shape(b.elements) and _shape(a.exceptions) == _shape(b.exceptions)
            and a.arithmetic == b.arithmetic and bool(a.elements or a.exceptions))


def _shape(x: Any) -> Any:
    """What a block shows, for comparing two blocks: its fields, less whether a quote was printed
    before ('again')."""
    if isinstance(x, list):
        return tuple(_shape(y) for y in x)
    if hasattr(x, "__dict__"):
        return (type(x).__name__,) + tuple((k, _shape(v)) for k, v in vars(x).items() if k != "again")
    return x


def _both_ways(first: str, second: str) -> str:
    """'X did not break s. 350.03(1) by A' and '... by B' -> 'X did not break s. 350.03(1) by A, or by B';
    conclusions without such a shared opening are said one after the other."""
    head, sep, _ = first.partition(" by ")
    if sep and second.startswith(head + sep):
        return f"{first.rstrip('.')}, or by {second[len(head + sep):]}"
    return f"{first.rstrip('.')}; {second}"


def _deciding(g: Graph, root_id: str, answer: str) -> list[str]:
    """The atoms whose provisions decide the answer: the question itself; its instances (an open
    question) of the answer's status; for an answer defeated by what holds (lawful(O) is FALSE
    because op1 violated s. 350.10(1)(g)), the atoms that defeat it."""
    root = g.nodes[root_id]
    kids = ordered_children(g, root_id)
    instances = [c for c in kids if g.edges[root_id, c].get("role") == "instance"]
    if answer == "false":
        defeaters: list[str] = defeating_atoms(g, root_id)
        if defeaters:
            return defeaters
        for c in instances:   # an open question, each instance false: its own
            return [c for c in instances]
        return [root_id]
    if answer == "undetermined":
        opened = [x for c in (instances or [root_id]) for x in _openers(g, c)]
        if opened:
            return list(dict.fromkeys(opened))
    if instances:
        # a row open beside those that hold (the second owner, whose rider's certificate is not known
        # to count) is argued too, up to the fact that decides it (review 5, handout 10)
        kept = (answer, "undetermined") if answer == "true" else (answer,)
        chosen = [c for c in instances if g.nodes[c].get("status") in kept]
        return chosen or instances
    if root.get("kind") in ("goal", "atom") and answer == "true" and not root.get("sentence"):
        return [root_id]
    return [root_id]


MAX_OPEN = 4   # open provisions argued in full; the others are named (the facts listed decide them)


def _most_deciding(provisions: list[Provision],
                   missing_inputs: list[dict[str, Any]]) -> tuple[list[Provision], list[Provision]]:
    """(argued, named): the open provisions whose missing facts rank first (engine/exact/deciding.py)
    argued in full, the rest named."""
    rank: dict[int, int] = {}
    for m in missing_inputs:
        where = m.get("provision") or ""
        r = m.get("rank", len(missing_inputs) + 1)
        for p in provisions:
            if where and _same_provision(where, p.citation):
                rank[id(p)] = min(rank.get(id(p), r), r)
    order = sorted(range(len(provisions)), key=lambda i: (rank.get(id(provisions[i]), 10 ** 6), i))
    keep = sorted(order[:MAX_OPEN])
    return [provisions[i] for i in keep], [provisions[i] for i in order[MAX_OPEN:]]


def _openers(g: Graph, nid: str) -> list[str]:
    """What leaves an answer open when the question's rule waits on an exception, as defeating_atoms for a
    FALSE one: the undetermined atoms behind the rule's open negations (lawful(op1) is undetermined
    because whether op1 violated s. 350.10(1)(g) is). Argued as their own provisions, quoted, not
    folded into the wrapper's one element."""
    return behind_negations(g, nid, "undetermined", "undetermined")


class _Builder:
    def __init__(self, g: Graph, index: StatuteIndex | None, deciding_missing: set[str]) -> None:
        self.g = g
        self.index = index
        self.deciding_missing = deciding_missing
        self._shown: set[object] = set()
        self._single = False
        self._arithmetic: list[str] | None = None
        self._facts: list[tuple[str, str]] = []
        self._statute = ""
        self.links: set[str] = set()   # the case lines of the joins the argument rests on (not elements)
        self._stated_values: dict[tuple, list[str]] | None = None   # (pred, first args, line) -> stated sentences
        self._parties: set[str] = set()   # provision(): the persons its conclusion names
        self._said_roles: set[tuple[str, str]] = set()   # provision(): (offender, role) the answer names
        # the joins of the rule fill is arguing: [(pred, text, loc)]
        self._rule_links: list[tuple[str, str, str]] | None = None
        self.rule_of: dict[int, str] = {}   # id(an alternative's Element) -> its rule node (near_miss argues it again)
        self.way_rule_of: dict[int, str] = {}   # the same, of a way of a "no" (03: s. 350.05(1) and its (3) exception)
        self.way_of: dict[int, str] = {}    # id(the one condition said for a way) -> that way's rule node
        self.argued: dict[str, str] = {}    # atom node -> the provision under which it is argued in full (said once)
        self._top = ""            # the citation of the provision being argued
        # the rule node whose condition is being argued (an exception's: the words stating it)
        self._stating: Attrs = {}
        # id(Element or Exception_) -> (it, {"origin", "own", "stating"}: rule nodes)
        self.marks: dict[int, tuple[Step, dict[str, Attrs]]] = {}
        self.uncounted: set[int] = set()   # id(an Element): an entity checked and not counted (expand)
        self._records: set[str] = set()   # the vehicles whose conviction record is said (expand)
        self.counted: set[str] = set()   # the lines of the priors counted (expand): _counted_in_one_line
        self._rules_of: dict[str, list[str]] = {}   # rules_of, by node
        self._rule_for: dict[str, dict[Any, Attrs]] = {}   # rule_for: by node, each provision's rule

    # -- the rules each step comes from (for its quotes) ------------------------------------------------
    def mark(self, item: Step, key: str, rule_data: Attrs | None, replace: bool = False) -> None:
        """Records a rule node of an Element or Exception_: "origin", the rule whose condition it is;
        "own", the rule that concludes it under its citation; "stating", the rule that states an
        exception ("This paragraph does not apply if ..."). Kept with the item (ids are reused)."""
        entry = self.marks.get(id(item))
        if entry is None or entry[0] is not item:
            entry = self.marks[id(item)] = (item, {})
        if rule_data and (replace or key not in entry[1]):
            entry[1][key] = rule_data

    def marked(self, item: Step, key: str) -> Attrs | None:
        entry = self.marks.get(id(item))
        return entry[1].get(key) if entry is not None and entry[0] is item else None

    def rule_for(self, nid: str, provision: str) -> Attrs | None:
        """The rule node concluding nid under `provision`: the one that applies, else the first."""
        by_provision = self._rule_for.get(nid)
        if by_provision is None:   # every provision's rule below nid, in one pass over its rule nodes
            by_provision = self._rule_for[nid] = {}
            nodes = self.g.nodes
            for r in self.rules_of(nid):
                data = nodes[r]
                prov = data.get("provision")
                kept = by_provision.get(prov)
                if kept is None or (kept.get("status") not in ("true", "undetermined")
                                    and data.get("status") in ("true", "undetermined")):
                    by_provision[prov] = data
        return by_provision.get(provision)

    # -- the facts used -----------------------------------------------------------------------------
    def facts_used(self) -> list[tuple[str, str]]:
        return list(self._facts)

    def _note_fact(self, text: str, loc: str) -> None:
        if words.restates_names(text):   # never 'the operator of racer d's ride is racer d'
            return
        if loc and (text, loc) not in self._facts:
            self._facts.append((text, loc))

    def _restates_role(self, link: Any) -> bool:
        """A link naming the offender in the role the conclusion names him in ('the operator of the
        ride is Pat', Pat the operator): the answer says it; the fact stays among the facts used."""
        return (link.get("link_to"), link.get("pred")) in self._said_roles

    def _note_link(self, text: str, loc: str, pred: str = "") -> None:
        """A fact that only links two entities (helper joins are never elements): kept for the list
        of the facts the argument used, and by the rule being argued (fill: two links of one rule to
        the same entity are an element, 'the same person')."""
        self._note_fact(text, loc)
        if loc:
            self.links.add(loc)
        if self._rule_links is not None:
            self._rule_links.append((pred, text, loc))

    # -- provisions ---------------------------------------------------------------------------------
    def rules_of(self, nid: str) -> list[str]:
        """The rule nodes below nid, in proof order (read many times by one argument, worked out once:
        an argument never changes the proof it reads)."""
        kept = self._rules_of.get(nid)
        if kept is None:
            nodes = self.g.nodes
            kept = self._rules_of[nid] = [c for c in ordered_children(self.g, nid) if nodes[c].get("kind") == "rule"]
        return list(kept)

    def provision(self, nid: str) -> Provision | None:
        g = self.g
        d = g.nodes[nid]
        rules = self.rules_of(nid)
        status = d.get("status", "")
        grounds: list[str] = []
        if status in ("true", "undetermined"):
            applied = [r for r in rules if g.nodes[r].get("status") in ("true", "undetermined")]
            held = [r for r in applied if g.nodes[r].get("status") == "true"]
            # a conclusion that follows on two or three grounds of one provision is argued on each (s.
            # 348.20(1): Fresh Produce Co. holds the authority, AND it is the lessee of a leasing
            # business's rig): the second ground is often the lesson
            grounds = held if status == "true" and 2 <= len(held) <= 3 and len(
                {g.nodes[r].get("provision") for r in held}) == 1 and nid != g.graph.get("root") else []
            rules = grounds or applied[:1] or rules[:1]
        if not rules:
            return None
        first = g.nodes[rules[0]]
        citation = first.get("provision", "")
        relied: Attrs = first
        if len(rules) > 1:   # argued on each ground: the sentences each rests on, in the statute's order
            # (s. 348.20(1)'s first, second and third sentences, trainer review 13, 12)
            text = str(first.get("statute", "") or "")
            encoded = list(dict.fromkeys(t for r in rules for t in g.nodes[r].get("sentences") or () if t))
            relied = {**first, "sentences": sorted(encoded, key=lambda t: (text.find(t) < 0, text.find(t)))}
        quote = _with_lead_in(self.index, citation, _relied_on(relied))
        self._shown = set()   # proof nodes already argued under this provision: said once
        self._arithmetic = None
        self._top = citation
        # the persons the conclusion names besides its subject (prosecuted(V, C): C; the offender):
        # a join to one of them is what makes them the one, an element ('the holder of the operating
        # authority for the rig is Fresh Produce Co.'), not a join said among the facts used
        self._parties = set(d.get("parties") or ()) | set((d.get("offender_id") or "").split(" and ")) - {""}
        # the offender in the role the answer names him in ('the 11-year-old (the operator) violated ...'):
        # a link saying so ('the operator of the operation is the 11-year-old — met') only restates it
        self._said_roles = {(o, str(d.get("offender_role") or "").replace(" ", "_"))
                            for o in (d.get("offender_id") or "").split(" and ") if o}
        p = Provision(citation=citation, quote=quote, law=words.law_name(self.index, citation),
                      outcome=status, conclusion=_with_penalty(gloss(d), d) if d.get("sentence") or d.get("open_sentence")
                      else words.rule_outcome(citation, status),
                      offender=d.get("offender", ""), offender_role=d.get("offender_role", ""))
        self._arithmetic = p.arithmetic   # the computations of every folded step: said once, in dollars
        if len(rules) == 1:
            self.fill(p, rules[0], citation, 0)
            if status == "false":   # an exception that applies defeats the provision's conclusion
                _effects(p.exceptions, p.conclusion)
            p.elements += [self.offender_element(x) for x in d.get("offender_grounds") or ()]
        else:   # alternatives: each way the conclusion could have followed, with what fails it
            p.alternatives = True
            seen_here: set = set()
            for n, r in enumerate(rules, 1):
                rd = g.nodes[r]
                said = words.alternative(rd.get("provision", ""), rd.get("provision", "") in seen_here)
                seen_here.add(rd.get("provision", ""))
                if grounds and len(rules) > 1:   # grounds of one provision: each named, not 'under s. X' twice
                    said = words.ground(n, rd.get("provision", ""), *self._sentence_places(r))
                sub = Element(said, rd.get("status", ""),
                              citation=rd.get("provision", "") if rd.get("provision") != citation else "")
                self.mark(sub, "own", rd)
                self.way_rule_of[id(sub)] = r   # a way an exception defeats is argued in full (near_miss)
                # the ways of a "no" are not levels of the argument: nested under one another they
                # pushed the failing element past the nesting limit, its numbers unsaid (review 7, 06)
                self.fill(sub, r, citation, 0 if status == "false" else 1)
                _effects(sub.exceptions, words.alternative_defeated(rd.get("provision", "")))
                self._readings(p, rd)
                if not sub.parts and not sub.exceptions and sub.status == "false" and (
                        any(e.text == sub.text for e in p.elements)
                        or status == "false" and sub.text == words.alternative(rd.get("provision", ""), True)):
                    continue   # another way under the same provision, failing on what is said above
                p.elements.append(sub)
            if status == "false":
                p.elements = _flat_ways(p.elements)
            if grounds:
                _grounds_with_content(p)
        _why_not_counted(p.elements, self.uncounted)
        return p

    def _sentence_places(self, rule_id: str) -> tuple[list[int], int]:
        """The places (1 = the first) of the provision's sentences a ground rests on: those its own
        rule and the rules of the same provision below it encode (`@provision "C" "first words"`),
        with the number of sentences of the provision's text."""
        g = self.g
        provision = g.nodes[rule_id].get("provision", "")
        text = g.nodes[rule_id].get("statute", "") or ""
        seen, todo = {rule_id}, [rule_id]
        while todo:   # below a conclusion, the rule its argument shows: the first that holds
            x = todo.pop()
            below = ordered_children(g, x)
            if g.nodes[x].get("kind") != "rule":
                below = [c for c in below if g.nodes[c].get("kind") != "rule"] + [
                    c for c in below if g.nodes[c].get("kind") == "rule" and g.nodes[c].get("status") == "true"][:1]
            for c in below:
                if c not in seen:
                    seen.add(c)
                    todo.append(c)
        places: set[int] = set()
        for x in seen:
            xd = g.nodes[x]
            if xd.get("kind") != "rule" or xd.get("provision") != provision or xd.get("status") != "true":
                continue
            for sentence in xd.get("sentences") or ():
                at = text.find(sentence)
                if at >= 0:
                    places.add(len(_SENTENCE_BREAK.findall(text[:at + 1])) + 1)
        return sorted(places), len(_SENTENCE_BREAK.findall(text.rstrip())) + 1

    def offender_element(self, ground: dict[str, Any]) -> Element:
        """Whom a penalty is imposed on, argued (explain/builder.py _offender_grounds): the claim
        naming them under its provision (s. 348.20 (1)), met on the case's facts of each ground it
        holds on; those facts go to the facts the argument uses."""
        parts: list[Element] = []
        for f in ground.get("facts") or ():
            inner = f.get("inner")
            if inner is None:
                parts.append(self.leaf(f))
                continue
            el = self.leaf(inner)   # a condition stated negatively: its words, its fact's source
            el.text, el.status = gloss(f), f.get("status", "")
            if el.citation == ground.get("citation"):
                el.citation = ""   # cited by the claim it is part of: not quoted whole again
            parts.append(el)
        # cited in its words, not quoted: its ground's fact says the statute's words (one line of the argument)
        return Element(words.offender_claim(ground.get("citation", ""), ground.get("claim", "")), "true", parts=parts)

    def near_miss(self, rule_id: str, citation: str) -> Provision:
        """A provision checked and not concluded only because an exception applies, argued in full
        (its elements met, then the exception): what a trainer teaches from a lawful answer ('op1
        travelled at night against traffic, but the trail exception applies')."""
        rd = self.g.nodes[rule_id]
        self._shown = set()
        p = Provision(citation=citation, quote=_with_lead_in(self.index, citation, _relied_on(rd)),
                      law=words.law_name(self.index, citation), outcome="false", conclusion=words.defeated(citation))
        self._arithmetic = p.arithmetic
        self.fill(p, rule_id, citation, 0)
        _effects(p.exceptions, words.rule_outcome(citation, "false"))
        applies = [x for x in p.exceptions if x.status == "applies"]
        if self.complied(p, rule_id, citation):
            pass
        elif applies:   # the exception that defeats it, named in the conclusion
            p.conclusion = words.defeated(citation, applies[0].text)
        elif any(e.status == "false" for e in p.elements):   # an element fails (argued for a reading)
            p.conclusion = words.not_reached(citation, [e.text for e in p.elements if e.status == "false"],
                                             _is_penalty(self.index, citation))
        return p

    def complied(self, p: Provision, rule_id: str, citation: str) -> bool:
        """Where the provision's own condition of compliance holds (@kind "compliance": the youth
        holds a valid certificate, s. 350.05(2)), the provision applies and is satisfied: its other
        duties the party is checked under and keeps on a stated fact (the certificate carried, no
        officer asking to see it: its second sentence) are said beside it, and the conclusion says
        the provision is satisfied, with those facts (trainer review 13, 09). False where none holds."""
        met = [x for x in p.exceptions if x.status == "applies" and x.kind == words.COMPLIANCE]
        if not met:
            return False
        kept = self.duties_kept(rule_id, citation)
        p.exceptions.extend(k for k in kept if k.text not in {x.text for x in p.exceptions})
        facts = [r.text for x in met for r in x.reasons if r.status == "true" and not r.parts] or [x.text for x in met]
        p.conclusion = words.complied(citation, facts + [k.text for k in kept])
        return True

    def duties_kept(self, rule_id: str, citation: str) -> list[Exception_]:
        """The other rules of CITATION checked for the same party that fail on one stated fact alone
        (not carrying_certificate, stated carried; certificate_requested, stated not asked): each that
        fact, a line of its own with its place in the case file, in the order of the rule file."""
        g = self.g
        bindings = g.nodes[rule_id].get("bindings") or {}
        out: list[Exception_] = []
        for nid in proof_order(g):
            d = g.nodes[nid]
            if nid == rule_id or d.get("kind") != "rule" or d.get("status") != "false" \
                    or d.get("provision") != citation or (d.get("bindings") or {}) != bindings:
                continue
            kids = ordered_children(g, nid)
            if len(kids) != 1:
                continue
            k = g.nodes[kids[0]]
            fact = None
            if k.get("kind") == "negation":   # the fact whose absence the duty's breach asks for, stated
                under = [g.nodes[c] for c in g.successors(kids[0])]
                fact = under[0] if len(under) == 1 and under[0].get("kind") == "fact" \
                    and under[0].get("status") == "true" else None
            elif k.get("kind") == "fact" and k.get("status") == "false":   # what brings the duty into play, stated not so
                fact = k
            if fact is None or not fact.get("loc"):
                continue
            text = gloss(fact)
            self._note_fact(text, str(fact["loc"]))
            if text and text not in {x.text for x in out}:
                out.append(Exception_(text, "applies", kind=words.COMPLIANCE, loc=str(fact["loc"])))
        return out

    def _readings(self, target: object, rd: Attrs) -> None:
        readings = getattr(target, "readings", None)
        if readings is None:
            return
        for r in rd.get("readings", []) or []:
            if r not in readings:
                readings.append(r)

    def fill(self, target: Provision | Element, rule_id: str, citation: str, depth: int, held: bool = True) -> None:
        """The rule's conditions into target (a Provision or an Element): elements, exceptions,
        arithmetic; helpers and conditions of the same provision fold in. held: also the conditions
        met before the one that fails a rule that does not apply (the provision's own elements;
        an exception that fails needs only what fails it)."""
        g = self.g
        rd = g.nodes[rule_id]
        self._readings(target, rd)
        elements = target.elements if isinstance(target, Provision) else target.parts
        exceptions = target.exceptions
        arithmetic = target.arithmetic if isinstance(target, Provision) else None
        # without the held conditions, their stated facts still give a comparison its source
        sources: list[Element] = []
        first, first_exc = len(elements), len(exceptions)
        rule_links: list[tuple[str, str, str]] = []   # (nested fills keep their own and restore it)
        outer_links, self._rule_links = self._rule_links, rule_links
        # a rule that fails on the law's own list (no rule or fact of the case could make the failing
        # condition hold: 'public land' does not include frozen waters, s. 350.03(2)(b)) fails on
        # the statute's words applied to the case's facts: those facts are said too, with the words
        held = held or self._fails_on_law(rule_id)
        for h in rd.get("held", []) or []:
            if h.get("status") != "true":
                continue
            if h.get("link") and (h.get("link_to") not in self._parties or self._restates_role(h)):   # a join,
                self._note_link(h["text"], h.get("source", ""), h.get("pred", ""))   # said among the facts used
                continue
            if held and ("held", h["text"]) not in self._shown:
                self._shown.add(("held", h["text"]))
                exc = self.held_exception(h, rd, citation)
                fact = self._held_worded(h, rd) if exc is not None else None
                if fact is not None:   # the stated fact the requirement words ('At night'): itself the element
                    elements.append(self.held_element(fact))
                elif exc is not None:   # an exception where the rule applies too
                    exceptions.append(exc)
                else:
                    elements.append(self.held_element(h))
            elif not held and h.get("source") and not h.get("derived"):
                sources.append(self.held_element(h))
        start = len(elements)
        kids = ordered_children(g, rule_id)
        self._single = len(kids) + len(rd.get("held", []) or []) == 1
        for c in kids:
            if g.edges[rule_id, c].get("role") == "also checked":
                # a second, independent reason (explain/builder.py also_failed) stands as an element of
                # its own, never folded: its alternatives would read as elements all required (s. 350.08's
                # prohibited operator, after the labelled phrase 'knowingly' whose own one-condition
                # rule was filled just before)
                self._single = False
            if c in self._shown:
                # what fails an exception, argued above already (another condition of the permit violated,
                # s. 348.25(2)(b)'s 'does not apply if'): said again in one line, with where it was argued,
                # so the exception's block says why it does not apply (trainer review 8, 12, move 3)
                back = self._argued_above(c, rd, target)
                if back is not None:
                    elements.append(back)
                    continue
                if not self._fails_again(c, rule_id, rd, target):
                    continue
                # the fact that fails it, said for another vehicle or element above (no permit for the
                # fifth vehicle): said again, so an exception said not to apply gives its reason (issue 46,
                # item 4: 's. 348.25(2)(b) ... does not apply' with no reason)
            self._shown.add(c)
            self._statute = rd.get("statute", "")   # the text of the rule whose condition this is
            self._stating = rd
            self.condition(c, elements, exceptions, arithmetic, citation, depth, target, held)
        if not isinstance(target, Provision):
            # an exception that fails: what it needs besides and is met all the same (4.a fails, 4.c is
            # met), so that a what-if turning on the failing part reads against the whole exception
            for h in rd.get("after", []) or []:
                if not h.get("link") and ("held", h["text"]) not in self._shown:
                    self._shown.add(("held", h["text"]))
                    elements.append(self.held_element(h))
        if sources:
            added = elements[start:]
            _merge_comparisons(sources + added)   # the comparisons take the facts' sources
        elements[start:start] = _same_entity(rule_links)
        self._rule_links = outer_links
        _merge_comparisons(elements)
        for x in elements[first:] + exceptions[first_exc:]:
            self.mark(x, "origin", rd)

    def _fails_again(self, c: str, rule_id: str, rd: Attrs, target: Provision | Element) -> bool:
        """Whether c, said above already, is the stated (or taken-as-none) fact that fails a rule argued
        here by what fails it (an exception, target an Element): said again where it is the rule's only
        condition said, so the exception has its reason."""
        g = self.g
        return (not isinstance(target, Provision) and not target.text and rd.get("status") == "false"
                and g.edges[rule_id, c].get("role") == "failed" and g.nodes[c].get("kind") == "fact"
                and g.nodes[c].get("status") == "false" and not target.parts and not rd.get("held")
                and ordered_children(g, rule_id) == [c])

    def _argued_above(self, c: str, rd: Attrs, target: Provision | Element) -> Element | None:
        """The line for a condition that fails a rule argued as an exception that does not apply, when
        it is a negation already argued above ('the operation of the third vehicle violated a
        condition of its permit — met (as argued above under s. 348.25(3))'); None otherwise."""
        g = self.g
        if isinstance(target, Provision) or rd.get("status") != "false":
            return None
        d = g.nodes[c]
        inner = self.inner_of(c) if d.get("kind") == "negation" and d.get("status") == "false" else None
        if inner is None or g.nodes[inner].get("status") != "true" or g.nodes[inner].get("kind") not in ("atom", "goal"):
            return None
        where = self.citation_of(inner)
        return Element(gloss(g.nodes[inner]), "true", source=words.argued_above(where) if where else "")

    def _fails_on_law(self, rule_id: str) -> bool:
        """Whether the rule fails on a condition only the law's own text decides: a derived atom,
        false, that no rule could conclude (the law lists what holds and this is not among it)."""
        g = self.g
        if g.nodes[rule_id].get("status") != "false":
            return False
        return any(g.nodes[c].get("kind") == "atom" and g.nodes[c].get("status") == "false"
                   and not self.rules_of(c) and not ordered_children(g, c)
                   for c in ordered_children(g, rule_id))

    def held_exception(self, h: dict[str, Any], rd: Attrs, citation: str) -> Exception_ | None:
        """A condition held that negates an exception the rule's words state ('unless', 'does not
        apply'), or one whose own provision states itself as one: the exception, not met, with the
        facts that fail it, the way negation() says it where the rule applies; None for an element."""
        exc = h.get("exception")
        if not exc or _same_provision(exc["citation"], citation):
            return None
        own = self.index.get(exc["citation"]) if self.index is not None and exc["citation"] in self.index else None
        if not _STATES_EXCEPTION.search(rd.get("statute", "") or "") and not (
                own is not None and _STATES_EXCEPTION.search(own.text or "")):
            return None
        out = Exception_(exc["sentence"], "fails", citation=exc["citation"],
                         reasons=[self.held_element(r) for r in exc.get("because") or []])
        if out.reasons and all(r.source == words.PRESUMED for r in out.reasons):
            out.status = "not raised"
        self.mark(out, "stating", rd)
        return out

    def _held_worded(self, h: dict[str, Any], rd: Attrs) -> dict[str, Any] | None:
        """The stated fact that makes a held condition, negating a condition of another provision, one
        the requirement of the rule's provision words itself (the daylight of s. 350.02(2)(b)3 not
        holding because the ride was 'At night', s. 350.02(2)(b)4: _worded_in_requirement); None when
        the condition is an exception."""
        exc = h.get("exception") or {}
        own = self.index.get(exc["citation"]) if self.index is not None and exc.get("citation") in self.index else None
        if not exc or own is not None and _STATES_EXCEPTION.search(own.text or ""):
            return None
        head = _STATES_EXCEPTION.split(rd.get("statute", "") or "", maxsplit=1)[0].lower()
        for r in exc.get("because") or ():
            if r.get("derived") or not r.get("source"):
                continue
            words_ = _phrase_words(str(r.get("text", "")))
            if any(re.search(rf"\b{re.escape(' '.join(words_[-k:]))}\b", head) for k in range(len(words_), 1, -1)):
                return dict(r, status="true")   # it fails the other provision's condition: it holds
        return None

    def held_element(self, h: dict[str, Any]) -> Element:
        source = words.PRESUMED if h.get("presumed") else words.source(
            h.get("source", ""), f"implied: {h['implied']}" if h.get("implied") else "")
        if h.get("source"):
            self._note_fact(h["text"], h["source"])
        if h.get("law") and not h.get("source") and h.get("status") == "true":
            source = words.IN_THE_LAW   # the law's own list: said as its statement, no status (review 15, G3)
        return Element(h["text"], h.get("status", "true"), source=source, loc=h.get("source", ""),
                       parts=self._grounds(h), requirement=h.get("requirement", "") if h.get("status") == "false" else "")

    def _grounds(self, h: dict[str, Any]) -> list[Element]:
        """A derived condition met where its rule does not apply, with the stated facts that meet it
        (explain/builder.py grounds), as a met element carries them where the rule applies: 'the
        clock time of the ride is 23:15, which is at or after 22:30 — met (case file line 9)' under
        the window (trainer review 10, 02). A stated value followed by the comparison that reads it
        is said once, in the comparison, with the value's line."""
        if h.get("status") != "true" or not h.get("derived"):
            return []
        parts: list[Element] = []
        for gd in h.get("grounds") or ():
            text, loc = str(gd.get("text", "")), str(gd.get("source", ""))
            if gd.get("comparison") and parts and text.startswith(parts[-1].text + ","):
                prev = parts.pop()
                text, loc = text, prev.loc
            elif loc:
                self._note_fact(text, loc)
            parts.append(Element(text, "true", source=words.source(loc, ""), loc=loc))
        return parts

    def condition(self, c: str, elements: list[Element], exceptions: list[Exception_], arithmetic: list[str] | None,
                  citation: str, depth: int, target: Provision | Element, held: bool = True) -> None:
        g = self.g
        d = g.nodes[c]
        kind = d.get("kind")
        if kind == "fact" and d.get("how") == "entity in the case":
            return   # the kind of entity the rule is about: not an element
        if kind == "fact" and d.get("link") and d.get("status") == "true" and (
                d.get("link_to") not in self._parties or self._restates_role(d)):
            self._note_link(gloss(d), d.get("loc", ""), d.get("pred", ""))   # a join between entities: among the facts used
            return
        if kind in ("fact", "presumed", "unknown"):
            elements.append(self.leaf(d))
        elif kind == "comparison" and d.get("distinct"):
            return   # 'Mark Olson and Sam Olson are two different persons — met': the join's, not the law's words
        elif kind == "comparison" and d.get("positive_guard") and d.get("status") == "true" and (
                arithmetic if arithmetic is not None else self._arithmetic) is not None:
            return   # 'the total excess load is 4,200 lb, which is more than 0 lb — met': the arithmetic shows it
        elif kind == "comparison":
            elements.append(Element(words.on_reading(d.get("sentence") or d.get("label", ""), d.get("reading", "")),
                                    d.get("status", ""), requirement=words.on_reading(d.get("requirement", ""),
                                                                                      d.get("reading", "")),
                                    phrase=str(d.get("phrase") or "")))
        elif kind == "assignment":
            said = words.on_reading(d.get("sentence") or d.get("label", ""), d.get("reading", ""))
            arithmetic = arithmetic if arithmetic is not None else self._arithmetic
            if arithmetic is not None:
                if said not in arithmetic:
                    arithmetic.append(said)
            else:
                elements.append(Element(said, d.get("status", "true")))
        elif kind == "negation":
            self.negation(c, elements, exceptions, citation, depth, target)
        elif kind in ("atom", "goal"):
            self.atom(c, elements, exceptions, arithmetic, citation, depth, target, held)
        elif kind == "rule":
            sub = Element(words.alternative(d.get("provision", "")), d.get("status", ""))
            self.mark(sub, "own", d)
            self.fill(sub, c, citation, depth + 1, held)
            _effects(sub.exceptions, words.alternative_defeated(d.get("provision", "")))
            elements.append(sub)
        else:
            elements.append(Element(gloss(d), d.get("status", "")))

    def leaf(self, d: Attrs) -> Element:
        kind = d.get("kind")
        text = gloss(d)
        if kind == "presumed":   # led by what the statute states, the status beside it (not a negative + "not met")
            asked = positive_gloss(d) if d.get("status") == "false" else ""
            return Element(text, d.get("status", ""), source=words.PRESUMED, citation=d.get("citation", ""),
                           requirement=asked)
        if kind == "unknown":
            decides = d.get("question") in self.deciding_missing
            return Element(words.unknown_text(d.get("question", "")), "undetermined",
                           source=words.UNKNOWN_DECIDES if decides else words.UNKNOWN, loc=d.get("loc", ""))
        loc = d.get("loc", "")
        self._note_fact(text, loc)
        instead = self._stated_instead(d) if kind == "fact" and d.get("status") == "false" else ""
        if instead:
            return Element(text, "false", source=words.source(loc, d.get("how", "")), loc=loc, instead=instead)
        none = d.get("none_listed")   # no entity the case lists makes it so: what it lists none of
        how = f"none in the case: {none if isinstance(none, str) else ''}" if none else d.get("how", "")
        return Element(text, d.get("status", ""), source=words.source(loc, how), loc=loc,
                       requirement=_requirement(d),
                       given=bool(kind == "fact" and re.fullmatch(r"[A-Za-z_]\w*", str(d.get("link_to") or ""))
                                  and loc and d.get("status") == "true"))

    def _stated_instead(self, d: Attrs) -> str:
        """The value the case states, on the same line, for a fact whose last argument is a value
        (a word of a closed set) asked otherwise: for 'charge_paragraph(count1, b)' false beside
        'charge_paragraph(count1, a)' stated, the stated fact's value in words ('par. (a)'); '' else."""
        label, loc, value = str(d.get("label") or ""), d.get("loc"), d.get("link_to")
        m = re.fullmatch(r"(\w+)\((.*), ([\w.]+)\)", label)
        if not m or not loc or not isinstance(value, str) or not re.fullmatch(r"[a-z0-9]{1,4}", value):
            return ""
        if self._stated_values is None:
            self._stated_values = {}
            for _, x in self.g.nodes(data=True):
                k = re.fullmatch(r"(\w+)\((.*), ([\w.]+)\)", str(x.get("label") or ""))
                if x.get("kind") == "fact" and x.get("status") == "true" and k and x.get("loc"):
                    self._stated_values.setdefault((k.group(1), k.group(2), x.get("loc")), []).append(
                        str(x.get("sentence") or ""))
        said = self._stated_values.get((m.group(1), m.group(2), loc)) or []
        asked = str(d.get("sentence") or "")
        if len(said) != 1 or " is " not in said[0] or " is " not in asked:
            return ""
        head, _, mine = said[0].rpartition(" is ")
        other = asked.rpartition(" is ")[2]
        if not asked.startswith(head + " is ") or mine == other:
            return ""
        return f"{said[0]}, not {other}"

    def inner_of(self, nid: str) -> str | None:
        kids = ordered_children(self.g, nid)
        return kids[0] if kids else None

    def negation(self, c: str, elements: list[Element], exceptions: list[Exception_], citation: str, depth: int,
                 target: Provision | Element) -> None:
        g = self.g
        d = g.nodes[c]
        inner = self.inner_of(c)
        idata = g.nodes[inner] if inner is not None else {}
        ikind = idata.get("kind")
        if inner is None or ikind in ("fact", "unknown"):
            el = self.leaf(idata) if inner is not None else Element(gloss(d), d.get("status", ""))
            el.text = gloss(d) if ikind != "unknown" else el.text
            el.status = d.get("status", "") if ikind != "unknown" else "undetermined"
            el.requirement = (d.get("negative") or "") if el.status == "false" else ""
            elements.append(el)
            return
        if ikind == "presumed":   # an exception the case does not raise: presumed not to apply
            exceptions.append(Exception_(idata.get("sentence") or gloss(idata), "not raised",
                                         citation=idata.get("citation", "")))
            return
        inner_status = idata.get("status", "")
        own = self.citation_of(inner)
        own_rule = self.rule_for(inner, own)
        own_text = (own_rule or {}).get("statute", "") if own else ""
        stated = _STATES_EXCEPTION.search(self._statute or "")
        positive = own_rule is not None and bool(own_text) and not _STATES_EXCEPTION.search(own_text) \
            and not re.search(r"\b(not|no|never)\b|n't\b", gloss(d))
        # the provision's requirement (its words before 'unless', 'except') words the condition
        # itself: an element even where the provision states an exception to something else (trainer
        # review 11, G6: s. 350.10(1)(i) 'a person not in or upon a vehicle ... unless operated at 10
        # mph or less'; s. 350.02(2)(b)4 'At night travel shall conform ... unless: a. ... c. ...')
        worded = self._worded_in_requirement(inner, idata, own_text) if stated else ""
        if worded and worded != inner:   # the stated fact the requirement words ('At night'): itself the element
            elements.append(self.leaf(g.nodes[worded]))
            return
        if worded or not stated and (_same_provision(own, citation) or positive):
            # a condition of the provision stated negatively ("not brake_capable(S)") where the
            # provision states no exception: an element, not an exception; so is one defined by
            # another provision that states none either, where the law words its negation as a
            # positive statement (s. 348.21 (3) (b) 1. 'For the first conviction', counted under
            # sub. (4): 'the conviction ... is a first conviction within the 12-month period — met')
            el = Element(gloss(d), d.get("status", ""), requirement=(d.get("negative") or "")
                         if d.get("status") == "false" else "")
            if depth < MAX_NEST:
                self.expand(inner, el, citation, depth + 1, held=False)
                el.parts[:0] = self.unmet_alternatives(idata)
            elements.append(el)
            return
        # a derived atom the rule requires not to hold: an exception
        status = {"true": "applies", "false": "fails"}.get(inner_status, "open")
        # an exception our reading puts in the rule (s. 348.19(1)(b)'s excuse read into sub. (3)) decides
        # where it applies: said there (trainer review 11, G4); where it fails, either reading convicts
        exc = Exception_(words.on_reading(idata.get("sentence") or idata.get("open_sentence")
                                          or words.helper_words(idata.get("label", "")),
                                          d.get("reading", "") if status == "applies" else ""), status,
                         citation=self.citation_of(inner))
        exc.limit = _a_limitation(exc.citation)
        exc.kind = str(idata.get("rule_kind") or "")
        self.mark(exc, "stating", self._stating)
        self.mark(exc, "own", self.rule_for(inner, exc.citation))
        if depth < MAX_NEST:
            holder = Element("", inner_status)
            self.expand(inner, holder, citation, depth + 1, held=False)
            exc.readings = holder.readings
            exc.reasons = self.unmet_alternatives(idata) + list(holder.parts)
            for x in holder.exceptions:   # an exception within it, said as one of its reasons: its quotes too
                # with the facts under it: an exception said as met always shows why (trainer review 4,
                # 12.2: cattle truck 2 on I-94, not in the I 39 or I 41 corridor)
                # and its readings: the answer may rest on one (operating after the permit's hours
                # violates a condition of it: trainer review 12, 03.3)
                said = Element(words.exception_line(x.text, x.status), _exc_truth(x.status), citation=x.citation,
                               parts=list(x.reasons), readings=list(x.readings))
                for key in ("own", "stating", "origin"):
                    self.mark(said, key, self.marked(x, key))
                exc.reasons.append(said)
        rules = self.rules_of(inner)
        if status == "fails" and rules and all(g.nodes[r].get("beyond") for r in rules):
            # refused by the statute's own number (an excess of 4,200 lb, 'more than 2,000 pounds'):
            # not in issue, said in one line with that number, its words unquoted and its readings
            # not listed, none of them able to make it apply (trainer review 12, G5, G8)
            # or on a fact the case states as the law would take it unstated ('the excess could not be
            # reloaded'); with the number too, that first, both in the one line (trainer review 13, G6)
            exc.by_number = True
            _drop_readings(exc)
            numbers = list(dict.fromkeys(g.nodes[r]["number_too"] for r in rules if g.nodes[r].get("number_too")))
            if len(numbers) == 1 and not any(r.text == numbers[0] for r in exc.reasons):
                exc.reasons[:0] = [Element(numbers[0], "false")]
        if status == "applies" and len(exc.reasons) == 1 and exc.reasons[0].parts and exc.reasons[0].status == "true" \
                and (exc.reasons[0].citation or exc.citation) == exc.citation and not exc.reasons[0].exceptions \
                and not exc.reasons[0].alternatives:
            # the exception holds by one rule that only passes on another conclusion of the same
            # provision ('on the roadway where the chapter allows it :- public utility work'): said
            # by that conclusion's words, which say what the exception is (trainer review 12, 07:
            # 'the ride was on the roadway where the chapter allows it' read as a route permission)
            only = exc.reasons[0]
            exc.text, exc.reasons = only.text, list(only.parts)
            exc.readings = list(exc.readings) + [r for r in only.readings if r not in exc.readings]
        if status == "fails" and exc.reasons and all(r.source == words.PRESUMED for r in _leaves(exc.reasons)):
            exc.status = "not raised"
        if exc.citation == citation:
            exc.citation = ""
        exceptions.append(exc)

    def _worded_in_requirement(self, inner: str, idata: Attrs, own_text: str) -> str:
        """Whether a condition the rule requires not to hold is one the provision's requirement words
        itself, before the words that state its exception ('unless', 'except'), so an element of the
        provision and not an exception to it: its words after 'not' in the requirement ('a person not
        in or upon a vehicle', s. 350.10(1)(i)); or, for a condition defined by another provision that
        states no exception (the daylight of s. 350.02(2)(b)3) as the negation of a stated fact, that
        fact's words in the requirement ('At night travel shall conform', s. 350.02(2)(b)4), said by
        that fact. The condition's node (inner), or that fact's; '' for an exception."""
        head = _STATES_EXCEPTION.split(self._statute or "", maxsplit=1)[0].lower()
        said = _phrase_words(idata.get("sentence") or "")
        if any(f"not {' '.join(said[-k:])}" in head for k in range(len(said), 2, -1)):
            return inner
        if not own_text or _STATES_EXCEPTION.search(own_text):
            return ""
        g = self.g
        for r in self.rules_of(inner):
            for c in ordered_children(g, r):
                if g.nodes[c].get("kind") != "negation":
                    continue
                fact = self.inner_of(c)
                if fact is None or g.nodes[fact].get("kind") not in ("fact", "unknown"):
                    continue
                words_ = _phrase_words(g.nodes[fact].get("sentence") or gloss(g.nodes[fact]))
                if any(re.search(rf"\b{re.escape(' '.join(words_[-k:]))}\b", head)
                       for k in range(len(words_), 1, -1)):
                    return fact
        return ""

    def unmet_alternatives(self, d: Attrs) -> list[Element]:
        """The alternatives of a condition met by a later one that fail on a compared value (45 feet,
        not within 40; explain/builder.py unmet_alternatives): said first, 'not met', so that the one
        that holds is seen to decide (the brake locks the track: trainer review 8, 10, sled 4)."""
        return [self.held_element(h) for h in d.get("unmet_alternatives") or ()]

    def citation_of(self, nid: str) -> str:
        for r in self.rules_of(nid):
            prov: str | None = self.g.nodes[r].get("provision")
            if prov:
                return prov
        return ""

    def expand(self, nid: str, holder: Element, citation: str, depth: int, held: bool = True,
               nearest: bool = False) -> None:
        """_expand, then a vehicle's conviction record (explain/priors.py): every prior the case lists
        for it, each counted or not and why (trainer review 12, 11)."""
        self._expand(nid, holder, citation, depth, held, nearest)
        d = self.g.nodes[nid]
        if d.get("pred") in (priors.REPEAT, priors.THIRD) and d.get("status") == "true":
            # each prior counted: its facts in one line (_counted_in_one_line)
            self.counted.update(str(p.text) for p in holder.parts if p.status == "true" and p.parts)
        if d.get("record_of") in self._records:   # said once a vehicle (its 2nd and its 3rd conviction)
            return
        if d.get("record"):
            self._records.add(d["record_of"])
        record = [Element(r["text"], r["status"]) for r in d.get("record") or ()]
        if record and d.get("status") == "false":
            # no prior counts: each prior the case lists, with its reason, in place of the proof's nearest one
            holder.parts = record
        elif record:   # the prior that counts is argued above; each other one with why it does not count,
            # in one line each, in place of the proof's own 'not counted' reasons (said at length)
            holder.parts = [p for p in holder.parts if id(p) not in self.uncounted] + record

    def _expand(self, nid: str, holder: Element, citation: str, depth: int, held: bool = True,
                nearest: bool = False) -> None:
        """An atom's reasons into holder.parts / holder.exceptions: the applying rule's conditions, or
        for a FALSE atom each rule that could have concluded it with what fails it (nearest: only the
        rules that come nearest, past the facts the case states: an entity checked and not counted,
        the old conviction outside the 12-month period, not also 'imposed under sub. (3)' when it was
        under sub. (3g))."""
        g = self.g
        d = g.nodes[nid]
        rules = self.rules_of(nid)
        status = d.get("status", "")
        # an open atom with two or more open ways (the night window of s. 350.10(1)(g): its evening part
        # or its morning part): the facts that decide them, never the first way's test alone as if it were
        # the whole (trainer review 8, 01: only 'at or after 22:30' shown for the window)
        ways_open = status == "undetermined" and sum(g.nodes[r].get("status") == "undetermined" for r in rules) >= 2
        if status in ("true", "undetermined"):
            rules = [r for r in rules if g.nodes[r].get("status") in ("true", "undetermined")][:1] or rules[:1]
        elif nearest and len(rules) > 1:
            def on_fact(r: str) -> bool:   # fails on what the case states outright (imposed under sub. (3g))
                return any(g.edges[r, c].get("role") == "failed" and g.nodes[c].get("kind") == "fact"
                           for c in ordered_children(g, r))
            rules = [r for r in rules if not on_fact(r)] or rules
        if not rules and d.get("not_listed") and not holder.parts:   # a value the law's list leaves out:
            # the law's own statement in its negative words ('a town highway is not a state trunk or
            # connecting highway'), with no status word (trainer review 10, 04: '... — not met' read as
            # machine talk)
            holder.source, holder.requirement = words.IN_THE_LAW, ""
            holder.text = words.on_reading(holder.text, d.get("reading", ""))
            holder.readings.extend(r for r in d.get("readings") or () if r not in holder.readings)
            return
        if not rules:
            for c in ordered_children(g, nid):   # an instance list (violation(op1, _)) or an elided step
                if g.edges[nid, c].get("role") in ("instance", "not counted"):   # and those checked that do not count
                    if c in self._shown:
                        continue
                    self._shown.add(c)
                    # one checked and not counted: what it would need, not met (never 'is not ... — not met')
                    said = (g.nodes[c].get("sentence") if g.edges[nid, c].get("role") == "not counted" else "")
                    sub = Element(said or gloss(g.nodes[c]), g.nodes[c].get("status", ""), citation=self.citation_of(c))
                    self.expand(c, sub, sub.citation or citation, depth + 1, held,
                                nearest=g.edges[nid, c].get("role") == "not counted")
                    if g.edges[nid, c].get("role") == "not counted":
                        self.uncounted.add(id(sub))
                    holder.parts.append(sub)
                elif g.nodes[c].get("kind") == "elided":
                    holder.parts.append(Element(gloss(g.nodes[c]), g.nodes[c].get("status", "")))
            return
        if len(rules) == 1:
            self.fill(holder, rules[0], citation, depth, held)
            if ways_open and not any(e.status == "true" for e in holder.parts):   # nothing met said with it
                holder.parts = _unknown_leaves(holder.parts) or holder.parts
            rd = g.nodes[rules[0]]
            if not rd.get("held") and not ordered_children(g, rules[0]) and rd.get("status") == "true":
                holder.source = words.IN_THE_LAW   # a rule without conditions: the law says so
            return
        holder.alternatives = True
        headed: set = set()
        for r in rules:
            rd = g.nodes[r]
            again = rd.get("provision", "") in headed   # a later way under the same provision, said so
            sub = Element(words.alternative(rd.get("provision", ""), again), rd.get("status", ""),
                          citation=rd.get("provision", "") if rd.get("provision") != citation else "")
            self.mark(sub, "own", rd)
            self.rule_of[id(sub)] = r
            # a way of a "no" is no level of its own (review 7, 06: the failing element summarised)
            self.fill(sub, r, rd.get("provision", "") or citation, depth if d.get("status") == "false" else depth + 1, held)
            _effects(sub.exceptions, words.alternative_defeated(rd.get("provision", "")))
            if not sub.parts and not sub.exceptions:   # what fails it is said above
                continue
            if len(sub.parts) == 1 and not sub.exceptions:   # one condition decides it: say that one
                only = sub.parts[0]
                # a way that fails on its one condition is cited by the provision that offers the way,
                # not the one defining that condition (trainer review 13, 08: the route exception to s.
                # 350.02(4) is s. 350.02(2)(a)5, never '(s. 350.04(2))', where routes are designated)
                # (a subdivision of the way's own provision keeps its finer citation: s. 350.03(2)(a))
                if sub.citation and (not only.citation or only.status == "false" and rd.get("status") == "false"
                                     and not _within(only.citation, sub.citation)):
                    only.citation = sub.citation
                    self.mark(only, "own", rd, replace=True)
                self.way_of[id(only)] = r
                if only.status == "false" and rd.get("status") == "false":
                    only.ground = _ground_of(self.index, rd)
                holder.parts.append(only)
            else:
                # a way to a line shown false is named by what it asks, in positive words (never
                # 'the operator was not prohibited ..., under s. 350.05(1) — not met')
                _named(sub, holder.requirement or holder.text if holder.status == "false" else holder.text,
                       rd.get("provision", ""))
                if _WAY.match(sub.text) or sub.status == "false" and rd.get("status") == "false" and not sub.exceptions:
                    sub.ground = _ground_of(self.index, rd)   # never a bare 'under s. 348.19(3)
                holder.parts.append(sub)
                headed.add(rd.get("provision", ""))

    def atom(self, c: str, elements: list[Element], exceptions: list[Exception_], arithmetic: list[str] | None,
             citation: str, depth: int, target: Provision | Element, held: bool = True) -> None:
        g = self.g
        d = g.nodes[c]
        rules = self.rules_of(c)
        own = self.citation_of(c)
        folds = d.get("helper") or not d.get("sentence") or _same_provision(own, citation)
        if depth >= MAX_NEST:
            elements.append(Element(gloss(d), d.get("status", ""), citation=_own_label(own, citation, gloss(d))))
            return
        single = self._single
        instances = [x for x in ordered_children(g, c) if g.edges[c, x].get("role") == "instance"]
        if instances and all(x in self._shown for x in instances):
            return   # an open atom whose instances are argued above
        before = self.argued.get(c)
        if before and self._top and not _same_provision(before, self._top) and d.get("sentence"):
            # argued in full under an earlier provision of this answer (s. 350.05(2), then inside
            # s. 350.08): said once, there, and referred to here
            elements.append(Element(gloss(d), d.get("status", ""), citation=_own_label(own, citation, gloss(d)),
                                    source=words.argued_under(before)))
            return
        el = Element(gloss(d) if d.get("sentence") else "", d.get("status", ""),
                     citation=_own_label(own, citation, gloss(d)), requirement=_requirement(d))
        self.mark(el, "own", self.rule_for(c, own))
        el.phrase = str((self.marked(el, "own") or {}).get("phrase") or "")
        self.expand(c, el, own or citation, depth + 1, held)
        if (el.parts or el.exceptions) and self._top:
            self.argued.setdefault(c, self._top)
        if not rules and not el.parts:
            el.text = el.text or gloss(d)
            elements.append(el)
            return
        if folds and (not el.text or (len(el.parts) + len(el.exceptions) and _same_provision(own, citation)
                                      and single and not el.citation)):
            # a helper, or the one condition of a wrapper rule of the same provision: its conditions
            # are this provision's; never a step a subdivision of its own states, with the words quoted
            # (the $15 length fee of s. 348.25(8)(a)1; the 20,000-lb basis of s. 348.21(3t)(b): review 6,
            # 05 and 07, where they were folded into 'exceeds length limitations' and the excess)
            # a stated fact a provision of its own defines the words of keeps that provision, said where
            # it alone fails an exception (s. 350.05(4): "accompanied" is being on the same snowmobile;
            # trainer review 16, G7), never as a citation with its quotation beside every such fact
            if own and citation and own != citation and not _within(own, citation):
                for part in el.parts:
                    if isinstance(part, Element) and not part.citation and not part.parts and part.loc:
                        part.defined_in = own
            elements.extend(el.parts)
            exceptions.extend(el.exceptions)
            for r in el.readings:
                if r not in target.readings:
                    target.readings.append(r)
            return
        if el.exceptions and _same_provision(own, citation):
            exceptions.extend(el.exceptions)
            el.exceptions = []
        elements.append(el)


MAX_RESULTS = 4   # different results of a proof by cases each argued once, however many
MAX_CASES = 2   # cases of a proof by cases argued in full (cases argued alike count once); the short
# answer names every outcome, and `--view full` shows every case


def _case_outcome(g: Graph, leaf: str, status: str) -> tuple[str, ...]:
    """What a case of a proof by cases concludes: its conclusion's status and the rows that hold
    there (the amounts found), so that cases with different results are told apart."""
    d = g.nodes[leaf]
    held = sorted(str(g.nodes[c].get("label", "")) for c in g.successors(leaf)
                  if g.edges[leaf, c].get("role") == "instance" and g.nodes[c].get("status") == "true")
    return (str(d.get("status", status)), *held)


def _case_arguments(g: Graph, root_id: str, b: _Builder, status: str) -> tuple[list[Provision], int]:
    """(provisions, cases left out): the provisions argued in each case of a proof by cases, nested
    splits flattened; cases argued alike are argued once, under all their labels ('If ...; or if
    ...'); the case's label stands on its first provision. Each different result is argued once
    before any result is argued a second way (trainer review 11, 12: two cases of $100 to $200
    argued while the $50 to $100 one went unargued), and a result argued once names the other
    cases that reach it too ('the same result follows if ...')."""
    groups: dict[str, tuple[list[Provision], list[str], tuple[str, ...]]] = {}
    for labels, leaf in case_leaves(g, root_id):
        ps = [p for p in (b.provision(nid) for nid in _deciding(g, leaf, g.nodes[leaf].get("status", status)))
              if p is not None]
        outcome = _case_outcome(g, leaf, status)
        groups.setdefault(repr((outcome, ps)), (ps, [], outcome))[1].append(" and ".join(labels))
    every = list(groups.values())
    firsts = list({o: i for i, (_, _, o) in reversed(list(enumerate(every)))}.values())   # the first case of each result
    chosen = sorted(firsts)[:max(MAX_CASES, min(len(firsts), MAX_RESULTS))]
    for i in range(len(every)):   # room left: a result reached another way
        if len(chosen) >= MAX_CASES:
            break
        if i not in chosen:
            chosen = sorted(chosen + [i])
    out: list[Provision] = []
    for i in chosen:
        ps, labels, outcome = every[i]
        if ps and len(groups) > 1:
            also = [lab for j, (_, ls, o) in enumerate(every) if j not in chosen and o == outcome for lab in ls]
            merged = words.merged_alternatives(list(labels) + also)
            ps[0].case = merged[0] if len(merged) == 1 else \
                words.either_case(labels) + (words.same_result_also(also) if also else "")
        for p in ps:
            _supposed_as_labelled(p, labels)
        out.extend(ps)
    quoted: set[str] = set()
    for p in out:   # each provision quoted once, in the first case that argues it
        if p.citation in quoted:
            p.quote = ""
        quoted.add(p.citation)
    left = [j for j in range(len(every)) if j not in chosen and every[j][2] not in {every[i][2] for i in chosen}]
    return out, len(left)


def _supposed_as_labelled(obj: Any, labels: list[str]) -> None:
    """A fact a case supposes, said as the case's label says it ('the number of months ... is 12
    months or less'), never as the stand-in value the case's proof was built on ('is 11 months,
    which is at most 12 months': trainer review 11, 12)."""
    taken = words.source("", words.TAKEN)
    for name in ("elements", "parts", "exceptions", "reasons"):
        for x in getattr(obj, name, None) or []:
            if getattr(x, "source", None) == taken and getattr(x, "text", "") and not x.parts:
                noun = x.text.partition(", which ")[0].rpartition(" is ")[0]
                for label in labels:
                    m = re.search(re.escape(noun) + r" is (.+?)(?= and if |; or |$)", label) if noun else None
                    if m:
                        x.text = f"{noun} is {m.group(1)}"
                        break
            _supposed_as_labelled(x, labels)


def _same_entity(links: list[tuple[str, str, str]]) -> list[Element]:
    """Two joins of one rule to the same entity are what the rule requires of them, an element:
    'the person charged in count1 and the person charged in count2 are the same, d1' (s. 350.101(1)(d):
    "if the person is charged with violating both"); one join alone only links (facts used)."""
    groups: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for pred, text, loc in links:
        noun, sep, value = text.rpartition(" is ")
        if sep and pred:
            groups.setdefault((pred, value), []).append((noun, loc))
    out: list[Element] = []
    for (_, value), members in groups.items():
        nouns = list(dict.fromkeys(n for n, _ in members))
        if len(nouns) < 2:
            continue
        locs = list(dict.fromkeys(loc for _, loc in members if loc))
        out.append(Element(words.same_entity(nouns, value), "true", source=words.sources(locs),
                           loc=locs[0] if locs else ""))
    return out


def _effects(exceptions: list[Exception_], effect: str) -> None:
    """What an exception that applies defeats: the conclusion of the provision (or of the way it
    could follow) that holds it, said once where the exception is shown."""
    if not effect:
        return
    for x in exceptions:
        if x.status == "applies" and not x.effect:
            x.effect = effect


def _why_not_counted(elements: list[Element], uncounted: set[int]) -> None:
    """'a prior conviction other than X — not met, because only X is counted' says why each other one
    checked beside it is not counted, by the first thing that fails it ('the charge dismissed 6 months
    earlier is not a conviction within the meaning of s. 348.21 (4)'; trainer review 7, 11); each one
    not counted is argued by what fails it, the conditions it meets left out."""
    others = [e for e in elements if id(e) in uncounted and e.status == "false"]
    for o in others:   # one not counted: what fails it, not also what it meets (a handout of four priors ran a page over)
        if _first_failure(o):
            o.parts = [p for p in o.parts if p.status != "true"]
    for e in elements:
        if others and e.status == "false" and e.requirement and is_only_counted(e.text):
            e.text = words.only_counted_because(e.text, [_first_failure(o) for o in others])
        _why_not_counted(e.parts, uncounted)
        for x in e.exceptions:
            _why_not_counted(x.reasons, uncounted)


def _first_failure(e: Element) -> str:
    """What first fails an element not met: its first condition not met, or the exception that
    applies (a s. 348.21 (2) (b) citation), in its own words."""
    for part in e.parts:
        if part.status == "false" and part.text:
            return str(part.text)
    for x in e.exceptions:
        if x.status == "applies" and x.text:
            return str(x.text)
    return ""


def _requirement(d: Attrs) -> str:
    """What a condition shown FALSE asks, in positive words ('' when it holds)."""
    return (d.get("requirement") or d.get("sentence", "")) if d.get("status") == "false" else ""


_UNDER_SECTIONS = re.compile(r"\bunder ss?\. (\d{3}\.\d+)")


def _own_label(own: str, citation: str, text: str = "") -> str:
    """The citation an element's line is labelled with: its own rule's provision where it differs from
    the provision argued. None where its own is the section or subsection that provision is part of
    ('s. 348.21: the total excess load ...' under s. 348.21(3)(a) named only the section the quote
    heads), nor where the line's own words say under which other section it is a question ('the rented
    rig exceeded the weight limitation applicable to it under ss. 348.15 to 348.17', which s. 348.21
    only prices: labelled 's. 348.21:' it read as a finding under s. 348.21; trainer review 14, G8)."""
    if not own or own == citation or citation.startswith(own + "("):
        return ""
    section = own.split("(", 1)[0]
    named = {m.group(1) for m in _UNDER_SECTIONS.finditer(text or "")}
    if named and section not in named:
        return ""
    return own


def _same_provision(a: str, b: str) -> bool:
    """The same provision, or one a subdivision of the other (350.02(2)(b)4.a within 350.02(2)(b)4)."""
    if not a or not b:
        return not a
    return a == b or a.startswith(b) or b.startswith(a)


# the lead-in of a paragraph whose subdivisions are limitations on what it allows (s. 350.04(2): 'Towns,
# cities or villages may adopt ordinances designating highways as snowmobile routes ..., subject to
# the following limitations:')
_LIMITATIONS_LEAD = re.compile(r"\bsubject to the following limitations:\s*$", re.I)


def _a_limitation(citation: str) -> bool:
    """Whether a provision is one of the limitations its parent's lead-in names (s. 350.04(2)(e) under
    s. 350.04(2)): a negative condition under it limits what the parent allows; it is no exception."""
    if not citation:
        return False
    try:
        own = default_index().get(citation)
        parent = default_index().get(own.parent) if own is not None and own.parent else None
    except MalformedCitation:
        return False
    return parent is not None and bool(_LIMITATIONS_LEAD.search(parent.text or ""))


def _exc_truth(status: str) -> str:
    return {"applies": "true", "fails": "false", "not raised": "false"}.get(status, "undetermined")


def _leaves(elements: list[Element]) -> Iterator[Element]:
    for e in elements:
        if e.parts:
            yield from _leaves(e.parts)
        else:
            yield e


def _plain_met(e: Element) -> bool:
    """A met comparison with nothing under it (no parts, exceptions or quotes of its own)."""
    return isinstance(e, Element) and e.status == "true" and not e.parts and not e.exceptions and not e.quotes


def _merge_comparisons(elements: list[Element]) -> None:
    """A fact and the comparison that tests it are one element: 'the speed ... is 25 mph, which is
    more than 10 — met (case file line 12)' (the comparison's sentence opens with the fact's)."""
    i = 0
    while i < len(elements):
        e = elements[i]
        if e.source and not e.parts:
            for other in elements:
                if other is not e and not other.source and not other.parts and other.text.startswith(e.text + ","):
                    other.source, other.loc = e.source, e.loc
                    elements.pop(i)
                    i -= 1
                    break
        i += 1
    for e in list(elements):   # a value worked out (no source of its own) and the comparison that tests it:
        # one element, the comparison (trainer review 8, 05: 'the amount ... is 1,500 lb — met' then
        # '... is 1,500 lb, which is at most 2,000 lb — met')
        if not e.source and not e.parts and not e.exceptions and e.text:
            if any(other is not e and not other.parts and other.status == e.status
                   and other.text.startswith(e.text + ", which ") for other in elements):
                elements.remove(e)
    for e in elements:   # 'which is more than 80,000 lb (the maximum weight ...)': the noun is said above
        noun = e.text.split(" is ", 1)[0] if " is " in e.text else ""
        if noun and len(noun) > 12:
            for other in elements:
                if other is not e and f" ({noun})" in other.text:
                    other.text = other.text.replace(f" ({noun})", "")
    for e in list(elements):   # an unknown input and the comparison that waits on it: one element
        if e.source.startswith(words.UNKNOWN) and not e.parts and e.text.startswith(words.UNKNOWN_LEAD):
            question = e.text[len(words.UNKNOWN_LEAD):]
            for other in elements:
                if other is not e and not other.source and not other.parts and question in other.text:
                    other.source, other.status = e.source, "undetermined"
                    elements.remove(e)
                    break
    for e in list(elements):   # two bounds of one value, both met: one line ('the total excess load of
        # the second vehicle is 3,450 lb, which is more than 3,000 lb and at most 4,000 lb': a bracket of
        # s. 348.21(3)(b) said once, not twice, issue 46 item 4)
        head, sep, bound = e.text.partition(", which is ")
        if not sep or " and " in bound or not any(x is e for x in elements) or not _plain_met(e):
            continue
        for other in elements:
            if (other is not e and _plain_met(other) and other.text.startswith(head + ", which is ")
                    and " and " not in other.text[len(head):] and (other.source, other.loc, other.citation)
                    == (e.source, e.loc, e.citation)):
                e.text = f"{e.text} and {other.text[len(head) + len(sep):]}"
                e.readings = [*e.readings, *(r for r in other.readings if r not in e.readings)]
                elements[:] = [x for x in elements if x is not other]
                break
