"""Batch: answer one query for many cases on one compiled rulebase.

INPUT is a folder of case files (*.yaml, *.yml), a JSONL file (one case per line: a case-file
mapping plus "id"), or a CSV file (columns id, entity, type, then attribute columns; one row per
entity, rows with the same id form one case; an empty cell is unknown; an optional `description`
column describes the case). A bad case becomes a result with its id and an "error"; the run goes on.
No Click here: cli.py adds the progress bar and the output.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import json
import multiprocessing
import os
import signal
import stat
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextvars import ContextVar
from contextlib import contextmanager
from decimal import Decimal
from dataclasses import dataclass
from pathlib import Path

from ..answer import answering as decisions   # the decisions ask takes, looked up when made (one place)
from ..answer.answering import SPLIT_OFF, Answer, Binding, Question, check_query_argument
from ..core.settings import Settings, SettingsError, current, use
from ..core.deadline import time_limit
from ..core.errors import BatchInputError, CaseError, EvaluationError, ReasonerError
from ..facts.case import Case, load_case
from ..facts.yamlsafe import MAX_DEPTH
from ..core.gcpause import paused
from ..core.worker import die_with_parent
from ..facts.presume import applied, describe
from ..prose import prose_for
from ..law.queries import check_atom, pattern, resolve, variables
from ..engine.rulebase import program_rulebase
from ..render.jsonout import bindings_data
from ..answer.each import each_bindings
from ..core.values import MAX_DIGITS, parse_number
from ..core.visible import visible
from ..core.fileinput import CONTROL_HINT, DuplicateKey, control_character, json_depth, loads_exact, not_utf8
from ..facts.csvinput import read_records, check_header, csv_location, cell_text, presumed_text
from ..prose.answers import citations
from ..engine.exact.openvalues import wide_pattern, settle, widen
from ..engine.exact.probe import probe_many
from ..core.settings import exact_budget as budget
from ..engine.exact.split import split_many, exact_answer
from ..engine.rulebase import default_rulebase
from ..core.deadline import seconds_left as _seconds_left
from ..answer.applicability import NOT_APPLICABLE
from ..explain.builder import OFFENCES

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Sequence
    from concurrent.futures import Future
    from multiprocessing.context import BaseContext
    from ..answer.api import Rows
    from ..answer.answering import CaseSource
    from ..engine.batch import BatchProgram
    from ..facts.csvinput import CsvCase
    from ..engine.exact.probe import Probe
    from ..engine.rulebase import Rulebase
    from ..language.ast import Atom, Program
    from ..language.checks import CheckedProgram
    from ..law.queries import SavedQuery
    # the progress callback: called with how many more results are ready
    Progress = Callable[[int], object]

# one case's result, as `reasoner batch --format jsonl` writes it (id, answer, bindings, cited, ... or error)
Result = dict[str, Any]
# a goal of the batch pass: (predicate, pattern: a value or None at each position)
Goal = tuple[str, Any]
# the law a batch answers: (rulebase, checked atom, saved query or None)
Law = tuple["Rulebase", "Atom", "SavedQuery | None"]

SCHEMA_VERSION = 3  # 2: money in dollars with its type, `cited_as`; 3: answer "not_applicable" (render/jsonout.py)
MAX_LINE = 2 * 1024 * 1024


@dataclass
class Item:
    id: str
    source: CaseSource | Case | None = None       # a path, or a case mapping (or a case read already)
    error: str = ""             # set when the item could not even be read
    location: str = ""
    lines: dict[str, Any] | None = None   # CSV cases: entity id -> the CSV line it was read from ("": the file)
    hint: str = ""              # what to do about `error`


CASE_SUFFIXES = (".yaml", ".yml")    # in a folder, in any case: .YAML and .Yml are read too


def _named_as_case(f: Path) -> bool:
    return f.suffix.lower() in CASE_SUFFIXES


def read_items(path: str | os.PathLike[str], checked: CheckedProgram) -> list[Item]:
    """The items of INPUT (see the module doc). A folder: its *.yaml and *.yml files (any case of the
    suffix), never its subfolders (folder_skips says what was left)."""
    p = Path(path)
    if p.is_dir():
        named = sorted(f for f in p.iterdir() if _named_as_case(f))
        if not named:
            skipped = folder_skips(p)
            raise BatchInputError("the folder holds no case files (*.yaml, *.yml)" + (f"; {skipped}" if skipped else ""),
                                  location=str(p), hint="give a folder of YAML case files, a .jsonl or a .csv file")
        # a.yaml and a.YAML (or a.yml) would both be case "a": such cases are named with their suffix
        stems = [_file_id(f, p) for f in named]
        ids = [f.name if stems.count(stem) > 1 else stem for f, stem in zip(named, stems)]
        # an entry named like a case that is no regular file (a dangling link, a FIFO, a folder)
        # is reported as a case that could not be read -- it was skipped with 0 errors;
        # it is never opened (a FIFO would block)
        return [Item(cid, f) if not (why := _not_a_case_file(f)) else
                Item(cid, error=why, location=str(f), hint="give regular YAML files in the folder")
                for cid, f in zip(ids, named)]
    if not p.exists():
        raise BatchInputError("no such file or folder", location=str(p),
                              hint="give a folder of YAML case files, a .jsonl or a .csv file")
    suffix = p.suffix.lower()
    if suffix in (".jsonl", ".ndjson"):
        return _jsonl(p)
    if suffix == ".csv":
        return _csv(p, checked)
    raise BatchInputError(f"cannot read cases from a {suffix or 'suffix-less'} file", location=str(p),
                          hint="give a folder of YAML case files, a .jsonl or a .csv file")


def folder_skips(path: str | os.PathLike[str]) -> str:
    """What a folder INPUT holds that batch does not read, in one line ("" when nothing, or when
    INPUT is no folder): "skipped 2 subfolders and 1 file not ending in .yaml or .yml: a/, b/, x.txt"."""
    p = Path(path)
    if not p.is_dir():
        return ""
    try:
        left = sorted(f for f in p.iterdir() if not _named_as_case(f))
    except OSError:
        return ""
    folders = [f for f in left if f.is_dir()]
    files = [f for f in left if not f.is_dir()]
    if not left:
        return ""
    said = [f"{len(folders)} subfolder{'s' * (len(folders) != 1)}"] * bool(folders) \
        + [f"{len(files)} file{'s' * (len(files) != 1)} not ending in .yaml or .yml"] * bool(files)
    names = [visible(f.name, field=True) + "/" * f.is_dir() for f in folders + files]
    shown = ", ".join(names[:SKIPS_SHOWN]) + (f", ... ({len(names) - SKIPS_SHOWN} more)"
                                               if len(names) > SKIPS_SHOWN else "")
    return f"skipped {' and '.join(said)}: {shown}"


SKIPS_SHOWN = 5    # names in folder_skips's line


def _not_a_case_file(f: Path) -> str:
    """Why a folder entry named *.yaml is no case file ("" when it is a regular file)."""
    try:
        mode = f.stat().st_mode
    except OSError:
        return "a link to nothing (a dangling symbolic link)" if f.is_symlink() else "cannot be read"
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return "a folder, not a case file"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe), not a case file; it is not read"
    return "a special file, not a case file; it is not read"


def _file_id(f: Path, root: Path) -> str:
    return f.relative_to(root).with_suffix("").as_posix()


def _read_text(p: Path) -> str:
    try:
        return p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise BatchInputError(*not_utf8(p, "input"), hint="save the file as UTF-8") from None
    except OSError as exc:
        raise BatchInputError(f"cannot read: {exc.strerror or exc}", location=str(p)) from None


def _jsonl(p: Path) -> list[Item]:
    items: list[Item] = []
    ids: set[str] = set()
    # lines end at "\n" only: U+2028 and the like may stand inside a JSON string
    for n, line in enumerate(_read_text(p).split("\n"), 1):
        line = line[:-1] if line.endswith("\r") else line
        if not line.strip():
            continue
        where = f"{p}:{n}"
        if len(line) > MAX_LINE:
            items.append(Item(f"line {n}", error="line longer than 2 MB", location=where))
            continue
        try:
            obj = loads_exact(line)
            too_deep = json_depth(obj, MAX_DEPTH) > MAX_DEPTH
        except RecursionError:   # json's own recursion, for a line nested hundreds deep
            obj, too_deep = None, True
        except json.JSONDecodeError as exc:
            items.append(Item(f"line {n}", error=f"not valid JSON: {exc.msg} (column {exc.colno})",
                              location=where))
            continue
        except DuplicateKey as exc:   # json.loads kept the last value silently
            items.append(Item(f"line {n}", error=str(exc), location=where))
            continue
        if too_deep:
            items.append(Item(f"line {n}", error=f"nesting deeper than {MAX_DEPTH} levels", location=where,
                              hint="a case is entities with attributes: a few levels"))
            continue
        if not isinstance(obj, dict):
            items.append(Item(f"line {n}", error="each line must be a JSON object with an \"id\"", location=where))
            continue
        bad = _control_in(obj)
        if bad:
            items.append(Item(f"line {n}", error=f"{bad} in a string", location=where, hint=CONTROL_HINT))
            continue
        if "id" in obj and (isinstance(obj["id"], bool) or not isinstance(obj["id"], (str, int, Decimal))):
            # null, true, a list or an object: written as Python would (None, ['a']) it named no case
            items.append(Item(f"line {n}", error=f"the \"id\" is {_json_kind(obj['id'])}, not a string or a number",
                              location=where, hint='give each case an id such as "case-1" or 17'))
            continue
        if "id" not in obj or not str(obj["id"]).strip():
            items.append(Item(f"line {n}", error="the case has no \"id\"", location=where))
            continue
        cid = str(obj["id"])
        if cid in ids:
            items.append(Item(cid, error=f"duplicate id {cid!r}", location=where))
            continue
        ids.add(cid)
        items.append(Item(cid, {k: v for k, v in obj.items() if k != "id"}, location=where))
    return items


def _json_kind(value: object) -> str:
    """What a parsed JSON value is, in words: 'null', 'true', 'a list', 'an object'."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return "a list" if isinstance(value, list) else "an object"


