"""Two unknown numbers compared with each other (`W > M`, `W - M > 2`, both unknown): the split
takes the pair apart one after the other (engine/exact/unknowns.py, Unknown.leader; domains.py,
pair_lines): the leader at its own cuts and where the other's cuts meet, then the follower at its
cuts filled in with the leader's value. Checked against brute force: every completion on a grid
of values around every cut (with the values in between) evaluated one by one; the exact answer
must be the answer over all of them, its true rows those every completion has, and every row a
completion has listed (as it is, or as an interval's UNKNOWN where the value moves)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from reasoner.answer.answering import ask
from reasoner.core.settings import current, use
from reasoner.engine.exact.split import exact_answer
from reasoner.engine.exact.unknowns import unknowns
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, pattern, resolve
from splitgrid import assert_exact_over, completions, grid_of

VOCAB = '''@entity thing "a thing".
@input a(X: thing) "{X} is a".
@input n(X: thing, N: number) "the n of {X}".
@input m(X: thing, M: number) "the m of {X}".
@input k(X: thing, K: number) "the k of {X}".
'''

# each program compares n with m, with constants, with offsets, and computes values from both
PROGRAMS = {
    "over": "over(X) :- n(X, W), m(X, M), W > M.\n",
    "band": ("band(X, B) :- n(X, W), m(X, M), E = W - M, E > 2, E <= 5, B = 1.\n"
             "band(X, B) :- n(X, W), m(X, M), E = W - M, E > 5, B = 2.\n"
             "band(X, B) :- n(X, W), W > 4, B = 3.\n"),
    "amount": ("amount(X, A) :- n(X, W), m(X, M), E = W - M, E > 0, E < 3, A = E + 10.\n"
               "amount(X, A) :- n(X, W), m(X, M), W >= M + 3, W < 6, A = 100.\n"
               "amount(X, A) :- m(X, M), M > 2, A = M.\n"),
    "mixed": ("mixed(X) :- n(X, W), m(X, M), W >= M, W <= 2 * M, M < 4.\n"
              "mixed(X) :- n(X, W), m(X, M), W + M > 9.\n"),
    "every": ("every(X) :- n(X, W), m(X, M), W > M.\n"
              "every(X) :- n(X, W), m(X, M), W <= M.\n"),
}
GRID = [Fraction(v, 4) for v in range(-8, 61)]     # -2 to 15 in quarters: every cut and between


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_both_sides_unknown_is_exact_and_matches_every_completion(program, name):
    rb = program(VOCAB + PROGRAMS[name])
    case = {"entities": {"t1": {"type": "thing", "a": False, "k": 1}}}
    loaded = load_case(case, rb.checked)
    atom, _ = resolve(f"{name}(t1)" if name in ("over", "mixed", "every") else f"{name}(t1, V)")
    atom = check_atom(atom, rb.checked)
    found = unknowns(rb, loaded, atom)
    assert [u.leader is not None for u in found].count(True) == 1     # the pair is taken apart
    ex = exact_answer(rb, loaded, atom, pattern(atom), budget=5000, settle=False)
    assert ex.exact, ex.reason
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, {"n": GRID, "m": GRID})))


def test_the_three_valued_answer_alone_is_not_exact_on_these(program):
    """What the split replaces: both numbers unknown, the pair refused (the test above fails on a
    split that leaves them so)."""
    rb = program(VOCAB + PROGRAMS["band"])
    case = {"entities": {"t1": {"type": "thing", "a": False, "k": 1}}}
    with use(current().replace(exact_budget=0)):
        approx = ask(case, "band(t1, B)", rb)
    exact = ask(case, "band(t1, B)", rb)
    assert exact.exact and exact.answer == "undetermined"
    assert {b["B"] for b in exact.bindings} == {1, 2, 3}
    assert approx.answer == "undetermined"


def test_a_computed_value_no_world_of_the_case_has_cuts_nothing(program):
    """`m` is also compared with a value the rules compute non-linearly (sources_of cannot trace
    it); when no world of the case has that value (its rule needs `a`, stated false), it cuts
    nothing and the pair is still taken apart."""
    rb = program(VOCAB + PROGRAMS["over"] + "est(X, G) :- a(X), k(X, P), G = P * P.\n"
                 "within(X) :- est(X, G), m(X, M), G <= M.\n"
                 "goal(X) :- over(X).\ngoal(X) :- within(X).\n")
    case = {"entities": {"t1": {"type": "thing", "a": False, "k": 1}}}
    answer = ask(case, "goal(t1)", rb)
    assert answer.exact, answer.exact_reason
    assert answer.answer == "undetermined"
    # a world with the value: m is split at it too (est is 4 in every world that has it)
    stated = {"entities": {"t1": {"type": "thing", "a": True, "k": 2}}}
    cut = ask(stated, "goal(t1)", rb)
    assert cut.exact and cut.answer == "undetermined"
    # its value unknown (k unknown): m stays refused, with the reason
    open_k = {"entities": {"t1": {"type": "thing", "a": True, "k": "unknown"}}}
    refused = ask(open_k, "goal(t1)", rb)
    assert not refused.exact and "cannot be split exactly" in refused.exact_reason
