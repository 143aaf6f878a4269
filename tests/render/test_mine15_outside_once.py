"""The note that the sections a quote cites are not in the excerpt is said once in a handout of several
vehicles (trainer review 15, G4: four trucks printed 's. 348.15, s. 348.16, s. 348.17(3) and s. 348.17(1),
cited above, are not in the excerpt.' four times), and each truck keeps its own answer."""
from click.testing import CliRunner

from reasoner.cli import main

CASE = "tests/fixtures/five_trucks_tiers.yaml"


def test_the_not_in_the_excerpt_note_is_said_once(tmp_path):
    out = tmp_path / "h.md"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", CASE, "must_reload", "--to", "md", "-o", str(out)])
    assert run.exit_code == 0, run.output
    md = out.read_text()
    notes = [line for line in md.splitlines() if "cited above, are not in the excerpt" in line
             or "cited above, is not in the excerpt" in line]
    assert len(notes) == 1, notes
    assert "s. 348.15" in notes[0]
    assert md.count("### s. 348.19(2)(a)") >= 1
