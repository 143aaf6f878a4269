"""An unknown input compared with another value (`W > M`, `X = W - B, X <= 2000`) is split at the
case's values of that other value: the weight found against the stated maximum, as a constant
threshold would be (engine/exact/domains.py, relative cuts). When the other value is unknown too,
the two are split as a pair (tests/engine/test_split_pairs.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from reasoner.answer.answering import ask
from reasoner.core.settings import current, use
from reasoner.core.values import UNKNOWN
from reasoner.engine.exact.domains import domain_of
from reasoner.engine.rulebase import default_rulebase
from reasoner.engine.exact.split import exact_answer
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, pattern, resolve

ROOT = Path(__file__).resolve().parents[2]
TRUCK = (ROOT / "facts" / "ch348_delivery_truck_small_excess.yaml").read_text()
MAX = 20000


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _case(tmp_path, weight="unknown", limit=MAX, name="truck.yaml"):
    text = TRUCK.replace("found_weight_lb: 20800", f"found_weight_lb: {weight}")
    text = text.replace("max_weight_lb: 20000", f"max_weight_lb: {limit}")
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _amounts(answer):
    return {(b["Min"], b["Max"]) for b in answer.bindings}


def test_weight_unknown_limit_stated_forfeiture_is_exact_and_every_bracket_reached(tmp_path):
    rb = default_rulebase()
    exact = ask(_case(tmp_path), "forfeiture", rb)
    assert exact.exact, exact.exact_reason
    assert exact.answer == "undetermined"      # not overweight at all is a world the case allows
    listed = _amounts(exact)
    points = {a for a in listed if UNKNOWN not in a}
    # the brackets of s. 348.21 (3) (a) and (3) (b) 1, at their edges: excess 1,000 and under is
    # $50-$100; at 2,000, 3,000, 4,000, 5,000 lb: $50 + 1, 3, 5, 8 cents a pound (b) 1.a-d
    assert points == {(5000, 10000), (7000, 22000), (14000, 29000), (25000, 40000), (45000, 60000)}
    assert (UNKNOWN, UNKNOWN) in listed        # between the edges the amount moves with the weight
    # the weight found decides it (the deciding fact)
    assert len(exact.missing) == 1 and "weight in pounds found for the box truck" in exact.missing[0]
    # every weight's own answer is one the exact answer lists, and every point listed is produced
    produced = set()
    weights = [0, 19999, 20000, 20000.5, 20001, 20999, 21000, 21000.5, 21001, 21500, 22000, 22001, 22999,
               23000, 23001, 24000, 24001, 25000, 25001, 25000.25, 31234]
    for i, w in enumerate(weights):
        stated = ask(_case(tmp_path, w, name=f"w{i}.yaml"), "forfeiture", rb)
        assert stated.exact
        got = _amounts(stated)
        assert len(got) <= 1
        produced |= got
        for amount in got:
            assert amount in points or (UNKNOWN, UNKNOWN) in listed
    assert points <= produced
    assert produced - points                    # some weight gives an amount no edge gives


def test_the_split_points_follow_the_stated_limit(tmp_path):
    rb = default_rulebase()
    loaded = load_case(_case(tmp_path, limit=30000), rb.checked)
    decl = rb.checked.program.preds[("found_weight_lb", 2)]
    choices, flow = domain_of(rb.checked, decl, loaded.entities, loaded.rows)
    values = {c.value for c in choices if c.point}
    assert {30000, 31000, 32000, 33000, 34000, 35000} <= values
    assert 20000 in values                     # the constant of s. 348.21 (3t) (b) stays
    other = load_case(_case(tmp_path, limit=MAX, name="other.yaml"), rb.checked)
    other_values = {c.value for c in domain_of(rb.checked, decl, other.entities, other.rows)[0] if c.point}
    assert 30000 not in other_values and 35000 not in other_values   # the points are the case's


def test_both_sides_unknown_is_split_as_a_pair(tmp_path):
    """Both the weight found and the maximum unknown: the pair is taken apart (one first, then the
    other at its cuts filled in with the first's value, engine/exact/unknowns.py), within the
    default budget once the cuts of rules no world of the case reaches are left out (the
    husbandry basis of s. 348.21 (3t) (b): the case states no husbandry violation). Over the plane
    the amount moves with the excess: the answer lists it as unknown (the amounts of the
    brackets are then points of the plane no branch stands for alone)."""
    rb = default_rulebase()
    answer = ask(_case(tmp_path, limit="unknown"), "forfeiture", rb)
    assert answer.exact, answer.exact_reason
    assert answer.answer == "undetermined"           # within the maximum is a world the case allows
    assert _amounts(answer) == {(UNKNOWN, UNKNOWN)}
    loaded = load_case(_case(tmp_path, limit="unknown", name="pair.yaml"), rb.checked)
    atom = check_atom(resolve("forfeiture")[0], rb.checked)
    ex = exact_answer(rb, loaded, atom, pattern(atom), settle=False)
    assert ex.exact and ex.evaluations <= 150
    # stated pairs: over the maximum by 800 lb, by 4,500 lb, and under it
    for i, (w, m, amounts) in enumerate([(20800, 20000, {(5000, 10000)}), (34500, 30000, {(41000, 56000)}),
                                         (19000, 20000, set())]):
        stated = ask(_case(tmp_path, w, m, name=f"s{i}.yaml"), "forfeiture", rb)
        assert stated.exact and _amounts(stated) == amounts
