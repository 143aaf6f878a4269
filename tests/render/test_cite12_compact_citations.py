"""Every citation a person reads is in one form, the compact one ('s. 348.19(3)', 's. 348.25(8)(b)3.a'),
never the spaced form the statute prints ('s. 348.19 (3)'): the rule files' phrases and readings, the
saved questions' descriptions and leads, and the answer and handout of the bundled cases. The statute's
own words, where quoted, stay as the statute prints them (blockquotes, "..." and '...')."""
import re
from functools import lru_cache
from pathlib import Path

import pytest

from reasoner.prose.glosses import only_provision_violated
from tests.asking import Question, export_markdown

ROOT = Path(__file__).resolve().parents[2]
# '348.19 (3)', 's. 348.25 (8) (b)': a section number followed by a spaced subsection; not
# 's. 350.13 (line 72)' nor 's. 348.11 (not in the excerpt)'
SPACED = re.compile(r"\b3[45]\d\.\d+[a-z]? \((?:\d+[a-z]*|[a-z]{1,2}\d*)\)|\b\d{3}\.\d+\w*(?:\(\w+\))+ \([a-z0-9]{1,3}\)")


def outside_quotations(text: str) -> str:
    """The text without the statute's quoted words: blockquote lines, "...", “...” and '...'."""
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\"[^\"\n]*\"|“[^”]*”|‘[^’]*’", " ", text)
    return re.sub(r"(?<!\w)'[^'\n]*'(?!\w)", " ", text)


def spaced(text: str) -> list:
    rest = outside_quotations(text)
    return [rest[max(m.start() - 40, 0):m.end() + 20] for m in SPACED.finditer(rest)]


def test_the_pattern_finds_the_spaced_form_and_spares_quotations():
    assert spaced("the duty in s. 348.19 (3) to stop") and spaced("of s. 348.17(2) or 348.19 (3) in")
    assert not spaced("the duty in s. 348.19(3) to stop; s. 350.13 (line 72); s. 348.11 (not in the excerpt)")
    assert not spaced('> (a) Any person who violates s. 348.17 (2) or 348.19 (3) may ...')
    assert not spaced('s. 348.21(2)(b): "prescribed in s. 348.15 (3) or 348.16"')


def _phrase_lines():
    for path in sorted((ROOT / "reasoner" / "law").glob("ch*/*.dl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("@"):
                yield f"{path.name}:{n}", line
    for path in sorted((ROOT / "queries").glob("*.yaml")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            yield f"{path.name}:{n}", line


def test_rule_file_phrases_and_saved_questions_cite_compactly():
    found = [(where, hit) for where, line in _phrase_lines() for hit in spaced(line)]
    assert not found, found[:10]


def test_one_provision_of_a_penalty_is_said_compactly():
    s = "the forfeiture for the violation of s. 348.17(2) or 348.19(3) in the incident of X"
    assert only_provision_violated(s, "348.19(3)") == "the forfeiture for the violation of s. 348.19(3) in the incident of X"
    assert only_provision_violated(s, "348.20(1)") == s


def _texts(case: Path, query: str):
    """The answer (`reasoner ask`, without the quotations) and the handout (`reasoner export --to md`);
    a question the case does not reach has its answer only."""
    question = Question.of(str(case), query)
    answer = question.answer()
    text = answer.text(quote=False, width=100000)
    if answer.answer == "not_applicable":
        return (text,)
    return text, export_markdown(case, query)


# the cases the brief names and one of each kind of question where the spaced form was printed
NAMED = [("facts/ch348_crane_over_permit_weight.yaml", "permit_condition_forfeiture"),
         ("facts/ch350_route_ordinance_not_filed.yaml", "duty_forfeiture"),
         ("facts/ch348_refused_scale_repeat.yaml", "duty_forfeiture"),
         ("facts/ch348_permit_fees_mixed.yaml", "permit_fee"),
         ("facts/ch348_tandem_axle_not_reloaded.yaml", "may_proceed"),
         ("facts/ch348_cattle_near_home.yaml", "must_reload"),
         ("facts/ch348_sawmill_weight_records.yaml", "records_forfeiture"),
         ("facts/ch350_report_joinder.yaml", "joinder"),
         ("tests/fixtures/five_vehicles_conviction_histories.yaml", "forfeiture")]


@pytest.mark.parametrize("case,query", NAMED, ids=[f"{Path(c).stem}-{q}" for c, q in NAMED])
def test_the_answer_and_handout_cite_compactly(case, query):
    texts = _texts(ROOT / case, query)
    for text in texts:
        assert not spaced(text), spaced(text)[:5]
    # before: "under s. 348.25 (2) (a) for operating ..." and "so s. 348.25 (2) (b) applies instead"
    if query == "permit_condition_forfeiture":
        assert "so s. 348.25(2)(b) applies instead" in texts[1] and "under s. 348.25(2)(a) for operating" in texts[1]
    if query == "duty_forfeiture" and len(texts) == 2:   # the question as asked: was "... under s. 348.21 (2) (a) ..."
        assert "applies under s. 348.21(2)(a) for failing to stop" in texts[1]


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted((ROOT / "facts").glob("*.yaml")), ids=lambda p: p.stem)
def test_every_bundled_answer_and_handout_cites_compactly(case):
    for query in sorted(p.stem for p in (ROOT / "queries").glob("*.yaml")):
        for text in _texts(case, query):
            assert not spaced(text), (query, spaced(text)[:5])
