"""The exact answer of one question (engine/exact/split.py) turned into what an Answer shows: the
answer and bindings, the proof (by cases when splitting decided it) and the missing facts ranked,
the deciding ones first, each with the provision that needs it."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.record import record

from ..core.deadline import DEFAULT_MAX_ROWS, seconds_left as _seconds_left
from ..core.settings import exact_budget as budget
from ..engine.exact.split import exact_answer
from ..explain.builder import MissingInput
from ..explain.cases import cases_graph, fact_phrase
from ..prose.sentences import Related, case_related
from ..engine.exact.deciding import splits_that_matter

if TYPE_CHECKING:
    from ..engine.exact.split import Exact
    from ..engine.exact.unknowns import Unknown
    from ..engine.rulebase import Rulebase
    from ..engine.setsession import Given
    from ..explain.graph import ProofGraph
    from ..facts.case import Case
    from ..language.ast import Atom

# a row of the answer ({variable: value, "answer": ...}), and an unknown input's entry (the proof's
# node data: question, pred, entity, attribute, loc, label; ranked: rank, decides, provision, note)
Binding = dict[str, object]
Missing = MissingInput


@record
class Shown:
    answer: str
    bindings: list[Binding]
    graph: ProofGraph
    missing: list[Missing]
    exact: bool
    reason: str
    result: Exact
    unverified: list[Binding] | None = None   # open values the check could not finish
    # every open value was checked on its own and found open both ways (verify_values): nothing left
    # undetermined might still follow from the facts stated
    each_open: bool = False


def exact_answer_for(rb: Rulebase, loaded: Case, atom: Atom, args: Sequence[object], engine: str, graph: ProofGraph,
                     missing: list[Missing], answer: str, bindings: list[Binding], max_depth: int,
                     max_rows: int = DEFAULT_MAX_ROWS, cases: bool = True, given: Given | None = None) -> Shown:
    """cases=False: the answer's proof is never shown (the readings check): no proof by cases, and
    the split may stop at the first missing fact whose values witness the answer (exact_answer's
    witness_first: the answer and bindings are exact, the missing facts are not ranked by it).
    given: the case's own evaluation on this law (answer_goal's session), for the split's first
    evaluation (engine/exact/split.py exact_answer)."""
    order = [(m.get("pred"), m.get("entity")) for m in missing]
    ex = exact_answer(rb, loaded, atom, args, engine, order=order, budget=budget(),
                      seconds_left=_seconds_left(), max_rows=max_rows, given=given, witness_first=not cases)
    if ex.exact:
        new_answer, new_bindings = ex.answer, ex.bindings
        # a question about an input itself (speed_mph(op1, S)) has no rule to argue case by case:
        # its cases would be the split's stand-in values, never the case's (the answer says the
        # values it can have instead)
        if cases and answer == "undetermined" and new_answer != "undetermined" and ex.split \
                and atom.key in rb.checked.derived:
            graph = cases_graph(rb, loaded, atom, args, ex, engine, max_depth, max_rows)
    else:
        new_answer, new_bindings = answer, bindings
    reason = ex.reason
    unverified: list[Binding] = []
    each_open = False
    if not ex.exact:   # every value listed must be one some completion produces (verify_values)
        new_bindings, unverified, dropped, each_open = verify_values(rb, loaded, atom, args, new_bindings, engine,
                                                                     max_rows)
        if dropped or unverified or new_bindings:
            reason = verified_reason(ex.reason, dropped, unverified,
                                     sum(1 for b in new_bindings if b["answer"] != "true"))
    graph.graph.update(exact=ex.exact, exact_reason=reason)
    open_bindings = any(b["answer"] != "true" for b in new_bindings)
    ranked = ranked_missing(rb, graph, missing, ex, getattr(loaded, "names", None),
                            case_related(rb.checked.program, loaded)) if new_answer == "undetermined" or open_bindings else []
    return Shown(new_answer, new_bindings, graph, ranked, ex.exact, reason, ex, unverified, each_open)


MAX_VERIFIED = 20   # open values checked one by one at most; the rest are marked not verified


def verify_values(rb: Rulebase, loaded: Case, atom: Atom, args: Sequence[object], bindings: list[Binding], engine: str,
                  max_rows: int) -> tuple[list[Binding], list[Binding], int, bool]:
    """(bindings, not verified, dropped, each open) of an answer the split could not make exact: each open row
    of a question with amounts (a forfeiture's range, a fee) is checked on its own: the goal with the row's
    values is split exactly (its own budget); a row no completion produces is dropped, one the
    check cannot finish is kept and listed as not verified. A yes/no row is left as it is. each open:
    every open row kept was checked and is open on the facts stated (some completion gives it, some
    does not)."""
    from ..law.queries import variables
    names = variables(atom)
    decl = rb.checked.program.preds.get(atom.key)
    amounts = decl is not None and any(decl.params[i].type in ("money", "number") for i, _ in names
                                       if i < len(decl.params))
    if not amounts:   # only the values of amounts are checked: a relation's open rows stay as the rows found
        return bindings, [], 0, False
    out: list[Binding] = []
    each_open = True
    unverified: list[Binding] = []
    dropped, checked = 0, 0
    for b in bindings:
        if b["answer"] == "true":
            out.append(b)
            continue
        if checked >= MAX_VERIFIED or any(b.get(n) is None for _, n in names):
            out.append(b)
            unverified.append(b)
            each_open = False
            continue
        checked += 1
        row = list(args)
        for i, n in names:
            row[i] = b[n]
        one = exact_answer(rb, loaded, atom, tuple(row), engine, budget=budget(), seconds_left=_seconds_left(),
                           max_rows=max_rows)
        if one.exact and one.answer == "false":
            dropped += 1          # no completion of the case gives it
            continue
        out.append(b)
        if not one.exact:
            unverified.append(b)
        each_open = each_open and one.exact and one.answer == "undetermined"
    return out, unverified, dropped, each_open


def verified_reason(reason: str, dropped: int, unverified: list, open_rows: int) -> str:
    """The exact reason with what the check of each value found."""
    parts = [reason] if reason else []
    if dropped:
        parts.append(f"{dropped} value{'s' if dropped != 1 else ''} the approximation gave "
                     f"{'were' if dropped != 1 else 'was'} left out: no completion of the case produces "
                     f"{'them' if dropped != 1 else 'it'}")
    if unverified:
        parts.append(f"{len(unverified)} of the values listed {'are' if len(unverified) != 1 else 'is'} not "
                     f"verified: no completion producing {'them' if len(unverified) != 1 else 'it'} was found "
                     f"within the budget")
    elif open_rows:
        parts.append("each value listed is produced by some completion of the case")
    return "; ".join(parts)


def ranked_missing(rb: Rulebase, graph: ProofGraph, missing: list[Missing], ex: Exact,
                   labels: dict[str, str] | None = None, related: Related | None = None) -> list[Missing]:
    """Every unknown input the answer depends on, ranked: the deciding facts (the inputs the split
    used) first, then the others. Each entry: question, pred, entity, attribute, rank, decides,
    provision (the provision whose rule reads it), and a note when only a subdivision missing from
    the excerpt reads it."""
    by_key: dict[tuple[object, object], Missing] = {(m.get("pred"), m.get("entity")): m for m in missing}
    provisions = _provisions(graph)
    holes = {h.citation for h in rb.checked.program.holes if h.kind == "hole"}
    readers = _readers(rb)
    out: list[Missing] = []
    seen: set[tuple[object, object]] = set()
    # a split that did not finish (or that completions overtook) proves nothing about the inputs it
    # branched on: then only the possible proof says which inputs may decide
    finished = ex.exact and not ex.settled
    matter = splits_that_matter(ex.root) if finished else set()   # used, and some value changes the outcome
    for u, decides, _ in ex.ranking:
        key: tuple[object, object] = (u.row.pred, str(u.entity))
        if key in seen:
            continue
        seen.add(key)
        base = by_key.get(key)
        decides = decides and u.index in matter
        if base is None and not (decides and finished):
            continue      # not in the possible proof and not used by a finished split: it does not matter
        entry = base.copy() if base else _entry(rb, u, labels, related)
        # when the split did not finish (budget, or an input it cannot take apart), every unknown
        # input of the possible proof may decide the answer: none is hidden behind --all-missing
        # (likewise when completions settled it past the split: engine/exact/probe.py)
        entry["decides"] = bool(decides) or ((not ex.exact or ex.settled) and base is not None)
        read_by = readers.get(u.row.pred, ())
        entry["provision"] = provisions.get(key) or next((p for p in read_by if p), "")
        if read_by and all(p in holes for p in read_by):    # only a missing subdivision reads it
            entry["note"] = (f"only s. {entry['provision']} reads it, and part of s. {entry['provision']} "
                             "is missing from the excerpt")
        out.append(entry)
    for m in missing:
        key = (m.get("pred"), m.get("entity"))
        if key not in seen:
            seen.add(key)
            entry = m.copy()
            entry["decides"], entry["provision"] = False, provisions.get(key, "")
            out.append(entry)
    # the deciding facts first; among the rest, facts only a missing subdivision reads go last
    out.sort(key=lambda e: (not e["decides"], "note" in e))
    for i, e in enumerate(out, 1):
        e["rank"] = i
    return out


def _entry(rb: Rulebase, u: Unknown, labels: dict[str, str] | None = None,
           related: Related | None = None) -> Missing:
    phrase = fact_phrase(rb.checked.program, u, labels, related)
    question = f"whether {phrase}" if u.decl.arity == 1 else phrase.replace("?", "the value")
    return {"kind": "unknown", "question": question, "pred": u.row.pred, "entity": str(u.entity),
            "attribute": u.row.attribute or u.row.pred, "loc": u.row.loc,
            "label": f"{u.row.pred}({u.entity}{', _' if u.decl.arity == 2 else ''})"}


def _provisions(graph: ProofGraph) -> dict[tuple[object, object], str]:
    """(pred, entity) of each unknown-input node -> the provision of the nearest rule above it."""
    parents: dict[str, list[str]] = {}
    for u, v in graph.edges():
        parents.setdefault(v, []).append(u)
    out: dict[tuple[object, object], str] = {}
    for nid, d in graph.nodes(data=True):
        if d.get("kind") != "unknown":
            continue
        todo, seen = list(parents.get(nid, [])), set()
        while todo:
            p = todo.pop(0)
            if p in seen:
                continue
            seen.add(p)
            pd = graph.nodes[p]
            if pd.get("kind") == "rule" and pd.get("provision") and not pd.get("helper"):
                out[(d.get("pred"), d.get("entity"))] = pd["provision"]
                break
            todo.extend(parents.get(p, []))
    return out


def _readers(rb: Rulebase) -> dict[str, list[str]]:
    """pred -> the provisions of the rules whose bodies read it, in rule order (one pass over the
    rules, not one per unknown input: 5,000 unknown inputs made that pass 5,000 times); once per
    law, kept with `rb` (read only)."""
    out: dict[str, list[str]] | None = rb._engines.get("readers")
    if out is None:
        out = rb._engines["readers"] = {}
        for rule in rb.checked.rules:
            for lit in rule.body:
                atom = getattr(lit, "atom", None)
                if atom is not None:
                    out.setdefault(atom.pred, []).append(rule.provision)
    return out
