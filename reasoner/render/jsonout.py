"""JSON renderings: answers (with the proof in networkx node-link form) and models."""
from __future__ import annotations

import json
from fractions import Fraction

from ..core.values import UNKNOWN, round_cents, show_value
from ..prose.answers import (answer_line, citations, open_row_line, otherwise_established, otherwise_lead, otherwise_line,
                             own_line, raised_lines, unraised_rows)
from ..prose.order import proof_order
from ..prose.readings import interpretation_lines

SCHEMA_VERSION = 3
# 3: `argument` beside `proof`: the argument every trainee-facing output renders (explain/argument.py):
#    {question, answer, short, provisions: [{citation, quote, law, outcome, conclusion, elements,
#    exceptions, arithmetic, readings, alternatives}], others, presumed, readings, missing, facts};
#    an element is {text, status, source, citation, parts, exceptions, loc, alternatives,
#    requirement, readings}, an exception {text, status, citation, reasons, readings, effect, by_number} (effect:
#    what follows when it applies, "op1 did not violate s. 350.02(2)(b)4"; "" otherwise; by_number:
#    it does not apply by a number its provision states, 'more than 2,000 pounds', so it is not quoted).
# 2: money is {"type": "money", "dollars": "570.00"} (a decimal string in dollars) wherever an
#    answer carries a value of type money (bindings); `cited_as` says whether `cited` lists the
#    provisions applied (a TRUE answer) or considered (FALSE or undetermined).
# 3: "answer" may be "not_applicable" (the case has no entity of the kind the question is about);
#    then "not_applicable" holds the reason, and bindings, missing and cited are empty.
# 3: "entities" (added, nothing removed): a saved question about each entity of a kind, one entry per
#    entity of that kind in the case, with its own answer (answer/each.py); [] otherwise.
# 3: "engaged" (added, nothing removed): an open answer's provisions that the case's stated facts
#    engage (answer/engaged.py), their citations; [] for a decided answer.
# 3: "not_verified" (added, nothing removed): an answer the split could not make exact lists the open
#    values no completion was found to produce within the budget (typed as the bindings); the values
#    no completion produces are left out of `bindings` (exact_reason says how many).
# 3: "undetermined" (added, nothing removed): each row of a question with variables that stays
#    undetermined, [{binding, sentence, missing, holes: [{citation, why}], approximate}] (or
#    {"more": N} past the first 100), also when the answer is TRUE for other rows; the argument's
#    "undetermined" gives the same rows as sentences. [] when every row is decided.
# 3: "otherwise" (added, nothing removed): a saved question with `otherwise:` (answer/otherwise.py),
#    each subject it says "no" for that the law reaches instead, [{entity, name, query, lead,
#    sentence, rows, cited}] (query: the other saved question; sentence: what it establishes about
#    the subject; rows: its bindings); an entry of "entities" carries its own as "otherwise" (or
#    null). [] otherwise. Each entry's "condition" (added, nothing removed): where what the other
#    question establishes is argued by cases and the law's lead holds in some of them only, the
#    cases it holds in ('if excavator_permit was in force (...)'), "" otherwise; "lead" is the lead
#    as said, under that condition.
# 3: "held" (added, nothing removed): a saved question with `held:` (answer/otherwise.py held_rows),
#    each subject its answer holds (must_reload's "yes"), with the penalty question's answer about
#    it, [{entity, name, query, lead, rows, cited, offenders}]; [] otherwise.
# 3: "assumptions" (added, nothing removed): what the answer holds on that no fact states, each with
#    the fact, the condition assumed and the other outcome (answer/timing.py; jsonout assumptions_data);
#    [] when none. The argument's "assumed" says each as a sentence.
# 3: "raises" (added, nothing removed): what the case's stated facts also raise that the question
#    asked never argues (answer/caseraises.py), [{query, question, citation, cited, quote, answer,
#    sentence, bindings}]; [] when none. The argument's "raises" gives the sentences.
# 3: "in_issue" (added to each row of "undetermined", nothing removed): true when a fact the case
#    states engages the part of the provision the row leaves open ("open", its facts to find out);
#    false when the case states nothing about it ("not raised by the case": the row stays
#    undetermined, but no violation is shown on the facts stated; docs/SEMANTICS.md); and
#    "not_in_issue": of a row in issue, the facts it also turns on that no stated fact engages.


