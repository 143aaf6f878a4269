"""What a relation's answer leaves undetermined, row by row (nothing hidden).

A question with open values (`violation(O, P)`, `permit_fee(P, Fee)`) answers with rows; some are
certain, some only possible. The certain ones are argued in the proof; the possible ones were only
in the bindings (`--view full` listed them), so `ask CASE permit_fee` answered three permits of four
and said nothing of the fourth. Here each undetermined row gets what would decide it -- the unknown
inputs under its own proof, in proof order -- and the subdivisions missing from the excerpt it turns
on (`@hole "CIT" "why" for p, q.`: an atom of p or q, true or open, under the row's proof). A row
with neither is approximate: its reason is the answer's (the split was not exact, or the proof was
cut). The short answer (prose/answers.py) and every output group these by entity."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, TypedDict

from ..core.gcpause import paused
from ..core.values import UNKNOWN
from .engaged import PARTY
from ..explain.builder import ProofBuilder
from ..language.ast import Const, Var
from ..prose import prose_for, value_text
from ..prose.sentences import case_related
from ..prose.glosses import offence_said, offender_phrase
from ..prose.sentences import entity_text
from ..prose.order import ordered_children

if TYPE_CHECKING:
    from ..engine.codes import ThreeValuedAnswers
    from ..engine.rulebase import Rulebase
    from ..explain.graph import ProofGraph
    from ..facts.case import Case
    from ..language.ast import Atom, Hole, Program

class OpenRow(TypedDict, total=False):
    """One undetermined row of an answer (open_rows), or {"more": N} for the rows past MAX_OPEN_ROWS."""
    binding: dict[str, object]
    args: tuple[object, ...]
    subject: str
    sentence: str
    offence_in: str
    violation: bool   # a violation with its offender (in an operation or incident, or by a person), not a penalty
    offender_said: str
    liable: str
    pattern: str
    value: str
    value_open: bool
    absent: str
    missing: list[str]
    given: dict[str, list[str]]
    unnamed: list[str]
    holes: list[dict[str, str]]
    approximate: str
    raised: bool
    not_in_issue: list[str]
    provisions: list[str]
    more: int
    none_if_unknown_false: bool   # false when every yes-or-no fact it turns on is not so


# the undetermined rows whose own proof is built (the others are counted, and answered in the bindings)
MAX_OPEN_ROWS = 100


def row_args(atom: Atom, binding: dict[str, object]) -> tuple[object, ...]:
    """The atom's arguments with each variable filled from the binding (an anonymous `_` left open)."""
    out: list[object] = []
    for a in atom.args:
        if isinstance(a, Const):
            out.append(a.value)
        elif isinstance(a, Var) and not a.anonymous and a.name in binding:
            out.append(binding[a.name])
        else:
            out.append(None)
    return tuple(out)


def unnamed_parties(builder: ProofBuilder, atom: Atom, bindings: list[dict[str, object]]) -> list[dict[str, object]]:
    """The bindings with each undetermined row that the exact split completed with a party of the case
    said as the unnamed party it stands for (trainer review 9: a dealer's case whose sled's manufacturer
    the case does not name printed 'the rider' as possibly liable). The split gives an unknown reference
    (`manufacturer_of(s1, _)`) each entity of its kind in turn (engine/exact/domains.py), so a row
    'rider violated s. 350.09(7)' is possible only as 'the rider is the sled's maker': the three-valued
    evaluation has that row FALSE and the row of the unknown party open. Such a row is the unknown
    party's row (its value unknown, as the three-valued answer gives it), said once however many
    entities the split tried; a row open on the party's own facts stays as it is."""
    out: list[dict[str, object]] = []
    seen: set[tuple] = set()
    types = builder.types(atom.pred, len(atom.args)) or []
    # only a party stands for an unnamed one: an amount or a number the split completed is a value some
    # completion gives (forfeiture(v1, Min, Max) with the weight unknown lists each possible range)
    var_at = {i: a.name for i, a in enumerate(atom.args) if isinstance(a, Var) and not a.anonymous
              and i < len(types) and types[i] in builder.prog.entities}
    for b in bindings:
        if b.get("answer") == "undetermined":
            args = row_args(atom, b)
            row = builder.unknown_match(atom.pred, args) \
                if None not in args and builder.s.truth(atom.pred, args) == "false" else None
            if row is not None:
                b = {**b, **{var_at[i]: UNKNOWN for i, v in enumerate(row) if v is UNKNOWN and i in var_at}}
        key = tuple((k, repr(v)) for k, v in b.items())
        if key not in seen:
            seen.add(key)
            out.append(b)
    return out


