"""A vehicle with two priors, one whose months the case does not state: the priors are ordered with
the unstated month last (the sort compared a number with the unknown and the ask stopped with an
internal error), and the answer depends on that month, both ranges given."""
import textwrap

from reasoner.answer.answering import ask

CASE = """\
entities:
  rig:
    type: vehicle
    weighed: true
    found_weight_lb: 84600
    max_weight_lb: 80000
  dated:
    type: prior_conviction
    prior_of: rig
    prior_under: s3
    prior_disposition: forfeiture_paid
    months_since_prior: 13
  undated:
    type: prior_conviction
    prior_of: rig
    prior_under: s3
    prior_disposition: judgment
"""


def test_a_prior_without_its_months_is_ordered_last_and_the_answer_turns_on_it(tmp_path):
    case = tmp_path / "priors.yaml"
    case.write_text(textwrap.dedent(CASE), encoding="utf-8")
    a = ask(str(case), "forfeiture")
    assert a.answer == "true"   # a forfeiture is owed either way; its range turns on the month
    short = " ".join(a.argument.short.split())
    # 4,600 lb excess: (3)(b)1.d 8 cents = $368 + $50..$200 first; (3)(b)2.d 12 cents = $552 + $100..$300 second
    assert "not less than $418.00 nor more than $568.00 (s. 348.21(3)(b)1)" in short
    assert "not less than $652.00 nor more than $852.00 (s. 348.21(3)(b)2)" in short
    text = a.argument_text()
    assert "internal error" not in text
