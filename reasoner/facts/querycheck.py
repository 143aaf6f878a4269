"""Checked queries: a constant in a query must be something the predicate can hold at that position.

`lawful(op_x)` about a case with no entity op_x, or `violation(op1, "350.10(1)(x)")`, answered FALSE
before: nothing can derive it. Now each constant is compared with what the position can hold -- an
entity of a kind (named in the case), a word of a closed set, a constant a rule head writes -- found
from the declarations and, for derived predicates, from the rules; a position the rules leave open
(computed values, generic facts) is not judged. A mismatch is a QueryError with did-you-mean."""
from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Any

from ..core.errors import QueryError, shown
from ..language.ast import Const, Positive, Var
from ..core.errors import CaseError
from .valuecheck import check_value
from ..language.domains import example

if TYPE_CHECKING:
    from ..language.ast import Atom, Key, Rule
    from ..language.checks import CheckedProgram
    from types import SimpleNamespace
    from .case import Case

    # the case a constant is looked up in: only its entities are read (apps/run.py gives a namespace
    # holding them for a fact directory)
    Entities = Case | SimpleNamespace

# what a position can hold: ("entity", kind), ("words", frozenset of words) or ("const", value)
Kind = tuple[str, Any]

OPEN = None   # a position that can hold values this module does not judge


def position_kinds(checked: CheckedProgram, key: Key, i: int,
                   _seen: set[tuple[Key, int]] | None = None) -> frozenset[Kind] | None:
    """What position i of predicate `key` can hold: a set of ("entity", kind) / ("words", frozenset) /
    ("const", value) alternatives, or OPEN."""
    memo: dict[tuple[Key, int], frozenset[Kind] | None] = checked.analysis.query_positions
    if (key, i) in memo:
        return memo[(key, i)]
    seen = _seen or set()
    if (key, i) in seen:
        return OPEN
    seen.add((key, i))
    prog = checked.program
    result: frozenset[Kind] | None = OPEN
    decl = prog.preds.get(key)
    if key[1] == 1 and key[0] in prog.entities:
        result = frozenset({("entity", key[0])})
    elif decl is not None and i < len(decl.params) and (decl.params[i].type in prog.entities
                                                          or decl.params[i].words is not None):
        p = decl.params[i]
        result = frozenset({("entity", p.type)} if p.words is None else {("words", p.words)})
    elif decl is not None and decl.is_input:
        result = OPEN
    elif key in checked.derived and all(not rule.body for rule in checked.derived[key]):
        result = OPEN   # a table of facts in the rule file: a case's `facts:` may add rows to it
    elif key in checked.derived:
        alternatives: set[Kind] = set()
        for rule in checked.derived[key]:
            found = _head_position(checked, rule, i, seen)
            if found is None:   # OPEN: so is the position
                break
            alternatives |= found
        else:
            result = frozenset(alternatives) if alternatives else OPEN
    memo[(key, i)] = result
    return result


def _head_position(checked: CheckedProgram, rule: Rule, i: int, seen: set[tuple[Key, int]]) -> set[Kind] | None:
    arg = rule.head.args[i]
    if isinstance(arg, Const):
        return {("const", arg.value)}
    if not isinstance(arg, Var):
        return OPEN
    for lit in rule.body:
        if isinstance(lit, Positive):
            for j, a in enumerate(lit.atom.args):
                if isinstance(a, Var) and a.name == arg.name:
                    found = position_kinds(checked, lit.atom.key, j, seen)
                    if found is not OPEN:
                        return set(found)
    return OPEN


def check_query_constants(atom: Atom, checked: CheckedProgram, case: Entities) -> None:
    """Raise QueryError when a constant of the query cannot be held at its position in this case."""
    for i, arg in enumerate(atom.args):
        if not isinstance(arg, Const):
            continue
        kinds = position_kinds(checked, atom.key, i)
        if kinds is OPEN or any(_fits(arg.value, k, case) for k in kinds):
            continue
        raise _mismatch(atom, i, arg.value, kinds, case)
    _check_ranges(atom, checked)


def _check_ranges(atom: Atom, checked: CheckedProgram) -> None:
    """A number outside the declared range of an input's value (`speed_mph(op1, -5)`,
    `alcohol_concentration(op1, 30)`): an error with the range, as in a case file."""
    import numbers
    decl = checked.program.preds.get(atom.key)
    if decl is None or not decl.is_input:
        return
    for i, (arg, param) in enumerate(zip(atom.args, decl.params)):
        value = getattr(arg, "value", None)
        if not isinstance(arg, Const) or isinstance(value, bool) or not isinstance(value, numbers.Number) \
                or param.type not in ("number", "money") or param.low is None:
            continue
        try:
            check_value(atom.pred, param, value, str(arg), "query")
        except CaseError as exc:
            raise QueryError(f"argument {i + 1} of {atom.pred}: {exc.message.split(': ', 1)[1]}",
                             location="query", hint=f"write a value such as {example(param)}") from None


def _fits(value: Any, kind: Kind, case: Entities) -> bool:
    tag, what = kind
    if tag == "entity":
        return bool(case.entities.get(value) == what)
    if tag == "words":
        return bool(value in what)
    return bool(value == what)


def _a(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _mismatch(atom: Atom, i: int, value: Any, kinds: frozenset[Kind], case: Entities) -> QueryError:
    entity_kinds = sorted(w for t, w in kinds if t == "entity")
    words = sorted({x for t, w in kinds if t == "words" for x in w} |
                   {str(w) for t, w in kinds if t == "const"})
    where = f"argument {i + 1} of {atom.pred}"
    if entity_kinds:
        ids = sorted(e for e, k in case.entities.items() if k in entity_kinds)
        kinds_text = " or ".join(entity_kinds)
        if value in case.entities:
            message = f"{value} is {_a(case.entities[value])}, but {where} is {_a(kinds_text)}"
        else:
            message = f"no entity {shown(value)} in this case ({where} is {_a(kinds_text)})"
        close = difflib.get_close_matches(str(value), ids, n=3, cutoff=0.5)
        hint = (f"did you mean: {', '.join(close)}?" if close else
                f"{kinds_text} entities in this case: {', '.join(ids[:10])}" if ids else
                f"the case has no {kinds_text}; or use a variable, e.g. {atom.pred}(X)")
        return QueryError(message, location="query", hint=hint)
    close = difflib.get_close_matches(str(value), words, n=3, cutoff=0.5)
    listed = ", ".join(words[:12]) + (", ..." if len(words) > 12 else "")
    return QueryError(f"{shown(value)} is not something {where} can be (one of {listed})", location="query",
                      hint=f"did you mean: {', '.join(close)}?" if close else "or use a variable")