def _reach(g: ProofGraph, nid: str, hole_of: dict[str | None, Hole]) -> tuple[list[str], list[dict[str, str]]]:
    """(questions, holes) under node nid: the unknown inputs in proof order, and the holes whose
    predicates appear (true or open) in the proof."""
    questions: list[str] = []
    holes: list[dict[str, str]] = []
    for d in _under(g, nid):
        if d.get("kind") == "unknown" and d.get("question") and d["question"] not in questions:
            questions.append(d["question"])
        hole = hole_of.get(d.get("pred"))
        if hole is not None and d.get("status") in ("true", "undetermined") \
                and all(h["citation"] != hole.citation for h in holes):
            holes.append({"citation": hole.citation, "why": hole.why})
    return questions, holes


def none_if_unknown_false(g: ProofGraph, nid: str) -> bool:
    """Whether the row at nid is false in the completion of the case where every yes-or-no fact it
    turns on is not so (the friend found guilty on neither count: no conviction at all): each of its
    rules needs, outside a negation, an unknown fact or an atom that is then false. Conservative: a
    value left unknown (a comparison), a proof cut short or anything else open answers False. An
    open answer that lists its rows says this completion too, never only the rows (trainer review
    13, 10: the friend's acquittal on both counts was missing)."""
    def dead(n: str, path: frozenset) -> bool:
        d = g.nodes[n]
        status, kind = d.get("status"), d.get("kind")
        if status == "false":
            return True
        if status == "true" or n in path:
            return False
        if kind == "unknown":
            return str(n).startswith("fact:")
        kids = ordered_children(g, n)
        if kind == "rule":
            return any(g.nodes[c].get("kind") != "negation" and dead(c, path | {n}) for c in kids)
        if kind == "atom":
            rules = [c for c in kids if g.nodes[c].get("kind") == "rule"]
            return bool(rules) and len(rules) == len(kids) and all(dead(c, path | {n}) for c in rules)
        return False
    return dead(nid, frozenset())


def _under(g: ProofGraph, nid: str) -> Iterator[dict]:
    """The nodes under nid (nid first), each once, in proof order."""
    seen: set[str] = set()
    stack = [nid]
    while stack:
        n = stack.pop()
        if n in seen:
            continue
        seen.add(n)
        yield g.nodes[n]
        stack.extend(reversed(ordered_children(g, n)))


def _condition_text(d: dict) -> str:
    """An open element of a rule said as what would have to hold: an atom by its sentence, an
    exception by its negative, a comparison by what it asks, an unknown yes-or-no input by what it
    says if so; '' where nothing says it (the element is then no condition: a weaker claim, never a
    false one)."""
    kind = d.get("kind")
    if kind == "atom":
        return str(d.get("sentence") or "")
    if kind == "negation":
        return str(d.get("negative") or "")
    if kind == "comparison":
        return str(d.get("condition") or "")
    if kind == "unknown":
        return str(d.get("holds") or "")
    return ""


def _given(g: ProofGraph, nid: str) -> dict[str, list[str]]:
    """{question: conditions} for the unknown inputs under node nid: the open elements of a rule
    under which a fact lies that must hold for the fact to decide that rule. A fact under an element
    or an exception matters to the rule only if the rule's other open elements can hold; those of
    them that do not themselves turn on the fact are its conditions ('the kid was over the age of 12
    years but under the age of 16 years' for whether the kid holds a certificate, under s. 350.05(2)).
    The facts are asked in the rule's order: an element is a condition of the facts of the elements
    after it, not of those before (never two facts each asked only given the other); a comparison
    (a limit the law sets: 'the excess is at most 2,000 pounds') is a condition wherever it stands.
    A comparison turns on the facts of the elements before it (the values it compares are bound
    there). A fact met several ways keeps only the conditions common to all (one way without any: an
    unconditioned fact), so a condition said is always necessary."""
    memo: dict[str, dict[str, list[str]]] = {}

    def meet(into: dict[str, list[str]], q: str, conds: list[str]) -> None:
        if q not in into:
            into[q] = list(conds)
        else:
            into[q] = [c for c in into[q] if c in conds]

    def walk(n: str, path: frozenset) -> dict[str, list[str]]:
        if n in memo:
            return memo[n]
        if n in path:
            return {}
        d = g.nodes[n]
        out: dict[str, list[str]] = {}
        if d.get("kind") == "unknown" and d.get("question"):
            out[d["question"]] = []
        children = ordered_children(g, n)
        if d.get("kind") == "rule":
            premises = [c for c in children if g.edges[n, c].get("role") == "premise"]
            below = {c: walk(c, path | {n}) for c in premises}
            facts: dict[str, set[str]] = {}
            before: set[str] = set()
            for c in premises:
                facts[c] = set(before) if g.nodes[c].get("kind") in ("comparison", "assignment") else set(below[c])
                before |= facts[c]
            open_ = [c for c in premises if g.nodes[c].get("status") == "undetermined"]
            for i, c in enumerate(premises):
                for q, conds in below[c].items():
                    extra = [t for r in open_ if r != c and q not in facts[r]
                             and (premises.index(r) < i or g.nodes[r].get("kind") == "comparison")
                             for t in [_condition_text(g.nodes[r])] if t]
                    meet(out, q, extra + [t for t in conds if t not in extra])   # this rule's first
            children = [c for c in children if c not in below]
        for c in children:
            for q, conds in walk(c, path | {n}).items():
                meet(out, q, conds)
        memo[n] = out
        return out

    return {q: conds for q, conds in walk(nid, frozenset()).items() if conds}


