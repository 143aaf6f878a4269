"""`reasoner batch --verdicts-only` and `reasoner batch` with proofs give one answer: on every case file
in facts/ and every saved query, the same answer, rows (bindings), errors and, where --verdicts-only
names them (the questions about violations), the same offenders. The step that says a row the exact
split completed with a party of the case as the party the case does not name (answer/answering.py
unnamed_rows) is taken by both. And a batch under another reading answers as `ask` does under it."""
import json
from functools import lru_cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "facts"
SAVED = sorted(p.stem for p in (ROOT / "queries").glob("*.yaml"))
# the questions whose --verdicts-only rows name offenders (their rules read violation/2 or
# person_violation/2: apps/batch.py _offender_goal); the others' rows name none without a proof
ABOUT_VIOLATIONS = {"equipment_duties", "lawful", "related_charges", "violations"}


def _run(*args):
    r = CliRunner().invoke(main, list(map(str, args)))
    assert r.exit_code in (0, 1), r.output
    return {d["id"]: d for d in map(json.loads, (x for x in r.stdout.splitlines() if x.startswith("{")))}


@lru_cache(maxsize=None)
def _both(query):
    return _run("batch", FACTS, query), _run("batch", "--verdicts-only", FACTS, query)


def _offenders(row):
    return sorted((o["in"], o["provision"], o["offender"], o["role"], o["offender_name"])
                  for o in row.get("offenders") or [])


@pytest.mark.parametrize("query", SAVED)
def test_verdicts_only_gives_the_answer_with_proofs(query):
    full, fast = _both(query)
    assert set(full) == set(fast) and len(full) == len(list(FACTS.glob("*.yaml")))
    for cid, d in full.items():
        f = fast[cid]
        assert (f.get("answer"), f.get("bindings"), f.get("error")) == (d.get("answer"), d.get("bindings"),
                                                                         d.get("error")), cid
        if query in ABOUT_VIOLATIONS:
            assert _offenders(f) == _offenders(d), cid
        else:   # no proof, no offender said: never one the proof does not name
            assert "offenders" not in f, cid


def test_the_loud_vintage_sled_open_row_is_the_unnamed_maker_in_both():
    # the 1980 sled's maker is not stated: the split tries p1 as its maker, and the row open on that
    # is the unnamed party's (P null, 'an unnamed person'), never 'possibly p1' (Jesse Brandt)
    full, fast = _both("equipment_duties")
    rows = [{"P": "dealer1", "C": "350.09(7)", "answer": "true"}, {"P": None, "C": "350.09(7)", "answer": "undetermined"}]
    for d in (full["ch350_loud_vintage_sled"], fast["ch350_loud_vintage_sled"]):
        assert d["answer"] == "true" and d["bindings"] == rows
        assert _offenders(d) == [("s1", "350.09(7)", "dealer1", "seller", "North Woods Sleds")]
        assert "p1" not in json.dumps(d["bindings"])
    assert full["ch350_loud_vintage_sled"]["cited"] == ["350.09(7)"]
    assert full["ch350_loud_vintage_sled"]["missing"] == ["the manufacturer of Jesse's snowmobile"]
    assert "cited" not in fast["ch350_loud_vintage_sled"]


def test_both_paragraphs_name_the_operator_of_each_paragraph_without_proofs():
    _, fast = _both("related_charges")
    assert _offenders(fast["ch350_owner_lends_three_times"]) == [
        ("op1", "350.101(1)(a)", "p1", "operator", "Chris Meyer"), ("op1", "350.101(1)(b)", "p1", "operator", "Chris Meyer"),
        ("op3", "350.101(1)(a)", "p3", "operator", "Max Berg"), ("op3", "350.101(1)(b)", "p3", "operator", "Max Berg")]
    # the owner's s. 350.08 violation in the same ride is not what the row rests on: not named
    assert _offenders(fast["ch350_impaired_borrowed_sled"]) == [
        ("op1", "350.101(1)(a)", "p1", "operator", "Chris Meyer"), ("op1", "350.101(1)(b)", "p1", "operator", "Chris Meyer")]
    _, violations = _both("violations")
    assert ("op1", "350.08", "quinn", "owner or person in charge or control", "Quinn Adler") in \
        _offenders(violations["ch350_impaired_borrowed_sled"])


# (case, saved query, a reading that changes its answer or rows: `reasoner batch --compare-readings`)
UNDER = [("ch350_dwelling_boundary_0700", "lawful", "dwelling_hours_end.exclusive"),
         ("ch350_night_direction_lawful", "lawful", "missing_4b.undetermined_without_b"),
         ("ch350_youth_age_12_alone", "lawful", "over_age_12.older_than"),
         ("ch350_youth_companion_18", "lawful", "companion_over_age.older_than"),
         ("ch348_prior_exactly_12_months", "forfeiture", "twelve_month_period.exclusive"),
         ("ch350_three_night_rides", "lawful", "missing_4b.undetermined_without_b")]


@pytest.mark.parametrize("case,query,reading", UNDER)
def test_a_batch_under_a_reading_answers_as_ask_under_it(tmp_path, case, query, reading):
    (tmp_path / f"{case}.yaml").write_text((FACTS / f"{case}.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    r = CliRunner().invoke(main, ["--reading", reading, "ask", "--format", "json", str(FACTS / f"{case}.yaml"), query])
    assert r.exit_code in (0, 1), r.output
    asked = json.loads(r.stdout)
    default = json.loads(CliRunner().invoke(main, ["ask", "--format", "json", str(FACTS / f"{case}.yaml"),
                                                   query]).stdout)
    # the reading changes the answer or its rows: a batch that ignored it would differ from ask
    assert (asked["answer"], asked["bindings"]) != (default["answer"], default["bindings"])
    full = _run("--reading", reading, "batch", tmp_path, query)[case]
    fast = _run("--reading", reading, "batch", "--verdicts-only", tmp_path, query)[case]
    for d in (full, fast):
        assert (d["answer"], d["bindings"]) == (asked["answer"], asked["bindings"])
    assert _offenders(full) == _offenders(asked)
    assert full["cited"] == asked["cited"]
    if query in ABOUT_VIOLATIONS:
        assert _offenders(fast) == _offenders(asked)
