"""The handout a trainer prints: under the scenario, the facts the argument uses, each marked stated
(with its case-file line), implied by another fact, or assumed because the case is silent (a
presumption with whose burden it is); and every entity the case gives no `name:` read by its role
('the first vehicle', 'the driver'), in the title, the body, the tables and the what-if, with its id
only in the "Who and what" line."""
import re
from functools import lru_cache
from html import unescape
from pathlib import Path

import pytest

from reasoner.answer.answering import answer_case
from reasoner.apps.export import handout_answer
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case, role_names
from reasoner.law.queries import check_atom, resolve
from reasoner.render.handout import build_handout
from reasoner.render.html import render_html
from reasoner.render.markdown import render_markdown

ROOT = Path(__file__).resolve().parents[2]
UNNAMED = ROOT / "tests/fixtures/unnamed_leased_rig.yaml"   # two vehicles, two carriers, a driver; no name:
# each carrier by what it is to the vehicles (facts/case.py RELATION_ROLES, trainer review 5)
C2 = "the lessee of the first vehicle (authority holder, driver's employer; owner and authority holder of the second vehicle)"
ROLES = {"v1": "the first vehicle", "v2": "the second vehicle", "c1": "the owner of the first vehicle (leasing business)",
         "c2": C2, "d1": "the driver"}


@lru_cache(maxsize=None)
def _handout(path: str, query: str, whatif: bool = False):
    rb = default_rulebase()
    atom, saved = resolve(query)
    case = load_case(Path(path), rb.checked)
    answer = answer_case(rb, case, check_atom(atom, rb.checked), saved)
    from reasoner.answer.question import Question
    q, answer = handout_answer(Question.about(rb, case, check_atom(atom, rb.checked), saved), answer)   # roles as labels
    flips = q.whatif(base=answer) if whatif else None
    return build_handout(answer, flips, program=rb.program)


def test_roles_label_only_the_handout_ids_stay_in_ask_and_json():
    rb = default_rulebase()
    case = load_case(UNNAMED, rb.checked)
    assert case.names == {} and case.roles == ROLES   # the case's names are its `name:`s only
    atom, saved = resolve("forfeiture")
    atom = check_atom(atom, rb.checked)
    answer = answer_case(rb, case, atom, saved)
    text = answer.argument_text()
    assert "v1" in text and "the first vehicle" not in text   # ask reads the ids, as before
    from reasoner.answer.question import Question
    labelled, shown = handout_answer(Question.about(rb, case, atom, saved), answer)
    assert labelled.case.names == ROLES and case.names == {}
    assert "the first vehicle" in shown.argument_text() and shown.answer == answer.answer


def _box(md: str) -> list:
    lines = md.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("**The facts the argument uses.**"))
    end = next((i for i, line in enumerate(lines) if i > start and line.startswith(("**Question.**", "## "))), len(lines))
    return [line for line in lines[start + 1:end] if line.startswith("- ")]


def test_role_names_read_in_a_sentence_with_an_ordinal_where_a_kind_has_several():
    entities = {"o1": "operation", "o2": "operation", "p1": "person", "pm2": "permit", "f3": "fishing_shanty"}
    # a snowmobile operation reads as a ride ('the first ride', not 'the first operation')
    assert role_names(entities, {}) == {"o1": "the first ride", "o2": "the second ride",
                                        "p1": "the person", "pm2": "the permit", "f3": "the fishing shanty"}
    # a role a name already reads as is numbered instead; named entities keep their names
    assert role_names({"o1": "operation", "o2": "operation"}, {"o1": "the second ride"}) == {"o2": "ride 2"}
    many = role_names({f"o{i}": "operation" for i in range(1, 13)}, {})
    assert many["o1"] == "ride 1" and many["o12"] == "ride 12"
    # riders of rides told apart by ordinal are riders by the same ordinal; a name is never made a rider
    rides = {"o1": "operation", "o2": "operation", "p1": "person", "p2": "person"}
    links = {"o1": {"operator": "p1"}, "o2": {"operator": "p2"}}
    assert role_names(rides, {}, links) == {"o1": "the first ride", "o2": "the second ride",
                                            "p1": "the first rider", "p2": "the second rider"}
    # ... the other rider still reads by the ride it rides; the one left is 'the other person'
    assert role_names(rides, {"o1": "Pat's ride"}, links) == {"o2": "the second ride", "p1": "the other person",
                                                             "p2": "the second rider"}