def plain(value):
    if value is UNKNOWN:
        return None
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int) and type(value) is int:
        return value
    if isinstance(value, Fraction):
        return show_value(value)
    if isinstance(value, (int, str)):
        return str(value) if not isinstance(value, str) else value
    return str(value)


def typed(value, type_name=None):
    """A value for JSON; money as a decimal string in dollars with its type (never a cents figure)."""
    if type_name == "money" and value is not UNKNOWN and value is not None:
        return money_data(value)
    return plain(value)


def money_data(cents) -> dict:
    """{"type": "money", "dollars": "225.02"}: always a plain decimal string with two decimals. An
    amount with a fraction of a cent (computed by rules that do not round) is rounded half up to the
    cent, and the exact amount is given beside it ("exact_dollars": "225.025"): it was
    "225.02 (+0.5 cent)", which broke the schema and could not be asked back."""
    exact = Fraction(cents)
    rounded = round_cents(exact)     # half up (toward more money), as the text shows it
    sign = "-" if rounded < 0 else ""
    out = {"type": "money", "dollars": f"{sign}{abs(rounded) // 100}.{abs(rounded) % 100:02d}"}
    if exact.denominator != 1:
        out["exact_dollars"] = show_value(exact / 100)
        out["rounded"] = "half up to the cent"
    return out


def bindings_data(bindings, types) -> list:
    return [{k: typed(v, types.get(k)) if k != "answer" else v for k, v in b.items()} for b in bindings]


def interpretation_data(interp) -> dict:
    """The interpretation record (answer/interpretation.py) as JSON: each alternative's bindings
    typed like the answer's (money as a dollar string), and its sentences."""
    turns = [{**{k: v for k, v in t.items() if k not in ("bindings", "types")},
              "bindings": bindings_data(t.get("bindings") or [], t.get("types") or {})}
             for t in interp.get("turns_on") or []]
    return {"selected": list(interp.get("selected") or []), "used": list(interp.get("used") or []),
            "checked": list(interp.get("checked") or []),
            "checked_citations": list(interp.get("checked_citations") or []),
            "chosen": list(interp.get("chosen") or []), "turns_on": turns,
            "sentences": interpretation_lines(interp)}


def graph_data(g) -> dict:
    from networkx.readwrite import json_graph
    data = json_graph.node_link_data(g, edges="edges")
    data["nodes"] = sorted(data["nodes"], key=lambda n: n["id"])
    data["edges"] = sorted(data["edges"], key=lambda e: (e["source"], e["order"]))
    return data


def answer_dict(answer) -> dict:
    cited, cited_as = citations(answer)
    return {
        "schema": SCHEMA_VERSION,
        "query": answer.query,
        "answer": answer.answer,
        "sentence": answer_line(answer),
        "bindings": bindings_data(answer.bindings, answer.types or {}),
        "exact": getattr(answer, "exact", True),
        **({"exact_reason": answer.exact_reason} if not getattr(answer, "exact", True) else {}),
        "missing": missing_entries(answer),
        "undetermined": undetermined_entries(answer),
        "cited": cited,
        "cited_as": cited_as,
        "presumed": list(getattr(answer, "presumed", [])),
        "assumptions": assumptions_data(answer),
        "readings": answer.readings,
        "argument": _argument(answer),
        "offenders": offenders(answer),
        # an undetermined answer, each way its deciding facts can go: the condition, the answer then,
        # who would have violated what (the sentence says the same: 'If ..., ...; if not, ...')
        "branches": [dict(b) for b in getattr(answer, "branches", None) or []],
        "entities": entities_data(answer),
        "otherwise": otherwise_data(answer),
        "held": held_data(answer),
        "engaged": list(getattr(answer, "engaged", None) or []),
        "raises": raises_data(answer),
        "not_verified": bindings_data(getattr(answer, "not_verified", None) or [], answer.types or {}),
        **({"interpretation": interpretation_data(answer.interpretation)}
           if getattr(answer, "interpretation", None) else {}),
        **({"not_applicable": answer.not_applicable} if getattr(answer, "not_applicable", "") else {}),
        "proof": graph_data(answer.graph),
    }


