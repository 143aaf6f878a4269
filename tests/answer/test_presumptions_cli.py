"""Presumptions (burden of proof): the @presume declaration and its checks, --strict,
the JSON field, the proof node in every renderer, both engines, batch and the interview."""
import re
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.core.errors import RuleError
from reasoner.language.checks import check, collect_problems
from reasoner.language.parser import parse_text
from reasoner.law.index import default_index

ROOT = Path(__file__).resolve().parents[2]
NIGHT = "facts/ch350_report_night_direction.yaml"
UTILITY = "not public_utility_function(op1)"


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("REASONER_STRICT", raising=False)
    yield


def run(args, input=None, env=None):
    return CliRunner().invoke(main, args, input=input, env=env)


PROGRAM = '''
@entity operation "an operation".
@input at_night(O: operation) "{O} took place at night".
@input exempt(O: operation) "{O} was exempt".
@input lanes(O: operation, N: number) "the number of lanes beside {O}".
@predicate excepted(O: operation) "{O} is excepted".
%s
@provision "350.045"
excepted(O) :- exempt(O).
@provision "350.045"
violation(O, "350.045") :- operation(O), at_night(O), not excepted(O).
'''


def problems(decls):
    prog = parse_text(PROGRAM % decls, "p.dl")
    return [str(e) for e in collect_problems(prog, default_index(), False)]


# -- the declaration and `reasoner check` ---------------------------------------------------------
def test_presumption_on_an_exception_is_accepted():
    assert problems('@presume not exempt(O) "350.045" "An exemption: the operator claiming it must raise it.".') == []
    prog = parse_text(PROGRAM % '@presume lanes(O, 2) "350.045" "A default.".', "p.dl")
    check(prog, default_index())
    (pr,) = prog.presumptions
    assert (pr.pred, pr.arity, pr.value, pr.citation) == ("lanes", 2, 2, "350.045")


def test_check_rejects_a_presumption_on_an_offence_element():
    found = problems('@presume not at_night(O) "350.045" "Night.".')
    assert len(found) == 1
    assert "at_night is an element of the offence violation" in found[0]
    assert "p.dl:" in found[0]


def test_an_override_reason_lets_an_element_be_presumed():
    assert problems('@presume not at_night(O) "350.045" "Night." override "The statute says so.".') == []


@pytest.mark.parametrize("decl, words", [
    ('@presume not exempt(O) "999.99" "x".', "unknown citation"),
    ('@presume not excepted(O) "350.045" "x".', "not a declared @input"),
    ('@presume not exempt(O) "350.045" "x".\n@presume not exempt(O) "350.045" "y".', "declared twice"),
    ('@presume lanes(O, two) "350.045" "x".', "is not a number"),
    ('@presume not exempt(O) "350.045" "".', "reason"),
])
def test_check_reports_bad_presumptions(decl, words):
    found = problems(decl)
    assert any(words in f for f in found), found


@pytest.mark.parametrize("decl", [
    '@presume not lanes(O, 2) "350.045" "x".',
    '@presume exempt(op1) "350.045" "x".',
    '@presume not exempt(O) "350.045".',
    '@presume not exempt(O) "350.045" "x" because "y".',
])
def test_parser_rejects_malformed_presumptions_with_a_location(decl):
    with pytest.raises(RuleError) as exc:
        parse_text(PROGRAM % decl, "p.dl")
    assert exc.value.location.startswith("p.dl:")


def test_bundled_law_checks_clean_and_every_presumption_is_documented():
    r = run(["check"])
    assert r.exit_code == 0, r.output
    from reasoner.engine.rulebase import default_rulebase
    doc = (ROOT / "docs" / "PRESUMPTIONS.md").read_text(encoding="utf-8")
    presumptions = default_rulebase().program.presumptions
    assert len(presumptions) >= 25
    for pr in presumptions:
        assert f"`{pr.pred}`" in doc and pr.citation in doc, pr.pred


