"""reasoner/cache.py: the checked law is cached, read back equal, and a cache entry never runs code."""
import os
import pickle

import pytest

from reasoner.core import cache
from reasoner.engine import rulebase


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    monkeypatch.setenv("REASONER_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("REASONER_NO_CACHE", raising=False)
    rulebase.default_rulebase.cache_clear()
    yield tmp_path
    rulebase.default_rulebase.cache_clear()


def entries(folder):
    return sorted(folder.glob("law-*.pickle"))


def summary(rb):
    c = rb.checked
    return ([str(r) for r in c.rules], [r.rule_id for r in c.rules], [r.provision for r in c.rules],
            [str(r.loc) for r in c.rules], list(c.order), dict(c.mu), sorted(c.base), sorted(rb.index.citations()))


def test_second_start_reads_the_cache_and_gets_the_same_law(fresh, monkeypatch):
    first = rulebase.default_rulebase()
    assert len(entries(fresh)) == 1
    rulebase.default_rulebase.cache_clear()
    monkeypatch.setattr(rulebase, "read_program", lambda *a: pytest.fail("the law was parsed again"))
    second = rulebase.default_rulebase()
    assert second is not first
    assert summary(second) == summary(first)


def test_a_changed_rule_file_is_a_different_entry(fresh, monkeypatch, tmp_path_factory):
    rulebase.default_rulebase()
    before = entries(fresh)
    real = rulebase.law_files()
    copy = tmp_path_factory.mktemp("law")
    files = []
    for p in real:
        q = copy / p.parent.name / p.name
        q.parent.mkdir(exist_ok=True)
        q.write_bytes(p.read_bytes())
        files.append(q)
    files[0].write_text(files[0].read_text(encoding="utf-8") + "\n% a comment changes the key\n", encoding="utf-8")
    monkeypatch.setattr(rulebase, "law_files", lambda: files)
    rulebase.default_rulebase.cache_clear()
    rulebase.default_rulebase()
    after = entries(fresh)
    assert len(after) == 2 and set(before) < set(after)   # a new entry: the other version's is kept, never read


def test_a_corrupt_entry_is_rebuilt(fresh):
    rulebase.default_rulebase()
    (entry,) = entries(fresh)
    entry.write_bytes(entry.read_bytes()[:1000])
    rulebase.default_rulebase.cache_clear()
    assert len(rulebase.default_rulebase().checked.rules) > 300
    assert entry.stat().st_size > 1000           # written again, whole


class Boom:
    def __reduce__(self):
        return (os.system, ("echo pwned > pwned.txt",))


def test_an_entry_that_would_run_code_is_refused(fresh, monkeypatch, tmp_path):
    rulebase.default_rulebase()
    (entry,) = entries(fresh)
    entry.write_bytes(pickle.dumps(Boom()))
    monkeypatch.chdir(tmp_path)
    assert cache.load("law", entry.stem.split("-", 1)[1]) is None
    assert not (tmp_path / "pwned.txt").exists()
    # and a global from an allowed module that is not a class is refused too
    from reasoner.core.values import show_value
    entry.write_bytes(pickle.dumps(show_value))
    assert cache.load("law", entry.stem.split("-", 1)[1]) is None


def test_no_cache_when_turned_off_or_unwritable(fresh, monkeypatch, tmp_path):
    monkeypatch.setenv("REASONER_NO_CACHE", "1")
    rulebase.default_rulebase()
    assert entries(fresh) == []
    monkeypatch.delenv("REASONER_NO_CACHE")
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("x")
    monkeypatch.setenv("REASONER_CACHE_DIR", str(blocked / "sub"))
    rulebase.default_rulebase.cache_clear()
    assert len(rulebase.default_rulebase().checked.rules) > 300   # still answers, without a cache


def _static_closure(roots) -> set:
    """The package's modules reachable from roots by their top-level imports (read from the source)."""
    import ast
    from pathlib import Path
    pkg = Path(cache.__file__).parent.parent
    seen, todo = set(), list(roots)
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        path = pkg / rel
        package = rel.split("/")[:-1]
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                mod = base + (node.module.split(".") if node.module else [])
                for a in node.names:
                    for cand in (mod + [a.name], mod):
                        f = "/".join(cand) + ".py"
                        if (pkg / f).is_file():
                            todo.append(f)
                            break
    return seen


def test_the_law_cache_key_covers_every_module_that_builds_the_law():
    """The key's sources are derived (core/cache.py sources()), not listed: they hold every module the
    parser, the checks and the statute index import, language/arith.py (which folds constants into
    the checked rules) among them, and rulebase.py itself."""
    from pathlib import Path
    pkg = Path(cache.__file__).parent.parent
    found = {f.relative_to(pkg).as_posix() for f in cache.sources(rulebase.LAW_BUILDERS, (rulebase.__name__,))}
    needed = _static_closure(["language/parser.py", "language/checks.py", "law/index.py", "core/cache.py"])
    assert needed <= found, needed - found
    assert {"language/arith.py", "engine/rulebase.py", "core/values.py"} <= found
    assert not any(f.startswith(("render/", "cli/", "apps/", "answer/")) for f in found)


def test_editing_any_module_that_builds_the_law_changes_the_key(monkeypatch):
    from pathlib import Path
    files = cache.sources(rulebase.LAW_BUILDERS, (rulebase.__name__,))
    base = cache.key([b"law"], rulebase.LAW_BUILDERS, (rulebase.__name__,))
    real = Path.read_bytes
    for edited in files:
        monkeypatch.setattr(Path, "read_bytes", lambda self, edited=edited: real(self) + (b"\n# edit" if self == edited else b""))
        assert cache.key([b"law"], rulebase.LAW_BUILDERS, (rulebase.__name__,)) != base, edited
    monkeypatch.setattr(Path, "read_bytes", real)
    assert cache.key([b"law"], rulebase.LAW_BUILDERS, (rulebase.__name__,)) == base


def test_another_reading_is_stored_as_what_differs_and_read_back_equal(fresh, monkeypatch):
    base = rulebase.default_rulebase()
    phrase, name = next((p, n) for p, ph in sorted(base.source.phrases.items())
                        for n, alt in ph.alternatives.items() if not alt.default)
    built = rulebase.default_rulebase([f"{phrase}.{name}"])
    (entry,) = fresh.glob("law_*.pickle")
    (whole,) = entries(fresh)
    # the default selection's rules, declarations and index are referred to, not copied
    assert entry.stat().st_size < whole.stat().st_size / 3
    rulebase.default_rulebase.cache_clear()
    monkeypatch.setattr(rulebase, "read_program", lambda *a: pytest.fail("the law was parsed again"))
    monkeypatch.setattr(rulebase.Rulebase, "__init__", lambda *a, **k: pytest.fail("the reading was checked again"))
    base2 = rulebase.default_rulebase()
    read = rulebase.default_rulebase([f"{phrase}.{name}"])
    assert summary(read) == summary(built) and read.readings == built.readings == (f"{phrase}.{name}",)
    assert read.source is base2.source and read.index is base2.index
    assert [r.rule_id for r in read.checked.rules] != [r.rule_id for r in base2.checked.rules]


def test_an_entry_naming_an_object_it_does_not_share_is_rebuilt(fresh):
    shared = [object()]
    assert cache.save("probe", "0" * 64, ["x", shared[0]], shared=shared)
    assert cache.load("probe", "0" * 64, shared=shared)[1] is shared[0]
    assert cache.load("probe", "0" * 64) is None   # without the list: unreadable, never a wrong object


def test_only_the_newest_entries_of_a_name_are_kept(fresh):
    """Two checkouts of different versions alternate without rebuilding each other's law, and the
    folder stays bounded: at most KEEP entries of a name, the oldest written removed first."""
    import os
    for n in range(cache.KEEP + 2):
        assert cache.save("law", f"{n:064x}", {"version": n})
        os.utime(fresh / f"law-{n:064x}.pickle", ns=(n * 10**9, n * 10**9))
    kept = sorted(p.name for p in entries(fresh))
    assert kept == [f"law-{n:064x}.pickle" for n in range(2, cache.KEEP + 2)]
