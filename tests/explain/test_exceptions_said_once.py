"""An exception that fails only for a fact an element already argues is said once (trainer review 13,
02.4): the permit's exemption, s. 348.25(2)(a), is not argued again where the element already says
the truck was not operated under a permit; where it fails for its own reason (the weight above the
permit's), it is argued."""
from reasoner import ask

NO_PERMIT = "facts/ch348_prior_exactly_12_months.yaml"
HISTORIES = "tests/fixtures/five_vehicles_conviction_histories.yaml"


def _lines(argument):
    out = []

    def walk(items, under_exception=False):
        for x in items or []:
            out.append((type(x).__name__, x.text, x.status, under_exception))
            walk(getattr(x, "parts", None), under_exception)
            walk(getattr(x, "exceptions", None), True)
            walk(getattr(x, "reasons", None), True)
    for p in argument.provisions:
        walk(p.elements)
        walk(p.exceptions, True)
    return out


def test_the_permit_exemption_is_not_argued_again_where_the_element_says_no_permit():
    a = ask(NO_PERMIT, "forfeiture")
    lines = _lines(a.argument)
    assert ("Element", "the dump truck was not operated under a permit", "true", False) in lines
    assert not any(kind == "Exception_" and "exempt from the weight limitations" in text for kind, text, *_ in lines)
    # the answer and the other exception are unchanged
    assert a.answer == "true"
    assert any(kind == "Exception_" and "may reload under s. 348.21(2)(b)" in text for kind, text, *_ in lines)
    assert "348.21(3)(b)2" in a.cited


def test_the_permit_exemption_is_argued_where_it_fails_on_its_own_reason():
    a = ask(HISTORIES, "forfeiture")
    exempt = {}
    for p in a.argument.provisions:
        for x in p.exceptions:
            if "exempt from the weight limitations to the extent stated in its permit" in x.text:
                exempt[x.text.split(" is exempt")[0]] = [r.text for r in x.reasons]
    # v4: within its permit's conditions, over the permit's 100,000 lb: argued, on the weight
    assert [r for r in exempt["v4"] if "101,700 lb" in r], exempt