def test_the_facts_box_on_an_unnamed_case_marks_stated_and_assumed_facts_by_role():
    h = _handout(str(UNNAMED), "forfeiture")
    md = render_markdown(h)
    box = _box(md)
    # several parties: the question, the results table, the answer, then the facts box (trainer review 5)
    assert md.index("**Who and what.**") < md.index("**Question.**") < md.index("| the first vehicle |") \
        < md.index("**Answer.**") < md.index("**The facts the argument uses.**") < md.index("## The argument")
    # one vehicle's stated facts are argued element by element in its own section (trainer review 5,
    # item 11: a page of ~55 facts before the argument), and said in ONE short line of the box, the
    # vehicle's name once, before the facts said alike of both (reconciled with trainer review 11, G8:
    # a box of who-is-who links that left out the deciding facts); no line per fact of one vehicle
    first = [line for line in box if line.startswith("- the first vehicle: ")]
    assert first == ["- the first vehicle: the weight found on weighing (gross weight, or the load on the wheel, "
                     "axle or axle group in question) is 84,000 lb; the case names the owner (leasing business) — "
                     "*stated* (case file lines 6 and 9)"]   # the owner's tie in the vehicle's line (box17b)
    assert sum("is 84,000 lb" in line for line in box) == 1
    assert box.index(first[0]) < next(i for i, line in enumerate(box) if "; the same for the second vehicle" in line)
    # the weight's gloss said once, where first read: in the box's line (trainer review 4)
    assert md.count("on weighing (gross weight, or the load on the wheel, axle or axle group in question)") == 1
    assert "the weight found for the first vehicle" in md[md.index("## The argument"):]
    # the box's lead in plain words, naming the marks it uses (trainer review 12, G2), not "Each
    # vehicle's own stated facts are in one line; its argument below sets each against the law, ..."
    assert "Stated in the case, unless marked assumed or taken as none." in md
    assert "own stated facts are in one line" not in md
    # what the case does not state is taken as not so: the closed world's assumption, marked as one,
    # in the box (every fact the answer uses is there, trainer review 12, G2), not in a section
    own = md.splitlines()
    assert "- the first vehicle was not operated under a permit — *taken as none — the case's facts list no permit*" in box
    assert "The facts of the first vehicle that need a note:" not in own
    # a presumption says its citation; whose burden it is is one of our readings (trainer review 13, 04)
    assert any(line.startswith("- the first vehicle is not a vehicle combination transporting raw forest products "
                               "— *assumed — the case's facts do not mention it* (s. 348.21(3g))") for line in own)
    assert "## The facts the argument used" not in md   # the box replaces the list at the end
    html = render_html(h)
    assert '<section class="facts-box"><h2>The facts the argument uses</h2>' in html
    assert '<span class="mark">stated</span> <span class="note">(case file line' in html
    assert html.index("<strong>Answer.</strong>") < html.index('class="facts-box"')   # one order: answer, then box


def test_the_facts_box_on_a_named_case_marks_implied_and_presumed_facts():
    h = _handout(str(ROOT / "facts/ch350_report_night_direction.yaml"), "lawful")
    box = _box(render_markdown(h))
    assert "- the ride took place adjacent to the roadway (within the highway right-of-way but off the roadway) " \
           "— *stated* (case file line 9)" in box
    assert ("- the ride was not carried out to fulfil the corporate function of a public utility — *assumed — the "
            "case's facts do not mention it* (s. 350.045)") in box
    marks = {f.how for f in h.facts_box}
    assert marks == {"stated", "assumed"}
    # a fact implied by a stated one: marked implied, with the line it follows from and why
    from reasoner.render.handout import BoxFact, facts_box
    from reasoner.explain.argument import Argument, Element, Provision
    arg = Argument("q", "true", "s", [Provision("350.02(4)", "", "", "true", "c", elements=[
        Element("the ride did not take place on the main-traveled portion of a highway", "true",
                source="implied by case file line 9: the main-traveled portion is on the roadway",
                loc="x.yaml:9")])])
    assert facts_box(arg, [("the ride took place adjacent to the roadway", 9)]) == [
        BoxFact("the ride took place adjacent to the roadway", "stated", "case file line 9"),
        BoxFact("the ride did not take place on the main-traveled portion of a highway", "implied",
                "case file line 9: the main-traveled portion is on the roadway")]
    md = render_markdown(_with_box(h, facts_box(arg, [("x", 9)])))
    assert "- the ride did not take place on the main-traveled portion of a highway — *implied* (case file line 9: " \
           "the main-traveled portion is on the roadway)" in _box(md)
    assert "Stated in the case, unless marked implied." in md


def _with_box(h, box):
    from dataclasses import replace
    return replace(h, facts_box=box)


