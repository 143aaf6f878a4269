"""Soundness of the three-valued answers against every completion of the unknown inputs.

For random stratified programs over entity attributes (booleans, numbers, references) and random
cases where some attributes are left out (unknown): whatever the engine calls *true* holds in every
completion of the unknowns, and whatever holds in some completion the engine calls possible (true
or undetermined). Completions are evaluated two-valued (which test_differential checks against
clingo)."""
import itertools
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reasoner.engine.pydatalog.compiler import Compiled
from reasoner.engine.pydatalog.session import Session
from reasoner.facts.rows import FactRow
from reasoner.language.checks import check
from reasoner.language.parser import parse_text
from reasoner.core.values import UNKNOWN

from test_differential import rule  # noqa: F401  (same rule generator)

ENTS = ["a", "b", "c"]
NUMS = [0, 2, 3, 6]
SIGS = {"f": ("s",), "n": ("s", "i"), "e": ("s", "s")}
DECLS = ('@entity thing "a thing".\n'
         '@input f(T: thing) "{T} is f".\n'
         '@input n(T: thing, V: number) "the n of {T}".\n'
         '@input e(T: thing, U: thing) "the e of {T}".\n')
PROFILE = int(os.environ.get("REASONER_3V_EXAMPLES", "40"))


@st.composite
def cases(draw):
    attrs = {}
    for ent in ENTS:
        attrs[(ent, "f")] = draw(st.sampled_from([True, False, None]))
        attrs[(ent, "n")] = draw(st.sampled_from(NUMS + [None]))
        attrs[(ent, "e")] = draw(st.sampled_from(ENTS + [None]))
    unknown = [k for k, v in attrs.items() if v is None]
    keep = draw(st.permutations(unknown))[:3]  # at most three unknowns; the rest become known
    for k in unknown:
        if k not in keep:
            attrs[k] = {"f": False, "n": 0, "e": "a"}[k[1]]
    return attrs


@st.composite
def programs(draw):
    from test_differential import rule as rule_strategy
    sigs = dict(SIGS)
    rules = []
    for i in range(draw(st.integers(1, 4))):
        head_sig = draw(st.sampled_from([("s",), ("s", "i")]))
        for _ in range(draw(st.integers(1, 2))):
            rules.append(draw(rule_strategy(f"d{i}", head_sig, dict(sigs))))
        sigs[f"d{i}"] = head_sig
    return rules


def rows_for(attrs):
    out = [FactRow("thing", (x,), True) for x in ENTS]
    for (ent, attr), v in attrs.items():
        if attr == "f":
            if v is None:
                out.append(FactRow("f", (ent,), False))
            elif v:
                out.append(FactRow("f", (ent,), True))
        else:
            out.append(FactRow(attr, (ent, UNKNOWN if v is None else v), v is not None))
    return out


def derived_rows(compiled, checked, rows):
    certain, possible = set(), set()
    with Session(compiled, rows) as s:
        for key in checked.derived:
            if "__" in key[0]:
                continue
            c, p = s.status(key[0], (None,) * key[1])
            certain |= {(key[0], r) for r in c}
            possible |= {(key[0], r) for r in p}
    return certain, possible


@settings(max_examples=PROFILE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), cases())
def test_answers_are_sound_for_every_completion(rules, attrs):
    checked = check(parse_text(DECLS + "\n".join(rules) + "\n", "random3.dl"))
    compiled = Compiled(checked)
    certain, possible = derived_rows(compiled, checked, rows_for(attrs))
    unknown = [k for k, v in attrs.items() if v is None]
    domains = [[True, False] if k[1] == "f" else NUMS + [1, 5] if k[1] == "n" else ENTS for k in unknown]
    every = None
    for values in itertools.product(*domains):
        complete = dict(attrs)
        complete.update(zip(unknown, values))
        model, model_p = derived_rows(compiled, checked, rows_for(complete))
        assert model == model_p  # a complete case is two-valued
        assert {r for r in model if not any(v is UNKNOWN for v in r[1])} <= possible_match(possible, model)
        every = model if every is None else every & model
    assert certain <= every


def possible_match(possible, model):
    """Rows of `model` that some possible row covers (UNKNOWN matches any value)."""
    out = set()
    for pred, row in model:
        for ppred, prow in possible:
            if ppred == pred and all(p is UNKNOWN or p == v for p, v in zip(prow, row)):
                out.add((pred, row))
                break
    return out
