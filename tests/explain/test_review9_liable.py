"""Trainer review 9, 11: a several-purchaser records table printed 'Who is liable: no one' beside a
$1,000.00 forfeiture: the s. 348.195 penalty is keyed by the record, the row by the purchaser. The
liable column names the purchaser the forfeiture is imposed on; a purchaser with no violation stays
'no one'."""
from pathlib import Path

from asking import handout_of
from reasoner.prose import argument as words

CASE = Path(__file__).resolve().parents[1] / "fixtures/two_purchasers_records.yaml"


def test_the_purchaser_whose_record_was_discarded_is_liable_the_other_no_one():
    h = handout_of(CASE, "records_forfeiture")
    arg = h.argument
    rows = {r["entity"]: words.table_cells(r, arg.table) for r in arg.table}
    assert len(rows) == 2, rows
    liable = {k: v[1] for k, v in rows.items()}
    results = {k: v[2] for k, v in rows.items()}
    a = next(k for k in rows if "$1,000.00" in results[k])
    b = next(k for k in rows if k != a)
    assert liable[a] != words.NO_ONE and liable[a] == a, rows
    assert liable[b] == words.NO_ONE and "$" not in results[b], rows
    assert h.answer == "true" and "348.195(4)" in h.cited
