"""Trainer review 14 (G3, G6, G7, G8 and handout 02), on fixtures of this branch:

- G6: priors the case gives as the drivers' record, where s. 348.20(1) prosecutes the authority
  holder, are marked assumed in the facts box (never 'stated'), with the range if none is the
  charged person's (the first-conviction range); not for an owner-operator nor for s. 348.21(2)(a).
- G3: the note under a quote names every section of a cited list (s. 348.16 and s. 348.27 of s.
  348.21(3)(a)), a run as the run ('ss. 348.15 to 348.17'); a ch. 350 handout that finds a
  violation says once that the penalty section, s. 350.11, is not in the excerpt.
- G8: no 's. 348.21:' label before the total excess or the overweight finding; no circular
  'not met, because ... did not violate' line.
- 02: the operator does not accept service for a leasing business (our reading of 'This section
  shall not apply'); the leasing owner's line does not say it commits a violation.
- G7: consecutive sentences quoted with no '…' between them; '…' where a quote stops early.
"""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
GRAIN = ROOT / "tests" / "fixtures" / "record14_grain_drivers_priors.yaml"
FLATBED = ROOT / "tests" / "fixtures" / "record14_leased_flatbed.yaml"
TRAPPER = ROOT / "tests" / "fixtures" / "record14_trapper_farmhouse.yaml"


def _run(*args: str) -> str:
    run = CliRunner().invoke(main, ["--timeout", "600", *args])
    assert run.exit_code == 0, run.output
    return run.output


def _export(tmp_path, case, query, to="md") -> str:
    out = tmp_path / f"h.{to}"
    _run("export", str(case), query, "--to", to, "-o", str(out))
    return out.read_text()


@pytest.fixture(scope="module")
def grain(tmp_path_factory):
    return _export(tmp_path_factory.mktemp("grain"), GRAIN, "forfeiture")


def test_the_drivers_priors_are_assumed_to_be_the_charged_persons_with_the_first_conviction_range(grain):
    assert ("- each of the 2 priors the case lists is on the record of the person charged over its vehicle — "
            "*assumed: the case gives the drivers' record; taken as the record of the person prosecuted under "
            "s. 348.20(1); if none is, the forfeiture under s. 348.21 for the weight violation of the red grain "
            "truck: $125.00 to $275.00 (s. 348.21(3)(b)1)*") in grain
    assert "is on the record of the person charged — *stated*" not in grain
    assert "is on the record of the person charged; " not in grain
    # the answer itself is unchanged: the paid forfeiture 5 months back makes a 2nd conviction
    assert "| the red grain truck | the operator (s. 348.21(3)) and, where practicable, the authority holder (s. 348.20(1)), not named in the case | $225.00 to $425.00 (s. 348.21(3)(b)2)" in grain
    assert "| the blue grain truck | the operator (s. 348.21(3)) and, where practicable, the authority holder (s. 348.20(1)), not named in the case | $50.00 to $100.00 (s. 348.21(3)(a)) |" in grain


def test_the_json_carries_the_record_assumption(tmp_path):
    data = json.loads(_export(tmp_path, GRAIN, "forfeiture", "json"))
    records = data["argument"]["records"]
    assert len(records) == 2
    assert all(r[1].startswith("assumed: the case gives the drivers' record") for r in records)
    assert all("$125.00 to $275.00 (s. 348.21(3)(b)1)" in r[1] for r in records)


def test_an_owner_operators_prior_and_a_refusal_prior_stay_stated(tmp_path):
    own = _export(tmp_path, ROOT / "facts" / "ch348_gravel_truck_repeat_offense.yaml", "forfeiture")
    duty = _export(tmp_path, ROOT / "facts" / "ch348_refused_scale_repeat.yaml", "duty_forfeiture")
    for text in (own, duty):
        assert "the case gives the drivers' record" not in text


def test_the_note_under_348_21_3_a_names_every_section_it_cites_and_no_348_21_label(grain):
    assert ("*s. 348.15(3), s. 348.16, s. 348.17(1), s. 348.175, s. 348.17(3), s. 348.26 and s. 348.27, "
            "cited above, are not in the excerpt.*") in grain
    assert "   - the total excess load of the red grain truck is 2,500 lb" in grain
    assert "s. 348.21: the total excess load" not in grain
    assert "s. 348.21: the red grain truck exceeded" not in grain


@pytest.fixture(scope="module")
def flatbed(tmp_path_factory):
    return _export(tmp_path_factory.mktemp("flatbed"), FLATBED, "prosecute")


def test_no_service_on_behalf_of_a_leasing_business(flatbed):
    assert ("The prosecution for the overweight violation of the leased flatbed is to be instituted against "
            "Pine Haulers Co. (s. 348.20(1)).") in flatbed
    assert "Mo Farah, the operator of the leased flatbed, accepts service of a summons on behalf of Pine Haulers Co." in flatbed
    assert "on behalf of Lakeside Leasing LLC" not in flatbed


def test_the_leasing_owner_is_not_said_to_commit_a_violation(flatbed):
    assert ("Lakeside Leasing LLC required or permitted the overweight operation of the leased flatbed "
            "(s. 348.20(1), third sentence, makes that 'a violation' only by a person the section applies to) "
            "— **met**") in flatbed
    assert "Lakeside Leasing LLC, the owner of the leased flatbed, commits" not in flatbed


def test_the_348_20_quote_and_its_note(flatbed):
    quote = next(line for line in flatbed.splitlines() if line.startswith("> (1) It is declared"))
    assert "…" not in quote   # four consecutive sentences, the whole subsection: nothing left out
    assert "*ss. 348.15 to 348.17, cited above, are not in the excerpt.*" in flatbed
    assert "- the leased flatbed exceeded the weight limitation applicable to it under ss. 348.15 to 348.17" in flatbed
    assert "s. 348.21: the leased flatbed exceeded" not in flatbed
    # the exception's first sentence of s. 348.25(2)(a), its second left out
    assert ('> s. 348.25(2)(a): "Vehicles or articles transported under permit are exempt from the restrictions '
            'and limitations imposed by this chapter on size, weight and load to the extent stated in the permit. …"') in flatbed


def test_a_cut_quote_and_no_circular_line(tmp_path):
    text = _export(tmp_path, ROOT / "facts" / "ch348_pulpwood_distant_scale.yaml", "duty_forfeiture")
    assert "when it is being used as a motor home. …\"" in text
    assert "violated s. 348.17(2) (not in the excerpt) — **not met** (case file line" in text
    assert "because the operator of the pulpwood truck did not violate s. 348.17(2)" not in text


def test_a_ch350_violation_says_once_that_the_penalty_is_not_in_the_excerpt(tmp_path):
    text = _export(tmp_path, TRAPPER, "lawful")
    note = "*The penalty for the violation is in s. 350.11, which is not in the excerpt.*"
    assert text.count(note) == 1
    assert "| the dawn ride | Sam Okafor | unlawful: violated s. 350.10(1)(g) |" in text
    assert "| the pre-dawn ride | Sam Okafor | unlawful: violated s. 350.10(1)(g) |" in text
    assert "| the morning ride |" in text and "lawful" in text
    lawful = _export(tmp_path, ROOT / "facts" / "ch350_dwelling_night_lawful.yaml", "lawful")
    assert "s. 350.11" not in lawful
