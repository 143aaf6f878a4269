"""Trainer review 13, G2, G3 and handout 04: plain words and names, each at its general source.

1. Names built from ids: 'sled_aunt' of the rider 'aunt' is the aunt's sled (never 'the sled aunt', a
   person); 'owner_operator' is the owner-operator; 'van_driver' beside the vehicle 'van' is the
   van's driver; an unstated entity of a kind the case's facts list none of is 'the snowmobile', never 'an
   unnamed snowmobile'.
2. 'would change the amount' (not 'or value found'); one fact past three is named, not 'and 1 more fact
   listed below'; '(20 provisions, not argued here)'; 'not stated; the answer turns on it'.
3. One word for one assumption ('assumed', 'the case's facts do not mention it'); who must raise an exception
   is one of our readings, not a note on a fact; 'no prior conviction is listed (taken as none)'.
4. The text view closes its readings with the handout's words.
5. 'X is par. (a), not par. (b)', never 'X is par. (b) — does not hold'.
6. What a conviction counts for, said once per handout.
7. 'may not proceed ... (s. 348.19(2)(a))': par. (b) not cited where it fails on a fact of its own.
"""
from pathlib import Path

from reasoner.answer.question import Question
from reasoner.apps.export import export_files
from reasoner.facts.case import id_name, role_names
from reasoner.prose import argument as words
from reasoner.prose.answers import missing_phrase
from reasoner.prose.sentences import _unstated_noun
from reasoner.prose.whatif import handout_lead

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests" / "fixtures"
SCALE = FIX / "words14_flatbed_skipped_scale.yaml"
COUNTS = FIX / "words14_two_counts_apart.yaml"
HELD = FIX / "words14_bean_truck_held.yaml"


def _markdown(case: Path, query: str, whatif: bool = True) -> str:
    q = Question.of(str(case), query)
    out = export_files("md", q.answer(), with_whatif=whatif, question=q)
    return str(out[0][1])


# -- 1. names ---------------------------------------------------------------------------------------
def test_a_sled_named_by_its_kind_word_then_its_riders_id_is_that_riders_sled():
    entities = {"ride_aunt": "operation", "ride_nephew": "operation", "aunt": "person", "nephew": "person",
                "sled_aunt": "snowmobile", "sled_nephew": "snowmobile"}
    attributes = {"ride_aunt": {"operator": "aunt", "snowmobile_used": "sled_aunt"},
                  "ride_nephew": {"operator": "nephew", "snowmobile_used": "sled_nephew"}}
    roles = role_names(entities, {}, attributes, "")
    assert roles["sled_aunt"] == "the aunt's sled" and roles["sled_nephew"] == "the nephew's sled"
    assert "the sled aunt" not in roles.values() and roles["aunt"] == "the aunt"
    # the kind word last still reads as before ('older_sled' of 'older_rider')
    entities2 = {"run_one": "operation", "older_rider": "person", "older_sled": "snowmobile"}
    roles2 = role_names(entities2, {}, {"run_one": {"operator": "older_rider", "snowmobile_used": "older_sled"}}, "")
    assert roles2["older_sled"] == "the older rider's sled"


def test_owner_operator_is_hyphenated_and_a_driver_named_by_a_vehicle_id_is_that_vehicles():
    assert id_name("owner_operator", "carrier") == "the owner-operator"
    assert id_name("owner_operator_dale", "carrier") == "the owner-operator dale"
    assert id_name("owner_truck", "vehicle") == "the owner truck"   # no pair: as it was
    roles = role_names({"van": "vehicle", "van_driver": "driver", "coop": "carrier"}, {}, {}, "")
    assert roles["van_driver"] == "the van's driver" and roles["van"] == "the van"
    # an id whose first part is no entity's id keeps its words
    assert role_names({"truck": "vehicle", "yard_driver": "driver"}, {}, {}, "")["yard_driver"] == "the yard driver"


def test_an_unstated_entity_of_a_kind_the_case_lists_none_of_is_the_one_the_sentence_is_about():
    assert _unstated_noun("snowmobile", {"operation": ["the ride home"], "person": ["Robin"]}) == "the snowmobile"
    assert _unstated_noun("carrier", {"carrier": ["the regional carrier"]}) == "an unnamed carrier"
    assert _unstated_noun("snowmobile", None) == "an unnamed snowmobile"   # no case: nothing to count


# -- 2. software words --------------------------------------------------------------------------------
def test_a_change_of_an_amount_is_said_plainly():
    lead = handout_lead({(1, "value"): 3}, 3, "singles", True, False)
    assert lead.startswith("Changes of one fact each would change the amount."), lead
    assert "value found" not in lead


