"""Offenders and liability lines (trainer review 15: 11, 12 and the G-notes on offenders).

tests/fixtures/offender16_route_and_escort.yaml, worked from the excerpt:
- the beam lowboy: 112,500 lb, permit 110,000, its driver Wren Okafor left the permitted route, so a
  condition is broken and par. (b) does not apply: penalized on the statutory 80,000 lb (s.
  348.25(2)(a)); excess 32,500 lb at 15 cents (s. 348.21(3)(b)1.e) = $4,875; first conviction:
  $4,925.00 to $5,075.00. "Any person who violates a condition of a permit under which that person
  is operating" is the operator, Wren Okafor; s. 348.20(1) names Tamarack Heavy Haul, the authority
  holder, where practicable.
- the boiler flatbed: 88,000 lb, permit 90,000, ran without its escort: excess 8,000 lb over 80,000;
  Ilse Varga's judgment 5 months ago is her own record (she is the offender of par. (a)), so a 2nd
  conviction: $100-$300 plus 18 cents x 8,000 = $1,440: $1,540.00 to $1,740.00; the authority holder
  is not named.

tests/fixtures/offender16_held_and_reloaded.yaml: the potato semi, 82,750 lb gross over 80,000, not
reloadable, is held (s. 348.19(2)(a)); still overweight: excess 2,750 lb at 3 cents (s.
348.21(3)(b)1.b) = $82.50, first conviction (no prior listed): $132.50 to $282.50, to be prosecuted
where practicable against the authority holder (s. 348.20(1)), not named. The lumber semi reloaded.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from reasoner.answer.question import Question

ROOT = Path(__file__).resolve().parent.parent.parent
ROUTE = ROOT / "tests" / "fixtures" / "offender16_route_and_escort.yaml"
HELD = ROOT / "tests" / "fixtures" / "offender16_held_and_reloaded.yaml"
AGENCY = ROOT / "tests" / "fixtures" / "prosecute14_haulers_and_agency.yaml"
UNNAMED = ("to be prosecuted, where practicable, against the person holding the authority, certificates, "
           "licenses or permits evidencing operating privileges from the department (s. 348.20(1)), "
           "whom the case does not name")


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.fixture(scope="module")
def route():
    q = Question.of(str(ROUTE), "permit_condition_forfeiture")
    return q.answer()


@pytest.fixture(scope="module")
def held():
    return Question.of(str(HELD), "must_reload").answer()


def test_permit_condition_offender_is_the_operator(route):
    assert route.answer == "true"
    text = _flat(route.argument_text(width=400))
    answer_box = text.split("Answer: ", 1)[1].split(" Vehicle:", 1)[0]
    assert ("not less than $4,925.00 nor more than $5,075.00 (s. 348.25(2)(a)), imposed on Wren Okafor (the "
            "operator, who violated a condition of the permit under which the vehicle was operated (s. "
            "348.25(2)(a))); to be prosecuted, where practicable, against Tamarack Heavy Haul under s. "
            "348.20(1)") in answer_box
    assert ("not less than $1,540.00 nor more than $1,740.00 (s. 348.25(2)(a)), imposed on Ilse Varga") in answer_box
    # the unnamed authority holder said once in the answer, by the statute's words, never by the
    # scenario's words for the driver
    assert answer_box.count("whom the case does not name") == 1
    assert UNNAMED in answer_box
    assert "flatbed's driver under s. 348.20(1)" not in text
    # the table: each person under the provision that names them
    assert ("the beam lowboy: Wren Okafor (operator, s. 348.25(2)(a)) and, where practicable, Tamarack Heavy "
            "Haul (s. 348.20(1)) / $4,925.00 to $5,075.00 (s. 348.25(2)(a))") in text
    # her prior is her own record, and not shown to count against the authority holder (review 16, G1)
    assert ("the boiler flatbed: Ilse Varga (operator, s. 348.25(2)(a), whose record the listed priors are) and, "
            "where practicable, the authority holder (s. 348.20(1), against whom the listed priors are not shown "
            "to count), not named in the case / $1,540.00 to $1,740.00 (s. 348.25(2)(a))") in text
    # the driver's prior is the offender's own record: no assumption that it is someone else's
    assert "drivers' record" not in text and "record of the person prosecuted" not in text
    assert "348.25(2)(b)" in text   # argued as excluded (a condition broken), never applied
    assert "applies instead" not in text


def test_permit_condition_offenders_in_json(route):
    from reasoner.render.jsonout import offenders
    rows = {(o["in"], o["provision"], o["offender"]) for o in offenders(route)}
    assert rows == {("beam_lowboy", "348.25(2)(a)", "wren"), ("beam_lowboy", "348.15 to 348.17", "tamarack"),
                    ("boiler_flatbed", "348.25(2)(a)", "ilse"), ("boiler_flatbed", "348.15 to 348.17", None),
                    # the operator named by s. 348.21(3) too, under the weight forfeiture the penalty is (review 16, G1)
                    ("beam_lowboy", "348.21(3)", "wren"), ("boiler_flatbed", "348.21(3)", "ilse")}


def test_held_vehicle_row_gives_its_forfeiture_and_offender(held):
    assert {r["entity"]: r["answer"] for r in held.each} == {"potato_semi": "true", "lumber_semi": "false"}
    text = _flat(held.argument_text(width=400))
    assert ("the potato semi: potato_driver (operator, s. 348.21(3)) and, where practicable, the authority holder "
            "(s. 348.20(1)), not named in the case / yes; if convicted of the overweight violation: $132.50 to $282.50 under s. 348.21(3)(b)1 (a "
            "first conviction: the case's facts list no prior conviction, taken as none)") in text
    assert "the lumber semi: no one: no forfeiture may be imposed" in text
    lumber = text.split("- the lumber semi: ", 1)[1].split(" The potato semi", 1)[0]
    assert "$" not in lumber and "no forfeiture may be imposed" in lumber   # reloaded: no amount
    from reasoner.render.jsonout import held_data
    data = held_data(held)
    assert [d["entity"] for d in data] == ["potato_semi"]
    assert data[0]["rows"][0]["Min"]["dollars"] == "132.50" and data[0]["rows"][0]["Max"]["dollars"] == "282.50"
    assert "348.21(3)(b)1.b" in data[0]["cited"] and "348.21(3)(b)2" not in data[0]["cited"]
    assert [o["role"] for o in data[0]["offenders"]] == ["operator", "person to be prosecuted, where practicable, under s. 348.20(1)"]


def test_held_vehicle_row_under_may_proceed():
    answer = Question.of(str(HELD), "may_proceed").answer()
    text = _flat(answer.argument_text(width=400))
    assert ("the potato semi: potato_driver (operator, s. 348.21(3)) and, where practicable, the authority holder "
            "(s. 348.20(1)), not named in the case / no; if convicted of the overweight violation: $132.50 to $282.50 under s. 348.21(3)(b)1") in text
    assert "the lumber semi: no penalty decided in this answer / yes" in text


def test_party_cleared_by_the_fact_not_the_ground_restated():
    from reasoner.apps.related import parties_answer
    q = Question.of(str(AGENCY), "prosecute")
    text = _flat(parties_answer(q, q.answer()))
    assert ("Northway Staffing: not liable — the case states that the person employing or directing the "
            "operator of the dump truck did not require or permit its operation on a highway contrary to ss. "
            "348.15 to 348.17, so Northway Staffing, as the person employing or directing the operator of "
            "the dump truck, did not commit a violation under s. 348.20(1), third sentence.") in text
    assert "third sentence: it did not require or permit" not in text
    assert text.count("Northway Staffing: not liable") == 1
