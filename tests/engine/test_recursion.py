"""Recursion: textbook Datalog programs on both engines, with clingo as the oracle.

Positive recursion within a stratum, negation only across strata; the set engine saturates a
recursive stratum semi-naively with the certain and possible copies each a least fixpoint; proofs
of recursive atoms are finite and acyclic (each atom justified by a derivation of least rank).
pyDatalog (the reference) runs the left-recursive forms only: right recursion on a cyclic graph
hangs it (/work/shared/PYDATALOG_NOTES.md).
"""
import itertools

import networkx as nx
import pytest

from reasoner.answer.answering import answer_case
from reasoner.core.errors import RuleError
from reasoner.facts.case import load_case
from reasoner.law.queries import resolve
from reasoner.core.values import UNKNOWN

LEFT = "path(X, Y) :- edge(X, Y).\npath(X, Z) :- path(X, Y), edge(Y, Z).\n"
RIGHT = "path(X, Y) :- edge(X, Y).\npath(X, Z) :- edge(X, Y), path(Y, Z).\n"
DOUBLE = "path(X, Y) :- edge(X, Y).\npath(X, Z) :- path(X, Y), path(Y, Z).\n"
CYCLIC = [["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"], ["d", "e"], ["f", "f"]]
CHAIN = [[f"n{i}", f"n{i + 1}"] for i in range(30)]


def closure(edges):
    g = nx.DiGraph()
    g.add_edges_from(map(tuple, edges))
    out = set()
    for x in g:
        for y in nx.descendants(g, x):
            out.add((x, y))
        if any(x in nx.descendants(g, s) for s in g.successors(x)) or g.has_edge(x, x):
            out.add((x, x))
    return out


def rows_of(rb, case, query, engine):
    ans = answer_case(rb, load_case(case, rb.checked), *resolve(query), engine=engine)
    return ans, {tuple(b[k] for k in sorted(b) if k != "answer") for b in ans.bindings if b["answer"] == "true"}


def clingo_rows(rb, case, pred):
    pytest.importorskip("clingo")
    from reasoner.engine.clingo_export import AspProgram
    loaded = load_case(case, rb.checked)
    key = next(k for k in rb.checked.derived if k[0] == pred)
    solved = AspProgram(rb.checked).solve([loaded.rows], [key])[0]
    return solved[(pred, "c")], solved[(pred, "p")]


@pytest.mark.parametrize("edges", [CYCLIC, CHAIN], ids=["cyclic", "chain"])
@pytest.mark.parametrize("text", [LEFT, RIGHT, DOUBLE], ids=["left", "right", "double"])
def test_transitive_closure(program, text, edges):
    rb = program(text, fact_preds=(("edge", 2),))
    case = {"facts": {"edge": edges}}
    expected = closure(edges)
    _, got = rows_of(rb, case, "path(X, Y)", "sets")
    assert got == expected
    assert clingo_rows(rb, case, "path") == (expected, expected)
    if text == LEFT:  # the reference engine terminates on left recursion
        _, ref = rows_of(rb, case, "path(X, Y)", "pydatalog")
        assert ref == expected


def test_transitive_closure_proof_is_a_finite_chain(program):
    rb = program(RIGHT, fact_preds=(("edge", 2),))
    ans, _ = rows_of(rb, {"facts": {"edge": CYCLIC}}, "path(a, e)", "sets")
    assert ans.answer == "true" and nx.is_directed_acyclic_graph(ans.graph)
    text = ans.text()
    # the shortest derivation (least rank): a -> b -> c -> d -> e, never back through a
    for step in ("edge(a, b)", "edge(b, c)", "edge(c, d)", "edge(d, e)"):
        assert f"fact {step} is TRUE" in text
    assert "edge(c, a)" not in text and "reasons shown above" not in text
    rules = [d for _, d in ans.graph.nodes(data=True) if d.get("kind") == "rule"]
    assert len(rules) == 4


