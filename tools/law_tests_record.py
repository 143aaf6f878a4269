"""A pytest plugin that records what tests/law's Python tests ask and which parts of each answer
they look at (tools/law_tests_to_yaml.py turns the record into YAML law tests).

Run: PYTHONPATH=$PWD python -m pytest -p tools.law_tests_record tests/law/FILE.py
(the record is written to $LAW_RECORD, default /tmp/law_record.json).

Every `ask` is wrapped; the Answer it returns is a proxy that notes each attribute read:
`answer`, membership in `cited`, `checked`, `missing` (what was asked and what held), the whole
`bindings`, `presumed` (the facts). Any other use of an answer (its text, argument, graph, the
cited set iterated...) marks the test as one that stays in Python. `check()` of
tests/law/test_ch350_support.py is replaced by one that records its stated expectations.
"""
from __future__ import annotations

import copy
import json
import os
import re
from pathlib import Path

import pytest

RECORD: dict = {"tests": {}}   # a tool's record, not the package's state


class _Unconvertible(Exception):
    pass


class _Current:
    nodeid = None
    calls: list = []
    bad: list = []


def _note_bad(reason):
    _Current.bad.append(reason)


class _Probe:
    """A set or list that notes membership questions."""

    def __init__(self, real, call, key):
        self._real, self._call, self._key = real, call, key

    def __contains__(self, item):
        held = item in self._real
        self._call.setdefault(self._key, {}).setdefault("in" if held else "out", [])
        bucket = self._call[self._key]["in" if held else "out"]
        if item not in bucket:
            bucket.append(item)
        return held

    def __getattr__(self, name):
        _note_bad(f"{self._key}.{name}")
        return getattr(self._real, name)

    def __iter__(self):
        _note_bad(f"{self._key} iterated")
        return iter(self._real)

    def __len__(self):
        _note_bad(f"len({self._key})")
        return len(self._real)

    def __eq__(self, other):
        _note_bad(f"{self._key} ==")
        return self._real == other

    def __bool__(self):
        _note_bad(f"bool({self._key})")
        return bool(self._real)

    __hash__ = None

    def _each(self, items):
        for item in items:
            self.__contains__(item)

    def __ge__(self, other):      # cited >= {a, b}: the membership of each
        self._each(other)
        return self._real >= set(other)

    def __and__(self, other):     # cited & {a, b}: the membership of each
        self._each(other)
        return self._real & set(other)

    __rand__ = __and__


def _delegate(op):
    def method(self, *args):
        _note_bad(f"{self._key} {op}")
        return getattr(self._real, op)(*[a._real if isinstance(a, _Probe) else a for a in args])
    return method


for _op in ("__or__", "__ror__", "__sub__", "__rsub__", "__xor__", "__le__",
            "__lt__", "__gt__", "__getitem__", "__ne__", "__add__", "__radd__"):
    setattr(_Probe, _op, _delegate(_op))


class _Proxy:
    def __init__(self, real, call):
        object.__setattr__(self, "_real", real)
        object.__setattr__(self, "_call", call)

    def __getattr__(self, name):
        real, call = self._real, self._call
        value = getattr(real, name)
        if name == "answer":
            call["answer"] = value
            return value
        if name in ("cited", "checked", "missing"):
            return _Probe(value, call, name)
        if name == "bindings":
            call["bindings"] = [dict(b) for b in value]
            call["types"] = dict(real.types)
            return value
        if name == "presumed":
            call["presumed"] = [p["fact"] for p in value]
            return [_Fact(p, call) for p in value]
        if name == "types":
            return value
        _note_bad(f"answer.{name}")
        return value


class _Fact(dict):
    """A presumption: only its fact may be read."""

    def __init__(self, p, call):
        super().__init__(p)

    def __getitem__(self, key):
        if key != "fact":
            _note_bad(f"presumed[{key!r}]")
        return super().__getitem__(key)


