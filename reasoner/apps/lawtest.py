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
        answer: true                                    # true / false / undetermined / not_applicable
        cites: ["350.10(1)(g)"]                         # provisions the answer must cite
        not_cites: ["350.03(1)"]                        # ... and must not
        bindings: [{Min: 225.00, Max: 375.00}]          # the bindings, money in dollars (unknown: open)
        readings: [dwelling_hours_start.exclusive]      # alternative readings to answer under
        presumptions: false                             # answer without presumptions (--strict)
        checked: ["350.10(1)(g)"]                       # provisions examined and found not to apply
        not_checked: []                                 # ... and not so found
        missing: ["whether ..."]                        # facts the answer says it needs (among them)
        not_missing: []                                 # ... and does not
        all_missing: []                                 # exactly the facts it says it needs ([]: none)
        presumed: ["..."]                               # exactly the presumed facts, in proof order
        reading_texts: ["..."]                          # shown among the answer's readings and in its proof
        says: ["..."]                                   # words the answer's argument or tree holds
        not_says: ["..."]                               # ... and does not hold
        short: "No: ..."                                # exactly the answer's first sentences
        conclusions: ["..."]                            # exactly the conclusions of its provisions, in order
        offenders: [{in: op1, provision: "350.08", offender: dad}]   # exactly who offended (keys as written)
        holes: ["348.11"]                               # exactly the provisions outside the excerpt it turns on
        depends_on: ["whether ..."]                     # facts among all those it depends on (--all-missing)
        verified: true                                  # every binding verified (none left unchecked)
        error: "is not something argument 2"            # the question is refused, with a message saying this

`case` may instead be a path to a case file, relative to the test file (then `base` is not used).
A test passes when every expectation it states holds, and states at least one. A test file that
cannot be read, or a test that names an unknown key, expects nothing, or gives a value its key cannot
be, is an error with its file:line (nothing is run).
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import ReasonerError
from ..law.index import statute_order
from ..facts.yamlsafe import Located, read_yaml
from ..core.visible import visible
from ..core.settings import strict_mode
from ..core.values import parse_dollars, read_number, show_number, show_value
from ..law.queries import check_atom, resolve, variables
from ..render.jsonout import offenders

if TYPE_CHECKING:
    from ..answer.answering import Answer
    from ..engine.rulebase import Rulebase
    from ..language.checks import CheckedProgram

LISTS = ("cites", "not_cites", "readings", "checked", "not_checked", "missing", "not_missing", "reading_texts",
         "says", "not_says", "depends_on")
EXACT = ("presumed", "all_missing", "conclusions", "holes")     # exact lists ([]: none; absent: not checked)
OFFENDER_KEYS = ("in", "provision", "offender", "role", "offender_name", "in_name")
KEYS = frozenset({"name", "case", "question", "answer", "bindings", "presumptions", "error", "short", "offenders",
                  "verified", *LISTS, *EXACT})
ANSWERS = ("true", "false", "undetermined", "not_applicable")
ANSWER_WORDS = "true, false, undetermined or not_applicable"


class TestFileError(ReasonerError):
    """A test file (not one test's outcome) is malformed."""


@dataclass
class LawTest:
    name: str
    file: str
    line: int
    case: Path | Located      # a case file's path or an inline case (read with its lines in the test file)
    question: str
    answer: str | None = None
    cites: list[str] = field(default_factory=list)
    not_cites: list[str] = field(default_factory=list)
    bindings: list[dict[str, Any]] | None = None   # each expected binding: variable -> value as written
    readings: list[str] = field(default_factory=list)
    presumptions: bool = True
    binding_lines: list[int] = field(default_factory=list)   # the line of each expected binding
    checked: list[str] = field(default_factory=list)
    not_checked: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    not_missing: list[str] = field(default_factory=list)
    presumed: list[str] | None = None       # the exact presumed facts (None: not checked)
    all_missing: list[str] | None = None    # exactly the facts the answer needs, in any order (None: not checked)
    reading_texts: list[str] = field(default_factory=list)
    error: str | None = None                # the question is refused with a message holding this text
    says: list[str] = field(default_factory=list)        # words the answer's text holds
    not_says: list[str] = field(default_factory=list)    # ... and does not
    depends_on: list[str] = field(default_factory=list)  # facts among all the answer depends on (missing_all)
    short: str | None = None                # exactly the answer's first sentences (argument.short)
    conclusions: list[str] | None = None    # exactly the conclusions of the argument's provisions, in order
    holes: list[str] | None = None          # exactly the provisions outside the excerpt the open rows turn on
    offenders: list[dict[str, str | None]] | None = None   # exactly who offended: in, provision, offender, role
    verified: bool | None = None            # True: no binding left unverified

    def expects_of_answer(self) -> bool:
        """Whether the test states anything of an answer (a refusal's test states nothing else)."""
        lists = (self.cites, self.not_cites, self.checked, self.not_checked, self.missing, self.not_missing,
                 self.reading_texts, self.says, self.not_says, self.depends_on)
        return (self.answer is not None or any(lists) or self.bindings is not None
                or any(x is not None for x in (self.presumed, self.all_missing, self.short, self.conclusions,
                                               self.holes, self.offenders, self.verified)))

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class Outcome:
    test: LawTest
    failures: list[str]               # sentences: what was expected and what came
    answer: Answer | None = None        # the Answer (None when the question could not be answered)
    error: str = ""

    @property
    def passed(self) -> bool:
        return not self.failures and not self.error


