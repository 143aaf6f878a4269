"""Loose ends of the citation work (cite13): a quotation citing a provision the excerpt lacks (the
penalty section s. 350.11, counted by s. 350.101(1)(d)) says so once under the quote; a table cell
for a range of nothing says it in words; the 'may reload' step quotes the sentences of s. 348.21(2)(b)
its rule rests on; the docs cite in the compact form."""
import re
from pathlib import Path

import pytest

from tests.asking import export_markdown, handout_text

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = "s. 350.11(3)(a)2 and 3, cited above, is not in the excerpt."


def test_the_joinder_handout_says_the_penalty_section_is_not_in_the_excerpt_once():
    md = export_markdown(ROOT / "facts/ch350_report_joinder.yaml", "joinder")
    # the quotation stays as the statute prints it; the note follows it, once
    assert "counting convictions under s. 350.11 (3) (a) 2. and 3." in md
    assert md.count(OUTSIDE) == 1
    assert md.index("counting convictions under s. 350.11 (3) (a) 2. and 3.") < md.index(OUTSIDE)


def test_the_note_is_in_the_pdf_handout_too():
    text = handout_text(ROOT / "facts/ch350_report_joinder.yaml", "joinder")
    assert text.count(OUTSIDE) == 1


def test_a_quotation_citing_only_provisions_of_the_excerpt_has_no_note():
    md = export_markdown(ROOT / "facts/ch350_night_direction_unlawful.yaml", "lawful")
    assert "cited above" not in md


def test_the_outside_note_names_each_citation_once():
    from reasoner.explain.argument import Provision, _outside_once
    quote = ("(d) ... for purposes of counting convictions under s. 350.11 (3) (a) 2. and 3. ... as under "
             "s. 350.02 (2) (b) 4. and s. 350.11 (3) (a) 2.")
    p = Provision(citation="350.101(1)(d)", quote=quote, law="", outcome="true", conclusion="")
    out = _outside_once([p, p], None)
    assert out[0].outside == OUTSIDE   # s. 350.02 is in the excerpt: not named
    assert out[1].outside == ""        # cited again: said once, where first cited


def test_the_fifth_vehicle_cell_says_no_forfeiture_in_words():
    md = export_markdown(ROOT / "tests/fixtures/five_vehicles_conviction_histories.yaml", "forfeiture")
    row = next(x for x in md.splitlines() if x.startswith("| the fifth vehicle |"))
    assert "no forfeiture may be imposed (s. 348.21(2)(b))" in row and "$0.00" not in row


SPACED = re.compile(r"\bss?\. 3[45]\d\.\d+ \([0-9a-z]+\)")


@pytest.mark.parametrize("doc", ["PRESUMPTIONS.md", "SEMANTICS.md", "LANGUAGE.md", "COMMANDS.md"])
def test_the_docs_cite_in_the_compact_form(doc):
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    # outside a quotation of the statute (a line that is a quote, or words in quotation marks)
    lines = [x for x in text.splitlines() if not x.lstrip().startswith(">")]
    spaced = [m.group(0) for x in lines for m in SPACED.finditer(re.sub(r'"[^"]*"', "", x))]
    assert spaced == []
