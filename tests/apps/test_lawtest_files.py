"""`reasoner test` files that cannot pass by accident (docs/TESTS.md): a test asserts something, an
answer is one of the four words, each value is read as written at its line in the test file, and a
file that cannot be run is one located error, exit 2, before anything runs."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

WORDS = "true, false, undetermined or not_applicable"
NIGHT = ("base:\n  entities:\n    op1: {type: operation, clock_time: \"23:15\", dwelling_distance_ft: 120, "
         "speed_mph: 25}\ntests:\n  - name: near a dwelling\n    case: {}\n    question: night_speeding_near_dwelling(op1)\n")


def run(tmp_path, text, name="t.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    res = CliRunner().invoke(main, ["test", str(path), "--no-explain"])
    return path, res


def test_a_test_with_no_expectation_is_refused_with_its_line(tmp_path):
    path, res = run(tmp_path, NIGHT)
    assert res.exit_code == 2
    assert res.output == (f"error: {path}:5: the test 'near a dwelling' expects nothing, so it cannot fail "
                          "(hint: give `answer`, `cites`, `not_cites`, `bindings` or another expectation)\n")


def test_an_empty_answer_is_refused_not_passed(tmp_path):
    path, res = run(tmp_path, NIGHT + "    answer: ~\n")
    assert res.exit_code == 2
    assert res.output == (f"error: {path}:8: `answer:` is empty: it would assert nothing "
                          f"(hint: write one of {WORDS}, or leave the key out)\n")


@pytest.mark.parametrize("written, shown", [
    ("yes", "'yes'"), ("1", "'1'"), ("0", "'0'"), ("1.0", "'1.0'"), ("True", "'True'"), ("[true]", "a list"),
])
def test_an_answer_that_is_not_one_of_the_words_is_refused_with_them(tmp_path, written, shown):
    path, res = run(tmp_path, NIGHT + f"    answer: {written}\n")
    assert res.exit_code == 2
    assert res.output == (f"error: {path}:8: answer {shown} is not one of {WORDS} "
                          "(hint: write the word as it is (yes, 1 or True are not answers))\n")


@pytest.mark.parametrize("written", ["true", "'true'"])
def test_the_word_true_quoted_or_not_is_the_answer_true(tmp_path, written):
    _, res = run(tmp_path, NIGHT + f"    answer: {written}\n")
    assert res.exit_code == 0, res.output
    assert res.output == "1 passed, 0 failed\n"


def test_not_applicable_is_an_answer_a_test_can_expect(tmp_path):
    path, res = run(tmp_path, "tests:\n  - name: no operation\n    case: {entities: {kid: {type: person, age: 9}}}\n"
                              "    question: lawful\n    answer: not_applicable\n")
    assert res.exit_code == 0, res.output
    assert res.output == "1 passed, 0 failed\n"


def test_a_malformed_amount_in_a_binding_is_an_error_at_its_line_before_anything_runs(tmp_path):
    (tmp_path / "c.yaml").write_text("entities:\n  semi1: {type: vehicle}\n", encoding="utf-8")
    path, res = run(tmp_path, "tests:\n  - name: f\n    case: c.yaml\n    question: forfeiture\n"
                              "    bindings:\n      - {Min: \"$225,00\"}\n")
    assert res.exit_code == 2
    assert res.output == (f"error: {path}:6: binding Min: '$225,00': a comma here does not separate thousands "
                          "(hint: write $225.00; a comma is read only as a thousands separator (1,000 or $84,001.50))\n")


def test_a_binding_of_a_variable_the_question_lacks_is_an_error(tmp_path):
    path, res = run(tmp_path, NIGHT + "    bindings: [{X: 1}]\n")
    assert res.exit_code == 2
    assert res.output == (f"error: {path}:8: binding X: the question night_speeding_near_dwelling(op1) has no "
                          "variable X (hint: the question has no variables: leave `bindings` out)\n")


def test_a_missing_case_file_is_a_file_error_at_the_case_line(tmp_path):
    path, res = run(tmp_path, "tests:\n  - name: f\n    case: nothere.yaml\n    question: lawful\n    answer: true\n")
    assert res.exit_code == 2
    assert res.output == (f"error: {path}:3: no such case file 'nothere.yaml' (looked for {tmp_path / 'nothere.yaml'}) "
                          "(hint: a test's `case:` is a path relative to the test file, or an inline case)\n")


def test_a_question_that_is_a_list_is_a_file_error_at_its_line(tmp_path):
    path, res = run(tmp_path, "tests:\n  - name: f\n    case: {}\n    question: [lawful]\n    answer: true\n")
    assert res.exit_code == 2
    assert res.output == (f"error: {path}:4: `question` is an atom (violation(op1, P)) or a saved query name "
                          "(lawful), one line\n")


def test_a_name_with_a_line_break_is_refused_and_forges_no_summary(tmp_path):
    path, res = run(tmp_path, 'tests:\n  - name: "f\\n99 passed, 0 failed"\n    case: {}\n    question: lawful\n'
                              "    answer: true\n")
    assert res.exit_code == 2
    assert res.output == (f"error: {path}:2: a test's name is one line of text; this one holds a line break: "
                          "f\\n99 passed, 0 failed (hint: write the name on one line, without control characters)\n")
    assert "\n99 passed" not in res.output


def test_an_unquoted_time_in_the_base_is_read_as_the_time_written(tmp_path):
    _, res = run(tmp_path, NIGHT.replace('"23:15"', "23:15") + "    answer: true\n")
    assert res.exit_code == 0, res.output
    assert res.output == "1 passed, 0 failed\n"


def test_a_wrong_time_in_a_test_case_is_reported_at_its_line_in_the_test_file(tmp_path):
    path, res = run(tmp_path, NIGHT + "    answer: true\n  - name: later\n    case:\n      entities:\n"
                                      "        op1: {clock_time: 25:15}\n    question: night_speeding_near_dwelling(op1)\n"
                                      "    answer: true\n")
    assert res.exit_code == 1
    assert (f"  error: {path}:12: clock_time: not a clock time HH:MM: '25:15' (hint: write the time as HH:MM "
            "with the digits 0-9, from 00:00 to 23:59 (e.g. 07:00 or 23:05))\n") in res.output
    assert res.output.endswith("1 passed, 1 failed\n")


def test_a_base_that_is_a_path_says_why_it_must_be_inline(tmp_path):
    path, res = run(tmp_path, "base: case.yaml\ntests:\n  - name: f\n    case: {}\n    question: lawful\n"
                              "    answer: true\n")
    assert res.exit_code == 2
    assert res.output == (f"error: {path}:1: `base:` is an inline case (a mapping with `entities:`), not a path: "
                          "each test's case is merged over it attribute by attribute, at its lines in this file "
                          "(hint: a test can give a case file as its `case:` (then the base is not used))\n")


def test_a_file_name_with_a_line_break_is_shown_escaped_on_one_line(tmp_path):
    folder = tmp_path / "tests"
    folder.mkdir()
    path = folder / "a\n99 passed, 0 failed.yaml"
    path.write_text(NIGHT + "    answer: false\n", encoding="utf-8")
    res = CliRunner().invoke(main, ["test", str(folder), "--no-explain"])
    assert res.exit_code == 1
    shown = str(path).replace("\n", "\\n")
    assert res.output == (f"FAILED {shown}:5: near a dwelling\n  question: night_speeding_near_dwelling(op1)\n"
                          "  answer: expected FALSE, got TRUE\n0 passed, 1 failed\n")
