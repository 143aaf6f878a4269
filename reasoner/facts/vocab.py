"""The case vocabulary (`reasoner vocab`): entity kinds, each attribute with its type, unit, allowed
words or range, its sentence and the provisions whose rules read it; and a commented YAML skeleton
of a case (`reasoner vocab --template KIND`)."""
from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from types import MappingProxyType

from ..core.errors import QueryError, ReasonerError
from ..language.domains import describe, example
from ..core.values import show_value, show_number
from ..law import PENDING
from ..law.index import parse_citation

if TYPE_CHECKING:
    from ..language.ast import Key, Param, PredDecl, Presumption, Program
    from ..law.index import StatuteIndex

# a provision test from provision_filter: (the citation, whether a rule's provision is it or under it)
ProvisionTest = tuple[str, Callable[[str], bool]]


def _readers(prog: Program) -> dict[Key, list[str]]:
    """(pred, arity) -> sorted provisions of the rules whose bodies read it."""
    out: dict[Key, set[str]] = {}
    for rule in prog.rules:
        for lit in rule.body:
            atom = getattr(lit, "atom", None)
            if atom is not None and rule.provision:
                out.setdefault(atom.key, set()).add(rule.provision)
    return {k: sorted(v) for k, v in out.items()}


def _check_kind(prog: Program, kind: str | None) -> None:
    if kind is not None and kind not in prog.entities:
        close = difflib.get_close_matches(kind, sorted(prog.entities), n=3, cutoff=0.5)
        raise QueryError(f"no entity kind {kind!r}",
                         hint=f"did you mean: {', '.join(close)}?" if close else
                         "kinds: " + ", ".join(sorted(prog.entities)))


def provision_filter(index: StatuteIndex, citation: str) -> ProvisionTest:
    """A test on a rule's provision: it is `citation` or one of its subdivisions (350.09 takes in
    350.09(7); 350.02(2)(b)4 takes in 350.02(2)(b)4.a). The citation must be in the index."""
    prov = index.get(citation)          # an unknown citation: a located error with suggestions
    section, parts = parse_citation(prov.citation)

    def reads(provision: str) -> bool:
        if not provision or " to " in provision:
            return False
        try:
            s, p = parse_citation(provision)
        except ReasonerError:
            return False
        return s == section and p[:len(parts)] == parts
    return prov.citation, reads


def vocabulary(prog: Program, kind: str | None = None, provision: ProvisionTest | None = None) -> dict[str, Any]:
    """{"kinds": [{kind, description, attributes: [...]}]} for every entity kind (or one).
    provision: (citation, test) from provision_filter: only the attributes that the rules of that
    provision (or its subdivisions) read, and only the kinds that have one."""
    _check_kind(prog, kind)
    readers = _readers(prog)
    presumed = {pr.key: pr for pr in getattr(prog, "presumptions", ())}   # burden of proof
    kinds = []
    for name in sorted(prog.entities):
        if kind is not None and name != kind:
            continue
        attrs = []
        for decl in sorted(prog.preds.values(), key=lambda d: d.name):
            if not (decl.is_input and decl.params and decl.params[0].type == name and decl.arity <= 2):
                continue
            if provision is not None and not any(provision[1](p) for p in readers.get(decl.key, [])):
                continue
            sentence = decl.template.replace("{" + decl.params[0].name + "}", f"the {name}")
            if PENDING in sentence:   # counted to a conviction no case has yet: the case gives it to the incident
                sentence = (f"{sentence.replace(PENDING, 'to the incident (the weighing, the refusal)')}; the law "
                            f"counts {PENDING}, so the answer assumes this case's conviction is entered "
                            f"within the months left and says what holds if it comes later")
            entry = {"attribute": decl.name, "type": "boolean", "unit": None, "words": None,
                     "range": None, "list": False, "other": None,
                     "sentence": sentence,
                     "read_by": readers.get(decl.key, []), "declared": str(decl.loc)}
            if decl.arity == 2:
                p = decl.params[1]
                entry.update(type=p.type if p.type not in prog.entities else f"{p.type} (an entity id)",
                             unit=p.unit or ("dollars" if p.type == "money" else None), list=p.many,
                             words=sorted(p.words, key=lambda w: (w == "other", w)) if p.words is not None else None,
                             range=_range(p))
                if p.words is not None and "other" in p.words and p.domain:
                    entry["other"] = prog.domains[p.domain].reason
                if p.type == "time":
                    entry["range"] = {"min": "00:00", "max": "23:59"}
            pr = presumed.get(decl.key)
            entry["presumed"] = None if pr is None else {   # what an unstated value is taken as, and why
                "value": _presumed_value(pr, decl), "citation": pr.citation, "reason": pr.reason}
            attrs.append(entry)
        if provision is not None and not attrs:
            continue
        kinds.append({"kind": name, "description": prog.entities[name].description, "attributes": attrs})
    out = {"schema": 1, "kinds": kinds}
    if provision is not None:
        out["provision"] = provision[0]
    return out


def _presumed_value(pr: Presumption, decl: PredDecl) -> str:
    if pr.arity == 1:
        return "true" if pr.value else "false"
    return show_value(pr.value, decl.params[1].type)


