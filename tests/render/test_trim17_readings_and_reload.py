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
    # fees14 (trainer review 13, G6): the case's 'could not be reloaded' is said beside the number, once
    assert line == ("- Exception: the operator of the dump truck may reload under s. 348.21(2)(b) — "
                    "**the exception does not apply**, because the amount by which the weight found for the dump "
                    "truck exceeds the weight limitation applicable to it (taking any permit into account) is 4,200 "
                    "lb, more than the 2,000 lb named in s. 348.21(2)(b), and the excess load of the dump truck "
                    "could not be reloaded within the normal load carrying areas onto other wheels or axles so that "
                    "all wheels and axles are then within the statutory limits (case file line 16)")
    assert _section(gravel, "The argument").count("could not be reloaded") == 1
    # not in issue: the paragraph not quoted, its readings not listed
    assert RELOAD_QUOTE not in gravel
    readings = _readings(gravel)
    assert not any(r.startswith((RELOAD_READING, POSTED_READING)) for r in readings)
    assert any(r.startswith("The lead-in of s. 348.21(3)(b) is missing") for r in readings)


def test_the_closing_sentence_names_the_readings_tried(gravel):
    readings = _readings(gravel)
    tried = [i for i, r in enumerate(readings, 1) if r.startswith('"whether a 2nd or subsequent conviction')]
    assert tried == [5] and len(readings) == 5
    assert ("Read the other way, reading 5 gives the same answer."
            in _section(gravel, "Our readings"))
    assert OLD_CLOSING not in gravel


def test_reloading_argued_keeps_its_quotation_and_readings():
    md = _md("ch348_tandem_axle_reloaded.yaml")
    assert "no forfeiture under s. 348.21 for the weight violation of the flatbed may be imposed" in md
    assert RELOAD_QUOTE in md
    assert any(r.startswith(RELOAD_READING) for r in _readings(md))


def test_reloading_refused_on_the_case_fact_is_one_line():
    """800 lb over: the 2,000 lb does not refuse it; the case's 'could not be reloaded' does. fees14
    (trainer review 13, G6): the case states what the law would take unstated, so reloading is not in
    issue: one line, the paragraph not quoted, its readings not listed."""
    md = _md("ch348_delivery_truck_small_excess.yaml")
    argument = _section(md, "The argument")
    line = next(x for x in argument.splitlines() if "may reload under s. 348.21(2)(b)" in x)
    assert "because the excess load of the box truck could not be reloaded" in line and "2,000 lb named" not in line
    assert RELOAD_QUOTE not in argument
    assert not any(r.startswith(RELOAD_READING) for r in _readings(md))


def test_the_hours_reading_is_listed_where_the_answer_rests_on_it():
    md = _md("ch348_transformer_night_move.yaml")
    assert "not less than $2,750.00 nor more than $2,900.00 (s. 348.21(3)(b)1)" in md
    readings = _readings(md)
    assert any(r.startswith(HOURS_READING) for r in readings)
    assert not any(r.startswith((RELOAD_READING, POSTED_READING)) for r in readings)
    assert RELOAD_QUOTE not in md
    assert "18,000 lb, more than the 2,000 lb named in s. 348.21(2)(b)" in md
    assert "Read the other way" not in md and "tried another way" not in md   # none has another reading set out


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
    assert tried_closing(lines) == "Read the other way, readings 2 and 3 give the same answer."
    assert tried_closing(lines[1:]) == "Read the other way, readings 1 and 2 give the same answer."
    assert tried_closing(lines[:1]) == ""
    assert tried_closing([]) == ""
