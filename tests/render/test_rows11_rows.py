"""Trainer review 9, on cases without `name:` fields (rows11): the several-party table's open rows and
the labels of unnamed parties.

1. A party the case does not contain (the demo sled's manufacturer, whom the report does not name)
   reads as that unnamed party ('the manufacturer of the demo sled, not named in the case'), never as
   another party of the case that the exact split tried for it (the rider).
2. An open row's "who is liable" cell says whom it would bind ('possibly ...') or 'not known', never
   'no one'.
3. Labels come from what the case says of each party: a record by its purchaser, a sled's seller by
   that role, a party the scenario calls 'the dealer (p2)' the dealer."""
from functools import lru_cache

import pytest
from pathlib import Path

from reasoner.answer.question import Question
from reasoner.apps.export import handout_answer
from reasoner.explain.argument import build_argument
from reasoner.facts.case import described_as, role_names
from reasoner.prose import argument as words
from reasoner.prose.questions import scenario_line

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
DEALER = FIXTURES / "rows11_dealer_demo_day.yaml"
LANDING = FIXTURES / "rows11_landing_youth_rides.yaml"
SWEEP = FIXTURES / "rows11_records_sweep.yaml"


@lru_cache(maxsize=None)
def _asked(path, query: str):
    """(answer as asked, the handout's answer relabelled by role, its argument) -- no what-if."""
    question = Question.of(str(path), query)
    asked = question.answer()
    _, relabelled = handout_answer(question, asked)
    return asked, relabelled, build_argument(relabelled)


def _cells(path, query: str) -> list[tuple]:
    arg = _asked(path, query)[2]
    return [words.table_cells(r, arg.table) for r in arg.table]


def test_the_unnamed_manufacturer_is_no_other_party_of_the_case():
    asked, _, _ = _asked(DEALER, "equipment_duties")
    parties = {str(b["P"]) for b in asked.bindings}
    assert "rider" not in parties, asked.bindings         # the split tried the rider as the sled's maker
    open_rows = [b for b in asked.bindings if b["answer"] == "undetermined"]
    assert len(open_rows) == 1 and asked.exact, asked.bindings
    assert "rider" not in asked.undetermined[0]["sentence"]
    assert asked.undetermined[0]["unnamed"] == ["the manufacturer of demo_sled"]
    cells = _cells(DEALER, "equipment_duties")
    assert [c[0] for c in cells] == ["the dealer", "the manufacturer of the demo sled, not named in the case"], cells
    assert cells[1][-1].startswith("open: whether it violated s. 350.09(7)"), cells


def test_the_dealer_found_liable_stays_named():
    cells = dict((c[0], c[-1]) for c in _cells(DEALER, "equipment_duties"))
    assert cells["the dealer"] == "s. 350.09(7)", cells


def test_an_open_ride_names_whom_it_would_bind_never_no_one():
    cells = _cells(LANDING, "violations")
    liable = {c[0]: c[1] for c in cells if c[-1].startswith(("no violation", "open"))}
    assert liable, cells
    assert all(w != words.NO_ONE for w in liable.values()), cells
    assert liable["the 07:10 ride"] == "possibly the 07:10 rider or the 52-year-old", cells
    assert liable["the 08:00 ride"] == "possibly the 13-year-old", cells
    # a ride whose rider's age the report leaves open: that rider by the ride, never 'unknown'
    assert "unknown" not in liable["the 09:15 ride"] and "the 09:15 rider" in liable["the 09:15 ride"], cells


def test_an_open_penalty_row_names_the_purchaser_it_would_bind():
    cells = {c[0]: c for c in _cells(SWEEP, "records_forfeiture")}
    assert cells["the third purchaser"][1] == "possibly the third purchaser", cells
    assert cells["the first purchaser"][1] == words.NO_ONE    # nothing open, nothing found: no one
    assert cells["the second purchaser"][1] == "the second purchaser"


def test_records_read_by_their_purchaser():
    _, relabelled, _ = _asked(SWEEP, "records_forfeiture")
    roles = relabelled.case.roles if hasattr(relabelled.case, "roles") else {}
    names = relabelled.case.names
    said = {e: names.get(e) or roles.get(e) for e in ("t1", "t2", "t3", "t5", "t6")}
    assert said == {"t1": "the first purchaser's first record", "t2": "the first purchaser's second record",
                    "t3": "the second purchaser's first record", "t5": "the third purchaser's record",
                    "t6": "the fourth purchaser's record"}, said
    text = " ".join(" ".join(c) for c in _cells(SWEEP, "records_forfeiture"))
    assert "the sixth record" not in text and "the fifth record" not in text


def test_a_record_with_no_purchaser_of_record_keeps_its_ordinal():
    kinds = {"a": "purchaser", "r1": "record", "r2": "record"}
    names = role_names(kinds, {}, {"r1": {"record_purchaser": "a"}, "r2": {}}, "")
    assert names["r1"] != names["r2"] and "record" in names["r1"] and "record" in names["r2"], names


def test_a_sled_seller_and_maker_by_their_role_not_an_ordinal():
    kinds = {"p1": "person", "p2": "person", "p3": "person", "s1": "snowmobile", "s2": "snowmobile"}
    attributes = {"s1": {"seller_of": "p1", "manufacturer_of": "p3"}, "s2": {"seller_of": "p2"}}
    names = role_names(kinds, {}, attributes, "")
    assert names["p1"] == "the seller of the first snowmobile", names
    assert names["p2"] == "the seller of the second snowmobile", names
    assert names["p3"] == "the manufacturer of the first snowmobile", names
    # one seller of both sleds: 'the seller'
    both = role_names({"p1": "person", "p2": "person", "s1": "snowmobile", "s2": "snowmobile"}, {},
                      {"s1": {"seller_of": "p2"}, "s2": {"seller_of": "p2"}, "p1": {"age": "30"}}, "")
    assert both == {"p1": "the 30-year-old", "p2": "the seller", "s1": "the first snowmobile",
                    "s2": "the second snowmobile"}, both


def test_a_party_the_scenario_names_before_its_id_is_called_so():
    text = "The dealer (p2) lets a customer (p1) ride sled s1."
    assert described_as("p2", text) == "the dealer" and described_as("p1", text) == "the customer"
    line = scenario_line(text, {"p1": "the customer", "p2": "the dealer", "s1": "sled s1"})
    assert line == "Scenario: The dealer lets a customer ride sled s1.", line


def test_possibly_liable_words():
    assert words.possibly_liable(["the 07:10 rider", "the 52-year-old", "the 07:10 rider"]) == \
        "possibly the 07:10 rider or the 52-year-old"
    assert words.possibly_liable([]) == words.NOT_KNOWN
    assert words.unnamed_party(["the manufacturer of the demo sled"]) == \
        "the manufacturer of the demo sled, not named in the case"


@pytest.mark.slow
def test_an_open_ride_of_a_lawful_table_is_never_liable_no_one():
    # review 9: a warden's report of four youth rides, whose open rows read 'no one'
    cells = {c[0]: c for c in _cells(LANDING, "lawful")}
    assert cells["the 07:10 ride"][1] == "possibly the 07:10 rider or the 52-year-old", cells
    assert cells["the 08:00 ride"][1] == "possibly the 13-year-old", cells
    assert all(c[1] != words.NO_ONE for c in cells.values() if c[-1].startswith("open")), cells
