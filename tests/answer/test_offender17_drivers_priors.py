"""Whose the priors are, and who is named for a weight forfeiture (trainer review 16, G1 and G2).

tests/fixtures/offender17_three_trucks.yaml, worked from the excerpt (s. 348.21(3), first sentence of
s. 348.20(1); the case names each truck's driver and no authority holder; the priors are listed with
the trucks and the description gives them as the drivers'):
- the first dump truck: 57,500 lb against 54,000, excess 3,500 lb; Tess Ahlberg's forfeited deposit 6
  months ago counts (s. 348.21(4)): 2nd conviction, $100-$300 + 8 cents x 3,500 = $280: $380.00 to
  $580.00 (s. 348.21(3)(b)2) if this conviction comes within 6 months; otherwise first, $50-$200 + 5
  cents x 3,500 = $175: $225.00 to $375.00 (s. 348.21(3)(b)1).
- the second dump truck: 54,600 lb against 54,000, excess 600 lb, no prior: $50.00 to $100.00 (s.
  348.21(3)(a)).
- the gravel semi: 84,800 lb against 80,000, excess 4,800 lb; Jo Kessler's judgment 9 months ago: 2nd,
  $100-$300 + 12 cents x 4,800 = $576: $676.00 to $876.00; otherwise $50-$200 + 8 cents x 4,800 = $384:
  $434.00 to $584.00.
The operator is named under s. 348.21(3) (read with s. 348.22 'any owner or operator is convicted'),
beside the authority holder of s. 348.20(1), where practicable, against whom the drivers' priors are
not shown to count.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from reasoner.answer.question import Question
from reasoner.render.jsonout import offenders

ROOT = Path(__file__).resolve().parent.parent.parent
TRUCKS = ROOT / "tests" / "fixtures" / "offender17_three_trucks.yaml"


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.fixture(scope="module")
def answer():
    return Question.of(str(TRUCKS), "forfeiture").answer()


@pytest.fixture(scope="module")
def text(answer):
    return _flat(answer.argument_text(width=400))


@pytest.fixture(scope="module")
def box(text):
    return text.split("Answer: ", 1)[1].split(" Assumed:", 1)[0].split(" Vehicle:", 1)[0]


@pytest.fixture(scope="module")
def handout(tmp_path_factory):
    out = tmp_path_factory.mktemp("offender17") / "trucks.md"
    subprocess.run([sys.executable, "-m", "reasoner", "--timeout", "600", "export", str(TRUCKS), "forfeiture",
                    "--to", "md", "-o", str(out)], check=True, cwd=ROOT, capture_output=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    return _flat(out.read_text())


def test_amounts_are_the_drivers_ranges(answer, text):
    assert answer.answer == "true"
    got = {(b["V"], b["Min"], b["Max"]) for b in answer.bindings}
    assert got == {("dump_a", 38000, 58000), ("dump_b", 5000, 10000), ("semi_c", 67600, 87600)}
    short = text
    assert "the first dump truck: not less than $380.00 nor more than $580.00 (s. 348.21(3)(b)2)" in short
    assert "the second dump truck: not less than $50.00 nor more than $100.00 (s. 348.21(3)(a))" in short
    assert "the gravel semi: not less than $676.00 nor more than $876.00 (s. 348.21(3)(b)2)" in short
    # this conviction entered later: the first-conviction ranges, said as the assumption's other side
    assert "$225.00 to $375.00 (s. 348.21(3)(b)1)" in short and "$434.00 to $584.00 (s. 348.21(3)(b)1)" in short


def test_the_driver_is_named_with_the_priors_as_the_drivers_record(box):
    short = box
    assert "imposed on Tess Ahlberg (the operator, whose record the listed priors are)" in short
    assert "imposed on Jo Kessler (the operator, whose record the listed priors are)" in short
    # no prior listed for the second truck: nothing said of a record
    assert "imposed on Ray Ostrowski (the operator)" in short
    assert "Ray Ostrowski (the operator, whose" not in short
    # the authority holder, where practicable, against whom those priors are not shown to count: once
    tail = ("to be prosecuted, where practicable, against the person holding the authority, certificates, "
            "licenses or permits evidencing operating privileges from the department (s. 348.20(1)), "
            "whom the case does not name, against whom the listed priors are not shown to count")
    assert short.count(tail) == 1


def test_results_table_says_whose_record_the_priors_are(text):
    assert ("Tess Ahlberg (operator, s. 348.21(3), whose record the listed priors are) and, where practicable, "
            "the authority holder (s. 348.20(1), against whom the listed priors are not shown to count), "
            "not named in the case") in text
    assert ("Ray Ostrowski (operator, s. 348.21(3)) and, where practicable, the authority holder (s. 348.20(1)), "
            "not named in the case") in text


def test_offenders_in_json_carry_the_record(answer):
    rows = {r["offender"]: r for r in offenders(answer)}
    assert rows["tess_ahlberg"]["provision"] == "348.21(3)" and rows["tess_ahlberg"]["role"] == "operator"
    assert rows["tess_ahlberg"]["listed_priors"] == "the listed priors are this person's record"
    assert "listed_priors" not in rows["ray_ostrowski"]
    assert rows["jo_kessler"]["in"] == "semi_c"
    holder = [r for r in offenders(answer) if r["in"] == "dump_a" and r["offender"] is None]
    assert [(r["provision"], r["role"], r["listed_priors"]) for r in holder] == [
        ("348.15 to 348.17", "person to be prosecuted, where practicable, under s. 348.20(1)",
         "the listed priors are not shown to count against this person")]


def test_cited_and_not_cited(answer):
    cited = set(answer.cited)
    assert {"348.21(3)(b)2", "348.21(3)(a)", "348.21(3)(b)2.c", "348.21(3)(b)2.d", "348.21(4)"} <= cited
    assert not any(c.startswith("348.21(3g)") for c in cited)   # no forest products
    assert "348.25(2)(a)" not in cited


def test_no_vehicle_is_charged_or_convicted(text, handout):
    # trainer review 16, G2: a truck is neither charged nor convicted
    for said in (text, handout):
        assert "the person charged over" not in said
        assert "the conviction for the first dump truck" not in said
    assert "conviction for the overweight of the first dump truck is a 2nd or subsequent conviction" in text
    assert "the operator of the second dump truck has no prior conviction — *taken as none" in handout


def test_handout_answer_says_the_authority_holder_once(handout):
    answer_box = handout.split("**Answer.**", 1)[1].split("**The facts", 1)[0]
    assert answer_box.count("(s. 348.20(1))") == 1
    assert "against whom the listed priors are not shown to count" in answer_box
    assert ("| the gravel semi | Jo Kessler (operator, s. 348.21(3), whose record the listed priors are) and, "
            "where practicable, the authority holder (s. 348.20(1), against whom the listed priors are not shown "
            "to count), not named in the case | $676.00 to $876.00 (s. 348.21(3)(b)2)") in handout
