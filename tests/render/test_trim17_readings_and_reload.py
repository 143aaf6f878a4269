"""trim17 (trainer review 12, G5, G7, G8): the handout's boilerplate trimmed.

- The reload exception of s. 348.21(2)(b) is refused by the statute's own number where the excess is
  over 2,000 lb, in one line, unquoted, its readings not listed; where reloading is in issue (an
  excess of 2,000 lb or less) it is quoted and its readings listed as before.
- A reading the answer rests on is listed: the transformer at 21:30 under a 06:00-18:00 permit rests on
  'operating outside the hours ... violates a condition of the permit' (it was lost inside the
  exception within an exception, and documented on the rule for the start of the window only).
- The closing sentence under 'Our readings' names which readings were tried the other way.
"""
from pathlib import Path

import pytest

from reasoner.prose.readings import _numbers, tried_closing

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "facts"

RELOAD_QUOTE = 's. 348.21(2)(b): "If the load on any wheel, axle, or group of axles'
RELOAD_READING = "Reloading under s. 348.21(2)(b) is allowed when"
POSTED_READING = "Only the limits s. 348.21(2)(b) names can be reloaded under it"
HOURS_READING = "Operating outside the hours to which the permit limits use violates a condition of the permit."
OLD_CLOSING = "Each reading above that has an alternative set out in the law was also tried the other way"


def _md(case: str, query: str = "forfeiture") -> str:
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.apps.export import export_files
    from reasoner.core.settings import current
    q = Question.of(str(FACTS / case), query, default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q)
    return text


def _section(md: str, heading: str) -> str:
    start = md.index(f"## {heading}")
    end = md.find("\n## ", start + 1)
    return md[start:end if end >= 0 else None]


def _readings(md: str) -> list:
    return [line.split(". ", 1)[1] for line in _section(md, "Our readings").splitlines()
            if line[:1].isdigit() and ". " in line]


@pytest.fixture(scope="module")
def gravel():
    return _md("ch348_gravel_truck_repeat_offense.yaml")


def test_an_excess_over_2000_lb_is_refused_by_the_statute_s_number(gravel):
    argument = _section(gravel, "The argument")
    # the verdict, the provision and the offender unchanged
    assert "not less than $604.00 nor more than $804.00 (s. 348.21(3)(b)2)" in gravel
    assert "against Jo Keller under s. 348.20(1)" in gravel
    line = next(x for x in argument.splitlines() if "may reload under s. 348.21(2)(b)" in x)
    assert line == ("- Exception: the operator of the dump truck may reload under s. 348.21(2)(b) — "
                    "**the exception does not apply**, because the amount by which the weight found for the dump "
                    "truck exceeds the maximum weight applicable to it is 4,200 lb, more than the 2,000 lb named "
                    "in s. 348.21(2)(b)")
    # the case fact is no longer the reason, nor a fact the argument uses
    assert "would not bring all wheels and axles" not in line
    assert "would not bring all wheels and axles" not in _section(gravel, "The argument")
    assert "would not bring all wheels and axles within the statutory limits — *stated*" not in gravel
    # not in issue: the paragraph not quoted, its readings not listed
    assert RELOAD_QUOTE not in gravel
    readings = _readings(gravel)
    assert not any(r.startswith((RELOAD_READING, POSTED_READING)) for r in readings)
    assert any(r.startswith("The lead-in of s. 348.21(3)(b) is missing") for r in readings)


def test_the_closing_sentence_names_the_readings_tried(gravel):
    readings = _readings(gravel)
    tried = [i for i, r in enumerate(readings, 1) if r.startswith('"whether a 2nd or subsequent conviction')]
    assert tried == [5] and len(readings) == 5
    assert ("Tried the other way, without changing the answer: reading 5. Not tried another way: readings 1 to 4."
            in _section(gravel, "Our readings"))
    assert OLD_CLOSING not in gravel


def test_reloading_argued_keeps_its_quotation_and_readings():
    md = _md("ch348_tandem_axle_reloaded.yaml")
    assert "no forfeiture under s. 348.21 for the weight violation of the flatbed may be imposed" in md
    assert RELOAD_QUOTE in md
    assert any(r.startswith(RELOAD_READING) for r in _readings(md))


def test_reloading_in_issue_refused_on_the_case_fact_keeps_its_quotation():
    """800 lb over: the 2,000 lb does not refuse it; the case's 'could not be reloaded' does."""
    md = _md("ch348_delivery_truck_small_excess.yaml")
    argument = _section(md, "The argument")
    line = next(x for x in argument.splitlines() if "may reload under s. 348.21(2)(b)" in x)
    assert "because reloading the excess load of the box truck" in line and "2,000 lb named" not in line
    assert RELOAD_QUOTE in argument
    assert any(r.startswith(RELOAD_READING) for r in _readings(md))


def test_the_hours_reading_is_listed_where_the_answer_rests_on_it():
    md = _md("ch348_transformer_night_move.yaml")
    assert "not less than $2,750.00 nor more than $2,900.00 (s. 348.21(3)(b)1)" in md
    readings = _readings(md)
    assert any(r.startswith(HOURS_READING) for r in readings)
    assert not any(r.startswith((RELOAD_READING, POSTED_READING)) for r in readings)
    assert RELOAD_QUOTE not in md
    assert "18,000 lb, more than the 2,000 lb named in s. 348.21(2)(b)" in md
    assert f"Not tried another way: readings 1 to {len(readings)}." in md


def test_the_crane_keeps_the_hours_reading_and_drops_the_reload_ones():
    md = _md("ch348_crane_over_permit_weight.yaml", "permit_condition_forfeiture")
    readings = _readings(md)
    assert any(r.startswith(HOURS_READING) for r in readings)
    assert not any(r.startswith((RELOAD_READING, POSTED_READING)) for r in readings)


def test_numbers_and_closing_words():
    assert _numbers([5]) == "reading 5"
    assert _numbers([2, 5]) == "readings 2 and 5"
    assert _numbers([1, 2, 3, 4, 6, 7]) == "readings 1 to 4, 6 and 7"
    assert _numbers([1, 2]) == "readings 1 and 2"
    lines = ["A reading of ours.", '"and 7 a.m." (s. 350.10(1)(g)): The window includes its closing minute.',
             '"X" (s. 350.02(2)(b)4), read otherwise: why.']
    assert tried_closing(lines) == ("Tried the other way, without changing the answer: readings 2 and 3. "
                                    "Not tried another way: reading 1.")
    assert tried_closing(lines[1:]) == "Tried the other way, without changing the answer: readings 1 and 2."
    assert tried_closing([]) == ""
