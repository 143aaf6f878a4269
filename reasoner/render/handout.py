"""A training handout's content, read from an Answer (its proof graph and case) and, optionally,
the what-if flips. markdown.py and html.py lay it out; this module decides what it says:

- a summary table of the case's facts, the question, the answer in one sentence;
- the reasoning as numbered steps (premises before conclusions), each rule step citing its
  provision and quoting the statute text (quoted once; later steps refer back), with readings;
- the facts that would decide an undetermined answer, the readings, and the what-if contrast.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .figure import fact_value, ordered_children, pretty_literal, view_graph

STATUS_WORD = {"true": "TRUE", "false": "FALSE", "undetermined": "UNDETERMINED"}


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


@dataclass
class Contrast:
    sentence: str
    answer: str
    changes: list              # [{"entity", "attribute", "from", "to", "sentence"}]
    cited: list
    proof_text: str = ""
    gained: list = field(default_factory=list)   # provisions that would apply and do not now
    lost: list = field(default_factory=list)     # provisions that apply now and would not


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


def build_handout(answer, whatif=None, fold: bool = True, depth: int | None = None,
                  max_contrasts: int = 5) -> Handout:
    g = answer.graph
    view = g if g.graph.get("view") else view_graph(g, fold, depth)
    root = view.nodes[view.graph["root"]]
    case = answer.case
    facts = []
    if case is not None:
        for eid, kind in case.entities.items():
            attrs = case.attributes.get(eid, {})
            if not attrs:
                facts.append((eid, kind, "", ""))
            for attr, value in attrs.items():
                shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
                facts.append((eid, kind, attr, shown))
    sentence = root.get("sentence") or ""
    names = _query_variables(answer.query)
    if sentence:
        question = f"Is it so that {sentence}?"
    elif names:
        question = f"For which {', '.join(names)} does {answer.query} hold?"
    else:
        question = f"Does {answer.query} hold?"
    if answer.saved is not None and getattr(answer.saved, "description", ""):
        question = answer.saved.description
    title = (g.graph.get("description") or "").strip() or f"{answer.query}"
    handout = Handout(
        title=title, case_path=str(g.graph.get("case") or ""), description=g.graph.get("description") or "",
        facts=facts, query=answer.query, question=question, answer=answer.answer,
        answer_sentence=answer_sentence(answer), bindings=_bindings(answer), missing=list(answer.missing),
        steps=steps(view), cited=sorted(answer.cited), readings=list(answer.readings),
        figure_caption=f"The proof of {answer.query} ({STATUS_WORD.get(answer.answer, answer.answer)})"
                       + ("; helper predicates folded" if view.graph.get("folded") else "")
                       + (f"; cut at depth {view.graph['depth_limit']}" if view.graph.get("depth_limit") is not None
                          else ""))
    if whatif is not None:
        from .text import render_text
        handout.contrast_note = whatif.summary(shown=max_contrasts)
        for flip in whatif.flips[:max_contrasts]:
            shown = flip.answer
            proof = render_text(_with_graph(shown, view_graph(shown.graph, fold, depth)), quote=False,
                                fold_helpers=fold)
            handout.contrasts.append(Contrast(flip.sentence, shown.answer, [c.as_dict() for c in flip.changes],
                                              sorted(shown.cited), _proof_only(proof),
                                              sorted(shown.cited - answer.cited), sorted(answer.cited - shown.cited)))
    return handout


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
    g = answer.graph
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


def answer_sentence(answer) -> str:
    g = answer.graph
    root_id = g.graph["root"]
    root = g.nodes[root_id]
    sentence = root.get("sentence") or ""
    word = answer.answer
    if not sentence:  # an open query: say what its instances say
        instances = [g.nodes[c] for c in ordered_children(g, root_id)
                     if g.edges[root_id, c].get("role") == "instance"]
        said = [d.get("sentence") or d.get("label", "") for d in instances if d.get("status") == word]
        if word == "true" and said:
            return _end("Yes. " + "; ".join(_cap(s.rstrip(".")) for s in said))
        if word == "undetermined" and said:
            return ("Undetermined. Possibly " + "; ".join(said) + ", depending on facts the case does not state"
                    + (": " + "; ".join(answer.missing) if answer.missing else "") + ".")
        sentence = ""
    names = _query_variables(answer.query)
    if not sentence and names and word == "false":
        return (f"No. For no {', '.join(names)} does it follow from the facts and the encoded provisions "
                f"that {answer.query} holds.")
    subject = sentence or f"{answer.query} holds"
    if word == "true":
        return _end(f"Yes. {_cap(subject)}")
    if word == "false":
        return _end(f"No. It does not follow from the facts and the encoded provisions that {subject}")
    missing = "; ".join(answer.missing)
    return (f"Undetermined. Whether {subject} depends on facts the case does not state"
            + (f": {missing}." if missing else "."))


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
def steps(view) -> list:
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
        step = _step(view, nid, [number[c] for c in kids if c in number], quoted)
        step.number = len(out) + 1
        number[nid] = step.number
        if step.provision and step.statute:
            if step.provision in quoted:
                step.quoted_in = quoted[step.provision]
                step.statute = ""
            else:
                quoted[step.provision] = step.number
        out.append(step)
    return out


def _step(view, nid, premises, quoted) -> Step:
    d = view.nodes[nid]
    kind = d.get("kind", "")
    status = d.get("status", "")
    word = STATUS_WORD.get(status, status)
    if kind == "fact":
        label, pred = d.get("label", ""), d.get("pred", "")
        value = fact_value(label, pred)
        subject = d.get("sentence") or label
        if "?" in (d.get("sentence") or "") or "(_" in label or ", _" in label:
            text = f"The case has no fact {label}." if status == "false" else f"{label}."
        elif d.get("how") == "entity in the case" and value is None and label.endswith(")"):
            entity = label[len(pred) + 1:-1]
            article = "an" if pred[:1] in "aeiou" else "a"
            text = f"{entity} is {article} {pred.replace('_', ' ')} in the case."
        elif value is not None and d.get("sentence"):
            text = f"{_cap(subject)}: {value}."
        elif status == "true":
            text = _end(_cap(subject))
        else:
            text = f"Not so: {subject}."
        where = d.get("loc", "")
        how = d.get("how", "")
        return Step(0, kind, status, "Fact", text, premises, where=where,
                    rule=f"{label} is {word}" + (f" ({how})" if how else ""))
    if kind == "unknown":
        return Step(0, kind, status, "Unknown", f"The case does not state {d.get('question', d.get('label', ''))}.",
                    premises, where=d.get("loc", ""))
    if kind in ("comparison", "assignment"):
        title = "Comparison" if kind == "comparison" else "Computation"
        return Step(0, kind, status, title, " ".join(d.get("label", "").split()) + ".", premises)
    if kind == "negation":
        label = d.get("label", "")
        inner_label = label[4:] if label.startswith("not ") else label
        sentence = d.get("sentence") or ""
        inner = sentence if sentence and "?" not in sentence else f"{inner_label} holds"
        if status == "true":
            text = f"It is not so that {inner}."
        elif status == "false":
            text = f"The condition `{label}` fails: {inner}."
        else:
            text = f"Whether it is not so that {inner} is undetermined."
        return Step(0, kind, status, "Negation", text, premises)
    if kind == "rule":
        cite = d.get("provision", "")
        verdict = {"true": "applies", "undetermined": "may apply"}.get(status, "does not apply")
        title = f"s. {cite} {verdict}" if cite else f"rule {d.get('rule_id', '')} {verdict}"
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
        return Step(0, kind, status, title, text, premises, provision=cite, statute=d.get("statute", ""),
                    readings=list(d.get("readings") or []), rule=rule)
    if kind in ("goal", "atom"):
        subject = d.get("sentence") or d.get("label", "")
        title = "Conclusion" if kind == "goal" else "Intermediate conclusion"
        query = view.graph.get("query", "")
        names = _query_variables(query)
        if kind == "goal" and not d.get("sentence") and names:
            shown = [view.nodes[c].get("label", "") for c in ordered_children(view, nid)
                     if view.edges[nid, c].get("role") == "instance"]
            if status == "false":
                text = f"For no {', '.join(names)} does {query} hold."
            elif shown:
                text = f"{query} holds {'' if status == 'true' else 'possibly '}for: {'; '.join(shown)}."
            else:
                text = f"Whether {query} holds for some {', '.join(names)} is undetermined."
            return Step(0, kind, status, title, text, premises, rule=d.get("label", ""))
        if status == "true":
            text = _end(_cap(subject))
        elif status == "false":
            text = _end(f"It does not follow that {subject}")
        else:
            text = f"Whether {subject} is undetermined."
        return Step(0, kind, status, title, text, premises, rule=d.get("label", ""))
    if kind == "elided":
        return Step(0, kind, status, "Left out", d.get("label", "") + ".", premises)
    if kind in ("cases", "case"):   # a proof by cases (proof/cases.py)
        title = "Proof by cases" if kind == "cases" else "Case"
        return Step(0, kind, status, title, _end(_cap(d.get("label", ""))), premises)
    return Step(0, kind, status, kind.capitalize() or "Step", d.get("label", ""), premises)
