"""Trainer review 8 (issue 46, change 4): no boilerplate; what the case states is said as stated,
only silence is 'taken as none'."""
import copy
from pathlib import Path

from asking import case_markdown, lowboy_and_dump_truck
from reasoner.prose.answers import none_listed_line
from reasoner.prose.stated import states_none

ROOT = Path(__file__).resolve().parents[2]


def _md(case: str, query: str) -> str:
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.apps.export import export_files
    from reasoner.core.settings import current
    q = Question.of(str(ROOT / "facts" / case), query, default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q, with_whatif=False)
    return text


def _answer_md(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("**Answer.**"))


def test_no_permit_is_said_as_what_we_take_not_as_the_exception_again():
    # 05, 06, 07, 11: 'Taken as not exempt from the weight limitations to the extent stated in its
    # permit: the case's facts list no permit.' -> 'The case's facts mention no permit; we take it there was none.'
    line = _answer_md(_md("ch348_tandem_axle_not_reloaded.yaml", "forfeiture"))
    assert "The case's facts mention no permit; we take it there was none." in line, line
    assert "Taken as" not in line and "to the extent stated in its permit" not in line, line
    # the verdict, the provision cited (and not the bracket of sub. (3)), who is liable
    assert "$50.00 (s. 348.21(2)(b))" in line and "348.21(3)" not in line, line
    assert "imposed on the operator of the milk tanker, not named in the case" in line, line


def test_a_finding_beyond_the_absence_is_kept_after_it():
    taken = [("the conviction for the crane is a first conviction within the 12-month period",
              "no prior conviction"),
             ("the crane is not exempt from the weight limitations to the extent stated in its permit", "no permit")]
    assert none_listed_line(taken) == (
        "The case's facts mention no prior conviction; we take it there was none: a first conviction within the "
        "12-month period. The case's facts mention no permit; we take it there was none.")
    assert none_listed_line(taken[1:], named=True) == "The case's facts mention no permit (the crane); we take it there was none."


def test_the_scenario_stating_the_absence_is_read_as_stated():
    # 11: 'its driver has no prior' (of the grain cart only); 12: 'none of the firms or drivers has an
    # earlier weight conviction' (of all)
    harvest = ("The tractor pulling a grain cart (an implement of husbandry) had 24,500 lb on its axle against a "
               "23,000-lb axle limit under s. 348.15 (3) (b); its driver has no prior. The milk tanker grossed "
               "81,800 lb against 80,000.")
    ents = ["grain_cart", "milk_tanker"]
    assert states_none(harvest, "prior_conviction", ["grain_cart"], ents)
    assert not states_none(harvest, "prior_conviction", ["milk_tanker"], ents)
    hauls = ("None of the loads exceeded any size limit, none carried raw forest products, livestock or implements "
             "of husbandry, and none of the firms or drivers has an earlier weight conviction.")
    assert states_none(hauls, "prior_conviction", ["move1"], ["move1", "move2"])
    # silence, a hypothetical 'without a permit' and an unrelated 'no' are not a statement of none
    assert not states_none("The statutory gross limit, without a permit, is 80,000 lb.", "permit", ["move1"])
    assert not states_none("There was no snow prior to the stop.", "prior_conviction", ["truck"])
    assert not states_none("", "prior_conviction", ["truck"])


PERMIT = lowboy_and_dump_truck(
    "A lowboy under a single-trip permit for 110,000 lb weighed 113,200 lb at 14:20; its limit is "
    "80,000 lb. A dump truck weighed 84,300 lb against 80,000 lb. Neither has a prior conviction.")


def test_a_prior_the_scenario_says_there_is_none_of_is_stated_not_taken_as_none():
    text = case_markdown(PERMIT, "forfeiture")
    assert "has a prior conviction — **not met** (case file line 1)" in text, text
    assert "no prior conviction (taken as none)" not in text and "no prior conviction: taken as none" not in text
    assert "mentions no prior conviction" not in _answer_md(text)
    assert "$394.00" in text and "$210.00" in text   # the amounts (first convictions) are unchanged
    # silent: taken as none, and said so
    silent = copy.deepcopy(PERMIT)
    silent["description"] = silent["description"].replace(" Neither has a prior conviction.", "")
    text = case_markdown(silent, "forfeiture")
    # said in plain words, with no red 'not met' under a met element (trainer review 13, 04)
    assert "- no prior conviction is listed (taken as none)" in text
    assert "has a prior conviction — **not met** (the case's facts list no prior conviction: taken as none)" not in text
    assert "The case's facts mention no prior conviction" in _answer_md(text)
    assert "$394.00" in text and "$210.00" in text


