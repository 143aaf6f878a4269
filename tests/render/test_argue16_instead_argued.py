"""A saved question with `otherwise:` that says "no" for its one subject argues what the law applies
instead like a main result (trainer review 16, 02): the crane over its 100,000-lb permit, no other
condition broken, is not penalized under s. 348.25(2)(a) but under s. 348.25(2)(b), on the excess
over the permit weight: its rule quoted, its elements with their facts, its arithmetic, and those
facts in the facts box; never the amount in the bottom line alone."""
from pathlib import Path

import yaml
from click.testing import CliRunner

from reasoner.cli import main

FACTS = Path(__file__).resolve().parents[2] / "facts"
CRANE = FACTS / "ch348_crane_over_permit_weight.yaml"


def _md(case, query, tmp_path):
    out = tmp_path / "h.md"
    r = CliRunner().invoke(main, ["export", str(case), query, "--to", "md", "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out.read_text(encoding="utf-8")


def _parts(md):
    # one order in every handout: the answer, then the facts box (trainer review 12, G2)
    box = md[md.index("**The facts the argument uses.**"):md.index("## The argument")]
    answer = md[md.index("**Answer.**"):md.index("**The facts the argument uses.**")]
    argument = md[md.index("## The argument"):md.index("## Our readings")]
    return box, answer, argument


def test_the_crane_over_its_permit_weight_is_argued_under_348_25_2_b(tmp_path):
    box, answer, argument = _parts(_md(CRANE, "permit_condition_forfeiture", tmp_path))
    # the verdict of the question asked, then what applies instead, with its amount and offender
    assert answer.startswith("**Answer.** None: the operation of the mobile crane violated no condition of its permit")
    assert "so s. 348.25(2)(b) applies instead" in answer
    assert "not less than $225.00 nor more than $375.00 (s. 348.21(3)(b)1)" in answer
    assert "against Badger Crane Service under s. 348.20(1)" in answer
    # the argument: headed by the law's lead, the rule of s. 348.21(3)(b)1 and s. 348.25(2)(b) quoted
    assert "*No other condition of the permit was violated, so s. 348.25(2)(b) applies instead:*" in argument
    assert "### s. 348.21(3)(b)1" in argument
    assert "any overweight violation shall be computed on the basis of the weight authorized in the permit" in argument
    # its elements with their facts
    assert "the weight found for the mobile crane is 103,500 lb, which is more than 100,000 lb" in argument
    assert "the crane permit was in force (issued, not expired, suspended or revoked) — **met**" in argument
    assert "no prior conviction is listed (taken as none)" in argument
    # the question's own rule argued inside it: the hours and the other conditions, as its exception
    assert "Exception, s. 348.25(2)(a): the operation of the mobile crane violated a condition of its permit" \
        " — **the exception does not apply**" in argument
    assert "because it is 10:15, which is at or after 06:00" in argument
    # the arithmetic, each step
    for step in ("103,500 lb - 100,000 lb = 3,500 lb", "5 cents a pound × 3,500 lb = $175.00",
                 "$50.00 + $175.00 = $225.00", "$200.00 + $175.00 = $375.00"):
        assert step in argument, step
    assert "**Conclusion:** the forfeiture under s. 348.21 for the weight violation of the mobile crane: " \
        "not less than $225.00 nor more than $375.00, imposed on the operator of the mobile crane, not named in the " \
        "case; to be prosecuted, where practicable, against " \
        "Badger Crane Service under s. 348.20(1)." in argument
    # not the statutory maximum's bracket, not the old list of ways
    assert "s. 348.21(3)(b)1.c" in argument and "s. 348.21(3)(b)1.e" not in argument
    assert "80,000 lb = " not in argument
    assert "Ways it could follow" not in argument
    assert "no permit-condition forfeiture follows from the facts" not in argument
    # the facts box lists the facts that argument uses, the assumption labelled
    for fact in ("is 103,500 lb — *stated*", "(the weight the permit authorizes) is 100,000 lb — *stated*",
                 "the crane permit was in force (issued, not expired, suspended or revoked) — *stated*",
                 "has no prior conviction — *taken as none — the case's facts list no prior conviction*"):
        assert fact in box, fact


def _variant(tmp_path, **crane):
    data = yaml.safe_load(CRANE.read_text(encoding="utf-8"))
    data["entities"]["crane"].update(crane)
    case = tmp_path / "crane.yaml"
    case.write_text(yaml.safe_dump(data), encoding="utf-8")
    return case


def test_another_condition_broken_is_the_permit_condition_forfeiture_not_the_permit_weight(tmp_path):
    box, answer, argument = _parts(_md(_variant(tmp_path, other_permit_condition_violated=True),
                                       "permit_condition_forfeiture", tmp_path))
    assert answer.startswith("**Answer.** The permit-condition forfeiture for operating the mobile crane in "
                             "violation of a condition of its permit: not less than $3,575.00 nor more than "
                             "$3,725.00 (s. 348.25(2)(a)), imposed on the operator of the mobile crane (s. "
                             "348.25(2)(a)); to be prosecuted, where practicable, against "
                             "Badger Crane Service under s. 348.20(1).")
    assert "applies instead" not in argument and "$225.00" not in argument
    assert "103,500 lb - 80,000 lb = 23,500 lb" in argument


def test_within_the_permit_weight_nothing_is_argued_as_applying_instead(tmp_path):
    md = _md(_variant(tmp_path, found_weight_lb=99000), "permit_condition_forfeiture", tmp_path)
    box, answer, argument = _parts(md)
    assert answer.startswith("**Answer.** None: the operation of the mobile crane violated no condition of its permit")
    assert "applies instead" not in md and "Arithmetic" not in argument
    assert "It follows if any one of these is met:" in argument   # the plain label over the ways
    assert "holds" not in argument
