"""The five-truck forfeiture handout: the fifth truck, over its 80,000-lb limit but within the
100,000 lb its annual overweight permit allows, is argued (s. 348.25(2)(a): exempt to the extent
stated in the permit), its permit facts in the facts box; the facts the trucks share are said once
for all of them, a fact naming two parties (a truck and its carrier) one by one; and what the case
does not state, taken as not so (no prior conviction), is marked as that assumption."""
from pathlib import Path

import yaml
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
FIVE = ROOT / "tests/fixtures/five_trucks_one_within_permit.yaml"
SECTIONS_NOT_IN_EXCERPT = ("s. 348.26 for a single trip permit and s. 348.27 for an annual or multiple trip permit "
                           "(s. 348.25(8)(a) and (b)), are not in the excerpt")


def _md(tmp_path, case):
    # the words are under test here, not the time: a loaded machine (several test workers on two
    # cores) must not turn the 60-s default limit into a failure (the limits have their own tests)
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", str(case), "forfeiture", "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    text = out.read_text()
    # a several-party handout prints the results table and the answer first, then the facts box (review 5)
    box = text[text.index("**The facts the argument uses.**"):text.index("## The argument")]
    argument = text[text.index("## The argument"):text.index("## Our readings")]
    return text, box, argument


def test_the_fifth_truck_is_argued_exempt_within_its_permit(tmp_path):
    text, box, argument = _md(tmp_path, FIVE)
    # the law: four forfeitures, none for the fifth
    # what keeps the fifth off, not only that nothing follows (trainer review 7, 06)
    assert ("| the fifth vehicle | no one | None: the fifth vehicle did not exceed the weight limitation applicable to it "
            "under ss. 348.15 to 348.17 (taking any permit into account): the exception of s. 348.25(2)(a) applies (the fifth vehicle is exempt "
            "from the weight limitations to the extent stated in its permit); no forfeiture under s. 348.21 follows |") in text
    assert "weight violation of the fifth vehicle" not in argument and "348.25(2)(b)" not in argument
    fifth = argument[argument.index("*The fifth vehicle: no forfeiture"):]
    assert ("Exception, s. 348.25(2)(a): the fifth vehicle is exempt from the weight limitations to the extent "
            "stated in its permit — **the exception applies") in fifth
    assert "is 95,000 lb, which is at most 100,000 lb — **met**" in fifth
    assert ("s. 348.25(2)(a): exception: the operation of the fifth vehicle violated a condition of its permit — "
            "**does not apply**") in fifth
    assert "— **holds**" not in argument and "— **does not hold**" not in argument
    assert ("**Conclusion:** the fifth vehicle did not exceed the weight limitation applicable to it "
            "under ss. 348.15 to 348.17 (taking any permit into account).") in fifth
    assert "imposed on the fifth vehicle's carrier" not in text and "imposed on the fifth carrier" not in text
    # the permit's facts are argued in the fifth vehicle's own section, element by element (one party's
    # stated facts: trainer review 5, item 11), and said in the fifth vehicle's one short line of the box,
    # never a line each (reconciled with trainer review 11, G8: the box said none of the deciding facts)
    line = [x for x in box.splitlines() if x.startswith("- the fifth vehicle: ")]
    assert len(line) == 1 and "the permit was in force (issued, not expired, suspended or revoked)" in line[0]
    assert "the gross weight of the vehicle and load under the permit (the weight the permit authorizes) is 100,000 lb" \
        in line[0] and "the weight found is 95,000 lb" in line[0]
    assert box.count("the permit was in force") == 1
    assert "the permit was in force (issued, not expired, suspended or revoked) — **met**" in fifth
    # the comparison with the permit's weight: argued, not in the box
    assert "is 95,000 lb, which is at most 100,000 lb — **met**" in fifth and "which is at most 100,000 lb" not in box
    # who is who where the box names the entity a link ties: the permit is the fifth vehicle's
    # (box17b: the fifth vehicle's line names the permit, so it says whose it is: no tie line of its own)
    assert "- the vehicle operated under the permit is the fifth vehicle — *stated*" not in box
    # the gloss of the weight found is said once, at the box's first weight (trainer review 4)
    assert text.count("on weighing (gross weight, or the load on the wheel, axle or axle group in question)") == 1
    # the sections under which permits are issued (s. 348.26 single trip, s. 348.27 annual: fees14, trainer
    # review 13, 11.1) are not in the excerpt: the readings say so, on the
    # trainee's page as in the instructor's edition (trainer review 10)
    assert "readings of this kind" not in text
    assert SECTIONS_NOT_IN_EXCERPT in text
    out = tmp_path / "i.md"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", str(FIVE), "forfeiture", "--to", "md", "-o", str(out),
                                    "--view", "instructor"])
    assert run.exit_code == 0, run.output
    assert SECTIONS_NOT_IN_EXCERPT in out.read_text()