# -- answers: text, JSON, --strict ------------------------------------------------------------------
def test_json_lists_the_presumptions_relied_on():
    r = run(["ask", NIGHT, "lawful", "--format", "json"])
    data = json.loads(r.stdout)
    assert data["answer"] == "false"
    assert data["presumed"] == [{"fact": UTILITY, "citation": "350.045",
                                 "reason": "An exemption: the operator claiming it must raise it."}]
    kinds = {n["kind"] for n in data["proof"]["nodes"]}
    assert "presumed" in kinds


def test_text_answer_lists_presumptions():
    r = run(["ask", NIGHT, "lawful", "--no-quote"])   # the argument: the exception is not raised
    said = " ".join(r.stdout.split())
    assert "Exception, s. 350.045: the ride was public utility work where safety did not require strict adherence to the general snowmobile regulations " \
        "— assumed not to apply, because the case's facts do not mention it" in said
    assert "Assumed, because the case does not mention them" in said
    assert "Who must raise the exception of s. 350.045 (the excerpt does not say): an exemption: the operator claiming it must raise it." in said
    full = run(["ask", NIGHT, "lawful", "--no-quote", "--view", "full"])
    assert "Assumed (not raised in the case" in full.stdout
    assert f"  - {UTILITY} — s. 350.045: An exemption" in full.stdout
    # the tree's step, its wrapped lines joined (a continuation line is spaces and bars, then text)
    steps = re.sub(r"\n[ |]+(?=[^ |])(?!`--|-- |> |\* )", " ", full.stdout)
    assert f"presumed: {UTILITY} (not raised in the case) — s. 350.045" in steps


@pytest.mark.parametrize("how", ["flag", "env"])
def test_strict_turns_presumptions_off(how):
    args = ["--strict", "ask", NIGHT, "lawful", "--format", "json"] if how == "flag" else \
        ["ask", NIGHT, "lawful", "--format", "json"]
    r = run(args, env={"REASONER_STRICT": "1"} if how == "env" else None)
    data = json.loads(r.stdout)
    assert data["answer"] == "undetermined" and data["presumed"] == []
    assert "whether the ride was carried out to fulfil the corporate function of a public utility" in \
        [m["question"] for m in data["missing"]]
    assert "presumed" not in {n["kind"] for n in data["proof"]["nodes"]}


def test_both_engines_apply_presumptions_identically():
    out = {}
    for engine in ("sets", "pydatalog"):
        r = run(["--engine", engine, "ask", NIGHT, "lawful", "--format", "json"])
        out[engine] = json.loads(r.stdout)
    assert out["sets"] == out["pydatalog"]
    assert out["sets"]["presumed"][0]["fact"] == UTILITY


def test_batch_applies_presumptions_with_and_without_proofs(tmp_path):
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "night.yaml").write_text((ROOT / NIGHT).read_text())
    full = json.loads(run(["batch", str(folder), "lawful"]).stdout)
    fast = json.loads(run(["batch", str(folder), "lawful", "--verdicts-only"]).stdout)
    strict = json.loads(run(["--strict", "batch", str(folder), "lawful", "--verdicts-only"]).stdout)
    assert full["answer"] == fast["answer"] == "false"
    assert [p["fact"] for p in full["presumed"]] == [UTILITY]
    assert strict["answer"] == "undetermined"
    # without a proof, every presumption filled into an input the question's rules read is listed
    # (the proof's own list is one of them); none under --strict
    assert UTILITY in [p["fact"] for p in fast["presumed"]]
    assert {p["fact"] for p in full["presumed"]} <= {p["fact"] for p in fast["presumed"]}
    assert all(p["citation"] and p["reason"] for p in fast["presumed"])
    assert strict["presumed"] == []


@pytest.mark.parametrize("verdicts", [[], ["--verdicts-only"]])
def test_batch_text_lines_show_the_presumptions(tmp_path, verdicts):
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "night.yaml").write_text((ROOT / NIGHT).read_text())
    lines = run(["batch", str(folder), "lawful", "--format", "text", *verdicts]).stdout.splitlines()
    assert lines[0].split("\t")[-1] == "presumed"
    assert lines[1].startswith("night\tfalse\t")
    assert ("the ride was not carried out to fulfil the corporate function of a public utility "
            "(s. 350.045)") in lines[1].split("\t")[-1]   # the table is read by people: in words
    strict = run(["--strict", "batch", str(folder), "lawful", "--format", "text", *verdicts]).stdout.splitlines()
    assert strict[1].split("\t")[-1] == ""


