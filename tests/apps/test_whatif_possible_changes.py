"""A what-if proposes only a case that could happen.

Before (trainer review, handouts 06 and 05): the tandem-axle handout asked "what if 2,001 lb had to
be shifted" while the excess found stayed 2,000 lb (36,000 - 34,000) -- no vehicle could be so; the
log-truck handout proposed reloading under s. 348.21(2)(b) to cure a 2,500-lb excess, which that
paragraph's first element ("does not exceed the weight prescribed ... by more than 2,000 pounds")
rules out. Now the law states the bound between the amounts (facts_conflict: the weight to be
shifted is never more than the excess) and the element, and a what-if never breaks either.
"""
from pathlib import Path

from asking import whatif_of
from reasoner.answer.whatif import possible, Change

ROOT = Path(__file__).resolve().parents[2]


def _whatif(name, query="forfeiture"):
    question, base, result = whatif_of(name, query, 10)
    return question.law, question.case, base, result


def test_no_shift_of_more_than_the_excess():
    rb, case, base, result = _whatif("ch348_tandem_axle_reloaded.yaml")
    assert base.answer == "true" and "348.21(2)(b)" in {c for c in base.cited}
    changed = [(c.attribute, c.new) for o in result.outcomes for c in o.changes]
    assert not any(attr == "reload_needed_lb" and new > 2000 for attr, new in changed), changed
    assert not any("2,001 lb instead of 2,000 lb" in o.handout_sentence for o in result.outcomes)
    # the what-if that could happen and teaches stays: not reloaded (a $50.00 forfeiture under s. 348.21(2)(b));
    # less weight found or not weighed leave no forfeiture either way ('none may be imposed' against 'none
    # follows'): not a change of the answer (contra16, trainer review 12, 04)
    assert ("reloaded_within_limits", False) in changed, changed
    assert not any(attr in ("found_weight_lb", "weighed") for attr, _ in changed), changed
    # the bound itself: 2,001 lb to shift with a 2,000-lb excess is not a case; 2,000 is
    shift = Change("flatbed", "reload_needed_lb", 2000, 2001, "number", "")
    assert not possible(rb, case, [shift])
    assert possible(rb, case, [Change("flatbed", "reload_needed_lb", 2000, 1999, "number", "")])


def test_no_reloading_to_cure_an_excess_over_2000_lb():
    rb, case, base, result = _whatif("ch348_log_truck_third_offense.yaml")
    assert base.answer == "true" and "348.21(3g)(b)1" in base.cited and "348.21(2)(b)" not in base.cited
    changed = {c.attribute for o in result.outcomes for c in o.changes}
    assert "excess_reloadable" not in changed, [o.handout_sentence for o in result.outcomes]
    assert not any("348.21(2)(b)" in o.gained for o in result.outcomes)
    assert not any("reload" in o.handout_sentence for o in result.outcomes)
