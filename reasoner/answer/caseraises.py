"""What the case also raises: a provision the case's stated facts engage that the question asked
never argues, answered by its own saved question (trainer review 15, 06).

A cattle trailer weighed over the gross limit 12 miles from its destination, asked the saved question
duty_forfeiture (a refusal to stop, submit or reload, s. 348.21(2)(a)), was answered on that alone:
the handout never said that s. 348.19(2)(b) lets the trailer go on to its destination unreloaded,
nor what the overweight costs under s. 348.21(3). The case states the livestock, the distance and
the highway: facts the question asked never reads.

A provision is **raised** when it is engaged (one of its own rules reads a stated fact:
answer/engaged.py provision_inputs), or lies within or above an engaged one, and neither it nor a
subdivision of it is cited by a node of the proof; a stated fact is **unread** when no node of the
proof shows it. Each other saved question about the same kind of subject, whose goal's
rules cite a raised provision (or one within or above it) that the proof does not cite (nor one
within it), and whose goal the proof does not show already, is asked on the same case; where it establishes something (its answer, or a row of it, is
"yes"), one line is kept: under the raised provision its answer cites most specifically, never two
lines under one provision. The question asked and its answer are never changed.

The record (Answer.raises): [{"query", "question", "citation", "cited": the raised provisions the
answer applies, "quote": the operative words (operative_words) of "quote_citation", the provision the
answer line cites first, "answer": the other question's Answer}], at most MAX_RAISED, in citation order.
Asked where the answer is shown (with_raises: ask's text and JSON, the handouts, the course pack),
never by a plain Question.answer() (batch, what-if's changed cases, the library); only where the asked
question does not settle the case ('yes' for each subject: settled), and never a question the asked one
answers for its other rows already (its saved `otherwise:` and `held:` questions).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..core.errors import ReasonerError
from ..core.record import replace
from ..law.index import default_index, sort_key
from ..law.queries import check_atom, resolve, saved_queries
from ..prose.answers import answer_line, of_engaged
from .engaged import engaged, law_inputs, law_reads, stated_inputs
from .interpretation import cone

if TYPE_CHECKING:
    from .result import Answer, AskedQuestion

_CITED = re.compile(r"\bs\. (\d+\.\d+(?:\s?\([0-9a-zA-Z]+\))*(?:\d+(?:\.[a-z])?)?)")
MAX_RAISED = 3   # the lines said (one per raised provision): a handout stays within its pages


def _subject_kind(checked: Any, atom: Any) -> str | None:
    """The declared type of the goal's first argument (vehicle), or None."""
    decl = checked.program.preds.get(atom.key)
    params = getattr(decl, "params", None) or []
    return str(params[0].type) if params else None


def _within(a: str, b: str) -> bool:
    """Whether citation a is b or a subdivision of it."""
    return of_engaged(a, [b]) and len(a) >= len(b)