def test_proofs_of_every_recursive_atom_are_acyclic_on_both_engines(program):
    rb = program(LEFT, fact_preds=(("edge", 2),))
    case = {"facts": {"edge": CYCLIC}}
    for x, y in sorted(closure(CYCLIC)):
        ref, _ = rows_of(rb, case, f"path({x}, {y})", "pydatalog")
        fast, _ = rows_of(rb, case, f"path({x}, {y})", "sets")
        assert nx.is_directed_acyclic_graph(fast.graph)
        assert sorted(fast.graph.edges) == sorted(ref.graph.edges)
        assert fast.text() == ref.text()


def test_why_not_over_a_recursive_rule_terminates_without_a_cycle(program):
    rb = program(LEFT, fact_preds=(("edge", 2),))
    ans, _ = rows_of(rb, {"facts": {"edge": CYCLIC}}, "path(e, a)", "sets")
    assert ans.answer == "false" and nx.is_directed_acyclic_graph(ans.graph)
    text = ans.text()
    assert "path(e, _) (the same question again, through recursion" in text
    assert "fact edge(e, _) is FALSE" in text


SAME_GENERATION = """
sg(X, X) :- person(X).
sg(X, Y) :- parent(X, XP), sg(XP, YP), parent(Y, YP).
"""


def test_same_generation(program):
    parent = [["b", "a"], ["c", "a"], ["d", "b"], ["e", "c"], ["f", "c"], ["g", "e"]]
    people = sorted({p for pair in parent for p in pair})
    rb = program(SAME_GENERATION, fact_preds=(("parent", 2), ("person", 1)))
    case = {"facts": {"parent": parent, "person": [[p] for p in people]}}
    _, got = rows_of(rb, case, "sg(X, Y)", "sets")
    depth = {"a": 0, "b": 1, "c": 1, "d": 2, "e": 2, "f": 2, "g": 3}
    assert got == {(x, y) for x in people for y in people if depth[x] == depth[y]}
    assert clingo_rows(rb, case, "sg") == (got, got)


MUTUAL = """
even(X) :- zero(X).
even(Y) :- odd(X), succ(X, Y).
odd(Y) :- even(X), succ(X, Y).
"""


def test_mutual_recursion(program):
    rb = program(MUTUAL, fact_preds=(("zero", 1), ("succ", 2)))
    case = {"facts": {"zero": [[0]], "succ": [[i, i + 1] for i in range(10)]}}
    assert rb.checked.recursive == {("even", 1), ("odd", 1)}
    _, even = rows_of(rb, case, "even(X)", "sets")
    _, odd = rows_of(rb, case, "odd(X)", "sets")
    assert even == {(i,) for i in range(0, 11, 2)} and odd == {(i,) for i in range(1, 11, 2)}
    assert clingo_rows(rb, case, "odd")[0] == odd


@pytest.mark.parametrize("text, reason", [(MUTUAL, "mutual recursion"), (RIGHT, "not left-linear"),
                                          (DOUBLE, "not left-linear")])
def test_pydatalog_refuses_recursion_it_may_not_finish(program, text, reason):
    """pyDatalog hung on these (and cannot be interrupted): a clear error instead of a hang."""
    from reasoner.core.errors import EvaluationError
    rb = program(text, fact_preds=(("zero", 1), ("succ", 2), ("edge", 2)))
    with pytest.raises(EvaluationError) as info:
        rows_of(rb, {"facts": {"edge": CYCLIC}}, "path(a, X)" if "path" in text else "even(X)", "pydatalog")
    assert reason in info.value.message and "--engine sets" in info.value.hint


# A game on positions: a player who cannot move is stuck. `win(X) :- move(X, Y), not win(Y).` is
# not stratified (win depends on its own negation); this variant is: reachability first, then
# negation of the lower stratum.
GAME = """
reach(X, Y) :- move(X, Y).
reach(X, Z) :- reach(X, Y), move(Y, Z).
has_move(X) :- move(X, _).
stuck(X) :- position(X), not has_move(X).
can_end(X) :- reach(X, Y), stuck(Y).
endless(X) :- position(X), not can_end(X), has_move(X).
"""