def _control_in(obj: object) -> str | None:
    """The first control character in a key or string of parsed JSON (core/fileinput.py), or None."""
    todo: list[object] = [obj]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            todo.extend(value.keys())
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
        elif isinstance(value, str):
            bad = control_character(value)
            if bad:
                return bad
    return None



def _csv(p: Path, checked: CheckedProgram) -> list[Item]:
    text = _read_text(p)
    columns, records = read_records(text, str(p))   # real CSV line numbers; ragged rows flagged
    missing = [c for c in ("id", "entity", "type") if c not in columns]
    if missing:
        raise BatchInputError(f"the CSV file lacks the column(s) {', '.join(missing)}", location=f"{p}:1",
                              hint="columns: id, entity, type, then one column per attribute")
    check_header(columns, checked.program, f"{p}:1")   # a misspelled column: once, at line 1
    prog = checked.program
    cases: dict[str, dict[str, Any]] = {}
    bad: dict[str, tuple[str, ...]] = {}
    lines: dict[str, dict[str, Any]] = {}
    for n, row, problem in records:
        cid = (row.get("id") or "").strip()
        if not cid:
            bad.setdefault(f"row {n}", ("the row has no id", f"{p}:{n}"))
            continue
        case = cases.setdefault(cid, {"entities": {}})
        if problem:
            bad.setdefault(cid, (problem, f"{p}:{n}"))
            continue
        if row.get("description"):
            case["description"] = row["description"].strip()
        eid = (row.get("entity") or "").strip()
        kind = (row.get("type") or "").strip()
        if not eid or not kind:
            bad.setdefault(cid, (f"row {n} needs an entity and a type", f"{p}:{n}"))
            continue
        entity: dict[str, object] = {"type": kind}
        for col, cell in row.items():
            if col in ("id", "entity", "type", "description") or col is None:
                continue
            cell = (cell or "").strip()
            if cell == "":
                continue
            try:
                entity[col] = _cell_value(prog, kind, col, cell)
            except CaseError as exc:
                bad.setdefault(cid, (f"{col}: {exc.message}", f"{p}:{n}", exc.hint or ""))
        if eid in case["entities"]:
            bad.setdefault(cid, (f"entity {eid} appears twice", f"{p}:{n}"))
        case["entities"][eid] = entity
        lines.setdefault(cid, {}).setdefault(eid, n)
    items = [Item(cid, error=bad[cid][0], location=bad[cid][1], hint=(bad[cid][2:] or ("",))[0]) if cid in bad
             else Item(cid, case, location=f"{p}:{min(lines[cid].values())}", lines={**lines[cid], "": str(p)})
             for cid, case in cases.items()]
    items += [Item(k, error=v[0], location=v[1], hint=(v[2:] or ("",))[0]) for k, v in bad.items() if k not in cases]
    return items


def _cell_value(prog: Program, kind: str, attr: str, cell: str) -> object:
    """A CSV cell as the YAML value the case loader expects for this attribute."""
    decl = None
    for arity in (1, 2):
        d = prog.preds.get((attr, arity))
        if d is not None and d.is_input and d.params and d.params[0].type == kind:
            decl = d
    if decl is None:
        return cell  # the case loader reports the unknown attribute with a suggestion
    if decl.arity == 1:
        low = cell.lower()
        if low in ("true", "yes", "y", "1"):
            return True
        if low in ("false", "no", "n", "0"):
            return False
        if low == "unknown":
            return "unknown"
        raise CaseError(f"expected true or false, got {cell!r}")
    if decl.params[1].type == "number":
        if cell.lower() == "unknown":
            return "unknown"
        try:
            value = parse_number(cell)
        except (ValueError, ArithmeticError) as exc:
            raise CaseError(f"expected a number, got {cell!r}", hint=getattr(exc, "hint", None)) from None
        return value  # int or Fraction: exact (the case reader writes a Fraction as its decimal text)
    return cell