def test_a_three_party_unnamed_case_reads_by_role_in_title_body_tables_and_whatif():
    h = _handout(str(UNNAMED), "prosecute", whatif=True)
    md = render_markdown(h)
    assert "**Who and what.** The first vehicle \\[v1\\]; the second vehicle \\[v2\\]; the owner of the first vehicle " \
           "(leasing business) \\[c1\\]; " + C2 + " \\[c2\\]; the driver \\[d1\\]." in md
    assert f"| the first vehicle | {C2} |" in md and "| the second vehicle |" in md   # the table
    assert "is to be instituted against " + C2 in md   # the body ('where practicable' only beside the authority holder's ground)
    assert "the first carrier" not in md and "the second carrier" not in md
    whatif = md[md.index("## What if?"):]
    assert "the first vehicle" in whatif
    _no_bare_ids(md, render_html(h))


def test_without_a_description_the_title_is_the_question_by_role(tmp_path):
    text = UNNAMED.read_text(encoding="utf-8").split("\n", 1)[1]   # the same case, no description
    case = tmp_path / "rig.yaml"
    case.write_text(text, encoding="utf-8")
    h = _handout(str(case), "prosecuted(v1, C)")
    assert "v1" not in h.title and "the first vehicle" in h.title, h.title
    assert render_markdown(h).startswith(f"# {h.title}")


def _no_bare_ids(md, html):
    """No id outside the "Who and what" line, in the Markdown and in the HTML's text."""
    body = "\n".join(line for line in md.splitlines() if not line.startswith("**Who and what.**"))
    page = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", html, flags=re.S)
    page = unescape(re.sub(r"<p class=\"cast\">.*?</p>|<[^>]+>", " ", page, flags=re.S))
    for eid in ROLES:
        for text in (body, page):
            bare = [m.start() for m in re.finditer(rf"(?<![\w/.-]){eid}(?![\w])", text)]
            assert not bare, (eid, text[max(bare[0] - 80, 0):bare[0] + 40])


@pytest.mark.parametrize("query", ["forfeiture", "prosecute", "may_proceed"])
def test_no_bare_id_in_an_unnamed_handout_body(query):
    h = _handout(str(UNNAMED), query, whatif=True)
    _no_bare_ids(render_markdown(h), render_html(h))


def test_the_word_handout_prints_the_facts_box_after_a_several_party_answer():
    pytest.importorskip("docx")
    import io

    import docx
    from reasoner.render.docx import render_docx
    doc = docx.Document(io.BytesIO(render_docx(_handout(str(UNNAMED), "forfeiture"))))
    texts = [p.text for p in doc.paragraphs]
    box = next(i for i, t in enumerate(texts) if t.startswith("The facts the argument uses."))
    question = next(i for i, t in enumerate(texts) if t.startswith("Question."))
    answer = next(i for i, t in enumerate(texts) if t.startswith("Answer."))
    assert question < answer < box   # the answer first, then the facts box (review 5; review 12, G2)
    assert "the first vehicle was not operated under a permit — taken as none — the case's facts list no permit" \
        in texts[box:]
    assert not any(re.search(r"\b(v1|v2|c1|c2|d1)\b", t) for t in texts if not t.startswith("Who and what"))


def test_a_report_s_box_says_the_exceptions_of_provisions_not_argued_in_one_line():
    # a report on residential-access speed: its argument is about the roadway, lamps and the dwelling
    # hours; the ten exceptions of ss. 350.05, 350.07 and 350.10(1)(j), (L) and (2), presumed not raised,
    # belong to provisions the answer says in one line are not argued: no assumption of the argument
    # (trainer review 13, 07: 'no exception under ... (10 in all, of provisions not argued here) — assumed')
    from reasoner.answer.answering import ask
    from reasoner.render.handout import facts_box
    a = ask(str(Path(__file__).resolve().parents[2] / "facts" / "ch350_report_residential_access.yaml"), "lawful")
    box = facts_box(a.argument, [])
    assert [b for b in box if b.how == "assumed"] == []
    assert not any("skating area" in b.text or "no exception under" in b.text for b in box)
    assert "none is argued." in a.argument.short
    # every presumption is still in the answer itself (its JSON)
    assert len(a.presumed) == 10 and a.argument.presumed == []


