"""Mechanical translation of a CheckedProgram to clingo ASP, many cases in one program.

Used by the benchmark (bench/run) and its smoke test as an independent second implementation of
the three-valued semantics of engine/pydatalog/compiler.py. Not used to answer questions.

Translation (one ASP rule set for all cases; the case id is an extra first argument `K`):
- every predicate p gets the copies `p__c` (certain) and `p__p` (possible), as in the compiler;
  a known fact is written as `p__c` (a rule copies it to `p__p`), an unknown one as `p__p` only,
  with the constant `unknown` in its value slot;
- values: integers (also clock times, dates, money cents) are clingo integers (32-bit: larger
  values are rejected); every Python string (symbol or string, in rules and cases alike) is a
  clingo string; UNKNOWN is the constant `unknown`;
- the certain copy reads its body from certain copies; `not q(..)` reads "q is not even possible":
  `not q__p(..)`, and for positions of q that may be unknown, also not with `unknown` there
  (every combination), which is the compiler's `q__pm` helper spelt out;
- the possible copy reads possible copies; `not q(..)` reads `not q__c(..)`; at positions that may
  be unknown a join is the compiler's `_eq3` (equal, or either side unknown), and a comparison or an
  assignment holds / yields `unknown` when an operand is unknown. Each such choice is split into
  variants (one ASP rule per combination), e.g. `X < 40` in the possible copy becomes the variants
  `X != unknown, X < 40` and `X = unknown`;
- arithmetic: + - * and abs are clingo's; min/max become variants; floor/ceil/round of a division
  by a positive integer constant are exact integer formulas (clingo's `/` truncates). Any other
  division is rejected (Unsupported).
- decimals: an input whose value is only ever compared with constants is scaled by 10^k (k = the
  most decimal places among those constants; `C >= 0.1` on alcohol_concentration becomes
  `C >= 10` with the case value 0.08 written as 8). A decimal value anywhere else is rejected
  (Unsupported) rather than approximated.
"""
from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..language.ast import Assign, BinOp, Call, Compare, Const, Negative, Positive, Rule, Var, term_vars
from ..core.values import UNKNOWN
from ..language.ast import literal_vars

if TYPE_CHECKING:
    from ..language.checks import CheckedProgram

INT_MIN, INT_MAX = -(2 ** 31), 2 ** 31 - 1
CASE = "K"


class Unsupported(Exception):
    """The program or a case value has no faithful ASP translation here."""


def _places(value: Fraction) -> int:
    k = 0
    while (value * 10 ** k).denominator != 1:
        k += 1
        if k > 9:
            raise Unsupported(f"{value} is not a decimal")
    return k


def term_text(value: Any, scale: int = 1) -> str:
    """A case or rule value as clingo term text."""
    if value is UNKNOWN:
        return "unknown"
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, (int, Fraction)):
        scaled = Fraction(value) * scale
        if scaled.denominator != 1:
            raise Unsupported(f"the decimal {value} cannot be written as a clingo integer here")
        n = int(scaled)
        if not INT_MIN <= n <= INT_MAX:
            raise Unsupported(f"the number {value} does not fit a clingo (32-bit) integer")
        return str(n)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    raise Unsupported(f"no ASP term for {value!r}")


def _var(name: str) -> str:
    if not all(c.isalnum() or c in "_'" for c in name):  # head arithmetic: named by its text
        import hashlib
        return "VE" + hashlib.sha256(name.encode()).hexdigest()[:16]
    return "V" + name  # our variables may start with `_`; clingo's `_x` would be a constant


