"""Trainer review 8, change 5 (several vehicles): a further vehicle's section says what is its own --
its excess worked out in its arithmetic, its priors counted and not counted with why, its bracket and
amount -- not the chain to the excess again (the weight found and the maximum, which its arithmetic
shows), and a prior not counted in one line giving why, not its chain of unmet elements."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main
from reasoner.prose.argument import none_of

ROOT = Path(__file__).resolve().parents[2]
HARVEST = "tests/fixtures/review8_names10_ch348_harvest_week_county_scale.yaml"


def _run(*args):
    run = CliRunner().invoke(main, list(args))
    assert run.exit_code == 0, run.output
    return run.output


def _md(tmp_path, case, query):
    out = tmp_path / "h.md"
    _run("export", str(ROOT / case), query, "--to", "md", "-o", str(out))
    return out.read_text()


def _section(argument, head, nxt=None):
    start = argument.index(head)
    end = argument.index(nxt, start) if nxt else len(argument)
    return argument[start:end]


def test_the_answer_of_the_harvest_week_case_is_the_statute_s():
    said = " ".join(_run("ask", str(ROOT / HARVEST), "forfeiture").split())
    for amount in ("not less than $410.00 nor more than $560.00 (s. 348.21(3)(b)1)",
                   "not less than $136.00 nor more than $336.00 (s. 348.21(3)(b)2)",
                   "not less than $310.00 nor more than $410.00 (s. 348.21(3g)(a))",
                   "not less than $50.00 nor more than $100.00 (s. 348.21(3)(a))",
                   "not less than $1,216.00 nor more than $1,416.00 (s. 348.21(3)(b)2)"):
        assert amount in said
    assert "348.21(3)(b)3" not in said and "348.21(3g)(b)" not in said   # no third-conviction bracket


def test_a_further_vehicle_does_not_argue_again_the_chain_its_arithmetic_shows(tmp_path):
    text = _md(tmp_path, HARVEST, "forfeiture")
    argument = text[text.index("## The argument"):text.index("## Our readings")]
    # the vehicles are argued in the order of the table of parties (trainer review 11, G7): the first
    # argued (the grain cart) keeps its chain in full; the feed truck, argued last, does not
    cart = argument[:argument.index("The milk tanker: only")]
    assert "is 24,500 lb, which is more than 23,000 lb — **met**" in cart
    assert argument.count("exceeded the weight limitation applicable to it") == 1   # the grain cart's only
    gravel = _section(argument, "The gravel truck: only", "feed truck: only")
    # its excess, bracket, arithmetic and amount stay
    assert "the total excess load of the gravel truck is 900 lb, which is at most 1,000 lb — **met**" in gravel
    assert "the total excess load of the gravel truck is 34,900 lb - 34,000 lb = 900 lb" in gravel
    assert ("not less than $50.00 nor more than $100.00, imposed on the operator of the gravel truck, not named in the "
            "case; to be prosecuted, where practicable, against the gravel "
            "truck's driver under s. 348.20(1)") in " ".join(gravel.split())
    assert "the gravel truck exceeded the weight limitation" not in gravel
    assert "34,900 lb, which is more than 34,000 lb" not in gravel
    milk = _section(argument, "The milk tanker: only", "The log truck: only")
    assert "81,800 lb, which is more than 80,000 lb" not in milk
    assert "81,800 lb - 80,000 lb = 1,800 lb" in milk
    assert "the affirmance of it by an appellate court is counted for the 12-month period" in milk   # its line says its facts (histories18)
    feed = argument[argument.index("feed truck: only"):]
    assert "86,200 lb, which is more than 80,000 lb" not in feed
    assert "86,200 lb - 80,000 lb = 6,200 lb" in feed
    # the grain cart's limit is not in its arithmetic (computed on 20,000 lb): its chain stays
    assert "the maximum weight applicable to the grain cart is 23,000 lb — **met**" in cart
    assert "24,500 lb - 20,000 lb = 4,500 lb" in cart


def test_a_prior_not_counted_is_one_line_giving_why(tmp_path):
    text = _md(tmp_path, HARVEST, "forfeiture")
    argument = text[text.index("## The argument"):text.index("## Our readings")]
    gravel = _section(argument, "The gravel truck: only", "feed truck: only")
    # one line with the statute's reason (trainer review 12, 11: explain/priors.py)
    assert ("the charge dismissed 6 months earlier (not a conviction): ended in a dismissal, not counted: "
            "s. 348.21(4) counts a judgment, a forfeited deposit, a paid forfeiture or a certificate of "
            "conviction") in gravel
    assert "ended in a court judgment — **not met**" not in gravel
    assert "ended in the forfeiture of a deposit — **not met**" not in gravel
    assert "the conviction for the overweight of the gravel truck is a first conviction within the 12-month period — **met**" in gravel


def test_none_of_joins_only_failures_of_one_subject():
    assert none_of(["the charge did not end in a court judgment", "the charge did not end in a payment"]) == \
        "the charge did not end in a court judgment or a payment"
    assert none_of(["the sled was not registered", "the rider was not 12"]) == ""   # two subjects
    assert none_of(["the charge did not end in a court judgment"]) == ""