def raised_rows(q: AskedQuestion, answer: Answer) -> list[dict[str, Any]]:
    """The record above ([] when the case raises nothing the question asked leaves out)."""
    from .answering import precheck
    g = answer.proof
    if g is None or answer.case is None:
        return []
    shown = {str(d.get("pred")) for _, d in g.nodes(data=True) if d.get("pred")}
    argued = {str(d.get("provision")) for _, d in g.nodes(data=True) if d.get("provision")}
    # and those its answer line names (s. 348.20(1): 'to be prosecuted ... against Dairyland Co-op')
    # (a subdivision only: 'the facts of the rest of s. 348.19' argues none of that section)
    argued |= {c.replace(" ", "") for c in _CITED.findall(answer_line(answer)) if "(" in c}
    stated = stated_inputs(q.case)
    unread = stated - shown
    checked = q.law.checked
    inputs = law_inputs(q.law)
    # engaged: its own rules read a stated fact (a penalty's subdivision is raised within it)
    raised = engaged(checked, q.case, law_reads(q.law))
    if not raised:
        return []
    kind = _subject_kind(checked, q.atom)
    saved = getattr(answer, "saved", None)
    asked = getattr(saved, "name", None)
    # the questions the asked one answers for its other rows already (`otherwise:`, `held:`: the
    # held truck's forfeiture in its own row) are not said again below it
    shown_too = {str(d.get("query")) for d in (getattr(saved, "otherwise", None) or {}, getattr(saved, "held", None) or {})
                 if d.get("query")}
    listed = saved_queries()
    found: list[dict[str, Any]] = []
    for name in listed:
        if name == asked or name in shown_too:
            continue
        try:
            other, other_saved = resolve(name, listed)
            other = check_atom(other, checked)
        except ReasonerError:
            continue
        if other.key == q.atom.key or other.pred in shown or _subject_kind(checked, other) != kind \
                or q.atom.key in cone(checked, other.key):
            continue   # the question itself, one its argument shows already, about other subjects, or
            # one that follows from the answer asked (the refusal's forfeiture from the duty to reload:
            # said under 'Also decided on the same facts', apps/related.py)
        heads = {r.provision for r in checked.derived.get(other.key, ()) if r.provision}
        if not any(of_engaged(h, raised) and not any(_within(a, h) for a in argued) for h in heads):
            continue   # its goal is concluded under no raised provision, or under one argued already
        try:
            if precheck(q.law, q.case, other, other_saved):
                continue
            own = replace(q, atom=other, saved=other_saved).answer(interpretation=False, widen=False)
        except ReasonerError:
            continue
        if not (own.answer == "true" or any(r.get("answer") == "true" for r in getattr(own, "each", None) or [])):
            continue   # only what the case establishes under it
        applied = sorted(c for c in own.cited if any(_within(c, r) or _within(r, c) for r in raised)
                         and not any(_within(a, c) for a in argued))
        if not applied:
            continue
        # the provision it is said under: the applied one that reads the most unread facts itself,
        # the more specific on a tie (s. 348.19(2)(b): the livestock, the distance, the highway)
        citation = max(applied, key=lambda c: (len(inputs.get(c, set()) & unread), len(c)))
        found.append({"query": name, "question": own.argument.question, "citation": citation,
                      "cited": applied, "answer": own})
    out: list[dict[str, Any]] = []
    for row in sorted(found, key=lambda r: (sort_key(r["citation"]), r["query"])):
        if any(_within(row["citation"], o["citation"]) or _within(o["citation"], row["citation"]) for o in out):
            continue   # one line per raised provision
        out.append(row)
    # a line whose provision another line's answer names already says nothing more (the prosecution
    # under s. 348.20(1), named in the forfeiture's line: 'to be prosecuted ... against ...')
    named = [{c.replace(" ", "") for c in _CITED.findall(answer_line(r["answer"]))} for r in out]
    out = [r for i, r in enumerate(out)
           if not any(r["citation"] in n for j, n in enumerate(named) if j != i and out[j]["citation"] not in named[i])]
    index = getattr(answer, "_index", None) or default_index()
    for r in out:
        # the words of the provision its answer line gives first, the one it applies: never the
        # livestock allowance's beside a truck that allowance excludes on the interstate ('may not
        # proceed ... (s. 348.19(2)(a), (b))')
        first = _CITED.search(answer_line(r["answer"]))
        said = first.group(1).replace(" ", "") if first else r["citation"]
        r["quote_citation"] = said
        r["quote"] = operative_words(index, said)
    return out[:MAX_RAISED]


def settled(answer: Answer) -> bool:
    """Whether the asked question settles the case for each of its subjects ('yes' for every one): the
    case then raises nothing the handout must add (a forfeiture found for each truck is not followed by
    the hold of s. 348.19(2)(a) it did not ask about). A question answered 'no', undetermined or not
    applicable for a subject leaves the case's facts to say what they do decide (review 15, 06: a
    refusal forfeiture left open beside a livestock allowance that lets the trailer go on)."""
    rows = getattr(answer, "each", None) or []
    if rows:
        return all(r.get("answer") == "true" for r in rows)
    return answer.answer == "true"


def with_raises(q: AskedQuestion | None, answer: Answer) -> Answer:
    """The answer with what the case also raises (Answer.raises), asked where it is shown: `ask`'s text
    and JSON, the handouts and the course pack. Each raised question is a further answer on the case,
    so a plain Question.answer() (the library, batch, what-if's changed cases) never pays for it; the
    answer itself unchanged where nothing is raised, or without a question."""
    if q is None or getattr(answer, "raises", None) or getattr(answer, "proof", None) is None \
            or settled(answer):
        return answer
    from ..core.record import replace as replaced
    rows = raised_rows(q, answer)
    return replaced(answer, raises=rows) if rows else answer


MAX_QUOTE = 240   # the characters of a quotation said on a raised provision's line


def operative_words(index: Any, citation: str) -> str:
    """The statute's own words of what the provision commands, as a raised line quotes them: in its
    first sentence that says 'shall', the clause that holds 'shall' (from the comma before it): 's.
    348.19(2)(b)': 'the traffic officer shall permit the operator of the vehicle to proceed to such
    destination without requiring the vehicle to be reloaded or unloaded as provided in par. (a).' ''
    when the provision is not in the excerpt, says no 'shall', or the clause is too long to quote on
    one line (the line's answer then says it)."""
    try:
        text = index.get(citation).text if citation in index else ""
    except Exception:   # a citation the index cannot parse: nothing quoted
        return ""
    text = re.sub(r"^\([0-9a-zA-Z]+\)\s*", "", " ".join(str(text).split()))
    for sentence in re.split(r"(?<=[a-z)][.])\s+(?=[A-Z])", text):
        at = sentence.find(" shall ")
        if at < 0:
            continue
        clause = sentence[sentence.rfind(", ", 0, at) + 2 if ", " in sentence[:at] else 0:]
        return clause if len(clause) <= MAX_QUOTE else ""
    return ""