def test_a_what_if_says_in_use_not_been_being_used():
    # 08: 'If the motor home had not been being used as a motor home' -> 'had not been in use as a motor home'
    from reasoner.prose.whatif import counterfactual
    assert counterfactual("the motor home was being used as a motor home", False) == \
        "the motor home had not been in use as a motor home"
    assert counterfactual("the trail is approved by the department", True) == \
        "the trail had been approved by the department"
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.apps.export import export_files
    from reasoner.core.settings import current
    q = Question.of(str(ROOT / "facts" / "ch348_motor_home_station.yaml"), "duty_forfeiture",
                    default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q)
    line = _answer_md(text)
    # the verdict: no violation, by the exception of s. 348.19(3); no forfeiture of s. 348.21(2)(a)
    assert line.startswith("**Answer.** None: the operator of the motor home did not violate"), line
    assert "the exception of s. 348.19(3) applies" in line and "no forfeiture under s. 348.21(2)(a) follows" in line
    what_if = text.split("## What if?")[1]
    assert "If the motor home had not been in use as a motor home" in what_if, what_if
    assert "been being used" not in text


def test_a_prior_under_subsection_2_is_cited_as_a_subsection():
    # 06: 'had been par. (2) (a) instead of sub. (3)' -> 'had been sub. (2)(a) instead of sub. (3)'
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.apps.export import export_files
    from reasoner.core.settings import current
    q = Question.of(str(ROOT / "facts" / "ch348_prior_exactly_12_months.yaml"), "forfeiture",
                    default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q)
    line = _answer_md(text)
    # the verdict: a second conviction within the period, s. 348.21(3)(b)2 (not the first-conviction bracket)
    assert "not less than $604.00 nor more than $804.00 (s. 348.21(3)(b)2)" in line, line
    what_if = text.split("## What if?")[1]
    assert "had been sub. (2)(a) instead of sub. (3)" in what_if, what_if
    assert "par. (2) (a)" not in text and "par. (2) (b)" not in text


def test_an_argument_block_and_the_sections_checked_are_printed_once():
    # 09: racer a's s. 350.03(1) block printed twice (once for speed, once for yield), and the
    # 'checked under ss. 350.02, ... 350.101' list printed twice in the Answer
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.apps.export import export_files
    from reasoner.core.settings import current
    q = Question.of(str(ROOT / "tests" / "fixtures" / "review8_derby_road_trail_lake.yaml"), "violations",
                    default_rulebase(current().readings), current(), None)
    answer = q.answer()
    # the verdict: racer b violated s. 350.03(1) and s. 350.10(1)(i), racer c s. 350.09(9); no one else
    assert answer.answer == "true"
    assert sorted((b["O"], b["P"]) for b in answer.bindings if b["answer"] == "true") == [
        ("race_b", "350.03(1)"), ("race_b", "350.10(1)(i)"), ("race_c", "350.09(9)")]
    (_, text), *_ = export_files("md", answer, None, question=q, with_whatif=False)
    argument = text[text.index("## The argument"):]
    # s. 350.03(1): once for the violation, once for the ride the race exception clears (both ways)
    assert argument.count("### s. 350.03(1)") == 2, argument
    both = [ln for ln in argument.splitlines() if "did not break s. 350.03(1)" in ln]
    assert len(both) == 1 and "exceeding 10 miles per hour" in both[0] and "or by failing to yield" in both[0], both
    assert "the exception applies, so s. 350.03(1) does not apply" in argument
    line = _answer_md(text)
    assert line.count("checked under") == 1, line
    # both rides in one line, in the query's words for none (review 14, G2: never 'No: ... do not show ...')
    assert line.count("no provision is shown violated") == 1 and "None for racer a's ride and racer d's ride: " in line, line


def test_the_motor_home_handout_flags_what_it_relies_on_from_outside_the_excerpt_and_the_station_limit():
    # 08: 's. 348.17(2) is not in the excerpt' where it is used; reading 1 states the limit 'at weighing stations'
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.apps.export import export_files
    from reasoner.core.settings import current
    q = Question.of(str(ROOT / "facts" / "ch348_motor_home_station.yaml"), "duty_forfeiture",
                    default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q, with_whatif=False)
    line = _answer_md(text)
    assert line.startswith("**Answer.** None: the operator of the motor home did not violate"), line
    assert "the exception of s. 348.19(3) applies" in line and "$50.00" not in line
    assert "did not violate s. 348.17(2) (not in the excerpt)" in text, text
    instructor = export_files("md", q.answer(), None, question=q, with_whatif=False, view="instructor")[0][1]
    # the reading changes nothing: listed on the trainee's page as in the instructor's edition (review 10)
    # the closing sentence names them (trim17: neither has an alternative set out in the law)
    assert "readings of this kind" not in text and "tried another way" not in text and "Read the other way" not in text
    text = instructor
    readings = text[text.index("## Our readings"):]
    assert "excuses only the duty to stop and submit to a weighing at a weighing station" in readings, readings
