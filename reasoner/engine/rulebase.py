"""Loading rule files into a checked, compiled rulebase (once per process for the bundled law)."""
from __future__ import annotations

from pathlib import Path
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..core.errors import RuleError
from ..language.ast import Key, PredDecl, Program, Rule
from ..language.checks import CheckedProgram, check, collect_problems
from ..language.parser import parse_text
from ..language.readings import normalize, select
from ..core import cache, shelf
from ..law.index import DATA_FILE, StatuteIndex, default_index
from ..core.fileinput import refuse_special, not_utf8
from .codes import RuleCodes
from .setsession import Donor, SetEngine
from .batch import BatchProgram

if TYPE_CHECKING:   # the reference engine is imported when it is used (pyDatalog: heavy, optional)
    from .pydatalog.compiler import Compiled

LAW_DIR = Path(__file__).parent.parent / "law"
# what turns the rule files and the statute index into the cached law: the cache key covers these
# functions' modules and every module they use (core/cache.py sources()), and this module's own code
LAW_BUILDERS = (parse_text, check, default_index, select)


def law_files() -> list:
    return sorted(LAW_DIR.glob("ch*/*.dl"))


def read_program(paths: Iterable[str | Path]) -> Program:
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
    """`CITATION#N` in file order; a rule of a reading that is not the default is numbered apart
    (`CITATION#PHRASE.READING.N`), so that choosing a reading never renumbers the other rules."""
    counts: dict = {}
    for rule in prog.rules:
        base = rule.provision or rule.head.pred
        alt = rule.alternative
        phrase = prog.phrases.get(alt[0]) if alt else None
        if phrase is not None and alt[1] in phrase.alternatives and not phrase.alternatives[alt[1]].default:
            base = f"{base}#{alt[0]}.{alt[1]}"
            counts[base] = counts.get(base, 0) + 1
            rule.rule_id = f"{base}.{counts[base]}"
            continue
        counts[base] = counts.get(base, 0) + 1
        rule.rule_id = f"{base}#{counts[base]}"


class Rulebase:
    """A checked program and its compiled pyDatalog form."""
    bundled: bool = False   # the bundled law (default_rulebase), whose other readings are cached
    law_digest: str | None = None   # the bundled law's cache key of its inputs (default_rulebase)

    def __init__(self, program: Program, index: StatuteIndex | None = None, require_provisions: bool = False,
                 fact_preds: Iterable[tuple] = (), readings: Iterable[str] = ()) -> None:
        """readings: the alternative readings chosen (`phrase.reading`; the defaults otherwise):
        the program keeps only the rules of the chosen readings (language/readings.py)."""
        self.source = program             # every reading's rules (to build another selection from)
        self.readings = normalize(program, readings)
        self.program = select(program, self.readings)
        self.index = index
        self.require_provisions, self.fact_preds = require_provisions, tuple(fact_preds)
        self.checked = check(self.program, index, require_provisions, fact_preds)
        self._compiled: Compiled | None = None
        self._codes: RuleCodes | None = None
        self._engines: dict = {}

    @classmethod
    def from_checked(cls, program: Program, index: StatuteIndex | None, checked: CheckedProgram,
                     source: Program | None = None, readings: Iterable[str] = ()) -> "Rulebase":
        rb = cls.__new__(cls)
        rb.program, rb.index, rb.checked = program, index, checked
        rb.source, rb.readings = source if source is not None else program, tuple(readings)
        rb.require_provisions, rb.fact_preds = True, ()
        rb._compiled = rb._codes = None
        rb._engines = {}
        return rb

    def with_readings(self, readings: Iterable[str], cache: bool = True) -> "Rulebase":
        """The same law under another selection of readings (the bundled law's from its cache;
        cache=False: built here and kept with this rulebase only, for the many combinations of
        `batch --all-combinations`)."""
        selection = normalize(self.source, readings)
        if selection == self.readings:
            return self
        if getattr(self, "bundled", False) and cache:
            other = default_rulebase(selection)
        else:
            key = ("readings", selection)
            kept: Rulebase | None = self._engines.get(key)
            if kept is None:
                kept = self._engines[key] = Rulebase(self.source, self.index, self.require_provisions,
                                                     self.fact_preds, selection)
            other = kept
        if other.source is self.source and "donor" not in other._engines and "donor" not in self._engines:
            # the rules the selection does not change: their plans and a case's rows lent (SetEngine
            # donor; whichever law lends, the engine takes only what it defines alike)
            other._engines["donor"] = self
        return other

    @property
    def compiled(self) -> "Compiled":
        if self._compiled is None:
            from .pydatalog.compiler import Compiled   # lazy: the reference engine loads pyDatalog (heavy, optional)
            self._compiled = Compiled(self.checked)
        return self._compiled

    @property
    def codes(self) -> RuleCodes:
        """The engine-level names of every rule (shared by both engines and the proof builder)."""
        if self._codes is None:
            self._codes = self._compiled.codes if self._compiled is not None else RuleCodes(self.checked)
        return self._codes

    def set_engine(self, goal_keys: Iterable[Key]) -> SetEngine:
        """The set engine's plans for the dependency cone of the goals (pred, arity), cached."""
        key = frozenset(goal_keys)
        engine: SetEngine | None = self._engines.get(key)
        if engine is None:
            donor: Rulebase | None = self._engines.get("donor")
            engine = self._engines[key] = SetEngine(self.checked, self.codes, key, self._head_plans(),
                                                    None if donor is None else donor.donor())
        return engine

    def _head_plans(self) -> dict:
        """The set engine's head plans, shared by every engine of this rulebase (SetEngine plans)."""
        plans: dict | None = self._engines.get("head plans")
        if plans is None:
            plans = self._engines["head plans"] = {}
        return plans

    def donor(self) -> Donor:
        """What this law lends to itself under other readings (SetEngine donor)."""
        from .compile import global_preds
        return Donor(self.checked, self.codes, global_preds(self.checked), self._head_plans())

    def batch_program(self, goal_keys: Iterable[Key]) -> BatchProgram:
        """engine/batch.py's plans for the goals' dependency cone, for many cases at once (cached)."""
        key = ("batch", frozenset(goal_keys))
        program: BatchProgram | None = self._engines.get(key)
        if program is None:
            program = self._engines[key] = BatchProgram(self.checked, goals=list(key[1]))
        return program

    def problems(self) -> list[RuleError]:
        return collect_problems(self.program, self.index, True)


