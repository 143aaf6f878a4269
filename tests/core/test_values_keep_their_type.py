"""Values stay what they were.

interview --save writes strings quoted when YAML would read them as something else, and keeps
the case file's own words (`country: NO`, `answer: no`) as written; numbers typed in an interview,
and numbers from CSV and JSONL batch inputs, are exact (never through a binary float)."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.facts.case import load_case
from reasoner.engine.rulebase import program_rulebase

PROGRAM = """@entity person "a person".
@input country(P: person, C: string) "the country of {P}".
@input answer(P: person, A: string) "the answer {P} gave".
@input note(P: person, N: string) "the note about {P}".
@input height(P: person, H: number) "the height of {P}".
@input tall(P: person) "{P} is tall".
ok(P) :- person(P), note(P, N), height(P, H), H > 1, tall(P).
"""
# YAML 1.1 / 1.2 words and numbers a reader could take for something other than a string
WORDS = ["NO", "no", "No", "yes", "Yes", "on", "off", "OFF", "y", "Y", "n", "N", "true", "False", "~",
         "null", "Null", "1e3", "0x10", "0o17", "010", "1_000", "12:30", "1:30:00", ".inf", "-.inf",
         ".nan", "2024-01-15", "3.0", "+1", "=", "<<", "-", "'quoted'", "#hash", "a: b", "[x]", "{y}",
         "@at", "`tick`", "!bang", "%pct", "*star", "&amp", "?q", "|bar", ">gt", " lead", "trail "]


def rows(case):
    return sorted((r.pred, r.args, r.known) for r in case.rows)


@pytest.mark.parametrize("word", WORDS)
def test_interview_save_round_trips_yaml_words(tmp_path, word):
    prog = tmp_path / "p.dl"
    # the note's value decides the answer (so the exact answer asks for it); the rest is stated
    prog.write_text(PROGRAM.replace("note(P, N),", 'note(P, N), N != "none",'))
    case = tmp_path / "case.yaml"
    case.write_text("entities:\n  p1:\n    type: person\n    country: NO\n    answer: no\n    height: 2\n"
                    "    tall: true\n")
    saved = tmp_path / "done.yaml"
    r = CliRunner().invoke(main, ["interview", str(case), "ok(p1)", "--rules", str(prog), "--save", str(saved)],
                           input=f"{word}\n")
    assert r.exit_code == 0, r.stderr
    rb = program_rulebase([prog])
    again = load_case(saved, rb.checked)
    assert again.attributes["p1"]["country"] == "NO" and again.attributes["p1"]["answer"] == "no"
    assert ("note", ("p1", word.strip()), True) in rows(again), saved.read_text()
    assert ("height", ("p1", 2), True) in rows(again)
    assert "height: 2\n" in saved.read_text()
    original = load_case(case, rb.checked)
    assert [x for x in rows(original) if x[0] in ("country", "answer")] == \
        [x for x in rows(again) if x[0] in ("country", "answer")]


def test_interview_number_is_exact(tmp_path):
    prog = tmp_path / "p.dl"
    prog.write_text(PROGRAM.replace("H > 1", "H > 150"))
    case = tmp_path / "case.yaml"
    case.write_text("entities:\n  p1:\n    type: person\n    note: x\n    tall: true\n")
    saved = tmp_path / "done.yaml"
    r = CliRunner().invoke(main, ["interview", str(case), "ok(p1)", "--rules", str(prog), "--save", str(saved),
                                  "--format", "json"], input="150.00000000000000001\n")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["answer"] == "true"
    assert "height: 150.00000000000000001\n" in saved.read_text()


def test_csv_and_jsonl_numbers_are_exact(tmp_path):
    """150.00000000000000001 is more than 150: the same verdict from CSV, JSONL and YAML."""
    from reasoner.apps.batch import read_items
    from reasoner.engine.rulebase import default_rulebase
    rb = default_rulebase()
    csv_path = tmp_path / "cases.csv"
    csv_path.write_text("id,entity,type,trail_distance_ft\nc1,op1,operation,150.00000000000000001\n")
    jsonl = tmp_path / "cases.jsonl"
    jsonl.write_text('{"id": "c1", "entities": {"op1": {"type": "operation", '
                     '"trail_distance_ft": 150.00000000000000001}}}\n')
    yaml_case = tmp_path / "c1.yaml"
    yaml_case.write_text("entities:\n  op1:\n    type: operation\n    trail_distance_ft: 150.00000000000000001\n")
    from fractions import Fraction
    exact = Fraction("150.00000000000000001")
    for path in (csv_path, jsonl):
        [item] = read_items(path, rb.checked)
        case = load_case(item.source, rb.checked, "c1")
        assert ("trail_distance_ft", ("op1", exact)) in {(r.pred, r.args) for r in case.rows}, path
    case = load_case(yaml_case, rb.checked)
    assert ("trail_distance_ft", ("op1", exact)) in {(r.pred, r.args) for r in case.rows}


def test_jsonl_numbers_out_of_range_are_case_errors(tmp_path):
    jsonl = tmp_path / "big.jsonl"
    row = '{"id": "%s", "entities": {"op1": {"type": "operation", "speed_mph": %s}}}\n'
    jsonl.write_text(row % ("c1", "9" * 5000) + row % ("c2", "1e999999999") + row % ("c3", "12.5"))
    r = CliRunner().invoke(main, ["batch", str(jsonl), "lawful", "--verdicts-only"])
    assert r.exit_code == 2 and "internal error" not in r.output
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["id"] for x in lines] == ["c1", "c2", "c3"]
    assert "error" in lines[0] and len(lines[0]["error"]) < 200 and "error" in lines[1]
    assert lines[2]["answer"] == "undetermined"
