"""Loading rule files into a checked, compiled rulebase (once per process for the bundled law)."""
from __future__ import annotations

import functools
from pathlib import Path

from .errors import RuleError
from .language.ast import Program
from .language.checks import check, collect_problems
from .language.parser import parse_text

LAW_DIR = Path(__file__).parent / "law"


def law_files() -> list:
    return sorted(LAW_DIR.glob("ch*/*.dl"))


def read_program(paths) -> Program:
    prog = Program()
    for path in paths:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RuleError("no such rule file", location=str(path)) from None
        except UnicodeDecodeError:
            raise RuleError("rule file is not UTF-8 text", location=str(path)) from None
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

    @property
    def compiled(self):
        if self._compiled is None:
            from .engine.compiler import Compiled
            self._compiled = Compiled(self.checked)
        return self._compiled

    def problems(self):
        return collect_problems(self.program, self.index, True)


@functools.lru_cache(maxsize=1)
def default_rulebase() -> Rulebase:
    from .law.index import default_index
    return Rulebase(read_program(law_files()), default_index(), require_provisions=True)


def program_rulebase(paths, fact_preds=()) -> Rulebase:
    """A user program for `reasoner run`: citations checked only when given."""
    from .law.index import default_index
    return Rulebase(read_program(paths), default_index(), require_provisions=False, fact_preds=fact_preds)
