"""Several vehicles' forfeitures said shorter without losing what a trainer needs (issue 46, item 4;
histories18): a value worked out and the comparison that tests it are one line, a further vehicle's
exception gives the reason that differs from the earlier vehicle's, the Answer leaves to a row the
other reading's amount the row gives on the same condition, and a heading counts the vehicles it
differs from as the Answer does."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
HAULERS = "tests/fixtures/histories18_three_haulers.yaml"
HISTORIES = "tests/fixtures/five_vehicles_conviction_histories.yaml"


def _md(tmp_path, case, query):
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", str(ROOT / case), query, "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out.read_text()


def test_the_excess_and_its_test_are_one_line_with_the_derivation_under_it(tmp_path):
    md = _md(tmp_path, HAULERS, "forfeiture")
    argument = md[md.index("## The argument"):md.index("## Our readings")]
    lines = argument.splitlines()
    test = "   - the total excess load of the first vehicle is 600 lb, which is at most 1,000 lb — **met**"
    assert test in lines
    # the derivation under it, one level deeper; the bare value is no line of its own
    below = lines[lines.index(test) + 1]
    assert below.startswith("      - the first vehicle exceeded the weight limitation applicable to it")
    assert "   - the total excess load of the first vehicle is 600 lb" not in [x.rstrip() for x in lines]
    assert "| the first vehicle | the operator (s. 348.21(3)) and, where practicable, the authority holder (s. 348.20(1)), not named in the case | $50.00 to $100.00 (s. 348.21(3)(a)) |" in md


def test_a_further_vehicles_exception_gives_the_reason_that_differs(tmp_path):
    md = _md(tmp_path, HAULERS, "forfeiture")
    argument = md[md.index("## The argument"):md.index("## Our readings")]
    second = argument[argument.index("*The second vehicle: only the points that differ from the first vehicle:*"):
                      argument.index("*The third vehicle:")]
    # the first vehicle's exception fails as its load could not be reloaded; the second's, as its excess
    # is over the 2,000 lb: said, the shared reason not said again
    assert ("because the excess load of the first vehicle could not be reloaded within the normal load carrying "
            "areas") in argument
    assert ("- Exception: the operator of the second vehicle may reload under s. 348.21(2)(b) — **the exception does "
            "not apply**, because the amount by which the weight found for the second vehicle exceeds the weight "
            "limitation applicable to it (taking any permit into account) is 2,600 lb, more than the 2,000 lb named "
            "in s. 348.21(2)(b)\n") in second
    assert "the excess load of the second vehicle could not be reloaded" not in second
    # every amount and the prior counted, with its months and assumption
    for amount in ("$230.00 to $430.00 (s. 348.21(3)(b)2) if this case's conviction is entered within 7 months",
                   "otherwise $128.00 to $278.00 (s. 348.21(3)(b)1)", "$604.00 to $804.00 (s. 348.21(3)(b)2)",
                   "otherwise $386.00 to $536.00 (s. 348.21(3)(b)1)"):
        assert amount in md
    assert "5 cents a pound × 2,600 lb = $130.00" in second
    # the facts box still says it of every vehicle
    assert ("the excess load of the first vehicle could not be reloaded within the normal load carrying areas onto "
            "other wheels or axles so that all wheels and axles are then within the statutory limits; the same for "
            "the second vehicle and the third vehicle — *stated*") in md


def test_the_five_histories_say_each_reading_and_amount_once_where_it_belongs(tmp_path):
    md = _md(tmp_path, HISTORIES, "forfeiture")
    answer = md[md.index("**Answer.**"):md.index("**The facts the argument uses.**")]
    # the Answer names the reading it turns on; the fourth vehicle's row gives what the other reading gives
    assert "This answer turns on the reading of “either the original judgment of conviction" in answer
    assert "$67.00" not in answer
    assert ("$67.00 to $217.00 if the court counts the original judgment (s. 348.21(4) 'may')") in md
    argument = md[md.index("## The argument"):md.index("## Our readings")]
    assert ("read the other way (the court counts the original judgment), the forfeiture under s. 348.21 for the "
            "weight violation of the fourth vehicle would be not less than $67.00 nor more than $217.00)") in argument
    # a heading counts the vehicles it differs from
    assert "*The third vehicle: only the points that differ from the first and second vehicles:*" in argument
    # the third vehicle's exception: its own excess; the fourth's permit weight said once
    third = argument[argument.index("*The third vehicle:"):argument.index("*The fourth vehicle:")]
    assert "is 5,600 lb, more than the 2,000 lb named in s. 348.21(2)(b)\n" in third
    assert argument.count("is 100,000 lb") == 1
    assert "the permit weight on which the overweight violation of the fourth vehicle is computed" not in argument
    assert "the permissible weight on which the forfeiture for the fourth vehicle is computed is 100,000 lb" in argument
    # the what-if on the prior's provision stays: the row's 'otherwise' is a later conviction, not that
    assert "had been sub. (2)(a) instead of sub. (3)" in md
    for amount in ("$50.00 to $100.00 (s. 348.21(3)(a))", "$376.00 to $576.00 (s. 348.21(3)(b)2)",
                   "otherwise $222.50 to $372.50 (s. 348.21(3)(b)1)", "$1,788.00 to $1,838.00 (s. 348.21(3g)(b))",
                   "otherwise $766.00 to $866.00 (s. 348.21(3g)(a))", "$134.00 to $334.00 (s. 348.21(3)(b)2)",
                   "otherwise $67.00 to $217.00 (s. 348.21(3)(b)1)", "no forfeiture may be imposed (s. 348.21(2)(b))"):
        assert amount in md
