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


def related_answers(q: Question, answer: Any) -> list[dict]:
    """[{"query", "question", "short", "citation"}]: for each other saved question whose rules
    cite a deciding provision of `answer` (its argument's provisions), its TRUE answer on the case,
    at most MAX_RELATED."""
    argument = getattr(answer, "argument", None)
    deciding = {p.citation for p in getattr(argument, "provisions", None) or []}
    if not deciding or answer.answer not in ("true", "false"):
        return []
    rb, loaded, atom = q.law, q.case, q.atom
    program = rb.checked.program
    g = getattr(answer, "proof", None)
    argued = {d.get("pred") for _, d in g.nodes(data=True)} if g is not None else set()
    out: list[dict] = []
    for name in sorted(saved_queries()):
        try:
            other, saved = resolve(name)
            other = check_atom(other, rb.checked)
        except ReasonerError:
            continue
        if other.key == atom.key or other.pred in argued:
            continue   # the question itself, or one its argument answers already (lawful: violations)
        rules = [r for r in program.rules if r.head.key == other.key and r.provision]
        cited = {r.provision for r in rules}
        shared = sorted(cited & deciding) or sorted(
            r.provision for r in rules if _built_on(r) & deciding)   # s. 350.101(1)(d) of a ride's (a) and (b)
        if not shared:
            continue
        try:
            if precheck(rb, loaded, other, saved):
                continue   # not about anything in the case
            found = replace(q, atom=other, saved=saved).answer(interpretation=False)
        except ReasonerError:
            continue
        if found.answer != "true":
            continue
        out.append({"query": name, "question": found.argument.question, "short": found.argument.short,
                    "citation": shared[0]})
        if len(out) >= MAX_RELATED:
            break
    return out
