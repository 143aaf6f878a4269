"""Plain words on the handout (trainer review 3, "plain words" and "assumptions"): one numbered line
per reading, each opening with a capital and said once; no "Who and what" line under the facts box
in a trainee's edition (its labels 'an operation', 'a person' read like code); no code or file talk
("ceil(...)", "not encoded", "unknown: would decide", "not raised, so taken not to apply", "case file
line N" in a trainee's edition); and a source line that says which statute text is quoted."""
import io
import re
from functools import lru_cache
from html import unescape
from pathlib import Path

from reasoner.answer.answering import answer_case
from reasoner.apps.export import handout_answer
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, resolve
from reasoner.prose import argument as words
from reasoner.prose.readings import handout_lines
from reasoner.render.handout import build_handout
from reasoner.render.html import render_html
from reasoner.render.markdown import render_markdown

ROOT = Path(__file__).resolve().parents[2]
DWELLING = ROOT / "facts/ch350_dwelling_boundary_2230.yaml"
PEDESTRIAN = ROOT / "facts/ch350_pedestrian_at_100_ft.yaml"
FEES = ROOT / "facts/ch348_permit_fees_mixed.yaml"


@lru_cache(maxsize=None)
def _handout(path: Path, query: str, ids: bool):
    rb = default_rulebase()
    atom, saved = resolve(query)
    case = load_case(path, rb.checked)
    answer = answer_case(rb, case, check_atom(atom, rb.checked), saved)
    from reasoner.answer.question import Question
    _, answer = handout_answer(Question.about(rb, case, check_atom(atom, rb.checked), saved), answer)
    return build_handout(answer, None, program=rb.program, ids=ids)


def _readings_section(html: str) -> str:
    return re.search(r'<section class="readings">(.*?)</section>', html, re.S).group(1)


def test_each_reading_is_a_numbered_line_opening_with_a_capital():
    h = _handout(DWELLING, "lawful", False)
    lines = handout_lines(h.argument)
    # the reading the rule file words in lower case ('a rate of speed exceeding ...') opens a line
    assert "A rate of speed exceeding 10 miles per hour: exactly 10 mph is not a violation." in lines
    assert all(line[:1] == line[:1].upper() for line in lines)
    assert len(lines) == len(set(lines))
    section = _readings_section(render_html(h))
    assert "<ol>" in section and "<ul>" not in section
    assert section.count("<li>") == len(lines)
    md = render_markdown(h)
    assert "1. A rate of speed exceeding 10 miles per hour" in md and "\n2. The period runs from 22:30 to 07:00" in md
    assert "\n- a rate of speed exceeding" not in md


def test_the_paper_layout_no_longer_runs_the_readings_on_with_bullets():
    from reasoner.render.html import TRAINEE_CSS
    assert 'section.readings li::before { content: "• "; }' not in TRAINEE_CSS
    assert "section.readings li { display: inline; }" not in TRAINEE_CSS


def test_no_who_and_what_line_under_the_facts_box_in_a_trainee_edition():
    h = _handout(DWELLING, "lawful", False)
    assert h.facts_box
    html, md = render_html(h), render_markdown(h)
    for out in (html, md):
        assert "Who and what" not in out
        assert "an operation; Drew Anderson, a person" not in out
    # the instructor's edition keeps it: each entity's id, to find it in the case file
    hi = _handout(DWELLING, "lawful", True)
    assert "Drew Anderson [p1]" in render_html(hi)


def test_no_who_and_what_line_in_the_word_document_either():
    from docx import Document
    from reasoner.render.docx import render_docx
    h = _handout(DWELLING, "lawful", False)
    text = "\n".join(p.text for p in Document(io.BytesIO(render_docx(h))).paragraphs)
    assert "Who and what" not in text
    assert "Statute text: the excerpt supplied (date not stated)." in text


def test_the_ch_346_reading_says_not_considered_never_not_encoded():
    h = _handout(PEDESTRIAN, "lawful", False)
    lines = handout_lines(h.argument)
    assert "The exception for ch. 346 where applicable is not considered (ch. 346 is not in the excerpt)." in lines
    assert not any("not encoded" in line for line in lines)