def test_ids_and_case_file_lines_are_in_the_instructor_s_edition_only(tmp_path):
    # a trainee's handout names each party and marks each fact stated; the instructor's edition adds
    # the id that finds the party in the case file and the line that states the fact
    from click.testing import CliRunner
    from reasoner.cli import main
    case = str(ROOT / "facts/ch350_night_direction_unlawful.yaml")
    trainee, instructor = tmp_path / "t.md", tmp_path / "i.md"
    assert CliRunner().invoke(main, ["export", case, "lawful", "--to", "md", "-o", str(trainee)]).exit_code == 0
    res = CliRunner().invoke(main, ["export", case, "lawful", "--to", "md", "--view", "instructor", "-o", str(instructor)])
    assert res.exit_code == 0, res.output
    t, i = trainee.read_text(encoding="utf-8"), instructor.read_text(encoding="utf-8")
    # the trainee's facts box names the parties: no "Who and what" line with its labels ('an operation')
    assert "**Who and what.**" not in t and "The ride, an operation" not in t
    assert "*stated* (case file line" not in t and "— *stated*" in t
    assert "The ride \\[op1\\], an operation" in i and "*stated* (case file line" in i
    # the verdict and the provision are the same in both editions
    for md in (t, i):
        assert "Unlawful" in md and "s. 350.02(2)(b)4" in md


def test_unnamed_parties_are_told_apart_by_what_the_case_says_of_them():
    """'the 06:30 rider', 'the 11-year-old', 'the first vehicle's carrier', 'the par. (a) charge'
    rather than 'the first person' (facts/case.py ROLE_BY); ordinals only where that does not tell
    every one of a kind apart; a `name:` still wins."""
    rides = {"r1": "operation", "r2": "operation", "o1": "person", "o2": "person"}
    attrs = {"r1": {"clock_time": "06:30", "operator": "o1"}, "r2": {"clock_time": "23:30", "operator": "o2"}}
    assert role_names(rides, {}, attrs) == {"r1": "the 06:30 ride", "r2": "the 23:30 ride",
                                            "o1": "the 06:30 rider", "o2": "the 23:30 rider"}
    assert role_names(rides, {"o1": "Pat"}, attrs)["o2"] == "the 23:30 rider"
    ages = {"k": "person", "t": "person"}
    assert role_names(ages, {}, {"k": {"age": "11"}, "t": {"age": "16"}}) == {"k": "the 11-year-old",
                                                                            "t": "the 16-year-old"}
    # the same age twice tells no one apart: ordinals
    assert role_names(ages, {}, {"k": {"age": "11"}, "t": {"age": "11"}}) == {"k": "the first person",
                                                                            "t": "the second person"}
    trucks = {"v1": "vehicle", "v2": "vehicle", "c1": "carrier", "c2": "carrier"}
    assert role_names(trucks, {}, {"v1": {"authority_holder": "c1"}, "v2": {"authority_holder": "c2"}}) == {
        "v1": "the first vehicle", "v2": "the second vehicle",
        "c1": "the authority holder of the first vehicle", "c2": "the authority holder of the second vehicle"}
    # a party by all it is to the vehicle: a staffing agency, a rental company, a quarry are not 'carriers'
    rigs = {"t1": "vehicle", "t2": "vehicle", "a": "carrier", "s": "carrier", "r": "carrier", "l": "carrier", "q": "carrier"}
    links = {"t1": {"vehicle_owner": "a", "authority_holder": "a", "driver_principal": "s"},
             "t2": {"vehicle_owner": "r", "vehicle_lessee": "l", "authority_holder": "l", "operator_director": "q"},
             "r": {"leasing_business": "true"}}
    assert role_names(rigs, {}, links) == {
        "t1": "the first vehicle", "t2": "the second vehicle", "a": "the owner of the first vehicle (authority holder)",
        "s": "the employer of the first vehicle's driver", "r": "the owner of the second vehicle (leasing business)",
        "l": "the lessee of the second vehicle (authority holder)", "q": "the person directing the second vehicle's driver"}
    charges = {"c1": "charge", "c2": "charge"}
    assert role_names(charges, {}, {"c1": {"charge_paragraph": "a"}, "c2": {"charge_paragraph": "b"}}) == {
        "c1": "the par. (a) charge", "c2": "the par. (b) charge"}


def test_a_three_party_unnamed_case_names_each_rider_by_the_time_of_the_ride():
    rb = default_rulebase()
    case = load_case(ROOT / "tests/fixtures/three_riders_unnamed.yaml", rb.checked)
    assert case.roles == {"r1": "the 06:30 ride", "r2": "the 21:00 ride", "r3": "the 23:30 ride",
                          "o1": "the 06:30 rider", "o2": "the 21:00 rider", "o3": "the 23:30 rider"}
    md = render_markdown(_handout(str(ROOT / "tests/fixtures/three_riders_unnamed.yaml"), "lawful", whatif=True))
    assert "the 06:30 rider (the operator) violated s. 350.10(1)(g) in the 06:30 ride" in md
    assert "the 23:30 rider (the operator) violated s. 350.10(1)(g) in the 23:30 ride" in md
    assert "the first person" not in md and "the second operation" not in md
    assert "the 21:00 ride" in md    # 21:00 is outside the period: lawful, but named the same way


