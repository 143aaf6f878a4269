"""A person's open violation the case does not raise (the seller's and the maker's muffler duty of
s. 350.09(6) on a demo day whose sleds' mufflers the case never mentions) is said once as not raised
by the case, like an operation's (prose/answers.py unraised_rows; docs/SEMANTICS.md 'Not raised by
the case'): never the 'not examined' line with a conditional on each sled's muffler."""
from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.prose.answers import unraised_rows
from reasoner.render.jsonout import undetermined_entries

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def _flat(text):
    return " ".join(text.split())


def test_the_dealer_s_and_maker_s_muffler_duty_is_not_raised_by_the_case():
    a = ask(str(FIX / "dealer_demo_day.yaml"), "equipment_duties")
    assert a.answer == "undetermined"   # kept open, never settled unsaid
    short = _flat(a.argument.short)
    assert short.startswith("Undetermined only on provisions the case does not raise: s. 350.09(6) (North Woods "
                            "Sleds and the maker) — the case states nothing about it, so no violation is shown "
                            "on the facts stated."), short
    assert "not examined" not in short and "If sled1 is not equipped with a muffler" not in short
    # the other reading of s. 350.09(8) is still said, with its offenders
    assert ("Read otherwise (the exception of sub. (8) covers the racing or testing only, not the sale of the "
            "snowmobile), it would be yes: North Woods Sleds (the seller) would have violated s. 350.09(7); the "
            "maker (the manufacturer) would have violated s. 350.09(7).") in short
    rows = unraised_rows(a)
    assert sorted((r["binding"]["P"], r["binding"]["C"]) for r in rows) == [("dealer", "350.09(6)"),
                                                                            ("maker", "350.09(6)")]
    assert all(r["violation"] and not r["offence_in"] for r in rows)
    json_rows = undetermined_entries(a)
    assert [(r["binding"]["P"], r["in_issue"]) for r in json_rows] == [("dealer", False), ("maker", False)]
    assert not any("350.09(7)" in str(r["binding"]) or "350.09(5)" in str(r["binding"]) for r in json_rows)


def test_the_table_says_the_row_s_own_result_before_the_other_reading_s():
    # the cell read 's. 350.09(7) or possibly s. 350.09(6) if the exception of sub. (8) covers ...' alone,
    # as if s. 350.09(7) were the result on our reading (sub. (8) keeps the tested sleds out of sub. (7))
    a = ask(str(FIX / "dealer_demo_day.yaml"), "equipment_duties")
    table = {r["entity"]: r for r in a.argument.table}
    assert sorted(table) == ["North Woods Sleds", "the maker"]
    for row in table.values():
        assert row["established"] == [
            "no violation is shown on the facts stated (not raised by the case)",
            "s. 350.09(7) or possibly s. 350.09(6) if the exception of sub. (8) covers the racing or testing only, "
            "not the sale of the snowmobile (another reading of s. 350.09(8))"], row
        assert row["open"] == []
