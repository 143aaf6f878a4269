"""A counting question whose open rows are alternatives (one conviction for a ride under par. (a)
alone, (b) alone or both merged, s. 350.101(1)(d)) says each alternative in its words, not 'under
any of 3 paragraphs (a, a and b, b)'; its tally says 'up to' so three open rows do not read as three
more convictions; and a proof by cases that concludes differently says what it turns on, with no
'Yes' before the answer to a which-question."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main
from reasoner.prose.answers import count_line, one_of_words

ROOT = Path(__file__).resolve().parent.parent.parent


def _ask(case: str) -> str:
    r = CliRunner().invoke(main, ["ask", str(ROOT / case), "conviction_count"])
    assert r.exit_code == 0, r.output
    return " ".join(r.output.split())


def test_open_alternatives_are_said_in_their_words_and_the_tally_says_up_to():
    out = _ask("tests/fixtures/counts17_both_verdicts_open.yaml")
    answer = out[out.index("Answer: "):out.index("Person: ")]
    # the decided row: Lee's par. (b) conviction alone, cited to par. (b)
    assert answer.startswith("Answer: Lee Ortiz has one conviction for the March 9 ride under par. (b) alone")
    assert ("Undetermined: whether Kim Novak has one conviction for the March 2 ride under par. (a) alone; both pars. "
            "(a) and (b); par. (b) alone; or none, for sentencing and for counting convictions under s. "
            "350.11(3)(a)2 and 3 (not in the excerpt), which turn on:") in answer
    assert "any of 3 paragraphs" not in answer and "(a, a and b, b)" not in answer
    assert out.endswith("Count: 1 certain, and up to 3 more undetermined")


def test_a_which_question_answered_by_cases_has_no_yes():
    out = _ask("facts/ch350_charges_verdict_undetermined.yaml")
    answer = out[out.index("Answer: "):]
    assert answer.startswith("Answer: What holds turns on whether ")
    assert "Answer: Yes" not in out
    assert "(s. 350.101(1)(d)); if not, Dale Peters has one conviction for the February 3 ride under par. (a) alone" in out
    assert out.endswith("Count: 0 certain, and up to 2 more undetermined")   # one in each case: an upper bound


def test_the_words_are_the_prose_layers():
    assert one_of_words(["the fee for the crane is $10.00", "the fee for the crane is $20.00"]) == \
        "the fee for the crane is $10.00; or $20.00"
    assert one_of_words(["a b", "c d"]) == ""   # too little shared: each said in full
    assert count_line([{"answer": "true"}, {"answer": "undetermined"}]) == "Count: 1 certain, and up to 1 more undetermined"
