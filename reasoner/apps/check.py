"""`reasoner check`: every problem in rule files and case files, with its location."""
from __future__ import annotations

from pathlib import Path

from ..core.errors import EvaluationError, ReasonerError
from ..language.checks import collect_problems
from ..language.readings import alternatives, select
from ..engine.rulebase import LAW_DIR, law_files, read_program
from ..law.index import default_index
from ..facts.case import load_case
from ..language.checks import check

FACTS_DIR = Path(__file__).parent.parent.parent / "facts"


def expand(paths):
    """The paths, a folder replaced by the rule and case files below it (sorted); ([files], [problems])."""
    out, problems = [], []
    for p in paths:
        if Path(p).is_dir():
            found = sorted(f for f in Path(p).rglob("*") if f.suffix in (".dl", ".yaml", ".yml") and f.is_file())
            if not found:
                problems.append({"location": str(p), "message": f"{p}: a folder with no .dl rule file or .yaml case file"})
            out += found
        else:
            out.append(p)
    return out, problems


def check_paths(paths):
    index = default_index()
    given = bool(paths)
    paths, folder_problems = expand(paths)
    rule_files = [Path(p) for p in paths if str(p).endswith(".dl")]
    case_files = [Path(p) for p in paths if str(p).endswith((".yaml", ".yml"))]
    others = [p for p in paths if not str(p).endswith((".dl", ".yaml", ".yml"))]
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
    if checked is not None:
        for f in case_files:
            try:
                load_case(f, checked)
            except EvaluationError:
                raise
            except ReasonerError as exc:
                problems.append({"location": exc.location, "message": str(exc)})
    return problems, {"rules": len(rule_files or law_files()), "cases": len(case_files)}