@pytest.mark.parametrize("fmt", ["text", "json", "graphml", "dot", "svg", "md", "html"])
def test_every_export_shows_the_presumed_node(tmp_path, fmt):
    if fmt in ("dot", "svg", "md", "html"):
        pytest.importorskip("matplotlib")
    if fmt == "dot":
        pytest.importorskip("pydot")
    out = tmp_path / f"night.{fmt}"
    r = run(["export", NIGHT, "lawful", "--to", fmt, "-o", str(out), "--no-whatif"])
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    # the views say it 'assumed' (trainee) or 'presumed' (the tree's node kind): either marks the presumption
    assert "350.045" in text and ("presumed" in text.lower() or "assumed" in text.lower())
    if fmt in ("md", "html", "text"):   # the trainee views state the presumption as a sentence
        assert "the ride was not carried out to fulfil the corporate function of a public " \
               "utility" in " ".join(text.split())   # the text view wraps at 100 columns
    elif fmt != "svg":    # the figure wraps long words
        assert "public_utility_function(op1)" in text


def test_interview_asks_elements_then_one_presumption_question(tmp_path):
    case = tmp_path / "night.yaml"
    case.write_text((ROOT / NIGHT).read_text())
    done = tmp_path / "done.yaml"
    r = run(["interview", str(case), "lawful", "--save", str(done), "--format", "json"], input="n\n")
    data = json.loads(r.stdout)
    assert data["answer"] == "false"
    assert [a["type"] for a in data["asked"]] == ["presumed"]
    assert data["asked"][0]["presumed"][0]["fact"] == UTILITY
    assert data["presumed"][0]["fact"] == UTILITY
    # raising the exception states it in the saved case and re-opens the answer
    r = run(["interview", str(case), "lawful", "--save", str(done), "--format", "json"], input="1\n")
    data = json.loads(r.stdout)
    assert data["asked"][0]["value"] == [UTILITY] and data["answer"] == "undetermined"
    assert "public_utility_function: true" in done.read_text()


def test_graphml_with_presumed_nodes_reads_back_into_an_equal_graph(tmp_path):
    import networkx as nx
    from reasoner.answer.answering import ask
    from reasoner.render.graphml import read_graphml, render_graphml
    a = ask(ROOT / NIGHT, "lawful")
    path = tmp_path / "night.graphml"
    path.write_bytes(render_graphml(a.graph))
    g = read_graphml(path)
    assert nx.utils.graphs_equal(g, a.graph)
    for n in a.graph:
        assert g.nodes[n] == a.graph.nodes[n]
    assert any(d.get("kind") == "presumed" for _, d in g.nodes(data=True))


def test_a_valued_default_fills_an_unstated_input(tmp_path):
    rules = tmp_path / "lanes.dl"
    decl = '@presume lanes(O, 2) "350.045" "Two lanes unless a party shows otherwise." override "A test program.".'
    rules.write_text(PROGRAM % decl + '''
@predicate narrow(O: operation) "{O} was beside a narrow road".
@provision "350.045"
narrow(O) :- lanes(O, N), N <= 2.
''')
    case = tmp_path / "c.yaml"
    case.write_text("entities:\n  op1: {type: operation}\n")
    data = json.loads(run(["ask", "--rules", str(rules), str(case), "narrow(op1)", "--format", "json"]).stdout)
    assert data["answer"] == "true"
    assert data["presumed"] == [{"fact": "lanes(op1, 2)", "citation": "350.045",
                                 "reason": "Two lanes unless a party shows otherwise."}]
    case.write_text("entities:\n  op1: {type: operation, lanes: 4}\n")
    data = json.loads(run(["ask", "--rules", str(rules), str(case), "narrow(op1)", "--format", "json"]).stdout)
    assert data["answer"] == "false" and data["presumed"] == []


