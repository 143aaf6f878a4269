"""The set engine evaluates a stratum whose inputs are two-valued once (its certain copy) and shares
that relation as the possible copy; a predicate whose input rows are all known has one relation
for both copies from the start (engine/batch.py `load(share=True)`); a fact directory's rows
arrive as Blocks (engine/blocks.py). None of this may change a model: random stratified programs
(recursion, negation, comparisons, assignments) over all-known and three-valued cases give the
same certain and possible rows with the sharing as with every copy evaluated apart, and the same
with the rows given as Blocks as given row by row."""
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_recursion_differential import VOCAB, programs

from reasoner.engine import batch, setsession
from reasoner.facts.blocks import Block, Blocks
from reasoner.engine.codes import RuleCodes
from reasoner.engine.setsession import SetEngine, SetSession
from reasoner.core.errors import ReasonerError
from reasoner.facts.rows import FactRow
from reasoner.language.checks import check
from reasoner.language.parser import parse_text

EXAMPLES = int(os.environ.get("REASONER_SHARE_EXAMPLES", "60"))


def _engine(text):
    checked = check(parse_text(text, "random.dl"))
    return checked, SetEngine(checked, RuleCodes(checked), list(checked.derived))


def _models(text, cases, shared_count=None):
    """Per case, {(pred, arity): (certain, possible)} of every derived predicate, or the error."""
    checked, engine = _engine(text)
    preds = sorted(k for k in checked.derived if "__" not in k[0])
    out = []
    for rows in cases:
        try:
            with SetSession(engine, rows) as one:
                out.append({key: one.status(key[0], (None,) * key[1]) for key in preds})
                if shared_count is not None:
                    shared_count[0] += sum(one._rels.get((k[0], "c")) is one._rels.get((k[0], "p")) is not None
                                           for k in preds)
        except ReasonerError as exc:
            out.append(f"{type(exc).__name__}: {exc}")
    return out


def _unshared(text, cases):
    """The models with every copy evaluated apart: no relation shared at load, no stratum taken as
    two-valued (the engine before the sharing)."""
    load = batch.BatchProgram.load
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(batch.BatchProgram, "load", lambda self, cases, share=False: load(self, cases, share=False))
        mp.setattr(setsession, "two_valued", lambda names, read: False)
        return _models(text, cases)


def _batch(text, cases):
    """The same models from the batch engine (engine/batch.py: no load-time sharing, every
    non-recursive stratum in both copies), a reference apart from the set engine's strata."""
    checked = check(parse_text(text, "random.dl"))
    preds = sorted(k for k in checked.derived if "__" not in k[0])
    result = batch.BatchProgram(checked).run(cases)
    return [result.error(cid) or {key: result.status(cid, key[0], (None,) * key[1]) for key in preds}
            for cid in range(len(cases))]


def _known(rows):
    return [r for r in rows if r.known]


def _as_blocks(rows):
    by_pred: dict = {}
    for r in rows:
        by_pred.setdefault((r.pred, len(r.args)), []).append(tuple(r.args))
    out = Blocks()
    for (pred, _), tuples in by_pred.items():
        out.append(Block(pred, [list(c) for c in zip(*tuples)], lambda t, p=pred: FactRow(p, t, True)))
    return out


_shared_seen = [0]


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), st.booleans())
def test_sharing_gives_the_same_models_as_two_copies(prog, all_known):
    rules, cases = prog
    if all_known:
        cases = [_known(rows) for rows in cases]
    text = VOCAB + "\n".join(rules) + "\n"
    got = _models(text, cases, _shared_seen)
    assert got == _unshared(text, cases)
    assert [g for g in got if not isinstance(g, str)] == [b for b in _batch(text, cases) if isinstance(b, dict)]
    if all_known:
        assert _models(text, [_as_blocks(rows) for rows in cases]) == got


def test_the_sharing_is_exercised():
    """Not vacuous: over the profile above, derived relations were shared between the copies."""
    if not _shared_seen[0]:
        test_sharing_gives_the_same_models_as_two_copies()
    assert _shared_seen[0] > 0


ONE = VOCAB + "p(X) :- f(X).\nq(X) :- e(X, _).\n"


def test_all_known_rows_share_one_relation():
    _, engine = _engine(ONE)
    rows = [FactRow("e", ("a", "b"), True), FactRow("f", ("a",), True)]
    with SetSession(engine, rows) as one:
        assert one._rels[("e", "c")] is one._rels[("e", "p")]
        assert one._rels[("q", "c")] is one._rels[("q", "p")]
        assert one.status("q", (None,)) == ({("a",)}, {("a",)})


def test_a_stratum_reading_an_unknown_fact_has_its_own_possible_copy():
    """p is given by the case (all known: one relation at load) and derived from f, which is
    unknown for b: p(b) is possible only, and must not reach the certain copy through the shared
    relation."""
    _, engine = _engine(ONE)
    rows = [FactRow("p", ("a",), True), FactRow("f", ("b",), False), FactRow("e", ("a", "b"), True)]
    with SetSession(engine, rows) as one:
        assert one.status("p", (None,)) == ({("a",)}, {("a",), ("b",)})
        assert one._rels[("p", "c")] is not one._rels[("p", "p")]
        assert one._rels[("q", "c")] is one._rels[("q", "p")]
    assert _models(ONE, [rows]) == _unshared(ONE, [rows]) == _batch(ONE, [rows])


def test_blocks_load_as_rows_do():
    rows = [FactRow("e", ("a", "b"), True), FactRow("e", ("a", "b"), True), FactRow("e", ("b", "c"), True),
            FactRow("f", ("c",), True)]
    assert _models(ONE, [_as_blocks(rows)]) == _models(ONE, [rows]) == _unshared(ONE, [rows])
