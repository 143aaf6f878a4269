"""Whom a ch. 348 forfeiture is imposed on is argued, not only named: the handout prints the facts
the offender rests on in its facts box and gives the offender one line of the argument under s.
348.20(1), with the ground that names them (the holder of the operating authority; the principal or
employer of a tractor's driver; the lessee of a leasing business's vehicle)."""
from pathlib import Path

import yaml
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
GRAVEL = ROOT / "facts/ch348_gravel_truck_repeat_offense.yaml"
HOLDER = ("the person holding the authority, certificates, licenses or permits from the department evidencing the "
          "operating privileges under which the dump truck was operated is {}")


def _md(tmp_path, case, query="forfeiture"):
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["export", str(case), query, "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out.read_text()


def _parts(text):
    box = text[text.index("**The facts the argument uses.**"):text.index("## The argument")]   # after the answer
    argument = text[text.index("## The argument"):text.index("## Our readings")]
    return box, argument


def test_the_gravel_truck_forfeiture_argues_that_keller_is_prosecuted_as_the_authority_holder(tmp_path):
    text = _md(tmp_path, GRAVEL)
    box, argument = _parts(text)
    # the law: a 2nd conviction within 12 months, 4,200 lb over: s. 348.21(3)(b)2.d, $100 + $504 to $300 + $504
    assert ("not less than $604.00 nor more than $804.00 (s. 348.21(3)(b)2), imposed on the operator of the dump truck, not named in the case, "
            "only at the first-conviction range, not this one (assumed: no prior conviction counted against the operator of the "
            "dump truck — the case gives only Jo Keller's record); to be prosecuted, where practicable, against Jo Keller") in text
    # (3)(b)1 only as the range if this case's conviction comes after the period (months16b: the Conclusion)
    assert "s. 348.21(3)(b)2.d" in argument
    assert argument.count("348.21(3)(b)1") == argument.count("otherwise $386.00 to $536.00 (s. 348.21(3)(b)1)") == 1
    # the offender's fact is in the printed box, stated, and argued in one line under s. 348.20(1)
    assert f"- {HOLDER.format('Jo Keller')} — *stated*" in box
    claim = ("under s. 348.20(1), the prosecution for the overweight violation of the dump truck is to be "
             "instituted against Jo Keller — **met**")   # the claim names no sentence; the ground below it does
    assert claim in argument
    after = argument[argument.index(claim):]
    assert after.splitlines()[1].lstrip().startswith(f"- {HOLDER.format('Jo Keller')} — **met**")
    # it rests on the authority: the owner ground is not claimed (the case does not say Keller
    # required or permitted the overweight operation), nor the leasing sentence (Keller does not lease)
    assert "required or permitted" not in argument and "the lessee of" not in argument
    # the guard that the excess computed is positive is the arithmetic's, not an element
    assert "which is more than 0 lb" not in argument and "58,200 lb - 54,000 lb = 4,200 lb" in argument


def test_the_ground_follows_the_case_another_authority_holder_is_the_one_prosecuted(tmp_path):
    data = yaml.safe_load(GRAVEL.read_text())
    data["entities"]["haulco"] = {"type": "carrier", "name": "Haul Co.", "leasing_business": False}
    data["entities"]["dump1"]["authority_holder"] = "haulco"
    case = tmp_path / "case.yaml"
    case.write_text(yaml.safe_dump(data, sort_keys=False))
    text = _md(tmp_path, case)
    box, argument = _parts(text)
    assert "against Haul Co. under" in text and "against Jo Keller under" not in text
    assert f"- {HOLDER.format('Haul Co.')} — *stated*" in box
    assert "instituted against Haul Co. — **met**" in argument and "instituted against Jo Keller" not in argument


def test_an_assumed_leasing_status_shows_beside_the_ground(tmp_path):
    # the case silent on whether the holder leases vehicles for a living: s. 348.20(1)'s leasing
    # sentence is an exemption the business must raise, assumed not raised, and said so
    data = yaml.safe_load(GRAVEL.read_text())
    del data["entities"]["keller"]["leasing_business"]
    case = tmp_path / "case.yaml"
    case.write_text(yaml.safe_dump(data, sort_keys=False))
    text = _md(tmp_path, case)
    box, argument = _parts(text)
    assert "against Jo Keller under s. 348.20(1)" in text
    assert "- the principal business of Jo Keller is not leasing vehicles, including trailers and semitrailers, " \
           "for compensation — *assumed — the case's facts do not mention it*" in box
    claim = argument[argument.index("under s. 348.20(1), the prosecution"):]
    lines = claim.splitlines()[:4]
    leasing = [line for line in lines if "Jo Keller is not leasing vehicles" in line]
    assert leasing and "the case is silent" in leasing[0], lines
    assert not lines[3].lstrip().startswith(">"), lines   # s. 348.20(1) is not quoted whole under it
