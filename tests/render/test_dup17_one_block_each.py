"""dup17 (trainer review 16, 09 and G6; issue 46): three night rides past a dwelling, a certificated
youth whose sled an adult in control let her ride, and a rider whose speed is in dispute. One block per
provision per party (a certificate holder complies with s. 350.05(2): no 'exception'); the person in
control of the youth's sled cleared under s. 350.08 in one line; the unknown speed listed once and said
both ways; one sentence per party in the answer box; a sled named as the description writes it; the
standing requirements met each named in words."""
from functools import lru_cache
from pathlib import Path

from reasoner.apps.export import export_files
from reasoner.facts.case import role_names

ROOT = Path(__file__).resolve().parents[2]
CASE = "tests/fixtures/dup17_night_ranch_three_rides.yaml"


@lru_cache(maxsize=None)
def _md() -> str:
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.core.settings import current
    q = Question.of(str(ROOT / CASE), "violations", default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q, with_whatif=False)
    return text


def _section(md: str, start: str, end: str) -> str:
    return md[md.index(start):md.index(end, md.index(start))]


def _answer(md: str) -> str:
    return next(x for x in md.splitlines() if x.startswith("**Answer.**"))


def test_the_certificated_youth_has_one_block_under_s_350_05_2_and_it_is_complied_with():
    md = _md()
    niece = _section(md, "*The niece's ride:", "*The vet tech's ride:")
    assert niece.count("### s. 350.05(2)") == 1
    assert "### s. 350.05 (" not in niece   # no standing line of s. 350.05 beside it
    assert "Operation by youthful operators" not in niece
    assert "(the exception applies)" not in md
    assert "**Conclusion:** s. 350.05(2) is satisfied: the niece holds a valid snowmobile safety certificate issued " \
           "by the department; the operator of the niece's ride carried the snowmobile safety certificate while " \
           "operating; no law enforcement officer asked the operator of the niece's ride to display the snowmobile " \
           "safety certificate." in niece
    assert niece.count("No violation of s. 350.05(2)") == 0
    # her age is an element of the one block, her certificate said once, under 'Complied with'
    assert "1. the niece was over the age of 12 years but under the age of 16 years — **met**" in niece
    assert niece.count("- the niece holds a snowmobile safety certificate that counts under ss. 350.05 and 350.055") == 1
    assert "2. the niece holds a snowmobile safety certificate" not in niece


def test_the_person_in_control_is_cleared_under_s_350_08_in_one_line():
    md = _md()
    niece = _section(md, "*The niece's ride:", "*The vet tech's ride:")
    assert "### s. 350.08" in niece
    # the three ways it fails said of one subject, the subject once (dup18, G6)
    assert "**Conclusion:** No violation of s. 350.08 by the rancher: the operator of the niece's ride was not " \
           "prohibited from operating by s. 350.05, incapable of operating a snowmobile because of physical or " \
           "mental disability or under the influence of an intoxicant." in niece
    assert "; and the operator of the niece's ride" not in niece
    # no s. 350.08 line for a rider who is the person in control of nothing (the rancher's own ride)
    rancher = _section(md, "*The rancher's ride:", "*The niece's ride:")
    assert "350.08" not in rancher
    assert md.count("### s. 350.08") == 1


def test_the_speed_in_dispute_is_listed_once_and_said_both_ways():
    md = _md()
    box = _section(md, "**The facts the argument uses.**", "## The argument")
    assert box.count("the speed of the snowmobile in the vet tech's ride") == 1
    assert "- the speed of the snowmobile in the vet tech's ride — *not stated*" in box
    assert "in miles per hour — *not stated*" not in box
    vet = _section(md, "*The vet tech's ride:", "## Our readings")
    assert vet.startswith("*The vet tech's ride: open on the speed of the snowmobile in the vet tech's ride:*")
    assert "**Conclusion:** if the speed of the snowmobile in the vet tech's ride is more than 10 mph, the vet tech " \
           "(the operator) violated s. 350.10(1)(g) in the vet tech's ride; if not, the vet tech's ride did not " \
           "violate s. 350.10(1)(g); the case does not state the speed of the snowmobile in the vet tech's ride." in vet
    assert "it is undetermined whether the vet tech" not in vet
    assert ", in miles per hour is more than" not in md


def test_the_answer_box_says_each_party_once():
    answer = _answer(_md())
    assert "No violation of s. 350.10(1)(g) in the niece's ride" not in answer
    assert answer.count("the niece's ride") == 1
    assert "None for the niece's ride: no provision is shown violated on the facts stated (checked under ss. " \
           "350.02, 350.03, 350.04, 350.045, 350.05, 350.07, 350.08, 350.09, 350.10 and 350.101)." in answer
    # both results of the open row, the 'if not' branch never left alone
    assert "The vet tech's ride: if the speed of the snowmobile in the vet tech's ride is more than 10 mph, the vet " \
           "tech (the operator) violated s. 350.10(1)(g) in the vet tech's ride; if not, the vet tech's ride did not " \
           "violate s. 350.10(1)(g)" in answer
    assert "As in the table above. If not," not in answer


def test_the_spare_sled_is_named_as_the_description_writes_it_and_each_requirement_in_words():
    md = _md()
    assert "the ranch's spare sled" in md
    assert "ranch spare sled" not in md
    assert "the requirements of ss." not in md
    line = next(x for x in md.splitlines() if x.startswith("Requirements checked"))
    assert "the brake design of the ranch's spare sled permits simple and easy adjustment to compensate for wear " \
           "(s. 350.09(4))" in line
    assert "the ranch's spare sled is equipped with a muffler in good working order, in constant operation, that " \
           "blends the exhaust noise into the overall engine noise (s. 350.09(6))." in line


def test_an_id_of_three_words_reads_as_the_description_writes_its_owner():
    ents = {"family_second_sled": "snowmobile", "boy": "person", "r1": "operation", "r2": "operation", "dad": "person"}
    attrs = {"r1": {"operator": "boy", "snowmobile_used": "family_second_sled"}, "r2": {"operator": "dad"}}
    said = role_names(ents, {}, attrs, "the boy followed on the family's second sled")
    assert said["family_second_sled"] == "the family's second sled"
    # a description that never writes it so: the id's words as before
    assert role_names(ents, {}, attrs, "the boy followed on a sled")["family_second_sled"] == "the family second sled"
