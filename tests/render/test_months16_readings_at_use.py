"""Trainer review 11, G4: a reading that decides an element, an exception or an amount is said at the
line where it is used ('(our reading: ...)'), and the Answer names it. The four places the review
found: the posted limit that s. 348.21(2)(b) does not name (its own fixture), the frozen lake of
s. 350.03(2)(b), the fees of s. 348.25(8)(a) added up, and the forest-products excuse read into
s. 348.19(3)."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _md(case: Path, query: str) -> str:
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "h.md"
        result = CliRunner().invoke(main, ["export", str(case), query, "--to", "md", "-o", str(out)])
        assert result.exit_code in (0, 1, 2), result.output
        return out.read_text(encoding="utf-8")


def _answer(md: str) -> str:
    return md.split("**Answer.**")[1].split("\n")[0].strip()


def test_the_posted_limit_line_says_the_reading_that_refuses_the_reload():
    md = _md(ROOT / "tests/fixtures/months16_posted_reload.yaml", "forfeiture")
    assert ("s. 348.21(2)(b) does not name a limit posted as provided in s. 348.17(1) among the limits whose excess "
            "may be reloaded (our reading: only the limits s. 348.21(2)(b) names can be reloaded under it, and a "
            "posted limit is not among them)") in md
    answer = _answer(md)
    assert "not less than $50.00 nor more than $100.00 (s. 348.21(3)(a))" in answer
    assert "the propane dealer" in answer and "s. 348.21(2)(b))" not in answer.split("This answer")[0]
    assert ("This answer rests on our reading: only the limits s. 348.21(2)(b) names can be reloaded under it, and a "
            "posted limit is not among them.") in answer


def test_a_statutory_limit_reloaded_says_no_such_reading_at_its_line():
    text = (ROOT / "tests/fixtures/months16_posted_reload.yaml").read_text().replace(
        "weight_limit_source: posted", "weight_limit_source: statute_declaration_or_permit").replace(
        "reloaded_within_limits: false", "reloaded_within_limits: true")
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        case = Path(d) / "statutory.yaml"
        case.write_text(text)
        md = _md(case, "forfeiture")
    assert _answer(md).startswith("No forfeiture under s. 348.21 for the weight violation of the propane truck may be "
                                  "imposed (s. 348.21(2)(b)).")
    assert "a posted limit is not among them)" not in md and "This answer rests on our reading" not in md


def test_the_race_on_a_frozen_lake_says_the_reading_of_public_land():
    md = _md(ROOT / "facts/ch350_race_frozen_lake.yaml", "lawful")
    assert ("- a marked sanctioned race on frozen public waters is not excepted from s. 350.03(1) (our reading: the "
            "frozen surface of public waters is not public land, so a race on it gets no exception under (2)(b))") in md
    answer = _answer(md)
    assert "Casey Larson (the operator) violated s. 350.03(1)" in answer and "s. 350.10(1)(i)" in answer
    assert "s. 350.03(2)(b)" not in answer.split("This answer")[0]
    assert answer.endswith("This answer rests on our reading: the frozen surface of public waters is not public "
                           "land, so a race on it gets no exception under (2)(b).")


def test_the_fees_added_up_say_the_reading_in_the_arithmetic_and_the_answer():
    md = _md(ROOT / "facts/ch348_combine_permit_two_implements.yaml", "permit_fee")
    assert ("- the fee for the combine-move permit is $15.00 + $20.00 = $35.00 (our reading: the fees for "
            "separate grounds add up)") in md
    assert _answer(md) == ("The fee for the combine-move permit is $35.00 (s. 348.25(8)(a)). This answer rests on our "
                           "reading: the fees for separate grounds add up.")
    assert "s. 348.25(8)(b)" not in _answer(md)


def test_an_exception_read_into_a_rule_is_labelled_only_where_it_applies():
    md = _md(ROOT / "facts/ch348_refused_scale_repeat.yaml", "duty_forfeiture")   # a tanker: the excuse fails
    assert "excuses declining the direction under sub. (3))" not in md and "This answer rests on" not in md
    assert "the tanker is not required to proceed to a scale more than one mile from the point of apprehension — " \
           "**the exception does not apply**" in md
