"""One unknown number compared with two others the case leaves unknown too (the operating time against
one permit's starting hour and its ending hour): the split takes the three apart as a *star*
(engine/exact/unknowns.py, _star): the shared one leads, at its own cuts and where each follower's cuts
meet, then each follower at its cuts filled in with the leader's value. Checked against brute force:
every completion of the three on a grid around every cut (with values in between) evaluated one by
one; the exact answer must be the answer over all of them, its true rows those every completion has,
and every row a completion has listed (as it is, or as an interval's UNKNOWN where a value moves)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from reasoner.core.settings import current, use
from reasoner.engine.exact.split import exact_answer
from reasoner.engine.exact.unknowns import unknowns
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, pattern, resolve
from splitgrid import assert_exact_over, completions, grid_of

VOCAB = '''@entity thing "a thing".
@input t(X: thing, T: number) "the t of {X}".
@input s(X: thing, S: number) "the s of {X}".
@input e(X: thing, E: number) "the e of {X}".
'''

# t is compared with s and with e (never s with e), with constants and offsets
PROGRAMS = {
    "outside": ("outside(X) :- t(X, T), s(X, S), T < S.\n"
                "outside(X) :- t(X, T), e(X, E), T > E.\n"),
    "band": ("band(X, B) :- t(X, T), s(X, S), T >= S + 2, T < 5, B = 1.\n"
             "band(X, B) :- t(X, T), e(X, E), D = T - E, D > 1, B = 2.\n"
             "band(X, B) :- s(X, S), S > 3, B = 3.\n"
             "band(X, B) :- t(X, T), T > 6, B = 4.\n"),
    "amount": ("amount(X, A) :- t(X, T), s(X, S), T > S, T <= S + 2, A = T - S.\n"
               "amount(X, A) :- t(X, T), e(X, E), E >= T, A = 10.\n"
               "amount(X, A) :- e(X, E), E < 2, A = E.\n"),
}
GRID = [Fraction(v, 2) for v in range(-2, 19)]     # -1 to 9 in halves: every cut and between


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_one_value_against_two_unknown_ones_is_exact_and_matches_every_completion(program, name):
    rb = program(VOCAB + PROGRAMS[name])
    case = {"entities": {"t1": {"type": "thing", "t": "unknown", "s": "unknown", "e": "unknown"}}}
    loaded = load_case(case, rb.checked)
    atom, _ = resolve(f"{name}(t1)" if name == "outside" else f"{name}(t1, V)")
    atom = check_atom(atom, rb.checked)
    found = {u.row.pred: u for u in unknowns(rb, loaded, atom)}
    # t leads, s and e follow it (neither is compared with the other)
    assert found["t"].leader is None and found["t"].choices
    assert found["s"].leader == found["t"].index and found["e"].leader == found["t"].index
    ex = exact_answer(rb, loaded, atom, pattern(atom), budget=20000, settle=False)
    assert ex.exact, ex.reason
    assert_exact_over(ex, atom, completions(rb, loaded, atom, grid_of(loaded, {"t": GRID, "s": GRID, "e": GRID})))


def test_two_followers_compared_with_each_other_are_no_star(program):
    """s compared with e as well: no one value fixes every comparison, the split stays refused (and
    says why) rather than splitting cells in which a comparison still moves."""
    rb = program(VOCAB + PROGRAMS["outside"] + "outside(X) :- s(X, S), e(X, E), S > E.\n")
    case = {"entities": {"t1": {"type": "thing", "t": "unknown", "s": "unknown", "e": "unknown"}}}
    loaded = load_case(case, rb.checked)
    atom = check_atom(resolve("outside(t1)")[0], rb.checked)
    found = unknowns(rb, loaded, atom)
    assert all(u.leader is None for u in found)
    ex = exact_answer(rb, loaded, atom, pattern(atom), budget=20000, settle=False)
    assert not ex.exact and "cannot be split exactly" in ex.reason
