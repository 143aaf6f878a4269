"""A training handout's content, read from an Answer (its proof graph and case) and, optionally,
the what-if flips. markdown.py and html.py lay it out; this module decides what it says:

- a summary table of the case's facts, the question, the answer in one sentence;
- the reasoning as numbered steps (premises before conclusions), each rule step citing its
  provision and quoting the statute text (quoted once; later steps refer back), with readings;
- the facts that would decide an undetermined answer, the readings, and the what-if contrast.
"""
from __future__ import annotations

import re
from typing import Any

from dataclasses import dataclass, field, replace
from types import MappingProxyType

from ..core.visible import visible
from ..law.index import statute_order
from ..prose import answer_line, cite, gloss, missing_groups, statute_url, step_text
from ..prose.answers import answer_heads, citations, engaged_split, question_line, unraised_only
from ..prose.cite import excerpt_note
from ..prose.questions import asked_of_one
from ..prose.readings import interpretation_lines
from ..prose.questions import handout_title, scenario_line
from ..prose.glosses import (entity_sentence, fact_text, presumed_text, rule_reason, rule_verdict,
                             says_what_holds)
from .figure import fact_value, ordered_children, pretty_literal, view_graph
from ..prose import prose_for
from ..prose.sentences import SaidOnce, case_prose
from .text import render_text
from ..law.index import default_index

STATUS_WORD = MappingProxyType({"true": "TRUE", "false": "FALSE", "undetermined": "UNDETERMINED", "not_applicable": "NOT APPLICABLE"})


@dataclass
class Step:
    number: int
    kind: str
    status: str
    title: str                 # short heading: "Fact", "s. 350.02(2)(b)4 applies", ...
    text: str                  # one sentence
    premises: list = field(default_factory=list)   # step numbers this step rests on
    provision: str = ""
    statute: str = ""          # verbatim statute text (empty if quoted in an earlier step)
    quoted_in: int = 0         # the step where this provision's text was quoted
    readings: list = field(default_factory=list)
    rule: str = ""             # the rule as written, with its file:line
    where: str = ""            # case file:line for facts
    citation: str = ""         # the provision as the excerpt cites it (s. ...), the handout's one style
    url: str = ""              # the official online text of its section
    source: str = ""           # the excerpt the quoted text comes from
    show_status: bool = True   # False: the sentence says what holds, and "FALSE" before it would invert it


@dataclass
class Contrast:
    sentence: str
    answer: str
    changes: list              # [{"entity", "attribute", "from", "to", "sentence"}]
    cited: list
    proof_text: str = ""
    gained: list = field(default_factory=list)   # provisions that would apply and do not now
    lost: list = field(default_factory=list)     # provisions that apply now and would not
    outcome: str = "flip"      # flip / settle / value / unsettle (no longer established): whatif.Outcome.kind


@dataclass
class BoxFact:
    """A fact of the facts box: its sentence, how the case gives it ("stated", "assumed", "implied";
    prose.argument.fact_mark says it) and what follows the mark (its line; whose burden; why)."""
    text: str
    how: str
    note: str = ""
    what: str = ""    # for "none": what the case lists none of ('no prior conviction')
    party: str = ""   # a several-party handout: the one party (results-table row) it is a fact of

    @property
    def mark(self) -> str:
        from ..prose.argument import fact_mark
        return fact_mark(self.how, self.what)


@dataclass
class Handout:
    title: str
    case_path: str
    description: str
    facts: list                # [(entity, kind, attribute, value)]
    query: str
    question: str
    answer: str
    answer_sentence: str
    bindings: list
    missing: list
    steps: list
    cited: list
    readings: list
    contrasts: list = field(default_factory=list)
    contrast_note: str = ""
    figure_caption: str = ""
    view: str = "trainee"      # "trainee" (sentences, each provision quoted once) or "full"
    ids: bool = True           # the instructor's edition: entity ids and case-file lines beside the names and facts
    missing_groups: list = field(default_factory=list)   # [(provision cited, [question, ...])]
    cited_as: str = "applied"  # "applied" (a TRUE answer) or "considered" (FALSE, undetermined)
    tree: list = field(default_factory=list)             # [(status, sentence, [children...])]
    facts_as_sentences: bool = False   # the facts table states each fact as a sentence (trainee view)
    presumed: list = field(default_factory=list)   # [{"fact", "citation", "reason"}] (burden of proof)
    answer_heads: tuple = ("Yes", "No", "Undetermined")   # the answer line's possible first words
    argument: Any = None    # the argument (explain/argument.py): what the trainee view lays out
    used_facts: list = field(default_factory=list)    # [(sentence, line)]: the facts the argument uses
    other_facts: list = field(default_factory=list)   # [(sentence, line)]: the rest of the case (appendix)
    related: list = field(default_factory=list)   # [{"query", "question", "short", "citation"}]: what the same provision decides besides (apps/related.py)
    facts_box: list = field(default_factory=list)   # [BoxFact]: the facts the argument uses, each stated, assumed or implied
    # the left side of every page's footer: what tells this handout from another in a stack (the case's
    # scenario where the title is the question in words: trainer review 14, G10, three handouts titled
    # 'Three vehicles: what forfeiture range applies ...')
    footer: str = ""


def cast_shown(h) -> bool:
    """Whether the handout prints its "Who and what" line: not when the facts box already names the
    parties (a trainer review: the labels 'an operation', 'a person' read like code), except in the
    instructor's edition, where it gives each entity's id to find it in the case file."""
    return bool(h.argument.cast) and (h.ids or not h.facts_box)


