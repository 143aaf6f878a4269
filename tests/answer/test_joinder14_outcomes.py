"""Trainer review 14, 07 and 10: open rows said as one outcome per way the unstated verdicts go,
each outcome's condition exactly the completions that give it; the joinder said beside an answer the
verdicts leave open; what-ifs that fill in the verdicts; 'None for X: ...' for a 'which ...?'
question asked of a party, never 'No: the facts stated do not show ...'."""
from __future__ import annotations

import os
from itertools import product
from pathlib import Path

import yaml

from reasoner.answer.api import Case
from reasoner.prose.answers import answer_line
from reasoner.prose.outcomes import outcome_grid

ROOT = Path(__file__).resolve().parents[2]
TWO = ROOT / "tests/fixtures/joinder14_two_counts.yaml"
PAR_C = ROOT / "tests/fixtures/joinder14_par_c.yaml"
WORDS = {"a": "par. (a) alone", "b": "par. (b) alone", "a_and_b": "both pars. (a) and (b)"}


def _ask(data: dict, query: str = "conviction_count"):
    return Case.from_dict(data, name="joinder14").ask(query, compare_readings=False)


def test_each_completion_of_the_two_verdicts_agrees_with_the_branches():
    """Every completion of the two unstated verdicts, asked as a case of its own, finds exactly the
    rows the open answer's branches say for it; the sentence says each outcome once, rightly."""
    data = yaml.safe_load(TWO.read_text())
    a = Case.from_file(os.fspath(TWO)).ask("conviction_count", compare_readings=False)
    assert a.answer == "undetermined"
    line = answer_line(a)
    for g1, g2 in product((True, False), repeat=2):
        done = yaml.safe_load(TWO.read_text())
        done["entities"]["k1"]["found_guilty"] = g1
        done["entities"]["k2"]["found_guilty"] = g2
        there = _ask(done)
        held = sorted(b["Paragraph"] for b in there.bindings if b.get("answer") == "true")
        expected = {(True, True): ["a_and_b"], (True, False): ["a"], (False, True): ["b"], (False, False): []}
        assert held == expected[(g1, g2)]
        # the branches of each row: the one branch met by this completion says the row's answer there
        for b in a.branches:
            values = {("k1", "found_guilty"): str(g1).lower(), ("k2", "found_guilty"): str(g2).lower()}
            hits = [values[(s["entity"], s["attribute"])] in s["values"] for s in b["when"]]
            met = any(hits) if b["joined"] == "any" else all(hits)
            if met:
                assert (b["answer"] == "true") == (b["row"]["Paragraph"] in held), (g1, g2, b)
                if b["answer"] == "false":   # never another row's conviction as the reason
                    assert "has no conviction" in b["says"] and WORDS[b["row"]["Paragraph"]] in b["says"]
        assert data["entities"]["k1"].get("found_guilty") is None
    assert ("If Noor Halvorsen was found guilty on count 1 and found guilty on count 2, Noor Halvorsen has one "
            "conviction for the spill under both pars. (a) and (b),") in line
    assert ("If Noor Halvorsen was found guilty on count 1 and not found guilty on count 2, Noor Halvorsen has "
            "one conviction for the spill under par. (a) alone,") in line
    assert ("If Noor Halvorsen was not found guilty on count 1 and found guilty on count 2, Noor Halvorsen has "
            "one conviction for the spill under par. (b) alone,") in line
    assert line.endswith("If Noor Halvorsen was not found guilty on count 1 and not found guilty on count 2, "
                         "no conviction under par. (a) or (b) counts.")
    # the review's garbled conditions: gone
    assert " or Noor Halvorsen" not in line and "if not," not in line
    assert "has a single conviction under pars. (a) and (b)" not in line
    assert line.count("s. 350.101(1)(a), (d)") == 1 and line.count("s. 350.101(1)(b), (d)") == 1


def test_the_grid_refuses_a_completion_two_branches_meet():
    row = [{"when": [{"entity": "x", "attribute": "p", "values": ["true"], "every": ["true", "false"],
                      "condition": "X holds"}], "joined": "all", "answer": "true", "says": "A"},
           {"when": [{"entity": "x", "attribute": "p", "values": ["false"], "every": ["true", "false"],
                      "condition": "X does not hold"}], "joined": "all", "answer": "false", "says": "not A"}]
    assert outcome_grid([row, row]) == "If X holds, A. If X does not hold, not A."
    overlapping = [dict(row[0]), dict(row[1], joined="any", when=row[0]["when"] + row[1]["when"])]
    assert outcome_grid([row, overlapping]) == ""
    assert outcome_grid([row]) == ""   # one row: said as its own branches


def test_joinder_said_beside_the_open_answer():
    from reasoner.apps.related import related_answers
    q = Case.from_file(os.fspath(TWO)).question("conviction_count")
    a = q.answer()
    said = [r["short"] for r in related_answers(q, a)]
    assert any("count 1 and count 2 shall be joined" in s for s in said), said
    assert all(r["citation"] == "350.101(1)(d)" for r in related_answers(q, a))


def test_whatifs_fill_in_the_verdicts_not_the_paragraph():
    w = Case.from_file(os.fspath(TWO)).question("conviction_count").whatif()
    changed = [sorted((c.entity, c.attribute, c.new) for c in o.changes) for o in w.outcomes]
    assert changed[:4] == [[("k1", "found_guilty", x), ("k2", "found_guilty", y)]
                           for x, y in product((True, False), repeat=2)]
    assert not any(c.attribute == "charge_paragraph" for o in w.outcomes for c in o.changes)


def test_none_for_the_party_with_a_par_c_conviction():
    a = Case.from_file(os.fspath(PAR_C)).ask("conviction_count", compare_readings=False)
    line = answer_line(a)
    assert line.startswith("Ilse Varga has one conviction for the landing stop under both pars. (a) and (b)")
    assert "None for Theo Brandt: no conviction under par. (a) or (b) counts (checked under s. 350.101)." in line
    assert "No:" not in line and "any incident under any paragraph" not in line
    assert "does not show" not in line
