"""Words, not codes: every predicate the bundled law derives has a sentence.

A derived predicate without an `@predicate` template reads in an explanation as its name turned into
words ("motor home excused holds for van1"); a trainee reads the statute's words instead. The
compiler's own `__` predicates (projections) are not the law's and never reach a reader."""
import pytest

from reasoner.answer.answering import load_law
from reasoner.prose.sentences import prose_for


@pytest.fixture(scope="module")
def law():
    return load_law()


def _derived(rb):
    return sorted({(r.head.pred, len(r.head.args)) for r in rb.checked.rules if "__" not in r.head.pred})


def test_every_derived_predicate_of_the_bundled_law_has_a_sentence(law):
    preds = law.checked.program.preds
    derived = _derived(law)
    assert len(derived) > 100   # both chapters, not an empty list that passes trivially
    missing = [f"{p}/{n}" for p, n in derived if not getattr(preds.get((p, n)), "template", None)]
    assert missing == [], "derived predicates without an @predicate sentence: " + ", ".join(missing)


def test_every_placeholder_of_a_derived_sentence_is_one_of_its_arguments(law):
    preds = law.checked.program.preds
    bad = []
    for key in _derived(law):
        decl = preds[key]
        names = {p.name for p in decl.params}
        used = {part.split("}", 1)[0] for part in decl.template.split("{")[1:]}
        if len(decl.params) != key[1] or not used <= names:
            bad.append(f"{key[0]}/{key[1]}: {decl.template}")
    assert bad == []


@pytest.mark.parametrize("pred, args, positive, negative", [
    ("motor_home_excused", ["van1"],
     "van1 is a dual purpose motor home being used as a motor home, directed to stop at a weighing station, where it need not stop (s. 348.19(3))",
     "van1 is not a dual purpose motor home being used as a motor home and directed to stop at a weighing station"),
    ("record_produced", ["ticket1"],
     "ticket1 (the original or a true, accurate and legible copy) was promptly provided to the requesting officer",
     "neither ticket1 nor a true, accurate and legible copy of it was promptly provided to the requesting officer"),
    ("duty_prior", ["semi1", None],
     "some prior conviction is a prior conviction under s. 348.21(2)(a) (a violation of s. 348.17(2) or 348.19(3)) within the 12-month period, counted for semi1",
     "first conviction under s. 348.21(2)(a) for semi1: the case lists no prior conviction under s. 348.17(2) or 348.19(3) within the 12-month period"),
])
def test_sentences_read_as_the_statute_says(law, pred, args, positive, negative):
    s = prose_for(law.checked.program).positive(pred, args)
    assert str(s) == positive
    assert s.negative == negative


def test_a_fee_reads_as_its_amount_in_dollars(law):
    s = prose_for(law.checked.program).positive("single_trip_length_fee", ["p1", 1500])
    assert str(s) == "the length fee for p1 (a single trip permit) under s. 348.25(8)(a)1 is $15.00"