def build_handout(answer, whatif=None, fold: bool = True, depth: int | None = None,
                  max_contrasts: int = 5, view: str = "trainee", program=None, ids: bool = True) -> Handout:
    """program: the rules' Program; with it, the trainee view states the case's facts as sentences.
    ids=False: a trainee's edition (no entity ids, no case-file lines: the instructor's edition has them)."""
    if view == "trainee":
        fold = True
    g = answer.proof   # the recorded proof (networkx is not needed to lay it out)
    view_name = view
    shown_graph = g if g.graph.get("view") else view_graph(g, fold, depth)
    root = shown_graph.nodes[shown_graph.graph["root"]]
    case = answer.case
    facts = []
    if case is not None:
        for eid, kind in case.entities.items():
            attrs = case.attributes.get(eid, {})
            if not attrs:
                facts.append((eid, kind, "", ""))
            for attr, value in attrs.items():
                shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
                if view_name == "trainee" and program is not None:
                    attr, shown = _fact_sentence(program, eid, attr, shown, case)
                facts.append((eid, kind, attr, shown))
    question = question_line(root, answer.query, _query_variables(answer.query))
    if answer.saved is not None and getattr(answer.saved, "description", None):
        question = answer.saved.description
        if case is not None and answer.saved.subject:
            question = asked_of_one(question, answer.saved.subject,
                                    [case.names.get(e, "") for e, k in case.entities.items() if k == answer.saved.subject],
                                    _parties(answer)[0])
    # the case's description is input: a bidirectional override (U+202E) in it would reverse the
    # title, heading and first line of every handout (html, md, docx, pdf); shown as its escape
    description = visible(g.graph.get("description") or "")
    footer = " ".join(description.split())   # the scenario in the case's own words, before it is labelled
    # the title: the case's own `title:`, else the question in words with the parties it asks about
    # (entities by name or role, counted from the case), never the query's ids; the case's
    # description stays beneath it, labelled as the scenario
    title = visible(getattr(case, "title", "") or "") or (
        visible(_end(handout_title(_cap(question), *_parties(answer)))) if view_name == "trainee" else "") \
        or description.strip() or visible(f"{answer.query}")
    if view_name == "trainee" and description.strip() and description.strip() != title.strip():
        description = scenario_line(description, dict(case.names) if case is not None else None)
    cited, cited_as = citations(answer)
    handout = Handout(
        title=title, case_path=str(g.graph.get("case") or ""), description=description,
        facts=facts, query=answer.query, question=question, answer=answer.answer,
        answer_sentence=answer_sentence(answer), bindings=_bindings(answer), missing=list(answer.missing),
        steps=steps(shown_graph, trainee=view_name == "trainee", index=_index(answer)), cited=cited,
        readings=list(answer.readings) + [r for r in interpretation_lines(getattr(answer, "interpretation", None))
                                          if not r.startswith("Readings used")
                                          and not (view_name == "trainee" and r.startswith("Turns on a reading"))],
        view=view_name,   # a trainee's handout says a reading that turns the answer in the answer itself
        missing_groups=[(cite(p), qs) for p, qs in missing_groups(answer)], cited_as=cited_as,
        tree=proof_tree(shown_graph, trainee=view_name == "trainee"), facts_as_sentences=view_name == "trainee" and program is not None,
        presumed=_presumed(answer, shown_graph, view_name == "trainee"),
        figure_caption=f"The proof of {answer.query} ({STATUS_WORD.get(answer.answer, answer.answer)})"
                       + ("; helper predicates folded" if shown_graph.graph.get("folded") else "")
                       + (f"; cut at depth {shown_graph.graph['depth_limit']}" if shown_graph.graph.get("depth_limit") is not None
                          else ""))
    handout.answer_heads = ("Yes", "No", "None", *answer_heads(answer).values())
    handout.footer = visible(getattr(case, "title", "") or "") or footer or title
    handout.ids = ids
    if view_name == "trainee":
        handout.argument = answer.argument
        box_facts(handout, answer, program)
    if handout.steps and handout.steps[-1].kind == "goal" and not root.get("sentence"):
        line = handout.answer_sentence
        head, sep, rest = line.partition(": ")
        handout.steps[-1].text = _end(_cap(rest)) if sep and head in ("No", "None", "Yes", "Undetermined") else line
    if whatif is not None:
        # a trainee reads the search in sentences; the full view keeps the search's own summary
        handout.contrast_note = (whatif.lead(shown=max_contrasts) if view_name == "trainee" else
                                 f"Changes to the facts that would change the answer: {whatif.summary(shown=max_contrasts)}.")
        for outcome in whatif.nearest(max_contrasts, settled_first=view_name == "trainee"):
            shown = outcome.answer
            proof = render_text(_with_graph(shown, view_graph(shown.graph, fold, depth)), quote=False,
                                fold_helpers=fold)
            said = outcome.handout_sentence if view_name == "trainee" else outcome.sentence
            handout.contrasts.append(Contrast(said, shown.answer, [c.as_dict() for c in outcome.changes],
                                              statute_order(shown.cited), _proof_only(proof), outcome.gained,
                                              outcome.lost, outcome.kind))
    if view_name == "trainee" and program is not None:
        said_once(handout, [d.gloss for d in program.preds.values() if getattr(d, "gloss", "")])
    return handout


def said_once(h: Handout, glosses) -> None:
    """A long gloss of the rule file's templates ([[...]]) said once, where the trainee first reads
    it (the facts box), and left out of every later text: the argument, readings and what-ifs read
    'the weight found for the gravel truck', not the same parenthesis again (a trainer review)."""
    once = SaidOnce(glosses)
    if not once.glosses:
        return
    # the trainee reads the answer in the argument's box (markdown/html answer_box), not answer_sentence:
    # the argument first, or a gloss said only in the unprinted sentence is said nowhere (the 'for sentencing
    # and for counting convictions' of s. 350.101(1)(d), printed only in a what-if)
    for name in ("facts_box", "argument", "answer_sentence", "readings", "contrast_note", "contrasts",
                 "other_facts"):
        setattr(h, name, once.walk(getattr(h, name)))


