"""Facts that cannot both hold, and facts that stated ones imply (the law's `@implies`,
facts/constraints.py): each declared implication refuses a case that breaks it at both lines, fills
in the fact it implies as implied (shown so, never asked for), and what-if never proposes a world
that breaks one."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.answer.answering import ask, load_law
from reasoner.cli import main
from reasoner.core.errors import CaseError, ReasonerError
from reasoner.facts.case import load_case

FACTS = Path(__file__).resolve().parents[2] / "facts"
LAW = load_law()
IMPLICATIONS = list(LAW.checked.program.implications)


def _kind(lit):
    return LAW.checked.program.preds[lit.key].params[0].type


def _stated(lit, holds):
    """The case-file attribute that makes the literal hold (or fail): {attr: value}."""
    atom = holds != lit.negated
    return {lit.pred: atom} if lit.value is None else ({lit.pred: lit.value} if atom else {})


def test_the_bundled_law_declares_them_for_both_chapters():
    preds = {(imp.first.pred, imp.then.pred) for imp in IMPLICATIONS}
    assert ("on_main_traveled_portion", "adjacent_to_roadway") in preds
    assert ("adjacent_to_roadway", "on_highway_right_of_way") in preds
    assert ("drove_to_scale", "directed_to_scale") in preds
    assert all(imp.reason.strip() for imp in IMPLICATIONS)


@pytest.mark.parametrize("imp", IMPLICATIONS, ids=[f"{i.first.pred}-{i.then.pred}" for i in IMPLICATIONS])
def test_a_case_that_breaks_one_is_refused_at_both_lines(imp):
    body = {"type": _kind(imp.first), **_stated(imp.first, True), **_stated(imp.then, False)}
    with pytest.raises(CaseError) as err:
        load_case({"entities": {"e1": body}}, LAW.checked)
    text = str(err.value)
    assert "cannot both hold" in text and imp.reason in text
    assert text.count("(line ") == 2 and imp.first.pred in text and imp.then.pred in text


@pytest.mark.parametrize("imp", IMPLICATIONS, ids=[f"{i.first.pred}-{i.then.pred}" for i in IMPLICATIONS])
def test_the_fact_it_implies_is_filled_in_as_implied(imp):
    body = {"type": _kind(imp.first), **_stated(imp.first, True)}
    case = load_case({"entities": {"e1": body}}, LAW.checked)
    assert imp.then.pred in {p for p, _ in case.implied} or imp.then.value is not None
    if imp.then.value is None:
        found = case.implied[(imp.then.pred, "e1")]
        assert found["value"] is (not imp.then.negated) and found["reason"] == imp.reason
        known = any(r.pred == imp.then.pred and r.known for r in case.rows)
        assert known is (not imp.then.negated)
    # and the other way: the second side stated to fail, the first is taken to fail too
    body = {"type": _kind(imp.first), **_stated(imp.then, False)}
    case = load_case({"entities": {"e1": body}}, LAW.checked)
    if imp.first.value is None:
        assert case.implied[(imp.first.pred, "e1")]["value"] is imp.first.negated


def _main_traveled(tmp_path, **more):
    text = (FACTS / "ch350_night_direction_unlawful.yaml").read_text(encoding="utf-8")
    text = text.replace("    adjacent_to_roadway: true\n", "").replace("    on_highway_right_of_way: true\n", "")
    text = text.replace("    on_main_traveled_portion: false\n", "    on_main_traveled_portion: true\n")
    for attr, value in more.items():
        text = text.replace("    on_main_traveled_portion: true\n",
                            f"    on_main_traveled_portion: true\n    {attr}: {value}\n")
    path = tmp_path / "main_traveled.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_ride_on_the_main_traveled_portion_is_off_no_roadway_and_on_the_highway(tmp_path):
    path = _main_traveled(tmp_path)
    a = ask(str(path), "lawful")
    assert a.answer == "false" and "350.02(4)" in a.cited
    # the (b) rules of operation adjacent to a roadway wait on nothing: adjacency is implied false
    assert not any("adjacent" in m for m in a.missing_all)
    text = " ".join(a.argument_text().split())
    line = [ln for ln in (path.read_text().splitlines()) if "on_main_traveled_portion" in ln]
    number = path.read_text().splitlines().index(line[0]) + 1
    assert (f"the ride took place on a highway or within a highway right-of-way — met (implied by case file "
            f"line {number}: the main-traveled portion of a highway is part of the highway)") in text


def test_the_cli_refuses_a_contradiction_with_exit_2_and_both_lines(tmp_path):
    path = _main_traveled(tmp_path, adjacent_to_roadway="true")
    lines = path.read_text(encoding="utf-8").splitlines()
    first, then = (lines.index(f"    {attr}: true") + 1 for attr in ("on_main_traveled_portion", "adjacent_to_roadway"))
    res = CliRunner().invoke(main, ["ask", str(path), "lawful"])
    assert res.exit_code == 2
    assert (f"{path}:{then}: op1: on_main_traveled_portion: true (line {first}) and adjacent_to_roadway: true "
            f"(line {then}) cannot both hold") in " ".join(res.output.split())
    assert "Traceback" not in res.output


def test_whatif_never_proposes_a_world_the_implications_rule_out(tmp_path):
    res = CliRunner().invoke(main, ["whatif", str(_main_traveled(tmp_path)), "lawful", "--no-pairs"])
    assert res.exit_code == 0, res.output
    text = " ".join(res.output.split())
    # leaving the highway while on its main-traveled portion is no world; leaving the roadway is
    assert "had not taken place on a highway or within a highway right-of-way" not in text
    assert "had not taken place on the main-traveled portion of a highway" in text


def test_an_interview_does_not_ask_an_implied_fact(tmp_path):
    from reasoner.answer.answering import Question
    q = Question.of(str(_main_traveled(tmp_path)), "violations")
    a = q.answer()
    assert not any("right-of-way" in m or "adjacent to the roadway" in m for m in a.missing_all)


def test_the_rule_language_checks_implications(program):
    good = ('@entity thing "a thing".\n@input a(T: thing) "{T} is a".\n@input b(T: thing) "{T} is b".\n'
            '@implies a(T) then not b(T) "a thing that is a is not b".\n')
    assert [(i.first.pred, i.then.pred, i.then.negated) for i in program(good).checked.program.implications] == \
        [("a", "b", True)]
    with pytest.raises(ReasonerError, match="not a declared @input"):
        program(good + '@implies a(T) then c(T) "why".\n')
    with pytest.raises(ReasonerError, match="expected `then`"):
        program(good + '@implies a(T), b(T) "why".\n')
    with pytest.raises(ReasonerError, match="same entity"):
        program(good + '@implies a(T) then b(U) "why".\n')
