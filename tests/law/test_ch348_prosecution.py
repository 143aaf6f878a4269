"""s. 348.20: the case builder of the prosecution tests, and the words and JSON of an answer naming
the lessee. Against whom prosecutions are instituted is checked by the YAML law tests
(reasoner/law/tests/ch348_prosecution_outcomes.yaml and ch348_prosecution_more_outcomes.yaml)."""
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


def test_the_leasing_employer_is_named_in_no_answer_and_the_lessee_offends():
    case = prosecution_case({"rent": True, "lessee": False}, tractor_combination=True,
                            driver_principal="rent", vehicle_lessee="lessee", authority_holder="lessee")
    res = ask(case, "weight_liable(v1, rent)")
    assert res.argument.short == ("No: the principal business of rent is leasing vehicles, including trailers "
                                  "and semitrailers, for compensation.")
    res = ask(case, "prosecute")
    from reasoner.render.jsonout import offenders
    assert [(o["offender"], o["provision"]) for o in offenders(res)] == [("lessee", "348.15 to 348.17")]
