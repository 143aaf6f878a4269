"""The saved queries' folders listed once per state, and a saved goal parsed once (law/queries.py):
a question resolves every saved query to find another party's duty (answer/otherwise.py
elsewhere_rows), and each resolve listed the folders again."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import reasoner.law.queries as q
from reasoner.core import shelf
from reasoner.language.parser import parse_atom


def _folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *names: str, age_s: float = 60.0) -> Path:
    """A queries folder holding NAME.yaml for each name, its modification time age_s in the past."""
    d = tmp_path / "queries"
    d.mkdir()
    for name in names:
        (d / f"{name}.yaml").write_text("goal: lawful(O)\n", encoding="utf-8")
    past = time.time() - age_s
    os.utime(d, (past, past))
    monkeypatch.setattr(q, "QUERY_DIRS", (d,) + q.QUERY_DIRS[1:])
    return d


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    original = q._list_saved

    def counted():
        calls[0] += 1
        return original()
    monkeypatch.setattr(q, "_list_saved", counted)
    return calls


def test_a_folder_unchanged_is_listed_once(tmp_path, monkeypatch):
    _folder(tmp_path, monkeypatch, "zzq_one")
    calls = _counting(monkeypatch)
    first = q.saved_queries()
    assert q.saved_queries() == first and q.saved_queries() == first
    assert calls[0] == 1
    assert first["zzq_one"] == tmp_path / "queries" / "zzq_one.yaml"
    assert "lawful" in first   # the bundled ones still follow the user's folder
    first["mutated"] = Path("x")   # each caller has its own dict: the kept listing is not changed
    assert "mutated" not in q.saved_queries()


def test_a_file_added_is_listed(tmp_path, monkeypatch):
    d = _folder(tmp_path, monkeypatch, "zzq_one")
    assert "zzq_two" not in q.saved_queries()
    (d / "zzq_two.yaml").write_text("goal: lawful(O)\n", encoding="utf-8")
    later = time.time() - 30   # the folder's time moves (set in the past: outside the racy window)
    os.utime(d, (later, later))
    assert q.saved_queries()["zzq_two"] == d / "zzq_two.yaml"
    (d / "zzq_one.yaml").unlink()
    latest = time.time() - 20
    os.utime(d, (latest, latest))
    assert "zzq_one" not in q.saved_queries()


def test_a_folder_changed_just_now_is_listed_each_time(tmp_path, monkeypatch):
    """A second change within the same clock tick leaves the folder's time as it was: a folder
    changed less than two seconds ago is listed again on every call, never kept."""
    d = _folder(tmp_path, monkeypatch, "zzq_one", age_s=0.0)
    calls = _counting(monkeypatch)
    assert "zzq_two" not in q.saved_queries()
    stamp = d.stat().st_mtime_ns
    (d / "zzq_two.yaml").write_text("goal: lawful(O)\n", encoding="utf-8")
    os.utime(d, ns=(stamp, stamp))   # the same time as before the file was added
    assert "zzq_two" in q.saved_queries()
    assert calls[0] == 2
    assert not any(isinstance(k, tuple) and k[:1] == ("saved_list",) and str(d) in str(k)
                   for k in shelf.PROCESS._items)


def test_a_saved_goal_is_parsed_once_and_is_the_parse_of_its_text():
    atom, saved = q.resolve("lawful")
    assert atom == parse_atom(saved.goal) and str(atom) == "lawful(O)"
    again, _ = q.resolve("lawful")
    assert again is atom


def test_an_edited_goal_is_parsed_anew(tmp_path, monkeypatch):
    d = _folder(tmp_path, monkeypatch, "zzq_one")
    assert str(q.resolve("zzq_one")[0]) == "lawful(O)"
    f = d / "zzq_one.yaml"
    f.write_text("goal: violation(O, P)\n", encoding="utf-8")
    later = time.time() + 5   # the file's own time moves: load_saved reads it anew
    os.utime(f, (later, later))
    assert str(q.resolve("zzq_one")[0]) == "violation(O, P)"
