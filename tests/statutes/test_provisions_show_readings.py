"""Three readings of the law, each shown in `reasoner provisions` (the answers themselves are
tested by the YAML law tests in reasoner/law/tests)."""
import json

from click.testing import CliRunner

from reasoner.cli import main


def _rows():
    r = CliRunner().invoke(main, ["provisions", "--format", "json"])
    assert r.exit_code == 0, r.output
    return {row["citation"]: row for row in json.loads(r.output)["provisions"]}


def test_provisions_notes_say_whom_each_350_09_subsection_binds():
    rows = _rows()
    assert "binds the manufacturer and the seller" in rows["350.09(5)"]["note"]
    assert "not the operator" in rows["350.09(5)"]["note"]
    assert "No operation violates sub. (7)" in rows["350.09(7)"]["note"]
    assert "modifier" in rows["350.09(7)"]["note"]
    for operator_bound in ("350.09(1)", "350.09(2)", "350.09(3)", "350.09(4)", "350.09(6)",
                           "350.09(8m)", "350.09(9)"):
        assert "operat" in rows[operator_bound]["note"], operator_bound
    assert "seller" in rows["350.09(6)"]["note"] and "seller" in rows["350.09(8m)"]["note"]
    assert "manufacturer" not in rows["350.09(8m)"]["note"]


def test_provisions_notes_for_the_parent_land_and_husbandry_readings():
    rows = _rows()
    assert "narrows leased lands only" in rows["350.05(3)"]["note"]
    assert "20,000 lb without the ordinary maximum" in rows["348.21(3t)(b)"]["note"]
    # a note never turns an encoded provision into a hole
    assert rows["350.05(3)"]["status"] == rows["348.21(3t)(b)"]["status"] == "encoded"


def test_provisions_text_shows_the_notes():
    r = CliRunner().invoke(main, ["provisions", "--chapter", "350"])
    line = next(l for l in r.output.splitlines() if l.startswith("350.09(7) "))
    assert "bind the manufacturer and seller" in line
