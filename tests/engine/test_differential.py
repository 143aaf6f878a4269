"""Differential testing: random stratified non-recursive programs with negation and comparisons;
the engine's model must equal clingo's on every one."""
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

clingo = pytest.importorskip("clingo")

from reasoner.engine.pydatalog.compiler import Compiled  # noqa: E402
from reasoner.engine.pydatalog.session import Session  # noqa: E402
from reasoner.facts.rows import FactRow  # noqa: E402
from reasoner.language.checks import check  # noqa: E402
from reasoner.language.parser import parse_text  # noqa: E402

SYMS = ["a", "b", "c"]
BASE = {"e": ("s", "s"), "n": ("s", "i"), "f": ("s",)}
PROFILE = int(os.environ.get("REASONER_DIFF_EXAMPLES", "60"))


@st.composite
def programs(draw):
    facts = []
    for pred, sig in BASE.items():
        for _ in range(draw(st.integers(0, 5))):
            args = [draw(st.sampled_from(SYMS)) if t == "s" else draw(st.integers(0, 5)) for t in sig]
            facts.append((pred, tuple(args)))
    sigs = dict(BASE)
    rules = []
    for i in range(draw(st.integers(1, 4))):
        head_sig = draw(st.sampled_from([("s",), ("s", "i")]))
        name = f"d{i}"
        for _ in range(draw(st.integers(1, 2))):
            rules.append(draw(rule(name, head_sig, dict(sigs))))
        sigs[name] = head_sig
    return facts, rules, sigs


@st.composite
def rule(draw, name, head_sig, sigs):
    body, bound = [], {}
    svars, ivars = ["X", "Y"], ["N", "M"]
    for _ in range(draw(st.integers(1, 3))):
        pred = draw(st.sampled_from(sorted(sigs)))
        args = []
        for t in sigs[pred]:
            v = draw(st.sampled_from(svars if t == "s" else ivars))
            args.append(v)
            bound[v] = t
        body.append(f"{pred}({', '.join(args)})")
    sb = [v for v, t in bound.items() if t == "s"]
    ib = [v for v, t in bound.items() if t == "i"]
    if not sb:
        pred = "f"
        body.append("f(X)")
        bound["X"] = "s"
        sb = ["X"]
    if ib and draw(st.booleans()):
        op = draw(st.sampled_from(["<", "<=", ">", ">=", "=", "!="]))
        right = draw(st.one_of(st.integers(0, 5).map(str), st.sampled_from(ib)))
        body.append(f"{draw(st.sampled_from(ib))} {op} {right}")
    if draw(st.booleans()):
        pred = draw(st.sampled_from(sorted(sigs)))
        args = []
        for t in sigs[pred]:
            pool = sb if t == "s" else ib
            if pool and draw(st.booleans()):
                args.append(draw(st.sampled_from(pool)))
            else:
                args.append(draw(st.sampled_from(SYMS)) if t == "s" else str(draw(st.integers(0, 5))))
        body.append(f"not {pred}({', '.join(args)})")
    head = [draw(st.sampled_from(sb))]
    if head_sig == ("s", "i"):
        head.append(draw(st.sampled_from(ib)) if ib else str(draw(st.integers(0, 5))))
    return f"{name}({', '.join(head)}) :- {', '.join(body)}."


def clingo_model(facts, rules):
    text = "".join(f"{p}({', '.join(map(str, a))}).\n" for p, a in facts) + "\n".join(rules) + "\n"
    text += "".join(f"#defined {p}/{len(s)}.\n" for p, s in BASE.items())
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    out = set()
    ctl.solve(on_model=lambda m: out.update(
        (s.name, tuple(a.number if a.type == clingo.SymbolType.Number else a.name for a in s.arguments))
        for s in m.symbols(atoms=True)))
    return out


def our_model(facts, rules, sigs):
    def decl(p, s):
        params = ", ".join(f"A{i}: " + ("symbol" if t == "s" else "number") for i, t in enumerate(s))
        return f'@input {p}({params}) "{p}".\n'
    decls = "".join(decl(p, s) for p, s in BASE.items())
    checked = check(parse_text(decls + "\n".join(rules) + "\n", "random.dl"))
    compiled = Compiled(checked)
    rows = [FactRow(p, a, True) for p, a in facts]
    out = set(facts)
    with Session(compiled, rows) as s:
        for key in checked.derived:
            if "__" in key[0]:
                continue
            certain, possible = s.status(key[0], (None,) * key[1])
            assert certain == possible  # no unknown inputs: two-valued
            out |= {(key[0], tuple(r)) for r in certain}
    return out


@settings(max_examples=PROFILE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_engine_model_equals_clingo(prog):
    facts, rules, sigs = prog
    assert our_model(facts, rules, sigs) == clingo_model(set(facts), rules)
