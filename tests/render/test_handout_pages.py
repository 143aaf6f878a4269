"""Printed handouts fit the page bounds a trainer hands out: a handout about one vehicle on at most
2 Letter pages, a five-vehicle forfeiture on at most 4 (issue: handouts for trainers). Printed by
headless Chromium as `export --to pdf` prints them; the law of each is checked too, so that a short
handout is not one that lost its answer."""
from pathlib import Path

import pytest

import os
import shutil

from click.testing import CliRunner

from reasoner.cli import main
from reasoner.render.pdf import page_count

ROOT = Path(__file__).resolve().parents[2]
FIVE = "tests/fixtures/five_trucks_one_within_permit.yaml"


def chromium():
    if not shutil.which("chromium") and not shutil.which("chromium-browser"):
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but chromium is not installed (.ci/run installs it with apt-get)")
        pytest.skip("chromium is not installed (apt-get install -y chromium); the test runs under CI=true")


def _pdf(tmp_path, case, query):
    chromium()
    out = tmp_path / "h.pdf"
    run = CliRunner().invoke(main, ["export", str(ROOT / case), query, "--to", "pdf", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out.read_bytes()


def _answer(case, query):
    run = CliRunner().invoke(main, ["ask", str(ROOT / case), query])
    assert run.exit_code == 0, run.output
    return " ".join(run.output.split())


@pytest.mark.parametrize("case, query, cited, amount", [
    ("facts/ch348_gravel_truck_repeat_offense.yaml", "forfeiture", "s. 348.21(3)(b)2", "not less than $604.00 nor more than $804.00"),
    ("facts/ch348_leased_tractor_prosecution.yaml", "forfeiture", "s. 348.21(3)(b)1", ""),
    ("facts/ch348_prior_exactly_12_months.yaml", "forfeiture", "s. 348.21(3)(b)2", "not less than $604.00 nor more than $804.00"),
    ("facts/ch348_pulpwood_distant_scale.yaml", "duty_forfeiture", "", ""),
])
def test_a_single_vehicle_handout_prints_on_at_most_two_pages(tmp_path, case, query, cited, amount):
    said = _answer(case, query)
    assert cited in said and amount in said
    assert page_count(_pdf(tmp_path, case, query)) <= 2


def test_the_five_truck_case_answers_each_truck_by_the_statute():
    said = _answer(FIVE, "forfeiture")
    # 1,200 lb over: s. 348.21(3)(b)1.a, $50-$200 plus 1 cent a pound
    assert "v1: not less than $62.00 nor more than $212.00 (s. 348.21(3)(b)1)" in said
    # 3,500 lb over: 1.c, 5 cents a pound; 6,000 lb over: 1.e, 15 cents a pound
    assert "v2: not less than $225.00 nor more than $375.00" in said
    assert "v3: not less than $950.00 nor more than $1,100.00" in said
    # 400 lb over: sub. (3)(a), $50 to $100
    assert "v4: not less than $50.00 nor more than $100.00 (s. 348.21(3)(a))" in said
    # within its 100,000-lb permit (s. 348.25(2)(a)): no forfeiture for the fifth
    assert "weight violation of v5" not in said
    assert "348.21(3)(b)2" not in said


def test_a_five_truck_forfeiture_handout_prints_on_at_most_four_pages(tmp_path):
    assert page_count(_pdf(tmp_path, FIVE, "forfeiture")) <= 4


def _md(tmp_path, case, query):
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["export", str(ROOT / case), query, "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out.read_text()


def test_the_five_truck_handout_argues_what_the_trucks_share_once(tmp_path):
    text = _md(tmp_path, FIVE, "forfeiture")
    argument = text[text.index("## The argument"):text.index("## Our readings")]
    # the provision is quoted once, each shared element argued once (for the first vehicle)
    assert argument.count("For the first conviction, a forfeiture of not less than $50") == 1
    # (the fifth, argued on its own, says its own weighing; the fourth, under par. (a) rather than (b)1,
    # shares the first's weighing, permit and reloading lines: issue 46, item 4)
    assert argument.count("and its load were weighed by a traffic officer") == 2
    assert "the second vehicle and its load were weighed" not in argument
    assert "the fourth vehicle and its load were weighed" not in argument
    # the reload refusal (trainer review 13, G6): the first vehicle's on the case's 'could not be reloaded'
    # alone (1,200 lb over), shared by the fourth (400 lb over); the second's and the third's each with its
    # own excess, over the statute's 2,000 lb, beside the same stated fact: one line each, never quoted
    assert argument.count("may reload under s. 348.21(2)(b)") == 3
    reload = [x for x in argument.splitlines() if "may reload under s. 348.21(2)(b)" in x]
    assert "because the excess load of the first vehicle could not be reloaded" in reload[0]
    assert "2,000 lb named" not in reload[0]
    for line, (which, excess) in zip(reload[1:], (("second", "3,500"), ("third", "6,000"))):
        assert line.startswith(f"- Exception: the operator of the {which} vehicle may reload")
        # (histories18: a later vehicle's refusal by its own reason; the stated fact it shares is the first's)
        assert line.endswith(f"is {excess} lb, more than the 2,000 lb named in s. 348.21(2)(b)"), line
    assert "fourth vehicle may reload" not in argument
    assert 's. 348.21(2)(b): "If the load on any wheel' not in argument
    assert "The second vehicle: only what differs from the first vehicle" in argument
    # what differs for each further truck stays: its weight (in its arithmetic, which works out the
    # excess: the chain to it is not argued again, trainer review 8, 11), its bracket with its words,
    # its amount
    for weight, bracket, amount in (("83,500 lb - 80,000 lb = 3,500 lb", "s. 348.21(3)(b)1.c", "$225.00"),
                                    ("86,000 lb - 80,000 lb = 6,000 lb", "s. 348.21(3)(b)1.e", "$950.00"),
                                    ("80,400 lb - 80,000 lb = 400 lb", "s. 348.21(3)(a)", "$50.00")):
        assert weight in argument and bracket in argument and amount in argument
    for weight in ("83,500 lb, which is more than 80,000 lb", "86,000 lb, which is more than 80,000 lb",
                   "80,400 lb, which is more than 80,000 lb"):
        assert weight not in argument
    assert "Five cents for each pound of total excess load if the excess is over 3,000" in argument
    # the fourth is argued under s. 348.21(3)(a) with its own elements (another paragraph: not "only
    # what differs"), quoted in full: not the (3)(b)1 brackets
    assert "the fourth vehicle: only what differs" not in argument
    assert "The fourth vehicle: only the points that differ from the first vehicle" in argument
    assert "only what is its own" not in argument and "every line not shown" not in argument   # review 7, 09
    fourth = argument[argument.index("### s. 348.21(3)(a)"):]
    assert "(a) If the weight exceeds by 1,000 pounds or less" in fourth and "(3)(b)1" not in fourth
    # the fifth truck, within its permit, has no forfeiture, and no party reads by its id
    assert "weight violation of the fifth vehicle" not in argument
    for token in ("v1", "v2", "c1", "pm1"):
        assert f" {token} " not in text and f"{token}:" not in text
    # the facts each further truck shares with the first are still listed: said once for all of them
    start = text.index("**The facts the argument uses.**")
    box = text[start:text.index("## The argument", start)]
    assert ("- the first vehicle and its load were weighed by a traffic officer; the same for the second vehicle, "
            "the third vehicle, the fourth vehicle and the fifth vehicle — *stated*") in box
    assert ("- the first vehicle was not operated under a permit; the same for the second vehicle, the third "
            "vehicle and the fourth vehicle — *taken as none — the case's facts list no such permit*") in box


LOG = "facts/ch348_log_truck_third_offense.yaml"
NIGHT = "tests/fixtures/night_trail_three_riders.yaml"


def test_the_log_truck_third_offence_handout_prints_on_at_most_two_pages(tmp_path):
    # one truck, two priors counted together under s. 348.21(3r): (3g)(b), $500-$550 plus 20 cents a pound
    said = _answer(LOG, "forfeiture")
    assert ("The forfeiture under s. 348.21 for the weight violation of the log truck: not less than $1,000.00 nor "
            "more than $1,050.00 (s. 348.21(3g)(b))") in said
    answer = said[said.index("Answer: "):said.index("s. 348.21(3g)(b) (Wis. Stat.")]
    answer, _, assumed = answer.partition("Assumed: ")
    assert "348.21(3)(b)" not in answer and "348.21(2)(b)" not in answer and "(3g)(a)" not in answer
    # the other outcome, if this conviction came too late for the oldest prior (months16b)
    assert " ".join(assumed.split()) == ("this case's conviction is entered within 2 months of the weighing; "
                                         "otherwise $350.00 to $450.00 (s. 348.21(3g)(a)).")
    text = _md(tmp_path, LOG, "forfeiture")
    # what the trainee needs stays: the exceptions, the arithmetic, the conclusion
    assert "Exception, s. 348.25(2)(a)" in text and "may reload under s. 348.21(2)(b)" in text
    assert "20 cents a pound × 2,500 lb = $500.00" in text
    assert "$500.00 + $500.00 = $1,000.00" in text and "$550.00 + $500.00 = $1,050.00" in text


def test_the_log_truck_third_offence_prints_on_at_most_two_pages(tmp_path):
    assert page_count(_pdf(tmp_path, LOG, "forfeiture")) <= 2


def test_the_three_rider_night_report_prints_on_at_most_four_pages(tmp_path):
    said = _answer(NIGHT, "violations")
    # the third rider, against the traffic on a trail only 25 ft from the roadway: s. 350.02(2)(b)4
    answer = said[said.index("Answer: "):said.index("Operation: ")]
    assert answer.startswith("Answer: rider_c (the operator) violated s. 350.02(2)(b)4 in ride_c. No violation of "
                             "s. 350.02(2)(b)4 in ride_a or ride_b. Undetermined: ")
    assert answer.count("(the operator) violated s. 350.02(2)(b)4") == 1   # not the first, not the second
    # the provisions the case never raises are counted in one line, by section, not argued
    assert ("Not raised by the case: 23 provisions of ss. 350.05, 350.07, 350.08, 350.09, 350.10 and 350.101 "
            "(each ride)") in answer
    text = " ".join(_md(tmp_path, NIGHT, "violations").split())
    argument = text[text.index("## The argument"):text.index("## Our readings")]
    # the verdicts by role: the third rider violated (b)4; the second ride's trail meets 4.a and 4.c
    assert argument.count("**Conclusion:** the third rider (the operator) violated s. 350.02(2)(b)4 in the third ride.") == 1
    assert "**Conclusion:** the first rider (the operator) violated" not in argument
    assert "**Conclusion:** the second rider (the operator) violated" not in argument
    assert argument.count("**Conclusion:** it is undetermined whether the first rider (the operator) violated") == 4
    assert ("**Conclusion:** No violation of s. 350.02(2)(b)4: the trail used in the second ride meets s. "
            "350.02(2)(b)4.a and 4.c (the exception applies).") in argument
    # the third ride's exception fails on its 25 ft under (b)4.a; the daylight rule is not argued for it
    third = argument[argument.index("*The third ride: only what differs"):]
    assert "is at least the 40 feet named in s. 350.02(2)(b)4.a — **not met**, because it is 25 feet" in third
    assert "350.02(2)(b)3" not in third
    # a further ride's open provisions say only that the same reasoning holds, not the argument again
    # (words18: where the second ride's own facts meet elements the first's do not, only what differs is said)
    assert (argument.count("The second ride: the same reasoning as for the first ride")
            + argument.count("The second ride: only what differs from the first ride")) == 3
    assert "*The second ride: undetermined; only the points that differ from the first ride:*" in argument
    # what the three rides leave open is said once for the three, the ride and its operator by role
    end = argument[argument.index("Left undetermined, and what would decide each:"):]
    assert "Each of the first ride, the second ride and the third ride (“the ride” below):" in end   # by role, no id
    assert end.count("s. 350.02(2)(b)6: the speed of the snowmobile in the ride, in miles per hour") == 1
    assert "s. 350.09(1): whether the snowmobile in the ride displayed a lighted head lamp" in end
    for token in ("ride_a", "rider_a", "ride A", "rider A", "ride_c"):
        assert token not in text
    # 4 pages since each undetermined ride is argued on what would decide it (trainer review 5,
    # change 1: "undetermined" argued too), each further ride's heading said once
    assert page_count(_pdf(tmp_path, NIGHT, "violations")) <= 4


THREE_RIDES = "facts/ch350_three_night_rides.yaml"


def test_three_night_rides_quote_the_rule_once_and_print_on_at_most_three_pages(tmp_path):
    said = _answer(THREE_RIDES, "lawful")
    assert "Alex Berg (the operator) violated s. 350.02(2)(b)4 in the ride on the 30-ft trail" in said
    assert "Sam Olson (the operator) violated" not in said
    text = " ".join(_md(tmp_path, THREE_RIDES, "lawful").split())
    # the trail exception, s. 350.045 and (b)3 are quoted once for the three rides (trainer review 3: 3, 2, 2 times)
    assert text.count("The snowmobile trail is located at least 40 feet from the roadway") == 1
    # s. 350.045, which the stated facts defeat (no ride was public-utility work), is said in one line with
    # its failing fact, not quoted (an exception that does not apply for a stated fact: its reason, once)
    assert text.count("So that public utilities may effectively carry out") == 0
    assert text.count("Exception, s. 350.045: the ride on the 30-ft trail was public utility work where safety did "
                      "not require strict adherence to the general snowmobile regulations — **the exception does "
                      "not apply**, because the ride on the 30-ft trail was not carried out to fulfil the corporate "
                      "function of a public utility") == 1
    # (b)3's daylight sentence is not quoted: 'at night' is argued as an element of (b)4 (form16, review 11, G6)
    assert text.count("During daylight hours travel may be in either direction") == 0
    assert text.count("At night travel shall conform to the direction of vehicular traffic") == 1
    # each ride keeps its own result
    assert "No violation of s. 350.02(2)(b)4: the trail used in the ride on the 45-ft trail meets" in text
    assert "it is undetermined whether Kim Lund (the operator) violated s. 350.02(2)(b)4" in text
    assert page_count(_pdf(tmp_path, THREE_RIDES, "lawful")) <= 3


THREE = "facts/ch348_weigh_station_three_trucks.yaml"


def test_trucks_under_different_brackets_share_the_weighing_permit_and_reloading_once(tmp_path):
    # issue 46, item 4: three trucks each under its own paragraph of s. 348.21 (the gravel truck under
    # (3)(a), the milk tanker and the steel hauler under (3)(b)1): what reads the same is argued once,
    # for the first truck; each further truck keeps its own weight, excess, bracket and amount
    text = _md(tmp_path, THREE, "forfeiture")
    argument = text[text.index("## The argument"):text.index("## Our readings")]
    for shared in ("and its load were weighed by a traffic officer",
                   "was not operated under a permit",
                   "is not a vehicle combination transporting raw forest products"):
        assert argument.count(shared) == 1, shared
    # the permit's exemption fails only on 'not operated under a permit', an element already argued: not
    # argued again as an exception (trainer review 13, 02.4)
    assert "is exempt from the weight limitations to the extent stated in its permit" not in argument
    # the reload refusal differs per truck (trainer review 13, G6): the gravel truck's (900 lb over) on the
    # case's 'could not be reloaded' alone; the tanker's and the hauler's each with its own excess over the
    # statute's 2,000 lb, and the same stated fact, in one line
    reload = [x for x in argument.splitlines() if "may reload under s. 348.21(2)(b)" in x]
    assert len(reload) == 3
    assert "because the excess load of the gravel truck could not be reloaded" in reload[0]
    assert "2,000 lb named" not in reload[0]
    for line, (truck, excess) in zip(reload[1:], (("milk tanker", "2,600"), ("steel hauler", "5,300"))):
        assert line.endswith(f"is {excess} lb, more than the 2,000 lb named in s. 348.21(2)(b)"), line   # histories18
    assert "the gravel truck and its load were weighed by a traffic officer" in argument
    assert "The milk tanker: only the points that differ from the gravel truck" in argument
    # the steel hauler, under the milk tanker's (3)(b)1, is said as for it
    assert ("The steel hauler: only what differs from the milk tanker (the provision quoted above; every other "
            "element and exception holds as for the milk tanker)") in argument
    tanker = argument[argument.index("The milk tanker: only the points"):argument.index("The steel hauler: only what")]
    hauler = argument[argument.index("The steel hauler: only what"):]
    # each further truck's weight found stands in its arithmetic, the chain to its excess not argued again
    # (trainer review 8, 11)
    assert "82,600 lb - 80,000 lb = 2,600 lb" in tanker and "82,600 lb, which is more than" not in tanker
    assert "s. 348.21(3)(b)1.b" in tanker and "3 cents a pound × 2,600 lb = $78.00" in tanker
    assert ("not less than $128.00 nor more than $278.00, imposed on Ben Ode (the operator); to be prosecuted, where "
            "practicable, against Dairyland Co-op") in tanker
    assert "85,300 lb - 80,000 lb = 5,300 lb" in hauler and "85,300 lb, which is more than" not in hauler
    assert "s. 348.21(3)(b)1.e" in hauler and "15 cents a pound × 5,300 lb = $795.00" in hauler
    assert "not less than $845.00 nor more than $995.00, imposed on Cy Marsh (the operator); to be prosecuted, where practicable, against Lakeshore Steel LLC" in hauler
    # the base range of (3)(b)1 is argued for the milk tanker, not again for the steel hauler
    assert "base forfeiture range of s. 348.21(3)(b)1 for the milk tanker is $50.00 to $200.00" in tanker
    assert "base forfeiture range" not in hauler and "$50.00 + $795.00 = $845.00" in hauler


def test_the_five_tiers_forfeiture_handout_prints_on_at_most_four_pages(tmp_path):
    # the review's five trucks, each under another paragraph of s. 348.21 (sub. (3)(a), (3)(b)1, (3)(b)2,
    # (3g)(a); one under its limit): 5 pages when each repeated its whole element tree
    case = "tests/fixtures/five_trucks_tiers.yaml"
    said = _answer(case, "forfeiture")
    assert "not less than $1,072.00 nor more than $1,272.00 (s. 348.21(3)(b)2)" in said
    assert "not less than $390.00 nor more than $490.00 (s. 348.21(3g)(a))" in said
    assert page_count(_pdf(tmp_path, case, "forfeiture")) <= 4


HISTORIES = "tests/fixtures/five_vehicles_conviction_histories.yaml"


def test_five_conviction_histories_quote_each_sentence_once_and_say_the_unnamed_person_once(tmp_path):
    # trainer review 5, handout 11 (five vehicles at one scale, each with its own conviction history)
    said = _answer(HISTORIES, "forfeiture")
    for amount in ("not less than $50.00 nor more than $100.00 (s. 348.21(3)(a))",
                   "not less than $376.00 nor more than $576.00 (s. 348.21(3)(b)2)",
                   "not less than $1,788.00 nor more than $1,838.00 (s. 348.21(3g)(b))",
                   "not less than $134.00 nor more than $334.00 (s. 348.21(3)(b)2)"):
        assert amount in said
    assert "no forfeiture under s. 348.21 for the weight violation of v5 may be imposed (s. 348.21(2)(b))" in said
    text = _md(tmp_path, HISTORIES, "forfeiture")
    argument = text[text.index("## The argument"):text.index("## Our readings")]
    # s. 348.21(2)(b)'s reloading sentence is quoted once (the first vehicle's exception); the fifth
    # vehicle's paragraph says it was quoted above and gives only its other sentences
    assert argument.count("so that all wheels and axles are then within the statutory limits, the operator may") == 1
    # the fifth vehicle is argued by its permit's exemption (s. 348.25(2)(a), within its 100,000 lb), so
    # the reloading paragraph's later sentences are not quoted for it (trainer review 8, 12)
    # the permit exemption the case never reaches for a vehicle without a permit is said in one line,
    # its words quoted where a permit is in play (the fourth vehicle's)
    assert argument.count('"Vehicles or articles transported under permit are exempt') == 1
    fourth = argument[argument.index("The fourth vehicle: only what differs"):]
    assert '"Vehicles or articles transported under permit are exempt' in fourth
    assert "the first vehicle was not operated under a permit — **met** (the case's facts list no such permit: taken as none)" in argument
    # the person the case does not name is said in the first conclusion, not in each of five
    assert argument.count("(s. 348.20(1)), whom the case does not name") == 1
    assert ("**Conclusion:** the forfeiture under s. 348.21 for the weight violation of the second vehicle: not "
            "less than $376.00 nor more than $576.00, imposed on the operator of the second vehicle, not named in the "
            "case.\n") in argument   # the operator beside the s. 348.20(1) person, said once above (offender18)


# histories16: each prior counted one line, the box's ranges left to the rows; histories18: the value and
# its test one line, a further party's exception without the reasons it shares with an earlier party,
# the Answer without the other reading's amount its row gives, the heading's parties counted: 4 pages
@pytest.mark.xfail(strict=True, reason="4 pages after histories18; offender18's liable column (the operator and whose "
                   "record the priors are, beside the s. 348.20(1) person) took it back to 5: issue 46 item 4 open")
def test_five_conviction_histories_print_on_at_most_four_pages(tmp_path):
    assert page_count(_pdf(tmp_path, HISTORIES, "forfeiture")) <= 4


RIGS = "tests/fixtures/three_rigs_who_is_prosecuted.yaml"


def test_the_leased_rig_reads_plainly_who_is_named_and_who_is_prosecuted(tmp_path):
    # trainer review 5, handout 12: the rental company would be named as owner, but the leasing sentence
    # sends the prosecution to the lessee (the co-op), which also holds the authority; review 13, 12:
    # each ground cites its sentence by number, 'where practicable' only beside the authority holder's
    said = _answer(RIGS, "prosecute")
    assert "the prosecution for the overweight violation of t2 is to be instituted against c_coop (s. 348.20(1))" in said
    assert "against c_rent" not in said and "where practicable, against" not in said   # never the leasing business
    text = _md(tmp_path, RIGS, "prosecute")
    second = text[text.index("*The second vehicle: only what"):text.index("*The third vehicle:")]
    # the lessee is named on the authority holder's ground (first sentence) and on the leasing owner's (third)
    assert ("- Ground 1: s. 348.20(1), its first and last sentences — **met**\n   - the lessee of the second vehicle "
            "(authority holder) holds the operating authority under which the second vehicle was operated, so the "
            "prosecution for its overweight violation is to be instituted against the lessee of the second vehicle "
            "(authority holder) 'in every instance where practicable' (s. 348.20(1), first sentence) — **met**") in second
    assert "- Ground 2: s. 348.20(1), its third and last sentences — **met**" in second
    assert ("the principal business of the owner of the second vehicle (leasing business) is leasing vehicles, "
            "including trailers and semitrailers, for compensation — **met**") in second
    assert "by the sentences of s. 348.20(1) before the one on leased vehicles" not in text
    assert "leaving aside its sentence" not in text
    assert "the lessee of the second vehicle is the lessee of" not in text   # a tautology: the case names it
    # the lessee stands in the leasing business's place under the last sentence: no 'where practicable' there
    assert ("**Conclusion:** the prosecution for the overweight violation of the second vehicle is to be instituted "
            "against the lessee of the second vehicle (authority holder).") in second
    assert "is to be instituted, where practicable, against" not in text


FOUR = "tests/fixtures/four_trucks_priors_tiers.yaml"


def test_four_trucks_with_priors_say_the_authority_holder_once(tmp_path):
    # trainer review 6, 11: 5 pages; the facts box two-thirds of page 1, the authority-holder sentence
    # four times, the Answer box repeating the table in prose
    said = _answer(FOUR, "forfeiture")
    for amount in ("not less than $50.00 nor more than $100.00 (s. 348.21(3)(a))",
                   "not less than $230.00 nor more than $430.00 (s. 348.21(3)(b)2)",
                   "not less than $1,100.00 nor more than $1,150.00 (s. 348.21(3g)(b))",
                   "not less than $1,090.00 nor more than $1,290.00 (s. 348.21(3)(b)2)"):
        assert amount in said
    text = _md(tmp_path, FOUR, "forfeiture")
    # the statute's words for the authority holder once, for the four trucks
    # once for the four trucks in the facts box ('... the first vehicle ...; the same for the second ...'),
    # and at most once more where s. 348.20(1) is argued, for the first truck only
    assert text.count("evidencing the operating privileges under which") <= 2
    assert "the same for the second" in " ".join(text.split())
    assert ("is the owner of the first vehicle (authority holder); the same for the second vehicle, the third "
            "vehicle and the fourth vehicle — *stated*") in text
    # the table is the answer: the box says only what the table cannot (what is taken as none)
    box = next(line for line in text.splitlines() if line.startswith("**Answer.**"))
    assert box.startswith("**Answer.** As in the table above. ") and " The case's facts mention no " in box
    assert "$230.00" not in box and "$1,090.00" not in box
    assert "prior conviction for the first vehicle; we take it there was none" in box   # the first truck only
    # who is prosecuted (s. 348.20(1)) argued once, for the first truck, not again under each bracket
    argument = text[text.index("## The argument"):text.index("## Our readings")]
    assert argument.count("the prosecution for the overweight violation of") == 1


def test_four_trucks_with_priors_print_on_at_most_four_pages_printed(tmp_path):
    assert page_count(_pdf(tmp_path, FOUR, "forfeiture")) <= 4


SLEDS = "tests/fixtures/ch350_report_borrowed_sleds_youths.yaml"


def test_an_open_exception_quotes_only_the_sentence_that_creates_it(tmp_path):
    # trainer review 6, 10: s. 350.055 quoted whole, with the $5/$1/$4 instruction fee, under the second
    # ride's open exception, though only its last sentence (a certificate of another state) is relied on
    said = _answer(SLEDS, "owner_liable")
    assert "own1 knowingly permitted a prohibited operator to operate the snowmobile in op1 (s. 350.08)" in said
    assert "own1 knowingly permitted a prohibited operator to operate the snowmobile in op3 (s. 350.08)" in said
    assert "Undetermined: whether own1 knowingly permitted a prohibited operator to operate the snowmobile in op2" in said
    text = _md(tmp_path, SLEDS, "owner_liable")
    argument = text[text.index("## The argument"):text.index("## Our readings")]
    assert "instruction fee of $5" not in argument
    assert "Safety certification program established" not in argument
    assert argument.count("need not obtain a certificate from the department if the course content") == 1
    second = argument[argument.index("*The 13-year-old's ride"):]
    # the ride named once in its heading
    assert "*The 13-year-old's ride: undetermined; only what differs from the 11-year-old's ride" in argument
    # the certificate is a condition of compliance with s. 350.05(2) (parties14), open on the course content
    assert ("the 13-year-old holds a snowmobile safety certificate that counts under ss. 350.05 and 350.055 — "
            "**not stated**") in second   # one status vocabulary (words15): an open leaf is 'not stated'
    assert "safety certificate that counts under ss. 350.05 and 350.055 — **open**" not in second
