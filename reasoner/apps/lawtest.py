"""`reasoner test PATH`: expected outcomes written by a rule author, run against the law.

A test file (YAML) holds a list of tests and, optionally, a base case they start from
(docs/TESTS.md):

    base:                       # optional: merged under each test's inline case
      entities:
        op1: {type: operation, at_night: true}
    tests:
      - name: exceeding 10 mph within 150 feet at 23:15
        case: {entities: {op1: {clock_time: "23:15", dwelling_distance_ft: 120, speed_mph: 25}}}
        question: night_speeding_near_dwelling(op1)     # an atom or a saved query name
        answer: true                                    # true / false / undetermined
        cites: ["350.10(1)(g)"]                         # provisions the answer must cite
        not_cites: ["350.03(1)"]                        # ... and must not
        bindings: [{Min: 225.00, Max: 375.00}]          # the bindings, money in dollars
        readings: [dwelling_hours_start.exclusive]      # alternative readings to answer under
        presumptions: false                             # answer without presumptions (--strict)

`case` may instead be a path to a case file, relative to the test file (then `base` is not used).
A test passes when every expectation it states holds. A test file that cannot be read, or a test
that names an unknown key, is an error with its file:line (nothing is run).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..core.errors import ReasonerError
from ..law.index import statute_order
from ..facts.yamlsafe import read_yaml
from ..facts.presume import strict_mode
from ..core.values import parse_dollars, show_value

KEYS = {"name", "case", "question", "answer", "cites", "not_cites", "bindings", "readings", "presumptions"}
ANSWERS = {"true", "false", "undetermined"}


class TestFileError(ReasonerError):
    """A test file (not one test's outcome) is malformed."""


@dataclass
class LawTest:
    name: str
    file: str
    line: int
    case: object                 # a path or a case mapping
    question: str
    answer: str | None = None
    cites: list = field(default_factory=list)
    not_cites: list = field(default_factory=list)
    bindings: list | None = None
    readings: list = field(default_factory=list)
    presumptions: bool = True

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class Outcome:
    test: LawTest
    failures: list               # sentences: what was expected and what came
    answer: object = None        # the Answer (None when the question could not be answered)
    error: str = ""

    @property
    def passed(self) -> bool:
        return not self.failures and not self.error


def test_files(paths) -> list:
    out = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.suffix in (".yaml", ".yml") and f.is_file())
            if not found:
                raise TestFileError("a folder with no test files (*.yaml)", location=str(p))
            out += found
        elif p.is_file():
            out.append(p)
        else:
            raise TestFileError("no such test file or folder", location=str(p),
                                hint="give a YAML test file or a folder of them")
    return out


def load_tests(paths) -> list:
    tests = []
    for path in test_files(paths):
        tests += _load_file(path)
    return tests


def _load_file(path: Path) -> list:
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise TestFileError(f"cannot read the test file: {getattr(exc, 'strerror', None) or exc}", location=where) from None
    located = read_yaml(text, where)          # line numbers; no aliases or duplicate keys
    data = yaml.safe_load(text)
    if not isinstance(data, dict) or "tests" not in data:
        raise TestFileError("a test file is a mapping with `tests:` (and optionally `base:`)", location=f"{where}:1",
                            hint="see docs/TESTS.md")
    extra = set(data) - {"tests", "base", "description"}
    if extra:
        key = sorted(extra)[0]
        raise TestFileError(f"unknown key {key!r}", location=f"{where}:{located.value[key][0].line}",
                            hint="a test file has description, base and tests")
    base = data.get("base") or {}
    if not isinstance(base, dict):
        raise TestFileError("`base:` is a case (a mapping with entities)", location=f"{where}:{located.value['base'][0].line}")
    items = data["tests"]
    lines = [entry.line for entry in located.value["tests"][1].value] if isinstance(items, list) else []
    if not isinstance(items, list) or not items:
        raise TestFileError("`tests:` is a list of tests", location=f"{where}:{located.value['tests'][0].line}")
    out = []
    for n, (item, line) in enumerate(zip(items, lines), 1):
        at = f"{where}:{line}"
        if not isinstance(item, dict):
            raise TestFileError("each test is a mapping (name, case, question, answer, ...)", location=at)
        unknown = sorted(set(item) - KEYS)
        if unknown:
            raise TestFileError(f"unknown key {unknown[0]!r} in a test", location=at,
                                hint="known: " + ", ".join(sorted(KEYS)))
        for key in ("case", "question"):
            if key not in item:
                raise TestFileError(f"the test has no `{key}`", location=at)
        answer = item.get("answer")
        if answer is not None:
            answer = {True: "true", False: "false"}.get(answer, str(answer).strip().lower())
            if answer not in ANSWERS:
                raise TestFileError(f"answer {item['answer']!r} is not true, false or undetermined", location=at)
        case = item["case"]
        if isinstance(case, str):
            case_path = (path.parent / case)
            case = case_path if case_path.exists() else Path(case)
        elif isinstance(case, dict):
            case = _merge(base, case)
        else:
            raise TestFileError("`case` is a path to a case file or an inline case", location=at)
        lists = {}
        for key in ("cites", "not_cites", "readings"):
            value = item.get(key) or []
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list):
                raise TestFileError(f"`{key}` is a list", location=at)
            lists[key] = [str(v) for v in value]
        bindings = item.get("bindings")
        if bindings is not None and not (isinstance(bindings, list) and all(isinstance(b, dict) for b in bindings)):
            raise TestFileError("`bindings` is a list of mappings (variable: value)", location=at)
        presumptions = item.get("presumptions", True)
        if not isinstance(presumptions, bool):
            raise TestFileError("`presumptions` is true or false", location=at)
        out.append(LawTest(str(item.get("name") or f"test {n}"), where, line, case, str(item["question"]), answer,
                           lists["cites"], lists["not_cites"], bindings, lists["readings"], presumptions))
    return out