def test_the_one_unnamed_ride_and_rider_read_by_role_not_by_kind():
    """One unnamed operation is 'the ride', its operator 'the rider' (or 'the 11-year-old' where the
    case gives the age), not 'the operation', 'the person'."""
    assert role_names({"o1": "operation", "p1": "person"}, {}, {"o1": {"operator": "p1"}}) == {
        "o1": "the ride", "p1": "the rider"}
    assert role_names({"p1": "person", "o1": "operation"}, {}, {"o1": {"operator": "p1"}, "p1": {"age": "11"}}) == {
        "p1": "the 11-year-old", "o1": "the ride"}
    # a person who is no one's operator keeps the kind; a name still wins
    assert role_names({"p1": "person"}, {}) == {"p1": "the person"}
    assert role_names({"o1": "operation", "p1": "person"}, {"p1": "Pat"}, {"o1": {"operator": "p1"}}) == {
        "o1": "the ride"}
    md = render_markdown(_handout(str(ROOT / "tests/fixtures/youth_with_companion_unnamed.yaml"), "violations"))
    assert "the 11-year-old (the operator) violated s. 350.05(1)." in md   # the case's one ride not named
    assert "violated s. 350.05(1) in the ride" not in md
    assert not re.search(r"the operation\b(?! of snowmobiles)", md) and "the person (the operator)" not in md


def test_a_prior_conviction_reads_as_the_person_charged_having_it():
    """s. 348.21 `prior_of`: 'the person charged for the incident of the second vehicle has the
    conviction 5 months earlier' (the prior named by its timing, as the case gives it, never counted:
    'has the second prior conviction' read as two priors, trainer review 4), not 'the vehicle of the
    incident whose person charged has ... as a prior conviction'."""
    md = render_markdown(_handout(str(ROOT / "tests/fixtures/two_trucks_prior_unnamed.yaml"), "forfeiture"))
    # one vehicle's stated fact: argued in its section (not in the box), the prior tied to its incident there
    # the prior counted, with the facts that count it, in its one line (histories16)
    assert ("the conviction 5 months earlier is a prior conviction counted under s. 348.21(3r) for the second vehicle: "
            "the provision of s. 348.21 under which it was imposed is sub. (3); it ended in a court judgment;") in md
    assert "(assumed: this case's conviction is entered within 7 months of the weighing) — **met**" in md
    assert "incident of" not in md
    assert "prior conviction — *stated*" not in md
    assert "whose person charged" not in md and "whose incident" not in md
    assert "$1,216.00" in md and "$68.00" in md and "s. 348.21(3)(b)2" in md


def test_what_if_lines_are_short_and_the_same_open_rows_are_said_once():
    """A trainee's what-if says 'the answer would then be undetermined, on facts the case does not
    state' (naming no list of open facts, nor a fact the answer already turns on; never a bare
    'undetermined', review 4) and does not repeat the answer's open
    provisions; the open rows that read the same for several rides are said once, naming each
    ride; 'no provision checked ... (41 checked)' carries no count."""
    h = _handout(str(ROOT / "tests/fixtures/night_trail_three_riders_unnamed.yaml"), "violations", whatif=True)
    md = render_markdown(h)
    answer = h.argument.short   # the answer sentence (below the table, the box says only what it cannot)
    # ids with a letter (ride_c, rider_c) are the file's labels: read by role, never 'ride C' (review 7)
    assert "The third rider (the operator) violated s. 350.02(2)(b)4 in the third ride" in answer
    assert answer.count("whether any of 4 provisions was violated") == 1
    assert "was violated in the first ride, the second ride or the third ride" in answer
    assert "ride C" not in answer and "rider C" not in answer
    whatif = md.split("## What if?")[1].split("\n## ")[0]
    assert "the answer would then be undetermined, on facts the case does not state." in whatif
    assert "the answer would then be undetermined." not in whatif
    assert "would then depend on" not in whatif and "and other facts" not in whatif
    assert "turning on" not in whatif      # the answer now already leaves facts open: no one fact named
    ten = render_markdown(_handout(str(ROOT / "tests/fixtures/youth_with_companion_unnamed.yaml"), "violations",
                                   whatif=True))
    whatif = ten.split("## What if?")[1].split("\n## ")[0]
    assert ("If the age of the rider had been 12 years instead of 11 years, the answer would then be: the 11-year-old "
            "(the operator) violated s. 350.05(2); the rest of the answer would stay as it is now.") in whatif
    assert "not examined" not in whatif and "provisions left open (listed below)" not in whatif
    from reasoner.prose.argument import none_violated
    assert none_violated(41, "the ride violated some provision") == \
        "no provision checked concludes that the ride violated some provision"