def test_one_fact_past_three_is_named_and_more_are_said_where_they_are_listed():
    four = ["A", "B", "C", "D"]
    assert missing_phrase(four) == "A; B; C; D"
    six = ["A", "B", "C", "D", "E", "F"]
    said = missing_phrase(six)
    assert said == "A; B; C; and 3 other facts, each listed under “Facts that would decide it”"
    assert "more fact" not in said and "listed below" not in said
    assert words.UNKNOWN_DECIDES == "not stated; the answer turns on it"


# -- 3. handout 04: one word for one assumption ------------------------------------------------------
def test_the_scale_handout_says_assumed_and_moves_the_burden_to_our_readings():
    md = _markdown(SCALE, "duty_forfeiture")
    box = md.split("## The argument")[0]
    assert "- the pipe flatbed is not a dual purpose motor home — *assumed — the case's facts do not mention it* " \
           "(s. 348.19(3))\n" in box
    assert "is for the operator claiming it to raise" not in box   # not a fact of the case
    assert ("Exception: the pipe flatbed is a dual purpose motor home being used as a motor home, directed to "
            "stop at a weighing station, where it need not stop (s. 348.19(3)) — **assumed not to apply**, "
            "because the case's facts do not mention it\n") in md
    readings = md.split("## Our readings")[1].split("## What if?")[0]
    assert ("3. Who must raise the exception of s. 348.19(3) (the excerpt does not say): the motor-home "
            "exception (except that ...) is for the operator claiming it to raise.") in readings
    assert "   - no prior conviction is listed (taken as none)\n" in md
    assert "has a prior conviction — **not met**" not in md
    whatif = md.split("## What if?")[1]
    assert "(the case's facts do not mention it: assumed not so under s. 348.19(3))" in whatif
    for gone in ("does not claim", "treated as not applying", "presumed", "the case is silent",
                 "Not tried another way", "does not raise it"):
        assert gone not in md, gone
    # the verdict and the provisions are as before
    assert "not less than $50.00 nor more than $100.00 (s. 348.21(2)(a)), imposed on the operator of the " \
           "pipe flatbed, not named in the case." in md
    assert "348.21(3)" not in md.split("## Our readings")[0]


# -- 4. the text view closes its readings as the handout does ----------------------------------------
def test_the_text_view_numbers_its_readings_and_never_says_tried():
    q = Question.of(str(SCALE), "duty_forfeiture")
    text = q.answer().argument_text()
    flat = " ".join(text.split())
    assert "Readings: 1. The dual purpose motor home exception" in flat
    assert "3. Who must raise the exception of s. 348.19(3) (the excerpt does not say)" in flat
    assert "Assumed, because the case does not mention them (--strict turns this off): - the pipe flatbed is " \
           "not a dual purpose motor home (s. 348.19(3))" in flat
    for gone in ("tried the other way", "not tried another way", "Read the other way"):   # none has another reading
        assert gone not in flat, gone


# -- 5 and 6. counts: the value stated, the tail once ---------------------------------------------------
def test_a_paragraph_asked_otherwise_says_the_paragraph_stated_and_the_tail_is_said_once():
    md = _markdown(COUNTS, "conviction_count")
    assert ("- the paragraph of s. 350.101(1) under which the first count is brought is par. (a), not par. (b) "
            "(case file line 18)\n") in md
    assert ("- the paragraph of s. 350.101(1) under which the second count is brought is par. (b), not par. (a) "
            "(case file line 25)\n") in md
    assert "is par. (b) — **does not hold**" not in md and "is par. (a) — **does not hold**" not in md
    assert md.count("for sentencing and for counting convictions under s. 350.11(3)(a)2 and 3") == 1
    assert ("**Answer.** Nora Lind: two convictions count (s. 350.101(1)(a), (d); s. 350.101(1)(b), (d)): one for "
            "the December ride under par. (a) alone; one for the February ride under par. (b) alone; each for "
            "sentencing and for counting convictions under s. 350.11(3)(a)2 and 3 (not in the excerpt).") in md
    assert "**Conclusion:** Nora Lind has one conviction for the December ride under par. (a) alone.\n" in md
    assert "**Conclusion:** Nora Lind has one conviction for the February ride under par. (b) alone.\n" in md


# -- 7. the citation of what holds the truck back ---------------------------------------------------
def test_a_held_truck_cites_par_a_alone_where_par_b_fails_on_a_stated_fact():
    md = _markdown(HELD, "may_proceed", whatif=False)
    answer = md.split("**Answer.**")[1].split("\n")[0]
    assert "the operator of the soybean truck may proceed (s. 348.19(2)(a))" in answer
    assert ("until enough of the load is reloaded or unloaded to bring the soybean truck within the weight "
            "limitations (s. 348.19(2)(a)).") in answer
    assert "(s. 348.19(2)(a), (b))" not in answer
