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


def test_a_incapacity_unknown_is_undetermined():
    c = case(op={"under_influence_of_intoxicant": True, "incapable_of_safe_operation": None})
    check(c, f'violation(op1, "{PA}")', "undetermined", cited=[PA],
          missing=["whether the intoxicant rendered the operator of op1 incapable of safe "
                   "snowmobile operation"])
    check(stating(c, incapable_of_safe_operation=True), f'violation(op1, "{PA}")', "true", cited=[PA])
    check(stating(c, incapable_of_safe_operation=False), f'violation(op1, "{PA}")', "false",
          checked=[PA])


# -- (b) 0.1 or more; (c) under 19, more than 0.0 but not more than 0.1 ----------------------

@pytest.mark.parametrize("age, bac, expected", [
    (35, "0.099", set()),
    (35, "0.1", {PB}),
    (35, "0.12", {PB}),
    (35, "0.05", set()),
    (18, "0.0", set()),
    (18, "0.001", {PC}),
    (18, "0.05", {PC}),
    (18, "0.099", {PC}),
    (18, "0.1", {PB, PC}),       # exactly 0.1 under 19: both (b) and (c)
    (18, "0.11", {PB}),
    (19, "0.05", set()),         # 19 has attained the age of 19
    (19, "0.1", {PB}),
    (20, "0.05", set()),
    (16, "0.02", {PC}),
])
def test_alcohol_concentration_thresholds(age, bac, expected):
    c = drinking(age, float(bac))
    res = ask(c, "violation(op1, P)")
    assert certain(res) == expected, res.text()
    assert {PB, PC} & res.cited == expected
    check(c, "lawful(op1)", "false" if expected else "true",
          not_cited=[PA] + sorted({PB, PC} - expected))


def test_under_19_reading_is_shown():
    c = drinking(18, 0.05)
    check(c, f'violation(op1, "{PC}")', "true", cited=[PC],
          readings=["has not attained the age of 19: 18 or younger in whole years."])


def test_concentration_unknown_is_undetermined():
    c = drinking(30, None)
    check(c, f'violation(op1, "{PB}")', "undetermined", cited=[PB],
          missing=["the alcohol concentration of the operator during op1"])
    c = drinking(30, 0.04)
    check(c, f'violation(op1, "{PB}")', "false", checked=[PB])


def test_age_unknown_with_low_concentration_is_undetermined_for_c_only():
    c = drinking(None, 0.05)
    check(c, f'violation(op1, "{PC}")', "undetermined", cited=[PC],
          missing=["the age in years of p1"])
    check(stating(c, "p1", age=18), f'violation(op1, "{PC}")', "true", cited=[PC])
    check(stating(c, "p1", age=19), f'violation(op1, "{PC}")', "false", checked=[PC])
    check(c, f'violation(op1, "{PB}")', "false", checked=[PB])


# -- (d) each requires proof of a fact the other does not: derived from the elements ----------

def test_each_paragraph_requires_a_fact_the_other_does_not():
    c = case()
    check(c, "each_requires_fact_the_other_does_not(a, b)", "true", cited=[PD, PA, PB])
    check(c, "each_requires_fact_the_other_does_not(b, a)", "true", cited=[PD])
    check(c, "each_requires_fact_the_other_does_not(a, a)", "false", not_cited=[PD])
    res = check(c, "requires_fact_not_required_by(a, b, E)", "true", cited=[PD])
    assert [b["E"] for b in res.bindings] == [
        "influence_of_an_intoxicant_rendering_the_operator_incapable_of_safe_operation"]
    res = check(c, "requires_fact_not_required_by(b, a, E)", "true", cited=[PD])
    assert [b["E"] for b in res.bindings] == ["alcohol_concentration_of_0_1_or_more"]
    # the shared element (operation of a snowmobile) is not a distinguishing fact
    check(c, "requires_fact_not_required_by(a, b, operation_of_a_snowmobile)", "false",
          not_cited=[PD])


# -- (d) joinder -------------------------------------------------------------------------------

