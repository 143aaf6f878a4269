"""Trainer review 15, G6 and G8 (handouts 07, 10, 11): the "Who is liable" column names whom the $50
of s. 348.21(2)(b) binds (the operator), never "no one" beside it; a joinder row left open says
whether the two charges are joined, never the other charge's bare name; s. 350.101(1)(d) said in its
own words: "not joined" (par. (d) creates no offence), "a single conviction" / "both pars. (a) and
(b)", never "merged" nor "No violation of s. 350.101(1)(d)"."""
from __future__ import annotations

from pathlib import Path

from reasoner.answer.api import Case
from reasoner.apps.export import export_files

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
TRUCKS = FIXTURES / "table15_scale_two_trucks.yaml"
CHARGES = FIXTURES / "table15_joinder_two_riders.yaml"


def _md(case: Path, query: str) -> str:
    q = Case.from_file(case).question(query)
    return str(export_files("md", q.answer(), None, with_whatif=False, question=q)[0][1])


def _row(md: str, party: str) -> str:
    return next(line for line in md.splitlines() if line.startswith(f"| {party} |"))


def _conclusions(md: str) -> list[str]:
    return [line for line in md.splitlines() if line.startswith("**Conclusion:**")]


def test_the_fifty_dollars_names_the_operator_in_the_liable_column():
    md = _md(TRUCKS, "must_reload")
    assert "| Vehicle | Who is liable | Result |" in md
    row = _row(md, "the beet truck")
    assert row.startswith("| the beet truck | the beet driver | no — s. 348.21(2)(b) let the operator of the beet truck "
                          "reload or go on, in place of the duty of s. 348.19(2)(a) (the beet truck was not reloaded "
                          "and may continue to be operated upon the highway, but a forfeiture of $50 is imposed on "
                          "its operator for failure to reload (our reading:")
    assert "| the beet truck | no one |" not in md
    assert "the pulp driver" not in row        # the other truck's driver owes nothing on this row
    # the truck held overweight is never 'no one' beside it: this answer decides no penalty for it
    # held, and still overweight: its forfeiture and whom it binds (trainer review 15, 11)
    assert _row(md, "the pulp truck") == (
        "| the pulp truck | the pulp driver (operator, s. 348.21(3)) and, where practicable, the authority holder (s. 348.20(1)), "
        "not named in the case | yes; "
        "if convicted of the overweight violation: $65.00 to $215.00 under s. 348.21(3)(b)1 (a first conviction: "
        "the case's facts list no prior conviction, taken as none) |")
    assert "| no one |" not in md


def test_the_fifty_dollars_says_whom_it_is_imposed_on_for_one_vehicle():
    md = _md(TRUCKS, "may_proceed")
    answer = next(line for line in md.splitlines() if line.startswith("**Answer.**"))
    assert "a forfeiture of $50 is imposed on its operator for failure to reload" in answer
    assert "s. 348.21(2)(b)" in answer
    assert "a forfeiture of $50 is imposed for failure to reload" not in md


def test_an_open_joinder_row_says_whether_the_charges_are_joined_on_both_rows():
    md = _md(CHARGES, "joinder")
    cell = ("open: whether the offenses charged in the guide's par. (a) charge and the guide's par. (b) charge "
            "shall be joined; the case does not state the incident or occurrence out of which the guide's par. (b) "
            "charge arises |")
    # a row per person charged (pages16, review 15, 10): the guide's one row, its cell once
    assert _row(md, "the guide") == "| the guide | " + cell
    assert "| the guide's par. (b) charge |" not in md and md.count(cell) == 1


def test_charges_par_d_does_not_join_are_not_joined_never_no_violation():
    md = _md(CHARGES, "joinder")
    assert _row(md, "the cook") == (
        "| the cook | not joined: the cook's par. (a) charge and the cook's par. (b) charge arise "
        "out of different incidents or occurrences (our reading: par. (d) joins only charges from one incident or "
        "occurrence, and read otherwise it would join them) (s. 350.101(1)(d)) |")
    assert ("**Conclusion:** Not joined: the cook's par. (a) charge and the cook's par. (b) charge arise out of "
            "different incidents or occurrences (our reading: par. (d) joins only charges from one incident or "
            "occurrence, and read otherwise it would join them).") in _conclusions(md)
    assert "No violation of s. 350.101(1)(d)" not in md
    assert "not shown on the facts stated" not in md
    # the joined pair stays joined, in the statute's words
    assert _row(md, "the angler") == (
        "| the angler | the offenses charged in the angler's par. (a) charge and the angler's "
        "par. (b) charge shall be joined |")


def test_one_conviction_in_the_statute_s_words_never_merged():
    md = _md(ROOT / "facts" / "ch350_charges_two_people.yaml", "conviction_count")
    assert md.startswith("# ") and "merg" not in md.lower()
    assert "| Erin Moss | the March 9 ride, both pars. (a) and (b) |" in md
    assert "with one conviction for findings under both (s. 350.101(1)(d))?" in md.splitlines()[0]
    assert "Single-conviction rule, s. 350.101(1)(d):" in md