def run_item(rb: Rulebase, atom: Atom, saved: SavedQuery | None, item: Item, debug: bool = False,
             seconds: float | None = None) -> Result:
    """One case's result, answered as `ask` answers it under the settings in force (their engine:
    core/settings.py), without the interpretation record (a row reports none)."""
    if item.error:
        return _unreadable(item)
    try:
        loaded = item_case(rb, item)
        with time_limit(seconds, f"answering case {item.id}"):
            # a row's facts: ask about the case (no readings check: a row reports no interpretation)
            ans = Question.about(rb, loaded, atom, saved).answer(interpretation=False, rows=False)
    except ReasonerError as exc:
        if debug:
            raise
        return _error(item, exc)
    except Exception as exc:  # noqa: BLE001 - one bad case must not stop the run
        if debug:
            raise
        return {"schema": SCHEMA_VERSION, "id": item.id, "error": f"internal error: {type(exc).__name__}: {exc}",
                "location": item.location}
    if ans.answer == NOT_APPLICABLE:
        return _answered(item, ans.answer, [], types=ans.types, exact=True, not_applicable=ans.not_applicable)
    cited, cited_as = citations(ans)
    extra = {} if ans.exact else {"exact_reason": ans.exact_reason}
    verdict, rows = each_bindings(rb.checked, loaded, atom, saved, ans.answer, ans.bindings)   # one row per entity
    return _answered(item, verdict, rows, types=ans.types, cited=cited, cited_as=cited_as,
                     missing=list(ans.missing), presumed=_in_words(ans.presumed, loaded, rb.checked),
                     exact=ans.exact, offenders=offenders(ans), **extra, **_otherwise(ans))



def _otherwise(ans: Answer) -> dict[str, Any]:
    """{"otherwise": [...]}: each subject a saved question with `otherwise:` says "no" for and the law
    reaches instead, as `ask --format json` gives it (render/jsonout.py otherwise_data); {} when none."""
    from ..render.jsonout import otherwise_data
    said: list[dict[str, Any]] = otherwise_data(ans)
    return {"otherwise": said} if said else {}


def offenders(ans: Answer) -> list[dict[str, Any]]:
    """Who committed each violation the answer's proof shows (render/jsonout.py's `offenders`)."""
    from ..render.jsonout import offenders as of_proof
    said: list[dict[str, Any]] = of_proof(ans)
    return said


def _in_words(presumed: list[dict[str, str]], case: Case, checked: CheckedProgram) -> list[dict[str, str]]:
    """The presumptions with their sentences ({"fact": "not public_utility_function(op1)", ...,
    "sentence": "it is not the case that op1 was carried out to fulfil the corporate function of a
    public utility"}): what a researcher reads in the CSV's and the text table's presumed column."""
    if not presumed:
        return presumed
    prose = prose_for(checked.program, getattr(case, "names", None))
    wanted = {p["fact"] for p in presumed}
    said: dict[str, str] = {}
    for (pred, args), pr in case.presumed.items():
        decl = checked.program.preds.get((pred, len(args)))
        types = [x.type for x in decl.params] if decl is not None else None
        fact = describe(pr, args, types)
        if fact not in wanted:      # phrase only what the answer relies on (a case presumes ~100 facts)
            continue
        sentence = prose.positive(pred, args)
        if sentence is None:
            continue
        holds = pr.arity == 2 or bool(pr.value)
        said[fact] = str(sentence) if holds else sentence.negative
    return [{**p, "sentence": said.get(p["fact"], "")} for p in presumed]


# cases answered together: their three-valued pass runs 1,000 at a time (engine/batch.py CHUNK), the
# exact answers of the goals it leaves open all together (their completions and splits are the
# worlds of one evaluation, engine/worlds.py, whose rounds cost the same for few goals as for many:
# on 8,000 generated cases 1,000 a chunk took 8.6 s, 4,000 6.6-7.2 s, 8,000 6.6 s)
EXACT_CHUNK = 4000


def run_verdicts(rb: Rulebase, atom: Atom, items: Sequence[Item], debug: bool = False, chunk: int = EXACT_CHUNK,
                 seconds: float | None = None, saved: SavedQuery | None = None,
                 cases: Sequence[Case | None] | None = None) -> Iterator[Result]:
    """Results like run_item's without `cited` and `missing` (no proofs): the cases are answered
    `chunk` at a time on the batch engine (engine/batch.py, checked against pyDatalog in the tests
    and the benchmark). Yields one result per item, in order. cases: the items' cases already
    loaded (a list aligned with items; an entry None is loaded here), so that several runs over
    the same items read them once (apps/compare.py)."""
    program = rb.batch_program([atom.key])
    off = _offender_goal(rb, atom, program)
    if off is not None:   # who committed each violation: the offender rows evaluated beside the goal
        program = rb.batch_program([atom.key, (off[0], len(off[1]))])
    goal = (atom.pred, tuple(pattern(atom)))
    wide = (atom.pred, wide_pattern(goal[1])) if wide_pattern(goal[1]) else None   # UNKNOWN rows
    goal_list = [goal] + ([wide] if wide else []) + ([off] if off else [])
    for start in range(0, len(items), chunk):
        # the collector is off while a chunk is answered: its relations and completions are millions
        # of small tuples without cycles, and each pass over them was ~1/6 of the time; they are
        # freed before it is back on, so its first pass sees only the chunk's results
        with paused():
            results = _chunk(rb, atom, items[start:start + chunk], program, goal, wide, debug, seconds, saved,
                             cases[start:start + chunk] if cases is not None else None, goal_list, off)
        yield from results


def _offender_goal(rb: Rulebase, atom: Atom, program: BatchProgram) -> tuple[str, tuple[None, ...]] | None:
    """The offender rows' pattern, offender_role(O, P, X, R), for a question about violations (its
    rules read violation/2 or person_violation/2: lawful, violations), so that a verdict names who
    committed each violation as ask's proof does; None for any other question."""
    key = ("offender_role", 4)
    if key not in rb.checked.program.preds or atom.key == key:
        return None
    if not any(k in program.order or k == atom.key for k in (("violation", 2), ("person_violation", 2))):
        return None
    return ("offender_role", (None, None, None, None))


def _verdict_offenders(rows: Iterable[tuple[object, ...]], case: Case, atom: Atom,
                       rb: Rulebase, bindings: Sequence[Binding] = ()) -> list[dict[str, str]]:
    """Who committed each violation a verdict rests on, as the proof's `offenders` say it (render/
    jsonout.py): the certain offender rows of the violations the question's true rows are
    (violation(O, P) in O, person_violation(X, P) by X: explain/builder.py OFFENCES; the loud
    vintage sled's seller, in the snowmobile, for person_violation(P, C)) or rest on (the violations
    its rules read, on the row's values: par. (a) and par. (b) of both_paragraphs_violated(P, O));
    for a question that reads violations otherwise (lawful(O): none of them), the certain offender
    rows in the entities of its subject kind (the operations of lawful(O)), or in the one it names."""
    rows = list(rows)
    grounds = _offences_of(rb, atom, bindings)
    if grounds is not None:
        # a rule's violations where each has its offender row (a rule a true row holds by; the rows
        # stand for the violations, which the batch pass does not read beside the goal)
        held = [o for ground in grounds if all(any(_offence_row(r, o) for r in rows) for o in ground)
                for o in ground]
        rows = [r for r in rows if any(_offence_row(r, o) for o in held)]
        named = kind = None
    else:
        decl = rb.checked.program.preds.get(atom.key)
        first = atom.args[0] if atom.args else None
        named = str(first.value) if first is not None and hasattr(first, "value") else None
        kind = decl.params[0].type if decl is not None and decl.params else None
    phrases = rb.checked.program.preds[("offender_role", 4)].params[3].phrases or {}
    names = getattr(case, "names", None) or {}
    out: list[dict[str, str]] = []
    for o, p, x, r in sorted(rows, key=str):
        if named is not None and str(o) != named:
            continue
        if named is None and kind is not None and case.entities.get(str(o)) != kind:
            continue
        out.append({"in": str(o), "provision": str(p), "offender": str(x),
                    "role": phrases.get(str(r), str(r).replace("_", " ")),
                    "offender_name": names.get(str(x), str(x)), "in_name": names.get(str(o), str(o))})
    return out


