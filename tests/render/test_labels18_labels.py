"""Trainer review 16, items 4, 7 and 9 (G5, G7, G8): labels true of what the reasoner reads, one
measure for a month count, every element marked, one citation style.

- The scenario is free text the reasoner does not read: a fact its facts leave out is "assumed — the
  case's facts do not mention it" / "taken as none — the case's facts list no prior conviction", and
  the facts box says the scenario's words are not read (08: "first offence", "grain truck" in the
  scenario, "the case does not mention it" beside them). A fact the case's facts state is "stated".
- A month count the case gives runs to the incident, past the period or within it (05: "... to the
  current conviction is 14 months" beside "... to the weighing is 3 months"); the law's own measure
  (to the current conviction) stays in the requirement it compares with.
- Every element line is marked: an identity the case states (03 el. 1, 07) and an amount worked out
  (05: "the total excess load ... is 2,000 lb") as much as a comparison.
- One citation style: "s. 348.21(3)(b)1" in headings as in the text, never "Wis. Stat. §"; "Wis.
  Stat." names only the chapter.
"""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"


def _md(tmp_path: Path, case: Path, query: str) -> str:
    out = tmp_path / f"{case.stem}.md"
    r = CliRunner().invoke(main, ["--timeout", "600", "export", str(case), query, "--to", "md", "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out.read_text(encoding="utf-8")


def _part(md: str, start: str, end: str) -> str:
    return md[md.index(start):md.index(end, md.index(start))]


def test_labels_say_what_the_case_facts_leave_out_and_the_scenario_is_not_read(tmp_path):
    md = _md(tmp_path, FIXTURES / "labels18_milk_truck_axle.yaml", "forfeiture")
    box = _part(md, "**The facts the argument uses.**", "## The argument")
    assert box.startswith("**The facts the argument uses.** Stated in the case, unless marked assumed or taken "
                          "as none. The scenario's words above are not read, only the case's facts: one they "
                          "leave out is assumed or taken as none even where the scenario speaks of it.\n"), box
    # the scenario says "first offence": the label says what it rests on, the case's facts
    assert ("- the person charged over the milk tanker has no prior conviction — *taken as none — the case's "
            "facts list no prior conviction*") in box
    assert ("- the excess load of the milk tanker could not be reloaded within the normal load carrying areas "
            "onto other wheels or axles so that all wheels and axles are then within the statutory limits — "
            "*assumed — the case's facts do not mention it* (s. 348.21(2)(b))") in box
    # a fact the case's facts state is stated, never assumed
    assert "- the milk tanker is not a vehicle combination transporting raw forest products — *stated*" in box
    assert "raw forest products — *assumed" not in md
    assert "the case does not mention it" not in md and "the case lists no" not in md
    answer = _part(md, "**Answer.**", "**The facts the argument uses.**")
    assert "The case's facts mention no prior conviction; we take it there was none: a first conviction" in answer
    assert "The case mentions no" not in answer
    assert "not less than $67.00 nor more than $217.00 (s. 348.21(3)(b)1)" in answer
    argument = _part(md, "## The argument", "## Our readings")
    assert ("- Exception: the operator of the milk tanker may reload under s. 348.21(2)(b) — **assumed not to "
            "apply**, because the case's facts do not mention it") in argument


def test_every_element_is_marked_and_one_citation_style(tmp_path):
    md = _md(tmp_path, FIXTURES / "labels18_milk_truck_axle.yaml", "forfeiture")
    argument = _part(md, "## The argument", "## Our readings")
    assert "### s. 348.21(3)(b)1 ([official text](" in argument
    assert "Wis. Stat. §" not in md and "§" not in md
    assert "Prepared from the excerpt of Wis. Stat. ch. 348 quoted below." in md
    # an amount worked out is marked like every element, and its comparison too
    # (histories18: the amount said in the comparison that tests it)
    assert ("   - the total excess load of the milk tanker is 1,700 lb, which is more than 1,000 lb (our reading: "
            "s. 348.21(3)(b) read as covering an excess over 1,000 lb, the complement of par. (a), as the excerpt "
            "lacks its lead-in) — **met**\n") in argument
    assert ("3. s. 348.21(3)(b)1.a: the rate under s. 348.21(3)(b)1 on the total excess load of the milk tanker "
            "is 1 cent a pound — **met**") in argument
    for line in argument.splitlines():
        if line.lstrip().startswith(("1. ", "2. ", "3. ", "4. ")):
            assert "**met**" in line or "**not met**" in line, line


def test_an_identity_the_case_states_is_marked_met(tmp_path):
    md = _md(tmp_path, ROOT / "facts" / "ch350_youth_under_12_unaccompanied.yaml", "owner_liable")
    argument = _part(md, "## The argument", "## Our readings")
    lines = [x for x in argument.splitlines() if "having charge or control of the snowmobile is " in x]
    assert lines and all(" — **met** (case file line " in x for x in lines), lines
    assert "### s. 350.08 ([official text](" in argument and "Wis. Stat. §" not in md
    # accompanied read as on the same snowmobile, by the definition that says so
    assert "not accompanied by another person on the same snowmobile (s. 350.05(4))" in argument


def test_every_month_count_the_case_gives_runs_to_the_weighing(tmp_path):
    md = _md(tmp_path, FIXTURES / "labels18_gravel_old_prior.yaml", "forfeiture")
    assert "to the current conviction is 15 months" not in md and "to the current conviction is 4 months" not in md
    box = _part(md, "**The facts the argument uses.**", "## The argument")
    # past the period: stated to the weighing, no assumption needed (it is past it to this conviction too)
    assert "to the current conviction" not in box, box
    assert "- the number of months from the 2023 conviction to the weighing is 15 months (line 18)" in md
    assert "the 2023 conviction: not counted: 15 months before, outside the 12-month period (s. 348.21(4))" in md
    # within it: stated to the weighing, with the assumption it needs and what holds otherwise
    assert ("- the number of months from the 2024 conviction (original judgment, forfeiture of deposit or payment) "
            "to the weighing is 4 months — *stated; assumed: this case's conviction is entered within 8 months "
            "of the weighing* (otherwise $128.00 to $278.00 (s. 348.21(3)(b)1))") in box
    answer = _part(md, "**Answer.**", "**The facts the argument uses.**")
    assert "not less than $230.00 nor more than $430.00 (s. 348.21(3)(b)2)" in answer
    assert "otherwise $128.00 to $278.00 (s. 348.21(3)(b)1)" in answer
    appendix = md[md.index("## Appendix"):] if "## Appendix" in md else ""
    assert "to the current conviction" not in appendix


def test_a_count_past_the_period_says_the_law_s_measure_and_the_case_s(tmp_path):
    # 05's shape: the old prior under (3g), past the period; the recent one under (3), within it
    md = _md(tmp_path, ROOT / "facts" / "ch348_log_truck_old_prior.yaml", "forfeiture")
    argument = _part(md, "## The argument", "## Our readings")
    past = [x for x in argument.splitlines() if "is at most the 12 months named in s. 348.21(4) — **not met**" in x]
    assert past, argument
    for line in past:
        # the law counts to the current conviction; the case gives the months to the weighing
        assert "to the current conviction is at most the 12 months" in line
        assert "to the weighing is " in line and ", more than the 12 months named in s. 348.21(4)" in line
