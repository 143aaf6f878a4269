"""Trainer review 15, handouts 10 and 11 (pages16): a joinder table of four people has a row per
person charged, never one per charge; each person's pair is argued once; the not-in-excerpt note of
s. 350.101(1)(d) once; nothing 'also decided' that only says what would follow from a finding the
case does not state. Four vehicles at a scale without permits: the permit exemptions of s. 348.25(2)
are not quoted, the reload reading is said once, two semis named by ids ending in their axle group
read 'the first potato semi' and 'the second potato semi'; the handout prints on at most 3 pages."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.answer.api import Case
from reasoner.apps.export import export_files
from reasoner.cli import main
from reasoner.render.pdf import page_count

ROOT = Path(__file__).resolve().parents[2]
JOINDER = ROOT / "tests" / "fixtures" / "pages16_four_people_joinder.yaml"
RELOAD = ROOT / "tests" / "fixtures" / "pages16_four_vehicles_reload.yaml"


def _md(case: Path, query: str) -> str:
    q = Case.from_file(case).question(query)
    return str(export_files("md", q.answer(), None, with_whatif=False, question=q)[0][1])


def _table(md: str) -> list[str]:
    return [line for line in md.split("**Answer.**", 1)[0].splitlines() if line.startswith("| ")]


def test_the_joinder_table_has_a_row_per_person_charged():
    md = _md(JOINDER, "joinder")
    rows = _table(md)
    assert rows == [
        "| Person | Result |",
        "| the racer | the offenses charged in the racer's par. (a) charge and the racer's par. (b) charge shall be joined |",
        "| the marsh owner | not joined: the marsh owner's par. (a) charge and the marsh owner's par. (b) charge arise "
        "out of different incidents or occurrences (our reading: par. (d) joins only charges from one incident or "
        "occurrence, and read otherwise it would join them) (s. 350.101(1)(d)) |",
        "| the granddaughter | not joined (checked under s. 350.101) |",
        "| the mechanic | open: whether the offenses charged in the mechanic's par. (a) charge and the mechanic's par. "
        "(b) charge shall be joined; the case does not state the incident or occurrence out of which the mechanic's "
        "par. (b) charge arises |"]
    assert "par. (a) charge | " not in md and "par. (c) charge |" not in md   # no row names a charge
    # the facts box says a person's charge by the person's name, never 'its par. (a) charge'
    assert "its par. (a) charge" not in md
    assert "- the marsh owner: the incident or occurrence out of which the marsh owner's par. (a) charge arises" in md


def test_each_person_is_argued_once_and_the_outside_note_once():
    md = _md(JOINDER, "joinder")
    argument = md[md.index("## The argument"):md.index("## Our readings")]
    heads = [line for line in argument.splitlines() if line.startswith("*The ")]
    assert [h.split(":", 1)[0] for h in heads] == ["*The racer", "*The marsh owner", "*The granddaughter", "*The mechanic"]
    # the granddaughter's (a) and (c) argued once, from the (a) end, not again from the (c) end
    assert argument.count("**Conclusion:** Not joined: the paragraph of s. 350.101(1) under which the granddaughter's "
                          "par. (c) charge is brought is not par. (b).") == 1
    assert "is brought is not par. (a)" not in argument
    assert argument.count("s. 350.11(3)(a)2 and 3, cited above, is not in the excerpt.") == 1
    # nothing is found guilty in the case: no line on what a conviction under par. (c) would count as
    assert "## Also decided" not in md and "counts on its own" not in md
    # the owner's result turns on the same-incident reading: said where used and in the Answer
    assert md.count("read otherwise it would join them") == 4   # table, Answer, heading, conclusion
    assert "This answer rests on our reading: par. (d) joins only charges from one incident or occurrence" in md


def test_four_vehicles_without_permits_quote_no_permit_exemption_and_one_reload_reading():
    md = _md(RELOAD, "must_reload")
    assert [r.split(" | ")[0] for r in _table(md)[1:]] == [
        "| the first potato semi", "| the second potato semi", "| the cheese truck", "| the goat trailer"]
    assert "tandem potato semi" not in md and "potato semi gross" not in md and "potato semi tandem" not in md
    assert '"Vehicles or articles transported under permit are exempt' not in md
    assert '"If an overweight permit has been obtained' not in md
    readings = md[md.index("## Our readings"):].split("\n## ", 1)[0]
    assert readings.count("displaces the duty of s. 348.19(2)(a)") == 1
    assert "is read as prevailing over the hold" not in readings
    assert readings.count("declining to reload is no failure or refusal under s. 348.19(3)") == 1
    # the cheese truck's $50 still names its reading where it is used
    assert ("| the cheese truck | the cheese driver | no — s. 348.21(2)(b) let the operator of the cheese truck reload or go "
            "on, in place of the duty of s. 348.19(2)(a) (the cheese truck was not reloaded and may continue to be "
            "operated upon the highway, but a forfeiture of $50 is imposed on its operator for failure to reload (our "
            "reading: s. 348.21(2)(b) prevails over the duty of s. 348.19(2)(a) not to proceed until reloaded or unloaded, and declining to reload under it is no "
            "refusal under s. 348.19(3))) |") in md


def _pdf_pages(tmp_path: Path, case: Path, query: str) -> int:
    if not shutil.which("chromium") and not shutil.which("chromium-browser"):
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but chromium is not installed (.ci/run installs it with apt-get)")
        pytest.skip("chromium is not installed (apt-get install -y chromium); the test runs under CI=true")
    out = tmp_path / "h.pdf"
    run = CliRunner().invoke(main, ["export", str(case), query, "--to", "pdf", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return page_count(out.read_bytes())


def test_four_vehicles_at_the_scale_print_on_at_most_three_pages(tmp_path):
    assert _pdf_pages(tmp_path, RELOAD, "must_reload") <= 3


def test_four_people_charged_print_on_at_most_two_pages(tmp_path):
    assert _pdf_pages(tmp_path, JOINDER, "joinder") <= 2
