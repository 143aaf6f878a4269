"""What a trainee reads, over every bundled case x saved query x {text, md, html}.

- no citation is shown both as applying and as not applying, unless one of them is named as an
  exception;
- no status badge (TRUE / FALSE / UNDETERMINED) stands before a negative sentence;
- no snake_case identifier or hashed statute file name;
- no query notation (`lawful(O)`, `forfeiture(truck1, $380.00, $580.00)`);
- no sentence negated from outside ("it is not the case that ...");
- ask's default text within 100 columns.

The checker is tested on what the handouts said before the argument (test_checker_flags_...): the
dwelling handout quoted "(000_567dbc29f9e50f4d.txt, undated)" and showed `lawful(O)`; the night
direction handout had "s. 350.02(2)(b)4 applies" at step 11 and "does not apply" at step 13, and
"Conclusion — FALSE. op1 did not violate s. 350.02(2)(b)4".
"""
from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((ROOT / "facts").glob("*.yaml"))
QUERIES = sorted(p.stem for p in (ROOT / "queries").glob("*.yaml"))

SNAKE = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9](?![\w(])")
HASHED = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")
NOTATION = re.compile(r"\b[a-z][a-z_]*\((?:[A-Z_][A-Za-z0-9_]*|[a-z0-9_]+|\"[^\"]*\")(?:, [^()]*)?\)")
BADGE_NEGATIVE = re.compile(r"\b(TRUE|FALSE|UNDETERMINED)\b[\s.:—-]*(?:\w+ ){0,3}?(?:not|no|never|did not|"
                            r"does not|is not|was not)\b")
APPLIES = re.compile(r"\b(ss?\. [0-9][0-9.]*(?:\([0-9a-z]+\))*[0-9a-z.]*)(?:[^\n—]{0,200}?)\s(?:— )?"
                     r"(applies|does not apply|may apply)\b")
CITATION = re.compile(r"\bss?\. [0-9][0-9.]*(?:\([0-9a-z]+\))*[0-9a-z.]*")
VERB = re.compile(r"\b(applies|does not apply|may apply)\b")
MARKS = re.compile(r"^[\s\-*>#|`]*(?:\d+\.\s+)?(?:or\s+)?[*_]*")   # bullets, numbers, markup
FILE_PATH = re.compile(r"\S+\.(?:yaml|yml|jsonl|csv)\b")
# a sentence negated from outside ('it is not the case that op1 was carried out ...', 748 lines of
# the bundled cases' ask texts before the rule files' negatives and the verb-level form)
NOT_THE_CASE = re.compile(r"it is not the case that [^.;—]{0,60}")
# 'No: it does not follow that whatever the person holding ... is.' (the answer line of a proof by cases)
SPLIT_AS_CLAIM = re.compile(r"(?:follow that|Yes:|No:) (?:whatever|whether or not) [^.;—]{0,60}")


def problems(text: str, ids=()) -> list:
    """What a trainee should never read, as [(kind, excerpt)]; ids: the case's entity ids, which are
    shown as written (cattle_trailer)."""
    text = FILE_PATH.sub("CASEFILE", text)   # the case file's own name, as the user wrote it
    out = []
    for m in SNAKE.finditer(text):
        if m.group(0) in ids:
            continue
        out.append(("snake_case", text[max(m.start() - 40, 0):m.end() + 20]))
    for m in HASHED.finditer(text):
        out.append(("file name", m.group(0)))
    for m in NOTATION.finditer(text):
        out.append(("notation", m.group(0)))
    for m in BADGE_NEGATIVE.finditer(text):
        out.append(("badge before a negative", m.group(0)))
    for m in NOT_THE_CASE.finditer(" ".join(text.split())):
        out.append(("negated as a whole", m.group(0)))
    for m in SPLIT_AS_CLAIM.finditer(" ".join(text.split())):   # a proof by cases' split said as its answer
        out.append(("split said as the answer", m.group(0)))
    said: dict = {}
    for line in _unwrapped(text):
        bare = MARKS.sub("", line)
        named = bare.startswith("Exception")   # an exception named as one: 'Exception, s. X: <its words> — ...'
        words_end = bare.find(" — ") if named else -1
        offset = len(line) - len(bare)
        for m in VERB.finditer(line):   # the verb's subject: the last citation before it
            before = CITATION.findall(line[:m.start()])
            if not before or "unless" in line.lower():
                continue
            if line[:m.start()].endswith("exception "):   # 'the exception applies': said of the exception
                continue
            if "exception: " in line[:m.start()]:   # an exception within an exception ('s. 348.19(3): exception:
                continue                             # ... — does not apply', words15): said of that one
            if line[:m.start()].count('"') % 2 == 1:   # inside the statute's own quoted words ('"This
                continue                              # paragraph does not apply if ..."', s. 348.25(2)(b))
            if named and (words_end < 0 or m.start() - offset < words_end):   # the exception's own words
                continue
            said.setdefault(before[-1], set()).add("no" if m.group(1) == "does not apply" else "yes")
    for citation, ways in said.items():
        if ways == {"yes", "no"}:
            out.append(("applies and does not apply", citation))
    return out


def _unwrapped(text: str) -> list:
    """The text's lines with the wrapped ones joined: a line indented deeper than the one before it,
    opening with no bullet or number, continues it (the text view wraps at 100 columns; an
    alternative's 'or' stands at its siblings' indent, never deeper)."""
    out, indent = [], -1
    for line in text.splitlines():
        here = len(line) - len(line.lstrip())
        if out and line.strip() and here > indent and not re.match(r"\s*(?:[-*>#|]|\d+\.)", line):
            out[-1] += " " + line.strip()
            continue
        out.append(line)
        indent = here
    return out


def _ids(answer) -> set:
    """Names the user wrote, shown as written: the case's entity ids and the saved questions' names
    (a not-applicable answer names the saved question asked)."""
    return set(getattr(answer.case, "entities", {}) or {}) | set(QUERIES)


def visible(html: str) -> str:
    """The HTML's text as read (tags, the style sheet and attribute values left out)."""
    html = re.sub(r"<style>.*?</style>", " ", html, flags=re.S)
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    html = re.sub(r"<(?:li|p|h\d|blockquote|summary|dt|dd|tr)\b", "\n\\g<0>", html)   # a list item is a line
    html = re.sub(r"<[^>]+>", " ", html)
    return html_lib.unescape(html)


def test_checker_flags_what_the_handouts_said_before():
    before = [
        "> s. 350.10(1)(g), excerpt of ch. 350 (000_567dbc29f9e50f4d.txt, undated): (g) Between",
        "## The question\n\nIs this snowmobile operation lawful? (`lawful(O)`)",
        "11. **s. 350.02(2)(b)4 applies**. Every condition it sets holds.\n"
        "13. **s. 350.02(2)(b)4 does not apply**. It does not apply because ...",
        "16. **Conclusion** — FALSE. op1 did not violate s. 350.02(2)(b)4.",
        "The class of the highway (us, state_trunk, connecting, county) is county",
        "forfeiture(truck1, $380.00, $580.00) TRUE",
        # the exception line of s. 350.05(3) before it was phrased by its effect
        "      - s. 350.05(3): s. 350.05 does not apply to op1 (operator under 16 on the lands of a parent\n"
        "        or guardian) — applies",
        "- s. 350.05(3): s. 350.05 does not apply to op1 (operator under 16 on the lands of a parent or "
        "guardian) — **applies**",
        # an exception's own words are named as the exception; what follows them is not
        "- Exception, s. 350.05(3): s. 350.05 does not apply to op1 — the exception does not apply, so "
        "s. 350.05(1) applies\n- s. 350.05(1) does not apply",
        # a presumed exception as the handouts read it before this round's negatives
        "— the case does not claim it, so it is treated as not applying, because it is not the case that op1 was carried out to\n"
        "      fulfil the corporate function of a public utility (presumed: not raised)",
    ]
    kinds = [{k for k, _ in problems(t)} for t in before]
    assert "file name" in kinds[0]
    assert "notation" in kinds[1]
    assert "applies and does not apply" in kinds[2]
    assert "badge before a negative" in kinds[3]
    assert "snake_case" in kinds[4]
    assert "notation" in kinds[5]
    assert kinds[6] == kinds[7] == kinds[8] == {"applies and does not apply"}
    assert kinds[9] == {"negated as a whole"}


def test_checker_passes_an_exception_named_as_one():
    text = ("s. 350.02(2)(b)4 (Wis. Stat. ch. 350, excerpt)\n"
            "  - Exception: the trail ... — the exception applies, so op1 did not violate s. 350.02(2)(b)4\n"
            "  - Exception, s. 350.045: the operation was for a public utility — the exception does not apply\n"
            "  - Exception, s. 350.05(3): s. 350.05 does not apply to op1 (operator under 16 on the lands of a\n"
            "    parent or guardian) — the exception applies, so the conclusion under s. 350.05(1) does not follow\n"
            "- Exception, s. 350.05(3): s. 350.05 does not apply to op1 — **the exception applies**\n")
    assert problems(text) == []


@pytest.fixture(scope="module")
def answers():
    from reasoner.answer.answering import ask
    from reasoner.core.errors import ReasonerError
    out = []
    for case in CASES:
        for query in QUERIES:
            try:
                out.append((case, query, ask(str(case), query)))
            except ReasonerError:   # the question is about a kind of entity the case lacks
                continue
    assert len(out) > 300
    return out


def test_ask_text_reads_as_an_argument(answers):
    found = []
    for case, query, answer in answers:
        text = answer.argument_text()
        wide = [line for line in text.splitlines() if len(line) > 100]
        if wide:
            found.append((case.name, query, "wider than 100 columns", wide[0]))
        found += [(case.name, query, *p) for p in problems(text, _ids(answer))]
        if answer.argument.cases and not answer.argument.provisions:   # 'the answer is the same:' and nothing
            found.append((case.name, query, "a proof by cases with no case argued", answer.argument.cases))
    assert not found, "\n".join(map(str, found[:20]))


def test_handouts_read_as_an_argument(answers):
    from reasoner.render.handout import build_handout
    from reasoner.render.html import render_html
    from reasoner.render.markdown import render_markdown
    from reasoner.engine.rulebase import default_rulebase
    program = default_rulebase().checked.program
    found = []
    for case, query, answer in answers:
        h = build_handout(answer, None, view="trainee", program=program)
        for name, text in (("md", render_markdown(h)), ("html", visible(render_html(h)))):
            found += [(case.name, query, name, *p) for p in problems(text, _ids(answer))]
    assert not found, "\n".join(map(str, found[:20]))



def test_whatif_reads_in_words(answers):
    """whatif's default text over every bundled case x saved query: no snake_case word, no query or
    presumption notation ('not public_utility_function(op1)'), no verdict word before a negative
    sentence ('the answer would be FALSE: no forfeiture ...'), a word of a closed set as the phrase
    its rule file gives it ('a multiple trip permit (s. 348.27)', not 'multiple trip'), 'change(s)'
    never; a screen of at most 60 lines of 100 columns."""
    from reasoner.answer.question import Question
    from reasoner.engine.rulebase import default_rulebase
    from reasoner.facts.case import load_case
    from reasoner.law.queries import check_atom, resolve
    from reasoner.render.whatif import render_whatif_text
    rb = default_rulebase()
    raw = set()   # the words of the closed sets the rule files give phrases, as bare words
    for decl in rb.checked.program.preds.values():
        for param in decl.params:
            for w, phrase in (getattr(param, "phrases", None) or {}).items():
                if phrase != w.replace("_", " ") and len(w) > 1:   # ('a', 'b': letters of a list)
                    raw.add(w.replace("_", " "))
    bare_word = re.compile(r"\b(?:had been|instead of) (" + "|".join(map(re.escape, sorted(raw))) + r")\b")
    found, seen = [], 0
    for case, query, answer in answers:
        if answer.answer == "not_applicable":
            continue
        atom, saved = resolve(query)
        loaded = load_case(str(case), rb.checked)
        result = Question.about(rb, loaded, check_atom(atom, rb.checked), saved).whatif(base=answer)
        text = render_whatif_text(str(case), answer, result)
        seen += 1
        lines = text.splitlines()
        if len(lines) > 60 or max(map(len, lines)) > 100:
            found.append((case.name, query, "longer than a screen", len(lines)))
        found += [(case.name, query, *p) for p in problems(text, _ids(answer))]
        found += [(case.name, query, "closed-set word", m.group(0)) for m in bare_word.finditer(text)]
    assert seen > 250
    assert not found, "\n".join(map(str, found[:20]))


def test_the_night_direction_argument_names_the_exception_and_the_elements_met():
    from reasoner.answer.answering import ask
    a = ask(str(ROOT / "facts/ch350_night_direction_lawful.yaml"), 'violation(op1, "350.02(2)(b)4")')
    arg = a.argument
    assert a.answer == "false" and [p.citation for p in arg.provisions] == ["350.02(2)(b)4"]
    p = arg.provisions[0]
    met = [e.text for e in p.elements if e.status == "true"]
    assert any("did not travel in the direction of vehicular traffic" in t for t in met)   # against traffic
    # 'At night travel shall conform ...': at night is an element of (b)4, not the daylight of (b)3
    # argued as an exception (trainer review 11, G6)
    assert [(x.citation, x.status) for x in p.exceptions] == [("", "applies")]
    assert not any("daylight" in e.text for e in p.elements)
    assert "the ride took place at night (during the hours of darkness)" in met
    reasons = p.exceptions[0].reasons
    assert [r.citation for r in reasons] == ["350.02(2)(b)4.a", "350.02(2)(b)4.c"]
    assert any("45 feet, which is at least 40 feet" in e.text for e in reasons[0].parts)
    text = a.argument_text()
    assert "did not travel at night against the direction of traffic" not in text   # no negated conjunction


def test_a_join_between_entities_is_a_fact_used_not_an_element():
    """'the operator of op1 is p1 — met' is no element of s. 350.05(1) or (3): it links the operation
    to its operator; it is listed among the facts the argument used."""
    from reasoner.answer.answering import ask
    a = ask(str(ROOT / "facts/ch350_youth_parent_land.yaml"), 'violation(op1, "350.05(1)")')
    text = a.argument_text()
    assert "the operator of the ride is Dana Ruiz" not in text and "the snowmobile used is Dana's" not in text
    # a condition of the s. 350.05(3) exception: it holds (trainer review 11, G6), never 'met'
    assert "the age of Dana Ruiz is 10 years, which is less than 16 years — met" in " ".join(text.split())
    assert ("the operator of the ride is Dana Ruiz", "6") in [(t, loc.rsplit(":", 1)[-1]) for t, loc in a.argument.facts]
    d = ask(str(ROOT / "facts/ch350_dwelling_night_unlawful.yaml"), "lawful")
    assert [e.text.split(" — ")[0][:20] for e in d.argument.provisions[0].elements] == [
        "the clock time of th", "the ride came within", "the speed of the sno"]


def test_a_question_no_provision_concludes_is_one_element_and_the_list():
    """`violations` on a case that violates nothing: 'no provision checked concludes that any
    operation violated any provision' and the provisions listed, not 45 ways argued
    under the first rule's heading and quote (300 lines); where a provision is violated it is
    argued in full."""
    from reasoner.answer.answering import ask
    a = ask(str(ROOT / "facts/ch350_youth_parent_land.yaml"), "violations")
    assert a.answer == "false"
    # the one provision the ride comes near is argued in full: s. 350.05(1), its elements met (10 years
    # old, alone), defeated by the parents' land exception of s. 350.05(3) (trainer review 8, 03: the
    # argument was an empty 'The rules' heading and a conclusion)
    [p] = a.argument.provisions
    assert p.citation == "350.05(1)" and "No person under the age of 12 years" in p.quote
    assert [x.citation for x in p.exceptions if x.status == "applies"] == ["350.05(3)"]
    assert any("10 years, which is less than 12 years" in e.text and e.status == "true" for e in p.elements)
    # the answer says it; the placeholder element 'no provision checked concludes ...' is never printed
    assert "no provision checked" not in a.argument_text()
    cited = {o.citation for o in a.argument.others}
    assert {"350.05(2)", "350.02(2)(a)6", "350.10(1)(g)"} <= cited and "350.05(1)" not in cited and len(cited) > 30
    assert len(a.argument_text().splitlines()) < 60
    u = ask(str(ROOT / "facts/ch350_dwelling_night_unlawful.yaml"), "violations")
    assert [p.citation for p in u.argument.provisions] == ["350.10(1)(g)"] and len(u.argument.provisions[0].elements) == 3


def test_the_dwelling_argument_has_three_elements_with_units():
    from reasoner.answer.answering import ask
    a = ask(str(ROOT / "facts/ch350_dwelling_night_unlawful.yaml"), "lawful")
    p, = a.argument.provisions
    assert p.citation == "350.10(1)(g)" and p.law == "Wis. Stat. ch. 350, excerpt"
    def leaves(es):
        for e in es:
            yield from leaves(e.parts) if e.parts else [e]
    said = list(leaves(p.elements))
    assert all(e.status == "true" for e in said)
    assert any("80 feet" in e.text for e in said) and any("25 mph" in e.text for e in said)
    assert any("05:40" in e.text for e in said)
    assert all(e.source.startswith("case file line") for e in said if "feet" in e.text or "mph" in e.text)


def test_the_forfeiture_argument_has_the_tier_and_the_arithmetic_once_in_dollars():
    from reasoner.answer.answering import ask
    a = ask(str(ROOT / "facts/ch348_grain_semi_first_offense.yaml"), "forfeiture")
    p, = a.argument.provisions
    assert p.citation == "348.21(3)(b)1"
    tier = [e for e in p.elements if e.citation == "348.21(3)(b)1.c"]
    assert tier and "5 cents a pound" in tier[0].text
    assert [t for t in tier[0].parts if "more than 3,000 lb" in t.text]
    assert [t for t in tier[0].parts if "at most 4,000 lb" in t.text]
    assert "$50.00 + $175.00 = $225.00" in p.arithmetic and "$200.00 + $175.00 = $375.00" in p.arithmetic
    assert any("5 cents a pound × 3,500 lb = $175.00" in x for x in p.arithmetic)
    assert len(p.arithmetic) == len(set(p.arithmetic))


def test_a_reloaded_vehicle_reads_no_forfeiture_may_be_imposed_and_json_keeps_zero():
    from reasoner.answer.answering import ask
    from reasoner.render.jsonout import answer_dict
    a = ask(str(ROOT / "facts/ch348_tandem_axle_reloaded.yaml"), "forfeiture")
    assert "may be imposed" in a.argument.short and "$0.00" not in a.argument_text()
    data = answer_dict(a)
    assert data["bindings"][0]["Min"] == {"type": "money", "dollars": "0.00"}
    assert data["argument"]["provisions"][0]["citation"] == "348.21(2)(b)"


def test_a_not_reloaded_vehicle_still_owes_fifty_dollars():
    from reasoner.answer.answering import ask
    a = ask(str(ROOT / "facts/ch348_tandem_axle_not_reloaded.yaml"), "forfeiture")
    assert "$50.00" in a.argument.short and "may be imposed" not in a.argument.short


def test_closed_set_words_read_as_phrases():
    from reasoner.answer.answering import ask
    a = ask(str(ROOT / "facts/ch350_night_direction_lawful.yaml"), 'violation(op1, "350.02(2)(b)4")')
    text = a.argument_text()
    assert "is a county highway" in text and "state_trunk" not in text and "city_street" not in text


def test_the_full_view_keeps_the_derivation():
    from click.testing import CliRunner
    from reasoner.cli import main
    case = str(ROOT / "facts/ch350_night_direction_lawful.yaml")
    full = CliRunner().invoke(main, ["ask", case, "lawful", "--view", "full"]).stdout
    assert "Proof:" in full and "rule 350.02(2)(b)4" in full
    short = CliRunner().invoke(main, ["ask", case, "lawful"]).stdout
    assert "Proof:" not in short and "Verdict: TRUE" in short


def test_the_argument_figure_says_each_sentence_once_in_one_colour_with_a_legend():
    pytest.importorskip("matplotlib")
    from reasoner.answer.answering import ask
    from reasoner.render.figure import ARGUMENT_LEGEND, argument_rows, render_argument_figure
    for case, query in (("facts/ch350_night_direction_unlawful.yaml", "lawful"),
                        ("facts/ch348_grain_semi_first_offense.yaml", "forfeiture")):
        arg = ask(str(ROOT / case), query).argument
        rows, _ = argument_rows(arg)
        texts = [text for _, _, _, text in rows]
        assert len(texts) == len(set(texts)), [t for t in texts if texts.count(t) > 1]
        assert {d["status"] for _, _, d, _ in rows} <= set(ARGUMENT_LEGEND)
        svg = render_argument_figure(arg, "svg").decode()
        shown = {s for _, _, d, _ in rows for s in [d["status"]]}
        for status in shown:   # the legend names what each colour used means
            assert f"outline: {ARGUMENT_LEGEND[status]}" in svg


def test_a_word_of_a_closed_set_may_carry_its_phrase():
    from reasoner.language.parser import parse_text as parse
    prog = parse('@domain road {us "a U.S. highway", town, other "another road"} "other: some reason".\n'
                 '@entity trip "a trip".\n'
                 '@input road_of(T: trip, R: road) "the road of {T}".\n', "x.dl")
    assert prog.domains["road"].words == ("us", "town", "other")
    assert prog.domains["road"].phrases == {"us": "a U.S. highway", "other": "another road"}
    inline = parse('@entity trip "a trip".\n@input kind(T: trip, K: {a "the first kind", b}) "the kind of {T}".\n',
                   "y.dl")
    assert inline.preds[("kind", 2)].params[1].phrases == {"a": "the first kind"}


def test_joinder_argues_the_same_person_and_the_same_incident():
    """s. 350.101(1)(d): "If the person is charged with violating both pars. (a) and (b)" -- the two
    counts against the same person, out of the same incident, are elements of the joinder, not
    joins left to the facts used (the argument said only that count1 is par. (a) and count2 par. (b))."""
    from reasoner.answer.answering import ask
    a = ask(str(ROOT / "facts/ch350_report_joinder.yaml"), "joinder")
    [p] = a.argument.provisions
    texts = [e.text for e in p.elements]
    assert texts[0] == "the person charged in count 1 and the person charged in count 2 are the same, Devon Marsh"
    # review 6, 04: which paragraph each count charges, then the one incident, each an element of its own
    assert texts[1:] == ["count 1 charges par. (a) and count 2 charges par. (b)",
                         "count 1 and count 2 arise out of the same incident or occurrence"]
    assert p.elements[2].parts[0].text.endswith("are the same, the crash") \
        and p.elements[0].source == "case file lines 5 and 6"
    one = ask(str(ROOT / "facts/ch350_dwelling_night_unlawful.yaml"), "lawful")   # one join: only a fact used
    assert not any("are the same" in e.text for e in one.argument.provisions[0].elements)


def test_a_lawful_answer_argues_the_provision_an_exception_defeats():
    """On a night ride against traffic on an approved trail 45 ft from a
    county highway, lawful(op1) argues s. 350.02(2)(b)4 in full -- the elements met (at night,
    against traffic) and the trail exception that applies (a. 45 feet, at least 40; c. approved by
    the officer in charge of maintenance) -- rather than folding it into "41 checked"."""
    from reasoner.answer.answering import ask
    a = ask(str(ROOT / "facts/ch350_night_direction_lawful.yaml"), "lawful")
    cited = [p.citation for p in a.argument.provisions]
    assert cited == ["350.02(2)(b)4"]    # not the placeholder 'no provision checked concludes ...'
    p = a.argument.provisions[0]
    assert p.outcome == "false" and p.conclusion.startswith("No violation of s. 350.02(2)(b)4: the trail meets")
    assert p.conclusion.endswith("(the exception applies)")
    assert "no provision checked" not in a.argument_text()
    assert any("did not travel in the direction of vehicular traffic" in e.text for e in p.elements)
    [x] = [x for x in p.exceptions if x.status == "applies"]
    leaves = " ".join(e.text for e in _all(x.reasons))
    assert "45 feet, which is at least 40 feet" in leaves and "officer in charge of maintenance" in leaves
    assert "350.02(2)(b)4" not in {o.citation for o in a.argument.others}
    d = ask(str(ROOT / "facts/ch350_dwelling_night_lawful.yaml"), "lawful")   # no exception decides it
    # the empty "lawful" argues the provisions its stated facts come nearest (lawful13): first the
    # 10-mph limit near a dwelling at night, met but for the speed (exactly 10 mph), then the ride on
    # the farmer's land, with the farmer's consent (trainer review 9, 01)
    [g, q] = d.argument.provisions
    assert g.citation == "350.10(1)(g)" and g.outcome == "false", g.citation
    assert q.citation == "350.10(1)(f)" and q.outcome == "false", q.citation
    assert q.conclusion == "No violation of s. 350.10(1)(f): the owner or lessee of the private property consented to the ride"


def _all(elements):
    for e in elements:
        yield e
        yield from _all(e.parts)
