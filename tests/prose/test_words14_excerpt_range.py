"""words14: the excerpt is named by what it holds. The title said "the ch. 350 excerpt (ss. 350.02 to
350.101)", but the excerpt starts at s. 350.02(2)(a)4 (trainer review 10, G3); the range is read from
the loaded excerpt (its first and last provision), for ch. 350 and ch. 348 alike."""
from pathlib import Path

from reasoner.law.index import StatuteIndex, default_index
from reasoner.law.ranges import chapter_span, excerpt_range, excerpt_span, with_excerpt_ranges
from reasoner.law.queries import load_saved
from reasoner.prose.cite import cite

import reasoner

ROOT = Path(__file__).resolve().parents[2]


def test_the_span_is_the_first_and_last_provision_the_excerpt_holds():
    index = default_index()
    assert chapter_span(index, "350") == "350.02(2)(a)4 to 350.101(1)(d)"
    assert chapter_span(index, "348") == "348.19(1)(b) to 348.25(8)(b)3.c"
    assert excerpt_span(index, "350.02 to 350.101") == "350.02(2)(a)4 to 350.101(1)(d)"
    # a run the statute names but the excerpt does not hold is cited as given
    assert excerpt_span(index, "348.15 to 348.17") is None
    assert cite("348.15 to 348.17") == "ss. 348.15 to 348.17"


def test_a_smaller_excerpt_gives_a_smaller_range():
    # derived, not fixed: an excerpt of ch. 350 that starts at s. 350.05 is named so
    data = {"provisions": [{"citation": c, "chapter": "350", "section": c.split("(")[0], "text": "x"}
                           for c in ("350.10(1)(g)", "350.05(2)", "350.08")]}
    index = StatuteIndex(data)
    assert excerpt_range(index, "350") == "the ch. 350 excerpt (ss. 350.05(2) to 350.10(1)(g))"
    assert with_excerpt_ranges(index, "lawful under {excerpt 350}?") == \
        "lawful under the ch. 350 excerpt (ss. 350.05(2) to 350.10(1)(g))?"
    assert excerpt_range(index, "348") == "the ch. 348 excerpt"


def test_the_lawful_title_and_answer_name_the_excerpt_s_range():
    assert load_saved("lawful").description == \
        "Is this snowmobile operation lawful under the ch. 350 excerpt (ss. 350.02(2)(a)4 to 350.101(1)(d))?"
    for name in ("ch350_dwelling_night_lawful.yaml", "ch350_town_route_lawful.yaml", "ch350_airport.yaml"):
        a = reasoner.ask(str(ROOT / "facts" / name), "lawful")
        assert "350.02 to 350.101" not in reasoner.export(a, "md")
    a = reasoner.ask(str(ROOT / "facts/ch350_dwelling_night_lawful.yaml"), "lawful")
    md = reasoner.export(a, "md")
    assert md.startswith("# Is this snowmobile operation lawful under the ch. 350 excerpt "
                         "(ss. 350.02(2)(a)4 to 350.101(1)(d))?")
    assert "violated no provision of the ch. 350 excerpt (ss. 350.02(2)(a)4 to 350.101(1)(d))" in md
