"""A party whose amount is one of several in every world the case allows ('one of: $100.00 to $200.00;
or $50.00 to $100.00': a prior conviction whose date the report does not give) is liable whichever
holds: its table cell names the person every branch binds, never 'no one' (a case writer's grain truck,
review 11). The other tanker, which drove to the scale, is liable for nothing."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
CASE = str(ROOT / "tests/fixtures/liable_either_amount.yaml")


def test_the_driver_is_liable_whichever_amount_holds():
    out = CliRunner().invoke(main, ["ask", CASE, "duty_forfeiture"]).output
    flat = " ".join(out.split())
    # s. 348.21(2)(a): $100-$200 for a 2nd conviction within 12 months, else $50-$100; the driver either way
    assert "- t1: d1 / one of: $100.00 to $200.00; or $50.00 to $100.00" in flat
    assert "- t1: no one" not in flat
    assert "- t2: no one / None: the operator of t2 did not violate the duty in s. 348.19(3)" in flat
    assert "imposed on d1 (the operator); or the forfeiture" in flat
