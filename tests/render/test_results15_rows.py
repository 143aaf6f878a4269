"""The results table never hides a conviction (trainer review 14, item 3 and handout 10): a party's
row that finds nothing under the question asked says what the same provisions establish of that
party (a par. (c) conviction, which s. 350.101(1)(d) does not merge), and a row with nothing else
stays as it was."""
from __future__ import annotations

from pathlib import Path

from reasoner.answer.api import Case
from reasoner.apps.export import export_files

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _md(case: Path, query: str) -> str:
    q = Case.from_file(case).question(query)
    return str(export_files("md", q.answer(), None, with_whatif=False, question=q)[0][1])


def _row(md: str, party: str) -> str:
    return next(line for line in md.splitlines() if line.startswith(f"| {party} |"))


def test_the_par_c_conviction_is_in_its_partys_row():
    md = _md(FIXTURES / "results15_ice_fishing_counts.yaml", "conviction_count")
    row = _row(md, "Tess Lund")
    assert row == ("| Tess Lund | no conviction under par. (a) or (b) counts (checked under s. 350.101); but Tess "
                   "Lund was found guilty under s. 350.101(1)(c) for acts arising out of the derby stop: that "
                   "conviction counts on its own, as par. (d) makes a single conviction only of findings under "
                   "both pars. (a) and (b) (s. 350.101(1)(d)) |")


def test_a_party_with_nothing_else_keeps_its_none_row():
    md = _md(FIXTURES / "results15_ice_fishing_counts.yaml", "conviction_count")
    assert _row(md, "Omar Ruiz") == "| Omar Ruiz | no conviction under par. (a) or (b) counts (checked under s. 350.101) |"
    # the party with a counted conviction: its own result only, no further sentence (the joinder of its
    # charges stays under 'Also decided')
    assert _row(md, "Rory Dunn") == "| Rory Dunn | the derby stop, both pars. (a) and (b) |"
    assert "Omar Ruiz was found guilty" not in md and "Rory Dunn was found guilty under s. 350.101(1)(c)" not in md


def test_also_decided_still_says_it_in_the_law_s_words():
    md = _md(FIXTURES / "results15_ice_fishing_counts.yaml", "conviction_count")
    assert ("- Under s. 350.101(1)(d): Tess Lund was found guilty under s. 350.101(1)(c) for acts arising out of "
            "the derby stop: that conviction counts on its own, as par. (d) makes a single conviction only "
            "of findings under both pars. (a) and (b).") in md


def test_a_row_left_open_says_the_par_c_conviction_before_what_stays_open():
    md = _md(FIXTURES / "results15_ice_fishing_open.yaml", "conviction_count")
    assert _row(md, "Tess Lund") == (
        "| Tess Lund | Tess Lund was found guilty under s. 350.101(1)(c) for acts arising out of the derby stop: that "
        "conviction counts on its own, as par. (d) makes a single conviction only of findings under both pars. (a) and (b) "
        "(s. 350.101(1)(d)); open: the derby stop, par. (a) alone; the case does not state whether Tess Lund was "
        "found guilty on the par. (a) charge |")
    assert _row(md, "Rory Dunn") == "| Rory Dunn | the derby stop, par. (b) alone |"


def test_ask_prints_the_same_row():
    from click.testing import CliRunner
    from reasoner.cli import main
    out = CliRunner().invoke(main, ["ask", str(FIXTURES / "results15_ice_fishing_counts.yaml"), "conviction_count"]).output
    flat = " ".join(out.split())
    assert ("- Tess Lund: no conviction under par. (a) or (b) counts (checked under s. 350.101); but Tess Lund was "
            "found guilty under s. 350.101(1)(c) for acts arising out of the derby stop: that conviction counts on "
            "its own, as par. (d) makes a single conviction only of findings under both pars. (a) and (b) "
            "(s. 350.101(1)(d))") in flat
    assert "- Omar Ruiz: no conviction under par. (a) or (b) counts (checked under s. 350.101) " in flat + " "