def test_every_party_the_handout_names_has_its_facts_in_the_box():
    """The 16-year-old who follows on another snowmobile is named in "Who and what": the printed
    facts box shows the age that makes that role, not only the appendix the PDF leaves out."""
    md = render_markdown(_handout(str(ROOT / "tests/fixtures/youth_with_companion_unnamed.yaml"), "violations"))
    assert "- the age of the 16-year-old is 16 years — *stated* (case file line 17)" in _box(md)
    assert "- the age of the 11-year-old is 11 years — *stated* (case file line 12)" in _box(md)
    # a fact of a party the box already shows stays in the appendix
    assert not any("safety certificate" in line for line in _box(md))
    assert "the 11-year-old (the operator) violated s. 350.05(1)." in md   # the case's one ride not named
    assert "violated s. 350.05(1) in the ride" not in md


def test_an_id_made_of_words_names_its_entity_and_a_code_keeps_its_role():
    """An entity with no `name:` whose id is words reads as those words ('grain_truck': 'the grain
    truck', 'rider_2': 'rider 2'), never as the id itself; a code ('v1', 'op1', 'pm2', 'vehicle1', a
    bare kind 'vehicle_2', a one-letter part 'ride_a', no vowel 'trk_2') keeps its role words."""
    from reasoner.facts.case import id_name
    assert id_name("grain_truck", "vehicle") == "the grain truck"
    assert id_name("lowboy", "vehicle") == "the lowboy"
    assert id_name("the_ride", "incident") == "the ride"
    # a label of the file ('cattle_truck_1', 'rider_2', 'kid_1', 'log_prior_a'): a case id, never
    # shown even with its underscore dropped (trainer review 7, 09 to 11); 'grain_prior': its kind's
    # word after a clipped noun, read by role
    for label, kind in (("cattle_truck_1", "vehicle"), ("rider_2", "person"), ("kid_1", "person"),
                        ("owner_1", "person"), ("log_prior_a", "prior_conviction"), ("grain_prior", "prior_conviction"),
                        ("ride_a", "operation"), ("truck_a", "vehicle")):
        assert id_name(label, kind) is None, label
    for code, kind in (("v1", "vehicle"), ("op1", "operation"), ("o1", "operation"), ("pc3", "prior_conviction"),
                       ("f2", "fee"), ("pm2", "permit"), ("vehicle1", "vehicle"), ("vehicle_2", "vehicle"),
                       ("ride_a", "operation"), ("trk_2", "vehicle"), ("the_operation", "operation")):
        assert id_name(code, kind) is None, code
    assert role_names({"lowboy": "vehicle", "v2": "vehicle", "rider_2": "person"}, {}) == {
        "lowboy": "the lowboy", "v2": "the second vehicle", "rider_2": "the person"}
    # two ids that read the same, or an id that reads as another's name: role words for them, unique
    assert role_names({"grain_truck": "vehicle", "the_grain_truck": "vehicle"}, {}) == {
        "grain_truck": "the first vehicle", "the_grain_truck": "the second vehicle"}
    assert role_names({"grain_truck": "vehicle", "v2": "vehicle"}, {"v2": "The Grain Truck"}) == {
        "grain_truck": "the first vehicle"}