def default_rulebase(readings: Iterable[str] = ()) -> Rulebase:
    """The bundled law, checked, under the chosen readings (the defaults when none); from the cache
    (core/cache.py) when its inputs are unchanged. The selection is part of the cache key."""
    if not readings:
        return _default_rulebase(())
    return _default_rulebase(normalize(_default_rulebase(()).source, readings))


def _default_rulebase(readings: tuple) -> Rulebase:
    """The bundled law under this normalized selection, kept on the process's shelf (core/shelf.py)."""
    return shelf.PROCESS.get(("law", readings), lambda: _load_default_rulebase(readings))


def _load_default_rulebase(readings: tuple) -> Rulebase:
    if readings:
        # another selection: the bundled law's key (its files, the index and the modules that
        # build it, read and hashed once per process) with the selection; not read again
        base_digest = getattr(_default_rulebase(()), "law_digest", None)
        digest = cache.key([base_digest, "readings:" + ",".join(readings)]) if base_digest else None
    else:
        files = law_files()
        names = [_display(p) for p in files]
        try:
            digest = cache.key([(LAW_DIR / DATA_FILE).read_bytes()] + [x for p, n in zip(files, names)
                                                             for x in (n, p.read_bytes())]
                               + ["readings:"], builders=LAW_BUILDERS, modules=(__name__,))
        except OSError:
            digest = None
    # one cache entry per selection (cache.save keeps one entry per name)
    name = "law" if not readings else "law_" + cache.key(["readings:" + ",".join(readings)])[:12]
    # another selection shares the default one's objects (its rules, declarations, statute index):
    # its entry stores only what differs, and loads in a fraction of the time
    shared = _shared(_default_rulebase(())) if readings else ()
    hit = cache.load(name, digest, sound=_sound_law, shared=shared) if digest else None
    if hit is not None and hit[4] == readings:
        source, program, index, checked, selection = hit
        rb = Rulebase.from_checked(program, index, checked, source, selection)
        # the statute index the cache kept is the bundled one (its file is part of the key): the
        # process's own (law/index.py default_index), so that an argument quoting a provision's
        # lead-in does not read and parse the index's file again in a fresh `ask`
        shelf.PROCESS.get(("index",), lambda: index)
    else:
        if readings:
            base = _default_rulebase(())
            rb = Rulebase(base.source, base.index, require_provisions=True, readings=readings)
        else:
            rb = Rulebase(read_program(files), default_index(), require_provisions=True)
        if digest:
            cache.save(name, digest, (rb.source, rb.program, rb.index, rb.checked, rb.readings), shared=shared)
    rb.bundled = True
    rb.law_digest = digest   # the cache key of the law's inputs (the key of its other selections' entries)
    return rb


def _forget_default_rulebase() -> None:
    shelf.PROCESS.clear("law")


setattr(default_rulebase, "cache_clear", _forget_default_rulebase)   # the tests start afresh


def _shared(base: Rulebase) -> list[object]:
    """The objects of the default selection that another selection's rulebase holds too (built
    from base.source: select() keeps its rules, check() their literals), in an order fixed by the
    law itself: what its cache entry refers to instead of copying (core/cache.py save). The
    default selection's entry is the key's first part, so a changed law never meets an old list."""
    source = base.source
    out: list[object] = [source, base.index, *vars(source).values()]
    for rule in source.rules:
        out += (rule, rule.head, rule.body, *rule.body)
    return out


def _sound_law(hit: Any) -> bool:
    """Whether a cache entry unpickled into the structure default_rulebase stores: (Program with
    every reading, Program of the selection, StatuteIndex, CheckedProgram of that program, the
    selection) with fields of their types. Anything else (a
    well-formed pickle of other allowed types) is rebuilt instead of failing every command."""
    if not (isinstance(hit, tuple) and len(hit) == 5):
        return False
    source, program, index, checked, selection = hit
    if not (isinstance(source, Program) and isinstance(program, Program) and isinstance(index, StatuteIndex)
            and isinstance(checked, CheckedProgram) and checked.program is program
            and isinstance(selection, tuple) and all(isinstance(s, str) for s in selection)
            and isinstance(source.phrases, dict)):
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


def program_rulebase(paths: Iterable[str | Path], fact_preds: Iterable[tuple] = (),
                     readings: Iterable[str] = ()) -> Rulebase:
    """A user program for `reasoner run`: citations checked only when given."""
    return Rulebase(read_program(paths), default_index(), require_provisions=False, fact_preds=fact_preds,
                    readings=readings)
