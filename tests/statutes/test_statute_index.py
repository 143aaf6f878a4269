"""The statute index built from the ch. 348 / ch. 350 excerpts (reasoner/law/statutes.json)."""
import importlib.util
import re
from pathlib import Path

import pytest

from reasoner.core.errors import ReasonerError
from reasoner.law.index import (
    MalformedCitation,
    Provision,
    StatuteIndex,
    UnknownCitation,
    default_index,
    normalize,
    parse_citation,
    sort_key,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
JSON_PATH = REPO_ROOT / "reasoner" / "law" / "statutes.json"


@pytest.fixture(scope="module")
def ix():
    return default_index()


def _statutes_dir():
    for cand in (REPO_ROOT.parent / "shared" / "statutes", Path("/work/shared/statutes")):
        if cand.is_dir():
            return cand
    return None


def _load_builder():
    path = REPO_ROOT / "tools" / "build_statute_index.py"
    spec = importlib.util.spec_from_file_location("build_statute_index", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# -- counts and structure ------------------------------------------------------------------


def test_counts_per_chapter(ix):
    counts = {}
    for p in ix:
        counts[p.chapter] = counts.get(p.chapter, 0) + 1
    assert counts == {"348": 68, "350": 72}
    assert len(ix) == 140
    assert len(ix.citations()) == 140


def test_section_entries(ix):
    sections = [p.citation for p in ix if p.citation == p.section]
    assert sections == [
        "348.195", "348.20", "348.21", "348.22", "348.25",
        "350.04", "350.045", "350.047", "350.05", "350.055", "350.07", "350.08", "350.09",
        "350.10", "350.101",
    ]
    for c in sections:
        p = ix.get(c)
        assert p.title and p.text.startswith(p.title) and p.parent is None
    assert ix.get("350.04").title == "Snowmobile races, derbies and routes."
    assert ix.get("350.04").text == "Snowmobile races, derbies and routes."
    assert ix.get("350.045").text.startswith("Public utility exemption. So that public utilities")
    assert ix.get("348.22").text.startswith(
        "Courts to report weight violation convictions. Whenever any owner"
    )
    # only section headings carry a title
    assert all(p.title is None for p in ix if p.citation != p.section)


def test_statute_order_and_parents(ix):
    cits = ix.citations()
    assert cits == sorted(cits, key=sort_key)
    assert cits[0] == "348.19(1)(b)" and cits[-1] == "350.101(1)(d)"
    for p in ix:
        sec, parts = parse_citation(p.citation)
        assert p.section == sec and p.chapter == sec.split(".")[0]
        if p.parent is not None:
            assert p.parent in ix
            psec, pparts = parse_citation(p.parent)
            assert psec == sec and len(pparts) < len(parts) and parts[: len(pparts)] == pparts
    assert ix.get("350.02(2)(b)4.a").parent == "350.02(2)(b)4"
    assert ix.get("350.02(2)(b)4").parent == "350.02(2)(b)"
    assert ix.get("350.04(1)").parent == "350.04"
    assert ix.get("348.21(3)(b)1").parent == "348.21"  # (3) and (3)(b) are not in the excerpt
    assert ix.get("350.02(2)(a)4").parent is None  # nothing above it is in the excerpt
    assert [c.citation for c in ix.children("350.02(2)(b)4")] == [
        "350.02(2)(b)4.a", "350.02(2)(b)4.c",
    ]


def test_every_provision_starts_with_its_own_label(ix):
    for p in ix:
        if p.citation == p.section:
            continue
        _, parts = parse_citation(p.citation)
        label = parts[-1] if parts[-1].startswith("(") else parts[-1] + "."
        assert p.text.startswith(label + " "), p.citation


# -- texts ---------------------------------------------------------------------------------


def test_specific_texts(ix):
    assert ix.get("350.02(2)(b)4.a").text.startswith(
        "a. The snowmobile trail is located at least 40 feet"
    )
    assert ix.get("348.21(3)(b)1.c").text == (
        "c. Five cents for each pound of total excess load if the excess is over 3,000 pounds "
        "and not over 4,000 pounds."
    )
    d = ix.get("350.101(1)(d)").text
    assert "Paragraphs (a) and (b) each require proof of a fact" in d
    assert d.startswith("(d) Related charges. A person may be charged with")
    assert "  " not in d and "\n" not in d
    assert ix.get("350.02(2)(b)4").text == (
        "4. At night travel shall conform to the direction of vehicular traffic in the nearest "
        "lane unless:"
    )
    # continuation lines ("s. 350.04.", "par. (a) ...") are joined with one space
    assert ix.get("350.02(2)(a)4").text.endswith("special snowmobile events authorized under s. 350.04.")
    assert ix.get("350.04(3)(b)").text.startswith(
        "(b) The county, town, city or village shall post the provisions of par. (a) in a"
    )
    # glued citation+label forms
    assert ix.get("350.03(1)").text.startswith("(1) The operator of a snowmobile shall slow")
    assert ix.get("350.04(1)").text.startswith("(1) Any county, town, city or village may block")
    assert ix.get("350.05(1)").text.startswith("(1) Age restriction. No person under the age of 12")
    assert ix.get("350.09(1)").text.startswith("(1) Any snowmobile operated during the hours")
    assert ix.get("348.19(2)(a)").text.startswith("(a) Except as provided in par. (b), whenever")
    assert ix.get("348.25(8)(a)2m").text.startswith("2m. For a vehicle or combination")
    assert ix.get("350.10(1)(L)").text.startswith("(L) On the lands of an operating airport")
    # inline citations stay inside the text
    assert "s. 348.27 (9m) (a) 4." in ix.get("348.21(2)(b)").text
    assert ix.get("348.22").text.endswith("is a conviction within the meaning of this section.")
    assert ix.get("348.25(8)(b)3.c").text.endswith("by which the gross weight exceeds 100,000 pounds.")


def test_no_metadata_leaked(ix):
    bad = ["/statutes/statutes", "History:", "Town of East Troy", "Annotation", "PERMITS",
           "Chs. 340-351", "statutes/348"]
    glued = re.compile(r"(?<!\S)3\d\d\.\d+\(")  # a space-free citation means a missed split
    for p in ix:
        for b in bad:
            assert b not in p.text, (p.citation, b)
        assert not glued.search(p.text), p.citation
        assert not p.text.endswith((" true", " section", " statutes")), p.citation
    kinds = {(n["kind"], n["citation"]) for n in ix.non_law()}
    assert ("history", "350.045") in kinds and ("history", "348.195") in kinds
    assert ("annotation", "348.21") in kinds and ("heading", "348.25") in kinds


# -- citations -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spelling, canonical",
    [
        ("350.02(2)(b)4.", "350.02(2)(b)4"),
        ("s. 350.02 (2) (b) 4.", "350.02(2)(b)4"),
        ("350.02(2)(b)4.a.", "350.02(2)(b)4.a"),
        ("350.02(2)(b)4.a", "350.02(2)(b)4.a"),
        ("s. 350.02 (2) (b) 4. a.", "350.02(2)(b)4.a"),
        ("ss. 348.25 (8) (a) 2m.", "348.25(8)(a)2m"),
        ("Wis. Stat. § 350.101(1)(d)", "350.101(1)(d)"),
        ("350.10(1)(l)", "350.10(1)(L)"),
        ("350.10 (1) (L)", "350.10(1)(L)"),
        ("348.21(3G)", "348.21(3g)"),
        ("350.04.", "350.04"),
        (" 350.045 ", "350.045"),
    ],
)
def test_normalize(ix, spelling, canonical):
    assert normalize(spelling) == canonical
    assert ix.normalize(spelling) == canonical


@pytest.mark.parametrize("bad", ["", "hello", "350", "350.02(2)(b)4.a.b", "350.02 4. (b)"])
def test_normalize_rejects_non_citations(bad):
    with pytest.raises(MalformedCitation):
        normalize(bad)


def test_contains_and_get(ix):
    assert "350.02(2)(b)4.a" in ix
    assert "s. 350.02 (2) (b) 4. a." in ix
    assert "350.10(1)(l)" in ix
    assert "350.02(2)(b)2" not in ix
    assert "not a citation" not in ix
    assert 350 not in ix
    p = ix.get("s. 348.21 (3) (b) 1. c.")
    assert isinstance(p, Provision) and p.citation == "348.21(3)(b)1.c"
    assert (p.chapter, p.section, p.parent, p.title) == ("348", "348.21", "348.21(3)(b)1", None)


def test_sort_key_orders_sections_as_decimals():
    order = ["348.21(3)(b)2.e", "348.21(3g)", "348.21(3r)", "350.045", "350.05", "350.10(1)(k)",
             "350.10(1)(L)", "350.10(1)(m)", "350.101"]
    assert sorted(reversed(order), key=sort_key) == order


def test_nearest_for_unknown_citation(ix):
    near = ix.nearest("350.02(2)(b)2")
    assert near[:2] == ["350.02(2)(b)1", "350.02(2)(b)3"]
    assert "350.02(2)(b)" in near and len(near) == 5
    assert ix.nearest("350.02(2)(b)4.b", n=3) == [
        "350.02(2)(b)4.a", "350.02(2)(b)4.c", "350.02(2)(b)4",
    ]
    assert ix.nearest("350.10(1)(e)")[:2] == ["350.10(1)(d)", "350.10(1)(f)"]
    assert ix.nearest("348.21(2)")[:2] == ["348.21(2)(a)", "348.21(2)(b)"]
    assert all(c in ix for c in ix.nearest("350.0(2)"))
    assert ix.nearest("350.02(2)(b)1", n=0) == []


def test_get_unknown_raises_with_hint(ix):
    with pytest.raises(UnknownCitation) as err:
        ix.get("350.02(2)(b)2")
    assert isinstance(err.value, ReasonerError)
    assert "350.02(2)(b)2" in err.value.message
    assert err.value.hint == "did you mean: 350.02(2)(b)1, 350.02(2)(b)3, 350.02(2)(b)"
    assert str(err.value).endswith("hint: did you mean: 350.02(2)(b)1, 350.02(2)(b)3, 350.02(2)(b)")
    with pytest.raises(UnknownCitation) as err:
        ix.get("350.99(1)")
    assert "unknown statute citation 350.99(1)" in str(err.value)
    with pytest.raises(UnknownCitation):
        ix.get("nonsense")


# -- holes and notes -----------------------------------------------------------------------


def test_holes(ix):
    holes = {h.citation: h.reason for h in ix.holes()}
    for c in ["350.02(2)(b)2", "350.02(2)(b)4.b", "350.10(1)(e)", "348.21(3)(b)", "348.25(8)(b)3.a"]:
        assert c in holes and holes[c]
    assert list(holes) == [
        "348.21(3)", "348.21(3)(b)", "348.21(3t)(a)", "348.25(8)(a)4", "348.25(8)(b)3.a",
        "350.02(2)(b)2", "350.02(2)(b)4.b", "350.03", "350.10(1)(e)",
    ]
    assert not any(c in ix for c in holes)
    assert ix.hole("s. 350.02 (2) (b) 2.").reason == "sequence under 350.02(2)(b) skips from 1 to 3"
    assert ix.hole("350.02(2)(b)1") is None


def test_notes(ix):
    notes = ix.notes()
    fig = [n for n in notes if n["citation"] == "348.19(1)(b)" and "Figure" in n["note"]]
    assert len(fig) == 1
    assert any(n["citation"] == "348.21(1)" for n in notes)
    assert any(n["citation"] == "348.25(8)(dm)" for n in notes)


def test_default_index_is_cached():
    assert default_index() is default_index()


def test_load_from_explicit_path():
    assert len(StatuteIndex.load(JSON_PATH)) == 140


# -- the committed JSON is what the build script produces ----------------------------------


def test_committed_json_is_up_to_date():
    statutes = _statutes_dir()
    if statutes is None:
        pytest.skip("statute excerpts (../shared/statutes) not available")
    builder = _load_builder()
    expected = builder.render(builder.build(statutes))
    assert JSON_PATH.read_text(encoding="utf-8") == expected
    assert expected.endswith("}\n")


def test_a_sentence_runs_from_its_first_words_to_its_closing_period():
    from reasoner.law.index import default_index
    index = default_index()
    # "s. 348.26", "par. (b)" and "s. 348.21 (3) to (3r)." inside: only a period before a capital ends one
    assert index.sentence("348.25(2)(b)", "The amount of the forfeiture") == (
        "The amount of the forfeiture for overweight violations determined under this paragraph shall be "
        "calculated as provided in s. 348.21 (3) to (3r).")
    assert index.sentence("348.25(2)(a)", "Except as provided").endswith("operating without a permit.")
    assert index.sentence("348.25(2)(a)", "Vehicles or articles").startswith("Vehicles or articles")   # after "(a)"
    assert index.sentence("348.25(2)(b)", "paragraph does not apply") is None   # not where a sentence opens
    assert index.sentence("348.19(3)", "No operator of a vehicle") is None   # two sentences open so
    assert len(index.sentences_opening("348.19(3)", "No operator of a vehicle")) == 2
