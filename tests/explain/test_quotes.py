"""Quote what decides: each element and exception of an argument quotes the
statute's words of its own subdivision or sentence, from the statute index, beside it (the argument
record, its JSON, the Markdown handout); the provision's lead-in once; each text once per handout; a
subdivision the excerpt lacks is said to be missing, never quoted."""
import json
from functools import lru_cache
from pathlib import Path

import pytest

from reasoner.answer.answering import answer_case
from reasoner.engine.rulebase import default_rulebase
from reasoner.explain.argument import Exception_
from reasoner.facts.case import load_case
from reasoner.law.index import default_index
from reasoner.law.queries import check_atom, resolve
from reasoner.render.handout import build_handout
from reasoner.render.jsonout import answer_dict, dumps
from reasoner.render.markdown import _esc, render_markdown

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted(p.name for p in (ROOT / "facts").glob("*.yaml"))
QUERIES = sorted(p.stem for p in (ROOT / "queries").glob("*.yaml"))


@lru_cache(maxsize=None)
def _answer(path: str, query: str):
    rb = default_rulebase()
    atom, saved = resolve(query)
    case = load_case(Path(path), rb.checked)
    return answer_case(rb, case, check_atom(atom, rb.checked), saved)


def answer(name, query, text=None, tmp_path=None):
    if text is None:
        return _answer(str(ROOT / "facts" / name), query)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return _answer(str(path), query)


def items(arg):
    """(item, depth) of every element and exception of the deciding provisions, in reading order."""
    def walk(x, depth, above=()):
        x._quoted_above = above   # the quotations of the steps above it (a way's ground named by its provision)
        yield x, depth
        for name in ("parts", "exceptions", "reasons"):
            for y in getattr(x, name, []) or []:
                yield from walk(y, depth + 1, above + tuple(getattr(x, "quotes", None) or ()))
    for p in arg.provisions:
        for x in list(p.elements) + list(p.exceptions):
            yield from walk(x, 0)


def quoted(item):
    return {q.citation: q for q in item.quotes}


def own_text(index, citation):
    """The index's words for a citation, or None where it has none to quote (a section's heading)."""
    if citation not in index:
        return None
    prov = index.get(citation)
    return None if prov.title and prov.text.strip() == prov.title.strip() else prov.text


def is_index_text(index, citation, text):
    """text is the index's text for the citation: all of it, or one whole sentence of it."""
    whole = index.get(citation).text
    return text == whole or text in index.sentences_opening(citation, " ".join(text.split()[:6]))


def check_argument(arg, md=None):
    from reasoner.explain.argument import _silenced
    unreached: set[int] = set()
    for item, _ in items(arg):   # the words of an unquoted exception the case never reaches, and its parts
        # (and one refused by its statute's own number, 'more than 2,000 pounds': not in issue, unquoted)
        if id(item) in unreached or ((_silenced(item) or getattr(item, "by_number", False)) and not item.quotes):
            unreached.add(id(item))
            for name in ("parts", "exceptions", "reasons"):
                unreached.update(id(y) for y in getattr(item, name, []) or [])
    index = default_index()
    checked = 0
    for item, _ in items(arg):
        for q in item.quotes:
            if q.text:
                assert is_index_text(index, q.citation, q.text), (q.citation, q.text)
                assert not q.missing
            else:   # said to be missing: a hole of the excerpt, never quoted
                assert index.hole(q.citation) is not None and q.missing, q
            if md is not None and q.text:
                assert _esc(q.text) in md, (q.citation, q.text)
            if md is not None and not q.text and not q.again:
                assert f"{_esc(q.citation)}: not in the excerpt" in md
        if not item.citation:
            continue
        if id(item) in unreached:
            continue   # several parties: an exception the case never reaches is said without its words
        if own_text(index, item.citation) is not None:
            # beside it, or at the step above where its line names the provision alone ('s. 348.21(4): ...',
            # histories18's _grounds_quoted: the words are quoted once, at the step the way belongs to)
            above = {q.citation for q in getattr(item, "_quoted_above", ()) if q.text}
            assert item.citation in quoted(item) or item.citation in above, (item.citation, item.text)
            checked += 1
        elif index.hole(item.citation) is not None:
            q = quoted(item).get(item.citation)
            assert q is not None and not q.text and q.missing, (item.citation, item.text)
            checked += 1
    if md is not None:   # each text once: beside its first citation, never again
        shown = [q for item, _ in items(arg) for q in item.quotes if q.text and not q.again]
        for q in shown:   # as shown: the statute's words, '…' where the provision goes on (review 14, G7)
            from reasoner.prose.argument import quote_parts
            assert md.count(f': "{_esc(quote_parts(q)[1])}"') == 1, (q.citation, q.text)
    return checked


