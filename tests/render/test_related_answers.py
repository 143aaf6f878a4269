"""A handout says what its deciding provision decides besides, on the same case: s. 350.101(1)(d)
joins the (a) and (b) charges AND, when the person is found guilty of both for one incident, makes
them a single conviction for sentencing (the trainer's point: the joinder handout quoted that
sentence and never applied it)."""
from pathlib import Path

import yaml
from click.testing import CliRunner

from reasoner.cli import main

FACTS = Path(__file__).resolve().parents[2] / "facts"


def _md(case, query, tmp_path):
    out = tmp_path / "h.md"
    r = CliRunner().invoke(main, ["export", str(case), query, "--to", "md", "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out.read_text(encoding="utf-8")


def test_the_joinder_handout_applies_the_single_conviction_sentence(tmp_path):
    md = _md(FACTS / "ch350_charges_same_incident.yaml", "joinder", tmp_path)
    head = md.index("## Also decided on the same facts")
    assert "The same provision also decides" not in md
    said = md[head:md.index("##", head + 3)]
    assert "Under s. 350.101(1)(d):" in said and "Dale Peters" in said and "both pars. (a) and (b)" in said


def test_no_single_conviction_is_said_when_one_count_is_not_a_finding_of_guilt(tmp_path):
    data = yaml.safe_load((FACTS / "ch350_charges_same_incident.yaml").read_text())
    data["entities"]["count2"]["found_guilty"] = False
    case = tmp_path / "one.yaml"
    case.write_text(yaml.safe_dump(data), encoding="utf-8")
    md = _md(case, "joinder", tmp_path)
    assert "merged" not in md and "(a and b)" not in md   # the joinder stands; the conviction is par. (a) alone
    assert "(not in the excerpt) (s. 350.101(1)(d))" not in md   # a lone finding is not a par. (d) conviction
    assert "shall be joined" in md


def test_a_lawful_handout_does_not_repeat_its_violations_as_related(tmp_path):
    md = _md(FACTS / "ch350_night_direction_unlawful.yaml", "lawful", tmp_path)
    assert "Also decided" not in md and "also decides" not in md