def test_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    out: list[Path] = []
    for given in paths:
        p = Path(given)
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


def load_tests(paths: Iterable[str | os.PathLike[str]]) -> list[LawTest]:
    tests: list[LawTest] = []
    for path in test_files(paths):
        tests += _load_file(path)
    return tests


def _load_file(path: Path) -> list[LawTest]:
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise TestFileError(f"cannot read the test file: {getattr(exc, 'strerror', None) or exc}", location=where) from None
    if not text.strip():
        raise TestFileError("the test file is empty", location=where, hint="see docs/TESTS.md")
    # every value is read from the located tree, as the case files are: its line, the text as
    # written (an unquoted 21:40 stays 21:40, not YAML 1.1's 1300), no aliases, tags or duplicate keys
    root = read_yaml(text, where)
    if root.tag != "map" or "tests" not in root.value:
        raise TestFileError("a test file is a mapping with `tests:` (and optionally `base:`)", location=f"{where}:1",
                            hint="see docs/TESTS.md")
    extra = sorted(set(root.value) - {"tests", "base", "description"})
    if extra:
        raise TestFileError(f"unknown key {extra[0]!r}", location=f"{where}:{root.value[extra[0]][0].line}",
                            hint="a test file has description, base and tests")
    base = root.value["base"][1] if "base" in root.value else None
    if base is not None and base.tag == "null":
        base = None
    if base is not None and base.tag != "map":
        raise TestFileError("`base:` is an inline case (a mapping with `entities:`), not a path: each test's "
                            "case is merged over it attribute by attribute, at its lines in this file",
                            location=f"{where}:{base.line}",
                            hint="a test can give a case file as its `case:` (then the base is not used)")
    if base is not None:
        _check_entities(base, where)
    items = root.value["tests"][1]
    if items.tag != "seq" or not items.value:
        raise TestFileError("`tests:` is a list of tests", location=f"{where}:{items.line}")
    return [_load_test(path, item, n, base) for n, item in enumerate(items.value, 1)]