# an offence a verdict's row is or rests on: (how its relation places it, "in" or "by"; its first
# argument, the provision), None where a rule leaves one open
Offence = tuple[str, object, object]


def _offence_row(row: tuple[object, ...], offence: Offence) -> bool:
    """Whether the offender row (O, P, X, R) is of the offence: in O or by X, under provision P."""
    where, first, provision = offence
    at = row[0] if where == "in" else row[2]
    return (first is None or str(at) == str(first)) and (provision is None or str(row[1]) == str(provision))


def _offences_of(rb: Rulebase, atom: Atom, bindings: Sequence[Binding]) -> list[list[Offence]] | None:
    """The offences the question's true rows are or rest on, one list per way (a row, a rule's body
    on a row), read from the rows and the law's rules (no proof): a row of violation/person_violation
    is one; a row of a relation whose rules read them positively rests on those of a rule, on the
    row's values (one level: what the proof of the row shows as its violations). None for a
    question whose rules read none positively (lawful reads violation under `not`): its offenders
    are found by its subject kind."""
    from ..answer.openrows import row_args
    from ..language.ast import Const, Positive, Var
    true = [row_args(atom, b) for b in bindings if b.get("answer") == "true"]
    where = OFFENCES.get(atom.pred)
    if where is not None and len(atom.args) == 2:
        return [[(where, r[0], r[1])] for r in true]
    rules = [rule for rule in rb.checked.derived.get(atom.key, ())
             if any(isinstance(lit, Positive) and lit.atom.pred in OFFENCES and len(lit.atom.args) == 2
                    for lit in rule.body)]
    if not rules:
        return None
    def value(a: object, env: dict[str, object]) -> object:
        if isinstance(a, Const):
            return a.value
        return env.get(a.name) if isinstance(a, Var) and not a.anonymous else None

    out: list[list[Offence]] = []
    for r in true:
        for rule in rules:
            if any(isinstance(a, Const) and str(a.value) != str(v) for a, v in zip(rule.head.args, r)):
                continue
            env = {a.name: v for a, v in zip(rule.head.args, r) if isinstance(a, Var) and not a.anonymous}
            out.append([(OFFENCES[lit.atom.pred], value(lit.atom.args[0], env), value(lit.atom.args[1], env))
                        for lit in rule.body
                        if isinstance(lit, Positive) and lit.atom.pred in OFFENCES and len(lit.atom.args) == 2])
    return out


def _chunk(rb: Rulebase, atom: Atom, part: Sequence[Item], program: BatchProgram, goal: Goal,
           wide: Goal | None, debug: bool, seconds: float | None,
           saved: SavedQuery | None = None, cases: Sequence[Case | None] | None = None,
           goal_list: list[Goal] | None = None,
           off: tuple[str, tuple[None, ...]] | None = None) -> list[Result]:
    """run_verdicts's results for one chunk of items (`wide`: the goal with its constants open, when
    the query has constants: engine/exact/openvalues.py; `off`: the offender rows' pattern)."""
    goal_list = goal_list or [goal] + ([wide] if wide else [])
    types = query_types(rb, atom)
    results: list[Any] = [None] * len(part)   # each filled in below: one Result per item
    loaded: list[tuple[int, Case]] = []
    slowest = 0.0   # the longest a case took to read: its limit covers its reading and the chunk's pass
    for i, item in enumerate(part):
        if item.error:
            results[i] = _unreadable(item)
            continue
        _at(i)
        try:
            began = time.monotonic()
            given = cases[i] if cases is not None else None
            if given is not None:
                case = given
            else:
                # reading a case is inside its limit, as in ask (a JSONL line of 5,000 operations
                # and 5,000 persons took 8 s to read, outside --timeout 10: the batch took 18.8 s)
                with time_limit(seconds, f"reading case {item.id}"):
                    case = item_case(rb, item)
            slowest = max(slowest, time.monotonic() - began)
            reason = decisions.precheck(rb, case, atom, saved)   # a mistyped id: an error, never FALSE
            if reason:   # no entity of the question's subject kind: not evaluated
                results[i] = _answered(item, NOT_APPLICABLE, [], exact=True, not_applicable=reason)
                continue
            loaded.append((i, case))
        except ReasonerError as exc:
            if debug:
                raise
            results[i] = _error(item, exc)
    _at(-1)
    try:
        # the chunk gets one question's limit (its cases take ~0.4 ms each); if it runs out, or
        # outgrows the row budget, each case is answered alone under its own limit
        with time_limit(seconds, f"answering cases {part[0].id} to {part[-1].id}",
                        started=time.monotonic() - slowest):
            found = program.verdicts([case.rows for _, case in loaded], goal_list,
                                     max_rows=current().rows)
    except EvaluationError as exc:
        if debug or len(loaded) < 2:
            if debug:
                raise
            found = [exc]
        else:
            found = []
            for i, case in loaded:
                _at(i)
                try:
                    with time_limit(seconds, f"answering case {part[i].id}"):
                        found.extend(program.verdicts([case.rows], goal_list, chunk=None,
                                                      max_rows=current().rows))
                except EvaluationError as one:
                    found.append(one)
    _at(-1)
    probes = _probes(rb, atom, loaded, found, goal, seconds, part, debug)
    for (i, case), v in zip(loaded, found):
        _at(i)
        if isinstance(v, EvaluationError):
            if debug:
                raise v
            results[i] = _error(part[i], v)
            continue
        # a constant against an unknown value: possible, never FALSE (engine/exact/openvalues.py)
        certain, possible, opened = widen(goal[1], *v[goal], *v[wide]) if wide else (*v[goal], None)
        widened = wide is not None and opened != goal[1]
        answer, bindings = decisions.verdict(atom, certain, possible)
        extra: dict[str, object] = {"exact": True}
        if not widened and not current().exact and decisions.left_open(bindings):
            extra = {"exact": False, "exact_reason": SPLIT_OFF}   # not split: never claimed exact
        if widened or (current().exact and decisions.left_open(bindings)):
            # only the cases the three-valued pass leaves open are split (engine/exact/split.py)
            try:
                with time_limit(seconds, f"answering case {part[i].id}"):
                    if widened:   # the split of the open pattern, as ask does
                        answer, bindings, ok, why = settle(rb, case, atom, goal[1], opened, answer, bindings,
                                                                    exact=current().exact, budget=budget(),
                                                                    max_rows=current().rows)
                        extra = {"exact": True} if ok else {"exact": False, "exact_reason": why}
                    else:
                        answer, bindings, extra = _exact_verdict(rb, case, atom, answer, bindings,
                                                                 probes.get(i))
                        # a party the split tried for an unknown reference: the unnamed party, as in
                        # ask's rows (the decision written once, answering.py unnamed_rows)
                        bindings = decisions.unnamed_rows(rb, case, atom, bindings, (*certain, *possible))
            except EvaluationError as exc:
                if debug:
                    raise
                results[i] = _error(part[i], exc)
                continue
        # no proof here: the presumptions filled into the case that the question's rules read
        said = _verdict_offenders(v[off][0], case, atom, rb, bindings) if off is not None else []
        if said:   # as the proof's rows: only where a violation is established
            extra["offenders"] = said
        answer, bindings = each_bindings(rb.checked, case, atom, saved, answer, bindings)   # one row per entity
        results[i] = _answered(part[i], answer, bindings, types=types,
                               presumed=_in_words(applied(case, rb.checked, program.base_used), case,
                                                  rb.checked), **extra)
    return results


