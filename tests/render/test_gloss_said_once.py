"""A long gloss said once (trainer review 4): the rule file marks the gloss of a template with
[[...]]; a handout gives it where the trainee first reads it (the facts box) and reads the short form
after it, in the argument and the what-ifs, in markdown, html and docx alike; the CLI's argument
(`ask`, the text export) keeps the long form."""
import io
from pathlib import Path

import pytest

from reasoner.answer.api import Case
from reasoner.apps.export import export_files
from reasoner.core.errors import RuleError
from reasoner.language.parser import parse_text

ROOT = Path(__file__).resolve().parents[2]
THREE = ROOT / "facts/ch348_weigh_station_three_trucks.yaml"
FOUND = " on weighing (gross weight, or the load on the wheel, axle or axle group in question)"
MAX = (" (same gross, wheel, axle or axle group) under s. 348.15, 348.16 or 348.17 or a posted limit or "
       "declaration, not counting any permit (from the case: those sections are not in the excerpt)")


def _export(to: str):
    c = Case.from_file(THREE)
    answer = c.ask("forfeiture")
    return [f[1] for f in export_files(to, answer, None, question=c.question("forfeiture"))
            if f[1] and (to != "md" or str(f[1]).startswith("#"))][0]


def test_the_parser_keeps_the_long_form_and_names_the_gloss():
    prog = parse_text('@entity vehicle "a vehicle".\n'
                      '@input w(V: vehicle, N: number(pounds) 0..) "the weight of {V}[[ (gross, in question)]]".\n')
    decl = prog.preds[("w", 2)]
    assert decl.template == "the weight of {V} (gross, in question)"
    assert decl.gloss == " (gross, in question)"
    for bad in ('"the weight of {V}[[ (of {V})]]"', '"the [[weight]] of {V}[[ (gross)]]"', '"the weight of {V}[[ (gross)"'):
        with pytest.raises(RuleError):
            parse_text(f'@entity vehicle "a vehicle".\n@input w(V: vehicle, N: number 0..) {bad}.\n')


def test_markdown_says_each_weight_gloss_once_where_first_read():
    md = _export("md")
    assert md.count(FOUND) == 1 and md.count(MAX) == 1, (md.count(FOUND), md.count(MAX))
    box, _, argument = md.partition("## The argument")
    # a several-party handout: each truck's weights are in its one line of the facts box (trainer review
    # 11, G8, reconciled with review 5: the element-by-element argument stays in its section): the gloss
    # is said there, at the first truck's weight, and not again in the argument
    assert FOUND in box and FOUND not in argument
    assert "- the weight found for the gravel truck is 80,900 lb, which is more than 80,000 lb — **met**" in md
    # later mentions read the short form: the what-ifs; the other trucks' weights stand in their
    # arithmetic, the chain to the excess not argued again (trainer review 8, 11)
    assert "- the total excess load of the milk tanker is 82,600 lb - 80,000 lb = 2,600 lb" in md
    assert "the weight found for the milk tanker is 82,600 lb, which is more than 80,000 lb" not in md
    assert "If the weight found for the gravel truck had been 81,001 lb instead of 80,900 lb" in md
    assert "- the weight found for the milk tanker is 82,600 lb — *stated*" not in box


def test_html_and_docx_say_it_once_too_and_the_cli_text_keeps_it():
    html = _export("html")
    assert html.count(FOUND) == 1 and html.count(MAX) == 1
    from docx import Document
    doc = Document(io.BytesIO(_export("docx")))
    paras = [p.text for p in doc.paragraphs] + [c.text for t in doc.tables for r in t.rows for c in r.cells]
    text = "\n".join(paras)
    assert text.count(FOUND) == 1 and text.count(MAX) == 1
    assert "the total excess load of the steel hauler is 85,300 lb - 80,000 lb = 5,300 lb" in text
    cli = " ".join(_export("text").split())   # wrapped at 100 columns
    # the CLI's argument keeps the long form at every mention (one since trainer review 8, 11: the further
    # trucks' weights stand in their arithmetic)
    assert f"the weight found for the gravel truck{FOUND} is 80,900 lb" in cli
