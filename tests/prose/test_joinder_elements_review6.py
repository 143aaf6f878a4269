"""Joinder under s. 350.101(1)(d) as a trainee reads it (trainer review 6, 04): an element says which
paragraph each count charges, another whether both counts arise out of the same incident; the
'Also decided' line carries no trailing citation of the paragraph it already names."""
import pytest

from pathlib import Path

from reasoner.answer.answering import ask
from reasoner.prose.argument import related_line

FACTS = Path(__file__).resolve().parents[2] / "facts"


def _elements(arg):
    return [(e.requirement or e.text, e.status) for p in arg.provisions for e in p.elements]


def test_joinder_elements_name_the_paragraphs_and_the_one_incident():
    arg = ask(str(FACTS / "ch350_charges_different_incidents.yaml"), "joinder").argument
    assert [p.citation for p in arg.provisions] == ["350.101(1)(d)"]
    els = _elements(arg)
    assert ("count 1 charges par. (a) and count 2 charges par. (b)", "true") in els, els
    assert ("count 1 and count 2 arise out of the same incident or occurrence", "false") in els, els
    assert arg.answer == "false"


def test_also_decided_drops_the_citation_of_its_own_section_only():
    line = related_line({"citation": "350.101(1)(d)", "short": "Dale Peters has one conviction for the January ride "
                         "under par. (a) alone (s. 350.101(1)(a)); Dale Peters has one conviction for the March ride "
                         "under par. (b) alone (s. 350.101(1)(b))."})
    assert "(s. 350.101(1)(a))" not in line and "(s. 350.101(1)(b))" not in line
    assert line.startswith("Under s. 350.101(1)(d): Dale Peters has one conviction for the January ride under par. (a)")
    other = related_line({"citation": "348.21(2)(b)", "short": "The fifth vehicle: yes — the operator of the fifth "
                          "vehicle may proceed (s. 348.19(2)(b))."})
    assert other == "Under s. 348.21(2)(b): the operator of the fifth vehicle may proceed (s. 348.19(2)(b))."