def raises_data(answer) -> list:
    """What the case also raises (answer/caseraises.py): [{query, question, citation, cited, quote,
    answer, sentence, bindings}] (sentence: the line said under the answer; bindings: the other
    question's, typed as its own, money in dollars); [] when none."""
    lines = raised_lines(answer)
    out = []
    for r, said in zip(getattr(answer, "raises", None) or [], lines):
        own = r["answer"]
        out.append({"query": r["query"], "question": r["question"], "citation": r["citation"],
                    "cited": list(r["cited"]), "quote": r.get("quote", ""), "answer": own.answer,
                    "sentence": said, "bindings": bindings_data(own.bindings, own.types or {})})
    return out


def held_data(answer) -> list:
    """Each subject a saved question with `held:` holds (Answer.held): {"entity", "name", "query",
    "lead", "rows", "cited", "offenders"}: the penalty question's bindings about it (its amount), the
    provisions it cites and whom it binds. [] otherwise."""
    out = []
    for o in getattr(answer, "held", None) or []:
        other = o["answer"]
        out.append({"entity": o["entity"], "name": o["name"], "query": o["query"], "lead": o["lead"],
                    "rows": bindings_data(other.bindings, other.types or {}),
                    "cited": citations(other)[0], "offenders": offenders(other)})
    return out


def entities_data(answer) -> list:
    """A saved question about each entity of a kind (answer/each.py): one entry per entity of that
    kind in the case, in file order: {"entity", "name", "answer", "sentence", "rows", "offenders"}
    (sentence: its own answer line where it was answered on its own, else ""; rows: the answer's
    bindings about it; offenders: who committed what it was found to violate; by_cases: its rows are
    each open but one of them holds in every world the case allows, its sentence says so case by
    case). [] for a question about one entity."""
    out = []
    types = answer.types or {}
    every = offenders(answer)
    instead = {o["entity"]: o for o in otherwise_data(answer)}
    for r in getattr(answer, "each", None) or []:
        part = r.get("part")
        subject = next((k for k in (answer.bindings[0] if answer.bindings else {}) if k != "answer"), None)
        rows = [b for b in answer.bindings if subject is not None and str(b.get(subject)) == r["entity"]]
        who = offenders(part) if part is not None else [o for o in every if o.get("in") == r["entity"]]
        said = (own_line(r) if not r.get("argued") else answer_line(part)) if part is not None else ""
        if said and instead.get(r["entity"]):   # what the law applies to it instead, in its own sentence
            said = f"{said} {otherwise_line(instead[r['entity']]['lead'], instead[r['entity']]['sentence'])}"
        out.append({"entity": r["entity"], "name": r["name"], "answer": r["answer"],
                    "sentence": said,
                    "by_cases": bool(r.get("by_cases")),
                    "rows": bindings_data(rows, types), "offenders": who,
                    "otherwise": instead.get(r["entity"])})
    return out


def assumptions_data(answer) -> list:
    """What the answer holds on that no fact states (Answer.assumed, answer/timing.py): a month count
    the case gives to the incident where the law counts to this case's conviction, [{"fact" (the
    count as the case gives it), "counted" (as the law counts it), "condition" (what is assumed),
    "otherwise" (the other outcome), "otherwise_cited", "within", "incident", "entity", "input",
    "months", "steps", "sentence"}]; [] when the answer assumes nothing."""
    keys = ("entity", "input", "months", "within", "incident", "fact", "counted", "condition", "otherwise",
            "steps", "sentence")
    return [{**{k: a.get(k) for k in keys}, "otherwise_cited": list(a.get("cited") or [])}
            for a in getattr(answer, "assumed", None) or []]


