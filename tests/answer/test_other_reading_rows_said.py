"""Another reading's answer, row by row, in the rule files' words: a row that reading answers FALSE is
said in the negative ('... violated a provision'), never in the question's own positive words ('...
violated no provision'), which would say the opposite of that reading's answer (a case writer's
three rides beside a U.S. highway: 'the answer would be no: ride_out violated no provision ...;
ride_back_60ft violated no provision ...' though that ride stays unlawful under it)."""
import json
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _said(case):
    data = json.loads(CliRunner().invoke(main, ["ask", str(ROOT / case), "lawful", "--format", "json"]).output)
    found = []

    def walk(x):
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "said" and isinstance(v, list):
                    found.append(v)
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(data)
    return data, found


def test_each_row_of_the_other_reading_is_said_by_its_own_answer():
    data, found = _said("facts/ch350_three_night_rides.yaml")
    assert data["answer"] == "false" and found
    rows = found[0]
    assert {"text": "the ride on the 30-ft trail violated a provision of the ch. 350 excerpt", "answer": "false"} in rows
    for row in rows:
        # a FALSE row is never said with the positive 'violated no provision'
        assert ("violated no provision" in row["text"]) == (row["answer"] != "false"), row


def test_the_full_view_says_the_false_row_as_a_violation():
    out = CliRunner().invoke(main, ["ask", str(ROOT / "tests/fixtures/landing_borrowed_sleds.yaml"), "lawful",
                                    "--view", "full"]).output
    flat = " ".join(out.split())
    if "Turns on a reading" in flat:
        assert "ride_1 violated no provision" not in flat
