"""s. 348.25(2)(a): a size permit's condition penalty is outside the excerpt, and the answer says so
(its wording and the hole it names). The permit outcomes (fees, the permit required, the single-article
rule) are YAML law tests: reasoner/law/tests/ch348_permits_outcomes.yaml and
ch348_permits_more_outcomes.yaml."""
from reasoner.answer.answering import ask

from test_ch348_support import vehicle_case


# (2)(a) a permit condition violated by a vehicle over the size limits: "subject to the same
# penalties as would be applicable if that person were operating without a permit". The penalty
# for size without a permit is outside the excerpt: the answer says so, never FALSE.

def size_permit_case(**attrs):
    base = dict(found_weight_lb=70000, max_weight_lb=80000, other_permit_condition_violated=True,
                exceeds_size_limits=True)
    base.update(attrs)
    return vehicle_case(permit={"permit_kind": "single_trip", "permit_in_force": True,
                                "exceeds_weight": False}, **base)


def test_size_permit_condition_penalty_is_outside_the_excerpt_not_false():
    res = ask(size_permit_case(), "permit_condition_forfeiture(v1, Min, Max)")
    assert [h["citation"] for e in res.undetermined for h in e["holes"]] == ["348.11"]
    assert "s. 348.11 is not in the excerpt" in res.argument.short
    assert "No forfeiture" not in res.argument.short and "may be imposed" not in res.argument.short
