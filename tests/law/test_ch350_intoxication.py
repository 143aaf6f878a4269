"""s. 350.101(1): intoxicated snowmobiling (a)-(c) and related charges (d) (focus)."""
import pytest

from reasoner.answer.answering import ask
from reasoner.core.errors import CaseError
from test_ch350_support import case, charge, charges_case, check, stating

PA, PB, PC, PD = ("350.101(1)(a)", "350.101(1)(b)", "350.101(1)(c)", "350.101(1)(d)")


def drinking(age, bac, **op):
    return case(op=dict(alcohol_concentration=bac, **op), operator={"age": age})


def certain(res):
    return {b["P"] for b in res.bindings if b["answer"] == "true"}


# -- (a) under the influence to a degree rendering the operator incapable ---------------------

def test_a_needs_both_elements():
    c = case(op={"under_influence_of_intoxicant": True, "incapable_of_safe_operation": True})
    check(c, f'violation(op1, "{PA}")', "true", cited=[PA], not_cited=[PB, PC])
    c = case(op={"under_influence_of_intoxicant": True, "incapable_of_safe_operation": False})
    check(c, f'violation(op1, "{PA}")', "false", not_cited=[PA], checked=[PA])
    # incapacity caused by an intoxicant without its influence is no world a case can state (the
    # law's @implies): refused with both lines; the influence without incapacity is the FALSE above
    c = case(op={"under_influence_of_intoxicant": False, "incapable_of_safe_operation": True})
    with pytest.raises(CaseError, match=r"incapable_of_safe_operation: true \(line \d+\) and "
                                        r"under_influence_of_intoxicant: false \(line \d+\) cannot both hold"):
        ask(c, f'violation(op1, "{PA}")')
    # stated incapable, the influence left out: implied, never asked for
    c = case(op={"under_influence_of_intoxicant": None, "incapable_of_safe_operation": True})
    res = check(c, f'violation(op1, "{PA}")', "true", cited=[PA])
    assert not res.missing


# -- (b) 0.1 or more; (c) under 19, more than 0.0 but not more than 0.1 ----------------------

# -- (d) each requires proof of a fact the other does not: derived from the elements ----------

# -- (d) joinder -------------------------------------------------------------------------------

def test_charges_under_a_and_b_from_same_incident_are_joined():
    c = charges_case(charge("d1", "i1", "a"), charge("d1", "i1", "b"))
    res = check(c, "offenses_joined(c1, c2)", "true", cited=[PD])
    assert "Charges under pars. (a) and (b) are joined" in res.text()
    res = check(c, "joinder", "true", cited=[PD])
    assert [(b["A"], b["B"]) for b in res.bindings] == [("c1", "c2")]


def _incident_unknown():
    b = charge("d1", "i1", "b")
    del b["charge_incident"]
    return charges_case(charge("d1", "i1", "a"), b)


# -- (d) single conviction; counting under 350.11(3)(a)2 and 3 --------------------------------

def counted(c):
    res = ask(c, "conviction_count")
    return res, sorted((b["Person"], b["Incident"], b["Paragraph"], b["answer"]) for b in res.bindings)


def test_guilty_of_a_and_b_same_incident_is_one_conviction():
    c = charges_case(charge("d1", "i1", "a", True), charge("d1", "i1", "b", True))
    res, rows = counted(c)
    assert res.answer == "true" and PD in res.cited
    assert rows == [("d1", "i1", "a_and_b", "true")]
    check(c, "single_conviction(d1, i1)", "true", cited=[PD])
    # (a) does not count on its own: the finding under (b) for the same incident defeats it
    res = check(c, "counted_conviction(d1, i1, a)", "false", cited=["350.101(1)(b)"])
    assert "guilty_under(d1, i1, b) is TRUE" in res.text()




def test_a_single_finding_is_not_counted_under_par_d():
    # par. (d)'s single-conviction sentence needs findings under both pars. (a) and (b); one finding is
    # one conviction because it is the only one, so the answer cites the paragraph found, never (d)
    c = charges_case(charge("d1", "i1", "a", True), charge("d1", "i1", "b", False))
    res, rows = counted(c)
    assert res.answer == "true" and rows == [("d1", "i1", "a", "true")]
    assert "350.101(1)(a)" in res.cited and PD not in res.cited
    assert "par. (d)'s single-conviction sentence is not reached" in res.text()


def test_the_counted_paragraph_reads_in_words_never_any_value():
    # it read 'a single conviction of any person for any incident (any value) counts ...'
    c = charges_case(charge("d1", "i1", "a", True), charge("d1", "i1", "b", False))
    res, _ = counted(c)
    text = res.text()
    assert "under par. (a) alone" in text and "any value" not in text and "(a) counts" not in text
