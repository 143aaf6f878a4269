"""Loading rule files into a checked, compiled rulebase (once per process for the bundled law)."""
from __future__ import annotations

import functools
from pathlib import Path

from ..core.errors import RuleError
from ..language.ast import PredDecl, Program, Rule
from ..language.checks import CheckedProgram, check, collect_problems
from ..language.parser import parse_text
from ..core import cache
from ..law.index import DATA_FILE, StatuteIndex, default_index
from ..core.fileinput import refuse_special, not_utf8
from .codes import RuleCodes
from .setsession import SetEngine
from .batch import BatchProgram

LAW_DIR = Path(__file__).parent.parent / "law"
# what turns the rule files and the statute index into the cached law: the cache key covers these
# functions' modules and every module they use (core/cache.py sources()), and this module's own code
LAW_BUILDERS = (parse_text, check, default_index)


def law_files() -> list:
    return sorted(LAW_DIR.glob("ch*/*.dl"))


def read_program(paths) -> Program:
    prog = Program()
    for path in paths:
        path = Path(path)
        refuse_special(path, RuleError, "rule file")
        try:
            text = path.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            raise RuleError("no such rule file", location=str(path)) from None
        except UnicodeDecodeError:
            raise RuleError(*not_utf8(path, "rule file"), hint="save the file as UTF-8") from None
        except OSError as exc:
            raise RuleError(f"cannot read the rule file: {exc.strerror or exc}", location=str(path)) from None
        prog.merge(parse_text(text, _display(path)))
    _assign_ids(prog)
    return prog


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        try:
            return str(path.resolve().relative_to(LAW_DIR.parent.parent.resolve()))
        except ValueError:
            return str(path)


def _assign_ids(prog: Program) -> None:
    counts: dict = {}
    for rule in prog.rules:
        base = rule.provision or rule.head.pred
        counts[base] = counts.get(base, 0) + 1
        rule.rule_id = f"{base}#{counts[base]}"


class Rulebase:
    """A checked program and its compiled pyDatalog form."""

    def __init__(self, program: Program, index=None, require_provisions=False, fact_preds=()):
        self.program = program
        self.index = index
        self.checked = check(program, index, require_provisions, fact_preds)
        self._compiled = None
        self._codes = None
        self._engines: dict = {}

    @classmethod
    def from_checked(cls, program, index, checked) -> "Rulebase":
        rb = cls.__new__(cls)
        rb.program, rb.index, rb.checked = program, index, checked
        rb._compiled = rb._codes = None
        rb._engines = {}
        return rb

    @property
    def compiled(self):
        if self._compiled is None:
            from .pydatalog.compiler import Compiled   # lazy: the reference engine loads pyDatalog (heavy, optional)
            self._compiled = Compiled(self.checked)
        return self._compiled

    @property
    def codes(self):
        """The engine-level names of every rule (shared by both engines and the proof builder)."""
        if self._codes is None:
            self._codes = self._compiled.codes if self._compiled is not None else RuleCodes(self.checked)
        return self._codes

    def set_engine(self, goal_keys):
        """The set engine's plans for the dependency cone of the goals (pred, arity), cached."""
        key = frozenset(goal_keys)
        engine = self._engines.get(key)
        if engine is None:
            engine = self._engines[key] = SetEngine(self.checked, self.codes, key)
        return engine

    def batch_program(self, goal_keys):
        """engine/batch.py's plans for the goals' dependency cone, for many cases at once (cached)."""
        key = ("batch", frozenset(goal_keys))
        program = self._engines.get(key)
        if program is None:
            program = self._engines[key] = BatchProgram(self.checked, goals=list(key[1]))
        return program

    def problems(self):
        return collect_problems(self.program, self.index, True)


@functools.lru_cache(maxsize=1)
def default_rulebase() -> Rulebase:
    """The bundled law, checked; from the cache (reasoner/cache.py) when its inputs are unchanged."""
    files = law_files()
    names = [_display(p) for p in files]
    try:
        digest = cache.key([(LAW_DIR / DATA_FILE).read_bytes()] + [x for p, n in zip(files, names)
                                                         for x in (n, p.read_bytes())],
                           builders=LAW_BUILDERS, modules=(__name__,))
    except OSError:
        digest = None
    hit = cache.load("law", digest, sound=_sound_law) if digest else None
    if hit is not None:
        program, index, checked = hit
        return Rulebase.from_checked(program, index, checked)
    rb = Rulebase(read_program(files), default_index(), require_provisions=True)
    if digest:
        cache.save("law", digest, (rb.program, rb.index, rb.checked))
    return rb


def _sound_law(hit) -> bool:
    """Whether a cache entry unpickled into the structure default_rulebase stores: (Program,
    StatuteIndex, CheckedProgram of that program) with fields of their types. Anything else (a
    well-formed pickle of other allowed types) is rebuilt instead of failing every command."""
    if not (isinstance(hit, tuple) and len(hit) == 3):
        return False
    program, index, checked = hit
    if not (isinstance(program, Program) and isinstance(index, StatuteIndex)
            and isinstance(checked, CheckedProgram) and checked.program is program):
        return False
    fields = ((program.rules, list), (program.entities, dict), (program.preds, dict), (program.files, list),
              (checked.rules, list), (checked.base, dict), (checked.derived, dict), (checked.order, list),
              (checked.mu, dict), (checked.strata, list), (checked.recursive, frozenset))
    if not all(isinstance(value, kind) for value, kind in fields):
        return False
    keyed = list(program.preds) + list(checked.base) + list(checked.derived) + list(checked.mu)
    return (all(isinstance(k, tuple) and len(k) == 2 and isinstance(k[0], str) and isinstance(k[1], int) for k in keyed)
            and all(isinstance(d, PredDecl) for d in program.preds.values())
            and all(isinstance(r, Rule) for r in checked.rules)
            and all(isinstance(rules, list) and all(isinstance(r, Rule) for r in rules) for rules in checked.derived.values()))


def program_rulebase(paths, fact_preds=()) -> Rulebase:
    """A user program for `reasoner run`: citations checked only when given."""
    return Rulebase(read_program(paths), default_index(), require_provisions=False, fact_preds=fact_preds)
