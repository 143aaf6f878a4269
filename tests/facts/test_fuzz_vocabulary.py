"""A typo in a bundled case is an error, never a different answer without one.

Every case in facts/*.yaml; a mutation of one symbol value (a word of a closed set), one reference
to another entity, or one entity id (then the saved query whose first argument is of that kind is
asked about the old id). Each mutation that does not happen to spell another valid value must end
in an error naming the case file or the query -- never an answer.
REASONER_FUZZ_EXAMPLES sets the number of hypothesis examples (default 10 per case).
"""
import os
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from reasoner.answer.answering import answer_case
from reasoner.core.errors import CaseError, QueryError
from reasoner.facts.case import UNKNOWN_WORDS, load_case
from reasoner.language.parser import parse_atom
from reasoner.law.queries import load_saved, saved_queries
from reasoner.facts.querycheck import position_kinds
from reasoner.engine.rulebase import default_rulebase

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((ROOT / "facts").glob("*.yaml"))
EXAMPLES = int(os.environ.get("REASONER_FUZZ_EXAMPLES", "10"))
FUZZ = settings(max_examples=max(EXAMPLES, 10), deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])
ALPHABET = "abcdefghijklmnopqrstuvwxyz_0123456789"


def _sites(data, prog):
    """(what, entity, attribute) spots a typo can hit, with the valid values there."""
    entities = data.get("entities") or {}
    kinds = {e: b["type"] for e, b in entities.items()}
    out = []
    for eid, body in entities.items():
        out.append(("key", eid, None, set(entities)))
        for attr, value in body.items():
            decl = prog.preds.get((attr, 2))
            if attr == "type" or decl is None or not isinstance(value, str):
                continue
            p = decl.params[1]
            if p.words is not None:
                out.append(("word", eid, attr, set(p.words)))
            elif p.type in prog.entities:
                out.append(("ref", eid, attr, set(kinds)))
    return out


@st.composite
def typo(draw, word):
    op = draw(st.sampled_from(["insert", "delete", "replace", "double", "swap"]))
    i = draw(st.integers(0, max(len(word) - 1, 0)))
    ch = draw(st.sampled_from(ALPHABET))
    if op == "insert":
        return word[:i] + ch + word[i:]
    if op == "delete":
        return word[:i] + word[i + 1:]
    if op == "replace":
        return word[:i] + ch + word[i + 1:]
    if op == "double":
        return word[:i] + word[i:i + 1] * 2 + word[i + 1:]
    return word[:i] + word[i + 1:i + 2] + word[i:i + 1] + word[i + 2:]


def _queries_by_kind(checked):
    """kind -> saved query goals whose first argument is an entity of that kind."""
    out = {}
    for name in sorted(saved_queries()):
        atom = parse_atom(load_saved(name).goal)
        for tag, kind in position_kinds(checked, atom.key, 0) or ():
            if tag == "entity":
                out.setdefault(kind, []).append(atom)
    return out


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)   # every bundled case, each fuzzed
@FUZZ
@given(data=st.data())
def test_a_typo_in_a_bundled_case_is_an_error(path, data):
    rb = default_rulebase()
    prog = rb.checked.program
    case = yaml.safe_load(path.read_text())
    sites = _sites(case, prog)
    what, eid, attr, valid = data.draw(st.sampled_from(sites), label="site")
    old = eid if what == "key" else case["entities"][eid][attr]
    new = data.draw(typo(old), label="typo")
    assume(new not in valid and new.lower() not in UNKNOWN_WORDS | {"unknown"})
    entities = case["entities"]
    if what == "key":
        entities[new] = entities.pop(eid)
    else:
        entities[eid][attr] = new
    try:
        loaded = load_case(case, rb.checked, name=path.stem)
    except CaseError:
        return                                     # the typo is reported
    assert what == "key", f"{path.name}: {attr}: {new!r} for {old!r} accepted"
    kind = entities[new]["type"]
    goals = _queries_by_kind(rb.checked).get(kind)
    assume(goals)                                  # an unreferenced entity no query names: nothing to ask
    goal = goals[0]
    from reasoner.language.ast import Atom, Const
    atom = Atom(goal.pred, (Const(eid),) + goal.args[1:])
    with pytest.raises(QueryError):
        answer_case(rb, loaded, atom)              # the old id: an error, not FALSE
