"""A case's raw `facts:` may not name a derived predicate, an entity kind or a
declared input of the rulebase (it would assert the law's conclusion, add a second value beside an
attribute, or make an operation a person). One located error, exit 2; `check` reports it too."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
UNLAWFUL = (ROOT / "facts" / "ch350_night_direction_unlawful.yaml").read_text()


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.mark.parametrize("extra, word", [
    ("facts:\n  lawful: [[op1]]\n", "derived"),          # the law's conclusion
    ("facts:\n  speed_mph: [[op1, 60]]\n", "attribute"),  # a second speed beside speed_mph: 40
    ("facts:\n  person: [[op1]]\n", "entity kind"),      # an operation made a person
])
def test_raw_facts_cannot_name_law_predicates(tmp_path, extra, word):
    case = tmp_path / "asserted.yaml"
    case.write_text(UNLAWFUL + extra)
    line = len(UNLAWFUL.splitlines()) + 2
    r = invoke("ask", case, "lawful")
    assert r.exit_code == 2, r.stdout
    assert f"asserted.yaml:{line}" in r.stderr
    assert word in r.stderr and "Traceback" not in r.stderr and "internal error" not in r.stderr
    c = invoke("check", case)
    assert c.exit_code == 1 and f"asserted.yaml:{line}" in c.stdout and "1 problem(s)" in c.stdout


def test_unrelated_raw_facts_are_refused(tmp_path):
    # A raw fact no rule reads was accepted and changed nothing -- a misspelled exemption
    # (public_utility_functon) left the answer Unlawful with no word; now it is an error
    case = tmp_path / "ok.yaml"
    case.write_text(UNLAWFUL + "facts:\n  note_taken: [[op1]]\n")
    r = invoke("ask", case, "lawful")
    assert r.exit_code == 2 and "note_taken, which no rule reads" in r.stderr


def test_generic_program_derived_predicate_refused_but_plain_facts_kept(tmp_path):
    prog = tmp_path / "p.dl"
    prog.write_text("p(X) :- q(X), X > 5.\nq(1).\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text("facts:\n  p: [[2]]\n")
    r = invoke("ask", bad, "p(X)", "--rules", prog)
    assert r.exit_code == 2 and "bad.yaml:2" in r.stderr and "derived" in r.stderr
    good = tmp_path / "good.yaml"
    good.write_text("facts:\n  q: [[9]]\n")
    r = invoke("ask", good, "p(9)", "--rules", prog)
    assert r.exit_code == 0, r.stderr


def test_raw_facts_cannot_extend_a_list_the_law_declares(tmp_path):
    # s. 350.09 lists the single beam type itself (`single_beam_type(single).`): a case's row would
    # have extended the statute's list, and came back as a binding 0 (the raw-facts fuzz found it)
    case = tmp_path / "with_facts.yaml"
    case.write_text((ROOT / "facts" / "ch350_night_direction_unlawful.yaml").read_text()
                    + "facts:\n  single_beam_type: [[op1]]\n")
    r = invoke("ask", case, "single_beam_type(X)")
    assert r.exit_code == 2 and "with_facts.yaml:" in r.stderr and "lists its values" in r.stderr
    plain = invoke("ask", ROOT / "facts" / "ch350_night_direction_unlawful.yaml", "single_beam_type(X)")
    assert plain.exit_code == 0 and "single" in plain.output