def test_a_handout_names_word_ids_in_its_table_body_and_what_if():
    """Handout 12 of the review: grain_truck and stock_trailer read 'the grain truck', 'the stock
    trailer' in "Who and what", the answer, the table, the argument and the what-if, never 'the first
    vehicle' nor an id with an underscore."""
    h = _handout(str(ROOT / "tests/fixtures/scale_direction_two_trucks.yaml"), "duty_forfeiture", whatif=True)
    md = render_markdown(h)
    # the instructor's edition gives each its id once, in brackets, in "Who and what" only
    assert "**Who and what.** The grain truck \\[grain_truck\\], a vehicle; the stock trailer \\[stock_trailer\\], a vehicle." in md
    answer = h.argument.short   # the answer sentence (below the table, the box says only what it cannot)
    assert "concerning the stock trailer: not less than $50.00 nor more than $100.00" in answer
    assert "incident of" not in md
    assert "| the grain truck |" in md and "| the stock trailer | not named in the case | $50.00 to $100.00 (s. 348.21(2)(a)) |" in md
    body = md.split("## The argument")[1].split("## What if?")[0]
    assert "the operator of the stock trailer did not drive the stock trailer to the scale" in body
    whatif = md.split("## What if?")[1].split("\n## ")[0]
    assert "If the operator of the stock trailer had driven the stock trailer to the scale as directed" in whatif
    assert "first vehicle" not in md and "second vehicle" not in md
    assert md.count("grain_truck") == md.count("stock_trailer") == 1
    lowboy = render_markdown(_handout(str(ROOT / "tests/fixtures/permit_truck_over_permit.yaml"), "forfeiture"))
    assert "**Who and what.** The lowboy \\[lowboy\\], a vehicle; the lowboy's permit \\[lowboy_permit\\]; " \
        "the dump truck \\[dump_truck\\], a vehicle." in lowboy
    assert "| the lowboy | the operator (s. 348.21(3)) and, where practicable, the authority holder (s. 348.20(1)), not named in the case | $210.00 to $360.00 (s. 348.21(3)(b)1) |" in lowboy
    assert "first vehicle" not in lowboy and lowboy.count("dump_truck") == lowboy.count("lowboy_permit") == 1


def test_a_three_party_unnamed_case_names_each_person_by_the_role_the_law_gives():
    """Three people on one ride, none named, two of the same age: no 'person 2' / 'the second
    person' (trainer review 4, handout 10): each by what the case says of them, the age where it is
    theirs alone, else the relation the law reads ('the person having charge or control of the
    snowmobile', the companion on the same snowmobile)."""
    people = {"o1": "operation", "p1": "person", "p2": "person", "p3": "person"}
    attrs = {"o1": {"operator": "p1", "person_in_control": "p2", "companion": ["p3"]},
             "p1": {"age": "11"}, "p2": {"age": "44"}, "p3": {"age": "44"}}
    assert role_names(people, {}, attrs) == {
        "o1": "the ride", "p1": "the 11-year-old", "p2": "the person in charge of the snowmobile in the ride",
        "p3": "the companion on the ride"}
    # nothing tells the last one apart: 'the other person', never a number
    del attrs["o1"]["companion"]
    assert role_names(people, {}, attrs)["p3"] == "the other person"


def test_ids_with_a_letter_read_by_role_unless_the_description_writes_the_label():
    """truck_a, log_truck_e, rider_b are the file's labels: by role ('the first vehicle'), never
    'truck A' or 'carrier A' (trainer review 7: 'ride_a', 'log prior A' printed), except where the
    case's own description writes the label in words ('truck A 1,800 lb over'): the writer's name,
    said the same way throughout. A driver or carrier reads by its vehicle ('the first vehicle's driver')."""
    from reasoner.facts.case import id_label, id_name
    assert id_name("truck_a", "vehicle") is None and id_name("log_truck_e", "vehicle") is None
    assert id_name("rider_b", "person") is None
    assert id_label("truck_a", "truck A is over") == "truck A" and id_label("truck_a", "truck_a is over") is None
    assert id_label("log_truck_e", "a log truck") is None
    assert id_name("shanty_east", "fishing_shanty") == "the east shanty"
    assert id_name("angler_in_truck", "bystander") == "the angler in truck"
    assert id_name("prior_c", "prior_conviction") is None     # a word of its kind: its role reads better
    trucks = {"truck_a": "vehicle", "log_truck_e": "vehicle", "driver_a": "driver", "driver_e": "driver",
              "carrier_a": "carrier", "carrier_e": "carrier"}
    attrs = {"truck_a": {"vehicle_operator": "driver_a"}, "log_truck_e": {"vehicle_operator": "driver_e"}}
    assert role_names(trucks, {}, attrs) == {
        "truck_a": "the first vehicle", "log_truck_e": "the second vehicle", "driver_a": "the first vehicle's driver",
        "driver_e": "the second vehicle's driver", "carrier_a": "the first carrier", "carrier_e": "the second carrier"}
    assert role_names(trucks, {}, attrs, "truck A and log truck E at the scale")["driver_e"] == "log truck E's driver"