def test_stratified_game(program):
    moves = [["a", "b"], ["b", "c"], ["c", "b"], ["d", "e"], ["e", "f"], ["g", "g"]]
    rb = program(GAME, fact_preds=(("move", 2), ("position", 1)))
    case = {"facts": {"move": moves, "position": [[p] for p in "abcdefg"]}}
    for engine in ("sets", "pydatalog"):
        _, endless = rows_of(rb, case, "endless(X)", engine)
        _, can_end = rows_of(rb, case, "can_end(X)", engine)
        assert endless == {("a",), ("b",), ("c",), ("g",)}
        assert can_end == {("d",), ("e",)}
    assert clingo_rows(rb, case, "endless")[0] == {("a",), ("b",), ("c",), ("g",)}


def test_the_unstratified_game_is_a_clear_error(program):
    with pytest.raises(RuleError) as info:
        program("win(X) :- move(X, Y), not win(Y).\n", fact_preds=(("move", 2),))
    err = info.value
    assert "cycle through negation: win -> not win" in err.message
    assert err.location.endswith("prog.dl:1:1")
    assert "recursion is allowed only through positive literals" in err.hint


def test_a_longer_negative_cycle_shows_every_step(program):
    with pytest.raises(RuleError) as info:
        program("p(X) :- q(X), not r(X).\nr(X) :- s(X).\ns(X) :- t(X), p(X).\nq(a).\nt(a).\n")
    assert "cycle through negation: p -> not r -> s -> p" in info.value.message


# Three-valued recursion: links whose target is unknown, and gates whose state is unknown.
UNKNOWN_NET = """
@entity node "a node".
@input link(A: node, B: list of node) "the node {A} links to".
@input open(A: node) "{A} is open".
@predicate reaches(A: node, B: node) "{A} reaches {B}".
reaches(X, Y) :- link(X, Y), open(Y).
reaches(X, Z) :- reaches(X, Y), link(Y, Z), open(Z).
"""


def unknown_case():
    return {"entities": {
        "a": {"type": "node", "link": "b", "open": True},
        "b": {"type": "node", "link": ["c", "d"], "open": True},
        "c": {"type": "node", "link": "a", "open": "unknown"},
        "d": {"type": "node", "open": True},            # d's link unknown
        "e": {"type": "node", "link": "a", "open": False}}}


def test_recursion_with_unknown_inputs_is_three_valued(program):
    rb = program(UNKNOWN_NET)
    case = unknown_case()
    answers = {}
    for engine in ("sets", "pydatalog"):
        for x, y in itertools.product("abcde", repeat=2):
            ans, _ = rows_of(rb, case, f"reaches({x}, {y})", engine)
            answers.setdefault((x, y), set()).add(ans.answer)
            assert nx.is_directed_acyclic_graph(ans.graph)
    assert all(len(v) == 1 for v in answers.values())   # both engines agree
    truth = {k: v.pop() for k, v in answers.items()}
    assert truth[("a", "b")] == truth[("a", "d")] == truth[("e", "d")] == "true"
    assert truth[("a", "c")] == "undetermined"           # c's gate unknown
    assert truth[("d", "a")] == "undetermined"           # d's link unknown: may reach a
    assert truth[("a", "e")] == "false"                  # nothing links to e ... and e is closed
    certain, possible = clingo_rows(rb, case, "reaches")
    loaded = load_case(case, rb.checked)
    from reasoner.engine.setsession import SetSession
    with SetSession(rb.set_engine([("reaches", 2)]), loaded.rows) as s:
        assert s.status("reaches", (None, None)) == (certain, possible)
    assert any(UNKNOWN in row for row in possible)


def test_undetermined_recursive_atom_names_the_deciding_input(program):
    rb = program(UNKNOWN_NET)
    ans, _ = rows_of(rb, unknown_case(), "reaches(a, c)", "sets")
    assert ans.answer == "undetermined"
    assert ans.missing == ["whether c is open"]
