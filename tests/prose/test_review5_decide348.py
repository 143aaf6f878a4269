"""Review 5 (ch. 348 handouts 06, 07, 08): each fix checked at its source, on the bundled cases."""
from pathlib import Path

import pytest

from asking import export_markdown
from reasoner.answer.answering import ask
from reasoner.law.queries import load_saved
from reasoner.prose.glosses import only_provision_violated
from reasoner.prose.whatif import contrast_text

FACTS = Path(__file__).resolve().parents[2] / "facts"


def _md(case: str, query: str) -> str:
    return export_markdown(FACTS / case, query)


def _answer_md(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("**Answer.**"))


def test_the_permit_condition_no_is_followed_by_the_par_b_forfeiture():
    # 06: 'No forfeiture under s. 348.25 follows ... for any vehicle' though 103,500 lb against a
    # 100,000-lb permit is $225-$375 under s. 348.25(2)(b) and s. 348.21(3)(b)1
    line = _answer_md(_md("ch348_crane_over_permit_weight.yaml", "permit_condition_forfeiture"))
    # the crane is the case's one vehicle: what the ways fail on is said of it (review 7, 06 and 07)
    assert "None: the operation of the mobile crane violated no condition of its permit; " \
           "no permit-condition forfeiture under s. 348.25 follows." in line, line
    assert "No forfeiture under" not in line
    assert "s. 348.25(2)(b) applies instead" in line and "not less than $225.00 nor more than $375.00" in line
    assert "s. 348.21(3)(b)1" in line and "Badger Crane Service" in line


def test_a_permit_condition_violated_adds_no_par_b_sentence():
    # the transformer moved at night broke a condition: par. (b) does not apply, nothing is added
    line = _answer_md(_md("ch348_transformer_night_move.yaml", "permit_condition_forfeiture"))
    assert "applies instead" not in line and "permit-condition forfeiture" in line, line


def test_the_saved_question_names_the_one_answering_the_rest():
    saved = load_saved("permit_condition_forfeiture")
    assert saved.otherwise["query"] == "forfeiture" and saved.otherwise["when"] == "permit_weight_basis"
    assert load_saved("forfeiture").otherwise == {}


def test_the_hours_reading_has_no_code_token_and_the_two_ways_differ():
    answer = ask(FACTS / "ch348_crane_over_permit_weight.yaml", "permit_condition_forfeiture")
    text = answer.argument_text()
    assert "<=" not in text and "the starting hour no later than the ending hour" in text
    # each way the hours could be broken is headed by its own condition, never a bare "under s. X"
    flat = " ".join(text.split())
    assert "- under s. 348.25(3) — not met" not in text, text
    # a way's ground named by its provision alone (histories18)
    assert 's. 348.25(3): the time of day at which the mobile crane was operated is before 06:00' in flat
    assert 's. 348.25(3): the time of day at which the mobile crane was operated is after 18:00' in flat


def test_the_duty_forfeiture_cites_the_provision_violated():
    # 07: a refusal to drive to a scale is s. 348.19(3), not 's. 348.17 (2) or 348.19 (3)'
    answer = ask(FACTS / "ch348_refused_scale_repeat.yaml", "duty_forfeiture")
    line = answer.argument.short
    assert "the violation of s. 348.19(3) concerning the tanker" in line, line
    assert "348.17" not in line and "$100.00" in line and "$200.00" in line
    assert "ended in a court judgment" in answer.argument_text()
    assert "came about" not in answer.argument_text()


def test_only_the_provision_violated_is_named():
    s = "the forfeiture for the violation of s. 348.17(2) or 348.19(3) in the incident of X"
    assert only_provision_violated(s, "348.19(3)") == "the forfeiture for the violation of s. 348.19(3) in the incident of X"
    assert only_provision_violated(s, "348.17(2)") == "the forfeiture for the violation of s. 348.17(2) in the incident of X"
    assert only_provision_violated(s, "348.20(1)") == s


def test_a_counting_subsection_is_not_said_to_stop_applying_when_only_the_amount_changes():
    # 07 what-if 3: a prior under sub. (3) does not count under par. (a); s. 348.21(4) still governs
    assert contrast_text([], ["348.21(4)"], "true", ["348.21(2)(a)"], "", "value") == ""
    assert contrast_text([], ["348.19(3)"], "false", []) == "Then s. 348.19(3) would not apply."
    # a reversed answer still says what stops applying (the ride lawful: s. 350.02(2)(b)4 no longer)
    assert contrast_text([], ["350.02(2)(b)4"], "true", ["350.02(4)"], "", "flip") == "Then s. 350.02(2)(b)4 would not apply."


def test_the_records_answer_gives_the_total_and_the_question_no_instruction():
    # 08: 'Total: $2,000.00 (two separate offenses)' in the answer; no instruction in the heading
    text = _md("ch348_sawmill_weight_records.yaml", "records_forfeiture")
    line = _answer_md(text)
    assert "Total: $2,000.00 (two separate offenses)." in line, line
    assert "violation concerning scale ticket 103" not in line
    # ticket 104 is named only as what the other day count would give (readings15), never as a forfeiture found
    assert "North Mill Lumber forfeits $1,000.00 for the violation concerning scale ticket 104" not in line
    assert "North Mill Lumber would forfeit $1,000.00 for the violation concerning scale ticket 104" in line
    assert "the total is" not in text.split("**Answer.**")[0]
    assert "subch. II" not in text and "(the weight subchapter)" in text
