"""A proof by cases (an answer the exact split decides, docs/EXACT.md) argues each case, says what
differs between them, and states the references the case cannot fill instead of splitting on them.
Before: 'No: it does not follow that whatever the person holding the authority ... is.' over an
empty 'the answer is the same:', and 'Yes: whether or not ..., the answer is the same' where the
convictions that count differ by case."""
import json
from pathlib import Path

from click.testing import CliRunner

from reasoner.answer.answering import ask
from reasoner.cli import main

FACTS = Path(__file__).resolve().parents[2] / "facts"


def test_a_case_that_names_no_carrier_says_so_and_argues_one_proof():
    a = ask(str(FACTS / "ch348_cattle_near_home.yaml"), "prosecute")
    assert a.answer == "false" and a.exact
    arg = a.argument
    assert arg.short.endswith(": the case names no carrier.")
    assert not arg.cases, "filling the references first decides it: no split on facts that then do not matter"
    assert [p.citation for p in arg.provisions] == ["348.20(1)"]
    assert arg.readings[0].startswith("The case names no carrier, so none of these is one of its entities: "
                                      "the person holding the authority")
    text = a.argument_text()
    assert "whatever" not in text.lower() and "the answer is the same" not in text
    data = json.loads(CliRunner().invoke(main, ["ask", str(FACTS / "ch348_cattle_near_home.yaml"), "prosecute",
                                                "--format", "json"]).output)
    assert data["answer"] == "false" and "the case names no carrier" in data["sentence"]
    assert any(r.startswith("The case names no carrier") for r in data["argument"]["readings"])


def test_a_named_carrier_is_judged_not_assumed_away(tmp_path):
    case = (FACTS / "ch348_cattle_near_home.yaml").read_text(encoding="utf-8")
    case = case.replace("    load_adjusted_to_comply: false\n",
                        "    load_adjusted_to_comply: false\n    authority_holder: ranch\n", 1)
    case += "  ranch:\n    type: carrier\n"
    path = tmp_path / "named.yaml"
    path.write_text(case, encoding="utf-8")
    a = ask(str(path), "prosecute")
    assert a.answer == "true" and {"V": "cattle_trailer", "C": "ranch"} in [
        {k: v for k, v in b.items() if k != "answer"} for b in a.bindings]
    assert "names no carrier" not in a.argument_text()


def test_cases_that_conclude_differently_are_said_case_by_case():
    a = ask(str(FACTS / "ch350_charges_verdict_undetermined.yaml"), "conviction_count")
    assert a.answer == "true"
    arg = a.argument
    # 'which convictions count?' is no yes/no question: no 'Yes' before what holds in each case
    assert arg.short.startswith("What holds turns on whether Dale Peters was found guilty on count 2: if so, "
                                "Dale Peters has one conviction for the February 3 ride under both pars. (a) and (b),")
    assert "Yes" not in arg.short
    # if not, the one finding under par. (a) is not a par. (d) conviction: it cites par. (a)
    assert ("; if not, Dale Peters has one conviction for the February 3 ride under par. (a) alone, for sentencing "
            "and for counting convictions under s. 350.11(3)(a)2 and 3 (not in the excerpt) (s. 350.101(1)(a), (d))") in arg.short
    assert "(s. 350.101(1)(d)); if not" in arg.short and "(a) alone, for sentencing and for counting convictions under " \
        "s. 350.11(3)(a)2 and 3 (not in the excerpt) (s. 350.101(1)(d))" not in arg.short
    assert "Undetermined:" not in arg.short   # the cases say what it turns on; the rows are not said again
    assert arg.cases == ("the answer depends on whether Dale Peters was found guilty on count 2; "
                         "each possible result is argued")
    assert [p.case for p in arg.provisions] == ["if Dale Peters was found guilty on count 2",
                                                "if Dale Peters was not found guilty on count 2"]
    assert "the answer is the same" not in a.argument_text()


def test_many_cases_that_differ_in_an_amount_read_as_one_of_the_amounts():
    a = ask(str(FACTS / "ch348_crane_over_permit_weight.yaml"), "permit_fee")
    assert a.answer == "true" and sorted({b["Fee"] for b in a.bindings}) == [35000, 41000, 44000, 50000]
    assert a.argument.short.startswith(
        "The fee for the crane permit is $350.00, $410.00, $440.00 or $500.00 (s. 348.25(8)(b)), depending on "
        "whether the vehicle or combination under the crane permit exceeds length limitations")
    arg = a.argument
    assert arg.cases.startswith("the answer depends on how the 3 facts the case leaves unstated turn out;")
    assert arg.provisions and all(p.citation.startswith("348.25(8)") for p in arg.provisions)


def test_the_same_entity_in_two_roles_says_which_roles_and_a_reference_to_no_one_reads_as_such():
    # s. 350.08: an owner who operates the snowmobile personally permits no one (P != D)
    a = ask(str(FACTS / "ch350_report_dwelling_night.yaml"), "owner_liable")
    flat = " ".join(a.argument_text().split())
    assert ("the owner or other person having charge or control of the snowmobile and the operator of "
            "the ride are one person, Riley Kowalski, not two different persons — not met") in flat
    assert "If there is no owner or other person having charge or control of the snowmobile used in the ride:" in flat
    assert "Riley Kowalski and Riley Kowalski" not in flat and " is none:" not in flat


def test_a_fact_a_case_takes_is_said_as_taken_not_as_silence_and_boxed_once():
    # Dale's count 2 verdict is unknown; the answer argues both ways. In the 'if not' case the verdict
    # read '— not met (the case is silent: taken as not so)', and the facts box called it assumed
    from reasoner.answer.answering import ask
    from reasoner.render.handout import facts_box
    a = ask(str(FACTS / "ch350_charges_verdict_undetermined.yaml"), "conviction_count")
    text = a.argument_text()
    assert a.answer == "true"
    assert "Dale Peters was found guilty on count 2 — met (supposed here: the case does not state it)" in " ".join(text.split())
    # the 'if not' case argues under par. (a), par. (d)'s single conviction its exception (joinder17)
    assert "Dale Peters was found guilty on count 2 — not met (supposed here: the case does not state it)" in " ".join(text.split())
    assert "count 2 was found guilty — not met (the case is silent" not in " ".join(text.split())
    box = [(b.text, b.how) for b in facts_box(a.argument, [])]
    assert box.count(("Dale Peters was found guilty on count 2", "open")) == 1
    assert not any("count 2" in t and how == "assumed" for t, how in box)


def test_an_element_naming_the_offender_in_the_role_the_answer_names_is_not_repeated():
    # it read '1. the operator of the operation is the 11-year-old — met' under an answer that says
    # 'the 11-year-old (the operator) violated s. 350.05(1)'; the fact stays among the facts used
    a = ask(str(FACTS / "ch350_youth_under_12_unaccompanied.yaml"), "lawful")
    assert a.answer == "false" and "350.05(1)" in a.cited
    p = next(p for p in a.argument.provisions if p.citation == "350.05(1)")
    lines = [e.text for e in p.elements]
    assert p.offender_role == "operator" and lines and not any(t.startswith("the operator of ") for t in lines)
    assert any(f[0] == "the operator of the ride is Jamie Olson" for f in a.argument.facts)
