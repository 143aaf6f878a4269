"""The naming of a checked program's engine-level relations, shared by every engine.

Each rule's body is a relation of its own (`r<i>__bc` certain, `r<i>__bp` possible) over the rule's
named body variables, so that a proof can re-solve a body with the head bound. Every predicate p
has a certain copy `p__c` and a possible copy `p__p`. This module only names them; the pyDatalog
compiler (compiler.py) and the set engine (setsession.py) both answer questions in these names.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..language.ast import Assign, Positive, Rule, Var, generated_name, term_vars

if TYPE_CHECKING:
    from ..language.ast import Param
    from ..language.checks import CheckedProgram


def cname(name: str, copy: str) -> str:
    return f"{name}__{copy}"


class RuleCode:
    """What the proof builder needs to re-solve one rule."""

    def __init__(self, index: int, rule: Rule, variables: list) -> None:
        self.index = index
        self.rule = rule
        self.variables = variables        # named variables of the body relation, in order
        self.body_c = f"r{index}__bc"
        self.body_p = f"r{index}__bp"

    # what the proof builder (explain/builder.py) works out about the rule once and keeps here, set on
    # first use: the rule's node attributes under a statute index, its variables' declared
    # parameters and types, the head's constants and variables by position, the body's rounding calls
    # and its literals as the rule file wrote them
    _static: tuple[Any, dict[str, Any]]
    _var_params: dict[str, Param]
    _var_types: dict[str, str]
    _head_spec: tuple[tuple[tuple[int, Any], ...], tuple[tuple[int, str], ...]]
    _rounding: list
    _shown: dict[int, str]


def body_variables(rule: Rule) -> list:
    """The named variables of a rule body, in order of first binding (positives in argument
    order, assignments' variables sorted); the checker's stand-ins for `_` are not part of it."""
    variables: list = []
    for lit in rule.body:
        names: list[str] = sorted(term_vars(lit.var)) if isinstance(lit, Assign) else []
        if isinstance(lit, Positive):
            names = [a.name for a in lit.atom.args if isinstance(a, Var)]
        for n in names:
            if not generated_name(n) and n not in variables:
                variables.append(n)
    return variables


class RuleCodes:
    """rules: RuleCode per checked rule, in order; by_head: (pred, arity) -> [RuleCode]."""

    def __init__(self, checked: CheckedProgram) -> None:
        self.checked = checked
        self.rules: list = []
        self.by_head: dict = {}
        for i, rule in enumerate(checked.rules):
            code = RuleCode(i, rule, body_variables(rule) if rule.body else [])
            self.rules.append(code)
            self.by_head.setdefault(rule.head.key, []).append(code)
        self._names: dict | None = None

    @property
    def names(self) -> dict:
        """engine-level name -> ("pred", (pred, arity), copy) or ("body", RuleCode, copy)."""
        if self._names is None:
            names = {}
            for key in list(self.checked.base) + list(self.checked.derived):
                for copy in ("c", "p"):
                    names[cname(key[0], copy)] = ("pred", key, copy)
            for code in self.rules:
                names[code.body_c] = ("body", code, "c")
                names[code.body_p] = ("body", code, "p")
            self._names = names
        return self._names


class ThreeValuedAnswers:
    """status / truth of user-level predicates, for a session that answers `rows(name, args)`
    in the engine-level names (engine.session.Session and engine.setsession.SetSession)."""

    def rows(self, name: str, args: Sequence) -> set | frozenset:
        """The rows of the engine-level relation `name` matching args (None = any)."""
        raise NotImplementedError

    def status(self, pred: str, args: Sequence) -> tuple:
        """(certain rows, possible rows) of a user-level predicate matching args (None = any)."""
        return self.rows(cname(pred, "c"), args), self.rows(cname(pred, "p"), args)

    def first(self, name: str, args: Sequence) -> tuple | None:
        """The least row of `name` matching args in repr order (the proof's witness), or None."""
        rows = self.rows(name, args)
        return min(rows, key=repr) if rows else None

    def truth(self, pred: str, args: Sequence) -> str:
        """'true' / 'false' / 'undetermined' for a ground atom."""
        certain, possible = self.status(pred, args)
        if certain:
            return "true"
        if possible:
            return "undetermined"
        return "false"
