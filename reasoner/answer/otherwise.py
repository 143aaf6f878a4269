"""A saved question narrower than the case (`otherwise:` in queries/*.yaml, docs/LANGUAGE.md): for
each subject whose answer is "no", what the law applies to it instead.

queries/permit_condition_forfeiture.yaml asks for the forfeiture of s. 348.25 (2) (a) (a condition
of the permit violated: penalized as without a permit). A vehicle whose answer is "no" is not
cleared: where it violated no other condition but exceeds its permit weight, s. 348.25 (2) (b)
applies instead, and its operator owes the s. 348.21 (3) forfeiture on the excess over the permit
weight. The saved question `otherwise: query:` (forfeiture) is asked about that vehicle alone; what
it establishes, where the predicate `when:` names holds in its argument, is kept with the answer
(Answer.otherwise), one entry per such subject, whether the whole answer is "no" (one crane) or
other subjects' answers are "yes" (three cranes, one over its permit hours). Asked here, once, for
every output: ask and explain (text, JSON), the handouts and exports, batch and the server read it
from the Answer; the words are the argument's (explain/argument.py) and prose's."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.errors import ReasonerError
from ..core.record import replace
from ..explain.graph import below
from ..law.queries import check_atom, resolve, saved_queries
from .applicability import NOT_APPLICABLE
from .each import each_subject, ground, subjects

if TYPE_CHECKING:
    from .result import Answer, AskedQuestion, OtherwiseRow


def cleared(answer: Answer, checked: Any, atom: Any, saved: Any) -> list[str]:
    """The subjects the answer says "no" for: the entities of the question's kind whose row of
    Answer.each says false; with one subject (no rows each), that one where the whole answer is "no"."""
    found = each_subject(checked, atom, saved)
    if found is None or answer.answer == NOT_APPLICABLE:
        return []
    rows = getattr(answer, "each", None) or []
    if rows:
        return [str(r["entity"]) for r in rows if r.get("answer") == "false"]
    return subjects(answer.case, found[2]) if answer.answer == "false" and answer.case is not None else []


def otherwise_rows(q: AskedQuestion, answer: Answer) -> tuple[list[OtherwiseRow], list[OtherwiseRow]]:
    """([{"entity", "name", "query", "lead", "answer"}], [the same]): for each subject the answer
    says "no" for, the saved question `otherwise: query:` answered about it alone, where it
    establishes something and (with `when:`) the predicate named holds in its argument; then those
    it answers "no" for too (Answer.otherwise_not: the vehicle within its permit weight, exempt under
    s. 348.25 (2) (a), whose argument shows it: trainer review 8, 12). ([], []) without `otherwise:`."""
    saved = getattr(answer, "saved", None) or q.saved
    spec = getattr(saved, "otherwise", None) or {}
    if not spec or saved is None:
        return [], []
    cleared_ones = cleared(answer, q.law.checked, q.atom, saved)
    if not cleared_ones:
        return [], []
    try:
        other, other_saved = resolve(spec["query"])
        other = check_atom(other, q.law.checked)
    except ReasonerError:
        return [], []
    at = each_subject(q.law.checked, other, other_saved)
    if at is None:
        return [], []
    names = getattr(q.case, "names", None) or {}
    out: list[OtherwiseRow] = []
    neither: list[OtherwiseRow] = []
    for e in cleared_ones:
        try:
            own = replace(q, atom=ground(other, at[0], e), saved=other_saved).answer(interpretation=False)
        except ReasonerError:
            continue
        row: OtherwiseRow = {"entity": e, "name": names.get(e, e), "query": str(spec["query"]),
                             "lead": str(spec["lead"]), "condition": "", "answer": own}
        if own.answer == "false":
            neither.append(row)   # the law reaches it by neither question: its argument says why
        where = _holds_where(own, spec.get("when") or "") if own.answer == "true" else None
        if where is None:
            continue   # nothing established for it, or not what `when:` names: nothing is added
        row["condition"] = where
        out.append(row)
    return out, neither


def held_rows(q: AskedQuestion, answer: Answer) -> list[OtherwiseRow]:
    """[{"entity", "name", "query", "lead", "condition", "answer"}]: for each subject the answer holds
    (its row's answer is the saved question's `held: answer:`, must_reload's "yes"), the saved question
    `held: query:` (forfeiture) answered about it alone, where it establishes something; [] without
    `held:` or with one subject (its answer is the whole answer: no table). The held vehicle is still
    overweight: its row says the amount and whom it binds (trainer review 15, 11)."""
    saved = getattr(answer, "saved", None) or q.saved
    spec = getattr(saved, "held", None) or {}
    rows = getattr(answer, "each", None) or []
    if not spec or saved is None or len(rows) < 2 or answer.answer == NOT_APPLICABLE:
        return []
    try:
        other, other_saved = resolve(spec["query"])
        other = check_atom(other, q.law.checked)
    except ReasonerError:
        return []
    at = each_subject(q.law.checked, other, other_saved)
    if at is None:
        return []
    names = getattr(q.case, "names", None) or {}
    out: list[OtherwiseRow] = []
    for r in rows:
        if str(r.get("answer")) != str(spec["answer"]):
            continue
        e = str(r["entity"])
        try:
            own = replace(q, atom=ground(other, at[0], e), saved=other_saved).answer(interpretation=False)
        except ReasonerError:
            continue
        if own.answer == "true":
            out.append({"entity": e, "name": names.get(e, e), "query": str(spec["query"]),
                        "lead": str(spec["lead"]), "condition": "", "answer": own})
    return out


def _holds_where(answer: Answer, pred: str) -> str | None:
    """Where the predicate is established in the answer's argument: "" where it holds throughout (or
    no predicate is named), None where it holds nowhere; in an argument by cases that establishes it
    in some cases only, those cases' conditions, in the argument's words ('if the excavator permit
    was in force (...)': s. 348.25 (2) (b) applies only where a permit was in force, the vehicle
    without one is penalized on the statutory maximum; review 12, 04)."""
    if not pred:
        return ""
    g = getattr(answer, "proof", None)
    if g is None:
        return None
    root = g.graph.get("root")
    if root is None or g.nodes[root].get("kind") != "cases":
        return "" if _found(g, g.nodes, pred) else None
    from ..prose.answers import case_leaves, cases_condition
    leaves = list(case_leaves(g, root))
    holding = [labels for labels, nid in leaves if _found(g, below(g, nid), pred)]
    if not holding:
        return None
    return "" if len(holding) == len(leaves) else cases_condition(holding)


def _found(g: Any, nodes: Any, pred: str) -> bool:
    """Whether any of the nodes is the predicate, established."""
    return any(g.nodes[n].get("pred") == pred and g.nodes[n].get("status") == "true" for n in nodes)


def elsewhere_rows(q: AskedQuestion, answer: Answer) -> list[dict]:
    """The saved questions that answer a duty of another party the case's stated facts engage and
    the question asked leaves out (trainer review 9, 01: a village's route ordinance never sent to the
    department is the clerk's duty under s. 350.047, not the rider's; `lawful` never reaches it): each
    other saved question whose goal the asked goal does not depend on, one of whose provisions
    concluding its goal reads a fact the case states and the question asked never reads (the clerk's
    sending of a copy), and whose answer on the case is "yes". [{"query", "description", "cited"}], in the order of the saved questions."""
    from .engaged import law_inputs, stated_inputs
    from .interpretation import cone
    checked = q.law.checked
    # the goal's cone and the facts the question asked reads itself (a fact it reads is argued there,
    # never pointed elsewhere): worked out once per law and goal, kept with the law (read only)
    kept: tuple[set, set] | None = q.law._engines.get(("elsewhere", q.atom.key))
    if kept is None:
        inside = cone(checked, q.atom.key)
        kept = q.law._engines[("elsewhere", q.atom.key)] = (inside, {
            lit.atom.pred for key in inside for rule in checked.derived.get(key, ())
            for lit in rule.body if getattr(lit, "atom", None) is not None})
    inside, read = kept
    stated = stated_inputs(q.case)
    only_outside = stated - read
    if not only_outside:   # every stated fact is read by the question asked: nothing left out (no evaluation)
        return []
    inputs = law_inputs(q.law)
    cited = {c for c, preds in inputs.items() if preds & only_outside}
    out: list[dict] = []
    listed = saved_queries()   # the folders looked at once for every saved query resolved below
    for name in listed:
        if name == getattr(getattr(answer, "saved", None), "name", None):
            continue
        try:
            other, other_saved = resolve(name, listed)
            other = check_atom(other, checked)
        except ReasonerError:
            continue
        if other.key in inside or getattr(other_saved, "subject", "") == "operation":   # (resolve read it)
            continue
        # the rules concluding its goal that the case can reach: each link to another entity they read
        # (manufacturer_of(S, P): the maker) stated in the case; none reachable, no evaluation
        links: list[tuple[Any, set[str]]] | None = q.law._engines.get(("elsewhere links", other.key))
        if links is None:   # each rule with the links it reads: once per law (kept with it, read only)
            links = q.law._engines[("elsewhere links", other.key)] = [
                (r, {str(_link(checked, lit)) for lit in r.body if _link(checked, lit) is not None})
                for r in checked.derived.get(other.key, ())]
        rules = [r for r, needs in links if needs <= stated]
        heads = sorted({r.provision for r in rules if r.provision} & cited)
        if not heads:
            continue
        try:
            own = replace(q, atom=other, saved=other_saved).answer(interpretation=False, proof=False, widen=False)
        except ReasonerError:
            continue
        if own.answer == "true":
            found = {str(v) for b in getattr(own, "bindings", None) or [] for v in b.values()}
            out.append({"query": name, "description": other_saved.description if other_saved else name,
                        "cited": [c for c in heads if c in found] or heads})
    return out


def _link(checked: Any, lit: Any) -> str | None:
    """The predicate of a positive literal that links two entities (manufacturer_of(S, P)), or None."""
    atom = getattr(lit, "atom", None)
    if atom is None or type(lit).__name__ != "Positive":
        return None
    decl = checked.program.preds.get(atom.key)
    if decl is None or not decl.is_input or len(decl.params) != 2 or decl.params[1].type not in checked.program.entities:
        return None
    return str(atom.pred)
