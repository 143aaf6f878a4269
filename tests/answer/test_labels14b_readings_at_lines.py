"""Trainer review 10 (handouts 04, 07, 11): each assumption labelled where it decides something, and
the argument in the statute's own structure.

- A comparison line that rests on a reading of its rule carries the reading's short words
  (`@reading "words" "reading"`): '6,300 lb, which is more than 1,000 lb (our reading: ...)'.
- s. 350.04(2)(e) is one of the limitations s. 350.04(2)'s lead-in names, not an exception: 'Limit,
  s. 350.04(2)(e): ... — the limit does not bar it'.
- A value the law's own list leaves out is the law's statement ('a town highway is not a state trunk
  or connecting highway'), never 'town highways are state trunk or connecting highways — not met'.
- The route's marking (s. 350.02(2)(a)5 'required to be marked') is said as the reading it is.
- A what-if whose change makes a condition of a failing exception hold names the exception and the
  readings it rests on, never 'Then s. 350.02(2)(b)4.a would apply'.
"""
from pathlib import Path

from asking import ROOT, export_markdown, handout_text

from reasoner.answer.answering import ask
from reasoner.language.parser import parse_text

FIXTURES = ROOT / "tests/fixtures/review10"
LEAD_IN = ("(our reading: s. 348.21(3)(b) read as covering an excess over 1,000 lb, the complement of "
           "par. (a), as the excerpt lacks its lead-in)")


def _argument(md: str) -> str:
    return md.split("## The argument")[1].split("## Our readings")[0]


# -- 1. the reading at the comparison line (handout 11) ------------------------------------------------

def test_the_lead_in_reading_labels_the_more_than_1000_lb_line_of_the_cooperative():
    md = export_markdown(FIXTURES / "coop_harvest.yaml", "forfeiture")
    arg = _argument(md)
    # before: '- the total excess load of t2 is 6,300 lb, which is more than 1,000 lb — **met**'
    assert f"is 6,300 lb, which is more than 1,000 lb {LEAD_IN} — **met**" in arg
    assert "which is more than 1,000 lb — **met**" not in arg
    # the reading in full stays under 'Our readings'; the amount is unchanged
    assert "The lead-in of s. 348.21(3)(b) is missing from the excerpt" in md.split("## Our readings")[1]
    assert "not less than $1,234.00 nor more than $1,434.00" in md


def test_the_lead_in_reading_labels_each_vehicle_of_the_house_moves_and_the_gravel_truck():
    arg = _argument(export_markdown(FIXTURES / "house_move_permits.yaml", "permit_condition_forfeiture"))
    assert f"is 16,500 lb, which is more than 1,000 lb {LEAD_IN} — **met**" in arg
    # the second vehicle's line rests on the same reading, said in full at the first (pages15)
    assert "is 2,600 lb, which is more than 1,000 lb (our reading, as above) — **met**" in arg
    assert arg.count(LEAD_IN) == 1
    arg = _argument(export_markdown(ROOT / "facts/ch348_gravel_truck_repeat_offense.yaml", "forfeiture"))
    assert f"the total excess load of the dump truck is 4,200 lb, which is more than 1,000 lb {LEAD_IN} — **met**" in arg


def test_a_rule_without_short_words_labels_nothing_sub_3_a_under_1000_lb():
    arg = _argument(export_markdown(ROOT / "facts/ch348_delivery_truck_small_excess.yaml", "forfeiture"))
    assert "the total excess load of the box truck is 800 lb, which is at most 1,000 lb — **met**" in arg
    assert "our reading: s. 348.21(3)(b)" not in arg


def test_the_short_words_of_a_reading_are_parsed_with_it():
    prog = parse_text('@provision "348.21(3)(b)1"\n@reading "short words" "The reading in full."\n'
                      'p(V) :- q(V, X), X > 1000.\n@provision "348.21(3)(a)"\n@reading "Only in full."\n'
                      'r(V) :- q(V, X), X <= 1000.\n')
    first, second = prog.rules
    assert first.readings == ["The reading in full."] and first.said == (("short words", "The reading in full."),)
    assert second.readings == ["Only in full."] and second.said == ()


# -- 2-4. the town route (handout 04) ------------------------------------------------------------------

def _route(tmp_path: Path, highway_class: str) -> Path:
    text = (ROOT / "facts/ch350_town_route_lawful.yaml").read_text()
    assert "highway_class: town" in text
    path = tmp_path / f"route_{highway_class}.yaml"
    path.write_text(text.replace("highway_class: town", f"highway_class: {highway_class}"))
    return path


