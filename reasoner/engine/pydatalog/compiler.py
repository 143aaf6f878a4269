"""Compiles a CheckedProgram onto pyDatalog's engine-level objects (no Python source, no load()).

Three-valued evaluation (docs/SEMANTICS.md): every derived predicate p gets a *certain* copy `p__c` and a
*possible* copy `p__p`. Known inputs feed both, unknown inputs only the possible copy (with the
UNKNOWN value in their value slot). In the certain copy `not q` reads "q is not even possible";
in the possible copy it reads "q is not certain". Comparisons and arithmetic are primitives that
evaluate the rule AST exactly; on an unknown operand a comparison is possibly true and arithmetic
yields UNKNOWN. Each rule's body is its own predicate `r<i>__bc/bp(Vars)` so that proofs can
re-solve a body with the head bound.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...core.deadline import check as check_deadline
from ...language.ast import Assign, Compare, Const, Negative, Positive, Rule, Var, term_vars
from ...core.values import UNKNOWN
from ...language import arith
from ..codes import RuleCodes, cname  # noqa: F401  (cname: re-exported)
from ...core.errors import EvaluationError

if TYPE_CHECKING:
    from ...language.ast import Key
    from ...language.checks import CheckedProgram


def _pe() -> Any:
    from pyDatalog import pyEngine  # heavy import kept out of module import time
    return pyEngine


def recursion_pydatalog_cannot_run(checked: CheckedProgram) -> tuple[Rule, str] | None:
    """The first recursive rule pyDatalog may not finish, as (rule, reason), or None.

    pyDatalog's tabled top-down evaluation terminates on left-linear recursion (the recursive
    literal first in the body, one per rule, a predicate recursive only through itself); right
    recursion on a cyclic graph and mutual recursion were seen to hang, and its compiled engine
    cannot be interrupted. Such programs run on the set engine only."""
    for key in sorted(getattr(checked, "recursive", ())):
        comp = checked.component(key)
        for rule in checked.derived.get(key, []):
            positives = [lit for lit in rule.body if isinstance(lit, Positive)]
            own = [i for i, lit in enumerate(positives) if lit.atom.key in comp]
            if not own:
                continue
            if len(comp) > 1:
                return rule, "mutual recursion"
            if own != [0]:
                return rule, "recursion that is not left-linear (the recursive literal first, once)"
    return None


class Compiled:
    def __init__(self, checked: CheckedProgram) -> None:
        unsafe = recursion_pydatalog_cannot_run(checked)
        if unsafe is not None:
            rule, reason = unsafe
            raise EvaluationError(f"the pyDatalog engine does not evaluate {reason}: {rule}",
                                  location=str(rule.loc),
                                  hint="pyDatalog can hang on it; use the set engine (--engine sets, the default)")
        self.checked = checked
        self.codes = RuleCodes(checked)
        self.rules = self.codes.rules
        self.by_head = self.codes.by_head
        self.logic: Any = None   # the pyDatalog Logic of these rules, made by _build
        self._prim_count = 0
        self._build()

    # -- activation ---------------------------------------------------------------------
    def activate(self) -> None:
        from pyDatalog import Logic
        Logic.tl.logic = self.logic
        self.logic.Subgoals = {}
        self.logic.Tasks = None
        self.logic.Recursive_Tasks = None
        self.logic.Recursive = False
        self.logic.Goal = None

    # -- build --------------------------------------------------------------------------
    def _build(self) -> None:
        pe = _pe()
        from pyDatalog import Logic
        Logic()  # a fresh knowledge base for this compiled program
        self.logic = Logic(True)
        self.pe = pe
        checked = self.checked
        mu = checked.mu
        for key, kind in checked.base.items():
            for copy in ("c", "p"):
                pe.insert(pe.Pred(cname(key[0], copy), key[1]))
        for key in checked.derived:
            for copy in ("c", "p"):
                pe.insert(pe.Pred(cname(key[0], copy), key[1]))
        # possible-match helpers for negation in the certain copy
        for key, positions in mu.items():
            if positions and (key in checked.derived or key in checked.base):
                self._pm_helper(key, positions)
        for i, rule in enumerate(checked.rules):
            check_deadline()   # compiling the law is part of the first question's time
            self._rule(i, rule)

    def _pm_helper(self, key: Key, positions: Iterable[int]) -> None:
        pe = self.pe
        name, arity = key
        xs = [pe.Var(f"X{i}") for i in range(arity)]
        ys = [pe.Var(f"Y{i}") if i in positions else xs[i] for i in range(arity)]
        body = [pe.Literal(cname(name, "p"), ys)]
        for i in sorted(positions):
            body.append(self._eq3(xs[i], ys[i]))
        pe.insert(pe.Pred(cname(name, "pm"), arity))
        pe.assert_(pe.Clause(pe.Literal(cname(name, "pm"), xs), body))

    def _eq3(self, a: Any, b: Any) -> Any:
        pe = self.pe
        name = "_eq3"
        if name not in self.logic.Db:
            def prim(literal: Any, subgoal: Any) -> None:
                x, y = literal.terms
                if x.id is UNKNOWN or y.id is UNKNOWN or x.id == y.id:
                    subgoal.fact(True)
            pe.insert(pe.Pred(name, 2)).prim = prim
        return pe.Literal(name, [a, b])

    def _term(self, t: Var | Const) -> Any:
        pe = self.pe
        return pe.Var(t.name) if isinstance(t, Var) else pe.Const(t.value)

    def _rule(self, index: int, rule: Rule) -> None:
        pe = self.pe
        head = rule.head
        code = self.rules[index]
        if not rule.body:
            for copy in ("c", "p"):
                pe.assert_(pe.Clause(pe.Literal(cname(head.pred, copy), [self._term(a) for a in head.args]), []))
            return
        body_vars = [pe.Var(v) for v in code.variables] or [pe.Const(0)]
        for copy, bname in (("c", code.body_c), ("p", code.body_p)):
            pe.insert(pe.Pred(bname, len(body_vars)))
            lits = self._body(rule, copy)
            pe.assert_(pe.Clause(pe.Literal(bname, body_vars), lits))
            pe.assert_(pe.Clause(pe.Literal(cname(head.pred, copy), [self._term(a) for a in head.args]),
                                 [pe.Literal(bname, body_vars)]))

    def _body(self, rule: Rule, copy: str) -> list:
        pe = self.pe
        mu = self.checked.mu
        out = []
        bound: set = set()
        unknown_vars: set = set()
        fresh = [0]
        for lit in rule.body:
            if isinstance(lit, Positive):
                key = lit.atom.key
                positions = mu.get(key, frozenset())
                args, tests = [], []
                for i, a in enumerate(lit.atom.args):
                    if copy == "p":
                        risky = i in positions or (isinstance(a, Var) and a.name in unknown_vars)
                        if isinstance(a, Const) and i in positions:
                            fresh[0] += 1
                            f = pe.Var(f"_F{fresh[0]}")
                            args.append(f)
                            tests.append(self._eq3(f, pe.Const(a.value)))
                            continue
                        if isinstance(a, Var) and a.name in bound and risky:
                            fresh[0] += 1
                            f = pe.Var(f"_F{fresh[0]}")
                            args.append(f)
                            tests.append(self._eq3(f, pe.Var(a.name)))
                            continue
                        if isinstance(a, Var) and i in positions:
                            unknown_vars.add(a.name)
                    args.append(self._term(a))
                    if isinstance(a, Var):
                        bound.add(a.name)
                out.append(pe.Literal(cname(lit.atom.pred, copy), args))
                out.extend(tests)
            elif isinstance(lit, Negative):
                key = lit.atom.key
                args = [self._term(a) for a in lit.atom.args]
                if copy == "c":
                    target = cname(lit.atom.pred, "pm" if mu.get(key) else "p")
                else:
                    target = cname(lit.atom.pred, "c")
                out.append(pe.Literal("~" + target, args))
            elif isinstance(lit, Compare):
                names = sorted(term_vars(lit.left) | term_vars(lit.right))
                out.append(self._test_prim(lit, names, copy))
            elif isinstance(lit, Assign):
                names = sorted(term_vars(lit.expr))
                out.append(self._assign_prim(lit, names, copy))
                bound.add(lit.var.name)
                if copy == "p" and set(names) & unknown_vars:
                    unknown_vars.add(lit.var.name)
        return out

    def _test_prim(self, lit: Compare, names: list, copy: str) -> Any:
        pe = self.pe
        self._prim_count += 1
        name = f"_t{self._prim_count}{copy}"
        fn = arith.test3 if copy == "p" else arith.test2
        loc = lit.loc

        def prim(literal: Any, subgoal: Any) -> None:
            env = {n: t.id for n, t in zip(names, literal.terms)}
            if fn(lit, env, loc):
                subgoal.fact(True)
        pe.insert(pe.Pred(name, len(names) or 1)).prim = prim
        return pe.Literal(name, [pe.Var(n) for n in names] or [pe.Const(0)])

    def _assign_prim(self, lit: Assign, names: list, copy: str) -> Any:
        pe = self.pe
        self._prim_count += 1
        name = f"_e{self._prim_count}{copy}"
        loc = lit.loc
        three = copy == "p"

        def prim(literal: Any, subgoal: Any) -> None:
            terms = literal.terms
            env = {n: t.id for n, t in zip(names, terms[1:])}
            value = arith.assign3(lit.expr, env, loc) if three else arith.evaluate(lit.expr, env, loc)
            if not terms[0].is_const() or terms[0].id == value:
                subgoal.fact(pe.Literal(literal.pred.name, [pe.Const(value)] + list(terms[1:])))
        pe.insert(pe.Pred(name, len(names) + 1)).prim = prim
        return pe.Literal(name, [pe.Var(lit.var.name)] + [pe.Var(n) for n in names])