def every_party_shown(used: list, rest: list, names) -> tuple:
    """(used, rest) with one stated fact of each party the handout names (the "Who and what" line)
    that no fact the argument uses mentions moved into used (the one that ties it to a party
    shown, else its first: 'the snowmobile used in the ride is Pat's snowmobile', not every fact
    of the snowmobile): the 16-year-old who follows on
    another snowmobile, the holder of the operating authority a penalty is imposed on, are shown
    in the facts box, not only in the appendix a printed handout leaves out."""
    def mentions(text: str, name: str) -> bool:
        return re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text) is not None
    names = [n for n in names if n]
    missing = [n for n in names if not any(mentions(t, n) for t, _ in used)]
    if not missing:
        return used, rest
    moved: list = []
    for name in missing:   # one line each: the fact that ties it to a party shown, else its first
        said = [(t, n) for t, n in rest if mentions(t, name) and (t, n) not in moved]
        tied = [f for f in said if any(mentions(f[0], other) for other in names if other not in missing)]
        moved += (tied or said)[:1]
    if not moved:
        return used, rest
    return sorted(used + moved, key=lambda f: f[1]), [f for f in rest if f not in moved]


def box_facts(handout, answer, program) -> None:
    """The trainee's facts box and the appendix's other facts, from the facts its argument uses
    (handout.argument.facts and its elements): set again where the answer is widened with items the
    argument does not argue (apps/related.py: the scale tickets cleared, trainer review 14, 03)."""
    used, other = case_facts(answer, program, handout.argument)
    from ..prose.argument import as_stated, restates_names
    # the parties by their names as the box says them (no finding in a name: review 14, 11)
    plain = [as_stated(n) for n in (getattr(answer.case, "names", None) or {}).values()]
    handout.used_facts, handout.other_facts = every_party_shown(used, other, plain)
    handout.other_facts = [f for f in handout.other_facts if not restates_names(f[0])]   # nor in the appendix
    # the facts of the open rows the case raises: those only of rows it does not raise are said with
    # them ('Not raised by the case'), never counted as facts the argument uses (review 16, 04: '42 facts')
    only = unraised_only(answer)
    open_facts = [q for e in getattr(answer, "undetermined", None) or [] if "more" not in e
                  for q in e.get("missing") or [] if q not in only]
    # the facts another reading's answer turns on, which the Answer names ('undetermined whether ... for
    # the video wall rig'): not stated, said in the box too (trainer review 16, 11)
    open_facts += [q for t in (getattr(answer, "interpretation", None) or {}).get("turns_on") or []
                   for q in t.get("missing") or [] if q not in open_facts]
    if engaged_split(answer) is not None:   # a report: the facts of the provisions its facts engage, the
        # rest said in one line by the answer (trainer review 13, 07: '42 facts the case does not state')
        open_facts = [q for q in open_facts if q in (handout.argument.missing or [])]
    handout.facts_box = facts_box(handout.argument, handout.used_facts, lines=handout.ids, names=plain,
                                  missing=open_facts)
    handout.facts_box = by_party(handout.facts_box, handout.argument, plain, handout.used_facts)


def case_facts(answer, program, argument) -> tuple:
    """([(sentence, line)] the stated facts the argument uses, [(sentence, line)] the others), each a
    sentence from the rule files' templates with its value in words and its case-file line."""
    case = answer.case
    if case is None:
        return [], []
    used_locs = {loc for _, loc in (argument.facts if argument is not None else [])}
    # every stated fact an argued element reads, at any depth, is a fact the argument uses: those of
    # a party argued only where it differs from another, of each case of an open party, of each
    # charge and verdict a conviction count reads (trainer review 12, G2: 10's box held only a fact
    # the argument never uses, not one charge or verdict it counts)
    used_locs |= _element_locs(argument.provisions if argument is not None else [])
    # a prior the case gives as the driver's: in the box as assumed (facts_box), not as stated
    records = {r[2] for r in getattr(argument, "records", None) or []}
    used_locs -= records
    said = {}
    if program is not None:
        prose = case_prose(program, case)
        for row in case.rows:
            if row.loc and row.known and row.loc not in said:
                text = prose.positive(row.pred, row.args)
                if text is not None:
                    said[row.loc] = str(text)
        unknown = {row.loc for row in case.rows if row.loc and not row.known}   # `unknown` in the case:
        # never said as stated false (the open facts say what the case leaves open)
        for (entity, attr), loc in case.attr_locs.items():
            if loc not in said and loc not in unknown and prose.decl(attr, 1) is not None:
                text = prose.positive(attr, (entity,))
                if text is not None:
                    said[loc] = text.negative   # stated false
    for text, loc in (argument.facts if argument is not None else []):
        if text:   # a location alone marks a stated fact said above as used
            said.setdefault(loc, text)
    from ..prose.argument import name_charged
    # the person charged, by name, where the handout is about one party: with several, the names join the
    # parties' facts into ties the box would list (and the case may give another's record: review 12, G4)
    from ..prose.argument import OPERATOR_RECORD
    charged = dict(getattr(argument, "charged", None) or {})
    if len(getattr(argument, "table", None) or []) >= 2:   # the operator's record, by role, names no one
        charged = {over: name for over, name in charged.items() if name == OPERATOR_RECORD}
    for over, name in charged.items():
        said = {loc: name_charged(text, over, name) for loc, text in said.items()}
    from ..prose.argument import as_stated
    said = {loc: as_stated(text) for loc, text in said.items()}   # facts, never a finding in a name

    def line(loc):
        tail = loc.rsplit(":", 1)[-1]
        return int(tail) if tail.isdigit() else 0
    used = sorted(((said[loc], line(loc)) for loc in used_locs if loc in said), key=lambda t: t[1])
    rest = sorted(((t, line(loc)) for loc, t in said.items() if loc not in used_locs | records),
                  key=lambda t: t[1])
    return used, rest