def test_every_case_and_saved_query_quotes_each_cited_subdivision():
    """Every bundled case x every saved query it answers: each citation of an element or exception
    that names a subdivision of the index has the index's words beside it, in the argument record."""
    total = answers = 0
    for name in CASES:
        for query in QUERIES:
            try:
                a = answer(name, query)
            except Exception:   # a saved query the case cannot be asked (its own error, tested elsewhere)
                continue
            if a.answer == "not_applicable":
                continue
            answers += 1
            total += check_argument(a.argument)
    assert answers > 200 and total > 300   # the bundled cases, not an empty loop


@pytest.mark.parametrize("name,query", [
    ("ch350_night_direction_unlawful.yaml", "lawful"),
    ("ch348_grain_semi_first_offense.yaml", "forfeiture"),
    ("ch348_crane_over_permit_weight.yaml", "forfeiture"),
    ("ch348_transformer_night_move.yaml", "forfeiture"),
    ("ch348_transformer_night_move.yaml", "permit_condition_forfeiture"),
    ("ch348_cattle_near_home.yaml", "forfeiture"),
])
def test_quotes_in_the_json_and_the_markdown_handout(name, query):
    a = answer(name, query)
    rb = default_rulebase()
    md = render_markdown(build_handout(a, None, program=rb.checked.program), svg=None)
    assert check_argument(a.argument, md) > 0
    data = json.loads(dumps(answer_dict(a)))
    flat = []

    def walk(x):
        flat.extend(x.get("quotes", []))
        for k in ("elements", "parts", "exceptions", "reasons"):
            for y in x.get(k, []) or []:
                walk(y)
    for p in data["argument"]["provisions"]:
        walk(p)
    assert flat and flat == [dict(citation=q.citation, text=q.text, missing=q.missing, again=q.again)
                             for item, _ in items(a.argument) for q in item.quotes]


def _exception(arg, words):
    return next(x for x, _ in items(arg) if isinstance(x, Exception_) and words in x.text)


def test_night_exception_quotes_4a_and_4c_and_says_4b_is_missing():
    a = answer("ch350_night_direction_unlawful.yaml", "lawful")
    index = default_index()
    p = a.argument.provisions[0]
    assert p.citation == "350.02(2)(b)4" and p.quote == index.get("350.02(2)(b)").text + " … " + index.get("350.02(2)(b)4").text   # the lead-ins once
    exc = _exception(a.argument, "4.a and 4.c")
    assert [q.citation for q in exc.quotes] == ["350.02(2)(b)4.a", "350.02(2)(b)4.b", "350.02(2)(b)4.c"]
    a_, b_, c_ = exc.quotes
    assert a_.text.startswith("a. The snowmobile trail is located at least 40 feet")
    assert c_.text == index.get("350.02(2)(b)4.c").text
    assert b_.text == "" and "skips from a to c" in b_.missing
    md = render_markdown(build_handout(a, None, program=default_rulebase().checked.program), svg=None)
    assert "s. 350.02(2)(b)4.b: not in the excerpt" in md and '4.b: "' not in md
    assert md.count(_esc(index.get("350.02(2)(b)4").text)) == 1   # the lead-in is not quoted again