def _merge(base, case) -> dict:
    """The base case with the test's case over it (entities merged attribute by attribute)."""
    out = {k: v for k, v in base.items() if k != "entities"}
    out.update({k: v for k, v in case.items() if k != "entities"})
    entities = {eid: dict(attrs or {}) for eid, attrs in (base.get("entities") or {}).items()}
    for eid, attrs in (case.get("entities") or {}).items():
        if attrs is None:          # `op2: ~` removes an entity of the base
            entities.pop(eid, None)
            continue
        entities.setdefault(eid, {}).update(attrs)
    out["entities"] = entities
    return out


def run_test(test: LawTest, rulebase, answer_fn) -> Outcome:
    """answer_fn(rulebase, case, question, where) -> Answer (the caller's ask, under its time limit;
    `where` names an inline case in messages: the test's file:line)."""
    try:
        rb = rulebase.with_readings(test.readings)
        with strict_mode(not test.presumptions):
            answer = answer_fn(rb, test.case, test.question, f"{test.where} (inline case)")
    except ReasonerError as exc:
        where = f"{exc.location}: " if exc.location else ""
        hint = f" (hint: {exc.hint})" if exc.hint else ""
        return Outcome(test, [], error=f"{where}{exc.message}{hint}")
    return Outcome(test, compare(test, answer), answer)


def compare(test: LawTest, answer) -> list:
    failures = []
    if test.answer is not None and answer.answer != test.answer:
        failures.append(f"answer: expected {test.answer.upper()}, got {answer.answer.upper()}")
    cited = answer.cited
    for c in test.cites:
        if c not in cited:
            failures.append(f"expected s. {c} to be cited; cited: {', '.join(statute_order(cited)) or 'none'}")
    for c in test.not_cites:
        if c in cited:
            failures.append(f"expected s. {c} not to be cited, but the answer cites it")
    if test.bindings is not None:
        want = sorted(_expected_binding(b, answer.types) for b in test.bindings)
        keys = [set(k for k, _ in w) for w in want]
        got = sorted(_shown_binding(b, answer.types, keys[0] if keys else None) for b in answer.bindings)
        if want != got:
            failures.append(f"bindings: expected {_show(want)}, got {_show(got) or 'none'}")
    return failures


def _expected_binding(b, types) -> tuple:
    out = []
    for k, v in b.items():
        if k == "answer":
            out.append((k, {True: "true", False: "false"}.get(v, str(v).lower())))
        elif types.get(k) == "money":
            out.append((k, show_value(parse_dollars(v if not isinstance(v, float) else repr(v)), "money")))
        else:
            out.append((k, _text(v)))
    return tuple(sorted(out))


def _text(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return repr(v).rstrip("0").rstrip(".") if "." in repr(v) else repr(v)
    return str(v)


def _shown_binding(b, types, keys) -> tuple:
    return tuple(sorted((k, v if k == "answer" else show_value(v, types.get(k)))
                        for k, v in b.items() if keys is None or k in keys))


def _show(bindings) -> str:
    return "; ".join(", ".join(f"{k}={v}" for k, v in b) for b in bindings)


def summary_line(outcomes) -> str:
    passed = sum(1 for o in outcomes if o.passed)
    return f"{passed} passed, {len(outcomes) - passed} failed"


def outcome_record(o: Outcome) -> dict:
    """One test's result for --format json."""
    t = o.test
    return {"name": t.name, "location": t.where, "question": t.question, "passed": o.passed,
            "expected": {"answer": t.answer, "cites": t.cites, "not_cites": t.not_cites,
                         "bindings": t.bindings, "readings": t.readings, "presumptions": t.presumptions},
            "got": None if o.answer is None else {"answer": o.answer.answer, "cited": statute_order(o.answer.cited)},
            "failures": list(o.failures), **({"error": o.error} if o.error else {})}


def bundled_tests_dir() -> Path:
    """The bundled law's own expectations (shipped with the package)."""
    return Path(__file__).resolve().parent.parent / "law" / "tests"
