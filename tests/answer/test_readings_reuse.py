"""The readings check reuses the law's own evaluation (issue 47, item 3): every other reading of
every phrase checked in one evaluation (interpretation.checks_rulebase), another reading's answer
and the exact split starting from relations evaluated already (setsession.Given, SetEngine.lent).
Each shortcut is held to the answer without it, on bundled cases whose answers turn on a reading,
are open, or neither."""
from pathlib import Path

import pytest

import reasoner
from reasoner.answer import interpretation as interp
from reasoner.answer.answering import answer_case, answer_goal
from reasoner.answer.question import Question
from reasoner.engine.exact.split import exact_answer
from reasoner.engine.setsession import SetSession
from reasoner.language.readings import chosen
from reasoner.law.queries import pattern

ROOT = Path(__file__).resolve().parents[2]
CASES = [("ch350_night_direction_lawful", "lawful"), ("ch350_night_direction_unlawful", "lawful"),
         ("ch348_grain_semi_first_offense", "forfeiture"), ("ch350_night_direction_lawful", "violations")]


@pytest.fixture(scope="module")
def law():
    return reasoner.load_law()


def _checks(law, atom_key):
    use = chosen(law.program, law.readings)
    out = []
    for phrase, keys in sorted(interp.phrases_for(law, atom_key).items()):
        for name, alt in law.program.phrases[phrase].alternatives.items():
            if name != use.get(phrase):
                selection = [s for s in law.readings if not s.startswith(phrase + ".")]
                if not alt.default:
                    selection.append(f"{phrase}.{name}")
                out.append((tuple(selection), tuple(keys)))
    return out


def _outcome(answer):
    return answer.answer, [dict(b) for b in answer.bindings], answer.exact, answer.exact_reason


@pytest.mark.parametrize("case,query", CASES)
def test_the_checks_side_by_side_say_what_each_small_law_says(law, case, query):
    q = Question.of(str(ROOT / "facts" / f"{case}.yaml"), query, law)
    checks = _checks(law, q.atom.key)
    assert checks
    mine = interp.phrase_rows(law, q.case.rows, sorted({k for _, keys in checks for k in keys}))
    together = interp.differing(law, checks, q.case.rows, mine)
    alone = [interp.may_differ(law, list(selection), q.case.rows, list(keys), mine) for selection, keys in checks]
    assert together == alone
    # and the rows themselves, not only the flags
    mini = interp.checks_rulebase(law, checks)
    for at, (selection, keys) in enumerate(checks):
        small = interp.phrase_rows(interp.phrase_rulebase(law, keys, selection), q.case.rows, list(keys))
        apart = interp.phrase_rows(mini, q.case.rows, [(f"{n}__reading{at}", a) for n, a in keys])
        assert [small[k] for k in keys] == [apart[(f"{n}__reading{at}", a)] for n, a in keys]


def test_the_lawful_demo_turns_on_missing_4b_only(law):
    answer = Question.of(str(ROOT / "facts/ch350_night_direction_lawful.yaml"), "lawful", law).answer()
    assert answer.answer == "true"
    assert [(e["phrase"], e["reading"], e["answer"]) for e in answer.interpretation["turns_on"]] == \
        [("missing_4b", "undetermined_without_b", "undetermined")]


@pytest.mark.parametrize("case,query", CASES)
def test_an_answer_under_another_reading_is_the_same_from_the_laws_own_evaluation(law, case, query):
    q = Question.of(str(ROOT / "facts" / f"{case}.yaml"), query, law)
    lend: dict = {}
    answer_case(law, q.case, q.atom, q.saved, lend=lend)
    given = lend["given"]
    for selection, _ in _checks(law, q.atom.key):
        other = law.with_readings(selection)
        fresh = answer_case(other, q.case, q.atom, q.saved, proof=False)
        reused = answer_case(other, q.case, q.atom, q.saved, proof=False, given=given)
        assert _outcome(reused) == _outcome(fresh), selection


