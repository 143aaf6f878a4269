"""Over every bundled case x every saved query it answers, the trainee
handout (Markdown, the default view) has no code token a trainee would have to decode — every entity
reads by its `name:`, its id only once, in brackets after the name ("Who and what: Sam Olson [p1]")
— no negative sentence followed by "not met" or "the exception does not apply", and the offender of
each violation is named by name. The bundled case files all name their entities (facts/)."""
import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from reasoner.answer.answering import answer_case
from reasoner.engine.rulebase import default_rulebase
from reasoner.facts.case import load_case
from reasoner.law.queries import check_atom, resolve
from reasoner.render.handout import build_handout
from reasoner.render.markdown import render_markdown

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((ROOT / "facts").glob("*.yaml"))
QUERIES = sorted(p.stem for p in (ROOT / "queries").glob("*.yaml"))
# a negative sentence whose status follows it bare: '... did not stop and submit ... — not met' reads as
# the opposite of the finding unless what holds is said after it (', because the operator stopped ...');
# a comparison states its values ('74 dBA, which is not more than 78 — not met') and is not one
NEGATIVE_THEN_NOT_MET = re.compile(r"\b(did|does|was|is|were|are|has|had) not\b[^—\n]*— \*\*(not met|the exception "
                                   r"does not apply)\*\*(?!, because)")
QUOTED = re.compile(r'"[^"\n]*"')   # a way's label: the statute's sentence, quoted
COMPARISON = re.compile(r", which is not\b|, not (at least|more than|less than)\b")


def negative_then_status(md: str) -> list:
    """The lines whose negative sentence is followed by its status with nothing saying what holds; the
    statute's own words quoted to name a way ('s. 350.05(3), "This section does not apply to ...": the
    ride took place on lands owned ... — not met', words15) are not the line's sentence."""
    return [line for line in md.splitlines()
            if NEGATIVE_THEN_NOT_MET.search(QUOTED.sub('""', line)) and not COMPARISON.search(line.split(" — ")[0])]


@lru_cache(maxsize=None)
def _handout(path: str, query: str):
    rb = default_rulebase()
    atom, saved = resolve(query)
    case = load_case(Path(path), rb.checked)
    answer = answer_case(rb, case, check_atom(atom, rb.checked), saved)
    if answer.answer == "not_applicable":
        return None, None
    return answer, render_markdown(build_handout(answer, None, program=rb.program), svg=None)


def _trainee_words(md: str, names: dict) -> str:
    """The handout's prose with what may carry an id taken out: the statute's quoted words, code
    spans (commands), the case file's path, and each name (a name may contain its id: 'the truck')."""
    lines = md.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("**Who and what.**")), 0)
    text = "\n".join(line for line in lines[start:] if not line.startswith(">"))   # the title and scenario are the case's own words
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\"[^\"]*\"|“[^”]*”", " ", text)      # quoted statute words
    for name in sorted(names.values(), key=len, reverse=True):
        text = text.replace(name, " ").replace(name[:1].upper() + name[1:], " ")   # 'The truck' opening a sentence
    return text


def test_every_bundled_entity_has_a_name():
    unnamed = [f"{case.name}: {eid}" for case in CASES
               for eid, body in (yaml.safe_load(case.read_text(encoding="utf-8"))["entities"] or {}).items()
               if not (body or {}).get("name")]
    assert not unnamed, unnamed


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_the_handouts_name_people_and_things_never_by_their_codes(case):
    entities = yaml.safe_load(case.read_text(encoding="utf-8"))["entities"]
    names = {eid: body["name"] for eid, body in entities.items()}
    answered = 0
    for query in QUERIES:
        answer, md = _handout(str(case), query)
        if md is None:
            continue
        answered += 1
        words = _trainee_words(md, names)
        for eid in names:
            bare = [m.start() for m in re.finditer(rf"(?<![\w\[/.-]){re.escape(eid)}(?![\w\]])", words)]
            assert not bare, (query, eid, words[max(bare[0] - 80, 0):bare[0] + 80])
            # the id once, in brackets after the name, where the argument introduces the entity
            assert md.count(f"[{eid}]") <= 1, (query, eid)
        assert not negative_then_status(md), (query, negative_then_status(md)[:3])
        for row in __import__("reasoner.render.jsonout", fromlist=["offenders"]).offenders(answer):
            if not row["offender"]:
                continue
            asked = any(row["offender"] in b.values() for b in answer.bindings)
            if asked:   # the question's own rows name the person (prosecute, owner_liable): by name
                assert row["offender_name"] in md, (query, row)
            else:       # the offender of each violation, by name and role, in the handout
                # by name and role; the person s. 348.20(1) names is said in the law's words ('to be
                # prosecuted, where practicable, against X under s. 348.20(1)': trainer review 6, 11)
                assert f"{row['offender_name']} (the {row['role']})" in md or (
                    row["role"].startswith("person to be prosecuted")
                    and f"against {row['offender_name']} under s. 348.20(1)" in " ".join(md.split())), (query, row)
    assert answered or case.stem in NO_SAVED_QUERY, case.name


NO_SAVED_QUERY = {"ch348_clerk_report_late"}   # s. 348.22 (the clerk's report): asked by atom, no saved query
