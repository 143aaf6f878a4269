"""Issue 15, fault 3 and "every limit holds, in every command": --timeout validated, one time limit
per question covering evaluation, proof, why-not, what-if (also inside export), interview evaluation;
a row budget ending in one error naming the rule; early projection so that one vehicle with
thousands of priors is answered at once. Limit tests assert "ended within limit + generous slack"."""
import time

import pytest
from click.testing import CliRunner

from reasoner.cli import main

LAW_CASE = "facts/ch350_night_direction_lawful.yaml"


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308", "-1", "0", "abc", "86401"])
@pytest.mark.parametrize("where", ["global", "run"])
def test_timeout_must_be_finite_and_positive(tmp_path, value, where):
    # before: nan and inf were accepted (nan silently disabled the limit), run crashed on 1e308
    if where == "global":
        args = ["--timeout", value, "ask", LAW_CASE, "lawful"]
    else:
        prog = tmp_path / "p.dl"
        prog.write_text("q(1).\n", encoding="utf-8")
        case = tmp_path / "c.yaml"
        case.write_text("entities: {}\n", encoding="utf-8")
        args = ["run", str(prog), str(case), "--timeout", value]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    assert "Invalid value for '--timeout'" in r.output and "Traceback" not in r.output


def test_timeout_from_the_environment_is_validated_too(monkeypatch):
    monkeypatch.setenv("REASONER_TIMEOUT", "nan")
    r = CliRunner().invoke(main, ["ask", LAW_CASE, "lawful"])
    assert r.exit_code == 2 and "Invalid value for '--timeout'" in r.output


@pytest.mark.parametrize("value", ["12", "0.5", "86400"])
def test_a_sensible_timeout_is_accepted(value):
    r = CliRunner().invoke(main, ["--timeout", value, "ask", LAW_CASE, "lawful"])
    assert r.exit_code == 0 and "Answer: TRUE" in r.output
