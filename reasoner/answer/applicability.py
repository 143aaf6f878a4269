"""Whether a question applies to a case at all: "not applicable" rather than FALSE.

A question is about entities of one kind, its subject: `lawful` asks about snowmobile operations,
`forfeiture` about vehicles. A saved query declares it (`subject: operation` in queries/NAME.yaml);
a typed atom's subject is the kind of the goal's first argument when that argument is a variable
whose declared type is an entity kind (`lawful(O)`: operation). A case with no entity of the
subject kind gets the answer not applicable, with the reason, instead of a FALSE that a reader of
a spreadsheet would take for "unlawful" or "no forfeiture". An atom naming an entity (lawful(op1))
is checked by facts/querycheck.py: the entity must be in the case.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..language.ast import Var
from ..explain.graph import ProofGraph

if TYPE_CHECKING:
    from ..facts.case import Case
    from ..language.ast import Atom
    from ..language.checks import CheckedProgram
    from ..law.queries import SavedQuery

NOT_APPLICABLE = "not_applicable"


def subject_kind(checked: CheckedProgram, atom: Atom, saved: SavedQuery | None = None) -> str:
    """The entity kind the question is about, or "" when it has none to check."""
    prog = checked.program
    declared = getattr(saved, "subject", "") if saved is not None else ""
    if declared:
        return declared if declared in prog.entities else ""
    decl = prog.preds.get(atom.key)
    if decl is None or not decl.params or not atom.args or not isinstance(atom.args[0], Var):
        return ""
    kind = decl.params[0].type
    return kind if kind in prog.entities else ""


def case_kinds(case: Case) -> set[str]:
    """The entity kinds the case holds (entities, and raw `facts:` rows of a kind's predicate)."""
    kinds = set(getattr(case, "entities", {}).values())
    for row in getattr(case, "rows", ()):
        if len(row.args) == 1:
            kinds.add(row.pred)
    return kinds


def not_applicable_reason(checked: CheckedProgram, case: Case, atom: Atom, saved: SavedQuery | None = None) -> str:
    """Why the question does not apply to the case ("" when it does)."""
    kind = subject_kind(checked, atom, saved)
    if not kind or kind in case_kinds(case):
        return ""
    noun = kind.replace("_", " ")
    name = f"the saved question {saved.name}" if saved is not None else f"the question {atom}"
    article = "an" if noun[0] in "aeiou" else "a"
    return f"the case contains no {noun}, and {name} is about {article} {noun} (nothing in the case was judged)"

def not_applicable_graph(checked: CheckedProgram, case: Case, atom: Atom, saved: SavedQuery | None,
                         reason: str) -> ProofGraph:
    """The proof of a not-applicable answer: the question, and the subject kind not in the case."""
    kind = subject_kind(checked, atom, saved)
    g = ProofGraph()
    label = f"{atom.pred}(" + ", ".join("_" if isinstance(a, Var) else str(a) for a in atom.args) + ")"
    root, absent = f"atom:{label}", f"fact:{kind}(_)"
    g.add_node(root, kind="goal", label=label, status=NOT_APPLICABLE, pred=atom.pred, sentence="",
               helper=False, described=False, not_applicable=reason)
    g.add_node(absent, kind="fact", label=f"{kind}(_)", status="false", sentence="", loc="",
               how="not in the case", pred=kind)
    g.add_edge(root, absent, role="subject", order=0)
    g.graph.update(root=root, query=str(atom), answer=NOT_APPLICABLE, case=case.path,
                   description=case.description, not_applicable=reason)
    return g
