"""A month count the case gives to the incident, where s. 348.21(4) counts the 12 months to this
case's conviction, is an assumption of the answer itself (answer/timing.py): `ask` says it below the
answer ('Assumed: ...; otherwise ...'), the JSON lists it under "assumptions" (the fact, the
condition, the other outcome), the argument's s. 348.21(4) line says the count to the incident with
the assumption, and the Conclusion what holds otherwise. The incident is named as the question's
rules tell it: a weight violation's is the weighing, a s. 348.19(3) violation's the refusal."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _ask(case: str, query: str, *more: str) -> str:
    result = CliRunner().invoke(main, ["ask", str(ROOT / case), query, *more])
    assert result.exit_code in (0, 1, 2), result.output
    return result.output


def _text(case: str, query: str) -> str:
    return " ".join(_ask(case, query).split())


def _json(case: str, query: str) -> dict:
    return json.loads(_ask(case, query, "--format", "json"))


def test_the_refused_scale_says_its_assumption_in_text_with_the_other_range():
    text = _text("facts/ch348_refused_scale_repeat.yaml", "duty_forfeiture")
    answer = text.split("Answer: ")[1].split(" s. 348.21(2)(a) (Wis. Stat.")[0]
    assert answer.startswith("The forfeiture for the violation of s. 348.19(3) concerning the tanker: not less "
                             "than $100.00 nor more than $200.00 (s. 348.21(2)(a)), imposed on the tanker's driver (the operator), "
                             "not named in the case.")
    assert answer.endswith("Assumed: this case's conviction is entered within 8 months of the refusal; otherwise "
                           "$50.00 to $100.00 (s. 348.21(2)(a)).")
    # the argument's line: to the refusal, with the assumption (no longer 'to the current conviction is 4 months')
    assert ("the number of months from the 2023 scale refusal (original judgment, forfeiture of deposit or payment) "
            "to the refusal is 4 months, which is at most 12 months (assumed: this case's conviction is entered "
            "within 8 months of the refusal) — met (case file line 19)") in text
    assert "to the current conviction is 4 months" not in text
    conclusion = text.split("Conclusion: ")[1].split(" Readings:")[0]
    assert conclusion == ("the forfeiture for the violation of s. 348.19(3) concerning the tanker: not less than "
                          "$100.00 nor more than $200.00, imposed on the tanker's driver (the operator), not named in the case. That holds only if this "
                          "case's conviction is entered within 8 months of the refusal; otherwise $50.00 to $100.00 "
                          "(s. 348.21(2)(a)).")
    assert "348.21(3)(b)" not in text and "of the incident;" not in text and "incident of" not in text
    assert text.endswith("Verdict: TRUE")


def test_the_refused_scale_lists_its_assumption_in_json():
    data = _json("facts/ch348_refused_scale_repeat.yaml", "duty_forfeiture")
    assert data["answer"] == "true"
    assert data["bindings"][0]["Min"]["dollars"] == "100.00" and data["bindings"][0]["Max"]["dollars"] == "200.00"
    assert data["cited"] == ["348.19(3)", "348.21(2)(a)", "348.21(4)"]
    assert [(o["provision"], o["role"], o["offender"]) for o in data["offenders"]] == [("348.19(3)", "operator", None)]
    [a] = data["assumptions"]
    assert a["fact"] == ("the number of months from the 2023 scale refusal (original judgment, forfeiture of deposit "
                         "or payment) to the refusal is 4 months")
    assert a["counted"].endswith("to the current conviction is 4 months")
    assert a["condition"] == "this case's conviction is entered within 8 months of the refusal"
    assert a["otherwise"] == "$50.00 to $100.00 (s. 348.21(2)(a))"
    assert a["otherwise_cited"] == ["348.19(3)", "348.21(2)(a)"]   # no s. 348.21(4): no prior counted then
    assert (a["entity"], a["input"], a["months"], a["within"], a["incident"]) == (
        "scale_refusal_2023", "months_since_prior", 4, 8, "the refusal")
    assert data["argument"]["assumed"] == [a["sentence"]] == [
        "Assumed: this case's conviction is entered within 8 months of the refusal; otherwise $50.00 to $100.00 "
        "(s. 348.21(2)(a))."]
    assert data["presumed"] == []   # an assumption of timing, not a presumption of an unraised fact


def test_the_log_truck_third_offense_says_the_two_months_of_its_oldest_prior():
    text = _text("facts/ch348_log_truck_third_offense.yaml", "forfeiture")
    assert ("not less than $1,000.00 nor more than $1,050.00 (s. 348.21(3g)(b)), imposed on the operator of the log truck, not named "
            "in the case; to be prosecuted, where practicable, "
            "against the person holding the authority, certificates, licenses or permits evidencing operating "
            "privileges from the department (s. 348.20(1)), whom the case does not name. Assumed: this case's conviction is entered within "
            "2 months of the weighing; otherwise $350.00 to $450.00 (s. 348.21(3g)(a)).") in text
    assert ("to the weighing is 10 months, which is at most 12 months (assumed: this case's conviction is entered "
            "within 2 months of the weighing)") in text
    # dates17c: after 2 months the result is the same whatever happens at 7, so the 5 months carry no assumption
    assert "to the weighing is 5 months, which is at most 12 months — met" in " ".join(text.split())
    assert "within 7 months" not in text
    data = _json("facts/ch348_log_truck_third_offense.yaml", "forfeiture")
    assert data["answer"] == "true" and "348.21(3g)(b)" in data["cited"]
    got = {a["entity"]: (a["months"], a["within"], a["condition"], a["otherwise"]) for a in data["assumptions"]}
    assert got == {
        "prior_spring": (5, 7, "this case's conviction is entered within 7 months of the weighing", ""),
        "prior_last_fall": (10, 2, "this case's conviction is entered within 2 months of the weighing",
                            "$350.00 to $450.00 (s. 348.21(3g)(a))")}
    assert all("348.21(3g)(a)" in a["otherwise_cited"] and "348.21(3g)(b)" not in a["otherwise_cited"]
               for a in data["assumptions"])


def test_the_gravel_truck_names_its_owner_and_the_first_conviction_range():
    text = _text("facts/ch348_gravel_truck_repeat_offense.yaml", "forfeiture")
    assert ("not less than $604.00 nor more than $804.00 (s. 348.21(3)(b)2), imposed on the operator of the dump truck, "
            "not named in the case, only at the first-conviction range, not this one (assumed: no prior conviction "
            "counted against the operator of the dump truck — the case gives only Jo Keller's record); "
            "to be prosecuted, where practicable, "
            "against Jo Keller under s. 348.20(1). Assumed: this case's conviction is entered within 5 months of the "
            "weighing; otherwise $386.00 to $536.00 (s. 348.21(3)(b)1).") in text
    assert "That holds only if this case's conviction is entered within 5 months of the weighing" in text
    data = _json("facts/ch348_gravel_truck_repeat_offense.yaml", "forfeiture")
    assert [o["offender"] for o in data["offenders"] if o["offender"]] == ["keller"]
    [a] = data["assumptions"]
    assert (a["months"], a["within"], a["otherwise"]) == (7, 5, "$386.00 to $536.00 (s. 348.21(3)(b)1)")
    assert "348.21(3)(b)1" in a["otherwise_cited"] and "348.21(3)(b)2" not in a["otherwise_cited"]


def test_the_refusal_to_stop_fixture_and_a_prior_past_the_period(tmp_path):
    text = _text("tests/fixtures/months16_repeat_refusal.yaml", "duty_forfeiture")
    assert ("Assumed: this case's conviction is entered within 3 months of the refusal; otherwise $50.00 to $100.00 "
            "(s. 348.21(2)(a)).") in text
    late = tmp_path / "late.yaml"
    late.write_text((ROOT / "tests/fixtures/months16_repeat_refusal.yaml").read_text()
                    .replace("months_since_prior: 9", "months_since_prior: 14"))
    data = _json(str(late), "duty_forfeiture")
    assert data["assumptions"] == [] and data["argument"]["assumed"] == []
    assert "50.00" in {b["Min"]["dollars"] for b in data["bindings"]}   # argued by cases on an affirmance
    assert "Assumed:" not in _ask(str(late), "duty_forfeiture")


def test_an_assumption_that_changes_nothing_is_still_said():
    # the pulpwood hauler: a 2nd conviction and a first both fall under s. 348.21(3g)(a)
    text = _text("facts/ch348_log_truck_old_prior.yaml", "forfeiture")
    assert ("Assumed: this case's conviction is entered within 9 months of the weighing; the answer is the same if it "
            "is entered later.") in text
    assert "That holds only if" not in text
    [a] = _json("facts/ch348_log_truck_old_prior.yaml", "forfeiture")["assumptions"]
    assert a["entity"] == "recent_prior" and a["otherwise"] == ""


def test_a_saved_question_names_the_incident_by_a_predicate(tmp_path):
    from reasoner.core.errors import ReasonerError
    from reasoner.law.queries import _read_saved, load_saved
    assert load_saved("forfeiture").incident == {"overweight": "the weighing"}
    assert load_saved("duty_forfeiture").incident == {"weighing_duty_violation": "the refusal"}
    bad = tmp_path / "bad.yaml"
    bad.write_text("goal: forfeiture(V, Min, Max)\nincident: the weighing\n")
    with pytest.raises(ReasonerError, match="incident:"):
        _read_saved("bad", bad)


def test_the_derivation_tree_says_the_assumption_below_its_answer():
    result = CliRunner().invoke(main, ["why", str(ROOT / "facts/ch348_refused_scale_repeat.yaml"),
                                       "duty_forfeiture(tanker, 100, 200)"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    head = text.split(" Readings:")[0]
    assert head.endswith("not named in the case. Assumed: this case's conviction is entered within 8 "
                         "months of the incident; otherwise the forfeiture for a violation of s. 348.17(2) or "
                         "348.19(3) concerning the tanker is not a range of $100.00 to $200.00.")
