"""The exact split's second try through the goal's own rules (engine/exact/split.py, exact_steps and
cone_helps; unknowns.unknowns, cone): a permit's gross weight is refused as an input to split
because the fee table of s. 348.25(8) (annual_weight_fee, outside the forfeiture's rules) reads it
non-linearly. The forfeiture's evaluation reads no rule outside its dependency cone, so the weight
can be split for the forfeiture; the split tries that only when its first try ended open on such a
refusal, and keeps it only when exact. Each answer is checked against every completion of the
case's unknown inputs on a grid (tests/engine/splitgrid.py), generated cases of bench/gen.py (seed 1)
as case files."""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.core.values import UNKNOWN, TimeOfDay
from reasoner.engine.exact import probe, split
from reasoner.engine.exact.unknowns import unknowns
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, pattern, resolve

from tests.engine.splitgrid import assert_exact_over, completions

HERE = Path(__file__).parent


def _setup(n):
    rb = default_rulebase()
    case = load_case(HERE / f"exact14b_gen{n}.yaml", rb.checked)
    atom, _ = resolve("forfeiture")
    return rb, case, check_atom(atom, rb.checked)


def _answer(rb, case, atom):
    return split.split_many(rb, atom, pattern(atom), [case])[0]


def _rows(ex):
    return sorted(((b["V"], b["Min"], b["Max"]) for b in ex.bindings), key=repr)


def _grid(rb, case, atom, values: dict) -> dict:
    """values_of for splitgrid.completions: each unknown input the forfeiture reads (unknowns, through
    its own rules) takes the values `values` gives its (predicate, entity), else its first choice's."""
    out = {}
    for u in unknowns(rb, case, atom, cone=True):
        key = (u.row.pred, u.entity)
        if key in values:
            out[u.index] = values[key]
        else:
            assert u.choices, key
            out[u.index] = [u.choices[0].value]
    return out


def _no_second_try(monkeypatch):
    monkeypatch.setattr(split, "cone_helps", lambda *a, **k: False)
    monkeypatch.setattr(probe, "cone_helps", lambda *a, **k: False)


def _always_cone(monkeypatch):
    real = split.unknowns
    monkeypatch.setattr(split, "unknowns", lambda rb, loaded, atom, order=(), named=None, cone=False:
                        real(rb, loaded, atom, order, named, True))


# -- case 183: one vehicle, its found weight stated, its annual permit's weight unknown ---------------

def _worlds_183(rb, case, atom):
    # every bracket of the excess over the permit's weight (the found weight 26,707 lb less it), at
    # its ends and inside, and the weights past the found weight and under the maximum
    weights = sorted({26707 - k + d for k in range(0, 6001, 500) for d in (-1, 0, 1)} | {0, 10000, 30000, 112850})
    return completions(rb, case, atom, _grid(rb, case, atom, {
        ("weighed", "vehicle_1"): [True, None],
        ("permit_gross_weight_lb", "permit_1"): weights,
        ("prior_of", "prior_conviction_1"): ["vehicle_1", None],
        ("prior_under", "prior_conviction_1"): ["s2a", "s3", "s3g", "s2b"],
    }))


def test_183_refused_the_permit_weight_before(monkeypatch):
    _no_second_try(monkeypatch)
    rb, case, atom = _setup(183)
    ex = _answer(rb, case, atom)
    assert ex.exact is False
    assert ex.reason == ("permit_gross_weight_lb of permit_1 cannot be split exactly: a rule reads a value "
                         "computed from it non-linearly through `annual_weight_fee(P, C)`")


def test_183_exact_through_the_forfeitures_own_rules():
    rb, case, atom = _setup(183)
    ex = _answer(rb, case, atom)
    assert ex.exact is True and ex.reason == "" and ex.answer == "undetermined"
    assert ex.evaluations <= 150
    assert _rows(ex) == sorted([("vehicle_1", 14000, 29000), ("vehicle_1", 25000, 40000),
                                ("vehicle_1", 45000, 60000), ("vehicle_1", 5000, 10000),
                                ("vehicle_1", 7000, 22000), ("vehicle_1", UNKNOWN, UNKNOWN)], key=repr)
    worlds = _worlds_183(rb, case, atom)
    assert_exact_over(ex, atom, worlds)
    produced = set().union(*worlds.values())
    # the Kleene answer's mixed ranges (a rate of one world with a basis of another) are gone
    for gone in [("vehicle_1", 10000, 25000), ("vehicle_1", 6000, 21000), ("vehicle_1", 8000, 23000)]:
        assert gone not in produced and gone not in _rows(ex)
    # a permit weight past the found weight: exempt, no forfeiture (hence undetermined)
    assert any(not rows for rows in worlds.values())


# -- case 975: the permit in no world in force, the second try not taken ------------------------------

_W975 = [19998, 19999, 20000, 20500, 20998, 20999, 21000, 21500, 21998, 21999, 22000, 22500, 22998, 22999,
         23000, 23500, 23998, 23999, 24000, 24500, 24998, 24999, 25000, 26000, 40000]


