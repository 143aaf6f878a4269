"""What-if thresholds carried through arithmetic beyond W + K: the ceiling
increments of s. 348.25(8)(b)3.c, a product and a sum in s. 348.19(1)(b), and, on a small --rules
program, a percentage, a floor and a sum of priors (shapes the bundled law lacks)."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.answer.answering import default_rulebase
from reasoner.cli import main
from reasoner.facts.case import load_case
from reasoner.answer.whatif import candidate_changes

ROOT = Path(__file__).resolve().parents[2]
PERMITS = str(ROOT / "facts/ch348_permit_fees_mixed.yaml")
PULP = str(ROOT / "facts/ch348_pulpwood_distant_scale.yaml")
CARRY = ["--rules", str(ROOT / "tests/fixtures/cli/carry.dl"), str(ROOT / "tests/fixtures/cli/carry_case.yaml")]
INCREMENTS = "the number of 10,000-pound increments or fractions by which the gross weight of the annual long-and-heavy permit exceeds 100,000 pounds"


@pytest.fixture(scope="module")
def rb():
    return default_rulebase()


def notes(rb, path, entity, attr):
    return {c.new: c.note for c in candidate_changes(rb, load_case(path, rb.checked), entity, attr)}


def test_permit_fee_increments_are_carried_through_the_ceiling(rb):
    found = notes(rb, PERMITS, "annual_long_heavy", "permit_gross_weight_lb")   # 110,001 lb: 2 increments
    assert found[110000] == f"{INCREMENTS} would then be 1 instead of 2 (s. 348.25(8)(b)3.c)"
    assert found[120001] == f"{INCREMENTS} would then be 3 instead of 2 (s. 348.25(8)(b)3.c)"
    assert 120000 not in found and 110002 not in found     # inside the same increment: no change offered


def sentences(args) -> str:
    """The what-if sentences, one a line (the text view wraps them)."""
    result = CliRunner().invoke(main, ["whatif", *args, "--format", "json", "--limit", "40"])
    assert result.exit_code == 0, result.output
    return "\n".join(o["sentence"] for o in json.loads(result.stdout)["outcomes"])


def test_whatif_on_the_permit_fee_names_the_next_increment():
    out = sentences([PERMITS, "permit_fee"])
    assert (f"had been 120,001 lb instead of 110,001 lb ({INCREMENTS} would then be 3 instead of 2 "
            "(s. 348.25(8)(b)3.c)), the answer would then be: the fee for the annual long-and-heavy permit is $710.00") in out


def test_estimated_gross_weight_sum_and_product_carry_the_lawful_limit(rb):
    # G = L * H * P + E (40 x 8 x 150 + 30,000 = 78,000) against the 80,000-lb limit of the case
    gross = "then the estimated gross weight of the pulpwood truck (s. 348.19(1)(b)) is"
    limit = ("(the maximum weight in pounds applicable to the pulpwood truck (same gross, wheel, axle or axle group) "
             "under s. 348.15, 348.16 or 348.17 or a posted limit or declaration, not counting any permit (from the case: those sections are not in the excerpt))")
    empty = notes(rb, PULP, "pulp_truck", "empty_weight_lb")            # a sum: E varies, L*H*P fixed
    assert empty[32000] == f"{gross} 80,000 lb; the threshold in s. 348.19(1)(b) is 80,000 {limit}"
    # across the limit: said as what the estimate is compared with, never 'the threshold ... is 80,000
    # (the maximum weight ...)' (review 7, 06: garbled)
    compared = ("the maximum weight applicable to the pulpwood truck (same gross, wheel, axle or axle group) "
                "under s. 348.15, 348.16 or 348.17 or a posted limit or declaration, not counting any permit (from the "
                "case: those sections are not in the excerpt), which is 80,000 lb (s. 348.19(1)(b))")
    assert empty[32001] == f"{gross} 80,001 lb, more than {compared}"
    length = notes(rb, PULP, "pulp_truck", "avg_load_length_ft")        # a product: 41 ft fits, 42 does not
    assert length[41] == f"{gross} 79,200 lb, less than {compared}" and length[42].startswith(f"{gross} 80,400 lb, more than")


def run(query):
    return sentences([*CARRY, query])


def test_percentage_threshold_on_a_rules_program():
    out = run("surcharge_due(crate)")        # 5 percent of 900 = 45, not over 50
    assert ("If the declared weight in pounds of crate had been 1,001 instead of 900 (the surcharge weight of crate "
            "(5 percent of its declared weight) would then be 50.05; the threshold in s. 348.25(8)(a)3 is 50), "
            "the answer would then be: ") in out


def test_floor_steps_on_a_rules_program():
    out = run("pallets(crate, N)")           # floor(900 / 250) = 3
    assert "had been 1,000 instead of 900 (the number of whole 250-pound pallets of crate would then be 4 instead of 3" in out
    assert "had been 749 instead of 900 (the number of whole 250-pound pallets of crate would then be 2 instead of 3" in out


def test_sum_of_priors_where_one_input_varies():
    out = run("repeat_offender(pat)")        # 1 here + 1 elsewhere, 3 needed
    said = [which for which in ("in this county", "in other counties")
            if (f"If the number of prior convictions of pat {which} had been 2 instead of 1 (the total number of "
                "prior convictions of pat would then be 3; the threshold in s. 348.21(3r) is 3), the answer would then be: ") in out]
    # either input carries the total across the threshold; the two teach one thing, so the nearer is
    # shown and the other is counted as left out
    assert len(said) == 1
    summary = CliRunner().invoke(main, ["whatif", *CARRY, "repeat_offender(pat)"]).output
    assert "1 other change that reaches the same answer through the same amount is left out" in " ".join(summary.split())


def test_ceiling_steps_through_a_statement_template():
    # tests/fixtures/cli/weight.dl: K = ceil(X / 1000), Min = 5000 + 2500 * K; 2,500 lb over
    fix = ROOT / "tests/fixtures/cli"
    out = sentences(["--rules", str(fix / "weight.dl"), str(fix / "weight_case.yaml"), "forfeiture(truck1, Min, Max)"])
    assert ("had been 83,001 instead of 82,500 (then the forfeiture for truck1 is at least $150.00 and at most "
            "$300.00 (s. 348.21(3)(b)1)), the answer would then be: ") in out
    assert "had been 82,000 instead of 82,500 (then the forfeiture for truck1 is at least $100.00" in out
