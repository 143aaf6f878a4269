"""A verdict names who committed each violation, as the answer with its proof does: `batch
--verdicts-only` (no proofs) reads the law's offender rows beside the question."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

FACTS = Path(__file__).resolve().parents[2] / "facts"
CASES = ["ch350_youth_under_12_unaccompanied.yaml", "ch350_night_direction_unlawful.yaml",
         "ch350_night_direction_lawful.yaml", "ch350_report_night_direction.yaml", "ch350_wide_sled.yaml"]


def _rows(folder, query, *flags):
    r = CliRunner().invoke(main, ["batch", str(folder), query, *flags])
    assert r.exit_code in (0, 1), r.output
    return {d["id"]: d for d in map(json.loads, r.stdout.splitlines())}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("cases")
    for name in CASES:
        (out / name).write_text((FACTS / name).read_text(encoding="utf-8"), encoding="utf-8")
    return out


def _said(row):
    return sorted((o["in"], o["provision"], o["offender"], o["role"]) for o in row.get("offenders") or [])


@pytest.mark.parametrize("query", ["lawful", "violations"])
def test_the_verdicts_name_the_same_offenders_as_the_proofs(folder, query):
    quick, full = _rows(folder, query, "--verdicts-only"), _rows(folder, query)
    assert set(quick) == set(full)
    for case_id in full:
        assert _said(quick[case_id]) == _said(full[case_id]), case_id


def test_the_owner_not_the_child_is_named_for_s_350_08_without_proofs(folder):
    row = _rows(folder, "lawful", "--verdicts-only")["ch350_youth_under_12_unaccompanied"]
    assert row["answer"] == "false"
    assert ("op1", "350.08", "dad", "owner or person in charge or control") in _said(row)
    assert ("op1", "350.05(1)", "p1", "operator") in _said(row)
    assert {o["offender_name"] for o in row["offenders"]} == {"Jamie Olson", "Mark Olson"}
    # a lawful ride has no violation, so no offender
    assert "offenders" not in _rows(folder, "lawful", "--verdicts-only")["ch350_night_direction_lawful"]