def _probes(rb: Rulebase, atom: Atom, loaded: list[tuple[int, Case]], found: Sequence[Any],
            goal: Goal, seconds: float | None, part: Sequence[Item],
            debug: bool) -> dict[int, Probe]:
    """{item position: Probe} for the chunk's cases the three-valued pass leaves open: a few
    completions of each, evaluated together (engine/exact/probe.py); {} when they cannot be had."""
    if not current().exact:
        return {}
    jobs: list[tuple[int, Case, Any]] = []
    for (i, case), v in zip(loaded, found):
        if isinstance(v, EvaluationError):
            continue
        if decisions.left_open(decisions.verdict(atom, *v[goal])[1]):
            jobs.append((i, case, v[goal]))
    if not jobs:
        return {}
    try:
        with time_limit(seconds, f"answering cases {part[0].id} to {part[-1].id}"):
            found = probe_many(rb, atom, pattern(atom), [(case, root) for _, case, root in jobs],
                               budget=budget(), max_rows=current().rows)
    except EvaluationError:
        if debug:
            raise
        return {}   # each open case is then split alone, under its own limit
    out = {i: p for (i, _, _), p in zip(jobs, found)}
    # the splits of the goals the completions leave unsettled, side by side (engine/exact/split.py)
    # an open probe with Probe.cone: split through the goal's own rules alone (unknowns.cone_helps)
    rest = [(i, case) for i, case, _ in jobs if (not out[i].open or out[i].cone) and out[i].settled is None]
    if rest:
        _at(-1)     # a limit of its own, after the probes' (the watch allows one limit per stamp)
        try:
            with time_limit(seconds, f"answering cases {part[0].id} to {part[-1].id}"):
                exacts = split_many(rb, atom, pattern(atom), [case for _, case in rest], budget=budget(),
                                    seconds_left=_seconds_left(), max_rows=current().rows,
                                    cone=[out[i].cone for i, _ in rest])
        except EvaluationError:
            if debug:
                raise
            exacts = None   # each is then split alone, under its own limit
        if exacts is not None:
            for (i, _), ex in zip(rest, exacts):
                out[i].split = ex
    return out


def _exact_verdict(rb: Rulebase, case: Case, atom: Atom, answer: str, bindings: list[Binding],
                   probe: Probe | None = None) -> tuple[str, list[Binding], dict[str, object]]:
    """The exact answer of one case the batch pass left open (the Kleene one past the budget).
    With the case's completions (`probe`, engine/exact/probe.py) evaluated: a completion left open
    means the split cannot finish (the Kleene answer, at once); completions that settle the
    answer give it without a split; else the split, as `ask` does it."""
    if probe is not None and probe.open:
        if probe.cone and probe.split is not None:
            if probe.split.exact:
                return probe.split.answer, probe.split.bindings, {"exact": True}
            # the input refused can be split through the goal's own rules: when that split ran past
            # the budget or the time, that is why it did not finish
            why = probe.split.reason if probe.split.exhausted else probe.why
            return answer, bindings, {"exact": False, "exact_reason": why or OPEN_REASON}
        return answer, bindings, {"exact": False, "exact_reason": probe.why or OPEN_REASON}
    if probe is not None and probe.settled is not None:
        return probe.settled[0], probe.settled[1], {"exact": True}
    ex = probe.split if probe is not None else None
    if ex is None:
        ex = exact_answer(rb, case, atom, pattern(atom), order=(), budget=budget(), seconds_left=_seconds_left(),
                          settle=probe is None, max_rows=current().rows)
    if ex.exact:
        return ex.answer, ex.bindings, {"exact": True}
    return answer, bindings, {"exact": False, "exact_reason": ex.reason}


OPEN_REASON = "a completion of the unknown inputs the split can take apart leaves it open"


def item_case(rb: Rulebase, item: Item) -> Case:
    if isinstance(item.source, Case):   # a case the caller read already (reasoner.Case): not read again
        return item.source
    source = cast("CaseSource", item.source)   # an item without an error has its source
    return load_case(source, rb.checked, None if isinstance(item.source, Path) else item.id,
                     strict=current().strict)


def query_types(rb: Rulebase, atom: Atom) -> dict[str, str]:
    """Query variable -> declared type (money bindings are written in dollars)."""
    decl = rb.checked.program.preds.get(atom.key)
    return {name: decl.params[i].type for i, name in variables(atom)} if decl else {}


def _answered(item: Item, answer: str, bindings: list[Binding], types: dict[str, str] | None = None,
              **extra: Any) -> Result:
    out = {"schema": SCHEMA_VERSION, "id": item.id, "answer": answer, **extra}
    out["bindings"] = bindings_data(bindings, types or {})
    return out


def _unreadable(item: Item) -> Result:
    return {"schema": SCHEMA_VERSION, "id": item.id, "error": item.error, "location": item.location,
            **({"hint": item.hint} if item.hint else {})}


def _error(item: Item, exc: ReasonerError) -> Result:
    location = exc.location or item.location
    if item.lines:
        location = csv_location(cast("CsvCase", item), location)   # a CSV case: its lines

    elif isinstance(item.source, dict) and item.location and str(location).startswith(f"{item.id}:"):
        location = item.location   # a JSONL case: its file:line, not a line of the internal YAML (bad:5)
    return {"schema": SCHEMA_VERSION, "id": item.id, "error": exc.message,
            "location": location, **({"hint": exc.hint} if exc.hint else {})}


def summary(results: Iterable[Result]) -> dict[str, int]:
    counts = {"true": 0, "false": 0, "undetermined": 0, "not_applicable": 0, "error": 0}
    for r in results:
        counts["error" if "error" in r else r["answer"]] += 1
    return counts


# -- every core: `batch --jobs N` ----------------------------------------------------
# The cases are cut into parts and answered by worker processes (concurrent.futures'
# ProcessPoolExecutor), each part with the same functions as one process uses (run_verdicts,
# run_item), so a case's result does not depend on the part it is in; the parts come back in input
# order. A worker holds the law and the question once: on Linux the workers are forked from the
# process that has loaded it from the law cache (core/cache.py) and answered the first case
# (so every engine is compiled once, before the fork); elsewhere each loads it from the cache.

@dataclass(frozen=True)
class BatchQuery:
    """What every worker answers, in a form a worker that does not share this process's memory
    (the spawn start method) can build its law from: the query (an atom or a saved query's name)
    on the bundled law (rules == ()) or on the program in `rules`, under the law's selection of
    readings (`phrase.reading`, docs/READINGS.md). A worker never builds the law without them."""
    query: str
    rules: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()

    @classmethod
    def of(cls, query: str, rules: Iterable[object] | None = (), readings: Iterable[str] | None = ()) -> "BatchQuery":
        return cls(query, tuple(str(r) for r in rules or ()), tuple(readings or ()))

    @classmethod
    def of_law(cls, query: str, rb: Rulebase, rules: Iterable[object] = ()) -> "BatchQuery":
        """The query on the loaded law `rb` (the bundled law, or the program in `rules`): its readings
        are the law's own."""
        return cls.of(query, rules, rb.readings)

    def law(self) -> Law:
        """(rulebase, checked atom, saved query or None): the law from its cache, under the readings."""
        rb = program_rulebase(list(self.rules), (), self.readings) if self.rules else default_rulebase(self.readings)
        atom, saved = resolve(self.query)
        return rb, check_atom(atom, rb.checked), saved


