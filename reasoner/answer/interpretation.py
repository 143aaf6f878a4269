"""Whether an answer turns on a reading.

For a question about a case: the readings its proof used, and for every phrase whose readings
define a predicate the question depends on, each other reading of that phrase that would give a
different answer (verdict or bindings, amounts included), with that answer. A reading is tried in
two steps: the phrase's own predicates are evaluated for the case under both readings (a small
part of the law: every other reading of every phrase side by side in one evaluation,
checks_rulebase); only when they differ, or are not settled by the case's facts, is the question
answered again under the other reading, starting from the answer's own evaluation (the rules the
reading leaves alike are not evaluated again: engine/setsession.py SetEngine.lent). When they agree
and are settled, every rule above them sees the same rows, so the answer cannot change.

The record is a plain dict kept on the Answer (`Answer.interpretation`):
    {"selected": [phrase.reading chosen instead of a default],
     "used": [{"phrase", "reading", "qualified", "default", "citation", "text", "reason", "words"}]
             (rules in the proof; words: the reading in words, "" when its rule file gives none),
     "checked": [phrase names tried], "checked_citations": [their provisions, in that order],
     "not_checked": why the other readings were not tried (only for an answer of many rows),
     "chosen": [an entry as in used for each selected reading],
     "turns_on": [{"phrase", "reading", "citation", "text", "reason", "answer", "bindings",
                   "said": [{"text": that answer in the rule files' words, "answer"}],
                   "changed": [{"text", "now", "then"}: each row whose answer differs between the
                               two readings, in the rule files' words; "absent" where a reading
                               gives no such row],
                   "missing": [the facts that reading's answer is left open on: what its open rows
                               turn on, as a direct ask under that reading says them]}]}
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from ..engine.setsession import Given, SetSession
from ..language.readings import chosen, defined_by, normalize
from ..core.record import replace
from ..core.settings import current
from ..engine.rulebase import Rulebase
from ..language.ast import Atom, Var
from ..prose.sentences import prose_for
from ..prose.glosses import offence_said
from ..law.index import UnknownCitation, default_index
from .applicability import NOT_APPLICABLE

if TYPE_CHECKING:
    from ..explain.graph import ProofGraph
    from ..facts.case import Case
    from ..facts.rows import FactRow
    from ..language.ast import Key, Program, Rule
    from ..language.checks import CheckedProgram
    from .result import Answer, Interpretation

# a predicate's certain and possible rows for one case
Rows = tuple[frozenset, frozenset]


def cone(checked: CheckedProgram, goal_key: Key) -> set[Key]:
    """The derived predicates the goal depends on (the goal included)."""
    seen: set[Key] = set()
    todo = [goal_key]
    while todo:
        key = todo.pop()
        if key in seen:
            continue
        seen.add(key)
        for rule in checked.derived.get(key, ()):
            for lit in rule.body:
                atom = getattr(lit, "atom", None)
                if atom is not None and atom.key in checked.derived and atom.key not in seen:
                    todo.append(atom.key)
    return seen


def phrases_for(rb: Rulebase, goal_key: Key) -> dict[str, list[Key]]:
    """phrase -> [(name, arity) it defines that the goal depends on]; worked out once per law and
    goal (kept with `rb`: every question asks it twice), a fresh copy returned."""
    memo_key = ("phrases for", goal_key)
    kept: dict[str, list[Key]] | None = rb._engines.get(memo_key)
    if kept is None:
        owners = defined_by(rb.program)
        kept = {}
        for key in sorted(cone(rb.checked, goal_key)):
            if key in owners:
                kept.setdefault(owners[key], []).append(key)
        rb._engines[memo_key] = kept
    return {phrase: list(keys) for phrase, keys in kept.items()}


def phrase_rulebase(rb: Rulebase, keys: Iterable[Key], selection: Iterable[str]) -> Rulebase:
    """A small rulebase for the phrase's predicates only, under `selection`: the rules of the
    predicates they depend on (every reading's, so that any selection finds its own), checked
    with the law's declarations. Milliseconds, where loading the whole law under another reading
    is a tenth of a second; kept with `rb`."""
    selection = normalize(rb.source, selection)
    memo_key = ("phrase", tuple(sorted(keys)), selection)
    mini: Rulebase | None = rb._engines.get(memo_key)
    if mini is None:
        need = _need(rb, keys)
        rules = [r for r in rb.source.rules if r.head.key in need]   # in the law's order
        # the declarations of the predicates these rules use only: the check's passes over every
        # declaration of the law cost more than the rules (a fresh ask checks one per phrase)
        used = need | {lit.atom.key for r in rules for lit in r.body if getattr(lit, "atom", None) is not None}
        names = {name for name, _ in used}
        # (and the phrasings, holes, presumptions and implications about them only: these rows are
        # compared, never said)
        source = replace(rb.source, rules=rules, preds={k: d for k, d in rb.source.preds.items() if k in used},
                         negatives={k: v for k, v in rb.source.negatives.items() if k[:2] in used},
                         positives={k: v for k, v in rb.source.positives.items() if k[:2] in used},
                         names_in={k: v for k, v in rb.source.names_in.items() if k in used},
                         holes=[h for h in rb.source.holes if {p for p in h.preds} <= names],
                         presumptions=[p for p in rb.source.presumptions if (p.pred, p.arity) in used],
                         implications=[i for i in rb.source.implications
                                       if i.first.key in used and i.then.key in used])
        mini = rb._engines[memo_key] = Rulebase(source, rb.index, rb.require_provisions, rb.fact_preds,
                                                    selection)
    return mini


def phrase_keys(rb: Rulebase, goal_key: Key) -> list[Key]:
    """Every predicate a phrase's readings define that the goal depends on (what the check compares)."""
    return sorted({key for keys in phrases_for(rb, goal_key).values() for key in keys})


def phrase_rows_of(session: SetSession, keys: Sequence[Key]) -> dict[Key, Rows]:
    """key -> the certain and possible rows of that predicate in an open session's case."""
    out: dict[Key, Rows] = {}
    for name, arity in keys:
        certain, possible = session.status(name, (None,) * arity)
        out[(name, arity)] = (frozenset(certain), frozenset(possible))
    return out


def phrase_rows(rb: Rulebase, rows: list[FactRow], keys: Sequence[Key]) -> dict[Key, Rows]:
    """key -> the certain and possible rows of that predicate for one case (sets engine)."""
    with SetSession(rb.set_engine(keys), rows, current().rows) as session:
        return phrase_rows_of(session, keys)


def may_differ(rb: Rulebase, selection: Iterable[str], rows: list[FactRow], keys: Sequence[Key],
               mine: dict[Key, Rows]) -> bool:
    """Whether the answer may differ under `selection`: the phrase's rows differ from `mine` (theirs
    under the law's own selection, phrase_rows on `rb`), or are open."""
    theirs = phrase_rows(phrase_rulebase(rb, keys, selection), rows, keys)
    pairs = [mine[key] for key in keys] + [theirs[key] for key in keys]
    if pairs[:len(keys)] != pairs[len(keys):]:
        return True
    return any(certain != possible for certain, possible in pairs)


def _need(rb: Rulebase, keys: Iterable[Key]) -> set[Key]:
    """The derived predicates `keys` depend on (themselves included), under every reading."""
    by_head: dict[Key, list[Rule]] | None = rb._engines.get("phrase heads")   # the rules by head, once per law
    if by_head is None:
        by_head = rb._engines["phrase heads"] = {}
        for rule in rb.source.rules:
            by_head.setdefault(rule.head.key, []).append(rule)
    need: set[Key] = set()
    todo = list(keys)
    while todo:
        key = todo.pop()
        if key in need:
            continue
        need.add(key)
        for rule in by_head.get(key, ()):
            todo.extend(lit.atom.key for lit in rule.body if getattr(lit, "atom", None) is not None
                        and lit.atom.key in by_head)
    return need


# a check's predicates are renamed apart as NAME + this + the check's number (never a name a rule file gives)
_APART = "__reading"


def _apart(name: str, at: int) -> str:
    return f"{name}{_APART}{at}"


def _renamed_atom(atom: Atom, renamed: set[Key], at: int) -> Atom:
    return replace(atom, pred=_apart(atom.pred, at)) if atom.key in renamed else atom


def _renamed_rule(rule: Rule, renamed: set[Key], at: int) -> Rule:
    body = [replace(lit, atom=_renamed_atom(lit.atom, renamed, at))
            if isinstance(getattr(lit, "atom", None), Atom) and lit.atom.key in renamed else lit
            for lit in rule.body]
    return replace(rule, head=_renamed_atom(rule.head, renamed, at), body=body, alternative=None,
                   rule_id=f"{rule.rule_id}{_APART}{at}")


def _switched(rb: Rulebase, need: set[Key], keys: Iterable[Key], use: dict[str, str],
              own: dict[str, str]) -> set[Key]:
    """Of `need`, the predicates a check renames apart: its compared `keys`, every predicate whose
    rules under the check's readings (`use`) are not the law's own (`own`), and every one that reads
    such a predicate, even through another. The rest evaluate alike under both selections (the same
    rules over the same predicates, down to the inputs): one copy serves every check, and the
    answer's own evaluation lends its rows (SetEngine.lent)."""
    by_head: dict[Key, list[Rule]] = rb._engines["phrase heads"]   # filled by _need
    def rules(key: Key, sel: dict[str, str]) -> list[Rule]:
        return [r for r in by_head.get(key, ()) if r.alternative is None or sel.get(r.alternative[0]) == r.alternative[1]]
    out = set(keys) | {key for key in need if list(map(id, rules(key, use))) != list(map(id, rules(key, own)))}
    grew = True
    while grew:   # upward: whatever reads a renamed predicate is renamed too
        grew = False
        for key in need - out:
            if any(getattr(lit, "atom", None) is not None and lit.atom.key in out
                   for r in rules(key, use) for lit in r.body):
                out.add(key)
                grew = True
    return out


def checks_rulebase(rb: Rulebase, checks: Sequence[tuple[tuple[str, ...], tuple[Key, ...]]]) -> Rulebase:
    """One small rulebase holding every check's rules side by side: for each (selection, keys), the
    rules of the predicates `keys` depend on under that selection. The predicates the selection
    switches (_switched: its own readings' rules and all that read them) are renamed apart
    (NAME__readingN, N the check's position) so that no two checks' rows mix; the others, alike
    under every selection, appear once with their own names and the law's rules, and, with the law
    as this rulebase's donor, take their rows from the answer's own evaluation of the case where it
    made them (differing's `given`); the input predicates are shared. What phrase_rulebase is for one
    check, for all of them in one evaluation. Kept with `rb`."""
    memo_key = ("phrase checks", tuple(checks))
    mini: Rulebase | None = rb._engines.get(memo_key)
    if mini is not None:
        return mini
    src = rb.source
    own = chosen(src, rb.readings)
    rules: list[Rule] = []
    preds = {}
    used: set[Key] = set()
    shared: set[Key] = set()
    for at, (selection, keys) in enumerate(checks):
        need = _need(rb, keys)
        use = chosen(src, normalize(src, selection))
        renamed = _switched(rb, need, keys, use, own)
        mine = [r for r in src.rules if r.head.key in renamed
                and (r.alternative is None or use.get(r.alternative[0]) == r.alternative[1])]
        rules += [_renamed_rule(r, renamed, at) for r in mine]
        shared |= need - renamed
        for r in mine:
            used.update(lit.atom.key for lit in r.body if getattr(lit, "atom", None) is not None
                        and lit.atom.key not in renamed)
        for key in renamed:
            decl = src.preds.get(key)
            if decl is not None:
                preds[(_apart(key[0], at), key[1])] = replace(decl, name=_apart(decl.name, at))
    # the shared predicates' rules as the law has them (their readings the law's own), in the law's order
    alike = [r for r in src.rules if r.head.key in shared
             and (r.alternative is None or own.get(r.alternative[0]) == r.alternative[1])]
    rules = alike + rules
    used.update(lit.atom.key for r in alike for lit in r.body if getattr(lit, "atom", None) is not None)
    used |= shared
    names = {name for name, _ in used}
    preds.update({k: d for k, d in src.preds.items() if k in used})
    # the input predicates' phrasings, holes, presumptions and implications only: these rows are
    # compared, never said; the phrases kept for the shared rules of a reading (the law's own)
    source = replace(src, rules=rules, preds=preds,
                     phrases={p: ph for p, ph in src.phrases.items()
                              if any(r.alternative is not None and r.alternative[0] == p for r in alike)},
                     selected=(),
                     negatives={k: v for k, v in src.negatives.items() if k[:2] in used},
                     positives={k: v for k, v in src.positives.items() if k[:2] in used},
                     names_in={k: v for k, v in src.names_in.items() if k in used},
                     holes=[h for h in src.holes if {p for p in h.preds} <= names],
                     presumptions=[p for p in src.presumptions if (p.pred, p.arity) in used],
                     implications=[i for i in src.implications if i.first.key in used and i.then.key in used])
    kept = [q for q in rb.readings if q.split(".", 1)[0] in source.phrases]
    mini = Rulebase(source, rb.index, rb.require_provisions, rb.fact_preds, kept)
    mini._engines["donor"] = rb   # the shared predicates' plans and rows: the law's (SetEngine.lent)
    rb._engines[memo_key] = mini
    return mini


def differing(rb: Rulebase, checks: Sequence[tuple[tuple[str, ...], tuple[Key, ...]]], rows: list[FactRow],
              mine: dict[Key, Rows], given: Given | None = None) -> list[bool]:
    """For each check (selection, keys): whether the answer may differ under that selection (as
    may_differ), all of them from one evaluation of checks_rulebase. given: the answer's own
    evaluation of the case on `rb` (answer_goal's `lend`): the rows of the predicates no check
    switches, where it made them."""
    if not checks:
        return []
    mini = checks_rulebase(rb, checks)
    wanted = [(_apart(name, at), arity) for at, (_, keys) in enumerate(checks) for name, arity in keys]
    with SetSession(mini.set_engine(wanted), rows, current().rows, given=given) as session:
        theirs = phrase_rows_of(session, wanted)
    out: list[bool] = []
    for at, (_, keys) in enumerate(checks):
        pairs = [mine[key] for key in keys] + [theirs[(_apart(key[0], at), key[1])] for key in keys]
        out.append(pairs[:len(keys)] != pairs[len(keys):] or any(c != p for c, p in pairs))
    return out


def outcome(answer: Answer) -> tuple[str, tuple[str, ...]]:
    """What a change of reading is compared on: the verdict and every binding with its answer."""
    return answer.answer, tuple(sorted(repr(sorted(b.items())) for b in answer.bindings))


def reading_entry(program: Program, phrase: str, name: str) -> dict[str, object]:
    ph = program.phrases[phrase]
    alt = ph.alternatives[name]
    return {"phrase": phrase, "reading": name, "qualified": f"{phrase}.{name}", "default": alt.default,
            "citation": ph.citation, "text": ph.text, "reason": alt.reason, "words": alt.words,
            "key": ph.key}


def _cited_where_decided(rb: Rulebase, phrase: str, theirs: Answer) -> dict[str, object]:
    """The citation and words of a phrase as the provision it decides here states them: a phrase the
    law reads alike in several subsections (s. 350.05(1) and (2): "a person over 18 years of age") is
    cited by the subsection of its rules whose row the other reading concludes (review 7, 03: an
    11-year-old's companion is argued under s. 350.05(1), never (2)), quoting only the words that
    subsection has; {} when none of its rules' provisions is concluded (the phrase's own citation)."""
    ph = rb.program.phrases[phrase]
    own = list(dict.fromkeys(r.provision for r in rb.checked.rules
                             if r.alternative is not None and r.alternative[0] == phrase and r.provision))
    concluded = {str(v) for b in theirs.bindings if b.get("answer") == "true" for k, v in b.items() if k != "answer"}
    hit = next((c for c in own if c in concluded), "")
    if not hit or hit == ph.citation:
        return {}
    try:
        words = default_index().get(hit).text
    except UnknownCitation:   # a provision the index lacks: cited, its words as the phrase gives them
        return {"citation": hit}
    # the parts between the phrase's elisions, without a joining "or" / "and" at their edges
    parts = [re.sub(r"^(?:or|and)\s+|\s+(?:or|and)$", "", p.strip()) for p in ph.text.split("...") if p.strip()]
    kept = [p for p in parts if p in words]
    return {"citation": hit, "text": " ... ".join(kept)} if kept else {"citation": hit}


def new_offences(mine: Answer, theirs: Answer) -> list[str]:
    """The violations another reading finds that this answer does not, each with whom it binds
    ('Jesse Brandt (the operator) violated s. 350.05(1) in the ride'), in proof order: what "Read
    otherwise, it would be yes" says (review 7, 03)."""
    def found(answer: Answer) -> list[tuple[tuple[str, str], str]]:
        g = getattr(answer, "proof", None)
        return [((str(d.get("offence", "")), str(d.get("offence_in", ""))), offence_said(d))
                for _, d in (g.nodes(data=True) if g is not None else ()) if d.get("status") == "true" and offence_said(d)]
    now = {key for key, _ in found(mine)}
    return list(dict.fromkeys(said for key, said in found(theirs) if key not in now))


def used_readings(rb: Rulebase, graph: ProofGraph) -> list[dict[str, object]]:
    """The readings whose rules the proof shows, in proof order of first use."""
    by_id: dict[object, tuple[str, str]] | None = rb._engines.get("rules of readings")   # once per law
    if by_id is None:
        by_id = rb._engines["rules of readings"] = {r.rule_id: r.alternative for r in rb.checked.rules
                                                    if r.alternative is not None}
    out: list[dict[str, object]] = []
    seen: set[tuple[str, str]] = set()
    for _, d in sorted(graph.nodes(data=True)):
        alt = by_id.get(d.get("rule_id")) if d.get("kind") == "rule" else None
        if alt is not None and alt not in seen:
            seen.add(alt)
            out.append(reading_entry(rb.program, *alt))
    return out


def answer_said(program: Program, atom: Atom, theirs: Answer) -> list[dict[str, object]]:
    """The answer another reading would give, in the rule files' words: [{"text", "answer"}], one per
    row of an open question ('the forfeiture for ... dump1 ...: not less than $386.00 nor more than
    $536.00'), or the question's own sentence, positive or negative ([] when it has no template);
    the entities by their names where the case gives them."""
    words = prose_for(program, getattr(getattr(theirs, "case", None), "names", None))
    out: list[dict[str, object]] = []
    for b in theirs.bindings:
        args = tuple(b.get(a.name) if isinstance(a, Var) else getattr(a, "value", a) for a in atom.args)
        said = words.positive(atom.pred, args)
        if said is None:
            return []
        # a row the other reading answers FALSE is said in its negative ('ride2 violated a provision
        # ...'), never in the question's positive words ('violated no provision'): the sentence
        # would say the opposite of that reading's answer
        answer = b.get("answer", "")
        out.append({"text": str(said.negative) if answer == "false" else str(said), "answer": answer})
    # a question with variables has no sentence of its own to say when no row answers it (its
    # variables are never values to fill the template with: a money variable would be read as cents)
    if not theirs.bindings and theirs.answer in ("true", "false") and not any(isinstance(a, Var) for a in atom.args):
        args = tuple(getattr(a, "value", a) for a in atom.args)
        said = words.positive(atom.pred, args)
        if said is not None:
            out.append({"text": str(said) if theirs.answer == "true" else said.negative, "answer": theirs.answer})
    return out


def _row_key(b: dict[str, object]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((k, repr(v)) for k, v in b.items() if k != "answer"))


def changed_rows(program: Program, atom: Atom, mine: Answer, theirs: Answer) -> list[dict[str, object]]:
    """The rows whose answer differs between this reading (`mine`) and another (`theirs`), in the rule
    files' words: [{"text", "now", "then"}] ("absent": that reading gives no such row), in the order of
    this answer's rows, then the other's new ones; [] when the question has no template."""
    words = prose_for(program, getattr(getattr(theirs, "case", None), "names", None))
    now = {_row_key(b): b for b in mine.bindings}
    then = {_row_key(b): b for b in theirs.bindings}
    out: list[dict[str, object]] = []
    for key in list(now) + [k for k in then if k not in now]:
        was = str(now[key].get("answer", "")) if key in now else "absent"
        will = str(then[key].get("answer", "")) if key in then else "absent"
        if was == will:
            continue
        b = now.get(key) or then[key]
        args = tuple(b.get(a.name) if isinstance(a, Var) else getattr(a, "value", a) for a in atom.args)
        said = words.positive(atom.pred, args)
        if said is None:
            return []
        out.append({"text": str(said), "now": was, "then": will})
    return out


# Past this many rows in the answer, whether it turns on a reading is not checked (and says so).
MAX_BINDINGS = 100


def interpretation(rb: Rulebase, loaded: Case, atom: Atom, answer: Answer,
                   answer_under: Callable[[Rulebase], Answer], mine: dict[Key, Rows] | None = None,
                   proved_under: Callable[[Rulebase], Answer] | None = None,
                   given: Given | None = None) -> Interpretation:
    """The interpretation record of `answer` (see the module doc). `answer_under(other_rb)` answers
    the same question about the same case under another rulebase (the caller's answer_case);
    proved_under(other_rb) the same with its proof (who a violation found only then binds). mine:
    the phrases' rows under the law's own readings from the answer's own evaluation (phrase_keys),
    or None: evaluated here. given: the answer's own evaluation of the case (answer_goal's `lend`),
    whose rows of the predicates no other reading switches the check takes (differing)."""
    use = chosen(rb.program, rb.readings)
    record: Interpretation = {"selected": list(rb.readings), "used": used_readings(rb, answer.proof), "checked": [],
              "turns_on": [], "chosen": [reading_entry(rb.program, *q.split(".", 1)) for q in rb.readings],
              "checked_citations": []}
    # a question not applicable to the case judged nothing, so no reading can change it
    phrases = [] if answer.answer == NOT_APPLICABLE else sorted(phrases_for(rb, atom.key).items())
    if phrases and len(answer.bindings) > MAX_BINDINGS:
        # each other reading would answer the whole case again (a case of 150 operations: 8 s each)
        record["checked"] = [phrase for phrase, _ in phrases]
        record["checked_citations"] = list(dict.fromkeys(rb.program.phrases[p].citation for p, _ in phrases))
        record["not_checked"] = (f"the answer has {len(answer.bindings):,} rows (more than {MAX_BINDINGS}); "
                                 "`reasoner batch --compare-readings` compares readings over many cases")
        return record
    # every phrase's rows under the law's own selection, in one evaluation on the law itself
    wanted = sorted({key for _, keys in phrases for key in keys})
    if not phrases:
        mine = {}
    elif mine is None or any(key not in mine for key in wanted):
        mine = phrase_rows(rb, loaded.rows, wanted)
    # every other reading of every phrase, checked in one evaluation (checks_rulebase); a phrase's
    # readings in file order, the phrases in name order
    tries: list[tuple[str, str, tuple[str, ...], tuple[Key, ...]]] = []
    for phrase, keys in phrases:
        record["checked"].append(phrase)
        citation = rb.program.phrases[phrase].citation
        if citation not in record["checked_citations"]:
            record["checked_citations"].append(citation)
        for name, alt in rb.program.phrases[phrase].alternatives.items():
            if name == use.get(phrase):
                continue
            selection = [s for s in rb.readings if not s.startswith(phrase + ".")]
            if not alt.default:
                selection.append(f"{phrase}.{name}")
            tries.append((phrase, name, tuple(selection), tuple(keys)))
    flags = differing(rb, [(selection, keys) for _, _, selection, keys in tries], loaded.rows, mine, given)
    for (phrase, name, other, _), differs in zip(tries, flags):
        if not differs:
            continue
        theirs = answer_under(rb.with_readings(other))
        if outcome(theirs) != outcome(answer):
            entry = reading_entry(rb.program, phrase, name)
            entry.update(_cited_where_decided(rb, phrase, theirs))
            if proved_under is not None and theirs.answer == "true" and answer.answer != "true":
                # who the violations that reading finds would bind: from its proof, made only here
                entry["offences"] = new_offences(answer, proved_under(rb.with_readings(other)))
            ours = rb.program.phrases[phrase].alternatives.get(use.get(phrase, ""))
            entry.update(ours=ours.words if ours is not None else "", answer=theirs.answer, bindings=[dict(b) for b in theirs.bindings],
                         types=dict(theirs.types or {}), said=answer_said(rb.program, atom, theirs),
                         changed=changed_rows(rb.program, atom, answer, theirs),
                         missing=list(getattr(theirs, "missing", None) or []))
            record["turns_on"].append(entry)
    return record