def test_charges_under_a_and_b_from_same_incident_are_joined():
    c = charges_case(charge("d1", "i1", "a"), charge("d1", "i1", "b"))
    res = check(c, "offenses_joined(c1, c2)", "true", cited=[PD])
    assert "Charges under pars. (a) and (b) are joined" in res.text()
    res = check(c, "joinder", "true", cited=[PD])
    assert [(b["A"], b["B"]) for b in res.bindings] == [("c1", "c2")]


def test_charges_from_different_incidents_are_not_joined():
    c = charges_case(charge("d1", "i1", "a"), charge("d1", "i2", "b"), incidents=("i1", "i2"))
    check(c, "offenses_joined(c1, c2)", "false", not_cited=[PD], checked=[PD])
    check(c, "joinder", "false", not_cited=[PD])


def test_charges_against_different_persons_are_not_joined():
    c = charges_case(charge("d1", "i1", "a"), charge("d2", "i1", "b"), persons=("d1", "d2"))
    check(c, "joinder", "false", not_cited=[PD])


def test_a_and_c_charges_are_not_joined_by_d():
    c = charges_case(charge("d1", "i1", "a"), charge("d1", "i1", "c"))
    check(c, "joinder", "false", not_cited=[PD])


def _incident_unknown():
    b = charge("d1", "i1", "b")
    del b["charge_incident"]
    return charges_case(charge("d1", "i1", "a"), b)


def test_joinder_incident_unknown_is_undetermined():
    check(_incident_unknown(), "offenses_joined(c1, c2)", "undetermined", cited=[PD])
    check(charges_case(charge("d1", "i1", "a"), charge("d1", "i1", "b")),
          "offenses_joined(c1, c2)", "true", cited=[PD])


def test_joinder_incident_unknown_names_the_missing_fact():
    check(_incident_unknown(), "offenses_joined(c1, c2)", "undetermined", cited=[PD],
          missing=["the incident or occurrence out of which c2 arises"])


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
    # (a) does not count on its own: the finding under (b) for the same incident (a (d) rule) defeats it
    res = check(c, "counted_conviction(d1, i1, a)", "false", cited=[PD])
    assert "guilty_under(d1, i1, b) is TRUE" in res.text()


def test_guilty_of_a_and_b_in_different_incidents_counts_twice():
    c = charges_case(charge("d1", "i1", "a", True), charge("d1", "i2", "b", True),
                     incidents=("i1", "i2"))
    res, rows = counted(c)
    assert rows == [("d1", "i1", "a", "true"), ("d1", "i2", "b", "true")]
    check(c, "single_conviction(d1, i1)", "false", not_cited=[PD])


def test_guilty_of_one_paragraph_only():
    c = charges_case(charge("d1", "i1", "a", True), charge("d1", "i1", "b", False))
    res, rows = counted(c)
    assert rows == [("d1", "i1", "a", "true")]
    check(c, "single_conviction(d1, i1)", "false", not_cited=[PD])
    check(c, "offenses_joined(c1, c2)", "true", cited=[PD])   # joined, even though (b) failed


def test_no_finding_of_guilt_counts_nothing():
    c = charges_case(charge("d1", "i1", "a", False), charge("d1", "i1", "b", False))
    res, rows = counted(c)
    assert res.answer == "false" and rows == [] and PD not in res.cited


def test_verdict_unknown_leaves_the_count_undetermined():
    c = charges_case(charge("d1", "i1", "a", True), charge("d1", "i1", "b"))
    res, rows = counted(c)
    # exact answer: one conviction counts whatever the verdict on c2 (true in every completion);
    # whether it is for par. (a) alone or for (a) and (b) is what stays open
    assert res.answer == "true"
    assert {r[2] for r in rows} == {"a", "a_and_b"} and all(r[3] == "undetermined" for r in rows)
    assert "whether the person charged in c2 was found guilty" in res.missing
    # stating the verdict resolves it either way
    _, rows = counted(charges_case(charge("d1", "i1", "a", True), charge("d1", "i1", "b", True)))
    assert rows == [("d1", "i1", "a_and_b", "true")]
    _, rows = counted(charges_case(charge("d1", "i1", "a", True), charge("d1", "i1", "b", False)))
    assert rows == [("d1", "i1", "a", "true")]


def test_c_convictions_are_not_counted_here():
    c = charges_case(charge("d1", "i1", "c", True))
    res, rows = counted(c)
    assert res.answer == "false" and rows == []
