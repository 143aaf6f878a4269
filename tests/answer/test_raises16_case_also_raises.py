"""What the case also raises (answer/caseraises.py; trainer review 15, 06): a livestock truck weighed
over its gross limit, asked the refusal forfeiture of s. 348.21(2)(a), is also told that s. 348.19(2)(b)
lets it go on to its destination unreloaded when that is 15 miles or less away and off the interstate
system, and what its overweight costs under s. 348.21(3); the asked answer is not changed. A weighed
vehicle was stopped and submitted to the weighing (implied, labelled), and an element the case does
not mention is never called an exception."""
import json
from pathlib import Path

from click.testing import CliRunner

from reasoner.answer.question import Question
from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
NEAR = ROOT / "tests/fixtures/raises16_stock_truck_near.yaml"
FAR = ROOT / "tests/fixtures/raises16_stock_truck_far.yaml"
INTERSTATE = ROOT / "tests/fixtures/raises16_stock_truck_interstate.yaml"
OPERATIVE = ("the traffic officer shall permit the operator of the vehicle to proceed to such destination "
             "without requiring the vehicle to be reloaded or unloaded as provided in par. (a).")


def _ask(case: Path, query: str, *more: str) -> str:
    result = CliRunner().invoke(main, ["ask", str(case), query, *more])
    assert result.exit_code in (0, 1, 2), result.output
    return result.output


def _raised(case: Path) -> dict:
    data = json.loads(_ask(case, "duty_forfeiture", "--format", "json"))
    return {r["query"]: r for r in data["raises"]}


def test_near_livestock_allowance_raised_with_its_words():
    rows = _raised(NEAR)
    proceed = rows["may_proceed"]
    assert proceed["answer"] == "true" and proceed["citation"] == "348.19(2)(b)"
    assert proceed["quote"] == OPERATIVE
    assert "The operator of the hog truck may proceed (s. 348.19(2)(b)" in proceed["sentence"]
    assert f'The statute, s. 348.19(2)(b): "{OPERATIVE}"' in proceed["sentence"]


def test_near_overweight_forfeiture_raised_with_first_conviction_assumed():
    fine = _raised(NEAR)["forfeiture"]
    # 2,400 lb over: $50-$200 + 3 cents a pound (s. 348.21(3)(b)1.b) = $122-$272, a first conviction
    assert fine["answer"] == "true" and fine["citation"].startswith("348.21(3)(b)1")
    assert [(b["Min"]["dollars"], b["Max"]["dollars"]) for b in fine["bindings"]] == [("122.00", "272.00")]
    assert "not less than $122.00 nor more than $272.00 (s. 348.21(3)(b)1)" in fine["sentence"]
    assert "Assumed (the case's facts list none)" in fine["sentence"]
    assert "the conviction for the overweight of the hog truck is a first conviction within the 12-month period" in fine["sentence"]


def test_far_and_interstate_raise_no_livestock_allowance():
    for case in (FAR, INTERSTATE):
        rows = _raised(case)
        assert "may_proceed" not in rows
        assert not any(r["citation"].startswith("348.19(2)(b)") for r in rows.values())
        assert not any("s. 348.19(2)(b) applies to" in r["sentence"] for r in rows.values())
        assert [(b["Min"]["dollars"], b["Max"]["dollars"]) for b in rows["forfeiture"]["bindings"]] == [("122.00", "272.00")]


def test_asked_answer_is_not_changed():
    from reasoner.answer.caseraises import with_raises
    q = Question.of(str(NEAR), "duty_forfeiture")
    plain = q.answer()
    shown = with_raises(q, plain)
    assert shown.raises and not plain.raises   # asked where it is shown: never by a plain answer
    assert shown.answer == plain.answer == "undetermined"
    assert shown.bindings == plain.bindings
    assert shown.argument.short == plain.argument.short
    assert "s. 348.19(2)(b)" not in shown.argument.short   # the raised provision stays out of the answer line


def test_text_says_raised_section_and_implied_submission():
    text = " ".join(_ask(NEAR, "duty_forfeiture").split())
    assert "The case also raises: - The operator of the hog truck may proceed (s. 348.19(2)(b)" in text
    assert ("Implied: the operator of the hog truck stopped and submitted the hog truck and its load to the "
            "weighing (implied by case file line 6") in text
    # the submission is no longer held open beside the weighing the case states
    assert "whether the operator of the hog truck stopped and submitted" not in text
    # s. 348.17(2) is an element of the s. 348.21(2)(a) forfeiture, not its exception
    assert "Who must raise the exception of s. 348.21(2)(a)" not in text
    assert "Who must raise an element of s. 348.21(2)(a) the case does not mention" in text


def test_handout_raises_section_and_readable_conclusion(tmp_path):
    out = tmp_path / "near.md"
    result = CliRunner().invoke(main, ["--timeout", "600", "export", str(NEAR), "duty_forfeiture", "--to", "md",
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    md = out.read_text()
    assert "**The case also raises.**" in md
    assert md.index("**The case also raises.**") < md.index("## The argument")
    assert "the hog truck and its load to the weighing — *implied*" in md
    assert "Who must raise an element of s. 348.21(2)(a) the case does not mention" in md
    assert "Who must raise the exception of s. 348.21(2)(a)" not in md
    assert "concerning the hog truck: not less than" not in md.split("**Conclusion:**", 1)[1].split("\n", 1)[0]
    assert "concerning the hog truck applies: not less than $50.00 nor more than $100.00" in md
    assert "## Also decided on the same facts" not in md or "may proceed" not in md.split(
        "## Also decided on the same facts", 1)[1].split("##", 1)[0]


def test_interstate_truck_asked_the_forfeiture_is_settled_and_asked_the_refusal_never_gets_the_allowance():
    # the forfeiture asked is found (yes): the case raises nothing more to say below it
    data = json.loads(_ask(INTERSTATE, "forfeiture", "--format", "json"))
    assert data["answer"] == "true" and data["raises"] == []
    assert [(b["Min"]["dollars"], b["Max"]["dollars"]) for b in data["bindings"]] == [("122.00", "272.00")]
    # the refusal asked is left open: the overweight forfeiture is raised, never the livestock allowance
    # that the interstate excludes (s. 348.19(2)(b), last sentence), nor its words
    data = json.loads(_ask(INTERSTATE, "duty_forfeiture", "--format", "json"))
    assert data["answer"] == "undetermined"
    rows = {r["query"]: r for r in data["raises"]}
    assert set(rows) == {"forfeiture"}
    assert rows["forfeiture"]["sentence"].startswith("The forfeiture under s. 348.21 for the weight violation of "
                                                     "the hog truck: not less than $122.00 nor more than $272.00")
    assert all(OPERATIVE not in r["sentence"] and r["quote"] != OPERATIVE and "348.19(2)(b)" not in r["cited"]
               for r in data["raises"])
