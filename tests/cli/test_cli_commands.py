"""The command line: why, why-not, whatif, interview, batch, export, conventions.

Uses the small self-contained programs under tests/fixtures/cli/ (not the bundled law).
"""
import re
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
FIX = "tests/fixtures/cli"
TRAIL = ["--rules", f"{FIX}/trail.dl"]
WEIGHT = ["--rules", f"{FIX}/weight.dl"]


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def run(args, input=None):
    return CliRunner().invoke(main, args, input=input)


# -- why / why-not --------------------------------------------------------------------------------
def test_why_true_atom_shows_derivation_with_provisions():
    r = run(["why", *TRAIL, f"{FIX}/night_unlawful.yaml", "violation(op1, \"350.02(2)(b)4\")"])
    assert r.exit_code == 0, r.output
    assert "Answer: TRUE" in r.stdout
    assert "[350.02(2)(b)4] rule 350.02(2)(b)4#1 with O=op1 applies" in r.stdout
    assert "At night travel shall conform" in r.stdout
    assert "night_unlawful.yaml:6" in r.stdout


def test_why_on_false_atom_suggests_why_not():
    r = run(["why", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)"])
    assert r.exit_code == 2
    assert "is false" in r.stderr and "reasoner why-not" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert "Traceback" not in r.output


def test_why_not_on_true_atom_suggests_why():
    r = run(["why-not", *TRAIL, f"{FIX}/night_lawful.yaml", "lawful(op1)"])
    assert r.exit_code == 2
    assert "is true" in r.stderr and "reasoner why " in r.stderr


def test_why_on_undetermined_atom_names_missing_facts():
    r = run(["why", *TRAIL, f"{FIX}/night_unknown.yaml", "lawful(op1)"])
    assert r.exit_code == 2
    assert "undetermined" in r.stderr and "department of transportation" in r.stderr
    assert "reasoner interview" in r.stderr


def test_why_not_lists_every_rule_with_the_failed_condition():
    r = run(["why-not", *TRAIL, f"{FIX}/night_unlawful.yaml", "night_direction_excepted(op1)", "--no-quote"])
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert all(len(line) <= 100 for line in out.splitlines())   # a long step wraps under its branch
    for step in ("rule 350.02(2)(b)4.c#1 with O=op1 does not apply: `trail_separated(O)` fails",
                 "rule 350.02(2)(b)4.a#1 with O=op1 does not apply: `D >= 40` fails",
                 "rule 350.02(2)(b)4.a#2 with O=op1 does not apply: `head_lamp_barrier(O)` fails"):
        assert re.search(r"\s[ |]*".join(map(re.escape, step.split(" "))), out), step
    assert "30 >= 40: false" in out
    assert '> "' not in out  # --no-quote


def test_fold_hides_undeclared_helper_atoms():
    args = ["why-not", *TRAIL, f"{FIX}/night_unlawful.yaml", "night_direction_excepted(op1)"]
    folded = run(args + ["--fold"]).stdout
    unfolded = run(args + ["--no-fold"]).stdout
    assert "trail_separated(op1) is FALSE" in unfolded
    assert "trail_separated(op1) is FALSE" not in folded
    assert "rule 350.02(2)(b)4.a#1" in folded  # its rules move up
    # projection helpers are shown as the user wrote them
    lawful = run(["why-not", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)"]).stdout
    assert "`not violation(O, _)` fails" in lawful and "__proj" not in lawful


def test_depth_cuts_the_tree():
    r = run(["why-not", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)", "--depth", "1", "--no-quote"])
    assert r.exit_code == 0
    proof = r.stdout.split("Proof:\n", 1)[1].splitlines()
    assert len(proof) == 3 and proof[-1].strip().endswith("...")


def test_why_json_has_schema_and_proof():
    r = run(["why", *TRAIL, f"{FIX}/night_lawful.yaml", "lawful(op1)", "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["schema"] == 3 and data["command"] == "why" and data["answer"] == "true"
    assert data["proof"]["graph"]["root"] == "atom:lawful(op1)"


# -- whatif ------------------------------------------------------------------------------------------
def test_whatif_single_changes_with_vocabulary_sentences():
    r = run(["whatif", *TRAIL, f"{FIX}/night_lawful.yaml", "lawful(op1)", "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["answer"] == "true"
    sentences = [o["sentence"] for o in data["outcomes"]]
    assert ("If the use of the snowmobile trail had not been approved by the department of "
            "transportation (the case states that the use of the snowmobile trail is approved by the "
            "department of transportation), the answer would then be: op1 violated s. 350.02(2)(b)4"
            in " ".join(sentences))
    # the numeric threshold of `D >= 40`: the value just across it
    distance = next(o for o in data["outcomes"] if o["changes"][0]["attribute"] == "trail_distance_ft")
    assert "had been 39 instead of 50" in distance["sentence"] and distance["changes"][0]["to"] == "39"
    # --proofs: the inputs each change sets and the proof it would produce
    text = run(["whatif", *TRAIL, f"{FIX}/night_lawful.yaml", "lawful(op1)", "--proofs"]).stdout
    assert "Answer now: " in text and "Verdict: TRUE." in text
    assert "change: op1.trail_distance_ft: 50 -> 39" in text
    assert "Proof:" in text and "what-if change" in text
    plain = run(["whatif", *TRAIL, f"{FIX}/night_lawful.yaml", "lawful(op1)"]).stdout
    assert "Proof:" not in plain and "change: op1." not in plain


def test_whatif_reports_a_change_that_leaves_the_answer_no_longer_established():
    # on the median of a divided highway: s. 350.02(2)(b)2's conditions are not all stated, so the
    # lawful answer would no longer be established (it flips to nothing, but it is no longer safe)
    data = json.loads(run(["whatif", *TRAIL, f"{FIX}/night_lawful.yaml", "lawful(op1)", "--format", "json"]).stdout)
    (median,) = [o for o in data["outcomes"] if o["changes"][0]["attribute"] == "on_median"]
    assert median["outcome"] == "unsettle" and median["answer"] == "undetermined"
    assert median["depends_on"] and median["gained"] == []
    assert ("it would no longer be established that op1 was lawful under the encoded provisions" in median["sentence"]
            and ": the answer would then depend on " in median["sentence"])
    assert "1 single change makes it no longer established" in data["summary"]
    assert [f["outcome"] for f in data["found"]] == ["flip", "unsettle"]


def test_whatif_offers_only_inputs_in_the_proof():
    r = run(["whatif", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)", "--format", "json", "--proofs"])
    data = json.loads(r.stdout)
    assert data["schema"] == 2 and data["searched"] == "single"
    changed = {c["attribute"] for f in data["outcomes"] for c in f["changes"]}
    assert changed == {"adjacent_to_roadway", "at_night", "travelled_with_traffic", "trail_distance_ft",
                       "head_lamp_barrier"}
    # on_median is stated but the proof of the violation does not use it; approval is not reached
    distance = [f for f in data["outcomes"] if f["changes"][0]["attribute"] == "trail_distance_ft"]
    assert distance[0]["changes"][0]["to"] == "40" and distance[0]["answer"] == "true"
    assert all(f["answer"] == "true" and f["outcome"] == "flip" for f in data["outcomes"])
    assert all("proof" in f for f in data["outcomes"])
    # nearest first: 30 -> 40 feet moves the input a third of its value, a true/false flip counts whole
    assert data["outcomes"][0]["changes"][0]["attribute"] == "trail_distance_ft"
    distances = [f["distance"] for f in data["outcomes"]]
    assert distances == sorted(distances)
    plain = json.loads(run(["whatif", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)", "--format", "json"]).stdout)
    assert not any("proof" in f for f in plain["outcomes"])


def test_whatif_tries_pairs_only_when_no_single_change_flips():
    r = run(["whatif", *TRAIL, f"{FIX}/two_violations.yaml", "lawful(op1)", "--format", "json",
             "--limit", "20"])
    data = json.loads(r.stdout)
    assert data["searched"] == "pairs"
    assert data["outcomes"] and all(len(f["changes"]) == 2 for f in data["outcomes"])
    pairs = {frozenset(c["attribute"] for c in f["changes"]) for f in data["outcomes"]}
    assert frozenset({"on_median", "travelled_with_traffic"}) in pairs
    assert frozenset({"crossing_median", "trail_approved_by_dot"}) in pairs
    single = json.loads(run(["whatif", *TRAIL, f"{FIX}/night_lawful.yaml", "lawful(op1)", "--format", "json"]).stdout)
    assert single["searched"] == "single"


def test_whatif_undetermined_unknown_inputs_stated():
    r = run(["whatif", *TRAIL, f"{FIX}/night_unknown.yaml", "lawful(op1)", "--format", "json"])
    data = json.loads(r.stdout)
    sentences = [f["sentence"] for f in data["outcomes"]]
    assert any("(the case does not say)" in s and "department of transportation" in s for s in sentences)
    assert all(f["answer"] in ("true", "false") and f["outcome"] == "settle" for f in data["outcomes"])
    assert "single changes settle the answer" in data["summary"]


def test_whatif_no_pairs_option_and_nothing_found():
    r = run(["whatif", *TRAIL, f"{FIX}/two_violations.yaml", "lawful(op1)", "--no-pairs"])
    assert r.exit_code == 0
    assert "no single change to the inputs in the proof changes the answer" in r.stdout.replace("\n  ", " ")


# -- interview ----------------------------------------------------------------------------------------
def test_interview_asks_until_determined_and_saves(tmp_path):
    out = tmp_path / "done.yaml"
    r = run(["interview", *TRAIL, f"{FIX}/night_unknown.yaml", "lawful(op1)", "--save", str(out)],
            input="y\n45\n")
    assert r.exit_code == 0, r.output
    # ranked: the approval settles one of its two values, the distance one of its three intervals
    assert "Q1. Is the use of the snowmobile trail approved" in r.stderr
    assert "Q2. What is the distance in feet between the snowmobile trail and the roadway?" in r.stderr
    assert "Verdict: TRUE" in r.stdout and "Asked 2 question(s), 2 answered." in r.stdout
    saved = out.read_text()
    assert "trail_distance_ft: 45" in saved and "trail_approved_by_dot: true" in saved
    assert list(tmp_path.iterdir()) == [out]
    again = run(["ask", *TRAIL, str(out), "lawful(op1)"])
    assert "Verdict: TRUE" in again.stdout


def test_interview_stops_as_soon_as_determined():
    r = run(["interview", *TRAIL, f"{FIX}/night_unknown.yaml", "lawful(op1)", "--format", "json"], input="n\n")
    data = json.loads(r.stdout)
    assert data["schema"] == 2 and data["answer"] == "false"
    assert [q["attribute"] for q in data["asked"]] == ["trail_approved_by_dot"]
    assert "Q2." not in r.stderr


def test_interview_reprompts_on_a_bad_value_and_accepts_unknown():
    r = run(["interview", *TRAIL, f"{FIX}/night_unknown.yaml", "lawful(op1)", "--format", "json"],
            input="unknown\nfar\n30\n")
    assert r.exit_code == 0, r.output
    assert "expected a number, got 'far'" in r.stderr
    data = json.loads(r.stdout)
    assert [q["answer"] for q in data["asked"]] == ["unknown", "30"]
    assert data["answer"] == "false"


def test_interview_end_of_input_stops_cleanly():
    r = run(["interview", *TRAIL, f"{FIX}/night_unknown.yaml", "lawful(op1)"], input="")
    assert r.exit_code == 6     # nothing was answered
    assert "Verdict: UNDETERMINED" in r.stdout and "input ended" in r.stderr


def test_interview_already_determined_asks_nothing():
    r = run(["interview", *TRAIL, f"{FIX}/night_lawful.yaml", "lawful(op1)"])
    assert r.exit_code == 0 and "Q1." not in r.stderr
    assert r.stdout.splitlines()[-1] == "Nothing to ask: no unknown fact would decide the answer."


def test_interview_yaml_keeps_values_as_written():
    import copy

    import yaml

    from reasoner.apps.interview import _Loader, dump_yaml
    text = "a: 23:05\nb: 010\nc: 1994-05-07\nd: 1.50\ne: true\nf: \"22:30\"\n"
    data = copy.deepcopy(yaml.load(text, Loader=_Loader))
    assert dump_yaml(data) == "a: 23:05\nb: 010\nc: 1994-05-07\nd: 1.50\ne: true\nf: '22:30'\n"


# -- batch ---------------------------------------------------------------------------------------------
def _cases_dir(tmp_path):
    d = tmp_path / "cases"
    d.mkdir()
    for name in ("night_lawful", "night_unlawful", "night_unknown"):
        (d / f"{name}.yaml").write_text((ROOT / FIX / f"{name}.yaml").read_text())
    (d / "broken.yaml").write_text("entities:\n  op1:\n    type: operation\n    at_nite: true\n")
    return d


def test_batch_folder_reports_bad_case_and_goes_on(tmp_path):
    r = run(["batch", *TRAIL, str(_cases_dir(tmp_path)), "lawful(op1)"])
    assert r.exit_code == 2
    rows = [json.loads(line) for line in r.stdout.splitlines()]
    assert [row["id"] for row in rows] == ["broken", "night_lawful", "night_unknown", "night_unlawful"]
    assert "at_nite" in rows[0]["error"] and rows[0]["location"].endswith("broken.yaml:4")
    assert rows[1]["answer"] == "true" and rows[3]["answer"] == "false"
    # a FALSE answer lists the provisions its proof considered, and says so
    assert rows[3]["cited"] == ["350.02(2)(b)4", "350.02(2)(b)4.a", "350.02(2)(b)4.c", "350.02(4)"]
    assert rows[3]["cited_as"] == "considered" and rows[1]["cited_as"] == "applied"
    assert rows[2]["missing"] and all(row["schema"] == 3 for row in rows)
    assert "batch: 4 case(s): 1 true, 1 false, 1 undetermined, 1 error(s)" in r.stderr
    assert "cases" not in r.stderr.split("batch:")[0]  # no progress bar off a terminal


def test_batch_progress_bar_only_on_a_terminal(tmp_path, monkeypatch):
    import reasoner.cli.batch as cli_batch
    monkeypatch.setattr(cli_batch, "_stderr_is_terminal", lambda: True)
    r = run(["batch", *TRAIL, str(_cases_dir(tmp_path)), "lawful(op1)", "-o", str(tmp_path / "out.jsonl")])
    assert r.stderr.startswith("cases")  # the bar's label (click draws the bar itself on a real terminal)
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 4


def test_batch_jsonl_and_output_file(tmp_path):
    src = tmp_path / "cases.jsonl"
    lines = [json.dumps({"id": "a", "entities": {"op1": {"type": "operation", "adjacent_to_roadway": True,
                                                          "at_night": True, "travelled_with_traffic": False,
                                                          "trail_distance_ft": 40.5, "head_lamp_barrier": False,
                                                          "trail_approved_by_dot": True, "on_median": False}}}),
             "{not json", json.dumps({"entities": {}}), "",
             json.dumps({"id": "b", "entities": {"op1": {"type": "operation", "at_night": False}}})]
    src.write_text("\n".join(lines) + "\n")
    out = tmp_path / "results.jsonl"
    r = run(["batch", *TRAIL, str(src), "lawful(op1)", "-o", str(out)])
    assert r.exit_code == 2 and r.stdout == ""
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["id"] for row in rows] == ["a", "line 2", "line 3", "b"]
    assert rows[0]["answer"] == "true" and rows[3]["answer"] == "undetermined"
    assert "not valid JSON" in rows[1]["error"] and "id" in rows[2]["error"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cases.jsonl", "results.jsonl"]


def test_batch_csv(tmp_path):
    src = tmp_path / "cases.csv"
    src.write_text("id,entity,type,adjacent_to_roadway,at_night,travelled_with_traffic,trail_distance_ft,"
                   "head_lamp_barrier,trail_approved_by_dot,on_median\n"
                   "c1,op1,operation,true,true,false,30,false,true,false\n"
                   "c2,op1,operation,yes,yes,no,45,no,yes,no\n"
                   "c3,op1,operation,true,maybe,false,45,false,true,false\n"
                   "c4,op1,operation,true,true,false,,false,,false\n")
    r = run(["batch", *TRAIL, str(src), "lawful(op1)", "--format", "text"])
    assert r.exit_code == 2
    lines = r.stdout.splitlines()
    assert lines[0] == "id\tanswer\tbindings (money in dollars)\tcited\tcited_as\tmissing\tnote\tpresumed"
    assert lines[1].startswith("c1\tfalse\t\t350.02(2)(b)4") and "\tconsidered\t" in lines[1]
    assert lines[2].startswith("c2\ttrue\t")
    assert lines[3].startswith("c3\terror\t") and "maybe" in lines[3]
    assert lines[4].startswith("c4\tundetermined\t")


def test_batch_all_good_exits_zero_and_bad_input_is_usage_error(tmp_path):
    d = tmp_path / "ok"
    d.mkdir()
    (d / "x.yaml").write_text((ROOT / FIX / "night_lawful.yaml").read_text())
    assert run(["batch", *TRAIL, str(d), "lawful(op1)"]).exit_code == 0
    r = run(["batch", *TRAIL, str(tmp_path / "nothing.txt"), "lawful(op1)"])
    assert r.exit_code == 2 and "no such file or folder" in r.stderr


@pytest.mark.parametrize("engine, module, cls", [("pydatalog", "reasoner.engine.pydatalog.compiler", "Compiled"),
                                                  ("sets", "reasoner.engine.batch", "BatchProgram")])
def test_batch_reuses_one_compiled_rulebase(tmp_path, monkeypatch, engine, module, cls):
    import importlib
    target = getattr(importlib.import_module(module), cls)
    built = []
    original = target.__init__

    def counting(self, *args, **kw):
        built.append(1)
        original(self, *args, **kw)
    monkeypatch.setattr(target, "__init__", counting)
    run(["--engine", engine, "batch", *TRAIL, str(_cases_dir(tmp_path)), "lawful(op1)"])
    assert len(built) == 1


# -- export --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["text", "json", "graphml"])
def test_export_core_formats(tmp_path, fmt):
    out = tmp_path / f"proof.{fmt}"
    r = run(["export", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)", "--to", fmt, "-o", str(out)])
    assert r.exit_code == 0, r.output
    assert out.stat().st_size > 500
    assert [p.name for p in tmp_path.iterdir()] == [out.name]


def test_export_infers_format_from_suffix_and_prints_to_stdout(tmp_path):
    r = run(["export", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)", "--to", "text"])
    assert r.exit_code == 0 and r.stdout.startswith("Case: ")
    r = run(["export", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)", "-o", str(tmp_path / "p.json")])
    assert json.loads((tmp_path / "p.json").read_text())["schema"] == 3
    r = run(["export", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)", "-o", str(tmp_path / "p.xyz")])
    assert r.exit_code == 2 and "--to FORMAT" in r.output


def test_export_to_missing_folder_is_one_line_error(tmp_path):
    r = run(["export", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)", "--to", "text",
             "-o", str(tmp_path / "no" / "x.txt")])
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and "output folder does not exist" in r.stderr


def test_export_graphics_and_handouts(tmp_path):
    pytest.importorskip("matplotlib")
    pytest.importorskip("pydot")
    case = f"{FIX}/night_unlawful.yaml"
    for fmt in ("dot", "svg", "png", "md", "html"):
        r = run(["export", "--view", "full", *TRAIL, case, "lawful(op1)", "--to", fmt, "-o", str(tmp_path / f"h.{fmt}")])
        assert r.exit_code == 0, (fmt, r.output)
    assert (tmp_path / "h.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    md = (tmp_path / "h.md").read_text()
    assert "![The proof of lawful(op1)" in md and "(h.svg)" in md
    assert "## What if?" in md
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]
    r = run(["export", "--view", "full", *TRAIL, case, "lawful(op1)", "--to", "png"])
    assert r.exit_code == 2 and "-o FILE.png" in r.output


def test_export_md_to_stdout_embeds_the_figure():
    pytest.importorskip("matplotlib")
    r = run(["export", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)", "--to", "md", "--no-whatif"])
    assert r.exit_code == 0
    assert "](data:image/svg+xml;base64," in r.stdout and "## What if?" not in r.stdout


def test_export_is_byte_identical(tmp_path):
    pytest.importorskip("matplotlib")
    outs = []
    for i in range(2):
        out = tmp_path / f"run{i}.html"
        run(["export", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)", "-o", str(out)])
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]


# -- conventions ---------------------------------------------------------------------------------------------
def test_help_documents_exit_codes_and_completion():
    r = run(["--help"])
    assert "Exit codes" in r.stdout and "_REASONER_COMPLETE=bash_source" in r.stdout
    for cmd in ("ask", "why", "why-not", "whatif", "interview", "batch", "export", "check"):
        assert cmd in r.stdout
    assert "Exit code" in run(["batch", "--help"]).stdout


@pytest.mark.parametrize("cmd", ["why", "why-not", "whatif", "interview"])
def test_commands_have_format_option(cmd):
    assert "--format [text|json]" in run([cmd, "--help"]).stdout


def test_bad_case_file_is_one_line_error_with_location(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("entities:\n  op1:\n    type: operation\n    at_nite: true\n")
    for cmd in ("why", "whatif", "interview", "export"):
        args = [cmd, *TRAIL, str(bad), "lawful(op1)"] + (["--to", "text"] if cmd == "export" else [])
        r = run(args)
        assert r.exit_code == 2, cmd
        assert r.stderr.count("\n") == 1, (cmd, r.stderr)
        assert f"{bad}:4" in r.stderr and "did you mean: at_night" in r.stderr
        assert "Traceback" not in r.output


def test_debug_shows_the_traceback(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("entities: [")
    r = run(["--debug", "why", *TRAIL, str(bad), "lawful(op1)"])
    assert r.exit_code != 0 and r.exception is not None


def test_unknown_query_predicate_is_usage_error():
    r = run(["whatif", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawfull(op1)"])
    assert r.exit_code == 2 and "did you mean: lawful" in r.stderr


def test_ask_and_check_still_work():
    r = run(["ask", *TRAIL, f"{FIX}/night_unlawful.yaml", "lawful(op1)", "--exit-code"])
    assert r.exit_code == 3 and "Verdict: FALSE" in r.stdout
    r = run(["ask", *WEIGHT, f"{FIX}/weight_case.yaml", "forfeiture(truck1, Min, Max)", "--format", "json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["answer"] == "true"
    r = run(["check", f"{FIX}/trail.dl", f"{FIX}/night_unlawful.yaml"])
    assert r.exit_code == 0, r.output


def test_only_cli_imports_click():
    for path in (ROOT / "reasoner").rglob("*.py"):
        if path.parent.name == "cli":
            continue
        text = path.read_text(encoding="utf-8")
        assert "import click" not in text and "from click" not in text, path


def test_renderers_do_not_import_heavy_libraries_at_module_level():
    import subprocess
    import sys
    code = ("import sys, reasoner.cli, reasoner.render.dot, reasoner.render.figure, reasoner.render.html, "
            "reasoner.render.markdown, reasoner.render.graphml, reasoner.answer.whatif, reasoner.apps.batch, "
            "reasoner.apps.interview; print('matplotlib' in sys.modules, 'pydot' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.strip() == "False False", out.stderr