def _range(p: Param) -> dict[str, str | None] | None:
    if p.low is None:
        return None
    return {"min": show_number(p.low), "max": None if p.high is None else show_number(p.high)}


def render_text(vocab: dict[str, Any]) -> str:
    lines: list[str] = []
    for k in vocab["kinds"]:
        lines.append(f"{k['kind']}: {k['description']}")
        for a in k["attributes"]:
            what = a["type"]
            if a["list"]:
                what = f"list of {what}"
            if a["words"]:
                what += " {" + ", ".join(a["words"]) + "}"
            if a["range"]:
                r = a["range"]
                what += f" {r['min']}..{r['max'] or ''}"
            if a["unit"]:
                what += f" ({a['unit']})"
            lines.append(f"  {a['attribute']}: {what}")
            lines.append(f"      {a['sentence']}")
            if a["other"]:
                lines.append(f"      {a['other']}")
            if a["read_by"]:
                lines.append("      read by: " + ", ".join(a["read_by"]))
            if a.get("presumed"):
                pr = a["presumed"]
                lines.append(f"      if not stated: presumed {pr['value']} (s. {pr['citation']}: {pr['reason']})")
        lines.append("")
    return "\n".join(lines)


def template(prog: Program, kind: str | None) -> str:
    """A commented YAML skeleton of a case with one entity of `kind` (and the entities it names)."""
    if kind is None:
        raise QueryError("--template needs an entity kind", hint="kinds: " + ", ".join(sorted(prog.entities)))
    _check_kind(prog, kind)
    vocab = vocabulary(prog)
    by_kind = {k["kind"]: k for k in vocab["kinds"]}
    order, todo = [], [kind]
    while todo:                       # the kind first, then the kinds its attributes refer to
        name = todo.pop(0)
        if name in order:
            continue
        order.append(name)
        for a in by_kind[name]["attributes"]:
            ref = a["type"].split(" ")[0]
            if a["type"].endswith("(an entity id)") and ref not in order:
                todo.append(ref)
    ids = {name: f"{name}1" for name in order}
    # the kinds whose entities name one of these (a vehicle's prior convictions and permits, an
    # operation's bystanders): entities of their own, shown commented out
    related = [k for k in sorted(by_kind) if k not in order and any(
        a["type"].endswith("(an entity id)") and a["type"].split(" ")[0] in order for a in by_kind[k]["attributes"])]
    out = [f"# A case about {_a(kind)}: {by_kind[kind]['description']}.",
           "# Nothing is asserted until you write it: each attribute below is commented out with the",
           "# value unknown. Uncomment the ones the case states and write their values (the allowed",
           "# values are in [brackets]); leave out what is not known.",
           "description: One line saying what the case is.",
           "entities:"]
    for name in order:
        out.append(f"  {ids[name]}:")
        out.append(f"    type: {name}")
        out.append(f"    # name: {NAME_EXAMPLE.get(name, 'the ' + name.replace('_', ' '))}    "
                   "# what a handout calls it (arguments use it, with the id once in brackets) [words]")
        out.extend(_attribute_lines(prog, by_kind[name], ids, "    # "))
    for name in related:
        names = sorted({a["attribute"] for a in by_kind[name]["attributes"]
                        if a["type"].endswith("(an entity id)") and a["type"].split(" ")[0] in order})
        out.append(f"  # -- {_a(name.replace('_', ' '))} is an entity of its own: {by_kind[name]['description']}.")
        out.append(f"  #    It names the entity above through {', '.join(names)}; uncomment to add one.")
        out.append(f"  # {name}1:")
        out.append(f"  #   type: {name}")
        out.extend(_attribute_lines(prog, by_kind[name], ids, "  #   # "))
    return "\n".join(out) + "\n"


NAME_EXAMPLE = MappingProxyType({"person": "Dana Ruiz", "operation": "the night ride", "vehicle": "the grain semi",
                "carrier": "Prairie Grain LLC", "driver": "Lee Chang"})


def _attribute_lines(prog: Program, kind_entry: dict[str, Any], ids: dict[str, str], prefix: str) -> list[str]:
    out: list[str] = []
    for a in kind_entry["attributes"]:
        decl = prog.preds[(a["attribute"], 2 if a["type"] != "boolean" else 1)]
        if a["type"].endswith("(an entity id)"):
            ref = a["type"].split(" ")[0]
            value = ids.get(ref, f"{ref}1")   # a link between entities: names, asserts no fact
        else:
            value = "unknown"
        if decl.arity == 2:
            space = describe(decl.params[1])
            if a["type"] != "boolean" and not a["type"].endswith("(an entity id)"):
                space = (f"{space}, " if space else "") + f"e.g. {example(decl.params[1])}"
        else:
            space = "true or false"
        if a.get("presumed"):
            space = (f"{space}; " if space else "") + \
                f"if left out: presumed {a['presumed']['value']}, s. {a['presumed']['citation']}"
        note = a["sentence"] + (f" [{space}]" if space else "")
        if a["list"] and value != "unknown":
            value = f"[{value}]"
        out.append(f"{prefix}{a['attribute']}: {value}    # {note}")
    return out


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word