def test_the_increment_reading_says_rounded_up_never_ceil():
    h = _handout(FEES, "permit_fee", False)
    said = " ".join(handout_lines(h.argument))
    assert "the weight over 100,000 lb rounded up to the next whole 10,000 lb" in said
    assert "ceil(" not in said and "increments =" not in said


def test_status_words_are_plain():
    assert words.exception_status("not raised") == "assumed not to apply"
    assert "taken not to apply" not in words.exception_status("not raised")
    assert words.UNKNOWN_DECIDES == "not stated; the answer turns on it"
    assert "unknown" not in words.UNKNOWN_DECIDES


def test_an_implied_fact_in_a_trainee_edition_names_no_case_file_line():
    source = "implied by case file line 27: adjacent to the roadway"
    assert words.fact_note("implied", source=source, lines=False) == "stated: adjacent to the roadway"
    assert words.fact_note("implied", source=source) == "case file line 27: adjacent to the roadway"


def test_the_source_line_says_which_statute_text_is_quoted():
    h = _handout(DWELLING, "lawful", False)
    line = "Prepared from the excerpt of Wis. Stat. ch. 350 quoted below. Statute text: the excerpt supplied (date not stated)."
    assert words.prepared_from_paper(h.argument) == line
    assert line in unescape(render_html(h))
    assert line in render_markdown(h)
    assert "Statute text: the excerpt supplied (date not stated)." in words.prepared_from()
    from reasoner.prose.pack import pack_cover_note
    assert pack_cover_note(3, 0, "student").endswith("Statute text: the excerpt supplied (date not stated).")


def test_a_date_in_the_law_s_data_is_printed():
    from reasoner.law.index import default_index
    index = default_index()
    saved = {k: dict(v) for k, v in index.sources.items()}
    try:
        for src in index.sources.values():
            src["text_date"] = "2023-24 Wis. Stats."
        assert words.statute_text_line(("350",)) == "Statute text as of 2023-24 Wis. Stats."
    finally:
        index.sources.clear()
        index.sources.update(saved)
    assert words.statute_text_line(("350",)) == "Statute text: the excerpt supplied (date not stated)."


def test_a_sub_paragraph_is_quoted_under_the_lead_in_that_makes_it_a_prohibition():
    h = _handout(DWELLING, "lawful", False)
    p = next(p for p in h.argument.provisions if p.citation == "350.10(1)(g)")
    assert p.quote.startswith("(1) No person shall operate a snowmobile in the following manner: … (g) Between the hours")
    md = render_markdown(h)
    assert md.index("No person shall operate a snowmobile in the following manner:") < md.index("(g) Between the hours")


def test_the_lead_in_quoted_above_is_not_quoted_again_under_an_element():
    h = _handout(ROOT / "facts/ch350_three_night_rides.yaml", "lawful", False)
    md = render_markdown(h)
    lead = "(b) Snowmobiles may be operated adjacent to a roadway with due regard to safety in the following manner:"
    # once under each provision heading that opens with it, never again beside an element
    headings = sum(1 for p in h.argument.provisions if p.quote.startswith(lead))
    assert headings and md.count(lead) == headings


def test_the_permit_fee_handout_names_each_gap_of_the_excerpt_it_uses():
    h = _handout(FEES, "permit_fee", False)
    said = handout_lines(h.argument)
    # fees14 (trainer review 13, G9): the three cross-references not applied, named in one line
    for gap in ("'Except as provided under par. (dm)' (s. 348.25(8)(a))",
                "'Except as provided in subd. 4.' (s. 348.25(8)(a)3)",
                "'Except as provided in subds. 4. and 4m.' (s. 348.25(8)(b)3)"):
        assert " ".join(said).count(gap) == 1, gap
    assert sum(x.startswith("Cross-references not in the excerpt are not applied: ") for x in said) == 1
    assert not any("is not in the excerpt; it is not applied." in x for x in said)
    md = render_markdown(h)
    assert "exceeds s. 348.15(3) (s. 348.15 is not in the excerpt)" in md
    assert "exceeds s. 348.15(3) —" not in md and "exceeds s. 348.15(3);" not in md

