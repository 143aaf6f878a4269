"""s. 350.101(1)(d): how the answer words the joinder of charges and the counting of convictions.
The outcomes (violations of (a)-(c), joinder, the convictions counted) are YAML law tests:
reasoner/law/tests/ch350_intoxication_outcomes.yaml and ch350_elements_outcomes.yaml."""
from reasoner.answer.answering import ask
from test_ch350_support import charge, charges_case


def test_charges_under_a_and_b_from_same_incident_are_joined():
    c = charges_case(charge("d1", "i1", "a"), charge("d1", "i1", "b"))
    assert "Charges under pars. (a) and (b) are joined" in ask(c, "offenses_joined(c1, c2)").text()


def test_a_single_finding_is_not_counted_under_par_d():
    # par. (d)'s single-conviction sentence needs findings under both pars. (a) and (b); one finding is
    # one conviction because it is the only one, so the answer says (d) is not reached
    c = charges_case(charge("d1", "i1", "a", True), charge("d1", "i1", "b", False))
    assert "par. (d)'s single-conviction sentence is not reached" in ask(c, "conviction_count").text()


def test_the_counted_paragraph_reads_in_words_never_any_value():
    # it read 'a single conviction of any person for any incident (any value) counts ...'
    c = charges_case(charge("d1", "i1", "a", True), charge("d1", "i1", "b", False))
    text = ask(c, "conviction_count").text()
    assert "under par. (a) alone" in text and "any value" not in text and "(a) counts" not in text
