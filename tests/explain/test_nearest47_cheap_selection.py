"""A lawful "yes" with nothing else to argue is argued on the provisions its stated facts come nearest
(explain/argument.py `_nearest`). Only the candidates the proof alone shows can pass its checks
(`_may_be_near`) are argued in full: the selection must be the one arguing every candidate gives,
on every bundled case and fixture x every saved query it answers (slow), and on a few cases named
here (fast), with the provisions chosen, those not chosen and the words of the argument checked;
the slow test also compares the whole argument text and facts list of each such question, built
each way on its own."""
from __future__ import annotations

from pathlib import Path

import pytest

import reasoner
from reasoner.explain import argument as A
from reasoner.law.queries import saved_queries

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted((ROOT / "facts").glob("*.yaml")) + sorted((ROOT / "tests/fixtures").glob("*.yaml"))


def _both(patch, path: Path, query: str):
    with patch.context() as monkeypatch:
        return _both_in(monkeypatch, path, query)


def _both_in(monkeypatch, path: Path, query: str):
    """[(cheap selection, full selection, candidates argued cheap, full)] of every _nearest call of one
    question's argument: the full one with the pre-check switched off, on the same builder."""
    calls = []
    real_nearest, real_may = A._nearest, A._may_be_near

    def counted(b):
        n = [0]
        real = b.near_miss

        def near_miss(rule, citation):
            n[0] += 1
            return real(rule, citation)
        return n, near_miss

    def nearest(others, ways, b, g, done, said_true, own, limit):
        full_n, b.near_miss = counted(b)
        monkeypatch.setattr(A, "_may_be_near", lambda *a: True)
        full = real_nearest(others, ways, b, g, done, said_true, own, limit)
        monkeypatch.setattr(A, "_may_be_near", real_may)
        del b.near_miss
        cheap_n, b.near_miss = counted(b)
        cheap = real_nearest(others, ways, b, g, done, said_true, own, limit)
        del b.near_miss
        calls.append(([o.citation for o, _ in cheap], [o.citation for o, _ in full], cheap_n[0], full_n[0],
                      [p.conclusion for _, p in cheap], [p.conclusion for _, p in full]))
        return cheap
    monkeypatch.setattr(A, "_nearest", nearest)
    try:
        answer = reasoner.ask(str(path), query)
    except Exception:   # a question the case does not answer (another chapter's query)
        return None, calls
    answer.argument   # noqa: B018 (built on first read)
    return answer, calls


@pytest.mark.slow
def test_the_cheap_selection_is_the_full_one_on_every_bundled_case(monkeypatch):
    seen = chosen = argued_cheap = argued_full = 0
    for path in FILES:
        for query in sorted(saved_queries()):
            answer, calls = _both(monkeypatch, path, query)
            if calls:   # the whole argument, each way on its own: the candidates argued in full noted
                # their facts and joins on the builder, which the facts list reads
                with monkeypatch.context() as m:
                    m.setattr(A, "_may_be_near", lambda *a: True)
                    full = reasoner.ask(str(path), query)
                    full_text, full_facts = full.argument_text(), full.argument.facts
                cheap = reasoner.ask(str(path), query)
                assert cheap.argument_text() == full_text, (path.name, query)
                assert cheap.argument.facts == full_facts, (path.name, query)
            for cheap, full, n_cheap, n_full, said_cheap, said_full in calls:
                assert cheap == full, (path.name, query)
                assert said_cheap == said_full, (path.name, query)
                seen += 1
                chosen += len(cheap)
                argued_cheap += n_cheap
                argued_full += n_full
    # the bundled cases do reach it, and choose: the check is not vacuous
    assert seen >= 20 and chosen >= 12
    assert argued_cheap < argued_full / 3, (argued_cheap, argued_full)


@pytest.mark.parametrize("case, chosen, argued_at_most", [
    # the 23:15 ride 120 ft from the farmhouse at exactly 10 mph, and the owner's consent
    ("facts/ch350_dwelling_night_lawful.yaml", ["350.10(1)(g)", "350.10(1)(f)"], 4),
    # the night demo: no provision its facts come near (34 candidates argued before, none chosen)
    ("facts/ch350_night_direction_lawful.yaml", [], 2),
    ("facts/ch350_town_route_lawful.yaml", ["350.04(2)(a)"], 4),
])
def test_named_cases(monkeypatch, case, chosen, argued_at_most):
    answer, calls = _both(monkeypatch, ROOT / case, "lawful")
    assert answer is not None and answer.answer == "true"
    assert len(calls) == 1
    cheap, full, n_cheap, n_full, said_cheap, said_full = calls[0]
    assert cheap == full == chosen
    assert said_cheap == said_full
    assert n_cheap <= argued_at_most < n_full
    near = {p.citation for p in answer.argument.provisions}
    assert set(chosen) <= near
    text = answer.argument_text()
    for citation in chosen:
        assert f"No violation of s. {citation}" in text
    # a provision argued only to be passed over is not in the argument
    assert "350.09(2)(b)" not in near and "350.101(1)(b)" not in near
