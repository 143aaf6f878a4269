"""Trainer review 12: lines a handout printed that contradict themselves or the page.

03: an alternative not met ('before 06:00') said in its true negative sentence with 'does not hold'; 'as argued
above' over an argument printed below. 04 and G7: 'would reverse the answer' over a change whose answer is again no
forfeiture; 07: 'some would leave it undecided' over a list none of which does. 08: one party's facts-box line
printed twice; a what-if clause said twice."""
import tempfile
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _md(case: str, query: str) -> str:
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "h.md"
        result = CliRunner().invoke(main, ["--timeout", "600", "export", str(ROOT / case), query, "--to", "md",
                                           "-o", str(out)])
        assert result.exit_code == 0, result.output
        return out.read_text(encoding="utf-8")


def _section(md: str, title: str) -> str:
    return md.split(f"## {title}")[1].split("\n## ")[0]


def test_the_unmet_hours_bound_says_what_it_asks_and_the_hours_argument_is_below():
    md = _md("facts/ch348_transformer_night_move.yaml", "forfeiture")
    # a line that is true never 'not met': the bound not crossed is said as what it asks
    assert "which is at or after 06:00" not in md
    assert ("- the time of day at which the lowboy was operated is before 06:00 (the earliest time of day at which "
            "the daytime permit allows operation) — **not met**, because it is 21:30") in md
    assert "- the time of day at which the lowboy was operated is 21:30, which is after 18:00 — **met**" in md
    assert "holds" not in md
    # the hours are argued under the permit's exception, printed after the element that refers to them
    argument = _section(md, "The argument")
    said = argument.index("the operation of the lowboy violated a condition of its permit — **met** "
                          "(as argued below under s. 348.25(3))")
    argued = argument.index("s. 348.25(3): exception: the operation of the lowboy violated a condition of its permit")
    assert said < argued
    assert "as argued above under s. 348.25(3)" not in md
    # the answer is unchanged: the excess over the statutory maximum, first conviction
    assert "not less than $2,750.00 nor more than $2,900.00 (s. 348.21(3)(b)1)" in md.split("**Answer.**")[1]


def test_the_reloaded_axle_lists_no_change_that_leaves_no_forfeiture_as_a_reversal():
    md = _md("facts/ch348_tandem_axle_reloaded.yaml", "forfeiture")
    whatif = _section(md, "What if?")
    assert "reverse" not in whatif
    assert "34,000 lb" not in whatif and "no forfeiture under s. 348.21 follows" not in whatif
    # the change that teaches the rule: not reloaded, $50 under s. 348.21(2)(b)
    assert whatif.strip().startswith("The change of a single fact below would change the amount.")
    assert ("1. If the operator of the flatbed had not reloaded under s. 348.21(2)(b)" in whatif)
    assert ("the answer would then be: the forfeiture under s. 348.21 for the weight violation of the flatbed: "
            "$50.00 (s. 348.21(2)(b)), imposed on the operator of the flatbed, not named in the case.") in whatif
    assert md.split("**Answer.**")[1].strip().startswith(
        "No forfeiture under s. 348.21 for the weight violation of the flatbed may be imposed (s. 348.21(2)(b)).")


def test_the_lineman_lead_names_only_what_the_listed_changes_do():
    md = _md("facts/ch350_utility_lineman.yaml", "lawful")
    whatif = _section(md, "What if?")
    assert "undecided" not in whatif
    assert whatif.strip().startswith("Changes of one fact each would reverse the answer. The nearest to the case as "
                                     "stated are listed below.")
    items = [line for line in whatif.splitlines() if line[:2] in ("1.", "2.", "3.", "4.", "5.")]
    assert len(items) == 3
    assert all("the answer would then be: Kelly Weber (the operator) violated s. 350.0" in line for line in items)


def test_the_owner_lending_three_times_says_each_party_line_and_each_clause_once():
    md = _md("facts/ch350_owner_lends_three_times.yaml", "violations")
    box = md.split("**The facts the argument uses.**")[1].split("## The argument")[0]
    first = ("- the first ride: the owner or person having charge or control of the snowmobile knowingly authorized "
             "or permitted the operator to operate it — *stated*")
    assert box.count(first) == 1
    assert box.count("- the second ride: ") == 1
    whatif = _section(md, "What if?")
    clause = "would not have violated s. 350.08 in the first ride"
    assert whatif.count(clause) == 1
    assert ("Quinn Adler (the owner or person in charge or control) would not have violated s. 350.08 in the first "
            "ride; the rest of the answer would stay as it is.") in whatif
    assert "s. 350.101" not in whatif
