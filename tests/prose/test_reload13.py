"""Trainer review 10 (coop_harvest): a truck 1,400 lb over that could reload within 2,000 lb and
did reload within the limits was answered "no" to "has the duty of s. 348.19(2)(a) arisen and been
met?", which a trainee reads as "did not meet it". The reading that s. 348.21(2)(b) displaces the
duty is kept, shown among our readings, and the answer says it in words."""
import copy
from pathlib import Path

import yaml

from tests.asking import export_markdown

CASE = Path(__file__).parents[1] / "fixtures" / "reload13_coop_harvest.yaml"
SAID = ("The first vehicle: s. 348.21(2)(b) let the operator of the first vehicle reload or go on, in place "
        "of the duty of s. 348.19(2)(a) (the operator of the first vehicle reloaded it within the "
        "limits, so no forfeiture may be imposed).")
READING = "The reload option of s. 348.21(2)(b) displaces the duty of s. 348.19(2)(a)"


def _answer(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("**Answer.**"))


def _row(text: str, name: str) -> str:
    # the several-vehicle table says it in the vehicle's own cell (words14: no bare "no" there either)
    return next(line for line in text.splitlines() if line.startswith(f"| {name} |"))


def _readings(text: str) -> str:
    return text.split("## Our readings", 1)[1].split("\n## ", 1)[0]


def test_reloaded_truck_is_answered_in_words_not_a_bare_no():
    for query in ("reload_met", "must_reload"):
        text = export_markdown(CASE, query)
        line, row = _answer(text), _row(text, "the first vehicle")
        assert SAID[len("The first vehicle: "):].rstrip(".") + " |" in row, (query, row)
        assert "The first vehicle: no" not in line and "| no |" not in row
        assert READING in _readings(text)


def test_the_other_trucks_keep_their_answers():
    line = _answer(export_markdown(CASE, "must_reload"))
    assert "The second vehicle: yes — the operator of the second vehicle may not proceed" in line
    assert "The third vehicle: no — the operator of the third vehicle is not held back" in line


def test_a_truck_that_did_not_reload_goes_on_and_the_duty_still_did_not_arise(tmp_path):
    case = yaml.safe_load(CASE.read_text(encoding="utf-8"))
    changed = copy.deepcopy(case)
    changed["entities"]["t1"]["reloaded_within_limits"] = False
    changed["entities"]["t1"]["load_adjusted_to_comply"] = False
    path = tmp_path / "not_reloaded.yaml"
    path.write_text(yaml.safe_dump(changed), encoding="utf-8")
    row = _row(export_markdown(path, "must_reload"), "the first vehicle")
    assert "| no — s. 348.21(2)(b) let the operator of the first vehicle reload or go on, in place " \
           "of the duty of s. 348.19(2)(a)" in row
    assert "no forfeiture may be imposed" not in row


def test_a_truck_over_by_more_than_2000_lb_is_held():
    case = yaml.safe_load(CASE.read_text(encoding="utf-8"))
    assert case["entities"]["t2"]["found_weight_lb"] - case["entities"]["t2"]["max_weight_lb"] > 2000
    line = _answer(export_markdown(CASE, "reload_met"))
    assert "The second vehicle: undetermined" in line
