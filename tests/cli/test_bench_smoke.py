"""The benchmark's faster paths against the reference engine (pyDatalog through Session).

- a few hundred cases from bench/gen.py over the bundled law: engine/batch.py and the clingo
  translation give exactly the reference verdicts (certain and possible rows of each goal);
- every hand-written case in facts/ with every saved query;
- random small programs with unknown inputs (hypothesis): every derived predicate, both copies,
  on the batch path, on clingo and on the set engine (which also must give every rule body's rows),
  several cases evaluated together (so that cases cannot leak into each other);
- `bench/run --quick` runs end to end.
No timing is asserted here: bench/run measures, the tests only check answers.
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from randprog import head_atom, negated_literal

from bench.common import diff, goals, reference_verdicts, session_verdict
from bench.fastload import check_same, load_all
from bench.gen import generate, vocabulary
from bench.paths import path_batch, path_clingo
from reasoner.engine.batch import BatchProgram
from reasoner.engine.pydatalog.compiler import Compiled
from reasoner.engine.pydatalog.session import Session
from reasoner.engine.setsession import SetEngine, SetSession
from reasoner.core.errors import EvaluationError
from reasoner.facts.rows import FactRow
from reasoner.facts.case import load_case
from reasoner.language.checks import check
from reasoner.language.parser import parse_text
from reasoner.engine.rulebase import default_rulebase
from reasoner.core.values import UNKNOWN

ROOT = Path(__file__).resolve().parents[2]
SAVED = sorted(p.stem for p in (ROOT / "queries").glob("*.yaml"))
N_CASES = int(os.environ.get("REASONER_BENCH_SMOKE_CASES", "300"))
EXAMPLES = int(os.environ.get("REASONER_BATCH_DIFF_EXAMPLES", "40"))


@pytest.fixture(scope="module")
def law():
    return default_rulebase()


@pytest.fixture(scope="module")
def generated(law):
    dicts = generate(law.checked, 20260, N_CASES)
    cases = load_all(law.checked, dicts)
    check_same(law.checked, dicts, cases, sample=20)
    return cases


def test_generator_is_reproducible_and_uses_the_vocabulary(law):
    a = generate(law.checked, 7, 20)
    assert a == generate(law.checked, 7, 20)
    assert a != generate(law.checked, 8, 20)
    vocab = vocabulary(law.checked)
    kinds = {e["type"] for case in a for e in case["entities"].values()}
    assert kinds <= set(vocab.kinds) and {"operation", "vehicle"} <= kinds
    assert vocab.by_name["trail_distance_ft"].thresholds >= {40}
    assert {"county", "town"} <= vocab.by_name["highway_class"].symbols


def test_generated_cases_batch_and_clingo_equal_the_reference(law, generated):
    goal_atoms = goals(("lawful", "forfeiture"))
    ref = reference_verdicts(law.compiled, generated, goal_atoms)
    assert not diff("batch", ref, path_batch(law.checked, generated, goal_atoms)["verdicts"])
    pytest.importorskip("clingo")
    assert not diff("clingo", ref, path_clingo(law.checked, generated, goal_atoms)["verdicts"])
    # the cases spread over the answers: each goal gets at least two different answers
    for name, _ in goal_atoms:
        seen = {("true" if v[name][0] else "undetermined" if v[name][1] else "false") for v in ref}
        assert len(seen) >= 2, (name, seen)


def test_batch_chunks_give_the_same_answers(law, generated):
    goal_atoms = goals(("lawful", "forfeiture", "violations"))
    keys = [(a.pred, len(a.args)) for _, a in goal_atoms]
    program = BatchProgram(law.checked, goals=keys)
    rows = [c.rows for c in generated[:60]]
    whole = program.run(rows, chunk=None)
    chunked = program.run(rows, chunk=7)
    patterns = [(a.pred, (None,) * len(a.args)) for _, a in goal_atoms]
    for cid in range(len(rows)):
        for pred, args in patterns:
            assert whole.status(cid, pred, args) == chunked.status(cid, pred, args)
        assert whole.error(cid) is chunked.error(cid) is None
    for pred, _ in patterns:
        for copy in ("c", "p"):
            assert whole.rows(pred, copy) == chunked.rows(pred, copy)
    by_chunks = program.verdicts(rows, patterns, chunk=13)
    assert by_chunks == [{(p, a): tuple(map(frozenset, whole.status(cid, p, a))) for p, a in patterns}
                         for cid in range(len(rows))]


def test_hand_written_cases_with_every_saved_query(law):
    files = sorted((ROOT / "facts").glob("*.yaml"))
    if not files:
        pytest.skip("no facts/*.yaml yet")
    cases = [load_case(f, law.checked) for f in files]
    goal_atoms = goals(SAVED)
    ref = reference_verdicts(law.compiled, cases, goal_atoms)
    assert not diff("batch", ref, path_batch(law.checked, cases, goal_atoms)["verdicts"])
    pytest.importorskip("clingo")
    assert not diff("clingo", ref, path_clingo(law.checked, cases, goal_atoms)["verdicts"])


# -- random three-valued programs -------------------------------------------------------------
VOCAB = '''@entity thing "a thing".
@input e(A: thing, B: thing) "the e of {A}".
@input n(A: thing, N: number) "the n of {A}".
@input f(A: thing) "{A} is f".
'''
THINGS = ["a", "b", "c"]
BASE = {"thing": ("s",), "e": ("s", "s"), "n": ("s", "i"), "f": ("s",)}


@st.composite
def fact_rows(draw):
    rows = []
    things = draw(st.lists(st.sampled_from(THINGS), min_size=1, max_size=3, unique=True))
    for x in things:
        rows.append(FactRow("thing", (x,), True))
        for _ in range(draw(st.integers(0, 2))):
            if draw(st.integers(0, 3)) == 0:
                rows.append(FactRow("e", (x, UNKNOWN), False))
            else:
                rows.append(FactRow("e", (x, draw(st.sampled_from(things))), True))
        for _ in range(draw(st.integers(0, 2))):
            if draw(st.integers(0, 3)) == 0:
                rows.append(FactRow("n", (x, UNKNOWN), False))
            else:
                rows.append(FactRow("n", (x, draw(st.integers(0, 5))), True))
        truth = draw(st.sampled_from(["true", "false", "unknown"]))
        if truth != "false":
            rows.append(FactRow("f", (x,), truth == "true"))
    return rows


@st.composite
def rule(draw, name, head_sig, sigs):
    body, bound = [], {}
    for _ in range(draw(st.integers(1, 3))):
        pred = draw(st.sampled_from(sorted(sigs)))
        args = []
        for t in sigs[pred]:
            pool = ["X", "Y", "Z"] if t == "s" else ["N", "M"]
            if draw(st.integers(0, 5)) == 0:
                args.append(draw(st.sampled_from(THINGS)) if t == "s" else str(draw(st.integers(0, 5))))
                continue
            v = draw(st.sampled_from(pool))
            if v in bound and bound[v] != t:
                v = v + "2"
            args.append(v)
            bound[v] = t
        body.append(f"{pred}({', '.join(args)})" if args else pred)
    sb = [v for v, t in bound.items() if t == "s"]
    ib = [v for v, t in bound.items() if t == "i"]
    if not sb and head_sig.count("s"):
        body.append("thing(X)")
        bound["X"] = "s"
        sb = ["X"]
    if ib and draw(st.booleans()):
        op = draw(st.sampled_from(["<", "<=", ">", ">=", "=", "!="]))
        right = draw(st.one_of(st.integers(0, 5).map(str), st.sampled_from(ib)))
        body.append(f"{draw(st.sampled_from(ib))} {op} {right}")
    if ib and draw(st.booleans()):
        body.append(f"P = {draw(st.sampled_from(ib))} {draw(st.sampled_from(['+', '-', '*']))} "
                    f"{draw(st.integers(0, 3))}")
        ib = ib + ["P"]
    if draw(st.booleans()):
        body.append(negated_literal(draw, sigs, sb, ib, THINGS))
    return f"{head_atom(draw, name, head_sig, sb, ib, THINGS)} :- {', '.join(body)}."


@st.composite
def programs(draw):
    sigs = dict(BASE)
    rules = []
    for i in range(draw(st.integers(1, 4))):
        head_sig = draw(st.sampled_from([("s",), ("s", "i"), ("s", "s"), ()]))
        name = f"d{i}"
        for _ in range(draw(st.integers(1, 2))):
            rules.append(draw(rule(name, head_sig, dict(sigs))))
        if draw(st.integers(0, 4)) == 0:
            rules.append(f"{name}({', '.join('a' if t == 's' else '2' for t in head_sig)})." if head_sig
                         else f"{name}.")
        sigs[name] = head_sig
    cases = draw(st.lists(fact_rows(), min_size=1, max_size=3))
    return rules, cases


def _models_equal(rules, cases):
    checked = check(parse_text(VOCAB + "\n".join(rules) + "\n", "random.dl"))
    compiled = Compiled(checked)
    preds = [k for k in checked.derived if "__" not in k[0]]
    batch = BatchProgram(checked).run(cases)
    clingo = pytest.importorskip("clingo")
    del clingo
    from reasoner.engine.clingo_export import AspProgram
    asp = AspProgram(checked).solve(cases, preds)
    sets = SetEngine(checked, compiled.codes, list(checked.derived))
    for cid, rows in enumerate(cases):
        with Session(compiled, rows) as s, SetSession(sets, rows) as one:
            for code in compiled.codes.rules:  # every rule body, as the proof builder re-solves it
                if code.rule.body:
                    for body in (code.body_c, code.body_p):
                        pattern = (None,) * max(len(code.variables), 1)
                        assert one.rows(body, pattern) == s.rows(body, pattern), (str(code.rule), body, cid)
            for name, arity in preds:
                assert one.status(name, (None,) * arity) == s.status(name, (None,) * arity), (name, cid, "sets")
                ref = s.status(name, (None,) * arity)
                got = batch.status(cid, name, (None,) * arity)
                assert batch.error(cid) is None
                assert got == ref, (name, cid, "batch", got, ref)
                via_asp = (asp[cid][(name, "c")], asp[cid][(name, "p")])
                assert via_asp == ref, (name, cid, "clingo", via_asp, ref)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_random_three_valued_programs_batch_and_clingo_equal_the_reference(prog):
    rules, cases = prog
    _models_equal(rules, cases)


@pytest.mark.parametrize("rules", [
    # negation of a 0-ary per-case predicate before any per-case positive literal
    ["z :- f(X).", "w(X) :- thing(X), not z."],
    # a rule reading only facts of the rules, for a per-case predicate
    ["k(a).", "k(b).", "h(X) :- k(X).", "h(X) :- thing(X), f(X)."],
    # unknown entity reference and joins on it
    ["r(X, Y) :- e(X, Y).", "q(X) :- thing(X), r(_, X).", "u(X) :- thing(X), not r(_, X)."],
    # a body that starts with an assignment (`N = 0` with N unbound) and a constant at an unknown position
    ["d0(X) :- n(a, N), e(a, a), thing(X), N = 0.", "d1(X) :- thing(X), not n(X, 3)."],
    # arithmetic on unknown values and comparisons of the result
    ["s(X, P) :- n(X, N), P = N * 2 + 1.", "big(X) :- s(X, P), P > 6.", "small(X) :- thing(X), not big(X)."],
])
def test_batch_edge_shapes(rules):
    cases = [
        [FactRow("thing", ("a",), True), FactRow("thing", ("b",), True), FactRow("f", ("a",), False),
         FactRow("e", ("a", UNKNOWN), False), FactRow("n", ("a", UNKNOWN), False), FactRow("n", ("b", 3), True)],
        [FactRow("thing", ("a",), True), FactRow("f", ("a",), True), FactRow("e", ("a", "a"), True),
         FactRow("n", ("a", 3), True)],
        [FactRow("thing", ("c",), True)],
    ]
    _models_equal(rules, cases)


def test_batch_reports_evaluation_errors_per_case(program):
    rb = program('@entity thing "t".\n@input n(A: thing, N: number) "n".\n'
                 'q(X, R) :- n(X, N), R = 10 / N.\n')
    cases = [[FactRow("thing", ("a",), True), FactRow("n", ("a", 0), True)],
             [FactRow("thing", ("a",), True), FactRow("n", ("a", 5), True)]]
    result = BatchProgram(rb.checked).run(cases)
    assert result.error(0) is not None and result.error(1) is None
    assert result.status(1, "q", (None, None))[0] == {("a", 2)}
    assert session_verdict(rb.compiled, cases[0], goals(["q(X, R)"]))[0] == "error"
    engine = rb.set_engine([("q", 2)])
    with pytest.raises(EvaluationError):
        with SetSession(engine, cases[0]):
            pass
    with SetSession(engine, cases[1]) as one:
        assert one.status("q", (None, None))[0] == {("a", 2)}


def test_bench_run_quick_end_to_end(tmp_path):
    out = tmp_path / "results.md"
    proc = subprocess.run([sys.executable, str(ROOT / "bench" / "run"), "--n", "20", "--proof-cases", "2",
                           "--ask-runs", "1", "--no-facts", "--out", str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "all verdicts agree with the reference engine" in proc.stdout
    text = out.read_text()
    assert "| 20 |" in text and "Machine:" in text and "One question in a fresh process" in text