def test_forfeiture_quotes_the_rate_subdivision_that_applies(tmp_path):
    index = default_index()
    a = answer("ch348_grain_semi_first_offense.yaml", "forfeiture")   # 3,500 lb over: 1.c
    rate = next(x for x, _ in items(a.argument) if x.citation == "348.21(3)(b)1.c")
    assert [q.text for q in rate.quotes] == [index.get("348.21(3)(b)1.c").text]
    text = (ROOT / "facts/ch348_grain_semi_first_offense.yaml").read_text(encoding="utf-8")
    over = answer("grain_4001.yaml", "forfeiture", text.replace("found_weight_lb: 83500", "found_weight_lb: 84001"),
                  tmp_path)   # 4,001 lb over: 1.d, and 1.c is neither cited nor quoted
    cited = {q.citation for x, _ in items(over.argument) for q in x.quotes}
    assert "348.21(3)(b)1.d" in cited and "348.21(3)(b)1.c" not in cited
    at = answer("grain_4000.yaml", "forfeiture", text.replace("found_weight_lb: 83500", "found_weight_lb: 84000"),
                tmp_path)   # exactly 4,000 lb over: still 1.c ("not over 4,000 pounds")
    cited = {q.citation for x, _ in items(at.argument) for q in x.quotes}
    assert "348.21(3)(b)1.c" in cited and "348.21(3)(b)1.d" not in cited


LAST = "This paragraph does not apply if any other conditions of an overweight permit are violated."
FIRST = ("If an overweight permit has been obtained under s. 348.26 or 348.27, and the vehicle exceeds the weight "
         "stated in the permit, any overweight violation shall be computed on the basis of the weight authorized "
         "in the permit.")


def test_permit_case_quotes_the_deciding_sentences_of_348_25_2_b_not_the_paragraph():
    index = default_index()
    whole = index.get("348.25(2)(b)").text
    for name in ("ch348_crane_over_permit_weight.yaml", "ch348_transformer_night_move.yaml"):
        a = answer(name, "forfeiture")
        texts = [q.text for x, _ in items(a.argument) for q in x.quotes if q.citation == "348.25(2)(b)"]
        assert LAST in texts and FIRST in texts and whole not in texts, name
    # the lowboy's permit weight basis fails: beside that exception, the sentence of par. (a) that
    # states it ("Except as provided in par. (b)"), then par. (b)'s sentences that decide it
    a = answer("ch348_transformer_night_move.yaml", "forfeiture")
    exc = next(x for x, _ in items(a.argument) if isinstance(x, Exception_) and x.citation == "348.25(2)(b)")
    said = [(q.citation, q.text) for q in exc.quotes]
    assert said[0][0] == "348.25(2)(a)" and said[0][1].startswith("Except as provided in par. (b)")
    assert said[1:] == [("348.25(2)(b)", FIRST), ("348.25(2)(b)", LAST)]
    # the crane's: the exception stated by the last sentence (a condition violated) carries it, and
    # the words of its own citation, s. 348.25(2)(a)'s second sentence
    a = answer("ch348_crane_over_permit_weight.yaml", "forfeiture")
    exc = next(x for x, _ in items(a.argument) if isinstance(x, Exception_) and "violated a condition" in x.text)
    said = [(q.citation, q.text, q.again) for q in exc.quotes]
    assert ("348.25(2)(b)", LAST, True) in said   # quoted just above it, under the element it qualifies
    assert any(c == "348.25(2)(a)" and t.startswith("Except as provided in par. (b)") for c, t, _ in said)


def test_a_section_heading_is_not_quoted_as_the_words_of_a_rule():
    a = answer("ch348_grain_semi_first_offense.yaml", "forfeiture")
    assert not any(q.citation == "348.21" for x, _ in items(a.argument) for q in x.quotes)