def _load_test(path: Path, item: Located, n: int, base: Located | None) -> "LawTest":
    where = str(path)
    at = f"{where}:{item.line}"
    if item.tag != "map":
        raise TestFileError("each test is a mapping (name, case, question, answer, ...)", location=at)
    unknown = sorted(set(item.value) - KEYS)
    if unknown:
        raise TestFileError(f"unknown key {unknown[0]!r} in a test", location=f"{where}:{item.value[unknown[0]][0].line}",
                            hint="known: " + ", ".join(sorted(KEYS)))
    for key in ("case", "question"):
        if key not in item.value:
            raise TestFileError(f"the test has no `{key}`", location=at)
    node = {key: value for key, (_, value) in item.value.items()}

    def located(key: str) -> str:
        return f"{where}:{node[key].line}"

    def text(key: str, what: str) -> str:
        value = node[key]
        if value.tag in ("map", "seq", "null") or not str(value.raw or "").strip():
            raise TestFileError(f"`{key}` is {what}", location=located(key))
        return str(value.raw).strip()

    name = text("name", "one line of text") if "name" in node else f"test {n}"
    if visible(name, field=True) != name:
        raise TestFileError(f"a test's name is one line of text; this one holds {_control(name)}: "
                            f"{visible(name, field=True)}", location=located("name"),
                            hint="write the name on one line, without control characters")
    question = text("question", "an atom (violation(op1, P)) or a saved query name (lawful), one line")
    if visible(question, field=True) != question:
        raise TestFileError(f"`question` is one line; this one holds {_control(question)}", location=located("question"))
    answer = None
    if "answer" in node:
        value = node["answer"]
        word = str(value.raw or "").strip() if value.tag not in ("map", "seq") else None
        if value.tag in ("str", "bool") and word in ANSWERS:
            answer = word
        elif value.tag == "null":
            raise TestFileError("`answer:` is empty: it would assert nothing", location=located("answer"),
                                hint=f"write one of {ANSWER_WORDS}, or leave the key out")
        else:
            shown = "a list" if value.tag == "seq" else "a mapping" if value.tag == "map" else repr(word)
            raise TestFileError(f"answer {shown} is not one of {ANSWER_WORDS}", location=located("answer"),
                                hint="write the word as it is (yes, 1 or True are not answers)")
    case = node["case"]
    if case.tag == "map":
        case = _merge(base, case, where) if base is not None else case
        _check_entities(case, where)
    elif case.tag in ("seq", "null") or not str(case.raw or "").strip():
        raise TestFileError("`case` is a path to a case file (relative to the test file) or an inline case",
                            location=located("case"))
    else:
        case = _case_path(path, str(case.raw).strip(), located("case"))
    lists = {key: _words(node, key, where) for key in LISTS}
    exact: dict[str, list[str] | None] = {}
    for key in EXACT:
        exact[key] = None
        if key in node:
            if node[key].tag not in ("seq", "null"):
                raise TestFileError(f"`{key}` is a list ([] for none)", location=located(key))
            exact[key] = _words(node, key, where)
    short = text("short", "the answer's first sentences, one line") if "short" in node else None
    offenders = _offenders(node["offenders"], where) if "offenders" in node else None
    verified = None
    if "verified" in node:
        value = node["verified"]
        if value.tag != "bool" or str(value.raw).strip() != "true":
            raise TestFileError("`verified` is true (every binding verified) or left out", location=located("verified"))
        verified = True
    bindings, binding_lines = None, []
    if "bindings" in node:
        bindings = []
        value = node["bindings"]
        if value.tag != "seq" or any(b.tag != "map" for b in value.value):
            raise TestFileError("`bindings` is a list of mappings (variable: value)", location=located("bindings"))
        for b in value.value:
            row = {}
            for var, (_, v) in b.value.items():
                if v.tag in ("map", "seq", "null") or not str(v.raw or "").strip():
                    raise TestFileError(f"binding {var} is one value (a number, an amount in dollars or a word)",
                                        location=f"{where}:{v.line}")
                row[var] = str(v.raw).strip()
                if var == "answer" and row[var] not in ANSWERS:
                    raise TestFileError(f"a binding's answer {row[var]!r} is not one of {ANSWER_WORDS}",
                                        location=f"{where}:{v.line}")
            bindings.append(row)
            binding_lines.append(b.line)
    presumptions = True
    if "presumptions" in node:
        value = node["presumptions"]
        if value.tag != "bool" or str(value.raw).strip() not in ("true", "false"):
            raise TestFileError("`presumptions` is true or false", location=located("presumptions"))
        presumptions = str(value.raw).strip() == "true"
    error = text("error", "the words the refusal's message holds, one line") if "error" in node else None
    test = LawTest(name, where, item.line, case, question, answer, lists["cites"], lists["not_cites"],
                   bindings, lists["readings"], presumptions, binding_lines, lists["checked"],
                   lists["not_checked"], lists["missing"], lists["not_missing"], exact["presumed"],
                   exact["all_missing"], lists["reading_texts"], error, lists["says"], lists["not_says"],
                   lists["depends_on"], short, exact["conclusions"], exact["holes"], offenders, verified)
    if error is not None and test.expects_of_answer():
        raise TestFileError("a test expecting `error` expects nothing of an answer (a refused question has none)",
                            location=located("error"), hint="write the answer's expectations in another test")
    if error is None and not test.expects_of_answer():
        raise TestFileError(f"the test {visible(name, field=True)!r} expects nothing, so it cannot fail",
                            location=at, hint="give `answer`, `cites`, `not_cites`, `bindings` or another expectation")
    return test