class AspProgram:
    def __init__(self, checked: CheckedProgram, value_places: dict | None = None) -> None:
        """value_places: input name -> decimal places seen in case values (see `for_cases`)."""
        self.checked = checked
        self.mu = checked.mu
        self.scalable, self.scales = self._scales(value_places or {})
        self.preds = {}                      # (name, arity) for every base and derived predicate
        self.rules: list[str] = []
        for key in list(checked.base) + list(checked.derived):
            self.preds[key] = True
        for i, rule in enumerate(checked.rules):
            for copy in ("c", "p"):
                self.rules.extend(self._rule(rule, copy))
        defined = [f"#defined {n}__{c}/{a + 1}." for (n, a) in self.preds for c in ("c", "p")]
        # a known fact is written once, as certain; the possible copy takes it from there
        bridge = []
        for (n, a) in checked.base:
            xs = "".join(f", X{i}" for i in range(a))
            bridge.append(f"{n}__p({CASE}{xs}) :- {n}__c({CASE}{xs}).")
        self.text = "\n".join(defined + bridge + self.rules) + "\n"

    # -- decimals ------------------------------------------------------------------------
    @classmethod
    def for_cases(cls, checked: CheckedProgram, cases_rows: Iterable, base: "AspProgram | None" = None) -> "AspProgram":
        """A program whose decimal scales also cover the decimals in these cases' values."""
        base = base or cls(checked)
        places: dict = {}
        for rows in cases_rows:
            for row in rows:
                if row.pred in base.scalable and len(row.args) == 2:
                    v = row.args[1]
                    if isinstance(v, Fraction) and v.denominator != 1:
                        places[row.pred] = max(places.get(row.pred, 0), _places(v))
        if all(base.scales.get(p, 1) >= 10 ** k for p, k in places.items()):
            return base
        return cls(checked, places)

    def _scales(self, value_places: dict) -> tuple:
        """(scalable inputs, input name -> 10^k) for inputs only compared with constants."""
        checked = self.checked
        prog = checked.program
        inputs = {k[0] for k, kind in checked.base.items() if kind == "input" and k[1] == 2
                  and prog.preds.get(k) is not None and prog.preds[k].params[1].type == "number"}
        places: dict = {}
        ok = {name: True for name in inputs}
        for rule in checked.rules:
            for lit in rule.body:
                if not isinstance(lit, (Positive, Negative)) or lit.atom.pred not in inputs:
                    continue
                name = lit.atom.pred
                a = lit.atom.args[1]
                if isinstance(a, Const):
                    if isinstance(a.value, Fraction) and a.value.denominator != 1:
                        places[name] = max(places.get(name, 0), _places(a.value))
                    continue
                if not isinstance(a, Var) or a.anonymous:
                    continue
                uses = [x for x in rule.body if x is not lit and a.name in _lit_vars(x)]
                if a.name in term_vars_all(rule.head.args):
                    ok[name] = False
                for use in uses:
                    if not isinstance(use, Compare):
                        ok[name] = False
                        continue
                    other = use.right if use.left == a else use.left if use.right == a else None
                    if not isinstance(other, Const):
                        ok[name] = False
                        continue
                    if isinstance(other.value, Fraction) and other.value.denominator != 1:
                        places[name] = max(places.get(name, 0), _places(other.value))
        for name, k in value_places.items():
            places[name] = max(places.get(name, 0), k)
        scalable = {name for name in inputs if ok[name]}
        return scalable, {name: 10 ** k for name, k in places.items() if name in scalable and k}

    # -- rules ---------------------------------------------------------------------------
    def _rule(self, rule: Rule, copy: str) -> list:
        head = rule.head
        head_text = f"{head.pred}__{copy}({', '.join([CASE] + [self._term(a, {}) for a in head.args])})"
        if not rule.body:
            return [f"{head_text} :- case({CASE})."]
        mu = self.mu
        choices: list[list[list[str]]] = []          # each a list of alternatives; an alternative is a list of literals
        bound: set = set()
        unknown_vars: set = set()
        scale_of: dict = {}         # var -> scale of the input value that binds it
        fresh = [0]

        def new_var() -> str:
            fresh[0] += 1
            return f"Wf{fresh[0]}"  # every rule variable is spelt V..., so W... is fresh

        for lit in rule.body:
            if isinstance(lit, Positive):
                key = lit.atom.key
                positions = mu.get(key, frozenset())
                options: list[list[tuple[str, list[str]]]] = []         # per argument: [(argument text, extra conditions)]
                scale = self.scales.get(lit.atom.pred, 1)
                for i, a in enumerate(lit.atom.args):
                    text = (_var(a.name) if isinstance(a, Var)
                            else self._const(a.value, scale if i == 1 else 1))
                    if copy == "p":
                        # the compiler's _eq3 (equal, or either side unknown), spelt as variants
                        risky = i in positions or (isinstance(a, Var) and a.name in unknown_vars)
                        if isinstance(a, Const) and i in positions:
                            options.append([(text, []), ("unknown", [])])
                            continue
                        if isinstance(a, Var) and a.name in bound and risky:
                            opts: list[tuple[str, list[str]]] = [(text, []), ("unknown", [])]
                            if a.name in unknown_vars:
                                opts.append((new_var(), [f"{text} = unknown"]))
                            options.append(opts)
                            continue
                        if isinstance(a, Var) and i in positions:
                            unknown_vars.add(a.name)
                    if isinstance(a, Var):
                        if i == 1 and scale != 1 and a.name not in bound:
                            scale_of[a.name] = scale
                        bound.add(a.name)
                    options.append([(text, [])])
                alts: list[list[str]] = []
                for combo in itertools.product(*options):
                    atom = f"{lit.atom.pred}__{copy}({', '.join([CASE] + [t for t, _ in combo])})"
                    alts.append([atom] + [c for _, cs in combo for c in cs])
                choices.append(alts)
            elif isinstance(lit, Negative):
                key = lit.atom.key
                scale = self.scales.get(lit.atom.pred, 1)
                args = [_var(a.name) if isinstance(a, Var) else self._const(a.value, scale if i == 1 else 1)
                        for i, a in enumerate(lit.atom.args)]
                if copy == "c":
                    positions = sorted(mu.get(key, frozenset()))
                    lits = []
                    for n in range(len(positions) + 1):
                        for subset in itertools.combinations(positions, n):
                            row = [("unknown" if j in subset else t) for j, t in enumerate(args)]
                            lits.append(f"not {lit.atom.pred}__p({', '.join([CASE] + row)})")
                    choices.append([lits])
                else:
                    choices.append([[f"not {lit.atom.pred}__c({', '.join([CASE] + args)})"]])
            elif isinstance(lit, Compare):
                choices.append(self._compare(lit, copy, unknown_vars, scale_of))
            elif isinstance(lit, Assign):
                names = sorted(term_vars(lit.expr))
                target = _var(lit.var.name)
                alts = []
                maybe_unknown = [n for n in names if n in unknown_vars] if copy == "p" else []
                for conds, term in self._expr(lit.expr, scale_of):
                    alts.append([f"{_var(n)} != unknown" for n in maybe_unknown] + conds + [f"{target} = {term}"])
                for name in maybe_unknown:
                    alts.append([f"{_var(name)} = unknown", f"{target} = unknown"])
                choices.append(alts)
                bound.add(lit.var.name)
                if copy == "p" and set(names) & unknown_vars:
                    unknown_vars.add(lit.var.name)
        if not any(isinstance(lit, Positive) for lit in rule.body):
            choices.insert(0, [[f"case({CASE})"]])
        out: list[str] = []
        for variant in itertools.product(*choices):
            body = [x for alt in variant for x in alt]
            if any(x.endswith(" = unknown") and x.replace(" = ", " != ") in body for x in body):
                continue  # a variant that asks a value to be unknown and known at once
            out.append(f"{head_text} :- {', '.join(body)}.")
        return out

    def _compare(self, lit: Compare, copy: str, unknown_vars: set[str], scale_of: dict) -> list[list[str]]:
        names = sorted(term_vars(lit.left) | term_vars(lit.right))
        op = {"=": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}[lit.op]
        scale = 1
        scaled = {scale_of[n] for n in names if n in scale_of}
        if scaled:
            if len(scaled) > 1 or len(names) != 1:
                raise Unsupported(f"comparison `{lit}` mixes scaled values")
            scale = scaled.pop()
        alts: list[list[str]] = []
        maybe_unknown = [n for n in names if n in unknown_vars] if copy == "p" else []
        for lc, lt in self._expr(lit.left, scale_of, scale):
            for rc, rt in self._expr(lit.right, scale_of, scale):
                alts.append([f"{_var(n)} != unknown" for n in maybe_unknown] + lc + rc + [f"{lt} {op} {rt}"])
        for n in maybe_unknown:
            alts.append([f"{_var(n)} = unknown"])
        return alts

    def _term(self, a: Var | Const, scale_of: dict) -> str:
        if isinstance(a, Var):
            return _var(a.name)
        return self._const(a.value, 1)

    def _const(self, value: Any, scale: int) -> str:
        return term_text(value, scale)

    def _expr(self, e: object, scale_of: dict, const_scale: int = 1) -> list[tuple[list[str], str]]:
        """[(conditions, term text)] alternatives for an arithmetic expression."""
        if isinstance(e, Const):
            return [([], self._const(e.value, const_scale))]
        if isinstance(e, Var):
            return [([], _var(e.name))]
        if isinstance(e, BinOp):
            if e.op == "/":
                raise Unsupported(f"division `{e}` outside floor/ceil/round has no integer result")
            out = []
            for lc, lt in self._expr(e.left, scale_of, const_scale):
                for rc, rt in self._expr(e.right, scale_of, const_scale):
                    out.append((lc + rc, f"({lt} {e.op} {rt})"))
            return out
        if isinstance(e, Call):
            if e.fn in ("floor", "ceil", "round") and isinstance(e.args[0], BinOp) and e.args[0].op == "/":
                div = e.args[0]
                if not (isinstance(div.right, Const) and isinstance(div.right.value, int)
                        and not isinstance(div.right.value, bool) and div.right.value > 0):
                    raise Unsupported(f"`{e}`: only division by a positive integer constant is translated")
                b = div.right.value
                out = []
                for conds, a in self._expr(div.left, scale_of, const_scale):
                    if e.fn == "floor":
                        out.append((conds, _floordiv(a, b)))
                    elif e.fn == "ceil":
                        out.append((conds, f"(-{_floordiv(f'(-{a})', b)})"))
                    else:  # half away from zero
                        out.append((conds + [f"{a} >= 0"], _floordiv(f"(2*{a} + {b})", 2 * b)))
                        out.append((conds + [f"{a} < 0"], f"(-{_floordiv(f'(-2*{a} + {b})', 2 * b)})"))
                return out
            if e.fn in ("floor", "ceil", "round"):
                return self._expr(e.args[0], scale_of, const_scale)  # integers only
            if e.fn == "abs":
                return [(c, f"|{t}|") for c, t in self._expr(e.args[0], scale_of, const_scale)]
            if e.fn in ("min", "max"):
                out = []
                for ac, at in self._expr(e.args[0], scale_of, const_scale):
                    for bc, bt in self._expr(e.args[1], scale_of, const_scale):
                        first = "<=" if e.fn == "min" else ">="
                        second = ">" if e.fn == "min" else "<"
                        out.append((ac + bc + [f"{at} {first} {bt}"], at))
                        out.append((ac + bc + [f"{at} {second} {bt}"], bt))
                return out
        raise Unsupported(f"no ASP translation for `{e}`")

    # -- cases ---------------------------------------------------------------------------
    def facts(self, cid: int, rows: Iterable) -> str:
        """ASP facts for one case's FactRows (known: the certain copy, which the program copies into
        the possible one; unknown: the possible copy)."""
        out = [f"case({cid})."]
        scales = self.scales
        for row in rows:
            scale = scales.get(row.pred, 1)
            args = ", ".join([str(cid)] + [term_text(v, scale if i == 1 else 1) for i, v in enumerate(row.args)])
            out.append(f"{row.pred}__{'c' if row.known else 'p'}({args}).")
        return "\n".join(out)

    def solve(self, cases_rows: Sequence, shown: Iterable, facts_text: str | None = None,
              timing: dict | None = None) -> list[dict]:
        """All cases in one program. shown: [(pred, arity)]. Returns, per case, a dict
        (pred, copy) -> set of row tuples (values as the engine has them). `timing`, if given,
        receives the seconds spent in "parse" (rules and facts text), "ground" and "solve" (with
        reading the shown atoms back)."""
        import time

        import clingo
        ctl = clingo.Control(["--warn=none"])
        shows = "".join(f"#show {p}__{c}/{a + 1}." for p, a in shown for c in ("c", "p"))
        text = facts_text if facts_text is not None else "\n".join(
            self.facts(i, rows) for i, rows in enumerate(cases_rows))
        t0 = time.perf_counter()
        ctl.add("base", [], self.text + shows + "\n" + text)
        tp = time.perf_counter()
        ctl.ground([("base", [])])
        t1 = time.perf_counter()
        results: list[dict] = [dict() for _ in range(len(cases_rows))]
        for res in results:
            for p, a in shown:
                res[(p, "c")] = set()
                res[(p, "p")] = set()

        def on_model(model: Any) -> None:
            for sym in model.symbols(shown=True):
                name, copy = sym.name.rsplit("__", 1)
                args = sym.arguments
                results[args[0].number][(name, copy)].add(tuple(_value(x) for x in args[1:]))
        ctl.solve(on_model=on_model)
        t2 = time.perf_counter()
        if timing is not None:
            timing.update(parse=tp - t0, ground=t1 - tp, solve=t2 - t1)
        return results


def _floordiv(a: str, b: int) -> str:
    """floor(a / b) for b > 0 with clingo's truncating `/` and `\\`."""
    return f"(({a} - ((({a}) \\ {b}) + {b}) \\ {b}) / {b})"


def _value(sym: Any) -> Any:
    import clingo
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Function and sym.name == "unknown" and not sym.arguments:
        return UNKNOWN
    raise Unsupported(f"unexpected clingo value {sym}")


def _lit_vars(lit: object) -> set:
    return literal_vars(lit)


def term_vars_all(args: Iterable) -> set:
    out: set = set()
    for a in args:
        out |= term_vars(a)
    return out
