"""A fact of a closed set of words the case leaves unstated, said in its own sentence with the rule
file's phrase for each word: 'if the conviction 6 months earlier ended in a certificate of
conviction', and the words no rule tests together ('... ended in an acquittal, a dismissal or some
other outcome'), never 'ended in unknown is another word' or 'is deposit_forfeited' (review 15's
case writer)."""
import textwrap

from reasoner.answer.answering import ask

CASE = """\
entities:
  tanker:
    type: vehicle
    weighed: true
    found_weight_lb: 83200
    max_weight_lb: 80000
  open_charge:
    type: prior_conviction
    prior_of: tanker
    prior_under: s3
    months_since_prior: 4
"""


def test_an_unstated_ending_of_a_prior_is_said_in_words(tmp_path):
    case = tmp_path / "ending.yaml"
    case.write_text(textwrap.dedent(CASE), encoding="utf-8")
    a = ask(str(case), "forfeiture")
    text = " ".join(a.argument_text().split())
    assert "open_charge ended in an acquittal, a dismissal or some other outcome" in text
    # the four words that count as a conviction give one result: one case, the words said together
    assert ("If open_charge ended in a certificate of conviction, the forfeiture of a deposit, the payment of a "
            "forfeiture or a court judgment") in text
    for code in ("another word", "deposit_forfeited", "forfeiture_paid", "ended in unknown"):
        assert code not in text, code
    # 3,200 lb excess: first conviction (3)(b)1.c 5 cents = $160 + $50..$200; second (3)(b)2.c 8 cents = $256 + $100..$300
    short = " ".join(a.argument.short.split())
    assert "not less than $210.00 nor more than $360.00 (s. 348.21(3)(b)1)" in short
    assert "not less than $356.00 nor more than $556.00 (s. 348.21(3)(b)2)" in short
    # the cases argue each range with what it turns on: no 'can be computed' line below contradicts them
    assert "can be computed" not in text and "disposition word" not in text
    assert "the answer depends on what open_charge ended in" in text.lower()
