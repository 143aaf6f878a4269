"""A description that says 'about 20 mph' of two rides: the facts box's line says the estimate's note
once (it was said twice in a row, review 15's case writer), and the verdicts stand: before 22:30 no
violation of s. 350.10(1)(g), after it a violation at 20 mph within 150 feet."""
from click.testing import CliRunner

from reasoner.answer.answering import ask
from reasoner.cli import main

CASE = "tests/fixtures/mine15_two_estimates.yaml"


def test_the_estimate_is_noted_once(tmp_path):
    assert ask(CASE, "night_speeding_near_dwelling(late_ride)").answer == "true"
    assert ask(CASE, "night_speeding_near_dwelling(first_ride)").answer == "false"
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", CASE, "lawful", "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    md = " ".join(out.read_text().split())
    assert md.count("the case says about 20 mph, an estimate") == 1, md[:3000]
    assert "violated s. 350.10(1)(g)" in md
