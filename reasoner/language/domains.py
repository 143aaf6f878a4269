"""Value spaces of inputs: closed word sets of symbols (`{a, b}` or a named `@domain`), ranges and
units of numbers, and which attributes take a list (docs/LANGUAGE.md, "Value spaces").

Validation only: the engines never see these; a case or query that leaves a value space is refused
before evaluation (facts/valuecheck.py, facts/querycheck.py)."""
from __future__ import annotations

from .ast import Compare, Const, Loc, Param, Positive, Program, Var
from ..core.values import show_number

NUMERIC = ("number", "money")


def resolve(prog: Program) -> list:
    """Give every parameter naming a @domain its words; return [(message, loc, hint)] problems."""
    problems = []
    for decl in prog.preds.values():
        for p in decl.params:
            if p.type in prog.domains:
                if p.type in prog.entities:
                    problems.append((f"{p.type} is both an entity kind and a @domain", decl.loc, None))
                    continue
                dom = prog.domains[p.type]
                p.domain, p.type, p.words = dom.name, "symbol", frozenset(dom.words)
                p.phrases = dict(getattr(dom, "phrases", None) or {})
            if p.words is not None and p.type != "symbol":
                problems.append((f"a word set belongs to a symbol, not to {p.type}", decl.loc, None))
            if (p.low is not None or p.unit) and p.type not in NUMERIC:
                problems.append((f"a range or unit belongs to a number or money, not to {p.type} "
                                 f"(parameter {p.name} of {decl.name})", decl.loc, None))
            if p.low is not None and p.high is not None and p.low > p.high:
                problems.append((f"empty range {p.low}..{p.high} for {p.name} of {decl.name}", decl.loc, None))
    return problems


def open_symbols(prog: Program) -> list:
    """(input, reason) for every symbol input that is not closed, or that is closed with `other`."""
    out = []
    for decl in prog.preds.values():
        if not decl.is_input:
            continue
        for p in decl.params[1:]:
            if p.type != "symbol":
                continue
            if p.words is None:
                out.append((decl.name, None))
            elif "other" in p.words:
                out.append((decl.name, prog.domains[p.domain].reason if p.domain else None))
    return out


def _fact_tables(prog: Program) -> dict:
    """(pred, arity) -> [values tuple] for predicates defined only by ground facts."""
    tables: dict[tuple[str, int], list[tuple]] = {}
    ruled: set[tuple[str, int]] = set()
    for rule in prog.rules:
        key = rule.head.key
        if rule.body or not all(isinstance(a, Const) for a in rule.head.args):
            ruled.add(key)
        else:
            tables.setdefault(key, []).append((rule, tuple(a.value for a in rule.head.args)))
    return {k: v for k, v in tables.items() if k not in ruled}


def impossible_words(prog: Program) -> list:
    """[(message, loc, hint)] for rules that test a word no input can take: a constant at a closed
    symbol position of an input, a `X = word` on such a variable, or a fact-table entry joined on it."""
    problems = []
    tables = _fact_tables(prog)
    for rule in prog.rules:
        bound = {}   # variable -> (words, input name)
        for lit in rule.body:
            if not hasattr(lit, "atom"):
                continue
            decl = prog.preds.get(lit.atom.key)
            if decl is None or not decl.is_input:
                continue
            for p, arg in zip(decl.params, lit.atom.args):
                if p.words is None:
                    continue
                if isinstance(arg, Const) and str(arg.value) not in p.words:
                    problems.append(_problem(arg.value, p, decl.name, lit.atom.loc or rule.loc))
                elif isinstance(arg, Var) and not arg.anonymous:
                    bound[arg.name] = (p, decl.name)
        if not bound:
            continue
        for lit in rule.body:
            if isinstance(lit, Compare) and lit.op in ("=", "!="):
                for v, c in ((lit.left, lit.right), (lit.right, lit.left)):
                    if isinstance(v, Var) and v.name in bound and isinstance(c, Const) \
                            and str(c.value) not in bound[v.name][0].words:
                        problems.append(_problem(c.value, *bound[v.name], lit.loc or rule.loc))
            elif isinstance(lit, Positive) and lit.atom.key in tables:
                for i, arg in enumerate(lit.atom.args):
                    if isinstance(arg, Var) and arg.name in bound:
                        p, name = bound[arg.name]
                        for fact, values in tables[lit.atom.key]:
                            if str(values[i]) not in p.words:
                                problems.append(_problem(values[i], p, name, fact.loc,
                                                         f" (joined with {name} in {lit.atom.pred})"))
    seen, out = set(), []
    for prob in problems:
        key = (prob[0], str(prob[1]))
        if key not in seen:
            seen.add(key)
            out.append(prob)
    return out


def _problem(word: object, param: Param, input_name: str, loc: Loc | None, how: str = "") -> tuple:
    import difflib
    assert param.words is not None   # only a closed list of words is tested against
    close = difflib.get_close_matches(str(word), sorted(param.words), n=3, cutoff=0.5)
    hint = (f"did you mean: {', '.join(close)}?" if close else
            f"{input_name} takes: {', '.join(sorted(param.words))}")
    return (f"rule tests {word!s} but no case can give {input_name} that word{how}", loc, hint)


def describe(param: Param) -> str:
    """The value space in words, for hints and `reasoner vocab`."""
    if param.words is not None:
        return "one of " + ", ".join(sorted(param.words, key=lambda w: (w == "other", w)))
    if param.type in NUMERIC and param.low is not None:
        unit = f" {param.unit}" if param.unit else ""
        if param.high is None:
            return f"at least {show_number(param.low)}{unit}"
        return f"from {show_number(param.low)} to {show_number(param.high)}{unit}"
    return {"time": "a clock time 00:00 to 23:59", "date": "a calendar date YYYY-MM-DD"}.get(param.type, "")


def example(param: Param, attr: str = "") -> str:
    """One valid value for a parameter, as a case file writes it."""
    if param.words is not None:
        words = sorted(w for w in param.words if w != "other") or ["other"]
        return words[0]
    if param.type in NUMERIC:
        if param.low is not None and param.high is not None:
            from fractions import Fraction
            return show_number(Fraction(param.low + param.high, 2) if param.high - param.low <= 1 else param.low + 1)
        base = param.low if param.low is not None else 0
        return show_number(base + (125 if param.type == "money" else 30))
    return {"time": '"23:05"', "date": "1994-05-07", "string": '"text"', "symbol": "a_word"}.get(
        param.type, "an entity id")
