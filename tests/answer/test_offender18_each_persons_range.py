"""Each liable person's range is the one their own record gives (trainer review 16, G1 and item 1).

A repeat-offence range of s. 348.21(3)(b)2 is imposed only on a person whose own record holds the
counted prior; a person whose record the case does not give gets the first-conviction range, marked
assumed, never the range the priors give another ("imposed on the first vehicle's driver (the operator,
against whom the listed priors are not shown to count)" beside a second-conviction range: the
contradiction printed on box17b).

Worked from the excerpt:
- tests/fixtures/offender18_two_mixers_drivers_prior.yaml: limit 66,000 lb. The first mixer 68,500 lb,
  excess 2,500 lb; its driver Tomas Reyes's judgment 6 months ago counts (the description gives it as
  the driver's): 2nd conviction, $100-$300 + 5 cents x 2,500 = $125: $225.00 to $425.00 (s.
  348.21(3)(b)2), imposed on Tomas Reyes; Birchwood Ready-Mix, the authority holder, is prosecuted
  where practicable (s. 348.20(1)), and the driver's prior is not shown to count against it. The
  second mixer 66,700 lb, excess 700 lb, no prior listed: $50.00 to $100.00 (s. 348.21(3)(a)),
  imposed on Ada Lind, nothing said of a record.
- tests/fixtures/offender18_flatbed_holders_prior.yaml: 71,200 lb against 66,000, excess 5,200 lb;
  the authority holder Kessler Steel Supply's judgment 4 months ago counts: $100-$300 + 18 cents x
  5,200 = $936: $1,036.00 to $1,236.00 (s. 348.21(3)(b)2), against Kessler Steel Supply. The driver
  Wes Amundsen's record is not given: for him the first-conviction range, $50-$200 + 15 cents x 5,200
  = $780: $830.00 to $980.00 (s. 348.21(3)(b)1), assumed.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from reasoner.answer.question import Question
from reasoner.render.jsonout import offenders

ROOT = Path(__file__).resolve().parent.parent.parent
MIXERS = ROOT / "tests" / "fixtures" / "offender18_two_mixers_drivers_prior.yaml"
FLATBED = ROOT / "tests" / "fixtures" / "offender18_flatbed_holders_prior.yaml"
BOX17B = ROOT / "tests" / "fixtures" / "box17b_two_trucks_appealed_prior.yaml"

# the contradiction: a range 'imposed on' someone against whom the listed priors are not shown to count
CONTRADICTION = re.compile(r"imposed on [^;()]+ \(the operator, against whom the listed priors are not shown to count\)")


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.fixture(scope="module")
def mixers():
    a = Question.of(str(MIXERS), "forfeiture").answer()
    return a, _flat(a.argument_text(width=400))


@pytest.fixture(scope="module")
def flatbed():
    a = Question.of(str(FLATBED), "forfeiture").answer()
    return a, _flat(a.argument_text(width=400))


def test_mixers_amounts(mixers):
    answer, _ = mixers
    assert answer.answer == "true"
    assert {(b["V"], b["Min"], b["Max"]) for b in answer.bindings} == {
        ("mixer_one", 22500, 42500), ("mixer_two", 5000, 10000)}


def test_the_driver_with_the_prior_gets_the_repeat_range_the_holder_does_not(mixers):
    _, text = mixers
    assert ("the first mixer: not less than $225.00 nor more than $425.00, imposed on Tomas Reyes (the operator, "
            "whose record the listed priors are); to be prosecuted, where practicable, against Birchwood Ready-Mix "
            "under s. 348.20(1), against whom the listed priors are not shown to count") in text
    # no prior listed with the second mixer: nothing said of anyone's record
    assert ("the second mixer: not less than $50.00 nor more than $100.00, imposed on Ada Lind (the operator); "
            "to be prosecuted, where practicable, against Birchwood Ready-Mix under s. 348.20(1).") in text
    assert "Ada Lind (the operator, " not in text
    assert not CONTRADICTION.search(text)
    assert "the person charged over" not in text


def test_mixers_table_and_json(mixers):
    answer, text = mixers
    assert ("Tomas Reyes (operator, s. 348.21(3), whose record the listed priors are) and, where practicable, "
            "Birchwood Ready-Mix (s. 348.20(1), against whom the listed priors are not shown to count)") in text
    rows = {(r["in"], r["offender"]): r for r in offenders(answer)}
    assert rows[("mixer_one", "tomas")]["listed_priors"] == "the listed priors are this person's record"
    assert rows[("mixer_one", "tomas")]["provision"] == "348.21(3)"
    assert rows[("mixer_one", "birchwood")]["listed_priors"] == \
        "the listed priors are not shown to count against this person"
    assert "listed_priors" not in rows[("mixer_two", "ada")]
    cited = set(answer.cited)
    assert {"348.21(3)(b)2", "348.21(3)(b)2.b", "348.21(3)(a)"} <= cited
    assert not any(c.startswith("348.21(3g)") for c in cited)


def test_flatbed_the_holders_prior_is_not_imposed_on_the_driver(flatbed):
    answer, text = flatbed
    assert answer.answer == "true"
    assert {(b["V"], b["Min"], b["Max"]) for b in answer.bindings} == {("flatbed", 103600, 123600)}
    assert ("the flatbed: not less than $1,036.00 nor more than $1,236.00 (s. 348.21(3)(b)2), imposed on Wes Amundsen "
            "(the operator) only at the first-conviction range, not this one (assumed: no prior conviction counted "
            "against Wes Amundsen — the case gives only Kessler Steel Supply's record); to be prosecuted, where "
            "practicable, against Kessler Steel Supply under s. 348.20(1)") in text
    # the first-conviction range, said as the assumption's other side, is the driver's own
    assert "$830.00 to $980.00 (s. 348.21(3)(b)1)" in text
    assert "imposed on Wes Amundsen (the operator, against whom" not in text
    assert not CONTRADICTION.search(text)
    rows = {r["offender"]: r for r in offenders(answer)}
    assert rows["wes"]["listed_priors"].startswith(
        "the listed priors are not shown to count against this person: the range found counts them")
    assert "assumed: no prior conviction counted against this person" in rows["wes"]["listed_priors"]
    assert "listed_priors" not in rows["kessler"]
    assert "348.21(3)(b)2.e" in set(answer.cited) and "348.21(3)(b)1.e" not in set(answer.cited)


def test_box17b_no_range_imposed_against_the_record(tmp_path):
    answer = Question.of(str(BOX17B), "forfeiture").answer()
    text = _flat(answer.argument_text(width=400))
    assert not CONTRADICTION.search(text)
    # the sole trader's priors (the case names no one: its ids): the first truck's driver only at the
    # first-conviction range
    assert ("$388.00 nor more than $588.00 (s. 348.21(3)(b)2), imposed on truck_one_driver (the operator) only at the "
            "first-conviction range, not this one (assumed: no prior conviction counted against truck_one_driver — "
            "the case gives only sole_trader's record); to be prosecuted, where practicable, against sole_trader "
            "under s. 348.20(1)") in text
    # the second truck's prior is its driver's (the description says so), not counted (13 months)
    assert ("imposed on truck_two_driver (the operator, whose record the listed priors are); to be prosecuted, where "
            "practicable, against sand_company under s. 348.20(1), against whom the listed priors are not shown to "
            "count") in text


def test_an_unnamed_operator_beside_the_named_holder_with_the_prior():
    # facts/ch348_gravel_truck_repeat_offense.yaml: Jo Keller holds the authority, the prior is listed
    # as the person's charged; the case names no operator: not the 2nd-conviction range for them
    answer = Question.of(str(ROOT / "facts" / "ch348_gravel_truck_repeat_offense.yaml"), "forfeiture").answer()
    text = _flat(answer.argument_text(width=400))
    assert ("not less than $604.00 nor more than $804.00 (s. 348.21(3)(b)2), imposed on the operator of the dump "
            "truck, not named in the case, only at the first-conviction range, not this one (assumed: no prior "
            "conviction counted against the operator of the dump truck — the case gives only Jo Keller's record); "
            "to be prosecuted, where practicable, against Jo Keller under s. 348.20(1).") in text
    assert "imposed on the operator of the dump truck, not named in the case;" not in text
    # 4,200 lb over: 12 cents a pound (s. 348.21(3)(b)2.d), $100 + $504
    assert "348.21(3)(b)2.d" in set(answer.cited) and "348.21(3)(b)2.e" not in set(answer.cited)
