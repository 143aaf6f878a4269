"""Asking in tests through the one door (Question.of), as the CLI, batch and the server do: the
answer with its readings check, and its what-if. Tests never compose the answering steps by hand."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reasoner.answer.question import Question

ROOT = Path(__file__).resolve().parent.parent


def whatif_of(path, query: str, limit: int = 4):
    """(question, answer, what-if result) of QUERY about the case at PATH (a path, or a file name
    under facts/)."""
    path = Path(path)
    if not path.is_absolute() and not path.exists():
        path = ROOT / "facts" / path
    question = Question.of(str(path), query)
    base = question.answer()
    return question, base, question.whatif(base=base, max_results=limit)


@lru_cache(maxsize=None)
def handout_of(path, query: str):
    """The trainee's handout (ids=False) of QUERY about the case at PATH, as `reasoner export ... --to
    pdf` builds it: the question asked through the one door, relabelled by role where the case gives
    no `name:`, with its what-if. Built once per test process for each (PATH, QUERY): tests read it,
    never change it."""
    from reasoner.apps.export import handout_answer
    from reasoner.render.handout import build_handout
    question = Question.of(str(path), query)
    question, answer = handout_answer(question, question.answer())
    return build_handout(answer, question.whatif(base=answer), program=question.law.program, ids=False)


@lru_cache(maxsize=None)
def handout_text(path, query: str) -> str:
    """The handout of handout_of as one line of plain text: its HTML without styles or tags."""
    import re
    from html import unescape

    from reasoner.render.html import render_html
    html = re.sub(r"<style.*?</style>", " ", render_html(handout_of(path, query)), flags=re.S)
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


PRIORS_HEAD = """description: One log truck 2,500 lb over with {n} prior weight convictions.
entities:
  logger:
    type: vehicle
    weighed: true
    directed_to_stop: true
    stopped_and_submitted: true
    directed_to_scale: false
    found_weight_lb: 82500
    max_weight_lb: 80000
    raw_forest_combination: true
    husbandry_348_15_3b: false
    transports_livestock: false
    forest_products_crosswise: false
    excess_reloadable: false
    refused_reload: false
    violated_348_17_2: false
"""
PRIOR = """  p{i}:
    type: prior_conviction
    prior_of: logger
    prior_under: {under}
    prior_disposition: judgment
    months_since_prior: {months}
"""


def priors_case(folder, months, under=("s3g",), affirmed: bool | None = None) -> str:
    """A case file priors.yaml in FOLDER: one log truck 2,500 lb over (82,500 lb against 80,000) with
    one prior weight conviction per number of MONTHS (p0, p1, ... that many months back), under the
    subsections UNDER in turn ('s3', 's3g'), each affirmed on appeal or not where AFFIRMED is given."""
    case = Path(folder) / "priors.yaml"
    said = "" if affirmed is None else f"    affirmed_on_appeal: {str(affirmed).lower()}\n"
    case.write_text(PRIORS_HEAD.format(n=len(months)) + "".join(
        PRIOR.format(i=i, under=under[i % len(under)], months=m) + said for i, m in enumerate(months)), encoding="utf-8")
    return str(case)


# a lowboy under a single-trip permit and a dump truck without one, their priors unlisted: the facts
# box's 'taken as none' and 'stated' lines (tests/render/test_facts_box_lists_none.py,
# tests/prose/test_review8_boiler10.py); DESCRIPTION says what the scenario states
def lowboy_and_dump_truck(description: str) -> dict:
    return {
        "description": description,
        "entities": {
            "lowboy": {"type": "vehicle", "weighed": True, "found_weight_lb": 113200, "max_weight_lb": 80000,
                       "operated_at": "14:20", "other_permit_condition_violated": False,
                       "raw_forest_combination": False, "excess_reloadable": False},
            "lowboy_permit": {"type": "permit", "permit_vehicle": "lowboy", "permit_kind": "single_trip",
                              "permit_in_force": True, "exceeds_weight": True, "permit_gross_weight_lb": 110000,
                              "permit_limits_hours": True, "permit_hours_from": "09:00", "permit_hours_to": "16:00"},
            "dump_truck": {"type": "vehicle", "weighed": True, "found_weight_lb": 84300, "max_weight_lb": 80000,
                           "raw_forest_combination": False, "excess_reloadable": False},
        },
    }


def case_markdown(case: dict, query: str) -> str:
    """The markdown handout of QUERY about CASE (a dict), without its what-if."""
    from reasoner.answer.api import Case
    from reasoner.apps.export import export_files
    c = Case.from_dict(case, "permit")
    answer = c.ask(query)
    [(_, text)] = [f for f in export_files("md", answer, None, with_whatif=False, question=c.question(query))
                   if isinstance(f[1], str) and f[1].startswith("#")]
    return text


def export_markdown(path, query: str) -> str:
    """The markdown handout `reasoner export PATH QUERY --to md` writes (its first file)."""
    from reasoner.apps.export import export_files
    question = Question.of(str(path), query)
    (_, text), *_ = export_files("md", question.answer(), None, question=question)
    return text
