"""Silence is never read against a party (trainer review 6, 09): a ride the case gives no equipment
facts for is not argued under the equipment rules of s. 350.09 (2) and (3), whose elements would be
"met" only because the case is silent (the head lamp of an unnamed snowmobile "assumed" not electric,
the tail lamp "assumed" not red). The answer says those provisions once, as not examined."""
from reasoner.answer.api import Case

from pathlib import Path

CASE = Path(__file__).resolve().parents[1] / "fixtures" / "ch350_county_k_night_rides.yaml"   # review 6, 09


def test_no_equipment_rule_argued_on_silence_nor_its_facts_assumed():
    answer = Case.from_file(CASE).ask("violations")
    arg = answer.argument
    cited = [p.citation for p in arg.provisions]
    assert "350.10(1)(g)" in cited   # the 23:15 ride's violation is argued
    assert not any(c.startswith(("350.09(2)", "350.09(3)")) for c in cited), cited
    said = " ".join(str(f) for f in arg.facts)
    for assumed in ("not an electric head lamp", "white light", "red light"):
        assert assumed not in said, said
    assert "the case is silent: taken as not so" not in repr(arg.provisions)
    assert "Not raised by the case: " in arg.short   # said once, in the answer (trainer review 10)


def test_a_row_our_reading_decides_says_so_in_the_results_table():
    """The 22:50 ride (against traffic, 45 ft, approved trail): s. 350.02(2)(b)4 with 4.b missing from
    the excerpt is ruled out only on our reading; its row names the provision and the reading, and
    no other ride's row does."""
    arg = Case.from_file(CASE).ask("violations").argument
    cells: dict[str, str] = {}
    for r in arg.table:
        if "entity" in r:
            cells[r["entity"]] = "; ".join([cells.get(r["entity"], "")] + r["established"] + r["open"])
    assert "no violation of s. 350.02(2)(b)4, unless the missing 4.b adds a condition to the trail exception" in cells["ride_c"], cells
    assert not any("350.02(2)(b)4" in c for e, c in cells.items() if e != "ride_c"), cells
    assert "violated s. 350.02(2)(b)4" not in " ".join(cells.values())


def test_a_provision_open_for_every_ride_is_said_once_not_in_each_row():
    """s. 350.08 open for each of four rides only on an owner, a permission and a prohibited operator
    nothing in the case suggests: not raised by the case (trainer review 10, change 4), said once in
    the answer, in no row of the table and not among the facts to find out (review 6, 09: the 80-word
    paragraph printed four times in the table)."""
    arg = Case.from_file(CASE).ask("violations").argument
    opened = [c for r in arg.table for c in r.get("open", [])]
    assert not any("350.08" in c for c in opened), opened
    assert not any("physical or mental disability" in str(u) for u in arg.undetermined)
    assert arg.short.count("350.08") == 1, arg.short


def test_one_open_point_for_several_rides_is_one_clause_of_the_answer():
    short = Case.from_file(CASE).ask("violations").argument.short
    assert short.count("violated s. 350.08") == 0, short
    assert "Not raised by the case: ss. 350.08, 350.09(2)(a)" in short and "(each ride) — the case states nothing" in short, short


def test_a_fact_of_a_snowmobile_the_case_never_names_is_open_not_false():
    """The root of 'silence read against a party' (review 6, 09): the rides state no snowmobile, so
    the proof's lookup of 'the head lamp of an unnamed snowmobile is electric' found no row and said
    it false ('not in the case'); the evaluation keeps it open (UNKNOWN matches any row), and so
    does the argument now."""
    answer = Case.from_file(CASE).ask("violations")
    seen = 0
    for row in answer.each or []:
        for key in ("part", "open_part"):
            part = row.get(key)
            if part is None:
                continue
            for nid, d in part.proof.nodes(data=True):
                if nid.startswith(("fact:head_lamp_electric(", "fact:tail_lamp_red(")):
                    seen += 1
                    assert d.get("status") == "undetermined", (nid, d)
                    assert d.get("how") != "not in the case"
    assert seen
