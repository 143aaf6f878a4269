"""An unknown word tested through a table of words the rules give as facts (`highway_class(O, C),
event_roadway_class(C)`) is split at the table's words, as a word the rules test directly is
(engine/exact/domains.py, _table_test); a word of a closed set (`C: {red "red", ...}`) is split at
the words the set declares, never at a word no case can state. Checked against brute force: every
completion (each declared word, each truth of the boolean) stated and answered one by one; the
exact answer must be the answer over all of them, its true rows those every completion has, and
every row a completion has listed."""
from __future__ import annotations

import pytest

from reasoner.answer.answering import ask
from reasoner.core.settings import current, use
from reasoner.engine.exact.unknowns import unknowns
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, resolve

WORDS = ("red", "green", "blue", "plain", "grey")
VOCAB = ('@entity thing "a thing".\n'
         '@input a(X: thing) "{X} is a".\n'
         '@input kind(X: thing, C: {' + ", ".join(f'{w} "{w}"' for w in WORDS) + '}) "the kind of {X}".\n'
         '@predicate warm(C: symbol) "{C} is warm".\n'
         'warm(red).\nwarm(green).\n')

PROGRAMS = {
    # every declared word covered: true in every completion (a word outside the set would not be)
    "covered": ("covered(X) :- kind(X, C), warm(C).\n"
                "covered(X) :- kind(X, C), not warm(C).\n"),
    # each declared word tested directly: true in every completion (main split it at "another
    # word" too, a word no case can state, and answered undetermined, marked exact)
    "direct": "".join(f"direct(X) :- kind(X, {w}).\n" for w in WORDS),
    # the table's words against the others, with a boolean
    "picked": ("picked(X) :- a(X), kind(X, C), warm(C).\n"
               "picked(X) :- kind(X, blue).\n"),
    "negated": "negated(X) :- kind(X, C), not warm(C), C != plain.\n",
    # the word passed on to the answer
    "named": ("named(X, C) :- kind(X, C), warm(C).\n"
              "named(X, C) :- a(X), kind(X, C), C = grey.\n"),
    # no completion has it: every word the table holds needs a, stated false below for some
    "never": "never(X) :- kind(X, C), warm(C), not a(X).\nnever(X) :- kind(X, blue), a(X), not a(X).\n",
}


@pytest.fixture(autouse=True)
def _exact_on():
    with use(current().replace(exact_budget=None)):
        yield


def _query(name):
    return f"{name}(t1, C)" if name == "named" else f"{name}(t1)"


def _completions(rb, name, a_values):
    """{(word, a): its answer} over every completion of the case."""
    out = {}
    for w in WORDS:
        for a in a_values:
            case = {"entities": {"t1": {"type": "thing", "kind": w, "a": a}}}
            got = ask(case, _query(name), rb)
            assert got.exact and got.answer in ("true", "false"), (w, a, got.answer)
            out[(w, a)] = got
    return out


@pytest.mark.parametrize("a", ["unknown", True, False])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_a_word_through_a_table_is_exact_and_matches_every_completion(program, name, a):
    rb = program(VOCAB + PROGRAMS[name])
    case = {"entities": {"t1": {"type": "thing", "kind": "unknown", "a": a}}}
    loaded = load_case(case, rb.checked)
    atom, _ = resolve(_query(name))
    atom = check_atom(atom, rb.checked)
    kind = [u for u in unknowns(rb, loaded, atom) if u.row.pred == "kind"]
    assert kind and kind[0].choices, kind and kind[0].why      # split, not refused
    assert all(c.value in WORDS for c in kind[0].choices)      # only words a case can state
    exact = ask(case, _query(name), rb)
    assert exact.exact, exact.exact_reason
    worlds = _completions(rb, name, [True, False] if a == "unknown" else [a])
    answers = {w.answer for w in worlds.values()}
    expected = answers.pop() if len(answers) == 1 else "undetermined"
    assert exact.answer == expected
    if name == "named":
        produced = {b["C"] for w in worlds.values() for b in w.bindings if b["answer"] == "true"}
        every = set.intersection(*({b["C"] for b in w.bindings if b["answer"] == "true"}
                                   for w in worlds.values()))
        listed = {b["C"]: b["answer"] for b in exact.bindings}
        assert set(listed) == produced
        assert {c for c, said in listed.items() if said == "true"} == every


def test_the_answers_on_these_programs(program):
    """The brute force above is not vacuous: the answers it checks are these."""
    expected = {"covered": "true", "direct": "true", "picked": "undetermined", "negated": "undetermined",
                "named": "undetermined", "never": "undetermined"}
    for name, want in expected.items():
        rb = program(VOCAB + PROGRAMS[name])
        case = {"entities": {"t1": {"type": "thing", "kind": "unknown", "a": "unknown"}}}
        got = ask(case, _query(name), rb)
        assert got.exact and got.answer == want, (name, got.answer, got.exact_reason)
    # a stated false: `never` holds for red and green only
    rb = program(VOCAB + PROGRAMS["never"])
    got = ask({"entities": {"t1": {"type": "thing", "kind": "unknown", "a": False}}}, "never(t1)", rb)
    assert got.exact and got.answer == "undetermined"
    got = ask({"entities": {"t1": {"type": "thing", "kind": "unknown", "a": True}}}, "never(t1)", rb)
    assert got.exact and got.answer == "false"


def test_a_join_with_a_value_a_case_gives_stays_refused(program):
    """A table the case may give rows of too (an input) is a join with another value: refused."""
    rb = program('@entity thing "a thing".\n'
                 '@input kind(X: thing, C: symbol) "the kind of {X}".\n'
                 '@input liked(X: thing, C: symbol) "{X} likes {C}".\n'
                 'fond(X) :- kind(X, C), liked(X, C).\n')
    case = {"entities": {"t1": {"type": "thing", "kind": "unknown", "liked": "red"}}}
    got = ask(case, "fond(t1)", rb)
    assert not got.exact and "cannot be split exactly" in got.exact_reason
