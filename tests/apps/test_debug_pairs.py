"""`reasoner debug` searches pairs of changes to the facts when no single change gives the expected
answer, verifies each pair by answering again, and says what to try next when nothing works.

The fixture is an officer's report of a night ride on a trail 30 ft from State Highway 70, no head
lamp barrier, the direction of travel and the DOT approval not stated: the trail exception of
s. 350.02(2)(b)4 needs both 4.a (40 ft or a barrier) and 4.c (approval), so no single change gives it."""
import copy
import json
from pathlib import Path

import yaml
from click.testing import CliRunner

from reasoner.answer.question import Question
from reasoner.cli import main
from reasoner.engine.rulebase import default_rulebase
from reasoner.law.queries import check_atom, resolve

CASE = Path(__file__).resolve().parents[1] / "fixtures" / "debug" / "night_trail_30ft_two_changes.yaml"
EXCEPTION = "night_direction_excepted(op1)"
FOUR_B = "missing_4b.undetermined_without_b"


def _debug(query, expected, readings=(), **options):
    rb = default_rulebase(readings)
    atom, saved = resolve(query)
    return Question.of(CASE, query, rb).debug(expected, **options)


def _answer(changes, query=EXCEPTION, readings=()):
    """The answer to QUERY about the fixture with the changes written into the case file's entities."""
    data = yaml.safe_load(CASE.read_text(encoding="utf-8"))
    case = copy.deepcopy(data)
    for entity, attribute, value in changes:
        case["entities"][entity][attribute] = value
    return Question.of(case, query, default_rulebase(readings)).answer(interpretation=False).answer


def _as_case(change: dict):
    value = change["to"]
    value = {"true": True, "false": False}.get(value, value)
    return change["entity"], change["attribute"], int(value) if str(value).isdigit() else value


def test_the_fixture_needs_two_changes_for_the_trail_exception():
    assert _answer([]) == "false"
    for one in [("op1", "trail_distance_ft", 40), ("op1", "head_lamp_barrier", True),
                ("op1", "trail_approved_by_dot", True)]:
        assert _answer([one]) == "false"   # any one fact alone still leaves 4.a or 4.c unmet
    assert _answer([("op1", "trail_distance_ft", 40), ("op1", "trail_approved_by_dot", True)]) == "true"


def test_debug_finds_the_pairs_that_give_the_trail_exception():
    result = _debug(EXCEPTION, "true")
    assert result.answer.answer == "false" and result.suggestions
    assert all(s.changes == 2 and s.kind == "fact" for s in result.suggestions)
    found = set()
    for s in result.suggestions:
        changes = [_as_case(c) for c in s.detail["changes"]]
        assert s.answer.answer == "true"
        assert _answer(changes) == "true"                        # the pair really gives the expected answer
        assert all(_answer([c]) != "true" for c in changes)      # and neither change alone does
        found.add(frozenset(changes))
    assert frozenset({("op1", "trail_distance_ft", 40), ("op1", "trail_approved_by_dot", True)}) in found
    assert frozenset({("op1", "head_lamp_barrier", True), ("op1", "trail_approved_by_dot", True)}) in found
    # one lesson per side of a number: 41 ft with the approval is the same lesson as 40 ft
    assert frozenset({("op1", "trail_distance_ft", 41), ("op1", "trail_approved_by_dot", True)}) not in found
    assert result.pairs > 0 and result.stopped == ""


def test_debug_cli_shows_the_pair_fewest_changes_first():
    res = CliRunner().invoke(main, ["debug", str(CASE), EXCEPTION, "--expect", "true"])
    assert res.exit_code == 0, res.output
    first = next(line for line in res.output.splitlines() if line.startswith("1. "))
    assert first.startswith("1. [fact, 2 changes]") and "40 feet" in first and "department of transportation" in first
    data = json.loads(CliRunner().invoke(main, ["debug", str(CASE), EXCEPTION, "--expect", "true",
                                                "--format", "json"]).output)
    assert data["suggestions"][0]["changes"] == 2 and data["suggestions"][0]["answer"] == "true"
    assert data["pairs"]["tried"] > 0 and data["pairs"]["stopped"] is None


def test_when_every_pair_fails_debug_says_what_the_answer_depends_on():
    # under the reading that also requires the missing 4.b, the exception takes three facts at once
    three = [("op1", "trail_distance_ft", 40), ("op1", "trail_approved_by_dot", True), ("op1", "subd_4b_met", True)]
    assert _answer(three, readings=(FOUR_B,)) == "true"
    result = _debug(EXCEPTION, "true", readings=(FOUR_B,))
    assert not result.suggestions and result.pairs > 0 and result.stopped == ""   # every pair tried, none works
    assert any("4.b" in fact for fact in result.depends_on)
    assert any("department of transportation" in fact for fact in result.depends_on)
    res = CliRunner().invoke(main, ["--reading", FOUR_B, "debug", str(CASE), EXCEPTION, "--expect", "true"])
    assert res.exit_code == 0, res.output
    assert f"then {result.pairs} pairs of changes to the facts" in res.output
    assert "Every pair of the candidate changes was tried" in res.output
    assert "4.b" in res.output
    # the next step it names is a command that runs
    import re
    import shlex
    command = re.search(r"`reasoner (whatif [^`]+)`", res.output).group(1)
    whatif = CliRunner().invoke(main, ["--reading", FOUR_B, *shlex.split(command)])
    assert whatif.exit_code == 0 and "Answer now" in whatif.output, whatif.output


def test_the_pair_budget_stops_the_search_and_says_how_to_raise_it():
    # the first pairs change 4.a twice over (distance with barrier): none gives the exception
    result = _debug(EXCEPTION, "true", max_pairs=2)
    assert not result.suggestions and result.pairs == 2 and result.stopped == "budget"
    res = CliRunner().invoke(main, ["debug", str(CASE), EXCEPTION, "--expect", "true", "--max-pairs", "2"])
    assert res.exit_code == 0, res.output
    assert "stopped at its budget of 2 pairs" in res.output and "--max-pairs 8" in res.output
    bad = CliRunner().invoke(main, ["debug", str(CASE), EXCEPTION, "--expect", "true", "--max-pairs", "0"])
    assert bad.exit_code == 2 and "Traceback" not in bad.output


def test_without_facts_debug_says_the_facts_were_not_searched():
    result = _debug(EXCEPTION, "true", with_facts=False)
    assert not result.suggestions and result.pairs == 0
    res = CliRunner().invoke(main, ["debug", str(CASE), EXCEPTION, "--expect", "true", "--no-facts"])
    assert "drop --no-facts" in res.output


def test_near_the_time_limit_the_pair_search_stops_and_says_so(monkeypatch):
    from reasoner.answer import debug as debugging
    from reasoner.core.errors import EvaluationError
    from reasoner.prose.debugging import report_lines
    calls = []

    def late(reserve=0.0):   # the limit would pass before one more pair could be judged and verified
        calls.append(reserve)
        if len(calls) > 1:
            raise EvaluationError("debugging the answer exceeded the time limit of 60 s")
    monkeypatch.setattr(debugging, "check_deadline", late)
    result = _debug(EXCEPTION, "true")
    assert result.stopped == "time" and result.pairs == 1 and not result.suggestions
    assert any("stopped at the time limit" in line and "--timeout" in line for line in report_lines(result))