def _offenders(value: Located, where: str) -> list[dict[str, str | None]]:
    """`offenders: [{in: op1, provision: "350.08", offender: dad, role: owner}]`: each entry's keys as
    written (the others are not compared); `offender: ~` where the case names no one."""
    if value.tag != "seq" or any(o.tag != "map" for o in value.value):
        raise TestFileError("`offenders` is a list of mappings (in, provision, offender, role)",
                            location=f"{where}:{value.line}")
    out = []
    for o in value.value:
        row: dict[str, str | None] = {}
        for key, (_, v) in o.value.items():
            if key not in OFFENDER_KEYS:
                raise TestFileError(f"unknown key {key!r} of an offender", location=f"{where}:{v.line}",
                                    hint="known: " + ", ".join(OFFENDER_KEYS))
            if v.tag in ("map", "seq"):
                raise TestFileError(f"an offender's {key} is one word", location=f"{where}:{v.line}")
            row[key] = None if v.tag == "null" else str(v.raw).strip()
        out.append(row)
    return out


def _control(text: str) -> str:
    return "a line break" if "\n" in text or "\r" in text else "a control character"


def _words(node: dict, key: str, where: str) -> list:
    """`cites: ["350.10(1)(g)"]` or `cites: 350.03(1)`: each as written."""
    if key not in node:
        return []
    value = node[key]
    items = value.value if value.tag == "seq" else [] if value.tag == "null" else [value]
    out = []
    for v in items:
        if v.tag in ("map", "seq", "null") or not str(v.raw or "").strip():
            raise TestFileError(f"`{key}` is a list of words (e.g. [\"350.10(1)(g)\"])", location=f"{where}:{v.line}")
        out.append(str(v.raw).strip())
    return out


def _case_path(path: Path, written: str, at: str) -> Path:
    """A test's case file, relative to the test file (or to the working folder, as before)."""
    for candidate in (path.parent / written, Path(written)):
        if candidate.is_file():
            return candidate
    raise TestFileError(f"no such case file {written!r} (looked for {path.parent / written})", location=at,
                        hint="a test's `case:` is a path relative to the test file, or an inline case")


def _check_entities(case: Located, where: str) -> None:
    entities = case.value.get("entities")
    if entities is not None and entities[1].tag not in ("map", "null"):
        raise TestFileError("`entities:` maps entity ids to their attributes", location=f"{where}:{entities[1].line}")


def _merge(base: Located, case: Located, where: str) -> Located:
    """The base case with the test's case over it (entities merged attribute by attribute), each
    value kept with its line in the test file."""
    out = {k: v for k, v in base.value.items() if k != "entities"}
    out.update({k: v for k, v in case.value.items() if k != "entities"})
    base_entities = base.value.get("entities")
    case_entities = case.value.get("entities")
    if base_entities is not None or case_entities is not None:
        key, node = case_entities or base_entities
        entities = dict(base_entities[1].value) if base_entities and base_entities[1].tag == "map" else {}
        if case_entities and case_entities[1].tag == "map":
            for eid, (kloc, attrs) in case_entities[1].value.items():
                if attrs.tag == "null":          # `op2: ~` removes an entity of the base
                    entities.pop(eid, None)
                    continue
                under = entities.get(eid)
                if under is not None and under[1].tag == "map" and attrs.tag == "map":
                    attrs = Located({**under[1].value, **attrs.value}, attrs.line, attrs.col, tag="map")
                entities[eid] = (kloc, attrs)
        out["entities"] = (key, Located(entities, node.line, node.col, tag="map"))
    return Located(out, case.line, case.col, tag="map")


def run_test(test: LawTest, rulebase: Rulebase,
             answer_fn: Callable[[Rulebase, Path | Located, str, str], Answer]) -> Outcome:
    """answer_fn(rulebase, case, question, where) -> Answer (the caller's ask, under its time limit;
    `where` names an inline case in messages: the test's file:line)."""
    try:
        rb = rulebase.with_readings(test.readings)
        with strict_mode(not test.presumptions):
            answer = answer_fn(rb, test.case, test.question, test.file)
    except ReasonerError as exc:
        if test.error is not None:      # a refusal expected: its message must say what the test says
            said = f"{exc.message} {exc.hint or ''}"
            return Outcome(test, [] if test.error in said else
                           [f"expected the question to be refused with {test.error!r}; refused: {exc.message}"])
        where = f"{visible(exc.location, field=True)}: " if exc.location else ""
        hint = f" (hint: {exc.hint})" if exc.hint else ""
        return Outcome(test, [], error=f"{where}{exc.message}{hint}")
    if test.error is not None:
        return Outcome(test, [f"expected the question to be refused with {test.error!r}; "
                              f"it was answered {answer.answer.upper()}"], answer)
    return Outcome(test, compare(test, answer), answer)