def test_a_reading_lends_only_what_it_leaves_alike(law):
    # laws of this test's own (the bundled ones are shared by the worker's tests: one asked under the
    # reading first gives the law a donor already, and a law with a donor lends to none)
    from reasoner.engine.rulebase import Rulebase
    base = Rulebase(law.source, law.index, law.require_provisions, law.fact_preds, law.readings)
    other = base.with_readings(["missing_4b.undetermined_without_b"], cache=False)
    q = Question.of(str(ROOT / "facts/ch350_night_direction_lawful.yaml"), "lawful", other)
    engine = other.set_engine([q.atom.key])
    lent = engine.lent()
    # the reading's own predicate, and what reads it, are evaluated again; the rest is lent
    assert ("night_direction_excepted", 1) not in lent
    assert q.atom.key not in lent
    assert 0 < len(lent) < len(engine.evaluated)


@pytest.mark.parametrize("case,query,readings", [
    ("ch350_night_direction_lawful", "lawful", ["missing_4b.undetermined_without_b"]),
    ("ch350_night_direction_lawful", "lawful", []),
    ("ch348_grain_semi_first_offense", "forfeiture", []),
    # open cases the split settles (its variants change some inputs and leave the rest)
    ("ch348_weigh_station_one_within", "forfeiture", []),
    ("ch350_owner_lends_three_times", "owner_liable", []),
    ("ch350_report_night_direction", "owner_liable", []),
    ("ch350_charges_verdict_undetermined", "conviction_count", []),
    ("ch350_report_joinder", "conviction_count", []),
])
def test_the_exact_split_from_the_cases_own_evaluation_is_the_split(law, case, query, readings):
    rb = law.with_readings(readings)
    q = Question.of(str(ROOT / "facts" / f"{case}.yaml"), query, rb)
    args = pattern(q.atom)
    with SetSession(rb.set_engine([q.atom.key]), q.case.rows) as session:
        given = session.kept()
    fresh = exact_answer(rb, q.case, q.atom, args)
    reused = exact_answer(rb, q.case, q.atom, args, given=given)
    assert (reused.answer, reused.bindings, reused.exact, reused.reason) == \
        (fresh.answer, fresh.bindings, fresh.exact, fresh.reason)
    # and the whole answer, asked as ask asks it
    assert _outcome(answer_goal(rb, q.case, q.atom, q.saved, proof=False)) == \
        _outcome(answer_goal(rb, q.case, q.atom, q.saved, proof=False, given=given))


@pytest.mark.parametrize("case,query,readings", [
    ("ch350_night_direction_lawful", "lawful", ["missing_4b.undetermined_without_b"]),
    ("ch350_report_night_direction", "owner_liable", []),
    ("ch350_charges_verdict_undetermined", "conviction_count", []),
    ("ch350_report_joinder", "conviction_count", []),
])
def test_the_split_that_tries_the_missing_facts_first_gives_the_splits_answer(law, case, query, readings):
    # the readings check compares another reading's answer on its verdict and bindings only
    # (exactanswer.exact_answer_for, cases=False): its split tries the facts the Kleene proof finds
    # missing first and stops where their values witness the answer (split.py witness_first)
    from reasoner.engine.choice import open_session
    from reasoner.explain.builder import ProofBuilder, missing_inputs
    rb = law.with_readings(readings)
    q = Question.of(str(ROOT / "facts" / f"{case}.yaml"), query, rb)
    args = pattern(q.atom)
    with open_session(rb, q.case.rows, q.atom.key) as session:
        graph = ProofBuilder(session, rb.codes, q.case, rb.index, lean=True).build(q.atom.pred, args)
    order = [(m.get("pred"), m.get("entity")) for m in missing_inputs(graph)]
    assert order
    full = exact_answer(rb, q.case, q.atom, args, order=order)
    first = exact_answer(rb, q.case, q.atom, args, order=order, witness_first=True)
    if full.exact:
        assert (first.answer, first.bindings, first.exact) == (full.answer, full.bindings, True)
    if first.exact and first.evaluations < full.evaluations:   # stopped at the missing facts
        assert first.split and not first.ranking
    if readings:   # the lawful demo under missing_4b: the two values of subd_4b_met decide it
        assert full.exact and first.answer == "undetermined"
        assert first.evaluations == 3 < full.evaluations, (first.evaluations, full.evaluations)
