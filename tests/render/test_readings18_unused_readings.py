"""readings18 (trainer review 16, item 6 and G6): a reading is listed under 'Our readings' only where it
reads a line the argument decides on.

- The frozen-surface reading of s. 350.03(2)(b) is carried by the law's line for public land: listed for
  a race whose place is read, not for a ride that was no race at all (02, reading 4).
- The 15-mile reading of s. 348.19(2)(b) is not listed where the livestock allowance fails on the
  interstate exclusion and the distance is not at 15 miles (06, reading 2); at exactly 15 miles it is.
- The par. (c) remark is not listed beside a count under pars. (a) and (b) (01, reading 1).
- The posted-limit reading of s. 348.21(2)(b) is carried by the law's line of the limits it names:
  listed, once, where a posted limit is read.
"""
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests" / "fixtures"

FROZEN = "Public land does not include the frozen surface of public waters"
FIFTEEN = "'15 miles or less': a point of apprehension exactly 15 miles from the destination qualifies."
PAR_C = "Convictions under par. (c) are not counted here"
A_ALONE = "A finding of guilt under par. (a) alone for an incident is one conviction"
POSTED = "Only the limits s. 348.21(2)(b) names can be reloaded under it"


@lru_cache(maxsize=None)
def _md(case: Path, query: str) -> str:
    from reasoner.answer.answering import Question, default_rulebase
    from reasoner.apps.export import export_files
    from reasoner.core.settings import current
    q = Question.of(str(case), query, default_rulebase(current().readings), current(), None)
    (_, text), *_ = export_files("md", q.answer(), None, question=q)
    return text


def _section(md: str, heading: str) -> str:
    start = md.index(f"## {heading}")
    end = md.find("\n## ", start + 1)
    return md[start:end if end >= 0 else None]


def _readings(md: str) -> list[str]:
    if "## Our readings" not in md:
        return []
    return [line.split(". ", 1)[1] for line in _section(md, "Our readings").splitlines()
            if line[:1].isdigit() and ". " in line]


def _answer(md: str) -> str:
    return md.split("**Answer.**")[1].split("\n")[0].strip()


def test_a_ride_that_was_no_race_lists_no_frozen_surface_reading():
    md = _md(FIX / "readings18_skier_at_60_ft.yaml", "violations")
    assert _answer(md).startswith("Noor Halvorsen (the operator) violated s. 350.03(1).")
    argument = _section(md, "The argument")
    assert ("- s. 350.03(2)(b): the ride was in a sanctioned race or derby on public land, a highway or a trail, "
            "on a route or track marked by the sponsor — **not met**") in argument
    assert "the ride was competition in a sanctioned snowmobile race or derby — **not met**" in argument
    readings = _readings(md)
    assert readings and not any(r.startswith(FROZEN) for r in readings)
    assert "frozen surface of public waters is not public land" not in md
    # the readings the answer rests on stay: the 10 mph boundary (a what-if moves the speed to it)
    assert any(r.startswith("A speed not to exceed 10 miles per hour") for r in readings)


def test_a_race_on_a_frozen_lake_still_lists_the_reading_it_rests_on():
    md = _md(ROOT / "facts" / "ch350_race_frozen_lake.yaml", "lawful")
    assert "Casey Larson (the operator) violated s. 350.03(1)" in _answer(md)
    assert [r for r in _readings(md) if r.startswith(FROZEN)] == [
        "Public land does not include the frozen surface of public waters: a race on a frozen lake or river gets "
        "no exception under (2)(b)."]
    assert ("a marked sanctioned race on frozen public waters is not excepted from s. 350.03(1) (our reading: the "
            "frozen surface of public waters is not public land, so a race on it gets no exception under (2)(b))") in md


def test_livestock_on_the_interstate_away_from_15_miles_lists_no_15_mile_reading():
    md = _md(FIX / "readings18_sheep_on_interstate.yaml", "may_proceed")
    answer = _answer(md)
    assert answer.startswith("No: the operator of the sheep trailer may not proceed")
    assert "(s. 348.19(2)(a): a weighing found the sheep trailer over the weight limitations" in answer
    assert "beyond the reach of s. 348.19(2)(b)" in answer
    assert "7 miles, which is at most 15 miles — **met**" in md
    assert FIFTEEN not in _readings(md) and "exactly 15 miles" not in md


def test_livestock_at_exactly_15_miles_lists_the_15_mile_reading():
    md = _md(FIX / "readings18_sheep_at_15_miles.yaml", "may_proceed")
    assert _answer(md).startswith("No: the operator of the sheep trailer may not proceed")
    assert FIFTEEN in _readings(md)


def test_a_count_under_pars_a_and_b_lists_no_par_c_remark():
    md = _md(FIX / "readings18_two_counts_open.yaml", "conviction_count")
    answer = _answer(md)
    assert "if so, Wren Olufsen has one conviction for the March 9 ride under both pars. (a) and (b)" in answer
    assert "if not, Wren Olufsen has one conviction for the March 9 ride under par. (a) alone" in answer
    readings = _readings(md)
    assert not any(r.startswith(PAR_C) for r in readings) and PAR_C not in md
    assert any(r.startswith(A_ALONE) for r in readings)


def test_a_posted_limit_lists_the_posted_limit_reading_once():
    md = _md(FIX / "months16_posted_reload.yaml", "forfeiture")
    assert "not less than $50.00 nor more than $100.00 (s. 348.21(3)(a))" in _answer(md)
    assert len([r for r in _readings(md) if r.startswith(POSTED)]) == 1
