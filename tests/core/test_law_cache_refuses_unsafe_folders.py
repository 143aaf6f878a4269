"""A cache folder that is not the
user's, or that group or others can write, is not used (an edited pickled law could change the
answers), with one warning at most; a FIFO (or any non-regular file) at an entry's name is ignored
and never hangs a question."""
import os
import pickle
import threading

import pytest

from reasoner.core import cache
from reasoner.engine import rulebase


@pytest.fixture
def folder(tmp_path, monkeypatch):
    path = tmp_path / "cache"
    path.mkdir(mode=0o700)
    monkeypatch.setenv("REASONER_CACHE_DIR", str(path))
    monkeypatch.delenv("REASONER_NO_CACHE", raising=False)
    monkeypatch.setattr(cache, "_WARNED", set(), raising=False)
    rulebase.default_rulebase.cache_clear()
    yield path
    rulebase.default_rulebase.cache_clear()


def _finishes(fn, seconds=20):
    out = {}
    t = threading.Thread(target=lambda: out.setdefault("value", fn()), daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "hung"
    return out.get("value")


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o702])
def test_a_folder_writable_by_others_is_not_used(folder, mode, capsys):
    assert cache.save("law", "d1", {"answer": "mine"})
    os.chmod(folder, mode)
    assert cache.load("law", "d1") is None
    assert cache.save("law", "d2", {"answer": "x"}) is False and not (folder / "law-d2.pickle").exists()
    cache.load("law", "d1")
    err = capsys.readouterr().err
    assert err.count("warning") == 1 and str(folder) in err and "not used" in err


@pytest.mark.skipif(os.getuid() != 0, reason="needs root to give the folder away")
def test_a_folder_of_another_user_is_not_used(folder):
    assert cache.save("law", "d1", {"answer": "mine"})
    os.chown(folder, 65534, 65534)
    assert cache.load("law", "d1") is None


def test_an_edited_law_in_a_shared_folder_does_not_change_answers(folder, capsys):
    good = rulebase.default_rulebase()
    [entry] = folder.glob("law-*.pickle")
    source, program, index, checked, selection = pickle.loads(entry.read_bytes())
    checked.derived.clear()
    entry.write_bytes(pickle.dumps((source, program, index, checked, selection)))
    os.chmod(folder, 0o777)
    rulebase.default_rulebase.cache_clear()
    again = rulebase.default_rulebase()
    assert len(again.checked.derived) == len(good.checked.derived)


def test_a_fifo_at_the_entry_name_is_ignored(folder):
    fifo = folder / "law-d1.pickle"
    os.mkfifo(fifo)
    assert _finishes(lambda: cache.load("law", "d1")) is None
    assert _finishes(lambda: cache.save("law", "d1", {"a": 1})) is False
    assert os.path.exists(fifo) and not os.path.isfile(fifo)


def test_a_fifo_at_the_law_entry_does_not_hang_a_question(folder):
    rulebase.default_rulebase()
    [entry] = folder.glob("law-*.pickle")
    entry.unlink()
    os.mkfifo(entry)
    rulebase.default_rulebase.cache_clear()
    rb = _finishes(rulebase.default_rulebase, 60)
    assert rb is not None and rb.checked.derived
