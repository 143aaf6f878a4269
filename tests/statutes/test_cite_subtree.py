"""`reasoner cite` prints the provision with its subdivisions (indented, holes named); --only
prints the one node. Goldens are readable text; regenerate with REASONER_UPDATE_GOLDEN=1."""
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

GOLDEN = Path(__file__).parents[1] / "golden" / "cite"
UPDATE = os.environ.get("REASONER_UPDATE_GOLDEN") == "1"


def cite(*args):
    r = CliRunner().invoke(main, ["cite", *args])
    assert r.exit_code == 0, r.output
    return r.output


@pytest.mark.parametrize("citation, name", [("350.02(2)(b)4", "350_02_2_b_4"), ("348.21", "348_21")])
def test_cite_golden(citation, name):
    out = cite(citation)
    path = GOLDEN / f"{name}.txt"
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(out, encoding="utf-8")
    assert path.exists(), f"missing golden {path}; run with REASONER_UPDATE_GOLDEN=1"
    assert out == path.read_text(encoding="utf-8")


def test_night_direction_subdivision_names_4b_as_missing():
    out = cite("350.02(2)(b)4")
    lines = out.splitlines()
    assert lines[0] == "350.02(2)(b)4"
    assert lines[1].startswith("4. At night travel shall conform")
    a = next(i for i, l in enumerate(lines) if l.startswith("  a. The snowmobile trail"))
    b = next(i for i, l in enumerate(lines) if l.startswith("  4.b is not in the excerpt"))
    c = next(i for i, l in enumerate(lines) if l.startswith("  c. The use of the snowmobile trail"))
    assert a < b < c


def test_section_prints_its_subsections_in_statute_order():
    out = cite("348.21")
    starts = [l.strip()[:5] for l in out.splitlines() if l.startswith("  (")]
    assert starts == ["(2) (", "(3) h", "(3g) ", "(3r) ", "(3t) ", "(4) F"]
    assert "    (a) Any person who violates s. 348.17 (2)" in out
    assert "        e. Eighteen cents for each pound" in out      # (3)(b)2.e, three levels down
    assert "(a) is not in the excerpt (348.21(3t)(a)" in out
    assert "(b) has no lead-in in the excerpt (348.21(3)(b)" in out


def test_only_prints_one_node_as_before():
    assert cite("348.21", "--only") == "348.21\nPenalty for violating weight limitations.\n"
    assert cite("350.02(2)(b)4", "--only").count("\n") == 2


def test_json_carries_the_subdivisions():
    data = json.loads(cite("350.02(2)(b)4", "--format", "json"))
    assert [(s["label"], bool(s["hole"])) for s in data["subdivisions"]] == [("4.a", False), ("4.b", True),
                                                                             ("4.c", False)]
    only = json.loads(cite("350.02(2)(b)4", "--format", "json", "--only"))
    assert "subdivisions" not in only and only["text"].startswith("4. At night")


def test_a_leaf_prints_just_itself():
    assert cite("350.09(8m)") == cite("350.09(8m)", "--only")