def compare(test: LawTest, answer: Answer) -> list[str]:
    failures: list[str] = []
    if test.answer is not None and answer.answer != test.answer:
        failures.append(f"answer: expected {test.answer.upper()}, got {answer.answer.upper()}")
    cited = answer.cited
    for c in test.cites:
        if c not in cited:
            failures.append(f"expected s. {c} to be cited; cited: {', '.join(statute_order(cited)) or 'none'}")
    for c in test.not_cites:
        if c in cited:
            failures.append(f"expected s. {c} not to be cited, but the answer cites it")
    checked = answer.checked
    for c in test.checked:
        if c not in checked:
            failures.append(f"expected s. {c} to be examined and found not to apply; so found: "
                            f"{', '.join(statute_order(checked)) or 'none'}")
    for c in test.not_checked:
        if c in checked:
            failures.append(f"expected s. {c} not to be found not to apply, but it is")
    for m in test.missing:
        if m not in answer.missing:
            failures.append(f"expected the answer to need {m!r}; it needs: {'; '.join(answer.missing) or 'nothing'}")
    for m in test.not_missing:
        if m in answer.missing:
            failures.append(f"expected the answer not to need {m!r}, but it does")
    if test.all_missing is not None and sorted(answer.missing) != sorted(test.all_missing):
        failures.append(f"expected the answer to need exactly {'; '.join(test.all_missing) or 'nothing'}; "
                        f"it needs: {'; '.join(answer.missing) or 'nothing'}")
    if test.presumed is not None:
        got = [p["fact"] for p in answer.presumed]
        if got != test.presumed:
            failures.append(f"presumed: expected {'; '.join(test.presumed) or 'nothing'}, got {'; '.join(got) or 'nothing'}")
    if test.reading_texts:
        text = _flat(answer.text())
        for r in test.reading_texts:
            if not any(r in x for x in answer.readings):
                failures.append(f"expected the reading {r!r} among the answer's readings")
            elif _flat(r) not in text:
                failures.append(f"expected the reading {r!r} in the proof")
    failures += _compare_words(test, answer)
    if test.bindings is not None:
        want = sorted(_expected_binding(b, answer.types) for b in test.bindings)
        keys = [set(k for k, _ in w) for w in want]
        came = sorted(_shown_binding(b, answer.types, keys[0] if keys else None) for b in answer.bindings)
        if want != came:
            failures.append(f"bindings: expected {_show(want)}, got {_show(came) or 'none'}")
    return failures


def _compare_words(test: LawTest, answer: Answer) -> list[str]:
    """The expectations on the answer's words, its argument and its offenders."""
    failures: list[str] = []
    if test.says or test.not_says:
        text = _flat(answer.argument_text() + "\n" + answer.text())   # ask's argument and its --tree view
        failures += [f"expected the answer to say {w!r}" for w in test.says if _flat(w) not in text]
        failures += [f"expected the answer not to say {w!r}, but it does" for w in test.not_says if _flat(w) in text]
    for m in test.depends_on:
        if m not in answer.missing_all:
            failures.append(f"expected the answer to depend on {m!r}; it depends on: "
                            f"{'; '.join(answer.missing_all) or 'nothing'}")
    if test.short is not None and _flat(answer.argument.short) != _flat(test.short):
        failures.append(f"short answer: expected {test.short!r}, got {answer.argument.short!r}")
    if test.conclusions is not None:
        got = [p.conclusion for p in answer.argument.provisions]
        if got != test.conclusions:
            failures.append(f"conclusions: expected {'; '.join(test.conclusions) or 'none'}, got {'; '.join(got) or 'none'}")
    if test.holes is not None:
        holes = [h["citation"] for row in answer.undetermined for h in row.get("holes", ())]
        if holes != test.holes:
            failures.append(f"provisions outside the excerpt: expected {', '.join(test.holes) or 'none'}, "
                            f"got {', '.join(holes) or 'none'}")
    if test.offenders is not None:
        rows = offenders(answer)
        came = [{k: o.get(k) for k in want} for o, want in zip(rows, test.offenders)]
        if len(rows) != len(test.offenders) or came != test.offenders:
            expected = "; ".join(", ".join(f"{k} {v if v is not None else 'none'}" for k, v in o.items())
                                 for o in test.offenders)
            shown = [f"{o.get('offender')} ({o.get('role')}): s. {o.get('provision')} in {o.get('in')}" for o in rows]
            failures.append(f"offenders: expected {expected or 'none'}; got {'; '.join(shown) or 'none'}")
    if test.verified and answer.not_verified:
        failures.append(f"expected every binding verified; not verified: {len(answer.not_verified)}")
    return failures


