"""`reasoner check`: every problem in rule files and case files, with its location."""
from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core import deadline
from ..core.errors import CaseError, EvaluationError, ReasonerError
from ..core.settings import current
from ..language.checks import collect_problems
from ..language.readings import alternatives, select
from ..engine.rulebase import LAW_DIR, law_files, read_program
from ..law.index import default_index
from ..facts.case import case_problems, load_case
from ..law.queries import check_atom, resolve
from .lawtest import load_tests
from ..language.checks import check

if TYPE_CHECKING:
    from ..language.checks import CheckedProgram
    from .lawtest import LawTest

# a problem found: {"location", "message"} (the location may be None)
Problem = dict[str, Any]
FACTS_DIR = Path(__file__).parent.parent.parent / "facts"


RULE_SUFFIXES = (".dl",)
CASE_SUFFIXES = (".yaml", ".yml")    # any case of the suffix, as batch reads a folder


def _is_rules(p: str | os.PathLike[str]) -> bool:
    return Path(p).suffix.lower() in RULE_SUFFIXES


def _is_case(p: str | os.PathLike[str]) -> bool:
    return Path(p).suffix.lower() in CASE_SUFFIXES


def expand(paths: Iterable[str | os.PathLike[str]]) -> tuple[list[str | os.PathLike[str]], list[Problem]]:
    """The paths, a folder replaced by the rule and case files below it (sorted); ([files], [problems])."""
    out: list[str | os.PathLike[str]] = []
    problems: list[Problem] = []
    for p in paths:
        if Path(p).is_dir():
            found = sorted(_files_below(p))
            if not found:
                problems.append({"location": str(p), "message": f"{p}: a folder with no .dl rule file or .yaml case file"})
            out += found
        else:
            out.append(p)
    return out, problems


def _files_below(folder: str | os.PathLike[str]) -> list[Path]:
    """The regular .dl, .yaml and .yml files below `folder` (links to folders not followed), listed
    within the time limit: `check /` on a cold disk walked for minutes past it (the limit was only
    checked once the files were read). Past it, EvaluationError naming the folder."""
    found: list[Path] = []
    try:
        for root, dirs, files in os.walk(folder):
            deadline.check()
            dirs.sort()
            for k, name in enumerate(files):
                if k % 1000 == 999:
                    deadline.check()
                if _is_rules(name) or _is_case(name):
                    f = Path(root) / name
                    if f.is_file():
                        found.append(f)
    except EvaluationError:
        limit = current().time_limit
        raise EvaluationError(f"listing the rule and case files below {folder} exceeded the time limit of "
                              f"{limit:g} s ({len(found)} found so far)", location=str(folder),
                              hint="give a smaller folder, or raise the limit with `reasoner --timeout SECONDS "
                                   "check ...`") from None
    return found