def default_jobs() -> int:
    """The cores this process may run on: os.process_cpu_count() (Python 3.13), else its CPU
    affinity where the system has one, else the machine's cores."""
    counted = getattr(os, "process_cpu_count", None)
    if counted is not None:
        return max(1, counted() or 1)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def capped_jobs(jobs: int | None) -> int:
    """The worker processes a batch runs: `jobs` (None: default_jobs()), at most default_jobs() --
    more processes than cores answer no faster and each holds the law (150 workers on 2 cores
    held 1.8 GB)."""
    usable = default_jobs()
    return usable if jobs is None else max(1, min(int(jobs), usable))


# Below these many cases a batch's default is one process: forking the workers, sending them their
# parts and gathering the results costs more than the second core saves (bench/results.md, "batch
# --jobs", 2 cores at load average 2 to 6: with --verdicts-only two workers were 0.91x, 1.16x and
# 1.03x of one process at 100 cases, 0.58x and 0.92x at 300, 1.22x at 500; with proofs 0.56x to
# 1.21x at 100 cases, 0.89x the median of three).
SMALL_BATCH = 500        # cases, with --verdicts-only (a few ms a case)
SMALL_PROOF_BATCH = 200  # cases answered with their proofs (tens of ms to seconds a case)


@dataclass(frozen=True)
class JobsChoice:
    """The worker processes a batch runs when --jobs is not given, and why (said in the summary)."""
    jobs: int
    reason: str            # "small", "busy", "cores", "one core" or "debug"
    usable: int            # the cores this process may use
    load: float = 0.0      # the machine's load average over the last minute
    cases: int = 0
    small: int = 0         # the threshold it was compared with