@pytest.mark.parametrize("verdicts", [[], ["--verdicts-only"]])
def test_batch_csv_has_a_presumed_column(tmp_path, verdicts):
    import csv
    import io
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "night.yaml").write_text((ROOT / NIGHT).read_text())
    out = tmp_path / "out.csv"
    r = run(["batch", str(folder), "lawful", "--to", "csv", "-o", str(out), *verdicts])
    assert r.exit_code == 0, r.output
    (row,) = list(csv.DictReader(io.StringIO(out.read_text())))
    # in words for a researcher; the atoms in the machine column presumed_facts
    assert row["answer"] == "false" and ("the ride was not carried out to fulfil the corporate "
                                         "function of a public utility (s. 350.045)") in row["presumed"]
    assert "_" not in row["presumed"] and f"{UTILITY} (s. 350.045)" in row["presumed_facts"]
    run(["--strict", "batch", str(folder), "lawful", "--to", "csv", "-o", str(out), *verdicts])
    (row,) = list(csv.DictReader(io.StringIO(out.read_text())))
    assert row["answer"] == "undetermined" and row["presumed"] == row["presumed_facts"] == ""
    text = run(["batch", str(folder), "lawful", "--to", "text", *verdicts]).stdout
    assert "the ride was not carried out" in text and UTILITY not in text
    line = json.loads(run(["batch", str(folder), "lawful", *verdicts]).stdout.splitlines()[0])
    assert {"fact": UTILITY, "citation": "350.045"}.items() <= next(
        p for p in line["presumed"] if p["fact"] == UTILITY).items()


def test_handout_and_whatif_read_a_presumed_false_input_as_not_raised(tmp_path):
    """A presumed FALSE input reads with its negative sentence and says it was presumed (the
    handout said "does not apply because <the positive sentence>"), and a what-if change of it
    says the case does not raise it (it said "the case says it was not so")."""
    fix = "tests/fixtures/cli"
    rules = ["--rules", f"{fix}/trail.dl", "--rules", f"{fix}/trail_presume.dl"]
    out = tmp_path / "h.md"
    r = run(["export", *rules, f"{fix}/night_report.yaml", "lawful(op1)", "--to", "md", "-o", str(out)])
    assert r.exit_code == 0, r.output
    # the handout reads the unnamed operation op1 by its role
    negative = "the use of the snowmobile trail is not approved by the department of transportation"   # one ride
    md = out.read_text(encoding="utf-8")   # the trainee handout: the exception is not raised, and why
    assert "4.a and 4.c — **assumed not to apply**, because the case's facts do not mention it" in md
    assert f"{negative} — *assumed — the case's facts do not mention it*" in md   # the facts box says which fact
    # never said as a fact the other way (the statute's own sentence is quoted, capital 'The', under 4.c)
    assert "the use of the snowmobile trail is approved by the department of transportation —" \
        not in md and "trail in the ride" not in md
    w = run(["whatif", *rules, f"{fix}/night_report.yaml", "lawful(op1)", "--no-proof", "--format", "json"])
    sentences = [c["sentence"] for f in json.loads(w.stdout)["outcomes"] for c in f["changes"]]
    assert any("assumed not so under s. 350.02(2)(b)4.c" in s for s in sentences), sentences


def test_interview_asks_the_unknown_element_before_the_presumption_question(tmp_path):
    # the report does not say which way op1 travelled (an element): that is asked first, then,
    # in one question, whether the presumed exception was raised
    case = tmp_path / "night.yaml"
    case.write_text("".join(line for line in (ROOT / NIGHT).read_text().splitlines(keepends=True)
                            if "travelled_with_traffic" not in line))
    r = run(["interview", str(case), 'violation(op1, "350.02(2)(b)4")', "--format", "json"], input="n\nn\n")
    data = json.loads(r.stdout)
    assert [(a["type"], a["attribute"]) for a in data["asked"]] == [("boolean", "travelled_with_traffic"),
                                                                    ("presumed", "")]
    assert [p["fact"] for p in data["asked"][1]["presumed"]] == [UTILITY]
    assert data["answer"] == "true" and [p["fact"] for p in data["presumed"]] == [UTILITY]
    # with travel along with traffic the offence fails on its element: no presumption is asked about
    r = run(["interview", str(case), 'violation(op1, "350.02(2)(b)4")', "--format", "json"], input="y\n")
    data = json.loads(r.stdout)
    assert [a["type"] for a in data["asked"]] == ["boolean"] and data["answer"] == "false"
    assert data["presumed"] == []