def _element_locs(items) -> set:
    """The case-file locations of the stated facts the elements of the argued provisions read."""
    out: set = set()
    for x in items or []:
        loc = getattr(x, "loc", "")
        if loc and not getattr(x, "parts", None):
            out.add(loc)
        for name in ("elements", "parts", "exceptions", "reasons", "alike"):
            out |= _element_locs(getattr(x, name, None) or [])
    return out


MAX_UNKNOWN_IN_BOX = 4   # open facts named in the box; more are counted there and listed below the answer


def facts_box(argument, used, lines: bool = True, names=(), missing=()) -> list:
    """[BoxFact] the argument uses: the stated ones with their lines (in line order), then those
    implied by another fact, then those assumed because the case is silent: each presumption with
    its citation and whose burden it is, and each fact the closed world takes as not so. Only the
    deciding provisions' facts: not those of the provisions checked and not concluded."""
    if argument is None:
        return []
    from ..prose import argument as words
    stated = [BoxFact(t, "stated", words.fact_note("stated", line=n) if lines else "") for t, n in used
              if not words.restates_names(t)]   # never "the operator of racer d's ride is racer d"
    implied: list = []
    assumed: list = []
    opened: list = []
    both: set = set()
    seen = {b.text for b in stated}

    def add(into, fact):
        if fact.text and fact.text not in seen:
            seen.add(fact.text)
            into.append(fact)
    argued = [p.citation for p in argument.provisions or [] if getattr(p, "citation", "")]
    presumed = list(argument.presumed or [])
    texts = _texts(argument.provisions or [])
    far = [p for p in presumed if argued and not _near(p.get("citation", ""), argued)
           and (p.get("sentence") or p.get("fact", "")) not in texts]
    if len(far) < FAR_PRESUMED:   # a few: each said as it is
        far = []
    for p in presumed:
        if p in far:
            continue
        # its citation only: who must raise it is our reading, under 'Our readings' (trainer review 13, 04)
        add(assumed, BoxFact(p.get("sentence") or p.get("fact", ""), "assumed",
                             words.fact_note("assumed", citation=p.get("citation", ""))))

    def walk(obj):
        for name in ("elements", "parts", "exceptions", "reasons", "alike"):
            for x in getattr(obj, name, None) or []:
                source = getattr(x, "source", None)
                if source is not None and not x.parts:
                    if source == words.source("", words.TAKEN):   # a fact a proof by cases takes both ways
                        # a value a case supposes ('is 11 months, which is at most 12 months') is a
                        # stand-in the case never gives: the box names the fact only, once
                        # (trainer review 11, 12)
                        text = _supposed_fact(x.text)
                        # its 'if so' and 'if not' cases: one fact, whatever each case's gloss adds
                        # ('was in force (issued, ...)', 'was not in force (never issued, ...)')
                        key = _unknown_key(text)
                        if key not in both:
                            both.add(key)
                            add(opened, BoxFact(text, "open", ""))
                    elif source in (words.UNKNOWN, words.UNKNOWN_DECIDES):   # the fact an open answer turns on
                        # (trainer review 12, 09: the electrician's speed, missing from the box)
                        add(opened, BoxFact(words.unknown_fact(x.text, compared=True), "unknown", ""))
                    elif source.startswith("implied by "):
                        add(implied, BoxFact(x.text, "implied", words.fact_note("implied", source=source, lines=lines)))
                    elif source == words.SILENT:   # the closed world: not stated, so taken as not so
                        add(assumed, BoxFact(x.text, "closed", words.fact_note("closed")))
                    elif words.listed_none(source) is not None:   # the case lists no such thing (no prior conviction)
                        add(assumed, BoxFact(x.text, "none", words.fact_note("none"), words.listed_none(source) or ""))
                    elif source.startswith(words.RECORD_OF_OTHERS):   # another's record, not the charged person's
                        add(assumed, BoxFact(x.text, "record", "", source[len(words.RECORD_OF_OTHERS):]))
                    elif source == words.PRESUMED:
                        add(assumed, BoxFact(x.text, "assumed", words.fact_note("assumed", citation=x.citation)))
                walk(x)
    for p in argument.provisions or []:
        walk(p)
    for text, source in getattr(argument, "implied", None) or []:   # implied beside the argument
        add(implied, BoxFact(text, "implied", words.fact_note("implied", source=source, lines=lines)))
    notes: dict = {}   # the drivers' priors, taken as the charged person's: one line for one mark
    for text, note, _ in getattr(argument, "records", None) or []:
        notes.setdefault(note, []).append(text)
    for note, texts in notes.items():
        add(assumed, BoxFact(words.others_records_said(texts), "record", "", note[len(words.RECORD_OF_OTHERS):]))
    # the facts an open row turns on, where no argued element reads them (an open party the argument
    # does not argue: 08's owner on the third ride, knowing permission not stated): 'not stated'
    for q in missing:
        text = words.unknown_fact(str(q))
        if not any(_unknown_key(text) == _unknown_key(f.text) for f in opened):
            add(opened, BoxFact(text, "unknown", ""))
    unknown = [f for f in opened if f.how == "unknown"]
    where = words.unknown_listed_where(argument)
    if len(unknown) > MAX_UNKNOWN_IN_BOX and where:   # a report's many open facts: listed once, where they
        # decide (trainer review 13, 07: 38 unknown facts in the box and again under 'Facts that would
        # decide it'); pointed to only where the handout prints that list (review 16, 04)
        opened = [f for f in opened if f.how != "unknown"] + [
            BoxFact(words.unknown_listed(len(unknown), where), "unknown", "")]
    if far:   # the exceptions of provisions not argued here, presumed not raised: one line, by citation
        assumed.append(BoxFact(words.far_presumed([p.get("citation", "") for p in far]), "assumed",
                               words.far_presumed_note()))
    box = _grouped(stated, names) + _grouped(implied, names) + opened + _grouped(assumed, names)
    # the case's facts only: a name's finding ('(not a conviction)') is the argument's (review 14, 11)
    return [replace(b, text=words.as_stated(b.text)) for b in box]