def test_over_its_permit_weight_the_fifth_truck_is_not_argued_exempt(tmp_path):
    data = yaml.safe_load(FIVE.read_text())
    data["entities"]["v5"]["found_weight_lb"] = 101000   # 1,000 lb over the permit's 100,000 lb
    case = tmp_path / "case.yaml"
    case.write_text(yaml.safe_dump(data, sort_keys=False))
    text, box, argument = _md(tmp_path, case)
    # s. 348.25(2)(b): computed on the permit weight, 1,000 lb over: s. 348.21(3)(a), $50 to $100
    assert "weight violation of the fifth vehicle: not less than $50.00 nor more than $100.00" in text
    assert "the exception applies" not in argument and "*The fifth vehicle: no forfeiture" not in argument


def test_shared_facts_are_said_once_and_the_closed_world_is_marked(tmp_path):
    text, box, argument = _md(tmp_path, FIVE)
    lines = [line for line in box.splitlines() if line.startswith("- ")]
    # were 36, one fact a line for each truck; 23 since the fifth truck's exemption shows the facts under
    # its 'violated a condition of its permit — not met' (no other condition, no hours limit: lines 49, 72)
    assert len(lines) <= 23
    assert ("- the first vehicle is not a vehicle combination transporting raw forest products; the same for the "
            "second vehicle, the third vehicle and the fourth vehicle — *stated*") in lines
    # the weights differ: each vehicle's own, argued in its section (trainer review 5, item 11) and said
    # in that vehicle's one line of the box, before the facts said alike (trainer review 11, G8)
    for n, weight in zip(("first", "second", "third", "fourth", "fifth"), ("81,200", "83,500", "86,000", "80,400", "95,000")):
        said = [line for line in lines if f"is {weight} lb" in line]
        assert len(said) == 1 and said[0].startswith(f"- the {n} vehicle: the weight found "), weight
        assert f"is {weight} lb" in argument, weight
    # each carrier read by the truck whose authority it holds (facts/case.py ROLE_BY), the statute's
    # words said once for the five (trainer review 6, 11: printed once per truck)
    assert sum("evidencing the operating privileges" in line for line in lines) == 1
    assert ("- the person holding the authority, certificates, licenses or permits from the department evidencing the "
            "operating privileges under which the first vehicle was operated is the authority holder of the first "
            "vehicle; the same for the second vehicle, the third vehicle, the fourth vehicle and the fifth vehicle — "
            "*stated*") in lines
    # no prior conviction: the case's facts list none, and the box says so (not an assumption against the case)
    prior = [line for line in lines if "has no prior conviction" in line]
    assert prior == ["- the person charged over the first vehicle has no prior conviction; the same "
                     "for the second vehicle, the third vehicle and the fourth vehicle — *taken as none — the case's facts list "
                     "no prior conviction*"]
    assert "the case is silent" not in "".join(prior)
    assert "Stated in the case, unless marked taken as none." in box   # the lead names the mark (box17)
