"""A report's handout (trainer review 13, 07): the provision its stated facts decide argued with its
exception, the stated facts that decide it in the facts box, the facts to find out as a short
checklist, everything the case says nothing about in one line, on at most 2 pages."""
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
LODGE = str(ROOT / "tests/fixtures/report14_lodge_village_street.yaml")


def _export(tmp_path, to):
    out = tmp_path / f"h.{to}"
    run = CliRunner().invoke(main, ["--timeout", "600", "export", LODGE, "lawful", "--to", to, "-o", str(out)])
    assert run.exit_code == 0, run.output
    return out


def test_the_report_handout_argues_the_roadway_rule_and_lists_its_facts(tmp_path):
    text = _export(tmp_path, "md").read_text()
    flat = " ".join(text.split())
    box = text.split("**The facts the argument uses.**", 1)[1].split("## The argument", 1)[0]
    for fact in ("the ride from the lodge took place on the main-traveled portion of a highway — *stated*",
                 "the ride from the lodge was for the purpose of residential access or access from lodging — *stated*",
                 # the case's one ride: its snowmobile and highway said without it (words15)
                 "- the roadway speed limit of the highway is 35 mph — *stated*",
                 "- the speed of the snowmobile is 30 mph — *stated*"):
        assert fact in box, fact
    # the open facts are the checklist's four, never a count of unknown facts nor unrelated ones
    assert "facts the case does not state, each listed under" not in box
    assert "the snowmobile used in the ride from the lodge" not in text
    assert "the person accompanying" not in text
    assert "of provisions not argued here" not in text
    assert "Also open, decided by facts the case does not state" not in text
    # s. 350.02(4) argued with its exception, before the open provisions
    assert text.index("### s. 350.02(4)") < text.index("### s. 350.09(1)")
    assert ("Exception, s. 350.02(2)(a)6: the ride from the lodge was residential or lodging access on a highway "
            "portion covered by an ordinance under s. 350.18(3) — **the exception applies, so the ride from the "
            "lodge did not violate s. 350.02(4)**") in flat
    assert "none is argued." in flat
    assert "as s. 350.09(1) covers darkness in its first words" in flat
    assert "covered by the first case" not in flat
    assert "is assumed to be an ordinance under s. 350.18(3) for that portion" in flat


@pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="pdfinfo not installed")
def test_the_report_handout_is_at_most_two_pages(tmp_path):
    pdf = _export(tmp_path, "pdf")
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    assert pages <= 2