def _unknown_key(text: str) -> str:
    """One fact however an open line words it: without 'whether', a trailing gloss or a 'not'."""
    text = _affirmed(re.sub(r" \([^()]*\)$", "", re.sub(r"^whether ", "", text)))
    # its unit said or not ('the speed ..., in miles per hour'): one fact (trainer review 16, 09)
    text = re.sub(r", in [a-z ]+$", "", text)
    return re.sub(r"\b(not|no) ", "", text)


def _supposed_fact(text: str) -> str:
    """A fact a case of a proof by cases supposes, without the value supposed: 'the number of months
    ... to the current conviction is 11 months, which is at most 12 months' -> 'the number of months
    ... to the current conviction'; other facts (a yes/no one) as they are."""
    noun, is_, value = text.partition(", which ")[0].rpartition(" is ")
    if is_ and re.match(r"^(-?[0-9$]|more than |less than |at least |at most |from |between )", value):
        return noun
    return text


def by_party(box: list, argument, names=(), used=()) -> list:
    """The facts box of a several-party handout (one with a results table): each party's plainly
    stated facts in one line of its own (a fact naming one party only is that party's; an entity
    named beside one party only, its charge, its prior conviction, its permit, is that party's too),
    then the facts said alike of several parties, or of none, or of a party with no section of its
    own, then one party's facts that need a note (assumed, taken as none, not stated). A stated fact
    that ties another entity to one party (whose charge it is, whose prior conviction) is said once,
    in that party's line (see _ties). Any other handout: the box as it is."""
    table = list(getattr(argument, "table", None) or [])
    parties = sorted({str(r.get("entity", "")) for r in table if r.get("entity")}, key=len, reverse=True)
    if len(parties) < 2:
        return box
    def finder(words):
        words = sorted({w for w in words if w}, key=len, reverse=True)
        return re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(n) for n in words) + r")(?![\w-])")
    pattern = finder(parties)
    others = finder(set(names) - set(parties)) if set(names) - set(parties) else None
    beside: dict = {}   # another entity's name -> the parties named with it
    for text in [f.text for f in box] + [t for t, _ in used]:
        found = set(pattern.findall(text))
        for n in set(others.findall(text)) if others is not None else ():
            beside.setdefault(n, set()).update(found)
    argued = {_party_of(p, parties) for p in getattr(argument, "provisions", None) or []}
    shared: list = []
    plain: dict = {}   # party -> its plainly stated facts (no note), said in one line of the box
    ties: list = []    # stated facts that tie another entity to one party (its rider, its sled, its prior)
    noted: list = []   # one party's facts that need a note, kept in the box after the parties' lines
    for f in box:
        found = set(pattern.findall(f.text))
        for n in set(others.findall(f.text)) if others is not None and not found else ():
            found |= beside.get(n, set()) if len(beside.get(n, set())) == 1 else {"", "-"}
        who = found.pop() if len(found) == 1 else ""
        if who and who in argued and others is not None and f.how == "stated" \
                and others.search(f.text) and pattern.search(f.text):
            ties.append(replace(f, party=who))
        elif not who or who not in argued:
            shared.append(f)
        elif f.how != "stated" or not re.fullmatch(r"(?:case file(?: line \d+)?)?", f.note):
            # a fact of one party that needs a note (assumed, taken as none, not stated, stated with a
            # reading) stays in the box, after the parties' lines: every fact the answer uses is in
            # the box, once (trainer review 12, G2), none only in a party's section
            noted.append(replace(f, party=who))
        else:
            plain.setdefault(who, []).append(f)
    # each party's plainly stated facts in one short line, in the table's order, before the facts said
    # alike of several (trainer review 11, G8: a box of who-is-who links that left out the times,
    # distances and speeds the verdicts rest on); each fact set against the law in the party's own
    # section, not one a line here (review 5, item 11: a page of ~55 facts before the argument)
    # each party once: a party on several rows of the table (the first ride: its owner's violation and
    # its operator's) printed its line once a row (trainer review 12, 08)
    _ties(ties, plain, noted, table, argument, others)
    at = {f.text: i for i, f in enumerate(box)}
    for w in plain:   # a tie joined to the line in the box's order ('found guilty on ...' with the rest)
        plain[w].sort(key=lambda f: at.get(f.text, len(at)))
    order = list(dict.fromkeys(str(r.get("entity", "")) for r in table if r.get("entity")))
    order += [w for w in plain if w not in order]
    from ..prose import argument as words
    people = {str(r.get("entity", "")) for r in table if r.get("kind") == "person"}
    lines = [BoxFact(words.party_facts_line(w, [f.text for f in plain[w]], person=w in people), "stated",
                     words.lines_note([f.note for f in plain[w]]), party=w)
             for w in order if plain.get(w)]
    return lines + shared + noted


