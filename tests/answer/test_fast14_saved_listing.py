"""One question looks at the saved queries' folders once, not once per saved query (issue #47 item 3):
answer/otherwise.py elsewhere_rows lists the folders and resolves every saved query against that
listing (law/queries.py resolve(name, files)); a folder named twice in QUERY_DIRS (the checkout's
queries/ when run from the checkout) is looked at once. Each file's own version is still checked:
an edited file is read anew within the same listing."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import reasoner
import reasoner.answer.otherwise as otherwise
import reasoner.law.queries as q
from reasoner.answer.question import Question

ROOT = Path(__file__).resolve().parents[2]


def _folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, twice: bool = False) -> Path:
    d = tmp_path / "queries"
    d.mkdir()
    (d / "fq_ferry.yaml").write_text("goal: lawful(O)\n", encoding="utf-8")
    past = time.time() - 90
    os.utime(d, (past, past))
    monkeypatch.setattr(q, "QUERY_DIRS", ((d, d) if twice else (d,)) + q.QUERY_DIRS[1:])
    return d


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    original = q.saved_queries

    def counted():
        calls[0] += 1
        return original()
    monkeypatch.setattr(q, "saved_queries", counted)
    monkeypatch.setattr(otherwise, "saved_queries", counted)
    return calls


def test_resolving_against_a_listing_gives_what_resolving_alone_gives():
    listed = q.saved_queries()
    assert len(listed) > 5
    for name in listed:
        alone, saved_alone = q.resolve(name)
        listed_atom, saved_listed = q.resolve(name, listed)
        assert listed_atom == alone and saved_listed == saved_alone


def test_one_warm_question_looks_at_the_folders_at_most_twice(monkeypatch):
    """The question's own query, and elsewhere_rows once for every saved query (before: once per
    saved query resolved, 18 and more)."""
    law = reasoner.load_law()
    first = Question.of(str(ROOT / "facts/ch350_night_direction_lawful.yaml"), "lawful", law)
    first.answer()
    calls = _counted(monkeypatch)
    answer = Question.of(first.case, "lawful", law).answer()
    assert answer.answer == "true"
    assert 1 <= calls[0] <= 2, calls[0]


def test_a_folder_named_twice_is_looked_at_once_and_lists_the_same(tmp_path, monkeypatch):
    d = _folder(tmp_path, monkeypatch, twice=True)
    stats: list[Path] = []
    original = Path.stat

    def counted(self, *args, **kwargs):
        if self == d:
            stats.append(self)
        return original(self, *args, **kwargs)
    monkeypatch.setattr(Path, "stat", counted)
    listed = q.saved_queries()
    stats.clear()
    assert q.saved_queries() == listed   # kept: its time looked at once
    assert len(stats) == 1
    assert listed["fq_ferry"] == d / "fq_ferry.yaml"
    assert "lawful" in listed and "forfeiture" in listed   # the bundled ones follow


def test_an_edited_file_is_read_anew_within_one_listing(tmp_path, monkeypatch):
    d = _folder(tmp_path, monkeypatch)
    listed = q.saved_queries()
    assert str(q.resolve("fq_ferry", listed)[0]) == "lawful(O)"
    f = d / "fq_ferry.yaml"
    f.write_text("goal: violation(O, P)\n", encoding="utf-8")
    later = time.time() + 7
    os.utime(f, (later, later))
    assert str(q.resolve("fq_ferry", listed)[0]) == "violation(O, P)"


def test_a_name_missing_from_the_listing_is_an_error_with_its_hint(tmp_path, monkeypatch):
    _folder(tmp_path, monkeypatch)
    listed = q.saved_queries()
    with pytest.raises(q.QueryError) as err:
        q.resolve("fq_fery", listed)
    assert "fq_ferry" in str(err.value.hint)