def _args(d: dict) -> list[str]:
    """The arguments of a proof node's atom label ('age(teen, 14)' -> ['teen', '14'])."""
    label = str(d.get("label", ""))
    inner = label[label.find("(") + 1:-1] if "(" in label and label.endswith(")") else ""
    return [a.strip().strip('"') for a in inner.split(", ")] if inner else []


def in_issue(g: ProofGraph, nid: str, prog: Program) -> tuple[bool, list[str]]:
    """(whether the case puts an open row in issue, the facts to find out that are in issue) -- a
    stated fact engages the part of the provision that is left open (docs/SEMANTICS.md, "Not raised
    by the case"). Read on the row's proof:

    * a ground (a rule) is engaged when a fact the case states (true or false, or implied by a stated
      one; not a presumption, not a mere entity or link between two) lies under its settled elements,
      or one of its open elements is in issue on its own, or when the element it proves belongs to an
      engaged ground and the ground is its only way;
    * an engaged ground is in issue when each of its open elements is: an open exception, comparison
      or unstated fact of it is (the ground engaged puts it in issue); an open element proved by
      rules is, when one of its grounds is in issue;
    * an element with several grounds (the prohibited operator of s. 350.08: barred by s. 350.05,
      disabled, or intoxicated) is in issue only through a ground the case states something about
      itself: a stated element elsewhere (the owner knowingly permitted the ride) does not put the
      operator's disability in issue. Ways that all turn on the same facts (the evening and the
      morning hours, both on the clock time) are one element: in issue as their ground is.

    A row not in issue is still open (its verdict is not changed): it is said as not raised by the
    case, with no violation shown on the facts stated. An elided part of the proof counts as in issue
    (never dropped unseen)."""
    def stated(d: dict) -> bool:
        how = str(d.get("how") or "")
        if d.get("kind") in ("comparison", "assignment", "value") and d.get("loc"):
            return True   # a value the case file states, compared or worked with ('14 years, at least 12')
        if d.get("kind") != "fact" or not (how.startswith("stated") or how.startswith("implied")):
            return False
        pred = str(d.get("pred") or "")
        if pred in prog.entities:
            return False
        return not any(decl.arity == 2 and decl.params[1].type in prog.entities
                       for (name, _), decl in prog.preds.items() if name == pred)

    def states(n: str, skip: set[str], leaves: list[str] | None = None, parent: str = "") -> bool:
        """Whether a stated fact under rule n engages it; a fact of a party (a person the rule reaches
        through a link: the operator's age, in a rule about the ride) only where the rule leaves
        nothing it asks of its own subject unstated (answer/engaged.py, the module doc): the
        13-year-old's age does not put the ride's alcohol concentration in issue (review 16, 04)."""
        seen: set[str] = set()
        found: list[dict] = []
        stack = [c for c in g.successors(n) if c not in skip]
        while stack:
            c = stack.pop()
            if c in seen:
                continue
            seen.add(c)
            if stated(g.nodes[c]):
                found.append(g.nodes[c])
            stack.extend(g.successors(c))
        if not found:
            return False
        subject = _args(g.nodes[parent])[:1] if parent in g else []   # the atom the rule proves: its subject
        if not subject or not any(g.nodes[c].get("kind") == "unknown" and _args(g.nodes[c])[:1] == subject
                                  for c in leaves or []):
            return True
        party = {str(d.get("loc")) for d in found if d.get("kind") == "fact" and _args(d)[:1] != subject
                 and any(decl.params and decl.params[0].type == PARTY
                         for (name, _), decl in prog.preds.items() if name == d.get("pred"))}
        return any(str(d.get("loc")) not in party for d in found)

    def questions(n: str) -> list[str]:
        return [str(d["question"]) for d in _under(g, n) if d.get("kind") == "unknown" and d.get("question")]

    def below(a: str) -> list[str]:   # the grounds of an atom, or the instances of a pattern
        return [c for c in g.successors(a) if g.nodes[c].get("kind") in ("rule", "atom", "goal")]

    def rule_in_issue(r: str, engaged_above: bool, path: frozenset, parent: str = "") -> tuple[bool, list[str]]:
        premises = [c for c in g.successors(r) if g.nodes[c].get("status") == "undetermined"]
        atoms = [c for c in premises if g.nodes[c].get("kind") in ("atom", "goal") and below(c)]
        leaves = [c for c in premises if c not in atoms]
        # engaged by a stated fact under its settled elements, or by an open element that is in issue
        # on its own facts (the vehicle's overweight, the weight limit stated, beside whether it reloaded)
        engaged_here = engaged_above or states(r, set(atoms), leaves, parent) or \
            any(atom_in_issue(c, False, path | {r})[0] for c in atoms)
        found = [atom_in_issue(c, engaged_here, path | {r}) for c in atoms]
        ok = (engaged_here or not leaves) and all(f[0] for f in found)
        return ok, ([q for c in leaves for q in questions(c)] + [q for f in found for q in f[1]]) if ok else []

    def atom_in_issue(a: str, engaged_above: bool, path: frozenset) -> tuple[bool, list[str]]:
        if a in path or any(g.nodes[c].get("kind") == "elided" for c in g.successors(a)):
            return True, questions(a)
        ways = below(a)
        if not ways:
            return engaged_above, questions(a) if engaged_above else []
        def one(w: str, above: bool) -> tuple[bool, list[str]]:
            return rule_in_issue(w, above, path | {a}, a) if g.nodes[w].get("kind") == "rule" \
                else atom_in_issue(w, above, path | {a})
        if len(ways) == 1:
            return one(ways[0], engaged_above)
        open_ways = [w for w in ways if g.nodes[w].get("status") == "undetermined"]
        # ways that turn on the same facts (the evening and the morning hours of s. 350.10(1)(g), both
        # on the clock time) are one element said twice: in issue as the ground it belongs to is
        alike = len({frozenset(questions(w)) for w in open_ways}) == 1
        found = [one(w, engaged_above if alike or g.nodes[w].get("kind") != "rule" else False)
                 for w in open_ways]
        return any(f[0] for f in found), [q for f in found if f[0] for q in f[1]]

    ok, qs = atom_in_issue(nid, False, frozenset())
    return ok, list(dict.fromkeys(qs))