def test_the_town_route_says_the_limit_the_law_statement_and_the_marking_reading():
    md = export_markdown(ROOT / "facts/ch350_town_route_lawful.yaml", "lawful")
    arg = _argument(md)
    # before: 'Exception, s. 350.04(2)(e): ... — **the exception does not apply**'
    assert ("- Limit, s. 350.04(2)(e): the ride used a route on a state trunk or connecting highway — "
            "**the limit does not bar it**") in arg
    assert "Exception, s. 350.04(2)(e)" not in arg
    # before: 'town highways are state trunk or connecting highways — **not met**'
    # the case's class set against the limit's list, the law's own list line left out (review 15, G3)
    assert "- the highway on or along which the ride took place is a town highway — **met**" in arg
    assert "- a town highway is not a state trunk or connecting highway\n" not in arg
    assert "town highways are state trunk or connecting highways" not in arg
    # before: the marking the route needs was assumed in silence
    assert ("s. 350.02(2)(a)5: the ride was on a designated snowmobile route that may be used (a designated "
            "route is one s. 350.04(2)(d) requires to be marked; whether it was marked is not asked: our "
            "reading) — **met**") in arg   # a condition of the exception of (a)5: it is met (review 11, G6)
    assert "— **holds**" not in arg
    assert 'Highways "which are required to be marked" are every highway designated as a route' in md
    assert "**Answer.** The ride violated no provision of the ch. 350 excerpt" in md
    assert "s. 350.02(4)" not in md.split("**Answer.**")[1].split("\n")[0]


def test_a_county_route_reads_alike_and_a_state_trunk_route_is_barred(tmp_path):
    arg = _argument(export_markdown(_route(tmp_path, "county"), "lawful"))
    assert "Limit, s. 350.04(2)(e): the ride used a route on a state trunk or connecting highway — **the limit does not bar it**" in arg
    assert "- the highway on or along which the ride took place is a county highway — **met**" in arg
    assert "- a county highway is not a state trunk or connecting highway\n" not in arg
    a = ask(str(_route(tmp_path, "state_trunk")), "lawful")
    assert a.answer == "false"
    assert {"350.02(4)", "350.04(2)(e)"} <= set(a.cited)
    assert "350.04(2)(a)" not in a.cited
    md = export_markdown(_route(tmp_path, "state_trunk"), "lawful")
    assert "Drew Anderson (the operator) violated s. 350.04(2)(e)." in md and "in the ride" not in md
    assert "Limit, s. 350.04(2)(e)" not in _argument(md)   # argued as the violation it is there


def test_only_a_lead_in_naming_limitations_makes_a_limit():
    from reasoner.explain.argument import _a_limitation
    assert _a_limitation("350.04(2)(e)") and _a_limitation("350.04(2)(a)")
    assert not _a_limitation("350.05(3)") and not _a_limitation("350.02(2)(a)5") and not _a_limitation("")


# -- 5. the what-if through the trail exception (handout 07) -------------------------------------------

def test_the_what_if_names_the_trail_exception_and_its_readings():
    text = handout_text(ROOT / "facts/ch350_night_direction_undetermined.yaml", "lawful")
    assert "Then s. 350.02(2)(b)4.a would apply" not in text
    assert ("Then the exception that the trail meets s. 350.02(2)(b)4.a and 4.c (on our "
            "readings: the trail exception needs only 4.a and 4.c, as 4.b is not in the excerpt; a U.S. "
            "highway counted as a state trunk highway) would apply.") in text
    # at night is an element of (b)4 itself (trainer review 11, G6): no what-if says the daylight of
    # (b)3 would apply, as the argument no longer argues it as an exception
    assert "Then s. 350.02(2)(b)3 would apply" not in text


def test_the_what_if_off_a_us_highway_names_only_the_readings_it_rests_on():
    text = handout_text(ROOT / "facts/ch350_night_direction_unlawful.yaml", "lawful")
    assert "Then s. 350.02(2)(b)4.a would apply" not in text
    assert ("Then the exception that the trail meets s. 350.02(2)(b)4.a and 4.c (on our "
            "reading: the trail exception needs only 4.a and 4.c, as 4.b is not in the excerpt) would apply") in text
    assert "U.S. highway counted" not in text.split("What if")[-1]


def test_an_exception_cited_by_its_own_provision_keeps_the_citation():
    text = handout_text(ROOT / "facts/ch350_youth_age_12_alone.yaml", "lawful")
    assert "Then s. 350.05(3) would apply instead of s. 350.05(2) and s. 350.08." in text
    assert "Then the exception that" not in text