def test_a_prior_conviction_is_named_by_its_timing_not_counted():
    """'the first prior conviction' / 'has the second prior conviction' read as a count of priors
    (trainer review 4, handout 11): a prior is 'the conviction 14 months earlier', or where the case
    gives no months, 'the earlier conviction' (for its vehicle where there are several)."""
    priors = {"v1": "vehicle", "v2": "vehicle", "c1": "prior_conviction", "c2": "prior_conviction"}
    attrs = {"c1": {"prior_of": "v1", "months_since_prior": "8"}, "c2": {"prior_of": "v2", "months_since_prior": "14"}}
    assert role_names(priors, {}, attrs) == {"v1": "the first vehicle", "v2": "the second vehicle",
                                             "c1": "the conviction 8 months earlier",
                                             "c2": "the conviction 14 months earlier"}
    attrs = {"c1": {"prior_of": "v1"}, "c2": {"prior_of": "v2"}}
    assert role_names(priors, {}, attrs)["c2"] == "the earlier conviction listed with the second vehicle"
    assert role_names({"c1": "prior_conviction"}, {}, {"c1": {"months_since_prior": "1"}}) == {
        "c1": "the conviction 1 month earlier"}
    assert role_names({"c1": "prior_conviction"}, {}) == {"c1": "the earlier conviction"}


def test_letter_labelled_trucks_read_as_labels_in_case_order_and_their_prior_by_its_timing():
    """Trainer review 4, handout 11: 'truck A', 'log truck B' in the answer, the table and the
    argument (not 'the first vehicle'), the answer listing truck A first (the case's order, not the
    ids' order: 'log_truck_b' sorts first), and the prior as 'the conviction 14 months earlier'."""
    h = _handout(str(ROOT / "tests/fixtures/two_trucks_letters_unnamed.yaml"), "forfeiture")
    md = render_markdown(h)
    answer = h.argument.short   # the answer sentence (below the table, the box says only what it cannot)
    assert "truck A" in answer and "log truck B" in answer
    assert answer.index("truck A") < answer.index("log truck B")
    assert "| truck A |" in md and "| log truck B |" in md
    # the prior in log truck B's own line, which says whose it is (box17b: no tie line the party's line implies)
    assert "- log truck B: the weight found is 83,000 lb;" in md and \
        "the conviction 14 months earlier ended in a court judgment — *stated*" in md
    assert "is on the record of the person charged over log truck B" not in md
    assert "the first vehicle" not in md and "prior conviction — *stated*" not in md
    assert "the second prior conviction" not in md and "the first prior conviction" not in md


def test_the_title_is_the_question_with_its_parties_and_the_description_a_labelled_scenario():
    """Trainer review 4: the case file's description printed as the title was cryptic or wrong
    ('three livestock haulers' over four). The title is the question with the parties it asks about,
    counted from the case's entities; the description stays beneath it as 'Scenario: ...'; a case's
    own `title:` wins."""
    from reasoner.prose.questions import handout_title
    q = "What forfeiture range applies under s. 348.21 to the weight violation of each vehicle?"
    assert handout_title(q, ["truck A", "truck B", "truck C", "truck D", "log truck E"], "vehicle", "vehicle") == \
        "Five vehicles: what forfeiture range applies under s. 348.21 to the weight violation of each vehicle?"
    assert handout_title(q, ["the dump truck"], "vehicle", "vehicle") == \
        "What forfeiture range applies under s. 348.21 to the weight violation of the dump truck?"
    assert handout_title("Which provisions of ch. 350 does each snowmobile operation violate?",
                         ["Pat's ride"], "ride", "operation") == "Which provisions of ch. 350 does Pat's ride violate?"
    # several parties: the saved question's 'this snowmobile operation' asks of each, by the noun their names share
    assert handout_title("Is this snowmobile operation lawful under the ch. 350 excerpt?",
                         ["the first ride", "the second ride", "the third ride"], "ride", "operation") == \
        "Three rides: is each ride lawful under the ch. 350 excerpt?"
    md = render_markdown(_handout(str(ROOT / "tests/fixtures/two_trucks_letters_unnamed.yaml"), "forfeiture"))
    lines = md.splitlines()
    assert lines[0] == "# Truck A and log truck B: what forfeiture range applies under s. 348.21 to the weight violation of each vehicle?"
    assert lines[2].startswith("Scenario: Two trucks at a scale, the case's own labels")
    rb = default_rulebase()
    own = load_case({"title": "Forfeiture for two trucks at the scale", "entities": {"v1": {"type": "vehicle"}}}, rb.checked)
    assert own.title == "Forfeiture for two trucks at the scale"
    from reasoner.core.errors import CaseError
    for bad in ({"title": "x" * 121}, {"title": ["a"]}, {"title": "<b>bold</b>"}):
        with pytest.raises(CaseError, match="title"):
            load_case({**bad, "entities": {"v1": {"type": "vehicle"}}}, rb.checked)