def check_paths(paths: Sequence[str | os.PathLike[str]]) -> tuple[list[Problem], dict[str, Any]]:
    index = default_index()
    given = bool(paths)
    paths, folder_problems = expand(paths)
    rule_files = [Path(p) for p in paths if _is_rules(p)]
    case_files = [Path(p) for p in paths if _is_case(p)]
    others = [p for p in paths if not (_is_rules(p) or _is_case(p))]
    problems = folder_problems + [{"location": str(p), "message": f"{p}: not a .dl rule file or a .yaml case file"}
                                  for p in others]
    if not given:
        rule_files = law_files()
        case_files = sorted(FACTS_DIR.glob("*.yaml")) if FACTS_DIR.is_dir() else []
    law = not given or all(LAW_DIR in Path(p).resolve().parents for p in rule_files)
    checked = None
    try:
        source = read_program(rule_files or law_files())
        prog = select(source, ())
        found = collect_problems(prog, index, require_provisions=law)
        problems += [{"location": e.location, "message": str(e)} for e in found]
        # every alternative reading, one at a time: its program must check too (new problems only)
        seen = {str(e) for e in found}
        for selection in alternatives(source):
            for e in collect_problems(select(source, selection), index, require_provisions=law):
                if str(e) not in seen:
                    seen.add(str(e))
                    problems.append({"location": e.location,
                                     "message": f"{e} (under the reading {', '.join(selection)})"})
        if not found:
            checked = check(prog, index, law)
    except EvaluationError:
        raise   # the time limit: the command's error (exit 2), not a problem found in a file
    except ReasonerError as exc:
        problems.append({"location": exc.location, "message": str(exc)})
    tests = [f for f in case_files if _is_law_test(f)]
    case_files = [f for f in case_files if f not in tests]
    loaded: dict[Path, list[LawTest]] = {}              # each law-test file read once: its own format first, whatever the rules
    for f in tests:
        try:
            loaded[f] = load_tests([f])
        except ReasonerError as exc:
            problems.append({"location": exc.location, "message": str(exc)})
    not_checked: list[dict[str, str]] = []
    warnings: list[Problem] = []    # no problems: `check` says them and still exits 0
    if checked is not None:
        for f in case_files:
            deadline.check()    # many case files: the limit holds between them too
            errors: Sequence[ReasonerError]
            warned: list[CaseError] = []
            try:   # every problem of the file, not only the first
                errors = case_problems(f, checked, strict=current().strict, warnings=warned)
            except EvaluationError:
                raise
            except ReasonerError as exc:
                errors = [exc]
            problems += [{"location": exc.location, "message": str(exc)} for exc in errors]
            warnings += [{"location": w.location, "message": str(w)} for w in warned]
        for f, read in loaded.items():
            problems += _test_problems(read, checked)
    else:
        # a case is read against the rules it was written for: with those in error, it is not checked
        # (against the bundled law it would report what are not its problems)
        not_checked = [{"location": str(f), "reason": NOT_CHECKED} for f in case_files + tests]
    return problems, {"rules": len(rule_files or law_files()), "cases": len(case_files), "tests": len(tests),
                      "not_checked": not_checked, "warnings": warnings}


def summary_line(counted: dict[str, Any], problems: int, warnings: int = 0) -> str:
    """`21 rule file(s), 5 case file(s): 0 problem(s)`, the law-test files named when there are any.
    When the rule files have problems the case and law-test files are not checked, and the line says
    so instead of counting them: `1 rule file(s) checked; 2 case file(s) not checked because ...`."""
    files = [f"{counted['cases']} case file(s)"]
    if counted["tests"]:
        files.append(f"{counted['tests']} law-test file(s)")
    rules = f"{counted['rules']} rule file(s)"
    if counted["not_checked"]:
        return (f"{rules} checked; {' and '.join(files)} not checked because {NOT_CHECKED.split(' (')[0]}: "
                f"{problems} problem(s)")
    said = f", {warnings} warning(s)" if warnings else ""
    return f"{', '.join([rules] + files)}: {problems} problem(s){said}"


NOT_CHECKED = "the rule files have problems (fix them, then check again)"


_TOP_KEY = re.compile(r"^(tests|entities|facts)[ \t]*:", re.M)


def _is_law_test(path: str | os.PathLike[str]) -> bool:
    """Whether a .yaml file is a law-test file (`reasoner test`, docs/TESTS.md): a top-level
    `tests:` key and no `entities:` or `facts:`. Decided from the text's top-level keys, without
    parsing it here (a hostile file is read once, by the bounded reader of the kind it turns out to
    be); a file that cannot be read is a case file (its error is reported there)."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return False
    keys = set(_TOP_KEY.findall(text))
    return "tests" in keys and not keys & {"entities", "facts"}


def _test_problems(tests: Iterable[LawTest], checked: CheckedProgram) -> list[Problem]:
    """The problems of a law-test file's cases and questions (its tests, as load_tests read them)
    against the rules: each test's case read as `reasoner test` reads it; each question an atom of
    the rules or a saved query."""
    problems: list[Problem] = []
    for t in tests:
        deadline.check()
        if t.error is not None:     # a refusal is what the test expects (its words checked when it runs)
            continue
        for what, run in (("case", lambda: load_case(t.case, checked, name=None if isinstance(t.case, Path) else t.where,
                                                        strict=current().strict)),
                          ("question", lambda: check_atom(resolve(t.question)[0], checked))):
            try:
                run()
            except EvaluationError:
                raise
            except ReasonerError as exc:
                hint = f"\n  hint: {exc.hint}" if exc.hint else ""
                # an inline case's line numbers are those of its own text, not the file's: not shown
                inner = f"{exc.location}: " if exc.location and isinstance(t.case, Path) and what == "case" else ""
                problems.append({"location": t.where,
                                 "message": f"{t.where}: the {what} of the test {t.name!r}: {inner}{exc.message}{hint}"})
    return problems