def test_whatif_states_the_presumptions_of_the_answer_it_starts_from():
    text = run(["whatif", NIGHT, "lawful", "--no-proof"]).stdout
    assert "Answer now: Unlawful: Taylor Johnson (the operator) violated s. 350.02(2)(b)4 (the ride travelled" in text
    assert text.index("Answer now:") < text.index("\nAssumed, because the case does not raise them") \
        < text.index("What if:")
    flat = " ".join(text.split())
    assert ("- the ride was not carried out to fulfil the corporate function of a public utility "
            "(s. 350.045: An exemption") in flat and UTILITY not in text   # in words, not the presumption's notation
    data = json.loads(run(["whatif", NIGHT, "lawful", "--no-proof", "--format", "json"]).stdout)
    assert [p["fact"] for p in data["presumed"]] == [UTILITY]
    assert all("presumed" in f for f in data["outcomes"])
    strict = json.loads(run(["--strict", "whatif", NIGHT, "lawful", "--no-proof", "--format", "json"]).stdout)
    assert strict["presumed"] == []


def test_run_says_which_presumptions_of_the_program_it_filled_in(tmp_path):
    rules = tmp_path / "p.dl"
    rules.write_text(PROGRAM % '@presume not exempt(O) "350.045" "An exemption: the operator claiming it must raise it.".')
    case = tmp_path / "c.yaml"
    case.write_text("entities:\n  op1: {type: operation, at_night: true}\n")
    text = run(["run", str(rules), str(case), "--query", "violation(op1, P)"]).stdout
    assert '% violation(op1, P): true' in text
    assert ("% presumed (not raised in the case; --strict turns this off):\n"
            "%   not exempt(op1) — s. 350.045: An exemption: the operator claiming it must raise it.\n") in text
    data = json.loads(run(["run", str(rules), str(case), "--query", "violation(op1, P)", "--format", "json"]).stdout)
    assert data["answer"] == "true" and [p["fact"] for p in data["presumed"]] == ["not exempt(op1)"]
    strict = json.loads(run(["--strict", "run", str(rules), str(case), "--query", "violation(op1, P)",
                             "--format", "json"]).stdout)
    assert strict["answer"] == "undetermined" and "presumed" not in strict


def test_vocab_says_what_an_unstated_input_is_presumed_to_be():
    text = run(["vocab", "operation"]).stdout
    assert ("  public_utility_function: boolean\n"
            "      the operation was carried out to fulfil the corporate function of a public utility\n"
            "      read by: 350.045\n"
            "      if not stated: presumed false (s. 350.045: An exemption: the operator claiming it must raise it.)\n") in text
    data = json.loads(run(["vocab", "vehicle", "--format", "json"]).stdout)
    attrs = {a["attribute"]: a for a in data["kinds"][0]["attributes"]}
    assert attrs["dual_purpose_motor_home"]["presumed"] == {
        "value": "false", "citation": "348.19(3)",
        "reason": "The motor-home exception (except that ...) is for the operator claiming it to raise."}
    assert attrs["used_as_motor_home"]["presumed"] is None     # an element of the exception: not presumed
    template = run(["vocab", "--template", "vehicle"]).stdout
    assert "[true or false; if left out: presumed false, s. 348.19(3)]" in template


def test_vocab_shows_a_valued_default(tmp_path):
    rules = tmp_path / "lanes.dl"
    rules.write_text(PROGRAM % '@presume lanes(O, 2) "350.045" "Two lanes unless a party shows otherwise." '
                               'override "A test program.".')
    data = json.loads(run(["vocab", "operation", "--rules", str(rules), "--format", "json"]).stdout)
    attrs = {a["attribute"]: a for a in data["kinds"][0]["attributes"]}
    assert attrs["lanes"]["presumed"]["value"] == "2" and attrs["exempt"]["presumed"] is None
