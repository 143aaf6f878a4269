"""A question about a kind of entity the case does not contain answers not applicable, with the
reason, in text, JSON, batch (JSONL, text, CSV, --verdicts-only) and `ask --exit-code` (5)."""
import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.answer.answering import ask
from reasoner.cli import main
from reasoner.law.queries import load_saved, saved_queries
from reasoner.engine.rulebase import default_rulebase

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "facts"
TRUCK = str(FACTS / "ch348_grain_semi_first_offense.yaml")
SLED = str(FACTS / "ch350_airport.yaml")


def _has_kind(case_id, kind):
    import yaml
    data = yaml.safe_load((FACTS / f"{case_id}.yaml").read_text(encoding="utf-8"))
    return any(e.get("type") == kind for e in data["entities"].values())


def run(args):
    return CliRunner().invoke(main, args)


def test_every_saved_query_declares_its_subject_kind():
    kinds = default_rulebase().checked.program.entities
    for name in saved_queries():
        saved = load_saved(name)
        assert saved.subject in kinds, (name, saved.subject)


@pytest.mark.parametrize("case, query, kind", [(TRUCK, "lawful", "operation"), (TRUCK, "violations", "operation"),
                                               (SLED, "forfeiture", "vehicle"), (SLED, "permit_fee", "permit"),
                                               (TRUCK, "equipment_duties", "snowmobile")])
def test_question_about_a_kind_the_case_lacks_is_not_applicable(case, query, kind):
    res = ask(case, query)
    assert res.answer == "not_applicable"
    assert res.not_applicable.startswith(f"the case contains no {kind}")
    assert f"the saved question {query} is about" in res.not_applicable
    assert res.bindings == [] and res.missing == [] and not res.cited
    text = res.text()
    assert "Answer: NOT APPLICABLE" in text and "Not applicable: the case contains no" in text
    assert "FALSE" not in text.split("Proof:")[0]


def test_same_questions_apply_where_the_kind_is_present():
    assert ask(SLED, "lawful").answer == "false"           # the airport ride is unlawful
    assert ask(TRUCK, "forfeiture").answer == "true"
    # a vehicle that is not overweight: FALSE (no forfeiture), not "not applicable"
    within = {"entities": {"v1": {"type": "vehicle", "weighed": True, "found_weight_lb": 70000,
                                  "max_weight_lb": 80000}}}
    assert ask(within, "forfeiture").answer == "false"


def test_typed_atom_takes_its_subject_from_the_first_argument():
    res = ask(TRUCK, "lawful(O)")
    assert res.answer == "not_applicable" and "the question lawful(O) is about an operation" in res.not_applicable
    # naming an entity the case lacks stays a located error, never an answer
    r = run(["ask", TRUCK, "lawful(op1)"])
    assert r.exit_code == 2 and "op1" in r.output


def test_json_answer_and_reason_schema_3():
    r = run(["ask", TRUCK, "lawful", "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["schema"] == 3
    assert data["answer"] == "not_applicable"
    assert data["not_applicable"].startswith("the case contains no operation")
    assert data["sentence"].startswith("Not applicable:")
    assert data["bindings"] == [] and data["cited"] == [] and data["missing"] == []
    # an applicable answer has no not_applicable field
    assert "not_applicable" not in json.loads(run(["ask", SLED, "lawful", "--format", "json"]).stdout)


@pytest.mark.parametrize("case, query, code", [(TRUCK, "lawful", 5), (SLED, "forfeiture", 5),
                                               (SLED, "lawful", 3), (TRUCK, "forfeiture", 0)])
def test_exit_code_5_for_not_applicable(case, query, code):
    assert run(["ask", case, query, "--exit-code"]).exit_code == code


def test_help_documents_exit_code_5():
    assert "5 not applicable" in run(["--help"]).output
    assert "5 if not applicable" in " ".join(run(["ask", "--help"]).output.split())


@pytest.mark.parametrize("verdicts_only", [False, True])
def test_batch_csv_marks_other_chapter_not_applicable(tmp_path, verdicts_only):
    out = tmp_path / "lawful.csv"
    args = ["batch", str(FACTS), "lawful", "--to", "csv", "-o", str(out)] + (["--verdicts-only"] if verdicts_only else [])
    r = run(args)
    assert r.exit_code == 0, r.output
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    truck = [row for row in rows if row["id"].startswith("ch348_")]
    trucks = len(list(FACTS.glob("ch348_*.yaml")))
    assert len(truck) == trucks >= 22
    assert all(row["answer"] == "not_applicable" and "contains no operation" in row["not_applicable"] for row in truck)
    # ch. 350 files: the ride files answer; the charge files (no operation, only charges) do not apply
    rides = [row for row in rows if row["id"].startswith("ch350_") and _has_kind(row["id"], "operation")]
    charges = [row for row in rows if row["id"].startswith("ch350_") and not _has_kind(row["id"], "operation")]
    assert len(rides) >= 25 and charges
    assert not any(row["answer"] == "not_applicable" or row["not_applicable"] for row in rides)
    assert all(row["answer"] == "not_applicable" for row in charges)
    assert f"{trucks + len(charges)} not applicable" in r.stderr


@pytest.mark.parametrize("verdicts_only", [False, True])
def test_batch_jsonl_and_text_carry_the_reason(verdicts_only):
    extra = ["--verdicts-only"] if verdicts_only else []
    r = run(["batch", str(FACTS), "forfeiture", *extra])
    rows = {json.loads(l)["id"]: json.loads(l) for l in r.stdout.splitlines()}
    airport = rows["ch350_airport"]
    assert airport["answer"] == "not_applicable" and airport["schema"] == 3
    assert airport["not_applicable"].startswith("the case contains no vehicle")
    assert rows["ch348_grain_semi_first_offense"]["answer"] == "true"
    text = run(["batch", str(FACTS), "forfeiture", "--to", "text", *extra]).stdout.splitlines()
    line = next(l for l in text if l.startswith("ch350_airport\t"))
    cells = line.split("\t")
    assert cells[1] == "not_applicable" and cells[-2].endswith("(nothing in the case was judged)")


def test_why_on_a_not_applicable_question_says_so():
    r = run(["why", TRUCK, "lawful"])
    assert r.exit_code == 2 and "is not applicable: the case contains no operation" in r.output


def test_handout_says_not_applicable_in_words(tmp_path):
    out = tmp_path / "na.md"
    r = run(["export", SLED, "forfeiture", "--to", "md", "-o", str(out), "--no-whatif"])
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert "**Answer.** Not applicable: the case contains no vehicle" in text
    assert "FALSE" not in text.split("## The argument", 1)[0]   # the short answer, before the argument


def test_a_not_applicable_answer_checks_no_reading():
    # nothing in the case was judged, so no reading of a contested phrase can change the answer;
    # the answer does not claim to have checked one (it used to list s. 348.21(4))
    res = run(["ask", SLED, "forfeiture"])
    assert res.exit_code == 0 and "Not applicable: the case contains no vehicle" in res.output
    assert "Readings:" not in res.output and "turn on a reading" not in res.output
    data = json.loads(run(["ask", SLED, "forfeiture", "--format", "json"]).output)
    assert data["interpretation"]["checked"] == [] and data["interpretation"]["turns_on"] == []
    applies = json.loads(run(["ask", TRUCK, "forfeiture", "--format", "json"]).output)
    assert applies["interpretation"]["checked"], "where the question applies, its phrases are checked"
