"""Trainer review 13 (G2, G4, G7, G8; 06 and 10): a counting question's answer gives each person's
total and says once what each conviction counts for; s. 350.101(1)(d) is said as the merger rule
it is, not as an exception; no what-if puts par. (c) (under 19) to a person stated to be 19 or older;
incidents are named by the dates their ids give, never by file order against the calendar."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main
from reasoner.facts.case import role_names

ROOT = Path(__file__).resolve().parent.parent.parent
TAIL = "for sentencing and for counting convictions under s. 350.11(3)(a)2 and 3 (not in the excerpt)"

# review 13's case 10 (the rider's part): ids that carry dates, the later incident listed first
WARMING_HUT = """\
description: "A sled hit the fence of a warming hut (Feb. 10): the rider was acquitted under par. (a) and found guilty under par. (b) for the crash; he was also found guilty under (a) for a January 20 ride."
entities:
  rider:
    type: person
    age: 33
  crash_feb10:
    type: incident
  ride_jan20:
    type: incident
  count1:
    type: charge
    charged_person: rider
    charge_incident: crash_feb10
    charge_paragraph: a
    found_guilty: false
  count2:
    type: charge
    charged_person: rider
    charge_incident: crash_feb10
    charge_paragraph: b
    found_guilty: true
  count3:
    type: charge
    charged_person: rider
    charge_incident: ride_jan20
    charge_paragraph: a
    found_guilty: true
"""


def _md(case: Path, tmp_path: Path) -> str:
    out = tmp_path / "h.md"
    r = CliRunner().invoke(main, ["export", str(case), "conviction_count", "--to", "md", "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out.read_text()


def _answer(md: str) -> str:
    line = next(x for x in md.splitlines() if x.startswith("**Answer.**"))
    return " ".join(line.split())


def test_the_answer_gives_the_total_and_says_what_each_counts_for_once(tmp_path):
    md = _md(ROOT / "facts/ch350_charges_different_incidents.yaml", tmp_path)
    answer = _answer(md)
    assert answer == ("**Answer.** Dale Peters: two convictions count (s. 350.101(1)(a), (d); s. 350.101(1)(b), (d)): "
                      "one for the January ride under par. (a) alone; one for the March ride under par. (b) alone; "
                      f"each {TAIL}.")
    assert answer.count(TAIL) == 1
    assert "(s. 350.101(1)(c)" not in answer


def test_one_conviction_alone_says_it_in_its_own_sentence(tmp_path):
    md = _md(ROOT / "facts/ch350_charges_two_people.yaml", tmp_path)
    answer = _answer(md)
    assert answer.startswith("**Answer.** Erin Moss has one conviction for the March 9 ride under both pars. (a) and (b), "
                             f"{TAIL} (s. 350.101(1)(d)).")
    assert "Erin Moss: " not in answer


def test_several_people_each_one_conviction_say_the_tail_once(tmp_path):
    md = _md(ROOT / "tests/fixtures/joinder17_two_rides.yaml", tmp_path)
    answer = _answer(md)
    assert answer.count(TAIL) == 1


def test_par_d_is_said_as_the_merger_rule_it_is(tmp_path):
    md = _md(ROOT / "facts/ch350_charges_different_incidents.yaml", tmp_path)
    assert ("- Single-conviction rule, s. 350.101(1)(d): Dale Peters has a single conviction under pars. (a) and (b) for the "
            "January ride — **the single-conviction rule does not apply**") in md
    assert "Exception, s. 350.101(1)(d)" not in md
    assert "the exception does not apply" not in md   # no other exception in this handout


def test_an_exception_elsewhere_is_still_an_exception(tmp_path):
    md = _md(ROOT / "facts/ch350_charges_two_people.yaml", tmp_path)
    assert "Exception, s. 350.101(1)(d)" not in md
    assert "Single-conviction rule, s. 350.101(1)(d)" in md


def test_no_what_if_puts_par_c_to_a_person_stated_to_be_19_or_older(tmp_path):
    md = _md(ROOT / "facts/ch350_charges_different_incidents.yaml", tmp_path)
    whatifs = md[md.index("## What if?"):]
    assert "had been par. (c)" not in whatifs
    # the what-ifs that can happen are still offered
    assert "had been par. (b) instead of par. (a)" in whatifs
    assert "had been the March ride instead of the January ride" in whatifs


def test_par_c_is_offered_where_the_person_is_under_19(tmp_path):
    young = (ROOT / "facts/ch350_charges_different_incidents.yaml").read_text().replace("age: 41", "age: 17")
    case = tmp_path / "young.yaml"
    case.write_text(young)
    whatifs = _md(case, tmp_path)
    whatifs = whatifs[whatifs.index("## What if?"):]
    assert "had been par. (c) instead of par. (a)" in whatifs


def test_incidents_read_by_the_dates_their_ids_give(tmp_path):
    case = tmp_path / "warming_hut.yaml"
    case.write_text(WARMING_HUT)
    md = _md(case, tmp_path)
    answer = _answer(md)
    assert answer == ("**Answer.** The rider: two convictions count (s. 350.101(1)(b), (d); s. 350.101(1)(a), (d)): "
                      "one for the Feb. 10 crash under par. (b) alone; one for the Jan. 20 ride under par. (a) alone; "
                      f"each {TAIL}.")
    assert "first incident" not in md and "second incident" not in md
    assert "crash_feb10" not in md and "ride_jan20" not in md


def test_ordinals_follow_the_dates_the_case_gives():
    entities = {"ann": "person", "op_x": "operation", "op_y": "operation"}
    dated = {"op_x": {"operation_date": "2024-02-10", "operator": "ann"},
             "op_y": {"operation_date": "2024-01-20", "operator": "ann"}}
    roles = role_names(entities, {"ann": "Ann Lee"}, dated, "")
    assert roles["op_y"] == "the first ride" and roles["op_x"] == "the second ride"
    undated = {"op_x": {"operator": "ann"}, "op_y": {"operator": "ann"}}
    roles = role_names(entities, {"ann": "Ann Lee"}, undated, "")
    assert roles["op_x"] == "the first ride" and roles["op_y"] == "the second ride"
