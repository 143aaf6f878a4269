"""s. 348.20: against whom overweight prosecutions are instituted; the operator accepts service."""
import pytest
from reasoner.answer.answering import ask

from test_ch348_support import vehicle_case


def prosecution_case(carriers, **attrs):
    base = dict(found_weight_lb=84000, max_weight_lb=80000, tractor_combination=False,
                owner_required_or_permitted=False, director_required_or_permitted=False)
    base.update(attrs)
    case = vehicle_case(**base)
    for cid, leasing in carriers.items():
        case["entities"][cid] = {"type": "carrier", "leasing_business": leasing}
    case["entities"]["d1"] = {"type": "driver"}
    case["entities"]["v1"]["vehicle_operator"] = "d1"
    return case


def prosecuted(case):
    res = ask(case, "prosecuted(v1, C)")
    return res, sorted(b["C"] for b in res.bindings if b["answer"] == "true")


CASES = [
    # (carriers {id: leasing?}, vehicle attrs, expected defendants)
    ({"acme": False}, {"authority_holder": "acme"}, ["acme"]),
    # tractor-trailer: principal/employer of the tractor driver, along with the authority holder
    ({"acme": False, "boss": False}, {"authority_holder": "acme", "tractor_combination": True,
                                      "driver_principal": "boss"}, ["acme", "boss"]),
    # not a tractor combination: the driver's principal is not liable under this sentence
    ({"acme": False, "boss": False}, {"authority_holder": "acme", "driver_principal": "boss"}, ["acme"]),
    # owner who requires or permits the overweight operation
    ({"acme": False, "own": False}, {"authority_holder": "acme", "vehicle_owner": "own",
                                     "owner_required_or_permitted": True}, ["acme", "own"]),
    ({"acme": False, "own": False}, {"authority_holder": "acme", "vehicle_owner": "own",
                                     "owner_required_or_permitted": False}, ["acme"]),
    # another person directing the operator
    ({"acme": False, "broker": False}, {"authority_holder": "acme", "operator_director": "broker",
                                        "director_required_or_permitted": True}, ["acme", "broker"]),
    # leasing business: the lessee instead
    ({"rent": True, "lessee": False}, {"authority_holder": "rent", "vehicle_lessee": "lessee"}, ["lessee"]),
    ({"rent": True, "lessee": False}, {"vehicle_owner": "rent", "owner_required_or_permitted": True,
                                       "authority_holder": "lessee", "vehicle_lessee": "lessee"}, ["lessee"]),
    # not overweight: nobody
    ({"acme": False}, {"authority_holder": "acme", "found_weight_lb": 80000}, []),
]


@pytest.mark.parametrize("carriers,attrs,expected", CASES)
def test_who_is_prosecuted(carriers, attrs, expected):
    res, who = prosecuted(prosecution_case(carriers, **attrs))
    assert who == expected
    if expected:
        assert "348.20(1)" in res.cited
    if any(carriers.values()) and expected:
        assert any("lessee" in r for r in res.readings)


def test_leasing_business_without_known_lessee_is_not_prosecuted():
    res, who = prosecuted(prosecution_case({"rent": True}, authority_holder="rent"))
    assert who == [] and res.answer in ("false", "undetermined")


def test_unstated_leasing_status_is_presumed_not_a_leasing_business():
    case = prosecution_case({"acme": False}, authority_holder="acme")
    del case["entities"]["acme"]["leasing_business"]
    res, who = prosecuted(case)
    assert res.answer == "true" and who == ["acme"]
    assert [p["fact"] for p in res.presumed] == ["not leasing_business(acme)"]
    assert res.presumed[0]["citation"] == "348.20(1)"
    from reasoner.facts.presume import strict_mode
    with strict_mode():
        res, who = prosecuted(case)
    assert res.answer == "undetermined" and who == [] and res.presumed == []
    assert any("leasing" in m for m in res.missing)


SUMMONS = [
    ({"authority_holder": "acme"}, [("d1", "acme")]),
    ({"authority_holder": "acme", "tractor_combination": True, "vehicle_owner": "own"},
     [("d1", "acme"), ("d1", "own")]),
    ({"authority_holder": "acme", "tractor_combination": False, "vehicle_owner": "own"}, [("d1", "acme")]),
]


@pytest.mark.parametrize("attrs,expected", SUMMONS)
def test_operator_accepts_service_as_agent(attrs, expected):
    case = prosecution_case({"acme": False, "own": False}, **attrs)
    res = ask(case, "summons_agent(v1, D, C)")
    assert sorted((b["D"], b["C"]) for b in res.bindings if b["answer"] == "true") == expected
    assert "348.20(2)" in res.cited
