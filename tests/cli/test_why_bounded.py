"""`why` and `why-not` wrap within 100 columns, as `ask` does, and a long tree stops after
WHY_LINES lines saying how many steps it leaves out and what shows them."""
from click.testing import CliRunner

from reasoner.cli import main
from reasoner.cli.answers import WHY_LINES

CASE = "facts/ch350_night_direction_lawful.yaml"


def run(*args):
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_a_long_why_tree_is_cut_with_how_many_steps_are_left_out():
    lines = run("why", CASE, "lawful(op1)")
    assert len(lines) <= WHY_LINES + 10   # the last step shown finishes its quote (a clause of 5 lines), then the note
    assert lines[-2:] == ["… 225 more steps not shown (--view full shows the whole tree; --depth N only N steps "
                          "below the", "question)"]


def test_view_full_shows_the_whole_tree_within_100_columns():
    full = run("why", CASE, "lawful(op1)", "--view", "full")
    assert len(full) > WHY_LINES * 3
    assert not any(line.startswith("… ") for line in full)
    assert max(len(line) for line in full) <= 100


def test_why_not_lines_wrap_within_100_columns():
    lines = run("why-not", "facts/ch350_night_direction_unlawful.yaml", "lawful(op1)")
    assert max(len(line) for line in lines) <= 100
    at = lines.index("`-- [350.02 to 350.101] rule 350.02 to 350.101#1 with O=op1 does not apply: `not violation(O, _)`")
    assert lines[at + 1] == "        fails"