def _references(g: ProofGraph, nid: str, prog: Program) -> list[tuple[str, str]]:
    """(question, the kind of entity it names) of each unknown reference input under node nid
    ('the manufacturer of sled_loud', 'person'), in proof order."""
    out: list[tuple[str, str]] = []
    for d in _under(g, nid):
        decl = prog.preds.get((d.get("pred"), 2)) if d.get("kind") == "unknown" else None
        if decl is not None and decl.params[1].type in prog.entities and d.get("question"):
            out.append((d["question"], decl.params[1].type))
    return out


def _said(value: object, type_name: str | None, labels: dict[str, str] | None) -> str:
    """A row's value as a reader sees it: an entity by its name, a word of a closed set in words."""
    if type_name == "symbol" and isinstance(value, str):
        return value.replace("_", " ")
    return entity_text(value, type_name, labels)


def open_rows(rb: Rulebase, loaded: Case, atom: Atom, bindings: list[dict[str, object]], session: ThreeValuedAnswers,
              max_depth: int = 40, approximate: str = "") -> list[OpenRow]:
    """One entry per undetermined binding of a question with variables: {"binding" (the variables'
    values), "args" (the row), "subject" (its first value, as shown), "sentence" (the row as a
    statement), "pattern" (the statement with the other open positions open again), "value"
    (the one value that differs within the subject's rows, as shown), "value_open" (the row's values
    are unknown: a value question with no value), "absent" (noun|subject, for a value question),
    "missing" (the facts that would decide it), "holes" ([{citation, why}]), "approximate" (why
    neither is named, when so)}. Beyond MAX_OPEN_ROWS rows, the rest: {"more": N}."""
    rows = [b for b in bindings if b.get("answer") == "undetermined"]
    names = [a.name for a in atom.args if isinstance(a, Var) and not a.anonymous]
    if not rows or not names:
        return []
    prog = rb.checked.program
    labels = getattr(loaded, "names", None)
    prose = prose_for(prog, labels, None, case_related(prog, loaded))
    decl = prog.preds.get(atom.key)
    types = [p.type for p in decl.params] if decl else [None] * len(atom.args)
    hole_of: dict[str | None, Hole] = {p: h for h in prog.holes if h.kind == "hole" for p in getattr(h, "preds", ())}
    var_at = [i for i, a in enumerate(atom.args) if isinstance(a, Var) and not a.anonymous]
    out: list[OpenRow] = []
    with paused():
        builder = ProofBuilder(session, rb.codes, loaded, rb.index, max_depth=max_depth)
        for b in rows[:MAX_OPEN_ROWS]:
            args = row_args(atom, b)
            nid = builder.explain(atom.pred, args, 1)
            missing, holes = _reach(builder.g, nid, hole_of)
            # a party the row leaves unknown: the roles of the unknown references of its kind it turns
            # on ('the manufacturer of sled_loud'), to name it by (never another party of the case)
            unnamed = [q for q, p in _references(builder.g, nid, prog)
                       if any(args[i] is UNKNOWN and p == types[i] for i in var_at)]
            subject_at = 0   # the entity the row is about (an atom's first argument)
            others = [i for i in var_at if i != subject_at]
            opened = tuple(None if i in others else (None if v is UNKNOWN else v) for i, v in enumerate(args))
            shown = tuple(None if v is UNKNOWN else v for v in args)
            known = [i for i in others if args[i] is not UNKNOWN]
            node = builder.g.nodes[nid]
            issue = in_issue(builder.g, nid, prog)
            # a row in issue: its facts to find out are those in issue; the others it turns on are
            # kept apart as not raised (never dropped unsaid)
            apart = [q for q in missing if q not in issue[1]] if issue[0] and not holes and \
                any(q in issue[1] for q in missing) else []
            missing = [q for q in missing if q not in apart]
            out.append({
                "binding": {k: v for k, v in b.items() if k != "answer"},
                "args": args,
                "subject": entity_text(args[subject_at], types[subject_at], labels) if args[subject_at] is not UNKNOWN else "",
                # a violation says who would have committed it (the person the provision binds), never
                # 'the ride violated s. 350.08', the owner's offence
                "sentence": offence_said(node) or str(prose.statement(atom.pred, shown) or ""),
                "offence_in": node.get("offence_in", "") if node.get("offender_role") and not node.get("penalty") else "",
                # a violation (with its offender), in an operation or incident or by a person (a
                # seller's duty of s. 350.09(6)), never a penalty's amount
                "violation": bool(node.get("offender_role") and not node.get("penalty")),
                "offender_said": offender_phrase(node),
                # whom the row would bind, where it is a penalty or a violation with an offender
                "liable": str(node.get("offender") or node.get("offender_said") or "") if node.get("offender_role") else "",
                "pattern": str(prose.statement(atom.pred, opened) or ""),
                "value": ", ".join(_said(args[i], types[i], labels) for i in known),
                "value_open": bool(others) and not known,
                "absent": prose.absent(atom.pred, shown),
                "missing": missing,
                # a fact that matters only given others: those (ask_next_lines says 'if ..., whether ...')
                "given": {q: c for q, c in _given(builder.g, nid).items() if q in missing},
                "unnamed": unnamed,
                "holes": holes,
                # a stated fact engages the open part of the row (in_issue); else not raised by the case
                "raised": bool(holes) or issue[0],
                # of a row in issue, the facts to find out no stated fact engages (the 14-year-old's
                # disability beside the certificate the case leaves open): said as not raised
                "not_in_issue": apart,
                # the provisions the row's grounds conclude under (s. 350.08 for an owner's row)
                "provisions": list(dict.fromkeys(str(builder.g.nodes[c].get("provision"))
                                                 for c in builder.g.successors(nid)
                                                 if builder.g.nodes[c].get("kind") == "rule"
                                                 and builder.g.nodes[c].get("provision"))),
                "none_if_unknown_false": bool(missing) and not holes and none_if_unknown_false(builder.g, nid),
                "approximate": "" if (missing or holes) else (approximate or "the three-valued evaluation "
                                                              "leaves it open and names no unstated fact"),
            })
    if len(rows) > MAX_OPEN_ROWS:
        out.append({"more": len(rows) - MAX_OPEN_ROWS})
    return out