def _ties(ties: list, plain: dict, noted: list, table: list, argument, others) -> None:
    """Each stated fact that ties another entity to one party (ties, each with its party) said once,
    in the party's own line (plain: party -> its facts; noted: the facts of one party that need a
    note, each with its party), or not at all where nothing turns on it
    (trainer review 12, 11 and 12: 19 lines for two parties, 'the person charged in the ditch crash
    par. (a) charge is Sam Ortiz' under 'Sam Ortiz: ... found guilty on the ditch crash par. (a)
    charge'): left out where the party's line already names the other entity (the line says whose it
    is), where the table's row names it (the authority holder its 'Who is liable' column says), or
    where the argument names it nowhere but in the tie (the driver of a truck charged to its carrier:
    no element turns on who drove). Any other tie joins the party's line (a prior conviction the
    line does not name otherwise)."""
    liable: dict = {}
    for r in table:
        # the names the cell says, each: a cell of several persons ('the first truck's driver (operator,
        # s. 348.21(3)) and, where practicable, the sole trader (s. 348.20(1))') says each of them
        said = str(r.get("imposed_on", "") or "")
        liable.setdefault(str(r.get("entity", "")), set()).update([said, *(others.findall(said) if others else ())])
    argued = " ".join(_texts(getattr(argument, "provisions", None) or []))
    # a fact that says more than the tie ('the uncle was found guilty on the tavern ride charge') is
    # the party's own: in its line; a bare tie, 'X is Y' ending in the party or the other entity ('the
    # person charged in count 2 is Dale Peters', 'the operator of the first vehicle is the driver'),
    # only where nothing else says it
    def is_bare(f) -> bool:
        return " is " in f.text and (f.text.endswith(f.party) or any(f.text.endswith(n) for n in others.findall(f.text)))
    bare = [f for f in ties if is_bare(f)]
    for f in ties:
        if f not in bare:
            plain.setdefault(f.party, []).append(f)
    for f in bare:
        beside = set(others.findall(f.text))
        said = " ".join([g.text for g in plain.get(f.party, [])] + [g.text for g in noted if g.party == f.party])
        if beside & set(others.findall(said)):
            continue   # the party's line (or its noted fact) names it already: it says whose it is
        if beside <= liable.get(f.party, set()):
            continue   # the table's row says it
        if not any(n in argued.replace(f.text, "") for n in beside):
            continue   # no element of the argument names it but this fact
        plain.setdefault(f.party, []).append(f)


def _party_of(p, names) -> str:
    """The party a provision concludes on: the first of the names its conclusion says."""
    text = getattr(p, "conclusion", "") or ""
    hits = [(text.find(n), -len(n), n) for n in names if n and n in text]
    return min(hits)[2] if hits else ""


def _grouped(facts: list, names) -> list:
    """The facts that differ only in the one party they name, marked alike ('the second vehicle and
    its load were weighed by a traffic officer — stated', for each of four trucks), as one fact of
    the first party's that says it holds for the others too (prose.argument.fact_for_others); their
    notes (case-file lines) joined. A fact naming two parties (a vehicle and its carrier) stays as
    it is: what holds for the others is not the same fact."""
    from ..prose import argument as words
    if not names or len(facts) < 2:
        return facts
    # a name made of another ('the owner of the first vehicle', the first vehicle's owner's role) is
    # matched by the name it is made of: the facts of four trucks' owners differ only in the truck
    # (trainer review 6, 11: the authority-holder sentence printed four times)
    named = {n for n in names if n}
    least = [n for n in named if not any(m != n and re.search(r"(?<![\w-])" + re.escape(m) + r"(?![\w-])", n)
                                        for m in named)]
    # with what it owns said after it ("the 44-year-old's ride"): the others listed so, never as
    # their person ('...; the same for the 29-year-old' of a ride, trainer review 10, 09)
    pattern = re.compile("(?:" + "|".join(re.escape(n) for n in sorted(least, key=len, reverse=True)) + ")(?:'s [a-z]+)?")
    groups: dict = {}
    order: list = []
    for f in facts:
        found = pattern.findall(f.text)
        key = (pattern.sub("\x00", f.text), f.how, f.what) if len(set(found)) == 1 else (f.text, f.how, id(f))
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append((f, found[0] if found else ""))
    out = []
    for key in order:
        members = groups[key]
        first = members[0][0]
        if len(members) == 1:
            out.append(first)
            continue
        out.append(BoxFact(words.fact_for_others(first.text, [who for _, who in members[1:]]), first.how,
                           words.joined_notes([f.note for f, _ in members]), first.what))
    return out


FAR_PRESUMED = 3   # exceptions of provisions the handout does not argue, presumed not raised: this many or more are said in one line


def _texts(items) -> set:
    """Every element's text in the argument's provisions (its facts, at any depth)."""
    out: set = set()
    for x in items:
        out.add(getattr(x, "text", ""))
        for name in ("elements", "parts", "exceptions", "reasons"):
            out |= _texts(getattr(x, name, None) or [])
    return out


def _near(citation: str, argued: list) -> bool:
    """The citation is an argued provision, within one, or holds one."""
    return any(citation == a or citation.startswith(a) or a.startswith(citation) for a in argued if citation)


def _fact_sentence(program, entity, attr, shown, case=None):
    """(sentence, value) for the facts table of the trainee view: 'op1 took place at night' / 'yes',
    'the speed of the snowmobile in op1, in miles per hour' / '25', money as dollars."""
    prose = case_prose(program, case)
    decl = prose.decl(attr, 1) or prose.decl(attr, 2)
    if decl is None:
        return attr, shown
    if decl.arity == 1:
        return str(prose.positive(attr, (entity,))), {"true": "yes", "false": "no"}.get(shown, shown)
    said = prose.positive(attr, (entity, None))
    if decl.params[1].type == "money" and shown not in ("unknown", "") and not shown.startswith("$"):
        shown = "$" + shown
    return str(said), shown


def _with_graph(answer, graph):
    return answer.with_graph(graph)


def _proof_only(text: str) -> str:
    lines = text.splitlines()
    if "Proof:" in lines:
        lines = lines[lines.index("Proof:") + 1:]
    return "\n".join(lines)


