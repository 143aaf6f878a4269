"""A forfeiture that turns on the unknown date of an earlier conviction is argued once per result:
'12 months or less' ($100 to $200, a 2nd conviction within the 12-month period, s. 348.21(2)(a) and
(4)) and 'more than 12 months' ($50 to $100, a first conviction), never 'below 12' and '12' (both
$100 to $200) while the $50 to $100 case goes unargued (trainer review 11, 12). The tool's phrases
the trainer struck are said in plain words."""
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.explain.argument import build_argument
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASE = str(ROOT / "tests/fixtures/sides15_refused_scale_prior_undated.yaml")


def _cases(arg):
    return [(p.case, p.citation, p.conclusion) for p in arg.provisions if p.case]


def test_each_different_result_argued_once_with_its_condition():
    arg = build_argument(ask(CASE, "duty_forfeiture"))
    cases = _cases(arg)
    assert len(cases) == 2
    (within, cited1, said1), (beyond, cited2, said2) = cases
    assert cited1 == cited2 == "348.21(2)(a)"
    months = "if the number of months from earlier (original judgment, forfeiture of deposit or payment) to " \
             "the current conviction is "
    assert within.startswith(months + "12 months or less (the same result follows ")
    assert "not less than $100.00 nor more than $200.00" in said1 and "imposed on tanker_driver" in said1
    assert beyond.startswith(months + "more than 12 months")
    assert "not less than $50.00 nor more than $100.00" in said2 and "imposed on tanker_driver" in said2
    # the other way to $100-$200 (affirmed on appeal within 12 months) is named, not argued again
    assert "(the same result follows " + months + "more than 12 months and if the judgment in earlier was " \
           "affirmed by an appellate court and if the number of months from the appellate affirmance of earlier " \
           "to the current conviction is 12 months or less)" in within
    assert not any("is below 12" in c or "is above 12" in c or c.endswith(" is 12") for c, _, _ in cases)


def test_handout_says_the_supposed_fact_by_its_condition_in_plain_words(tmp_path):
    out = tmp_path / "h.md"
    CliRunner().invoke(main, ["export", CASE, "duty_forfeiture", "--to", "md", "-o", str(out)])
    text = " ".join(out.read_text().split())
    assert "- the number of months from the earlier conviction (original judgment, forfeiture of deposit or " \
           "payment) to the current conviction — *not stated; each possibility is argued below*" in text
    assert "the number of months from the earlier conviction to the current conviction is 12 months or less " \
           "— **met** (supposed here: the case does not state it)" in text
    assert "is 11 months" not in text
    for struck in ("argued both ways", "as this case takes it", "established case by case", "taken as not so",
                   "mitigating regime"):
        assert struck not in text
    assert "not less than $50.00 nor more than $100.00, imposed on the tanker's driver (the operator)." in text
