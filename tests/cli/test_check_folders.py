"""`reasoner check FOLDER`: the files below it, listed within the time limit (docs/COMMANDS.md:
"`check` holds to it too"); upper-case suffixes read as batch reads them."""
import json
import time
from pathlib import Path

from click.testing import CliRunner

from reasoner.apps import check as check_app
from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASE = (ROOT / "facts" / "ch350_night_direction_unlawful.yaml").read_text(encoding="utf-8")


def test_a_huge_folder_stops_at_the_time_limit_with_a_message(tmp_path, monkeypatch):
    def endless(folder):          # a tree that never ends, as / on a cold disk seems to
        n = 0
        while True:
            n += 1
            time.sleep(0.001)
            yield f"{folder}/d{n}", [], ["a.yaml"] if n == 1 else []
    monkeypatch.setattr(check_app.os, "walk", endless)
    (tmp_path / "d1").mkdir()
    (tmp_path / "d1" / "a.yaml").write_text(CASE)
    began = time.monotonic()
    r = CliRunner().invoke(main, ["--timeout", "0.5", "check", str(tmp_path)])
    assert r.exit_code == 2
    assert r.stderr == (f"error: {tmp_path}: listing the rule and case files below {tmp_path} exceeded the time "
                        "limit of 0.5 s (1 found so far) (hint: give a smaller folder, or raise the limit with "
                        "`reasoner --timeout SECONDS check ...`)\n")
    # a limit that did not hold would list forever; the bound leaves a loaded machine (parallel
    # workers, other jobs) two seconds over the limit
    assert time.monotonic() - began < 0.5 * 1.1 + 2


def test_a_folder_s_upper_case_case_files_are_checked(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "A.YAML").write_text(CASE.replace("type: operation", "type: operatoin", 1))
    (tmp_path / "b.yml").write_text(CASE)
    r = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert r.exit_code == 1
    assert r.stdout.splitlines()[-1].endswith("2 case file(s): 1 problem(s)")
    assert f"{tmp_path}/sub/A.YAML:" in r.stdout


def test_a_folder_with_a_broken_rule_file_says_its_case_files_were_not_checked(tmp_path, monkeypatch):
    # before: the case file was silently skipped yet counted ("1 case file(s): 1 problem(s)")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.dl").write_text('@entity operation "an operation".\n@input x(O: operation) "{O} is x"\n')
    (tmp_path / "c.yaml").write_text(CASE)
    r = CliRunner().invoke(main, ["check", "."])
    assert r.exit_code == 1
    assert r.stdout.splitlines()[-2:] == [
        "c.yaml: not checked: the rule files have problems (fix them, then check again)",
        "1 rule file(s) checked; 1 case file(s) not checked because the rule files have problems: 1 problem(s)"]
    data = json.loads(CliRunner().invoke(main, ["check", ".", "--format", "json"]).stdout)
    assert data["checked"]["not_checked"] == [
        {"location": "c.yaml", "reason": "the rule files have problems (fix them, then check again)"}]
    assert len(data["problems"]) == 1 and data["problems"][0]["location"] == "r.dl:3:1"


def test_checking_the_bundled_law_reads_its_test_files_as_law_tests_and_finds_no_problem():
    # before: reasoner/law/tests/*.yaml were read as case files: "unknown top-level key 'base'"
    r = CliRunner().invoke(main, ["check", str(ROOT / "reasoner" / "law")])
    assert r.exit_code == 0, r.stdout
    tests = len(list((ROOT / "reasoner" / "law" / "tests").glob("*.yaml")))
    rules = len(list((ROOT / "reasoner" / "law").rglob("*.dl")))
    assert r.stdout.splitlines() == [f"{rules} rule file(s), 0 case file(s), {tests} law-test file(s): 0 problem(s)"]


def test_a_law_test_file_s_cases_and_questions_are_checked_against_the_rules(tmp_path):
    law = ROOT / "reasoner" / "law" / "tests" / "ch350_youth.yaml"
    bad = tmp_path / "t.yaml"
    bad.write_text("tests:\n"
                   "  - name: a typo\n"
                   "    case: {entities: {op1: {type: operation, at_nite: true}}}\n"
                   "    question: lawful(op1)\n"
                   "    answer: true\n"
                   "  - name: no such question\n"
                   "    case: {entities: {op1: {type: operation}}}\n"
                   "    question: lawfull(op1)\n"
                   "    answer: true\n")
    r = CliRunner().invoke(main, ["check", str(bad), str(law)])
    assert r.exit_code == 1
    lines = r.stdout.splitlines()
    assert lines[-1] == "21 rule file(s), 0 case file(s), 2 law-test file(s): 2 problem(s)".replace(
        "21", str(len(list((ROOT / "reasoner" / "law").rglob("*.dl")))))
    assert lines[0].startswith(f"{bad}:2: the case of the test 'a typo': ")
    assert lines[0].endswith("unknown attribute 'at_nite' for op1 (an operation)")
    assert [line for line in lines if line.startswith(f"{bad}:6: the question of the test 'no such question': ")]
