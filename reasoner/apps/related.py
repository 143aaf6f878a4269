"""What the same provision decides besides the question asked: the saved questions whose rules
cite a provision the answer is decided by, answered on the same case (a joinder handout also says
that Dale Peters, found guilty of both pars. (a) and (b) for one ride, has a single conviction under
s. 350.101(1)(d)). Only definite answers are said; the handout lists them under its own heading."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..answer.answering import precheck
from ..core.errors import ReasonerError
from ..core.record import replace
from ..law.queries import check_atom, resolve, saved_queries
from ..prose.answers import established_part

if TYPE_CHECKING:
    from ..answer.question import Question

MAX_RELATED = 2   # the answers said beside the handout's own (a handout stays within its pages)


def _built_on(rule: Any) -> set:
    """The provisions whose violation a rule's body reads ('violation(O, "350.101(1)(a)")'): a
    question built on a deciding provision's violation (s. 350.101(1)(d) of an operator who violated
    both pars. (a) and (b) in one ride) is decided beside it too."""
    from ..language.ast import Const, Positive
    out = set()
    for lit in rule.body:
        if isinstance(lit, Positive) and lit.atom.pred == "violation" and len(lit.atom.args) == 2:
            arg = lit.atom.args[1]
            if isinstance(arg, Const) and isinstance(arg.value, str):
                out.add(arg.value)
    return out


def _siblings(a: str, b: str) -> bool:
    """'350.101(1)(b)' and '350.101(1)(d)': two paragraphs of one subsection."""
    if not (a and b and a != b and a.endswith(")") and b.endswith(")")):
        return False
    head = a.rsplit("(", 1)[0]
    return b.rsplit("(", 1)[0] == head and "(" not in b[len(head) + 1:] and "(" not in a[len(head) + 1:]


def _follows_from(program: Any, pred: str, asked: str) -> bool:
    """Whether PRED's rules read ASKED, directly or through the predicates they read, each as a
    condition that holds (never under 'not'): a question that follows from the answer asked (the
    forfeiture for refusing to reload follows from the duty to reload, s. 348.19 (3))."""
    from ..language.ast import Positive
    seen, todo = {pred}, [pred]
    while todo:
        head = todo.pop()
        for rule in program.rules:
            if rule.head.pred != head:
                continue
            for lit in rule.body:
                if isinstance(lit, Positive):
                    if lit.atom.pred == asked:
                        return True
                    if lit.atom.pred not in seen:
                        seen.add(lit.atom.pred)
                        todo.append(lit.atom.pred)
    return False


SAME_WORDS = 0.8   # the share of a related line's words the answer already says: then it says the same


def says_the_same(line: str, answer_line: str) -> bool:
    """Whether a related answer only says again what the answer line says ('Under s. 348.19(2)(a): The
    operator of the cattle truck may not proceed (except to a place directed for reloading or unloading)
    until the load is reloaded or unloaded to comply.' under 'No: the operator of the cattle truck may
    not proceed, except to drive where the traffic officer directs for reloading or unloading, until
    ...', trainer review 7, 05 and 12): nearly all of its words are the answer's."""
    import re
    words = [w for w in re.findall(r"[a-z0-9]+", line.lower()) if len(w) > 2]
    said = set(re.findall(r"[a-z0-9]+", answer_line.lower()))
    return bool(words) and sum(w in said for w in words) >= SAME_WORDS * len(words)


def only_if(short: str) -> bool:
    """Whether every sentence of an answer line is said on a condition ('If X, ...; if not, ...'):
    the answer decides nothing on the facts the case states."""
    import re
    sentences = [x for x in re.split(r"(?<=\.)\s+(?=[A-Z])", short.strip()) if x]
    return bool(sentences) and all(x.startswith("If ") for x in sentences)


def related_answers(q: Question, answer: Any) -> list[dict]:
    """[{"query", "question", "short", "citation"}]: for each other saved question whose rules
    cite a deciding provision of `answer` (its argument's provisions), its TRUE answer on the case,
    at most MAX_RELATED."""
    argument = getattr(answer, "argument", None)
    deciding = {p.citation for p in getattr(argument, "provisions", None) or []}
    # and the provisions argued as exceptions that do not apply (s. 350.101(1)(d)'s single conviction,
    # not reached for a count under par. (a) or (b) alone: what else par. (d) decides on the case, the
    # par. (c) conviction it does not merge, is said beside it; trainer review 12, 10)
    # (a sibling paragraph of the provision only: another section's exception, a reload under s.
    # 348.21(2)(b) beside a forfeiture, is not what the provision decides)
    deciding |= {e.citation for p in getattr(argument, "provisions", None) or []
                 for e in getattr(p, "exceptions", None) or [] if _siblings(p.citation, getattr(e, "citation", ""))}
    # an answer left open by unstated facts still has what the case decides on its stated facts beside it
    # (counts 1 and 2 joined whatever the verdicts: trainer review 14, 07)
    if not deciding or answer.answer not in ("true", "false", "undetermined"):
        return []
    rb, loaded, atom = q.law, q.case, q.atom
    program = rb.checked.program
    g = getattr(answer, "proof", None)
    argued = {d.get("pred") for _, d in g.nodes(data=True)} if g is not None else set()
    out: list[dict] = []
    candidates = []
    raised = {str(r.get("query")) for r in getattr(answer, "raises", None) or []}
    for name in sorted(saved_queries()):
        try:
            other, saved = resolve(name)
            other = check_atom(other, rb.checked)
        except ReasonerError:
            continue
        if other.key == atom.key or other.pred in argued or name in raised:
            continue   # the question itself, one its argument answers already (lawful: violations), or
            # one said under 'The case also raises' (answer/caseraises.py)
        rules = [r for r in program.rules if r.head.key == other.key and r.provision]
        cited = {r.provision for r in rules}
        follows = _follows_from(program, other.pred, atom.pred)
        shared = sorted(cited & deciding) or sorted(
            r.provision for r in rules if _built_on(r) & deciding) or (   # s. 350.101(1)(d) of a ride's (a) and (b)
            sorted(cited)[:1] if follows else [])   # refusing to reload follows from the duty to reload
        if shared:
            candidates.append((not follows, name, other, saved, shared[0]))
    # first the questions that follow from the answer asked (the duty met, the refusal's forfeiture)
    for unfollowed, name, other, saved, citation in sorted(candidates, key=lambda c: (c[0], c[1])):
        try:
            if precheck(rb, loaded, other, saved):
                continue   # not about anything in the case
            # beside the answer asked: what that question establishes, never its `otherwise:` again
            found = replace(q, atom=other, saved=saved).answer(interpretation=False, widen=False)
        except ReasonerError:
            continue
        some = found.answer in ("true", "undetermined") or any(
            r.get("answer") == "true" for r in getattr(found, "each", None) or [])   # a 'no' about each with yes rows
        short = established_part(found.argument.short) if some else ""
        if not short or says_the_same(short, getattr(getattr(answer, "argument", None), "short", "") or ""):
            continue   # only what is established on the case, and not the answer again in other words
        if only_if(short):
            continue   # nothing decided on the facts stated, only what would follow from a finding the
            # case does not state ('If the nephew was found guilty on ..., that conviction counts on its
            # own ...; if not, the nephew was not found guilty ...': trainer review 15, 10)
        row = {"query": name, "question": found.argument.question, "short": short, "citation": citation,
               "parties": _said_of(found, short)}
        if not unfollowed and _money(program, other) and _same_amounts(answer, atom, found, other):
            # the same money under another provision that sends its penalty to the one asked
            # (s. 348.25 (2) (a): 'the same penalties as ... without a permit', s. 348.21): said so,
            # or a trainee adds the two up (trainer review 16, G6)
            row["same_as"] = _section_of(program, atom)
        out.append(row)
        if len(out) >= MAX_RELATED:
            break
    return out


def _said_of(found: Any, short: str) -> dict:
    """{party's name: the sentence of `short` about it}: each entity the further answer establishes
    something of, by the name the handout's table gives it (the young rider's par. (c) conviction,
    s. 350.101(1)(c) and (d): trainer review 14, 10)."""
    from ..prose.answers import sentence_about
    out = {}
    for r in getattr(found, "each", None) or []:
        name = str(r.get("name") or "")
        if r.get("answer") == "true" and name:
            said = sentence_about(short, name)
            if said:
                out[name] = said
    return out


def note_in_table(handout: Any) -> None:
    """The handout's results table with what the same provisions establish of each party beside its
    row (noted_rows, from handout.related): a new table on a new argument, never the answer's own
    rows changed (an answer kept and rendered again would say it twice)."""
    argument = getattr(handout, "argument", None)
    table = list(getattr(argument, "table", None) or [])
    rows = noted_rows(table, getattr(handout, "related", None) or [])
    if rows != table:
        handout.argument = replace(argument, table=rows)


def noted_table(q: Question, answer: Any) -> Any:
    """The answer's argument with noted_rows in its results table (what `ask` prints, as the handout
    does); the argument itself where no row needs it (no further answer is asked for a table without a
    row that finds nothing or is left open with nothing established)."""
    argument = getattr(answer, "argument", None)
    table = list(getattr(argument, "table", None) or [])
    if len(table) < 2 or not any("more" not in r and (r.get("none") or (r.get("open") and not r.get("established")))
                                 for r in table):
        return argument
    rows = noted_rows(table, related_answers(q, answer))
    return argument if rows == table else replace(argument, table=rows)


def noted_rows(table: list, related: list) -> list:
    """The rows of a results table, a party's row that finds nothing for it under the question asked
    (or leaves it open, with nothing established) with what the same provisions establish of that
    party on the case (related_answers' "parties"): a conviction the question does not count is never
    hidden behind 'no conviction under par. (a) or (b) counts' (the young rider's par. (c) conviction,
    s. 350.101(1)(d) merging only pars. (a) and (b); trainer review 14, 10)."""
    from ..prose.argument import with_also_decided
    if len(table) < 2:
        return table
    out = []
    for row in table:
        none = bool(row.get("none")) and not row.get("open") and len(row.get("established") or ()) == 1
        said = [r["parties"][row["entity"]] for r in related if row.get("entity") in (r.get("parties") or {})] \
            if "more" not in row and (none or (row.get("open") and not row.get("established"))) else []
        # only a row that finds nothing for its party, or leaves it open on nothing else
        out.append({**row, "established": with_also_decided(row.get("established") or [], said, none)}
                   if said else row)
    return out


def _values(answer: Any, atom: Any) -> set[tuple]:
    """The established bindings of an answer as tuples of values in the goal's order of variables."""
    from ..law.queries import variables
    names = [n for _, n in variables(atom)]
    return {tuple(b.get(n) for n in names) for b in getattr(answer, "bindings", None) or []
            if b.get("answer") == "true" and all(b.get(n) is not None for n in names)}


def _money(program: Any, atom: Any) -> bool:
    """Whether the goal establishes an amount of money (a forfeiture's least and greatest)."""
    decl = program.preds.get(atom.key)
    return decl is not None and any(p.type == "money" for p in decl.params)


def _same_amounts(answer: Any, atom: Any, found: Any, other: Any) -> bool:
    """Whether every result the further answer establishes is one the answer asked establishes, value
    for value (the same vehicle, the same least and greatest amounts): a question that follows from
    the one asked and reaches the same money decides no second amount."""
    if len(atom.args) != len(other.args):
        return False
    theirs = _values(found, other)
    return bool(theirs) and theirs <= _values(answer, atom)


def _section_of(program: Any, atom: Any) -> str:
    """The one section whose provisions conclude the goal asked ('348.21' for the forfeiture of
    s. 348.21 (2) (b), (3) (a) and (3) (b) 1); '' where they are of several sections."""
    sections = {str(r.provision).split("(", 1)[0] for r in program.rules
                if r.head.key == atom.key and r.provision}
    return next(iter(sections)) if len(sections) == 1 else ""


def otherwise_answer(q: Question, answer: Any) -> str:
    """What the handout adds to the bottom line a saved question's `otherwise:` widened already
    (Answer.otherwise, answer/otherwise.py: the law's lead and the other question's answer, in every
    output): where that other answer rests on the case listing none of something, it says so ('It
    is taken that ...: the case lists no prior conviction.'); '' otherwise."""
    from ..prose.answers import none_listed_line
    rows = getattr(answer, "otherwise", None) or []
    taken = [t for r in rows for t in none_listed_taken(getattr(r["answer"], "proof", None))]
    return none_listed_line(list(dict.fromkeys(taken)), named=len(getattr(answer, "each", None) or []) > 1)


def none_listed_answer(answer: Any) -> str:
    """What the answer and its `otherwise:` rows rest on because the case lists none of something,
    said once for all the parties it holds for (otherwise_answer and own_none_listed together:
    trainer review 13, the same 'no prior conviction' line once for each vehicle)."""
    from ..prose.answers import none_listed_line
    taken = [t for r in getattr(answer, "otherwise", None) or []
             for t in none_listed_taken(getattr(r["answer"], "proof", None))]
    if answer.answer == "true":
        taken += none_listed_taken(getattr(answer, "proof", None))
    several = len({r.get("entity") for r in getattr(answer, "each", None) or []}) > 1 \
        or len(getattr(answer, "each", None) or []) > 1
    case = getattr(answer, "case", None)
    names = {**(getattr(case, "roles", None) or {}), **(getattr(case, "names", None) or {})}
    return none_listed_line(list(dict.fromkeys(taken)), named=several, names=list(names.values()))


def none_listed_taken(g: Any) -> list[tuple[str, str]]:
    """[(finding, what)] where an established answer rests on the case listing none of something:
    a fact false because the case lists no entity that could make it so ('no prior conviction'),
    with the highest finding above it that holds because of it (a false atom said by its negative:
    'the conviction for the incident of the mobile crane is a first conviction within the 12-month
    period'), reached through false nodes only."""
    from ..prose.answers import none_listed_findings
    return none_listed_findings(g)


def widen_answer(q: Question, answer: Any, handout: Any) -> None:
    """The handout's bottom line (its answer sentence and its argument's) followed by what the
    saved question's `otherwise:` answers on the same case (otherwise_answer), where it says any."""
    cleared_facts: list = []   # the stated facts that clear the items cleared: in the facts box
    cleared = cleared_answer(q, answer, cleared_facts)
    # the total and the items cleared are the answer as it stands: before what another reading would
    # change (_before_turns); the other lines after it, as before
    first = " ".join(x for x in (totals_answer(answer), cleared) if x)
    rest = " ".join(x for x in (parties_answer(q, answer), none_listed_answer(answer),
                                readings_answer(handout)) if x)
    if not first and not rest:
        return

    def widened(sentence: str) -> str:
        said = _said_once(sentence, answer, cleared)
        said = _before_turns(said, first) if first else said
        return f"{said} {rest}" if rest else said
    handout.answer_sentence = widened(handout.answer_sentence)
    if getattr(handout, "argument", None) is not None:
        handout.argument = replace(handout.argument, short=widened(handout.argument.short))
        # the facts the answer's lines on the cleared items rest on are facts the handout uses: in its
        # facts box, never only in the appendix (trainer review 14, 03: tickets 103 and 104's days)
        new = [f for f in dict.fromkeys(cleared_facts) if f not in handout.argument.facts]
        if new and getattr(handout, "facts_box", None) is not None:
            from ..render.handout import box_facts
            handout.argument = replace(handout.argument, facts=list(handout.argument.facts) + new)
            box_facts(handout, answer, q.law.checked.program)


def _said_once(line: str, answer: Any, cleared: str) -> str:
    """The answer line without its 'This answer turns on the reading of ...' sentence where the line of
    the item that reading decides (scale ticket 104) says our reading and what the other gives, at the
    point it decides (trainer review 14, 03): said once, where it is used."""
    from ..prose.answers import reading_turns
    from ..prose.argument import READ_OTHER_WAY
    turns = reading_turns(answer)
    if not turns or READ_OTHER_WAY not in cleared or len(answer.interpretation.get("turns_on") or []) != 1:
        return line
    return line.replace(f" {turns}", "", 1)


def _before_turns(sentence: str, rest: str) -> str:
    """The answer's sentence with `rest` (its totals, the items cleared, ...) said before what another
    reading would change ('This answer turns on the reading of ...'): the answer as it stands first,
    then what the other reading gives beside it (trainer review 14, 03: 'Total: $2,000.00' printed after
    the reading that makes it $3,000.00)."""
    from ..prose.answers import TURNS_OPENING
    at = sentence.find(" " + TURNS_OPENING)
    if at < 0:
        return f"{sentence} {rest}"
    return f"{sentence[:at]} {rest}{sentence[at:]}"


def readings_answer(handout: Any) -> str:
    """'This answer rests on our readings: ...': each reading the argument says at a line it decides
    ('(our reading: ...)' beside an element, an exception, a list of the law's or an amount), once,
    in the argument's order (trainer review 11, G4); '' where none is said."""
    from ..prose.argument import READ_OTHER_WAY, deciding_readings, reading_on
    said: list = []

    def walk(x: Any) -> None:
        for t in [getattr(x, "text", "")] + [a for a in getattr(x, "arithmetic", None) or [] if isinstance(a, str)]:
            r = reading_on(str(t or ""))
            if READ_OTHER_WAY in str(t or ""):   # a reading whose other way changes the answer: the
                continue                          # Answer's 'This answer turns on ...' says it already
            if r and r not in said:
                said.append(r)
        for name in ("elements", "exceptions", "parts", "reasons"):
            for y in getattr(x, name, None) or []:
                walk(y)
    for p in getattr(getattr(handout, "argument", None), "provisions", None) or []:
        walk(p)
    return deciding_readings(said)


def totals_answer(answer: Any) -> str:
    """Each subject's total where the saved question's `total:` names the money variable its rows
    add up (each row a separate offense: 'Total: $2,000.00 (two separate offenses).'); '' otherwise."""
    from ..prose.answers import total_line
    saved = getattr(answer, "saved", None)
    var = getattr(saved, "total", "") or ""
    if not var or answer.answer != "true":
        return ""
    import re
    first = re.match(r"\s*\w+\s*\(\s*(\w+)", str(getattr(saved, "goal", "")))
    by: dict = {}
    for b in getattr(answer, "bindings", None) or []:
        if b.get("answer") == "true" and isinstance(b.get(var), int) and first:
            by.setdefault(b.get(first.group(1)), []).append(b[var])
    case = getattr(answer, "case", None)
    names = {**(getattr(case, "roles", None) or {}), **(getattr(case, "names", None) or {})}
    return " ".join(total_line(names.get(who, str(who)) if len(by) > 1 else "", sum(amounts), len(amounts))
                    for who, amounts in by.items() if len(amounts) > 1)


def own_none_listed(answer: Any) -> str:
    """'It is taken that ...: the case lists no prior conviction.' where an established answer
    rests on the case listing none of something (none_listed_taken); '' otherwise."""
    from ..prose.answers import none_listed_line
    if answer.answer != "true":
        return ""
    several = len({r.get("entity") for r in getattr(answer, "each", None) or []}) > 1
    return none_listed_line(none_listed_taken(getattr(answer, "proof", None)), named=several)


MAX_CLEARED = 6   # the items listed with no row, each argued in one line; more are left to the argument


def cleared_answer(q: Question, answer: Any, facts: list | None = None) -> str:
    """Where the saved question adds its rows up (`total:`, each row a separate offense), each item
    of the case that the goal's other entity variable could name and no row names, argued in one
    line on the point that clears it ('Scale ticket 103: no violation — a true, accurate and legible
    copy of scale ticket 103 was kept, and it is given the effect of the original (s. 348.195 (3));
    ...'): a trainee asks about the tickets the scenario names that are not violations (review 5,
    08). '' otherwise."""
    from ..answer.each import entity_status, ground, subjects
    from ..law.queries import variables
    from ..prose.answers import cleared_line, clearing_points, turn_notes
    saved = getattr(answer, "saved", None) or getattr(q, "saved", None)
    if not getattr(saved, "total", "") or answer.answer != "true":
        return ""
    decl = q.law.checked.program.preds.get(q.atom.key)
    subject = getattr(saved, "subject", "")
    names = getattr(q.case, "names", None) or {}
    lines: list[str] = []
    for i, var in variables(q.atom):
        kind = decl.params[i].type if decl is not None and i < len(decl.params) else ""
        if not kind or kind == subject or kind not in q.law.checked.program.entities:
            continue
        status = entity_status(answer.bindings, var)
        absent = [e for e in subjects(q.case, kind) if e not in status]
        if not absent or len(absent) > MAX_CLEARED:
            continue
        for e in absent:
            try:
                own = replace(q, atom=ground(q.atom, i, e), saved=None).answer(interpretation=False)
            except ReasonerError:
                continue
            if own.answer != "false" or own.argument is None:
                continue
            # a point a contested reading decides for this item, where the other reading would find
            # it a violation: our reading and the other's result said at the point (trainer review 14, 03:
            # scale ticket 104, discarded on day 30)
            notes = turn_notes(answer, names.get(e, e))
            points = [x for p in own.argument.provisions for el in p.elements
                      if el.status == "false" for x in clearing_points(el, notes)]
            lines.append(cleared_line(names.get(e, e), points))
            if facts is not None and points:   # the stated facts its own argument uses ([(text, loc)]),
                # and every fact the case states of the item itself (ticket 103's discard and demand days)
                facts.extend(tuple(f) for f in own.argument.facts)
                facts.extend(("", r.loc) for r in getattr(q.case, "rows", None) or []
                             if r.known and r.loc and r.args and r.args[0] == e)
    return " ".join(x for x in lines if x)


def parties_answer(q: Question, answer: Any) -> str:
    """Where the saved question asks for every party (`parties:`, docs/LANGUAGE.md), a line for each
    party a subject's stated facts name in a role (operator_director(yard_truck, temp_agency)) that no
    row of the answer names for that subject, argued on the ground that role belongs to, in the law's
    negative words ('The temp agency: not liable — the temp agency, as the person employing or
    directing the operator of the yard truck, did not commit a violation under s. 348.20(1), third
    sentence: ...'); then, with `also:`, the law's `lead:` and what that goal establishes about the
    case (the operators accept service of the summons, s. 348.20(2)): trainer review 13, 12, where the
    temp agency and the drivers the report names had no answer. '' otherwise."""
    from ..answer.each import ground
    from ..language.ast import Positive, Var
    from ..law.queries import variables
    saved = getattr(answer, "saved", None) or getattr(q, "saved", None)
    spec = getattr(saved, "parties", None) or {}
    case = getattr(q, "case", None)
    if not spec or case is None or answer.answer not in ("true", "undetermined"):
        return ""
    checked = q.law.checked
    decl = checked.program.preds.get(q.atom.key)
    subject = getattr(saved, "subject", "")
    kinds = [(i, var, decl.params[i].type) for i, var in variables(q.atom)
             if decl is not None and i < len(decl.params)]
    at_subject = next((i for i, _, k in kinds if k == subject), None)
    at_party = next((i for i, _, k in kinds if k != subject and k in checked.program.entities), None)
    lines: list[str] = []
    if at_subject is not None and at_party is not None:
        lines = _unnamed_parties(q, answer, at_subject, at_party, spec["none"])
    if spec.get("also"):
        lines.append(_also_parties(q, spec["also"], spec["lead"]))
    return " ".join(x for x in lines if x)


def _grounds(checked: Any, key: Any, at_subject: int, at_party: int) -> list[tuple[Any, int, int, set[str]]]:
    """[(ground predicate key, its subject position, its party position, the inputs its rules read
    the party by)]: the derived predicates the goal's rules read of the subject and the party
    (s. 348.20 (1)'s authority_ground, employer_ground, owner_ground, director_ground), each with the
    stated inputs that name the party for it (director_ground: operator_director)."""
    from ..language.ast import Positive, Var
    out: list[tuple[Any, int, int, set[str]]] = []
    for rule in checked.derived.get(key, ()):
        head = rule.head.args
        s_var, p_var = head[at_subject], head[at_party]
        if not isinstance(s_var, Var) or not isinstance(p_var, Var):
            continue
        for lit in rule.body:
            if not isinstance(lit, Positive) or lit.atom.key not in checked.derived:
                continue
            args = lit.atom.args
            if s_var not in args or p_var not in args:
                continue
            gs, gp = args.index(s_var), args.index(p_var)
            reads: set[str] = set()
            for inner in checked.derived.get(lit.atom.key, ()):
                iv, ip = inner.head.args[gs], inner.head.args[gp]
                reads |= {b.atom.pred for b in inner.body if isinstance(b, Positive) and b.atom.key in checked.base
                          and iv in b.atom.args and ip in b.atom.args}
            entry = (lit.atom.key, gs, gp, reads)
            if reads and entry not in out:
                out.append(entry)
    return out


def _unnamed_parties(q: Question, answer: Any, at_subject: int, at_party: int, words: str) -> list[str]:
    """The lines of parties_answer for the parties the case names in a role and no row names."""
    from ..answer.each import subjects
    from ..language.ast import Atom, Const
    checked = q.law.checked
    case = q.case
    names = getattr(case, "names", None) or {}
    attributes = getattr(case, "attributes", None) or {}
    entities = getattr(case, "entities", None) or {}
    subject_var = str(q.atom.args[at_subject])
    party_var = str(q.atom.args[at_party])
    rows = {(str(b.get(subject_var)), str(b.get(party_var))) for b in answer.bindings
            if b.get("answer") in ("true", "undetermined")}
    grounds = _grounds(checked, q.atom.key, at_subject, at_party)
    kind = checked.program.preds[q.atom.key].params[at_party].type
    said: dict[str, list[str]] = {}
    for s in subjects(case, getattr(getattr(answer, "saved", None) or q.saved, "subject", "")):
        for attr, value in (attributes.get(s) or {}).items():
            e = str(value)
            if entities.get(e) != kind or (s, e) in rows:
                continue
            for key, gs, gp, reads in grounds:
                if attr not in reads:
                    continue
                args = [Const(None)] * key[1]
                args[gs], args[gp] = Const(s), Const(e)
                try:
                    own = replace(q, atom=Atom(key[0], tuple(args)), saved=None).answer(interpretation=False)
                except ReasonerError:
                    continue
                if own.answer != "false" or own.argument is None:
                    continue
                why = _fact_why(own) or own.argument.short.removeprefix("No: ").removeprefix("None: ").strip()
                said.setdefault(names.get(e, e), [])
                if why and why not in said[names.get(e, e)]:
                    said[names.get(e, e)].append(why)
    from ..prose.answers import party_line
    return [party_line(who, words, whys) for who, whys in said.items()]


def _fact_why(own: Any) -> str:
    """Why a ground does not name a party, from the fact that decides it (the case states the agency
    did not require or permit the overweight run), then the ground's own negative words: never the
    ground restated as its reason (trainer review 15, 12); '' where no single stated fact decides it."""
    from ..prose.answers import party_fact_why
    g = getattr(own, "proof", None)
    root = g.graph.get("root") if g is not None else None
    if g is None or root is None:
        return ""
    facts = [d for _, d in g.nodes(data=True) if d.get("kind") == "fact" and d.get("status") == "false"]
    if len(facts) != 1 or not facts[0].get("negative") or not g.nodes[root].get("negative"):
        return ""
    stated = str(facts[0].get("how") or "").startswith("stated")
    return party_fact_why(str(facts[0]["negative"]), str(facts[0].get("sentence") or ""), stated,
                          str(g.nodes[root]["negative"]))


def _also_parties(q: Question, goal: str, lead: str) -> str:
    """`lead:` and what the goal `also:` establishes about the case, in its answer's words."""
    try:
        atom, _ = resolve(goal)
        atom = check_atom(atom, q.law.checked)
        own = replace(q, atom=atom, saved=None).answer(interpretation=False)
    except ReasonerError:
        return ""
    if own.answer not in ("true", "undetermined") or own.argument is None:
        return ""
    from ..prose.answers import also_line
    # the persons the lead speaks of: the values of the goal's variables the question asked has not
    # (the operators of summons_agent(V, D, C): one operator is 'the operator', trainer review 14, 02)
    from ..law.queries import variables
    asked = {n for _, n in variables(q.atom)}
    own_vars = [n for _, n in variables(atom) if n not in asked]
    persons = {tuple(str(b.get(n)) for n in own_vars) for b in getattr(own, "bindings", None) or []
               if b.get("answer") == "true"} if own_vars else set()
    return also_line(lead, established_part(own.argument.short), len(persons) or None)
