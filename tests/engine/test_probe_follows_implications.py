"""The completions that settle exact answers (engine/exact/probe.py) while two facts the law's
`@implies` ties are both unknown: every completion evaluated follows the implications, and an
assignment witnesses only when some world the case can have extends it. Against brute force over
the worlds (the completions that break no implication) on random programs (the generators of
test_exact_differential.py), and a case the split alone cannot finish within its budget."""
import os
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from test_exact_differential import VOCAB, completions, programs

from reasoner.core.values import UNKNOWN
from reasoner.engine.batch import BatchProgram
from reasoner.engine.exact.probe import probe_many
from reasoner.engine.exact.split import exact_answer
from reasoner.engine.rulebase import Rulebase
from reasoner.facts.constraints import broken
from reasoner.facts.rows import FactRow
from reasoner.language.parser import parse_text

EXAMPLES = int(os.environ.get("REASONER_EXACT_DIFF_EXAMPLES", "60"))

IMPLIES = {
    "then": '@implies f(A) then g(A) "an f is a g".\n',
    "then not": '@implies f(A) then not g(A) "an f is no g".\n',
}


def _goal(key):
    text = f"goalq :- {key[0]}({', '.join(f'V{i}' for i in range(key[1]))}).\n" if key[1] else f"goalq :- {key[0]}.\n"
    return parse_text(text, "q.dl").rules[0].body[0].atom


def _loaded(rows, negated):
    """The rows as the case loader leaves them (facts/constraints.py imply): a stated side fills in
    the other; None when two stated facts break the implication."""
    rows = list(rows)
    for x in sorted({r.args[0] for r in rows if r.pred == "thing"}):
        def state(p):
            r = next((r for r in rows if r.pred == p and r.args == (x,)), None)
            return False if r is None else (True if r.known else None)
        f, g = state("f"), state("g")
        want_g = not negated        # the value g must take when f holds
        if f is True and g is not None and g != want_g:
            return None
        if f is True and g is None:
            rows = [r for r in rows if not (r.pred == "g" and r.args == (x,))]
            if want_g:
                rows.append(FactRow("g", (x,), True))
        elif f is None and g is not None and g != want_g:
            rows = [r for r in rows if not (r.pred == "f" and r.args == (x,))]
    return rows


def _reference(checked, case, rows, key):
    """(answer, {row: 'true'|'undetermined'}) over every completion that breaks no implication."""
    worlds = [c for c in completions(rows) if not broken(checked, case, c)]
    assert worlds
    result = BatchProgram(checked, goals=[key]).run(worlds)
    every, some, all_have = None, set(), True
    for cid in range(len(worlds)):
        certain, possible = result.status(cid, key[0], (None,) * key[1])
        assert certain == possible
        every = set(certain) if every is None else every & certain
        some |= certain
        all_have = all_have and bool(certain)
    answer = "true" if all_have else "undetermined" if some else "false"
    return answer, {row: ("true" if row in every else "undetermined") for row in some}


def _check(rules, rows, which):
    rb = Rulebase(parse_text(VOCAB + IMPLIES[which] + "\n".join(rules) + "\n", "random.dl"))
    checked = rb.checked
    case = SimpleNamespace(rows=rows, entities={r.args[0]: "thing" for r in rows if r.pred == "thing"})
    for key in [k for k in checked.derived if "__" not in k[0]]:
        atom = _goal(key)
        args = (None,) * key[1]
        root = rb.batch_program([key]).verdicts([rows], [(key[0], args)], chunk=None)[0][(key[0], args)]
        if root[0] == root[1]:
            continue
        ref_answer, ref_rows = _reference(checked, case, rows, key)
        probe = probe_many(rb, atom, args, [(case, root)])[0]
        if probe.settled is not None:
            answer, bindings = probe.settled
            got = {tuple(b[f"V{i}"] for i in range(key[1])): b["answer"] for b in bindings}
            assert answer == ref_answer, (rules, rows, key, answer, ref_answer)
            assert got == ref_rows, (rules, rows, key, got, ref_rows)
        ex = exact_answer(rb, case, atom, args)
        if ex.exact:
            assert ex.answer == ref_answer, (rules, rows, key, ex.answer, ref_answer)
            got = {tuple(b[f"V{i}"] for i in range(key[1])): b["answer"] for b in ex.bindings}
            for r, a in got.items():
                if UNKNOWN not in r:
                    assert ref_rows.get(r) == a, (rules, rows, key, r, a, ref_rows.get(r))


@pytest.mark.parametrize("which", sorted(IMPLIES))
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(prog=programs())
def test_probe_under_implications_equals_the_worlds(which, prog):
    rules, rows = prog
    rows = _loaded(rows, which == "then not")
    assume(rows is not None)
    _check(rules, rows, which)


def _things(implies, n):
    things = [f"t{i}" for i in range(n)]
    rows = [FactRow("thing", (t,), True) for t in things]
    rows += [FactRow(p, (t,), False) for t in things for p in ("f", "g")]
    rules = ["d0(X) :- thing(X), not f(X), not g(X).", "d1 :- d0(X)."]
    rb = Rulebase(parse_text(VOCAB + implies + "\n".join(rules) + "\n", "m.dl"))
    return rb, SimpleNamespace(rows=rows, entities={t: "thing" for t in things})


def test_monotone_ends_settle_under_a_live_implication():
    """Forty things, each lawful unless f or g, with f implying g: the split is past a budget of
    150, and the probe, which was not run while f and g were both unknown, now settles it (the
    monotone ends are worlds: all false, all true)."""
    rb, case = _things(IMPLIES["then"], 40)
    atom = _goal(("d1", 0))
    assert not exact_answer(rb, case, atom, (), settle=False).exact   # the default budget
    ex = exact_answer(rb, case, atom, ())
    assert ex.exact and ex.settled and ex.answer == "undetermined"


def test_an_end_that_is_no_world_witnesses_nothing():
    """Twelve things, f implying not g: the end with every f and g true is no world. d1 (some thing neither f
    nor g) holds with all false and fails with every thing f: undetermined. And where d0 needs f and
    g together, no world has it: FALSE (or, not exact, undetermined), though the broken end would make it TRUE."""
    rb, case = _things(IMPLIES["then not"], 12)
    atom = _goal(("d1", 0))
    ex = exact_answer(rb, case, atom, ())
    assert ex.exact and ex.answer == "undetermined"
    rules = ["d0(X) :- thing(X), f(X), g(X).", "d1 :- d0(X)."]
    rb2 = Rulebase(parse_text(VOCAB + IMPLIES["then not"] + "\n".join(rules) + "\n", "m2.dl"))
    root = rb2.batch_program([("d1", 0)]).verdicts([case.rows], [("d1", ())], chunk=None)[0][("d1", ())]
    probe = probe_many(rb2, atom, (), [(case, root)])[0]
    assert probe.settled is None or probe.settled[0] == "false"
    ex2 = exact_answer(rb2, case, atom, ())
    assert ex2.answer == "false" if ex2.exact else ex2.answer == "undetermined"