def _worlds_975(rb, case, atom):
    return completions(rb, case, atom, _grid(rb, case, atom, {
        ("found_weight_lb", "vehicle_1"): _W975,
        ("permit_gross_weight_lb", "permit_1"): [0, 20000, 22998, 23000, 99999],
        ("exceeds_weight", "permit_1"): [True, None],
        ("permit_hours_from", "permit_1"): [TimeOfDay.parse(t) for t in ("00:00", "04:20", "12:00")],
        ("other_permit_condition_violated", "vehicle_1"): [True, None],
    }))


_975_BASE = [("vehicle_1", 39000, 49000), ("vehicle_1", 5000, 5000), ("vehicle_1", 51000, 61000),
             ("vehicle_1", 65000, 75000), ("vehicle_1", UNKNOWN, UNKNOWN)]


def test_975_exact_and_unchanged():
    """Exact at the first try (the permit is not in force in any world, so its weight reads nothing):
    the answer is the one before, with one open row for the amounts inside the found weight's brackets
    (a rate times an excess that moves with the weight)."""
    rb, case, atom = _setup(975)
    ex = _answer(rb, case, atom)
    assert ex.exact is True and ex.answer == "undetermined"
    assert _rows(ex) == sorted(_975_BASE, key=repr)
    assert_exact_over(ex, atom, _worlds_975(rb, case, atom))


def test_975_through_the_cone_alone_is_sound_and_finer(monkeypatch):
    """With the permit's weight split at once (the cone for every input, as the patch tried first):
    also exact and sound, but the found weight is cut where the permit's lines meet, among them lines
    filled in from the other vehicle's found weight (19998: the fill-in reads every vehicle's rows, a
    superset): single found weights such as 22998 lb (excess 2999 lb at 8 cents: $389.92 to $489.92),
    each a completion of its own, listed beside the open row that already covers them."""
    _always_cone(monkeypatch)
    rb, case, atom = _setup(975)
    ex = _answer(rb, case, atom)
    assert ex.exact is True and ex.answer == "undetermined"
    points = [("vehicle_1", 38992, 48992), ("vehicle_1", 50991, 60991), ("vehicle_1", 64990, 74990)]
    assert _rows(ex) == sorted(_975_BASE + points, key=repr)
    worlds = _worlds_975(rb, case, atom)
    assert_exact_over(ex, atom, worlds)
    # each listed point is a found weight's own: 22998, 23998, 24998 lb (the maximum is 19,999 lb)
    at = next(u.index for u in unknowns(rb, case, atom, cone=True) if u.row.pred == "found_weight_lb")
    weight_at = sorted(i for i, r in enumerate(case.rows) if r is not None and not r.known
                       and i in {u.index for u in unknowns(rb, case, atom, cone=True)}).index(at)
    for weight, row in zip((22998, 23998, 24998), points):
        assert {key[weight_at] for key, rows in worlds.items() if row in rows} == {weight}


@pytest.mark.parametrize("n", [14])
def test_14_exact_through_the_forfeitures_own_rules(n, monkeypatch):
    rb, case, atom = _setup(n)
    ex = _answer(rb, case, atom)
    assert ex.exact is True and ex.answer == "undetermined"
    # checked against 300 sampled completions (bench/exact_sample_check.py 1000 14 300): 0 problems
    assert _rows(ex) == sorted([("vehicle_1", 1103690, 1118690), ("vehicle_1", 14000, 29000),
                                ("vehicle_1", 25000, 40000), ("vehicle_1", 45000, 60000),
                                ("vehicle_1", 5000, 10000), ("vehicle_1", 7000, 22000),
                                ("vehicle_1", UNKNOWN, UNKNOWN)], key=repr)
    _no_second_try(monkeypatch)
    before = _answer(rb, case, atom)
    assert before.exact is False
    assert before.reason.startswith("found_weight_lb of vehicle_1 cannot be split exactly")


# -- the batch path (`reasoner batch`): the completions' probe does not stop these at once ------------

def _verdict(n):
    from reasoner.apps.batch import Item, run_verdicts
    from reasoner.core.settings import current, use
    rb, case, atom = _setup(n)
    _, saved = resolve("forfeiture")
    with use(current().replace(exact_budget=None)):
        return list(run_verdicts(rb, atom, [Item(f"gen_{n}", case)], saved=saved, cases=[case]))[0]


@pytest.mark.parametrize("n", [14, 183])
def test_batch_exact(n):
    r = _verdict(n)
    assert r["exact"] is True and "exact_reason" not in r
    assert r["answer"] == "undetermined"


@pytest.mark.parametrize("n, reason", [
    (14, "found_weight_lb of vehicle_1 cannot be split exactly: a rule compares it with "
         "`permit_gross_weight_lb`, which the case leaves unknown too"),
    (183, "permit_gross_weight_lb of permit_1 cannot be split exactly: a rule reads a value computed from it "
          "non-linearly through `annual_weight_fee(P, C)`")])
def test_batch_before(n, reason, monkeypatch):
    _no_second_try(monkeypatch)
    r = _verdict(n)
    assert r["exact"] is False and r["exact_reason"] == reason


def test_183_second_try_past_the_budget_says_so():
    """Where the second try does not finish, the reason is its own: the input can be split, the budget
    is what is short (not "cannot be split exactly", which more budget would not cure)."""
    rb, case, atom = _setup(183)
    ex = split.split_many(rb, atom, pattern(atom), [case], budget=20)[0]
    assert ex.exact is False
    assert ex.reason == "the split needs more than 20 branch evaluations"
