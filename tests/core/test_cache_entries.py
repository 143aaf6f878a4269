"""The law cache's entry, not only its folder.

- A well-formed pickle of other allowed types at the entry's name broke every command ("internal
  error: AttributeError") and was never rebuilt; now an entry that does not unpickle into the
  structure default_rulebase stores is removed and rebuilt.
- The entry's own owner and mode were not checked, and under a permissive umask it was written
  0664 or 0666: another user rewrote a constant of the cached law and the owner's next answer
  showed a $20,175.00 maximum with no warning. Now an entry writable by others (or not the user's)
  is not used, one warning, and entries are written 0600 whatever the umask."""
import os
import pickle
import stat
from fractions import Fraction

import pytest

from reasoner.core import cache
from reasoner.engine import rulebase
from reasoner.answer.answering import ask
from reasoner.language.ast import Program

GRAIN = os.path.join(os.path.dirname(__file__), "..", "..", "facts", "ch348_grain_semi_first_offense.yaml")


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


def _range():
    a = ask(GRAIN, "forfeiture(V, M, N)")
    return [(b["M"], b["N"]) for b in a.bindings]


@pytest.mark.parametrize("foreign", [(1, 2, 3), (Program(), Fraction(1, 2), {3}), frozenset({1}),
                                     ("x", "y", "z")])
def test_an_entry_of_other_types_is_rebuilt(folder, foreign):
    expected = None
    rulebase.default_rulebase()
    [entry] = folder.glob("law-*.pickle")
    expected = _range()
    entry.write_bytes(pickle.dumps(foreign))
    rulebase.default_rulebase.cache_clear()
    assert _range() == expected                       # answered from a rebuilt law
    [again] = folder.glob("law-*.pickle")
    assert again.name == entry.name and pickle.loads(again.read_bytes()) != foreign


@pytest.mark.parametrize("umask", [0o002, 0o000, 0o022])
def test_entries_are_written_0600_whatever_the_umask(folder, umask):
    old = os.umask(umask)
    try:
        rulebase.default_rulebase()
    finally:
        os.umask(old)
    [entry] = folder.glob("law-*.pickle")
    assert stat.S_IMODE(entry.stat().st_mode) == 0o600


@pytest.mark.parametrize("umask", [0o000, 0o777])
def test_the_cache_folder_and_the_folders_made_above_it_are_0700_whatever_the_umask(tmp_path, monkeypatch, umask):
    monkeypatch.setenv("REASONER_CACHE_DIR", str(tmp_path / "home" / ".cache" / "reasoner"))
    before = stat.S_IMODE(tmp_path.stat().st_mode)
    old = os.umask(umask)
    try:
        assert cache.save("x", "0", [1])
    finally:
        os.umask(old)
    modes = [stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "home", tmp_path / "home" / ".cache",
                                                       tmp_path / "home" / ".cache" / "reasoner")]
    assert modes == [0o700, 0o700, 0o700]
    assert stat.S_IMODE(tmp_path.stat().st_mode) == before      # a folder that was there is left as it was


def test_an_entry_writable_by_others_is_not_used(folder, capsys):
    rulebase.default_rulebase()
    expected = _range()
    [entry] = folder.glob("law-*.pickle")
    source, program, index, checked, selection = pickle.loads(entry.read_bytes())
    # what the other user did: a larger constant in a rule of the cached law (allowed classes only)
    from reasoner.language.ast import Const
    changed = 0
    for rule in checked.rules:
        for i, a in enumerate(rule.head.args):
            if isinstance(a, Const) and a.value == 37500:
                rule.head.args = rule.head.args[:i] + (Const(2017500),) + rule.head.args[i + 1:]
                changed += 1
    entry.write_bytes(pickle.dumps((source, program, index, checked, selection)))
    os.chmod(entry, 0o666)
    rulebase.default_rulebase.cache_clear()
    assert _range() == expected
    err = capsys.readouterr().err
    assert err.count("warning") == 1 and "writable by group or others" in err
    assert stat.S_IMODE(entry.stat().st_mode) == 0o600          # written again, the user's only


@pytest.mark.skipif(os.getuid() != 0, reason="needs root to give the entry away")
def test_an_entry_of_another_user_is_not_used(folder, capsys):
    rulebase.default_rulebase()
    [entry] = folder.glob("law-*.pickle")
    os.chown(entry, 65534, 65534)
    rulebase.default_rulebase.cache_clear()
    assert cache.load("law", entry.stem.split("-", 1)[1]) is None
    assert "not owned by you" in capsys.readouterr().err