def load_average() -> float | None:
    """The machine's load average over the last minute (None where the system has none)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None


def choose_jobs(cases: int, verdicts_only: bool, debug: bool = False, usable: int | None = None,
                load: float | None = None) -> JobsChoice:
    """The default of --jobs: one process for a small batch (fewer than SMALL_BATCH cases, or
    SMALL_PROOF_BATCH with proofs) or under --debug; else one worker for each usable core the
    machine's load leaves free (usable cores minus the load average, rounded; at least one, so a
    busy machine gets one process: two workers on two busy cores were 0.47-0.96x of one process)."""
    usable = default_jobs() if usable is None else usable
    small = SMALL_BATCH if verdicts_only else SMALL_PROOF_BATCH
    if debug:
        return JobsChoice(1, "debug", usable, 0.0, cases, small)
    if usable <= 1:
        return JobsChoice(1, "one core", usable, 0.0, cases, small)
    if cases < small:
        return JobsChoice(1, "small", usable, 0.0, cases, small)
    load = load_average() if load is None else load
    if load is None:
        return JobsChoice(usable, "cores", usable, 0.0, cases, small)
    free = max(1, min(usable, int(usable - load + 0.5)))
    return JobsChoice(free, "cores" if free == usable else "busy", usable, load, cases, small)


def answer_items(q: BatchQuery | None, items: Iterable[Item], verdicts_only: bool = False, jobs: int | None = None,
                 debug: bool = False, seconds: float | None = None,
                 progress: Progress | None = None, law: Law | None = None) -> Iterator[Result]:
    """Yields the result of every item, in input order: run_verdicts's (verdicts_only) or
    run_item's, by `jobs` processes (None: choose_jobs's choice; at most default_jobs(), see capped_jobs; 1: this
    process alone; --debug answers
    in this process, so that a traceback is whole). progress(n), if given, is called as n more
    results are ready, in whatever order the workers finish them. `q`: what a worker that does not
    share this process's memory builds its law from; None: only `law` answers (a law given to
    reasoner.batch that is neither the bundled law nor a --rules program), so the workers are forked
    with it, and without fork this process answers alone. A part whose worker fails is
    answered again here (a case that fails is a result of its own: the others are kept). Ctrl-C
    (KeyboardInterrupt) or SIGTERM (SystemExit 143) stops every worker before it propagates."""
    items = list(items)
    jobs = capped_jobs(jobs) if jobs is not None else choose_jobs(len(items), verdicts_only, debug).jobs
    if law is None:
        if q is None:
            raise ValueError("answer_items needs the law or a BatchQuery to build it from")
        law = q.law()
    if debug or jobs == 1 or len(items) < 2:
        for r in _answer_part(law, items, verdicts_only, debug, seconds):
            if progress is not None:
                progress(1)
            yield r
        return
    yield from _parallel(q, law, items, verdicts_only, min(jobs, len(items) - 1), seconds, progress)


PROOF_PART = 100     # cases per part when each case gets its proof (a few ms to a few s a case)


def parts_of(n: int, jobs: int, verdicts_only: bool) -> list[tuple[int, int]]:
    """(start, end) of the parts n items are cut into: every worker gets as many parts, each at most
    EXACT_CHUNK cases for verdicts (run_verdicts's own chunk: the exact part answers a chunk's open
    goals together, and bigger chunks are cheaper per goal) or PROOF_PART for proofs (small, so that
    a slow case delays few results)."""
    most = EXACT_CHUNK if verdicts_only else PROOF_PART
    count = jobs * -(-n // (jobs * most))     # a multiple of jobs, each part at most `most`
    size = -(-n // count)
    return [(start, min(start + size, n)) for start in range(0, n, size)]


def _answer_part(law: Law, items: Sequence[Item], verdicts_only: bool, debug: bool,
                 seconds: float | None) -> list[Result]:
    rb, atom, saved = law
    if verdicts_only:
        return list(run_verdicts(rb, atom, items, debug, chunk=max(len(items), 1), seconds=seconds, saved=saved)) \
            if len(items) <= EXACT_CHUNK else list(run_verdicts(rb, atom, items, debug, seconds=seconds, saved=saved))
    out: list[Result] = []
    for i, item in enumerate(items):
        _at(i)
        out.append(run_item(rb, atom, saved, item, debug, seconds))
    return out


# in a worker process only: the (rulebase, atom, saved) it answers, set once by its initializer
_WORKER_LAW: ContextVar[Law | None] = ContextVar("reasoner_batch_worker_law", default=None)
# in a worker process only: (the shared stamps, the part it answers now), see _at
_WORKER_STAMP: ContextVar[tuple[Any, int | None] | None] = ContextVar("reasoner_batch_worker_stamp", default=None)

# The parent's watch over its workers: every part has three numbers in memory the workers share
# (stamps[3k:3k+3]: the pid of the worker answering part k, 0 before one does; the case of the part
# it is on, -1 for the whole chunk's pass of --verdicts-only; time.monotonic() when it began it).
# A worker that has been on one case longer than hung_after(limit) -- it was stopped (SIGSTOP), or
# it hangs where the engines do not check their time limit -- is ended by the parent; that case is
# reported as over its time limit and the rest of its part answered again.
WATCH_EVERY = 0.25     # seconds between two looks at the stamps


def hung_after(seconds: float) -> float:
    """How long a worker may stay on one case before the parent ends it: twice the case's limit and
    a second (its reading and what follows the limited part are not all inside the limit)."""
    return 2 * seconds + 1.0


def _start_worker(q: BatchQuery | None, law: Law | None, parent: int | None = None, stamps: Any = None) -> None:
    """In a worker: Ctrl-C at a terminal reaches every process of the group; the parent alone
    handles it (it stops the workers), so a worker ignores it. `law`: the parent's loaded law (a
    forked worker shares it), or None: loaded from the cache. The worker ends with its parent
    (`parent`, its pid: core/worker.py die_with_parent), even when the parent is killed with
    SIGKILL; `stamps`: see WATCH_EVERY."""
    if law is None and q is None:   # never the default law in place of the one asked about
        raise ValueError("a worker needs the parent's law or a BatchQuery to build it from")
    if parent is not None:
        die_with_parent(parent)
    _WORKER_STAMP.set((stamps, None))
    if law is None and q is not None:
        law = q.law()     # the law under the parent's readings (BatchQuery)
    _WORKER_LAW.set(law)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _work(items: Sequence[Item], settings: Settings, verdicts_only: bool, seconds: float | None,
          part: int | None = None) -> list[Result]:
    """A worker's part (`part`: its number among the parts), under the parent's settings
    (core/settings.py): the results of its items, in order (a bad case is a result, never lost)."""
    stamps = (_WORKER_STAMP.get() or (None, None))[0]
    token = _WORKER_STAMP.set((stamps, part))
    if stamps is not None and part is not None:
        stamps[3 * part + 2] = time.monotonic()
        stamps[3 * part + 1] = 0
        stamps[3 * part] = os.getpid()
    try:
        with use(settings):
            law = cast("Law", _WORKER_LAW.get())   # set by _start_worker, in every worker
            return _answer_part(law, items, verdicts_only, False, seconds)
    finally:
        _WORKER_STAMP.reset(token)


def _at(i: int) -> None:
    """In a worker: it now answers case i of its part (-1: the part's chunk pass); elsewhere nothing.
    The time first: the parent never reads a new case with the old case's time."""
    stamp = _WORKER_STAMP.get()
    if stamp is None:
        return
    stamps, part = stamp
    if stamps is None or part is None:
        return
    stamps[3 * part + 2] = time.monotonic()
    stamps[3 * part + 1] = i


def _context(method: str | None = None) -> BaseContext:
    """How the workers start: `method` (the settings' start_method, core/settings.py) when given,
    else fork where the system has it (the workers start with the law already loaded), else spawn
    (each worker builds the law again from the BatchQuery). A method the system does not have is a
    SettingsError."""
    have = multiprocessing.get_all_start_methods()
    if method is not None and method not in have:
        raise SettingsError(f"the start method {method} is not available here (this system has: {', '.join(have)})",
                            hint="set REASONER_START_METHOD (Settings.start_method) to one of them, or unset it")
    return multiprocessing.get_context(method or ("fork" if "fork" in have else "spawn"))


def _parallel(q: BatchQuery | None, law: Law, items: list[Item], verdicts_only: bool, jobs: int,
              seconds: float | None, progress: Progress | None) -> Iterator[Result]:
    # the first case is answered here: the law, the question and every engine they compile on first
    # use (reasoner/engine) are then made once, and forked workers start with them
    first = _answer_part(law, items[:1], verdicts_only, False, seconds)
    if progress is not None:
        progress(1)
    yield from first
    rb, atom, _ = law
    # compiled here even when the first case could not be read (api.open_session's engines)
    if verdicts_only:
        rb.batch_program([atom.key])
    elif current().engine == "pydatalog":   # the engine of the settings the workers answer under
        rb.compiled
    else:
        rb.set_engine([atom.key])
    rest = items[1:]
    context = _context(current().start_method)
    if q is None and context.get_start_method() != "fork":   # the workers could not build this law
        yield from _answer_part(law, rest, verdicts_only, False, seconds)
        if progress is not None:
            progress(len(rest))
        return
    bounds = [(a + 1, b + 1) for a, b in parts_of(len(rest), jobs, verdicts_only)]
    settings = current()
    stamps = context.Array("d", 3 * len(bounds), lock=False)    # see WATCH_EVERY
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_start_worker,
                               initargs=(q, law if context.get_start_method() == "fork" else None,
                                         os.getpid(), stamps))
    previous = None
    if threading.current_thread() is threading.main_thread():
        def stop(signum: int, frame: object) -> None:
            raise SystemExit(128 + signum)
        previous = signal.signal(signal.SIGTERM, stop)
    stopped = False
    try:
        with _ctrl_c_after_forking():
            futures = [pool.submit(_work, items[a:b], settings, verdicts_only, seconds, k)
                       for k, (a, b) in enumerate(bounds)]
        size = {f: b - a for f, (a, b) in zip(futures, bounds)}
        pending = set(futures)
        hung: dict[int, int] = {}    # part -> the case of it its worker hung on (-1: the chunk's pass)

        def report(done: Iterable[Future[list[Result]]]) -> None:      # progress counts every worker's finished parts, here in this thread
            for f in done:
                pending.discard(f)
                if progress is not None and f.exception() is None:
                    progress(size[f])
        for k, (f, (a, b)) in enumerate(zip(futures, bounds)):
            while f in pending:
                report(wait(pending, timeout=WATCH_EVERY if seconds is not None else None,
                            return_when=FIRST_COMPLETED)[0])
                if seconds is not None:
                    _watch(stamps, futures, pending, seconds, hung)
            try:
                results = f.result()
            except Exception:   # noqa: BLE001 - a worker that died: its part answered again here
                results = _again(law, items[a:b], verdicts_only, seconds, hung.get(k))
                if progress is not None:
                    progress(b - a)
            yield from results
    except BaseException:
        stopped = True
        _stop(pool)
        raise
    finally:
        if not stopped:
            pool.shutdown(wait=True)
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _watch(stamps: Any, futures: list[Future[list[Result]]], pending: set[Future[list[Result]]], seconds: float,
           hung: dict[int, int]) -> None:
    """End the worker of every pending part that has been on one case past hung_after(seconds)
    (stopped, or hung where no time limit is checked); `hung` records the case (WATCH_EVERY)."""
    now = time.monotonic()
    for k, f in enumerate(futures):
        pid = int(stamps[3 * k])
        if f not in pending or k in hung or not pid or now - stamps[3 * k + 2] <= hung_after(seconds):
            continue
        hung[k] = int(stamps[3 * k + 1])
        try:
            os.kill(pid, signal.SIGKILL)    # a stopped process ends too; the pool then breaks
        except OSError:
            pass


def _again(law: Law, items: Sequence[Item], verdicts_only: bool, seconds: float | None,
           hung: int | None = None) -> list[Result]:
    """A part whose worker died, answered here; `hung`: the case its worker hung on (reported as
    over its time limit, never answered again: it would hang this process too), -1 when it hung in
    the chunk's pass (every case of the part is then reported so)."""
    if hung is None:
        return _answer_part(law, items, verdicts_only, False, seconds)
    if hung < 0:
        said = (f"answering cases {items[0].id} to {items[-1].id} exceeded the time limit of {seconds:g} s (the "
                "worker answering them stopped responding and was ended)")
        return [_error(item, EvaluationError(said, hint=OVER_HINT, location=_where(item))) for item in items]
    said = (f"answering case {items[hung].id} exceeded the time limit of {seconds:g} s (the worker answering it "
            "stopped responding and was ended)")
    return (_answer_part(law, items[:hung], verdicts_only, False, seconds)
            + [_error(items[hung], EvaluationError(said, hint=OVER_HINT, location=_where(items[hung])))]
            + _answer_part(law, items[hung + 1:], verdicts_only, False, seconds))