def _query_variables(query: str) -> list:
    import re
    inner = query[query.find("(") + 1:query.rfind(")")] if "(" in query else ""
    out = []
    for name in re.findall(r"(?<![\w\"])([A-Z][A-Za-z0-9_]*)", inner):
        if name not in out:
            out.append(name)
    return out


def _bindings(answer) -> list:
    """The answers of an open query, as their atoms (values shown with their types, e.g. money)."""
    g = answer.proof
    root = g.graph["root"]
    instances = [(g.nodes[c].get("label", ""), g.nodes[c].get("status", "")) for c in ordered_children(g, root)
                 if g.edges[root, c].get("role") == "instance"]
    if instances:
        return instances
    out = []
    for b in answer.bindings:
        shown = ", ".join(f"{k} = {v}" for k, v in b.items() if k != "answer")
        if shown:
            out.append((shown, b["answer"]))
    return out


def _parties(answer) -> tuple[list[str], str, str]:
    """The case's entities of the kind the question asks about (its `subject:`), as a handout
    names them, in the case's order, that kind's noun ('ride' for an operation) and the kind."""
    from ..facts.case import NOUN
    case, saved = answer.case, answer.saved
    kind = getattr(saved, "subject", "") or ""
    if case is None or not kind:
        return [], kind, kind
    names = {**(getattr(case, "roles", None) or {}), **(getattr(case, "names", None) or {})}
    return [names.get(e, e) for e, k in case.entities.items() if k == kind], NOUN.get(kind, kind.replace("_", " ")), kind


def answer_sentence(answer) -> str:
    """The answer in the law's words (reasoner/prose)."""
    return answer_line(answer)


def _end(text: str) -> str:
    """A sentence ending in exactly one full stop."""
    text = text.rstrip()
    return text if text.endswith((".", "?", "!")) else text + "."


def _cap(text: str) -> str:
    """Capitalise a sentence, unless it starts with an identifier such as an entity id (op1)."""
    first = text.split(" ", 1)[0] if text else ""
    if not first or not first.isalpha() or not first.islower():
        return text
    return text[:1].upper() + text[1:]


# -- the numbered steps --------------------------------------------------------------------------------
def _index(answer):
    try:
        return default_index()
    except Exception:  # pragma: no cover - the index ships with the package
        return None


def steps(view, trainee: bool = False, index=None) -> list:
    root = view.graph["root"]
    number: dict = {}
    out: list = []
    quoted: dict = {}
    stack = [(root, False)]
    on_path = set()
    while stack:  # post-order: premises get their numbers first
        nid, done = stack.pop()
        if nid in number:
            continue
        kids = ordered_children(view, nid)
        if not done:
            if nid in on_path:
                continue
            on_path.add(nid)
            stack.append((nid, True))
            stack.extend((c, False) for c in reversed(kids) if c not in number)
            continue
        on_path.discard(nid)
        premises = [number[c] for c in kids if c in number]
        if trainee and view.nodes[nid].get("kind") == "negation" and len(premises) == 1:
            number[nid] = premises[0]  # "not p" is said by p's own (negative) sentence
            continue
        step = _step(view, nid, premises, quoted, trainee)
        step.show_status = not (trainee and says_what_holds(step.kind, step.status))
        step.number = len(out) + 1
        number[nid] = step.number
        if step.provision:
            step.citation, step.url = cite(step.provision), statute_url(step.provision)
            step.source = excerpt_note(index, step.provision)
        if step.provision and step.statute:
            if step.provision in quoted:
                step.quoted_in = quoted[step.provision]
                step.statute = ""
            else:
                quoted[step.provision] = step.number
        out.append(step)
    return fold_repeats(out) if trainee else out


