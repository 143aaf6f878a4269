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
    # the leasing business is the driver's employer in a tractor-trailer combination: the lessee
    ({"rent": True, "lessee": False}, {"tractor_combination": True, "driver_principal": "rent",
                                       "vehicle_lessee": "lessee"}, ["lessee"]),
    ({"rent": True, "lessee": False}, {"tractor_combination": True, "driver_principal": "rent",
                                       "authority_holder": "lessee", "vehicle_lessee": "lessee"}, ["lessee"]),
    # a leasing owner that required the operation, an authority holder that is not the lessee
    ({"rent": True, "acme": False, "lessee": False},
     {"vehicle_owner": "rent", "owner_required_or_permitted": True, "authority_holder": "acme",
      "vehicle_lessee": "lessee"}, ["acme", "lessee"]),
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


def test_the_leasing_employer_is_named_in_no_answer_and_the_lessee_offends():
    case = prosecution_case({"rent": True, "lessee": False}, tractor_combination=True,
                            driver_principal="rent", vehicle_lessee="lessee", authority_holder="lessee")
    res = ask(case, "weight_liable(v1, rent)")
    assert res.answer == "false"
    assert res.argument.short == ("No: the principal business of rent is leasing vehicles, including trailers "
                                  "and semitrailers, for compensation.")
    res = ask(case, "prosecute")
    assert res.answer == "true"
    assert [(b["V"], b["C"]) for b in res.bindings if b["answer"] == "true"] == [("v1", "lessee")]
    from reasoner.render.jsonout import offenders
    assert [(o["offender"], o["provision"]) for o in offenders(res)] == [("lessee", "348.15 to 348.17")]


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