def _record_call(case, query, readings=(), **kw):
    from reasoner.core.settings import Settings, current
    s = current()
    if kw:
        _note_bad(f"ask(**{sorted(kw)})")
    if s.replace(strict=False, readings=()) != Settings().replace(readings=()):
        _note_bad("settings")
    readings = list(readings or ()) + list(getattr(s, "readings", ()) or ())
    if isinstance(case, (str, os.PathLike)):
        shown = {"path": str(Path(case).resolve())}
    elif isinstance(case, dict):
        shown = copy.deepcopy(case)
    else:
        _note_bad("case object")
        shown = None
    call = {"case": shown, "query": query, "readings": readings, "strict": bool(s.strict)}
    _Current.calls.append(call)
    return call


def _install():
    from reasoner.answer import answering
    real_ask = answering.ask

    def ask(case, query, *args, **kw):
        if args:
            _note_bad("ask(positional)")
        readings = kw.pop("readings", None) or ()
        call = _record_call(case, query, readings, **{k: v for k, v in kw.items()})
        try:
            res = real_ask(case, query, *args, readings=readings or None, **kw)
        except Exception:
            _note_bad("ask raised")
            raise
        return _Proxy(res, call)

    answering.ask = ask
    answering._real_ask = real_ask


def _flat(text: str) -> str:
    return " ".join(re.sub(r"[|`*]", " ", text).split())


def _check(c, query, answer, cited=(), not_cited=(), checked=(), missing=(), readings=(),
           presumed=None, strict=False):
    """tests/law/test_ch350_support.check, recording its expectations."""
    from reasoner.answer import answering
    from reasoner.facts.presume import strict_mode
    with strict_mode(strict):
        res = answering.ask(c, query)
    real, call = res._real, res._call
    where = f"\n--- {query}: {real.answer}\ncited={sorted(real.cited)}"
    assert real.answer == answer, where
    call["answer"] = answer
    if presumed is not None:
        assert [p["fact"] for p in real.presumed] == list(presumed), where
        call["presumed"] = list(presumed)
    for key, items, want in (("cited", cited, True), ("cited", not_cited, False),
                             ("checked", checked, True), ("missing", missing, True)):
        for p in items:
            assert (p in getattr(real, key)) == want, f"{key} {p}" + where
            bucket = call.setdefault(key, {}).setdefault("in" if want else "out", [])
            if p not in bucket:
                bucket.append(p)
    text = _flat(real.text())
    for r in readings:
        assert any(r in x for x in real.readings), f"reading {r!r}" + where
        assert _flat(r) in text, f"reading {r!r} not in the proof text" + where
        call.setdefault("reading_texts", []).append(r)
    return res


def pytest_configure(config):
    _install()


def pytest_collection_modifyitems(session, config, items):
    import sys
    support = sys.modules.get("test_ch350_support")
    if support is not None:
        support.check = _check
        for mod in list(sys.modules.values()):
            if getattr(mod, "check", None) is not None and getattr(mod, "__name__", "").startswith("test_"):
                if getattr(mod.check, "__module__", "") == "test_ch350_support":
                    mod.check = _check


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    _Current.nodeid, _Current.calls, _Current.bad = item.nodeid, [], []
    outcome = yield
    passed = outcome.excinfo is None
    doc = (getattr(item.function, "__doc__", None) or "").strip().splitlines()
    RECORD["tests"][item.nodeid] = {
        "passed": passed, "calls": _Current.calls, "bad": sorted(set(_Current.bad)),
        "function": item.originalname or item.name, "module": item.module.__name__,
        "doc": doc[0] if doc else "", "id": item.callspec.id if hasattr(item, "callspec") else ""}


def pytest_sessionfinish(session):
    out = Path(os.environ.get("LAW_RECORD", "/tmp/law_record.json"))
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        out = out.with_name(f"{out.stem}.{worker}{out.suffix}")
    out.write_text(json.dumps(RECORD, indent=1, default=str))
