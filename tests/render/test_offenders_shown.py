"""Every violation names who committed it in the JSON argument, the handout and the batch CSV (who
the offender is, and the offenders of the JSON answer, are YAML law tests:
reasoner/law/tests/offenders_*.yaml and facts/tests/offenders_*.yaml)."""
import shutil
from pathlib import Path

from click.testing import CliRunner

from reasoner.answer.answering import ask
from reasoner.cli import main
from reasoner.render.jsonout import answer_dict

YOUTH = Path(__file__).resolve().parents[2] / "facts" / "ch350_youth_age_12_alone.yaml"


def test_the_offender_is_in_the_json_of_each_violation():
    data = answer_dict(ask(YOUTH, "lawful"))
    assert [(o["offender"], o["provision"]) for o in data["offenders"]] == [("p1", "350.05(2)"), ("dad", "350.08")]
    assert [(p["citation"], p["offender"], p["offender_role"]) for p in data["argument"]["provisions"]] == [
        ("350.05(2)", "Terry Garcia", "operator"), ("350.08", "Mark Garcia", "owner or person in charge or control")]


def test_the_handout_concludes_with_the_offender(tmp_path):
    out = tmp_path / "youth.md"
    result = CliRunner().invoke(main, ["export", str(YOUTH), "lawful", "--to", "md", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "Mark Garcia (the owner or person in charge or control) violated s. 350.08" in text
    assert "the ride violated s. 350.08" not in text and "op1 violated" not in text


def test_the_offender_is_a_column_of_the_batch_csv(tmp_path):
    shutil.copy(YOUTH, tmp_path / YOUTH.name)
    result = CliRunner().invoke(main, ["batch", str(tmp_path), "lawful", "--to", "csv"])
    header, row = result.stdout.splitlines()[:2]
    assert header.split(",")[-1] == "offenders"
    assert row.endswith(",p1 (the operator): s. 350.05(2) in op1; dad (the owner or person in charge or "
                        "control): s. 350.08 in op1")