def otherwise_data(answer) -> list:
    """Each subject a saved question with `otherwise:` says "no" for and the law reaches instead
    (Answer.otherwise): {"entity", "name", "query", "lead", "condition", "sentence", "rows", "cited"}."""
    out = []
    for o in getattr(answer, "otherwise", None) or []:
        other = o["answer"]
        out.append({"entity": o["entity"], "name": o["name"], "query": o["query"], "lead": otherwise_lead(o),
                    "condition": str(o.get("condition") or ""),
                    "sentence": otherwise_established(o),
                    "rows": bindings_data(other.bindings, other.types or {}),
                    "cited": citations(other)[0]})
    return out


def offenders(answer) -> list:
    """Who committed each violation the proof shows TRUE (the law's offender_role rows, on the proof's
    violation nodes): [{"in", "provision", "offender", "role", "offender_name", "in_name"}], in proof
    order; "in" and "offender" are entity ids, the *_name fields what a reader calls them (the case's
    `name:`, else the id); offender null where the case names no one in the role (an unnamed operator)."""
    out: list[dict] = []
    rows = getattr(answer, "each", None) or []
    if rows and all(r.get("argued") for r in rows):   # each entity argued on its own: each one's offenders
        return [o for r in rows for o in offenders(r["part"])]
    g = answer.proof
    if g.graph.get("root") is None:
        return out
    for nid in proof_order(g):
        d = g.nodes[nid]
        if d.get("offender_role") and d.get("status") == "true":
            rows = [dict(r) for r in d.get("offender_rows") or ()] or [
                {"in": d.get("offence_in_id") or None, "provision": d.get("offence", ""), "offender": None,
                 "role": d["offender_role"], "offender_name": None, "in_name": d.get("offence_in") or None}]
            for row in rows:   # one entry per offender: two persons prosecuted are two entries
                if row not in out:
                    out.append(row)
    return out


def _argument(answer):
    build = getattr(answer, "argument", None)
    return build.as_dict() if build is not None else None


def missing_entries(answer, every=True) -> list:
    """The missing facts, ranked (deciding ones first): question, rank, decides, provision, and
    where the fact sits in the case (entity, attribute)."""
    out = []
    for m in answer.missing_inputs:
        if not every and not m.get("decides", True):
            continue
        entry = {"question": m.get("question", ""), "rank": m.get("rank"), "decides": m.get("decides", True),
                 "provision": m.get("provision", ""), "entity": m.get("entity", ""),
                 "attribute": m.get("attribute", "")}
        if m.get("note"):
            entry["note"] = m["note"]
        out.append(entry)
    return out


def undetermined_entries(answer) -> list:
    """Each row a relation's answer leaves undetermined (answer/openrows.py): its binding (typed as
    the bindings are), the sentence saying it and what would decide it, the facts that would decide
    it, the subdivisions missing from the excerpt it turns on ({citation, why}), and, when it names
    neither, why it is approximate; {"more": N} for the rows past the first 100."""
    out = []
    types = answer.types or {}
    unraised = unraised_rows(answer)
    for e in getattr(answer, "undetermined", None) or []:
        if "more" in e:
            out.append({"more": e["more"]})
            continue
        out.append({"binding": {k: typed(v, types.get(k)) for k, v in e["binding"].items()},
                    "sentence": open_row_line(e), "missing": list(e.get("missing") or []),
                    "holes": [dict(h) for h in e.get("holes") or []],
                    "in_issue": e.get("raised") is not False and e not in unraised,
                    "not_in_issue": list(e.get("not_in_issue") or []),
                    "approximate": e.get("approximate", "")})
    return out


def dumps(data) -> str:
    """The JSON text of an answer: non-ASCII text as it is, except the characters a terminal or a
    line-based reader would act on (DEL, C1, U+2028/U+2029, bidirectional controls), escaped."""
    from ..core.visible import escape_json
    return escape_json(json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False)) + "\n"
