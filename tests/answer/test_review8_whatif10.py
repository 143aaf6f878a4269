"""Trainer review 8, change 3: each 'What if?' checked against the argument and the readings.

Before: 'Then s. 350.09(1) would apply' after a line that says the operator violated s. 350.09(1)
(01); 'Then s. 350.03(2)(b) would apply' where a change takes a racer out of s. 350.03(1) on a lake,
which the race exception never reaches (09); 'the threshold in s. 348.21(2)(b) is 2,000' for the
(3g)(a)1 / (3g)(a)2 line (11); 'If the date of the second ride had been 1970-02-12' (10); 'if the
cattle trailer had not been weighed, the facts do not show that it may proceed' (07); '$65.00 ...
$215.00' and '$50.00 ... $100.00' never said to be first-conviction ranges (05, 08); '(the case states
that the ride took place at night (during the hours of darkness))' (02).
"""
from asking import ROOT, handout_of, whatif_of
from reasoner.prose.whatif import contrast_text

CASES = ROOT / "tests/fixtures/review8"


def _handout(path, query):
    """The handout's what-if lines [(contrast, sentence, tail)], as the PDF prints them (parties
    named by role), and the handout."""
    h = handout_of(path, query)
    return h, [(c, c.sentence, contrast_text(c.gained, c.lost, c.answer, c.cited, c.sentence, c.outcome))
               for c in h.contrasts]


def _lines(result, n=6):
    return [(o, o.handout_sentence, contrast_text(o.gained, o.lost, o.answer, o.answer.cited, o.handout_sentence,
                                                  o.kind))
            for o in result.nearest(n, settled_first=True)]


def test_a_tail_never_names_again_the_provision_its_line_names():
    _, base, result = whatif_of("ch350_report_residential_access.yaml", "violations", 5)
    assert base.answer == "undetermined"
    assert not [b for b in base.bindings if b["answer"] == "true"]   # no violation established now
    lamp = [(o, s, t) for o, s, t in _lines(result) if "head lamp" in s]
    assert lamp, "no head-lamp what-if"
    o, s, tail = lamp[0]
    assert "the answer would then be: Robin Vale (the operator) violated s. 350.09(1)." in s, s   # one ride, not named
    assert s.startswith("If the snowmobile had not displayed a lighted head lamp (the case does not say)"), s
    found = {(b["O"], str(b["P"])) for b in o.answer.bindings if b["answer"] == "true"}
    assert found == {("op1", "350.09(1)")}, found   # the operator of the ride home, and only s. 350.09(1)
    assert "350.09(1)" not in tail, tail   # was 'Then s. 350.09(1) would apply.'


def test_the_race_exception_is_never_said_to_apply_on_the_lake():
    h, lines = _handout(CASES / "ch350_derby_road_trail_lake.yaml", "violations")
    assert h.answer == "true"
    assert {"350.03(1)", "350.10(1)(i)", "350.09(9)"} <= set(h.cited)
    far = [(o, s, t) for o, s, t in lines if "101 feet instead of 60 feet" in s]
    assert far, [s for _, s, _ in lines]
    o, s, tail = far[0]
    # racer b (on the lake) is cleared of s. 350.03(1); the rest stays
    assert "would not have violated s. 350.03(1) in racer b's ride" in s and "the rest of the answer" in s, s
    assert not any("350.03(2)(b) would apply" in t or "350.03(2)(b) and" in t for _, _, t in lines), \
        [t for _, _, t in lines]


def test_a_threshold_is_cited_from_the_paragraphs_the_amount_moves_between():
    h, lines = _handout(CASES / "ch348_harvest_week_county_scale.yaml", "forfeiture")
    assert h.answer == "true" and "348.21(3g)(a)2" in h.cited
    log = [(o, s, t) for o, s, t in lines if "log truck had been 81,999 lb" in s]
    assert log, "no log-truck step"
    o, s, tail = log[0]
    assert "$269.94" in s and "$369.94" in s, s
    assert "the threshold in s. 348.21(3g)(a)1 and s. 348.21(3g)(a)2 is 2,000" in s, s
    assert "348.21(2)(b)" not in s, s   # was 'the threshold in s. 348.21(2)(b) is 2,000'
    assert "348.21(3g)(a)1" in o.gained and "348.21(3g)(a)2" in o.lost


def test_a_date_is_never_moved_back_to_the_day_a_rule_took_effect():
    h, lines = _handout(CASES / "ch350_report_night_lamp_brake_check.yaml", "violations")
    assert {"350.09(2)(c)", "350.09(3)"} <= set(h.cited)
    assert lines and not any("1970" in s or "date of" in s for _, s, _ in lines), [s for _, s, _ in lines]
    assert any("would not have violated s. 350.09(2)(c) in the ride of sled 2" in s for _, s, _ in lines)


def test_the_question_asked_after_a_weighing_is_not_turned_by_taking_the_weighing_away():
    _, base, result = whatif_of("ch348_cattle_near_home.yaml", "may_proceed", 4)
    assert base.answer == "true" and "348.19(2)(b)" in base.cited
    lines = _lines(result, 4)
    assert not any("had not been weighed" in s for _, s, _ in lines), [s for _, s, _ in lines]
    assert not any(c.attribute == "weighed" and c.new is False for c in result.candidates)
    # the lesson of the case stays: 16 miles from home, par. (a) holds the trailer
    far = [s for _, s, _ in lines if "16 miles instead of 12 miles" in s]
    assert far and "may not proceed" in far[0] and "s. 348.19(2)(a)" in far[0], far


def test_an_amount_resting_on_no_prior_says_it_is_a_first_conviction():
    _, base, result = whatif_of("ch348_tandem_axle_not_reloaded.yaml", "forfeiture", 4)
    assert [(b["Min"], b["Max"]) for b in base.bindings] == [(5000, 5000)] and "348.21(2)(b)" in base.cited
    lines = _lines(result, 4)
    reload = [(o, s, t) for o, s, t in lines if "could not have been reloaded" in s]
    assert reload, [s for _, s, _ in lines]
    o, s, tail = reload[0]
    assert "$65.00" in s and "$215.00" in s, s
    assert "taken as a first conviction within the 12-month period, since the case's facts list no prior conviction" in s, s
    assert "348.21(3)(b)1.a" in o.gained and "348.21(2)(b)" in o.lost
    # the line that takes the overweight away rests on no count: nothing taken said
    assert not any("taken as" in s for _, s, _ in lines if "34,000 lb" in s)


def test_the_motor_home_line_says_first_conviction_and_no_tail_again():
    _, base, result = whatif_of("ch348_motor_home_station.yaml", "duty_forfeiture", 2)
    assert base.answer == "false" and not base.bindings
    lines = _lines(result, 2)
    assert lines
    for o, s, tail in lines:
        assert o.answer.answer == "true" and "$50.00" in s and "$100.00" in s, s
        assert "taken as a first conviction under s. 348.21(2)(a)" in s and "the case's facts list no prior conviction" in s, s
        assert "348.19(3) would apply" not in tail, tail   # the line names s. 348.19(3) already


def test_the_fact_stated_is_said_without_its_own_parenthesis():
    _, base, result = whatif_of("ch350_headlamp_out.yaml", "violations", 3)
    assert base.answer == "true" and "350.09(1)" in base.cited
    lines = _lines(result, 3)
    night = [s for _, s, _ in lines if "had not taken place at night" in s]
    assert night, [s for _, s, _ in lines]
    assert "(the case states that the ride took place at night)" in night[0], night[0]
    assert "darkness))" not in night[0], night[0]