def _flat(text: str) -> str:
    """Text without tree drawing and line wrapping, for finding a sentence in it."""
    return " ".join(re.sub(r"[|`*]", " ", text).split())


def _expected_binding(b: dict[str, Any], types: dict[str, str]) -> tuple[tuple[str, Any], ...]:
    """An expected binding as the answer shows it (ValueError for a value its variable's type cannot
    be: check_tests says it before anything runs)."""
    out: list[tuple[str, Any]] = []
    for k, v in b.items():
        if v == "unknown":      # an open value (an undetermined row's amount), shown as the word
            pass
        elif k != "answer" and types.get(k) == "money":
            v = show_value(parse_dollars(v), "money")
        elif k != "answer" and types.get(k) == "number":
            v = show_number(read_number(v))
        out.append((k, v))
    return tuple(sorted(out))


def check_tests(tests: Iterable[LawTest], checked: CheckedProgram) -> None:
    """Each expected binding a variable of the question, read as its type (money in dollars,
    numbers), before any test runs: `"$225,00"` is an error at its line. A question that cannot be answered is said when its
    test runs."""
    for test in tests:
        if not test.bindings:
            continue
        try:
            atom, _ = resolve(test.question)
            atom = check_atom(atom, checked)
        except ReasonerError:
            continue
        decl = checked.program.preds.get(atom.key)
        types = {name: decl.params[i].type for i, name in variables(atom)} if decl else {}
        for row, line in zip(test.bindings, test.binding_lines):
            for var, value in row.items():
                if var != "answer" and var not in types:
                    raise TestFileError(f"binding {var}: the question {test.question} has no variable {var}",
                                        location=f"{test.file}:{line}",
                                        hint=f"its variables: {', '.join(types)}" if types else
                                        "the question has no variables: leave `bindings` out") from None
                try:
                    _expected_binding({var: value}, types)
                except ValueError as exc:
                    raise TestFileError(f"binding {var}: {getattr(exc, 'message', None) or exc}",
                                        location=f"{test.file}:{line}",
                                        hint=getattr(exc, "hint", None) or (
                                            'an amount in dollars: 225, 225.00 or "$1,025.00"'
                                            if types.get(var) == "money" else None)) from None


def _shown_binding(b: dict[str, object], types: dict[str, str], keys: set[str] | None) -> tuple[tuple[str, object], ...]:
    return tuple(sorted((k, v if k == "answer" else show_value(v, types.get(k)))
                        for k, v in b.items() if keys is None or k in keys))


def _show(bindings: Iterable[tuple[tuple[str, object], ...]]) -> str:
    return "; ".join(", ".join(f"{k}={v}" for k, v in b) for b in bindings)


def summary_line(outcomes: list[Outcome]) -> str:
    passed = sum(1 for o in outcomes if o.passed)
    return f"{passed} passed, {len(outcomes) - passed} failed"


def outcome_record(o: Outcome) -> dict[str, Any]:

    """One test's result for --format json."""
    t = o.test
    return {"name": t.name, "location": t.where, "question": t.question, "passed": o.passed,
            "expected": {"answer": t.answer, "cites": t.cites, "not_cites": t.not_cites,
                         "bindings": t.bindings, "readings": t.readings, "presumptions": t.presumptions,
                         "checked": t.checked, "not_checked": t.not_checked, "missing": t.missing,
                         "not_missing": t.not_missing, "presumed": t.presumed, "reading_texts": t.reading_texts,
                         "error": t.error, "all_missing": t.all_missing, "says": t.says, "not_says": t.not_says,
                         "depends_on": t.depends_on, "short": t.short, "conclusions": t.conclusions,
                         "holes": t.holes, "offenders": t.offenders, "verified": t.verified},
            "got": None if o.answer is None else {"answer": o.answer.answer, "cited": statute_order(o.answer.cited)},
            "failures": list(o.failures), **({"error": o.error} if o.error else {})}


def bundled_tests_dir() -> Path:
    """The bundled law's own expectations (shipped with the package)."""
    return Path(__file__).resolve().parent.parent / "law" / "tests"