def _where(item: Item) -> str | None:
    """A case's file (a folder's case) or file:line (JSONL, CSV)."""
    return item.location or (str(item.source) if isinstance(item.source, Path) else None)


OVER_HINT = "simplify the rules or the case, or raise the limit with `reasoner --timeout SECONDS ...`"


@contextmanager
def _ctrl_c_after_forking() -> Iterator[None]:
    """Ctrl-C held back while the workers are forked (the first submit forks them all), delivered
    as soon as they are: a KeyboardInterrupt raised inside the interpreter's at-fork callbacks
    (logging's lock release) is printed as "Exception ignored" and lost, and the batch ran to the
    end with exit 0 (seen once in CI). Elsewhere than the main thread, or without
    pthread_sigmask (Windows), nothing is held back."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})    # a held-back Ctrl-C is raised here


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop every worker now (Ctrl-C, SIGTERM, or the reader of the results went away)."""
    kill = getattr(pool, "kill_workers", None)    # Python 3.14
    if kill is not None:
        kill()
        return
    # Wait for the pool's manager thread (taken before shutdown, which drops it): it closes its
    # wake-up pipe as it ends. At exit, the interpreter writes to that pipe (concurrent.futures'
    # exit hook), and on Python 3.11 the close and the write can race. The write then fails on a
    # closed pipe, and a traceback is printed after "interrupted" (seen once in the slow tier).
    manager = getattr(pool, "_executor_manager_thread", None)
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        if process.is_alive():
            process.kill()      # SIGKILL: a stopped worker (SIGSTOP) ends too, SIGTERM waits for SIGCONT
    pool.shutdown(wait=False, cancel_futures=True)
    if manager is not None and manager is not threading.current_thread():
        manager.join(timeout=5)


def batch(source: Any, query: str, rulebase: Rulebase | None = None,
          verdicts_only: bool = False, settings: Settings | None = None,
          jobs: int | None = None, progress: Progress | None = None, flat: bool = False) -> "Rows":
    """`reasoner batch SOURCE QUERY` as plain records: one dict per case (id, answer, bindings, cited,
    missing, presumed, or error), each binding's money as Decimal dollars (the JSON's dollar string
    as a number); `.to_frame()` makes them a pandas.DataFrame, one row per binding, money float64
    dollars (answer/api.py Rows, docs/API.md). SOURCE: a folder of case files,
    a .jsonl or a .csv file. Under `settings` (default: the current ones, core/settings.py), each case
    under their time limit; answered by `jobs` processes as `reasoner batch --jobs` (None: one process
    for a small batch or a busy machine, else the free cores, choose_jobs; at most the cores this
    process may use, capped_jobs; 1: this process), the records in input order
    and the same either way. SOURCE may also be an iterable of case paths, dicts or reasoner.Case
    objects; then (and with flat=True) the rows are flat and typed (answer/api.py flat_rows: one per
    binding, money as Decimal dollars, the answer a Verdict)."""
    listed = not isinstance(source, (str, os.PathLike, bytes, bytearray, dict)) and hasattr(source, "__iter__")
    if listed:
        source = list(source)
    elif isinstance(source, (bytes, bytearray)) or not isinstance(source, (str, os.PathLike)):
        raise BatchInputError(f"source must be a folder of case files, a .jsonl or a .csv file (a str "
                              f"or os.PathLike), not {type(source).__name__}")
    check_query_argument(query)
    if jobs is not None and (not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1):
        raise SettingsError(f"jobs must be a whole number of processes, at least 1, or None, not {jobs!r}")
    if settings is not None and not isinstance(settings, Settings):
        raise SettingsError(f"settings must be a reasoner.Settings, not {type(settings).__name__}")
    settings = settings or current()
    with use(settings):
        # the law as ask takes it (answer/answering.py): the given one, else the bundled law under
        # the settings' readings, which the workers build again under the same readings
        rb = rulebase if rulebase is not None else default_rulebase(settings.readings)
        atom, saved = resolve(query)
        atom = check_atom(atom, rb.checked)
        items = listed_items(source) if listed else read_items(source, rb.checked)
        asked = BatchQuery.of_law(query, rb) if getattr(rb, "bundled", False) else None
        records = list(answer_items(asked, items, verdicts_only, jobs, settings.debug, settings.time_limit,
                                    progress, law=(rb, atom, saved)))
    from ..answer.api import Rows, flat_rows, python_records
    records = python_records(records)   # money as Decimal dollars; the CLI writes the records as JSON
    return Rows(flat_rows(records) if listed or flat else records)


def listed_items(cases: list[Any]) -> list[Item]:
    """reasoner.batch's items from a list of case paths, dicts with the case-file structure, or
    reasoner.Case objects (read once, not again); anything else is a BatchInputError naming its place."""
    from ..answer.api import Case as ApiCase
    items: list[Item] = []
    for i, c in enumerate(cases):
        if isinstance(c, ApiCase):
            items.append(Item(c.name, c.loaded, location=f"item {i}"))
        elif isinstance(c, dict):
            items.append(Item(str(c.get("id") or f"case_{i}"), {k: v for k, v in c.items() if k != "id"},
                              location=f"item {i}"))
        elif isinstance(c, (str, os.PathLike)) and not isinstance(c, bytes) and str(c).strip():
            items.append(Item(Path(c).stem, Path(c), location=str(c)))
        else:
            raise BatchInputError(f"batch item {i} is {type(c).__name__} {c!r:.60}: each item must be a case "
                                  f"file's path (str or os.PathLike), a dict with the case-file structure, "
                                  f"or a reasoner.Case")
    return items


# -- the text table (batch --to text): one tab-separated line per case -------------------------------
def text_header(verdicts_only: bool) -> str:
    if verdicts_only:
        return "id\tanswer\tbindings (money in dollars)\tnote\tpresumed"
    return "id\tanswer\tbindings (money in dollars)\tcited\tcited_as\tmissing\tnote\tpresumed"


def binding_text(binding: dict[str, Any]) -> str:
    """'V=truck, Min=68.00, Max=168.00: true' (money in dollars, as in the CSV)."""
    shown = ", ".join(f"{k}={cell_text(v)}" for k, v in binding.items() if k != "answer")
    return f"{shown}: {binding['answer']}" if shown else binding["answer"]


def text_row(result: Result, verdicts_only: bool) -> str:

    """One case, one line: every field with its tabs, line breaks and other control characters shown
    as escapes (core/visible.py), so that no id or value can end the line or the column."""
    if "error" in result:
        cells = [result["id"], "error", f"{result.get('location', '')}: {result['error']}"]
    else:
        bindings = "; ".join(binding_text(b) for b in result.get("bindings", []))
        note = result.get("not_applicable") or result.get("exact_reason", "")
        cells = ([result["id"], result["answer"], bindings] if verdicts_only else
                 [result["id"], result["answer"], bindings, ", ".join(result.get("cited", [])),
                  result.get("cited_as", ""), "; ".join(result.get("missing", []))]) + [note, presumed_text(result)]
    return "\t".join(visible(cell, field=True) for cell in cells)
