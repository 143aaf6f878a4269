"""The set engine (engine/setsession.py, the default for answers and proofs) against the reference
engine (pyDatalog through engine/session.py): the same answer, bindings, missing facts and the
same proof graph, node for node and edge for edge, attributes included.

- every hand-written case in facts/ with every saved query;
- generated cases (bench/gen.py) over the bundled law, for the goals the benchmark uses;
- the --rules fixture programs.
A broken engine is caught: dropping one row of a body relation changes a proof.
"""
from pathlib import Path

import pytest

from bench.fastload import load_all
from bench.gen import generate
from reasoner.answer.answering import answer_case
from reasoner.engine import setsession
from reasoner.facts.case import load_case
from reasoner.law.queries import resolve
from reasoner.engine.rulebase import default_rulebase, program_rulebase

ROOT = Path(__file__).resolve().parents[2]
FACTS = sorted((ROOT / "facts").glob("*.yaml"))
SAVED = sorted(p.stem for p in (ROOT / "queries").glob("*.yaml"))


def graph_parts(g):
    return (dict(g.graph), sorted((n, sorted(d.items(), key=repr)) for n, d in g.nodes(data=True)),
            sorted((u, v, sorted(d.items())) for u, v, d in g.edges(data=True)))


def both(rb, case, query):
    atom, saved = resolve(query)
    ref = answer_case(rb, case, atom, saved, engine="pydatalog")
    fast = answer_case(rb, case, atom, saved, engine="sets")
    return ref, fast


def assert_same(ref, fast, what):
    assert (fast.answer, fast.bindings, fast.missing) == (ref.answer, ref.bindings, ref.missing), what
    assert graph_parts(fast.graph) == graph_parts(ref.graph), what
    assert fast.cited == ref.cited and fast.checked == ref.checked, what


@pytest.fixture(scope="module")
def law():
    return default_rulebase()


@pytest.mark.parametrize("path", FACTS, ids=lambda p: p.stem)
def test_hand_written_cases_same_answer_and_proof(law, path):
    case = load_case(path, law.checked)
    for query in SAVED:
        ref, fast = both(law, case, query)
        assert_same(ref, fast, f"{path.name} {query}")


def test_generated_cases_same_answer_and_proof(law):
    # 90: about half the generated cases hold no operation (lawful: not applicable) or no vehicle
    cases = load_all(law.checked, generate(law.checked, 424242, 90))
    answers = set()
    for i, case in enumerate(cases):
        for query in ("lawful", "forfeiture", "violations"):
            ref, fast = both(law, case, query)
            assert_same(ref, fast, f"generated case {i} {query}")
            answers.add((query, ref.answer))
    # the population reaches every answer of the two main goals
    assert {("lawful", a) for a in ("true", "false", "undetermined")} <= answers
    assert {("forfeiture", a) for a in ("true", "false", "undetermined")} <= answers


@pytest.mark.parametrize("program, cases", [
    ("trail.dl", ("night_lawful.yaml", "night_unknown.yaml", "night_unlawful.yaml", "two_violations.yaml")),
    ("weight.dl", ("weight_case.yaml",)),
])
def test_rules_fixtures_same_answer_and_proof(program, cases):
    """Every derived predicate of a --rules program, asked with all its arguments open."""
    fixtures = ROOT / "tests/fixtures/cli"
    rb = program_rulebase([fixtures / program])
    preds = sorted(key for key in rb.checked.derived if not key[0].startswith("_") and "__" not in key[0])
    assert preds
    for name in cases:
        loaded = load_case(fixtures / name, rb.checked)
        for pred, arity in preds:
            query = f"{pred}({', '.join(f'V{i}' for i in range(arity))})" if arity else pred
            ref, fast = both(rb, loaded, query)
            assert_same(ref, fast, f"{program} {name} {query}")


def test_a_broken_set_engine_is_caught(law, monkeypatch):
    """Mutation check: if the set engine lost one row of a rule body, the proofs would differ."""
    original = setsession.SetSession._body_rows   # rule bodies are computed on demand, seeded

    def lossy(self, code, copy, seed, out=None, budget=None):
        rows = original(self, code, copy, seed, out, budget)
        if copy == "c" and len(rows) == 1:
            return set()
        return rows
    monkeypatch.setattr(setsession.SetSession, "_body_rows", lossy)
    case = load_case(ROOT / "facts/ch350_night_direction_lawful.yaml", law.checked)
    ref, fast = both(law, case, "lawful")
    assert graph_parts(fast.graph) != graph_parts(ref.graph)


NAMED_UNDERSCORE = """
@entity thing "a thing".
@input a(X: thing) "{X} is a".
@input b(X: thing, Y: thing) "{X} is b of {Y}".
p(_X) :- a(_X).
q(X) :- a(X), not p(X).
r(X) :- b(X, _), not b(_, X).
"""


@pytest.mark.parametrize("engine", ["sets", "pydatalog"])
def test_a_variable_named_with_an_underscore_is_a_variable(program, engine):
    """`_X` binds like any named variable (LANGUAGE.md); only `_` alone is anonymous, and the
    checker's stand-ins for `_` print as `_` in proofs."""
    rb = program(NAMED_UNDERSCORE)
    case = {"entities": {"t1": {"type": "thing", "a": True, "b": "t1"}, "t2": {"type": "thing", "a": False, "b": "t1"}}}
    loaded = load_case(case, rb.checked)
    p = answer_case(rb, loaded, *resolve("p(Y)"), engine=engine)
    assert (p.answer, [b["Y"] for b in p.bindings]) == ("true", ["t1"])
    assert any("_X=t1" in str(d.get("bindings")) or d.get("bindings", {}).get("_X") == "t1"
               for _, d in p.graph.nodes(data=True) if d.get("kind") == "rule")
    r = answer_case(rb, loaded, *resolve("r(Y)"), engine=engine)
    assert (r.answer, [b["Y"] for b in r.bindings]) == ("true", ["t2"])
    r1 = answer_case(rb, loaded, *resolve("r(t1)"), engine=engine)
    text = r1.text()
    assert r1.answer == "false" and "`not b(_, X)` fails" in text and "not b(_, t1) is FALSE" in text
    assert "'" not in text


@pytest.mark.parametrize("engine", ["sets", "pydatalog"])
def test_facts_of_the_rule_file_and_of_the_case_are_united(program, tmp_path, engine):
    """`q(1).` in the rules and `q: [[9]]` in the case give q = {1, 9} (Datalog),
    the same on both engines, in `ask` and in `run` (before: the set engine saw q = {1}, pyDatalog
    q = {9})."""
    from reasoner.apps.run import evaluate_program
    text = "p(X) :- q(X), X > 5.\nq(1).\n"
    rb = program(text, fact_preds=(("q", 1),))
    loaded = load_case({"facts": {"q": [[9]]}}, rb.checked)
    q = answer_case(rb, loaded, *resolve("q(X)"), engine=engine)
    p = answer_case(rb, loaded, *resolve("p(X)"), engine=engine)
    assert sorted(b["X"] for b in q.bindings) == [1, 9]
    assert [b["X"] for b in p.bindings] == [9]
    assert "fact q(9) is TRUE: stated in the case" in q.text() and "rule q#1 applies" in q.text()
    (tmp_path / "u.dl").write_text(text)
    (tmp_path / "u.yaml").write_text("facts: {q: [[9]]}\n")
    model = evaluate_program([tmp_path / "u.dl"], tmp_path / "u.yaml", "q(X)", engine)
    assert model["model"] == {"p": [[9]], "q": [[1], [9]]}
