"""`interview CASE QUERY --save FILE` writes the answers into the case file's own text: comments and
the lines it did not change are kept byte for byte, so `--save CASE` onto the input is safe; with no
usable answer nothing is saved and the exit code says so (docs/COMMANDS.md)."""
from pathlib import Path

import yaml
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
TRAIL = ["--rules", str(ROOT / "tests/fixtures/cli/trail.dl")]

CASE = """\
# A night ride; the officer's report is silent on the trail.
description: At night, against traffic   # from the report
entities:
  op1:
    type: operation
    adjacent_to_roadway: true     # seen by the officer
    at_night: yes
    travelled_with_traffic: false

    # the trail: not measured
    trail_distance_ft: unknown    # to be asked
    head_lamp_barrier: false
    on_median: false
"""


def interview(case, answers, *extra):
    return CliRunner().invoke(main, ["interview", *TRAIL, str(case), "lawful(op1)", *extra], input=answers)


def test_saving_onto_the_case_keeps_its_comments_and_untouched_lines(tmp_path):
    case = tmp_path / "case.yaml"
    case.write_text(CASE)
    r = interview(case, "45\ny\n", "--save", str(case))
    assert r.exit_code == 0, r.output
    assert "Asked 2 question(s), 2 answered." in r.stdout
    assert f"Saved the completed case to {case}." in r.stdout
    # the unknown distance replaced where it stood (its comment kept), the approval a new line
    # under op1 with op1's indentation; every other line as it was
    assert case.read_text() == CASE.replace("trail_distance_ft: unknown", "trail_distance_ft: 45") + \
        "    trail_approved_by_dot: true\n"
    again = CliRunner().invoke(main, ["ask", *TRAIL, str(case), "lawful(op1)"])
    assert "Verdict: TRUE" in again.stdout


def test_a_flow_mapping_entity_gets_its_answer_inside_the_braces(tmp_path):
    case = tmp_path / "case.yaml"
    case.write_text("# flow\nentities:\n  op1: {type: operation, adjacent_to_roadway: true, at_night: true,\n"
                    "        travelled_with_traffic: false, head_lamp_barrier: false, on_median: false}  # end\n")
    out = tmp_path / "done.yaml"
    r = interview(case, "n\n", "--save", str(out))
    assert r.exit_code == 0, r.output
    assert out.read_text() == ("# flow\nentities:\n  op1: {type: operation, adjacent_to_roadway: true, at_night: true,\n"
                               "        travelled_with_traffic: false, head_lamp_barrier: false, on_median: false, "
                               "trail_approved_by_dot: false}  # end\n")


def test_no_usable_answer_says_nothing_was_answered_saves_nothing_and_exits_6(tmp_path):
    case = tmp_path / "case.yaml"
    case.write_text(CASE)
    out = tmp_path / "done.yaml"
    for answers in ("", "unknown\nunknown\n", "maybe\n"):   # input ended; all unknown; refused, then ended
        r = interview(case, answers, "--save", str(out))
        assert r.exit_code == 6, r.output
        assert r.stdout.splitlines()[-1].startswith("Asked ")
        assert r.stdout.splitlines()[-1].endswith(
            " question(s); none was answered (input ended, or every answer was unknown or refused). "
            "Nothing was saved.")
        assert "Saved" not in r.stdout
        assert not out.exists()
    assert case.read_text() == CASE


def test_no_usable_answer_in_json_has_saved_null_and_exits_6(tmp_path):
    import json
    case = tmp_path / "case.yaml"
    case.write_text(CASE)
    r = interview(case, "", "--save", str(tmp_path / "done.yaml"), "--format", "json")
    assert r.exit_code == 6
    data = json.loads(r.stdout)
    assert data["saved"] is None and data["answered"] == 0 and data["asked"] == []


SIGN = """@entity operation "a snowmobile operation".
@input failed_to_obey_sign(O: operation) "the operator of {O} did not comply with a regulatory sign".
@input at_night(O: operation) "{O} took place at night".
@predicate ok(O: operation) "{O} was lawful".
ok(O) :- at_night(O), not failed_to_obey_sign(O).
"""


def test_a_boolean_input_stated_as_a_negative_is_asked_positively(tmp_path):
    # before: "Is it so that the operator of op1 did not comply with a regulatory sign?" (y meant: did not)
    rules = tmp_path / "sign.dl"
    rules.write_text(SIGN)
    case = tmp_path / "case.yaml"
    case.write_text("entities:\n  op1:\n    type: operation\n    at_night: true\n")
    r = CliRunner().invoke(main, ["interview", "--rules", str(rules), str(case), "ok(op1)", "--save", str(case)],
                           input="y\n")
    assert r.exit_code == 0, r.output
    assert r.stderr == ("Q1. Did the operator of the ride comply with a regulatory sign? [y/n/unknown]: y\n"
                        "   -> the answer is now TRUE\n")
    assert case.read_text() == "entities:\n  op1:\n    type: operation\n    at_night: true\n    failed_to_obey_sign: false\n"


def test_the_bundled_law_s_negative_inputs_are_asked_positively():
    from reasoner.apps.interview import Prompt
    from reasoner.prose.questions import positive_question
    q = Prompt("op1", "failed_to_obey_regulatory_sign", "boolean",
                 "the operator of op1 did not comply with a stop sign, yield sign or other regulatory sign")
    assert q.prompt == "Did the operator of op1 comply with a stop sign, yield sign or other regulatory sign? [y/n/unknown]"
    assert q.inverted
    assert positive_question("the load under p1 does not exceed the statutory gross weight limitations") == \
        "Does the load under p1 exceed the statutory gross weight limitations"
    # a statement that is not one plain negation is asked in its own words, its verb first
    assert Prompt("op1", "at_night", "boolean", "op1 took place at night").prompt == \
        "Did op1 take place at night? [y/n/unknown]"
    assert positive_question("p1 was in force (issued, not expired, suspended or revoked)") is None
