"""`reasoner queries`: the saved questions (queries/NAME.yaml) with the question in words, the kind
of entity each is about and the provisions its rules can cite."""
from __future__ import annotations

from ..core.errors import QueryError
from ..language.parser import parse_atom
from ..law.index import sort_key
from ..law.queries import load_saved, saved_queries
from ..render.wrap import wrap

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..language.ast import Key, Program, Rule
    from ..language.checks import CheckedProgram

def provisions_of(prog: Program, key: Key) -> list[str]:
    """Every provision cited by a rule the goal predicate `key` depends on, in statute order."""
    by_head: dict[Key, list[Rule]] = {}
    for rule in prog.rules:
        by_head.setdefault(rule.head.key, []).append(rule)
    seen: set[Key] = set()
    todo = [key]
    out: set[str] = set()
    while todo:
        k = todo.pop()
        if k in seen:
            continue
        seen.add(k)
        for rule in by_head.get(k, ()):
            if rule.provision:
                out.add(rule.provision)
            for lit in rule.body:
                atom = getattr(lit, "atom", lit)
                if hasattr(atom, "key"):
                    todo.append(atom.key)
    return sorted(out, key=_order)


def _order(citation: str) -> tuple[int, object]:
    try:
        return (0, sort_key(citation.split(" to ")[0]))
    except QueryError:
        return (1, citation)
    except Exception:   # noqa: BLE001 - a citation the index cannot read sorts last, as text
        return (1, citation)


def sections(provisions: list[str]) -> list[str]:
    out: list[str] = []
    for p in provisions:
        for part in p.split(" to "):
            s = part.split("(", 1)[0]
            if s not in out:
                out.append(s)
    return sorted(out, key=_order)


def saved_query_rows(prog: Program) -> list[dict[str, Any]]:
    """[{name, question, goal, subject, provisions, sections}] for every saved query, by name."""
    rows: list[dict[str, Any]] = []
    for name in sorted(saved_queries()):
        saved = load_saved(name)
        atom = parse_atom(saved.goal)
        provs = provisions_of(prog, atom.key)
        rows.append({"name": name, "question": saved.description, "goal": saved.goal,
                     "subject": saved.subject, "count": saved.count, "provisions": provs,
                     "sections": sections(provs)})
    return rows


def askable_rows(checked: CheckedProgram) -> list[dict[str, Any]]:
    """[{name, goal, sentence, subject, provisions, sections, saved}] for every relation the law
    derives that has a @predicate declaration (its sentence template), by name: what `reasoner ask
    CASE 'NAME(...)'` can ask beyond the saved questions. saved: the saved queries asking it."""
    prog = checked.program
    saved_by_pred: dict[Key, list[str]] = {}
    for name in sorted(saved_queries()):
        saved_by_pred.setdefault(parse_atom(load_saved(name).goal).key, []).append(name)
    rows: list[dict[str, Any]] = []
    for key in sorted(checked.derived):
        decl = prog.preds.get(key)
        if decl is None or decl.is_input or not decl.template or "__" in key[0]:
            continue
        names = [p.name for p in decl.params]
        sentence = decl.template
        for n in names:
            sentence = sentence.replace("{" + n + "}", n)
        provs = provisions_of(prog, key)
        rows.append({"name": decl.name, "goal": f"{decl.name}({', '.join(names)})", "sentence": sentence,
                     "subject": decl.params[0].type if decl.params else "",
                     "provisions": provs, "sections": sections(provs), "saved": saved_by_pred.get(key, [])})
    return rows


def render_askable(rows: list[dict[str, Any]]) -> str:
    lines: list[str] = []
    for r in rows:
        saved = f"; saved as {', '.join(r['saved'])}" if r["saved"] else ""
        head = wrap(f"{r['goal']}  (provisions: {', '.join(r['sections']) or 'none'}{saved})", 100)
        lines.append(head[0])
        lines.extend("        " + w for w in wrap(" ".join(head[1:]), 92) if head[1:])
        lines.extend("    " + w for w in wrap(r["sentence"], 96))
    lines.append("")
    lines.extend(wrap(f"{len(rows)} relations: reasoner ask CASE 'NAME(ARGS)', a variable (a capital "
                      "letter) for each argument to find, a value (an id, a number, a \"quoted "
                      "citation\") for each to fix.", 100))
    return "\n".join(lines) + "\n"


def render_text(rows: list[dict[str, Any]]) -> str:
    lines: list[str] = []
    for r in rows:
        lines.append(f"{r['name']}  ({r['goal']}; about each {r['subject'].replace('_', ' ')})")
        lines.extend("    " + w for w in wrap(r["question"], 96))
        lines.append("    provisions: " + (", ".join(r["sections"]) if r["sections"] else "none"))
    lines.append("")
    lines.append(f"{len(rows)} saved question(s): reasoner ask CASE NAME; reasoner batch CASES/ NAME")
    return "\n".join(lines) + "\n"


def complete_names(incomplete: str) -> list[tuple[str, str]]:
    """(name, first sentence of its description) for the saved queries starting with `incomplete`:
    what the shell offers after `reasoner ask CASE <TAB>`."""
    out: list[tuple[str, str]] = []
    for name in sorted(saved_queries()):
        if name.startswith(incomplete):

            try:
                help_text = load_saved(name).description.split("?")[0] + "?"
            except QueryError:
                help_text = ""
            out.append((name, help_text))
    return out
