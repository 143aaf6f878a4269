"""Trainer review 11 (issue 46), G10 and G9: whom a weight penalty binds is said by the role the
statute gives it where the case names no one, in the statute's words; a provision's conclusion says
the alternative the facts meet, not every alternative of the paragraph; an open question is never
a double negative ('undetermined whether ... violated no provision')."""
import re
from pathlib import Path

from reasoner.answer.answering import Question, default_rulebase
from reasoner.apps.export import export_files
from reasoner.core.settings import current
from reasoner.prose.answers import answer_line
from reasoner.prose.glosses import ROLE_HOLDER, whether

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
HOLDER = ("to be prosecuted, where practicable, against the person holding the authority, certificates, licenses "
          "or permits evidencing operating privileges from the department (s. 348.20(1)), whom the case does not name")


def _md(path: Path, query: str) -> str:
    q = Question.of(str(path), query, default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q, with_whatif=False)
    return text


def _answer(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("**Answer.**"))


def _conclusions(text: str) -> list:
    return [line for line in text.splitlines() if line.startswith("**Conclusion:**")]


def test_the_holder_s_348_20_1_names_is_quoted_word_for_word_from_the_statute():
    statute = " ".join((ROOT.parent / "shared" / "statutes").glob("004_*.txt").__next__().read_text().split()) \
        if (ROOT.parent / "shared" / "statutes").is_dir() else ""
    said = ROLE_HOLDER["s. 348.20(1)"]
    assert said.startswith("the person holding the authority")
    if statute:   # the shared excerpt, where this checkout sits beside it
        assert f"instituted against {said} which may be" in statute


def test_an_unnamed_overweight_offender_is_said_by_the_role_s_348_20_1_gives():
    text = _md(ROOT / "facts" / "ch348_manure_spreader_axle.yaml", "forfeiture")
    line = _answer(text)
    # the verdict and the provision cited, then whom it binds, by role and not named
    assert "not less than $140.00 nor more than $290.00 (s. 348.21(3)(b)1)" in line, line
    assert f"(s. 348.21(3)(b)1), imposed on the operator of the manure spreader, not named in the case; {HOLDER}." in line, line
    assert "the case does not name the person to be prosecuted" not in text
    assert "348.20(2)" not in line   # the summons agent is not the offender
    assert any(c.endswith(f"; {HOLDER}.") for c in _conclusions(text)), _conclusions(text)


def test_a_driver_in_the_scenario_is_never_said_to_be_the_person_s_348_20_1_names():
    # 'a manure spreader driver': the driver need not hold the operating authority
    line = _answer(_md(FIXTURES / "offender16_spreader_driver.yaml", "forfeiture"))
    assert f"(s. 348.21(3)(b)1), imposed on the operator of the manure spreader, not named in the case; {HOLDER}." in line, line
    assert "driver" not in line, line


def test_an_unnamed_operator_is_said_as_the_scenario_s_driver_of_the_vehicle():
    text = _md(ROOT / "facts" / "ch348_refused_scale_repeat.yaml", "duty_forfeiture")
    line = _answer(text)
    assert "not less than $100.00 nor more than $200.00 (s. 348.21(2)(a))" in line, line
    assert ", imposed on the tanker's driver (the operator), not named in the case." in line, line   # then the assumed date (months16b)
    assert "does not name the operator" not in text
    assert any("imposed on the tanker's driver (the operator), not named in the case." in c
               for c in _conclusions(text)), _conclusions(text)


def test_the_driver_of_the_vehicle_is_its_driver_and_no_scenario_word_says_the_operator_of_it():
    line = _answer(_md(FIXTURES / "offender16_driver_of_tanker.yaml", "duty_forfeiture"))
    assert ", imposed on the tanker's driver (the operator), not named in the case." in line, line   # then the assumed date (months16b)
    line = _answer(_md(ROOT / "facts" / "ch348_tandem_axle_not_reloaded.yaml", "forfeiture"))
    assert "$50.00 (s. 348.21(2)(b)), imposed on the operator of the milk tanker, not named in the case." in line, line


def test_ice_speeding_near_a_shanty_says_the_shanty_only():
    line = _answer(_md(ROOT / "facts" / "ch350_ice_shanty.yaml", "lawful"))
    assert "Terry Garcia (the operator) violated s. 350.10(1)(i) (the ride exceeded 10 mph on frozen " \
           "public waters within 100 feet of a fishing shanty)." in line, line
    assert "person not in or upon a vehicle" not in line, line


def test_ice_speeding_near_a_spectator_says_the_person_only():
    line = _answer(_md(ROOT / "facts" / "ch350_race_frozen_lake.yaml", "lawful"))
    assert "Casey Larson (the operator) violated s. 350.10(1)(i) (the ride exceeded 10 mph on frozen " \
           "public waters within 100 feet of a person not in or upon a vehicle)." in line, line
    assert "350.03(1)" in line
    assert "fishing shanty" not in line, line


def test_an_open_whether_on_no_provision_is_said_without_the_double_negative():
    assert whether("the ride violated no provision of the ch. 350 excerpt") == \
        "whether the ride violated a provision of the ch. 350 excerpt"
    assert whether("the ride came within 100 feet") == "whether the ride came within 100 feet"
    a = Question.of(str(ROOT / "facts" / "ch350_three_night_rides.yaml"), "lawful").answer()
    line = answer_line(a)
    assert a.answer == "false" and "Alex Berg (the operator) violated s. 350.02(2)(b)4" in line, line
    assert "undetermined whether the ride on the 45-ft trail violated a provision of the ch. 350 excerpt" in line
    assert not re.search(r"whether [^.;]* violated no provision", line), line


def test_a_reading_s_change_no_longer_open_is_said_without_the_double_negative():
    from reasoner.prose.answers import _change
    text = "the ride back violated no provision of the ch. 350 excerpt"
    assert _change({"text": text, "now": "undetermined", "then": "undetermined"}) == \
        "undetermined whether the ride back violated a provision of the ch. 350 excerpt"
    assert _change({"text": text, "now": "undetermined", "then": "false"}) == \
        "no longer open whether the ride back violated a provision of the ch. 350 excerpt"
    assert _change({"text": text, "now": "undetermined", "then": "true"}) == f"established that {text}"
