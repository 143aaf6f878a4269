"""Names from a case's ids (trainer review 14's case writer): a ride whose id is a word of its
operator's id and a ride word reads as that person's ride ('guide_ride' of 'trail_guide': 'the
guide's ride'), a person whose id is a clipped word of another's id and a word reads as that one's
('guide_nephew' beside 'trail_guide': 'the guide's nephew'); never 'the guide ride' or 'the guide
nephew', a kind of ride or of nephew. And a person in the facts box is never 'it'."""
from reasoner.facts.case import role_names
from reasoner.prose.argument import party_fact_short


def _roles():
    entities = {"guide_ride": "operation", "nephew_ride": "operation", "trail_guide": "person",
                "guide_nephew": "person", "guide_sled": "snowmobile", "nephew_sled": "snowmobile"}
    attributes = {"guide_ride": {"operator": "trail_guide", "snowmobile_used": "guide_sled"},
                  "nephew_ride": {"operator": "guide_nephew", "snowmobile_used": "nephew_sled"}}
    return role_names(entities, {}, attributes, "")


def test_a_ride_named_by_a_word_of_its_operators_id_is_that_persons_ride():
    roles = _roles()
    assert roles["guide_ride"] == "the guide's ride"
    assert roles["nephew_ride"] == "the nephew's ride"
    assert "the guide ride" not in roles.values() and "the nephew ride" not in roles.values()


def test_a_person_named_by_a_clipped_word_of_anothers_id_is_that_ones_kin():
    roles = _roles()
    assert roles["guide_nephew"] == "the guide's nephew"
    assert roles["trail_guide"] == "the trail guide"


def test_a_ride_whose_word_is_not_its_operators_keeps_its_words():
    roles = role_names({"night_ride": "operation", "day_ride": "operation", "rider": "person", "other": "person"},
                       {}, {"night_ride": {"operator": "rider"}, "day_ride": {"operator": "other"}}, "")
    assert roles["night_ride"] == "the night ride"


def test_a_person_in_a_facts_line_is_never_it():
    said = party_fact_short("the older rider was found guilty on the older rider's stop par. (a) charge",
                            "the older rider")
    assert said == "found guilty on the older rider's stop par. (a) charge"
    assert party_fact_short("the first truck is a vehicle combination", "the first truck") == \
        "it is a vehicle combination"
