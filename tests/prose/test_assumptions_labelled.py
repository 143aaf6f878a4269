"""Every assumption is labelled in the sentence that uses it: a weight limit the case gives because
ss. 348.15 to 348.17 are not in the excerpt; the penalty section s. 350.11, not in the excerpt, where
a snowmobile answer counts convictions for it; a presumed fact said as presumed, never as a fact."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _ask(case, query, *extra):
    run = CliRunner().invoke(main, ["ask", str(case), query, *extra])
    assert run.exit_code == 0, run.output
    return " ".join(run.output.split())


def test_the_weight_limit_is_labelled_as_from_the_case():
    said = _ask(ROOT / "facts/ch348_gravel_truck_repeat_offense.yaml", "forfeiture")
    assert "not less than $604.00 nor more than $804.00 (s. 348.21(3)(b)2)" in said and "s. 348.21(3)(b)2.d" in said
    # (3)(b)1 only as the range if this case's conviction comes after the 12 months (months16b: the
    # assumption said below the answer and in the Conclusion), never as the paragraph applied
    assert said.count("s. 348.21(3)(b)1") == said.count("otherwise $386.00 to $536.00 (s. 348.21(3)(b)1)") == 2
    assert ("under s. 348.15, 348.16 or 348.17 or a posted limit or declaration, not counting any permit "
            "(from the case: those sections are not in the excerpt) is 54,000 lb — met") in said


def test_the_penalty_section_350_11_is_said_to_be_outside_the_excerpt():
    said = _ask(ROOT / "facts/ch350_charges_same_incident.yaml", "conviction_count")
    assert "Dale Peters" in said and "s. 350.101(1)(d)" in said
    assert ("Dale Peters has one conviction for the February 3 ride under both pars. (a) and (b), for sentencing "
            "and for counting convictions under s. 350.11(3)(a)2 and 3 (not in the excerpt)") in said


def test_a_presumed_fact_reads_as_presumed(tmp_path):
    # the night-direction case without its line on public utility work: the case is silent on it
    lines = (ROOT / "facts/ch350_night_direction_unlawful.yaml").read_text(encoding="utf-8").splitlines()
    case = tmp_path / "silent.yaml"
    case.write_text("\n".join(x for x in lines if "public_utility_function" not in x) + "\n", encoding="utf-8")
    said = _ask(case, "lawful")
    assert "Verdict: FALSE" in said and "s. 350.02(2)(b)4" in said
    assert ("s. 350.045: the ride was public utility work where safety did not require strict adherence to the general snowmobile regulations — "
            "assumed not to apply, because the case's facts do not mention it") in said
    assert "because the ride was not carried out" not in said


def test_a_reading_that_would_change_the_answer_is_said_in_the_answer():
    # the trail exception of s. 350.02(2)(b)4 read without the missing 4.b: lawful; read as needing
    # it, open. The answer says so where it says lawful, not only in the readings at the end
    from reasoner.answer.answering import ask
    a = ask(str(ROOT / "facts/ch350_night_direction_lawful.yaml"), "lawful")
    short = " ".join(a.argument.short.split())
    assert a.answer == "true" and short.startswith("The ride violated no provision of the ch. 350 excerpt")
    assert ("This answer turns on the reading of “unless: a. ... ; and [b. is not in the excerpt] c. ...” "
            "(s. 350.02(2)(b)4). Read otherwise (the missing 4.b adds a condition to the trail exception), it would be "
            "undetermined.") in short
    # an answer no other reading changes says nothing of the kind
    b = ask(str(ROOT / "facts/ch350_night_direction_unlawful.yaml"), "lawful")
    assert b.answer == "false" and "turns on the reading" not in b.argument.short
