"""What-if items a trainee can learn from (trainer review 3, handouts 03, 08, 09, 10, 12).

Before: handout 03's first what-if read "had been 0 grams per 100 milliliters instead of 0.14 grams
per 100 milliliters": 0 is not the nearest value below "0.1 or more" (0.099 is, as the law file's own
reading says), and the unit is in neither the case nor the excerpt. Decimal thresholds now step one
place finer than the case and the threshold are written, and a number whose unit the excerpt does
not name is printed bare.
"""
from pathlib import Path

import pytest

from reasoner.answer.answering import answer_case, with_interpretation
from reasoner.apps.whatif import nearest_step, what_if
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, resolve

ROOT = Path(__file__).resolve().parents[2]


def _whatif(path, query, limit=4):
    rb = default_rulebase()
    atom, saved = resolve(query)
    atom = check_atom(atom, rb.checked)
    loaded = load_case(str(path), rb.checked)
    base = with_interpretation(rb, loaded, atom, saved, answer_case(rb, loaded, atom, saved))
    return base, what_if(rb, loaded, atom, saved, base=base, max_results=limit)


@pytest.fixture(scope="module")
def sled():
    return _whatif(ROOT / "facts/ch350_impaired_borrowed_sled.yaml", "violations")


def test_decimal_threshold_steps_one_place_finer():
    from fractions import Fraction
    assert nearest_step(Fraction(1, 10), Fraction(7, 50)) == 3     # 0.1 and 0.14 -> 0.099 / 0.101
    assert nearest_step(40, 30) == 0                                # whole numbers: a step of 1


def test_alcohol_concentration_nearest_value_below_the_limit_with_no_unit(sled):
    _, result = sled
    lines = [o.handout_sentence for o in result.nearest(4)]
    first = next(x for x in lines if "alcohol concentration" in x)
    assert "had been 0.099 instead of 0.14" in first, first
    assert "had been 0 " not in first and "grams" not in first and "milliliters" not in first
    # the result of 0.099: (a) and the owner's s. 350.08 stay
    assert "Chris Meyer (the operator) violated s. 350.101(1)(a)" in first
    assert "Quinn Adler (the owner or person in charge or control) violated s. 350.08" in first
