"""fees14 (trainer review 13: G4, G6, G9 and handouts 03 and 11).

- The reload refusal of s. 348.21(2)(b) is said from the fact the case states ('could not be
  reloaded'), with the statute's 2,000 lb beside it once where that decides it too; the excess is
  measured against the permit weight the violation is computed on, never the statutory maximum.
- A forfeiture handout offers no what-if on a permit-fee line (10,000-lb increments, 100,001 lb).
- A permit-fee sum says no $0.00 term; the cumulative-fees reading is said once; the cross-references
  not applied are one line; each party's heading opens with a capital.
"""
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
RIGS = "tests/fixtures/fees14_two_permit_rigs.yaml"
FEES = "facts/ch348_permit_fees_mixed.yaml"


def _md(tmp_path, case, query):
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", str(ROOT / case), query, "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out.read_text()


def _section(md, heading):
    start = md.index(f"## {heading}")
    end = md.find("\n## ", start + 1)
    return md[start:end if end >= 0 else None]


@pytest.fixture(scope="module")
def rigs(tmp_path_factory):
    return _md(tmp_path_factory.mktemp("rigs"), RIGS, "forfeiture")


def test_the_reload_refusal_says_the_stated_fact_and_the_permit_excess(rigs):
    # verdicts, provisions and who is liable unchanged by the wording
    assert "| the transformer rig | the ridge driver (operator, s. 348.21(3)) and, where practicable, Ridge Heavy Haul (s. 348.20(1)) | $210.00 to $360.00 (s. 348.21(3)(b)1) |" in rigs
    assert "| the tank rig | the lakeview driver (operator, s. 348.21(3)) and, where practicable, Lakeview Tank Lines (s. 348.20(1)) | $50.00 to $100.00 (s. 348.21(3)(a)) |" in rigs
    argument = _section(rigs, "The argument")
    lines = [x for x in argument.splitlines() if "may reload under s. 348.21(2)(b)" in x]
    assert len(lines) == 2
    transformer, tank = lines
    # 3,200 lb over its 110,000-lb permit: the statute's number and the case's fact, once each
    assert ("**the exception does not apply**, because the amount by which the weight found for the transformer rig "
            "exceeds the weight limitation applicable to it (taking any permit into account) is 3,200 lb, more than "
            "the 2,000 lb named in s. 348.21(2)(b), and the excess load of the transformer rig could not be reloaded "
            "within the normal load carrying areas onto other wheels or axles so that all wheels and axles are then "
            "within the statutory limits (case file line 22)") in transformer
    assert "33,200 lb" not in rigs and "25,600 lb" not in rigs   # never the excess over the statutory 80,000 lb
    # 600 lb over: the 2,000 lb does not decide it; the case's fact does, in one line
    assert tank.endswith("because the excess load of the tank rig could not be reloaded within the normal load "
                         "carrying areas onto other wheels or axles so that all wheels and axles are then within the "
                         "statutory limits (case file line 44)")
    assert "2,000 lb named" not in tank
    # not in issue: the paragraph not quoted, its readings not listed
    assert 's. 348.21(2)(b): "If the load on any wheel' not in rigs
    assert "Reloading under s. 348.21(2)(b) is allowed when" not in _section(rigs, "Our readings")


def test_a_forfeiture_handout_offers_no_permit_fee_what_if(rigs):
    whatifs = _section(rigs, "What if?")
    assert "10,000-pound increments" not in rigs and "s. 348.25(8)" not in whatifs
    assert "(the weight the permit authorizes) had been" not in whatifs
    # the lines the forfeiture turns on are still offered
    assert "If the weight found for the transformer rig had been 113,000 lb instead of 113,200 lb" in whatifs
    assert "If the weight found for the tank rig had been 106,001 lb instead of 105,600 lb" in whatifs


def test_the_permit_reading_cites_the_section_of_each_permit_kind(rigs):
    readings = _section(rigs, "Our readings")
    assert ("s. 348.26 for a single trip permit and s. 348.27 for an annual or multiple trip permit "
            "(s. 348.25(8)(a) and (b)), are not in the excerpt") in readings
    assert "s. 348.27, under which such permits are issued" not in rigs


@pytest.fixture(scope="module")
def fees(tmp_path_factory):
    return _md(tmp_path_factory.mktemp("fees"), FEES, "permit_fee")


def test_a_fee_sum_says_no_zero_terms(fees):
    assert "| the single-trip wide-and-heavy permit | $65.00 (s. 348.25(8)(a)) |" in fees
    assert "the fee for the single-trip wide-and-heavy permit is $20.00 + $45.00 = $65.00" in fees
    assert "the fee for the annual long-and-heavy permit is $60.00 + $550.00 = $610.00" in fees
    assert "the fee for the single-trip oversize permit is $15.00 + $25.00 = $40.00" in fees
    assert "$0.00 +" not in fees and "+ $0.00" not in fees


def test_the_fee_readings_are_said_once_and_the_cross_references_in_one_line(fees):
    readings = [x for x in _section(fees, "Our readings").splitlines() if x[:1].isdigit()]
    assert sum("The fees for separate grounds are cumulative" in x for x in readings) == 1
    assert sum("an annual permit pays length $60 + width or height $90" in x for x in readings) == 1
    (line,) = [x for x in readings if "Cross-references not in the excerpt are not applied" in x]
    for said in ("'Except as provided in subds. 4. and 4m.' (s. 348.25(8)(b)3)",
                 "'Except as provided under par. (dm)' (s. 348.25(8)(a))",
                 "'Except as provided in subd. 4.' (s. 348.25(8)(a)3)"):
        assert said in line
    assert not any("it is not applied." in x or "they are not applied." in x for x in readings)
    assert len(readings) == 5


def test_each_permit_heading_opens_with_a_capital(fees):
    argument = _section(fees, "The argument")
    assert "*The single-trip wide-and-heavy permit: $65.00 (s. 348.25(8)(a)):*" in argument
    assert "*The annual long-and-heavy permit: only the points that differ" in argument
    assert "*The single-trip oversize permit: only what differs from the single-trip wide-and-heavy permit" in argument
    assert "\n*the " not in argument
