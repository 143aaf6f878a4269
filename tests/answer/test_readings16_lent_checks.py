"""The readings check's side-by-side evaluation renames apart only what a reading switches (issue 47,
item 3): a phrase's own predicates and whatever reads them are evaluated once per other reading;
the predicates below them that every reading defines alike (a trail's distance, its approval) appear
once, under their own names, and take their rows from the answer's own evaluation of the case
(interpretation._switched, checks_rulebase, differing's `given`). Held here: the rows and flags are
those of each reading's small law, and a reading that changes the answer is still tried and said."""
import copy
from pathlib import Path

import pytest
import yaml

import reasoner
from reasoner.answer import interpretation as interp
from reasoner.answer.answering import answer_case
from reasoner.answer.question import Question
from reasoner.core.settings import current
from reasoner.engine.setsession import SetSession


ROOT = Path(__file__).resolve().parents[2]
LAWFUL = ROOT / "facts" / "ch350_night_direction_lawful.yaml"
CASES = [("ch350_night_direction_lawful", "lawful"), ("ch350_night_direction_unlawful", "lawful"),
         ("ch350_night_direction_lawful", "violations"), ("ch348_grain_semi_first_offense", "forfeiture")]
MISSING_4B = "missing_4b.undetermined_without_b"


from test_readings_reuse import _checks, law  # noqa: E402,F401  (the fixture and the reading checks shared with it)


def _own_evaluation(law, q):
    """The answer's own evaluation of the case (answer_goal's `lend`) and the phrases' rows in it."""
    read = dict.fromkeys(interp.phrase_keys(law, q.atom.key))
    lend: dict = {}
    answer_case(law, q.case, q.atom, q.saved, read=read, lend=lend)
    return lend["given"], read


def _case(**changes):
    data = yaml.safe_load(LAWFUL.read_text())
    data = copy.deepcopy(data)
    data["entities"]["op1"].update(changes)
    return data


def test_only_what_a_reading_switches_is_renamed_apart(law):
    q = Question.of(str(LAWFUL), "lawful", law)
    checks = _checks(law, q.atom.key)
    mini = interp.checks_rulebase(law, checks)
    heads = {r.head.pred for r in mini.source.rules}
    at = next(i for i, (selection, _) in enumerate(checks) if MISSING_4B in selection)
    # the phrase's own predicate: once per reading checked
    assert f"night_direction_excepted__reading{at}" in heads
    assert "night_direction_excepted" not in heads
    # what its rules read, alike under every reading: once, under its own name
    assert {"trail_separated", "trail_use_approved"} <= heads
    assert not any(h.startswith(("trail_separated__", "trail_use_approved__")) for h in heads)
    # and lent by the law (the donor): its rows are the answer's own
    engine = mini.set_engine([(f"night_direction_excepted__reading{at}", 1)])
    assert {("trail_separated", 1), ("trail_use_approved", 1)} <= engine.lent()
    assert not any("__reading" in name for name, _ in engine.lent())


@pytest.mark.parametrize("case,query", CASES)
def test_the_lent_rows_give_each_small_laws_rows_and_flags(law, case, query):
    q = Question.of(str(ROOT / "facts" / f"{case}.yaml"), query, law)
    checks = _checks(law, q.atom.key)
    assert checks
    given, mine = _own_evaluation(law, q)
    assert all(v is not None for v in mine.values())
    lent = interp.differing(law, checks, q.case.rows, mine, given)
    alone = [interp.may_differ(law, list(selection), q.case.rows, list(keys), mine) for selection, keys in checks]
    assert lent == alone
    assert interp.differing(law, checks, q.case.rows, mine) == alone   # and without the lent rows
    for at, (selection, keys) in enumerate(checks):
        small = interp.phrase_rows(interp.phrase_rulebase(law, keys, selection), q.case.rows, list(keys))
        wanted = [(f"{n}__reading{at}", a) for n, a in keys]
        mini = interp.checks_rulebase(law, checks)
        with SetSession(mini.set_engine(wanted), q.case.rows, current().rows, given=given) as session:
            apart = interp.phrase_rows_of(session, wanted)
        assert [small[k] for k in keys] == [apart[w] for w in wanted]


def test_a_reading_that_changes_the_answer_is_still_said(law):
    # the trail 45 ft away and approved by the maintenance officer: excepted under the law's reading of
    # the missing 4.b; under the other, the exception turns on 4.b, which the case does not state
    answer = Question.of(_case(), "lawful", law).answer()
    assert answer.answer == "true"
    record = answer.interpretation
    assert "missing_4b" in record["checked"] and "350.02(2)(b)4" in record["checked_citations"]
    [entry] = [e for e in record["turns_on"] if e["qualified"] == MISSING_4B]
    assert entry["citation"] == "350.02(2)(b)4"
    assert entry["answer"] == "undetermined"
    assert entry["bindings"] == [{"O": "op1", "answer": "undetermined"}]
    assert entry["said"] == [{"text": "the ride violated no provision of the ch. 350 excerpt", "answer": "undetermined"}]
    assert entry["changed"] == [{"text": "the ride violated no provision of the ch. 350 excerpt",
                                 "now": "true", "then": "undetermined"}]
    assert entry["missing"] == ["whether the condition of s. 350.02(2)(b)4.b (not in the excerpt) was met for the ride"]
    # the only reading that changes it: every other phrase checked, none said
    assert [e["qualified"] for e in record["turns_on"]] == [MISSING_4B]
    text = " ".join(answer.argument_text().split())
    assert ("This answer turns on the reading of “unless: a. ... ; and [b. is not in the excerpt] c. ...” "
            "(s. 350.02(2)(b)4). Read otherwise (the missing 4.b adds a condition to the trail exception), "
            "it would be undetermined.") in text


def test_a_reading_whose_shared_rows_differ_is_tried_with_them(law):
    # a trail 39 ft away is not separated (a shared predicate, lent): no reading of 4.b excepts the
    # ride, which violates s. 350.02(2)(b)4 under both, so missing_4b is checked and not said
    answer = Question.of(_case(trail_distance_ft=39), "lawful", law).answer()
    assert answer.answer == "false"
    assert "missing_4b" in answer.interpretation["checked"]
    assert MISSING_4B not in [e["qualified"] for e in answer.interpretation["turns_on"]]
    assert "350.02(2)(b)4" in {str(b.get("P", "")) for b in
                               Question.of(_case(trail_distance_ft=39), "violations", law).answer().bindings}
    # the same ride with the trail 40 ft away: separated, the reading of 4.b decides again
    again = Question.of(_case(trail_distance_ft=40), "lawful", law).answer()
    assert again.answer == "true"
    assert [e["qualified"] for e in again.interpretation["turns_on"]] == [MISSING_4B]
