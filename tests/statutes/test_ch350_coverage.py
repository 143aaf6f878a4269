"""Coverage of the ch. 350 excerpt: every subsection encoded, a heading, or a declared hole; the
lawful rule; holes; vocabulary that stays clear of the ch. 348 names."""
import re
from pathlib import Path

from reasoner.law.index import default_index
from reasoner.engine.rulebase import default_rulebase

LAW = "350.02 to 350.101"   # lawful(O) cites the sections whose provisions it checks
HERE = Path(__file__).resolve().parent
RULE_DIR = HERE.parents[1] / "reasoner" / "law" / "ch350"


def ch350_rules():
    return [r for r in default_rulebase().program.rules
            if not r.helper and r.loc.file.replace("\\", "/").find("ch350/") >= 0
            and " to " not in r.provision]


def test_every_subsection_is_encoded_heading_or_hole():
    index = default_index()
    used = {r.provision for r in ch350_rules()}
    holes = {h.citation for h in default_rulebase().program.holes} | {h.citation for h in index.holes()}
    headings = {"350.04", "350.05", "350.09", "350.10", "350.101"}   # section titles only
    for prov in index:
        if prov.chapter != "350":
            continue
        assert prov.citation in used | holes | headings, f"{prov.citation} is not encoded"


def test_required_holes_are_declared():
    declared = {h.citation: h for h in default_rulebase().program.holes}
    for cit in ("350.02(2)(b)2", "350.02(2)(b)4.b", "350.10(1)(e)", "350.02(1)",
                "350.02(2)(a)1", "350.02(2)(a)2", "350.02(2)(a)3"):
        assert cit in declared and declared[cit].kind == "hole", cit
    assert "and" in declared["350.02(2)(b)4.b"].why


def test_every_encoded_provision_is_exercised_by_a_test():
    files = [*(RULE_DIR.parent / "tests").glob("*.yaml"),
             *(HERE.parents[1] / "facts" / "tests").glob("*.yaml")]   # the YAML law tests
    text = "\n".join(p.read_text() for p in files)
    quoted = set(re.findall(r'"(350\.[0-9]+[^"]*)"', text))
    for prov in {r.provision for r in ch350_rules()}:
        assert prov in quoted, f"no ch. 350 test names {prov}"


def test_every_violation_rule_is_paired_with_a_named_predicate():
    for r in ch350_rules():
        if r.head.pred == "violation":
            body = [str(lit) for lit in r.body]
            assert len(body) == 1 and not body[0].startswith("not "), str(r)
            cit = r.head.args[1].value
            assert cit == r.provision, f"{r} concludes {cit} under @provision {r.provision}"


def test_statute_text_is_quoted_in_the_rule_files():
    """Literate rule files: the opening words of every encoded provision are quoted in comments."""
    comments = " ".join(line.lstrip("%").strip() for path in sorted(RULE_DIR.glob("*.dl"))
                        for line in path.read_text().splitlines() if line.startswith("%"))
    comments = " ".join(comments.split())
    index = default_index()
    by_citation = {p.citation: p for p in index}
    for prov in sorted({r.provision for r in ch350_rules()}):
        words = by_citation[prov].text.split()
        while words and re.fullmatch(r"(\([0-9a-zA-Z]+\))+|[0-9a-z]+\.", words[0]):
            words = words[1:]          # drop the label: "(b)", "4.", "a."
        opening = " ".join(words[:8])
        assert opening in comments, f"{prov}: {opening!r} not quoted"


def test_no_predicate_names_reserved_for_ch348():
    reserved = re.compile(r"^(vehicle|permit|purchaser|record|weighing|prior_conviction)|forfeit|fee|"
                          r"reload|prosecut")
    names = {r.head.pred for r in ch350_rules()}
    names |= {d.name for d in default_rulebase().program.preds.values()
              if d.loc.file.replace("\\", "/").find("ch350/") >= 0}
    assert not {n for n in names if reserved.search(n)}