_GENERIC = ("It does not apply, for the reasons in the steps it rests on.", "It does not apply.")
_COUNT = MappingProxyType({2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine"})


def fold_repeats(steps: list) -> list:
    """The trainee view: consecutive steps that say the same thing about the same provision
    ("s. 348.21(3r) does not apply" three times, one per rule) become one step resting on
    everything they rested on; later steps are renumbered and their premises follow."""
    groups: list = []
    for step in steps:
        last = groups[-1][-1] if groups else None
        if (last is not None and step.kind == last.kind and step.status == last.status
                and step.title == last.title and step.provision == last.provision
                and (step.text == last.text or step.kind == "rule")):
            groups[-1].append(step)
        else:
            groups.append([step])
    if len(groups) == len(steps):
        return steps
    new_number = {}
    for i, group in enumerate(groups, 1):
        for step in group:
            new_number[step.number] = i
    out = []
    for i, group in enumerate(groups, 1):
        first = group[0]
        premises = []
        for step in group:
            for p in step.premises:
                n = new_number.get(p, p)
                if n != i and n not in premises:
                    premises.append(n)
        first.number, first.premises = i, premises
        first.quoted_in = new_number.get(first.quoted_in, first.quoted_in) if first.quoted_in else 0
        if len(group) > 1:
            texts = []
            for step in group:
                if step.text not in texts:
                    texts.append(step.text)
            specific = [t for t in texts if t not in _GENERIC]
            first.text = " ".join(specific or texts[:1])
            first.readings = [r for step in group for r in step.readings if r not in first.readings] \
                if any(step.readings for step in group) else first.readings
            many = _COUNT.get(len(group), str(len(group)))
            what = "rules of this provision" if first.kind == "rule" else "steps"
            first.text = f"{first.text} ({many} {what} say so, each on the steps it rests on.)"
        out.append(first)
    return out


def _presumed(answer, view, trainee) -> list:
    """The presumptions the answer relies on; in the trainee view each with its sentence (the
    negative sentence of the input taken as not raised) instead of the atom."""
    out = [dict(p) for p in getattr(answer, "presumed", [])]
    if trainee:
        said = {d.get("fact"): gloss(d) for _, d in view.nodes(data=True)
                if d.get("kind") == "presumed" and d.get("sentence")}
        for p in out:
            if p.get("fact") in said:
                p["sentence"] = said[p["fact"]]
    return out


def _failed_child(view, nid):
    for c in ordered_children(view, nid):
        if view.edges[nid, c].get("role") == "failed":
            return view.nodes[c]
    return None


def _step(view, nid, premises, quoted, trainee=False) -> Step:
    d = view.nodes[nid]
    kind = d.get("kind", "")
    status = d.get("status", "")
    word = STATUS_WORD.get(status, status)
    if kind == "fact":
        label, pred = d.get("label", ""), d.get("pred", "")
        if d.get("how") == "entity in the case" and fact_value(label, pred) is None and label.endswith(")"):
            text = entity_sentence(label[len(pred) + 1:-1], pred)
        else:
            text = step_text(d) if d.get("sentence") else fact_text(label, status)
        where = d.get("loc", "")
        how = d.get("how", "")
        return Step(0, kind, status, "Fact", text, premises, where=where,
                    rule="" if trainee else f"{label} is {word}" + (f" ({how})" if how else ""))
    if kind == "presumed":
        return Step(0, kind, status, "Presumed", presumed_text(d, trainee), premises)
    if kind == "unknown":
        return Step(0, kind, status, "Unknown", step_text(d), premises, where=d.get("loc", ""))
    if kind in ("comparison", "assignment"):
        title = "Comparison" if kind == "comparison" else "Computation"
        if trainee and d.get("sentence"):
            return Step(0, kind, status, title, _end(_cap(d["sentence"])), premises)
        return Step(0, kind, status, title, " ".join(d.get("label", "").split()) + ".", premises)
    if kind == "negation":
        return Step(0, kind, status, "Negation", step_text(d), premises)
    if kind == "rule":
        cite_ = d.get("provision", "")
        verdict = {"true": "applies", "undetermined": "may apply"}.get(status, "does not apply")
        title = rule_verdict(cite_, status) if cite_ else (f"rule {d.get('rule_id', '')} {verdict}" if not trainee
                                                      else f"A step of the rules {verdict}")
        if trainee:
            text = rule_reason(status, _failed_child(view, nid), cite_)
            return Step(0, kind, status, title, text, premises, provision=cite_, statute=d.get("statute", ""),
                        readings=list(d.get("readings") or []))
        binding = ", ".join(f"{k} = {v}" for k, v in (d.get("bindings") or {}).items())
        text = f"Rule {d.get('rule_id', '')}" + (f" with {binding}" if binding else "")
        if status == "false" and d.get("failed"):
            text += f": the condition `{pretty_literal(d['failed'])}` fails"
        elif status == "true":
            text += ": every condition holds"
        elif status == "undetermined":
            text += ": no condition fails, but some are undetermined"
        text += "."
        rule = f"{pretty_literal(d.get('rule_text', ''))}  ({d.get('rule_loc', '')})" if d.get("rule_text") else ""
        return Step(0, kind, status, title, text, premises, provision=cite_, statute=d.get("statute", ""),
                    readings=list(d.get("readings") or []), rule=rule)
    if kind in ("goal", "atom"):
        title = "Conclusion" if kind == "goal" else "Intermediate conclusion"
        if kind == "goal" and not d.get("sentence"):
            shown = [gloss(view.nodes[c]) for c in ordered_children(view, nid)
                     if view.edges[nid, c].get("role") == "instance"]
            text = _end(_cap("; ".join(shown))) if shown else "No instance follows from the facts."
            return Step(0, kind, status, title, text, premises, rule="" if trainee else d.get("label", ""))
        return Step(0, kind, status, title, step_text(d), premises, rule="" if trainee else d.get("label", ""))
    if kind == "elided":
        return Step(0, kind, status, "Left out", d.get("label", "") + ".", premises)
    if kind in ("cases", "case"):   # a proof by cases (proof/cases.py)
        title = "Proof by cases" if kind == "cases" else "Case"
        return Step(0, kind, status, title, step_text(d) if trainee else _end(_cap(d.get("label", ""))), premises)
    return Step(0, kind, status, kind.capitalize() or "Step", step_text(d), premises)


# -- the proof as a tree (the HTML handout's collapsible view) -----------------------------------------
def proof_tree(view, limit: int = 400, trainee: bool = False) -> list:
    """[(status, sentence, provision, [children])] from the root; a node met again is not expanded.
    In the trainee view a step whose sentence already says what holds has no status (no badge):
    "FALSE op1 did not travel ..." would read as the opposite of the truth."""
    seen = set()
    count = [0]

    def node(nid):
        d = view.nodes[nid]
        count[0] += 1
        kids = ordered_children(view, nid)
        again = nid in seen
        seen.add(nid)
        text = _cap(gloss(d))   # a rule: "s. 350.02(2)(b)4 applies" (prose.glosses)
        children = [] if again or count[0] > limit else [node(c) for c in kids]
        if again and kids:
            text += " (reasons shown above)"
        status = "" if trainee and says_what_holds(d.get("kind", ""), d.get("status", "")) else d.get("status", "")
        return (status, text, d.get("provision", "") if d.get("kind") == "rule" else "", children)
    return [node(view.graph["root"])]


def _affirmed(text: str) -> str:
    """'does not exceed height limitations' said as 'does exceed' is not: the verb in the third person,
    'exceeds height limitations' (its 'not' then as in any other fact), so that a fact and its
    negation are one key (review 15b, 3: one unknown height, two 'not stated' lines in the box)."""
    def third(m: re.Match) -> str:
        verb = m.group(1)
        if verb == "have":
            return "has"
        return verb + ("es" if verb.endswith(("s", "sh", "ch", "x", "z", "o")) else "s")
    return re.sub(r"\bdoes not (\w+)", third, text)
