"""Names from ids, as review 15's case writers found them: a person's relation to another person
('bride_cousin': "the bride's cousin", never 'the bride cousin', a kind of cousin), her sled by that
name; a ride named by the first word of its operator's id ('probationary_ride' of
'probationary_firefighter': "the probationary firefighter's ride", never "the probationary's ride");
a day's name with its apostrophe ("the New Year's ride")."""
from reasoner.facts.case import role_names


def _names(entities):
    kinds = {k: v["type"] for k, v in entities.items()}
    attrs = {k: {a: b for a, b in v.items() if a != "type"} for k, v in entities.items()}
    return role_names(kinds, {}, attrs, "")


def test_a_relation_to_a_person_not_in_the_case_reads_as_that_persons():
    said = _names({
        "host_ride": {"type": "operation", "operator": "host_uncle"},
        "guest_ride": {"type": "operation", "operator": "bride_cousin"},
        "host_uncle": {"type": "person"}, "bride_cousin": {"type": "person"},
        "uncle_sled": {"type": "snowmobile"}, "cousin_sled": {"type": "snowmobile"},
    })
    assert said["bride_cousin"] == "the bride's cousin"
    assert said["host_uncle"] == "the host's uncle"
    assert "the bride cousin" not in said.values()


def test_a_ride_by_the_first_word_of_its_operators_id_reads_by_the_whole_role():
    said = _names({
        "rookie_ride": {"type": "operation", "operator": "rookie_warden"},
        "chief_ride": {"type": "operation", "operator": "chief"},
        "rookie_warden": {"type": "person"}, "chief": {"type": "person"},
    })
    assert said["rookie_ride"] == "the rookie warden's ride"
    assert said["chief_ride"] == "the chief's ride"


def test_a_days_name_keeps_its_apostrophe():
    said = _names({"new_years_ride": {"type": "operation"}, "ride_home": {"type": "operation"}})
    assert said["new_years_ride"] == "the New Year's ride"
    assert said["ride_home"] == "the ride home"


def test_a_kin_word_after_another_partys_id_keeps_that_partys_name():
    # 'carrier_sister' beside 'paper_carrier' (review 14): the clipped id's person, as before
    said = _names({
        "carrier_ride": {"type": "operation", "operator": "paper_carrier"},
        "sister_ride": {"type": "operation", "operator": "carrier_sister"},
        "paper_carrier": {"type": "person"}, "carrier_sister": {"type": "person"},
    })
    assert said["carrier_sister"] == "the carrier's sister"
    assert said["sister_ride"] == "the sister's ride"


def test_a_describing_word_or_a_thing_before_a_kin_word_is_not_a_possessor():
    # trainer review 15, G1: "the younger's sister" named the older girl; "the mailbox's guest"
    said = _names({
        "older_ride": {"type": "operation", "operator": "older_sister"},
        "younger_ride": {"type": "operation", "operator": "younger_sister"},
        "older_sister": {"type": "person"}, "younger_sister": {"type": "person"},
        "mailbox_friend": {"type": "person"}, "brother_in_law": {"type": "person"},
    })
    assert said["younger_sister"] == "the younger sister"
    assert said["older_ride"] == "the older sister's ride"
    assert said["mailbox_friend"] == "the mailbox friend"
    assert said["brother_in_law"] == "the brother-in-law"
    assert not any("younger's" in v or "older's" in v for v in said.values())
