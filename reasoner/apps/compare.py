"""`reasoner batch INPUT QUERY --compare-readings`: the cases whose answer turns on a reading.

Every case is answered once under the chosen readings (the defaults, unless `--reading` chose
others), on the batch engine. Then, for each alternative reading of a phrase the question depends
on (one at a time; every combination with `all_combinations`):

1. the phrase's own predicates are evaluated for all the cases at once, under both readings (a
   small part of the law, on the batch engine); a case whose rows of those predicates are the same
   under both and settled by its facts (no row open) cannot change: every rule above them sees
   the same rows, and every completion of its unknown inputs does too;
2. the other cases are answered again under the alternative, together, on the batch engine;
3. a case is reported when its answer or a binding (an amount) differs.

The cases are read once for all the runs. A combination of readings is tried only over the
phrases that change some phrase row, and its cases are those some of its readings may change
(when no phrase's predicates depend on another phrase's, which `independent` checks; otherwise
every case is tried).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from typing import TYPE_CHECKING, Any

from .batch import item_case, run_verdicts
from ..core.errors import ReasonerError
from ..core.settings import current
from ..answer.interpretation import cone, phrase_rulebase, phrases_for
from ..language.readings import chosen

if TYPE_CHECKING:
    from .batch import Item, Result
    from ..engine.rulebase import Rulebase
    from ..facts.case import Case
    from ..language.ast import Atom, Key, Program
    from ..law.queries import SavedQuery

# a reading of a phrase: (phrase, reading name); a combination of them
Choice = tuple[str, str]
# a flip: (the item, the readings responsible, the result under the chosen readings, under them)
Flip = tuple["Item", list[str], "Result", "Result"]


def _outcome(result: Result) -> tuple[object, ...]:
    if "error" in result:
        return ("error", result["error"])
    return (result["answer"], tuple(sorted(repr(sorted(b.items())) for b in result.get("bindings", []))))


def _phrase_rows(rb: Rulebase, keys: Sequence[Key], rows_list: list[Any]) -> list[tuple[Any, ...] | None]:
    """Per case, the certain and possible rows of the phrase's predicates (batch engine)."""
    program = rb.batch_program(keys)
    goals = [(name, (None,) * arity) for name, arity in keys]
    found = program.verdicts(rows_list, goals, max_rows=current().rows)
    out: list[tuple | None] = []
    for v in found:
        if isinstance(v, Exception):
            out.append(None)
            continue
        out.append(tuple(v[g] for g in goals))
    return out


def _affected(base_rows: list[tuple[Any, ...] | None], alt_rows: list[tuple[Any, ...] | None]) -> set[int]:
    """Positions whose phrase rows differ, or are open (certain != possible), or failed."""
    out: set[int] = set()
    for i, (mine, theirs) in enumerate(zip(base_rows, alt_rows)):
        if mine is None or theirs is None or mine != theirs:
            out.add(i)
            continue
        if any(c != p for c, p in mine) or any(c != p for c, p in theirs):
            out.add(i)
    return out


def independent(rb: Rulebase, phrases: dict[str, list[Key]]) -> bool:
    """Whether no phrase's readings depend on the predicates another phrase defines."""
    keys = {p: set(ks) for p, ks in phrases.items()}
    for p, ks in keys.items():
        below: set[Key] = set()
        for k in ks:
            below |= cone(rb.checked, k) - {k}
        if any(below & other for q, other in keys.items() if q != p):
            return False
    return True


def _switch(rb: Rulebase, phrase: str, name: str) -> list[str]:
    """The selection with `phrase` read as `name` (other choices kept)."""
    selection = [s for s in rb.readings if not s.startswith(phrase + ".")]
    if not rb.source.phrases[phrase].alternatives[name].default:
        selection.append(f"{phrase}.{name}")
    return selection


def compare(rb: Rulebase, atom: Atom, items: Sequence[Item], all_combinations: bool = False, debug: bool = False,
            seconds: float | None = None, stats: dict[str, Any] | None = None,
            saved: SavedQuery | None = None) -> list[Flip]:
    """[(item, readings, base result, alternative result)] for every case and reading (or
    combination) that changes the answer or a binding, in input order then reading order; and
    fills `stats` (a dict) with what was evaluated. saved: the saved query the atom came from (a
    question about each entity is answered for each, answer/each.py)."""
    stats = stats if stats is not None else {}
    cases: list[Case | None] = []
    for item in items:   # read once for every run
        if item.error:
            cases.append(None)
            continue
        try:
            cases.append(item_case(rb, item))
        except ReasonerError:
            if debug:
                raise
            cases.append(None)
    base = list(run_verdicts(rb, atom, items, debug, seconds=seconds, cases=cases, saved=saved))
    ok = [i for i, c in enumerate(cases) if c is not None and "error" not in base[i]]
    rows_list = [case.rows for i in ok if (case := cases[i]) is not None]   # (each of ok has its case)
    phrases = phrases_for(rb, atom.key)
    use = chosen(rb.program, rb.readings)
    # per phrase and other reading: the cases whose phrase rows may change
    changes: dict[Choice, set[int]] = {}   # (phrase, reading name) -> set of item positions
    base_rows: dict[str, list[tuple[Any, ...] | None]] = {}
    for phrase, keys in sorted(phrases.items()):
        for name in rb.source.phrases[phrase].alternatives:
            if name == use.get(phrase):
                continue
            if phrase not in base_rows:
                base_rows[phrase] = _phrase_rows(phrase_rulebase(rb, keys, rb.readings), keys, rows_list)
            alt_rows = _phrase_rows(phrase_rulebase(rb, keys, _switch(rb, phrase, name)), keys, rows_list)
            changes[(phrase, name)] = {ok[j] for j in _affected(base_rows[phrase], alt_rows)}
    rerun: set[int] = set()     # the cases answered again under some reading (a case under two readings: one case)
    stats.update(cases=len(items), phrases=sorted(phrases), readings_tried=0, cases_rerun=0, runs=0,
                 errors=[{"id": items[i].id, "error": base[i]["error"], "location": base[i].get("location", "")}
                         for i in range(len(items)) if "error" in base[i]])
    selections: list[tuple[Choice, ...]]
    if all_combinations:
        selections = _combinations(rb, phrases, changes, use)
    else:
        selections = [((phrase, name),) for phrase, name in sorted(changes)]
    same_for_all = independent(rb, phrases)
    outcomes: dict[tuple[int, tuple[Choice, ...]], tuple[object, ...]] = {}   # (position, combination) -> outcome, the empty combination being the base answer
    for i in ok:
        outcomes[(i, ())] = _outcome(base[i])
    flips: list[tuple[int, tuple[Choice, ...], Result, Result]] = []
    for combo in selections:
        # a case is tried under a combination only if each of its readings may change it (with
        # independent phrases, a reading that cannot change a case leaves it as the rest of the
        # combination does; without, every case is tried)
        sets = [changes.get(key, set()) for key in combo]
        positions = set.intersection(*sets) if sets else set()
        if not same_for_all and len(combo) > 1:
            positions = set(ok)
        if not positions:
            continue
        selection = list(rb.readings)
        for phrase, name in combo:
            selection = [s for s in selection if not s.startswith(phrase + ".")]
            if not rb.source.phrases[phrase].alternatives[name].default:
                selection.append(f"{phrase}.{name}")
        other = rb.with_readings(selection, cache=len(combo) == 1)
        order = sorted(positions)
        stats["readings_tried"] += 1
        rerun.update(order)
        stats["cases_rerun"] = len(rerun)
        stats["runs"] += len(order)    # (reading or combination, case) pairs
        theirs = run_verdicts(other, atom, [items[i] for i in order], debug, seconds=seconds,
                              cases=[cases[i] for i in order], saved=saved)
        for i, result in zip(order, theirs):
            now = outcomes[(i, combo)] = _outcome(result)
            # reported when every reading of the combination is needed for this answer: leaving any
            # one out gives another (for one reading: the answer differs from the base answer)
            smaller = [tuple(k for k in combo if k != x) for x in combo]
            if all(outcomes.get((i, sub), outcomes[(i, ())]) != now for sub in smaller):
                flips.append((i, combo, base[i], result))
    flips.sort(key=lambda f: (f[0], len(f[1]), f[1]))
    return [(items[i], [f"{p}.{n}" for p, n in combo], mine, theirs) for i, combo, mine, theirs in flips]


def _combinations(rb: Rulebase, phrases: dict[str, list[Key]], changes: dict[Choice, set[int]],
                  use: dict[str, str]) -> list[tuple[Choice, ...]]:
    """Every combination of other readings over the phrases some reading of which may change a case."""
    axes: list[list[Choice | None]] = []
    for phrase in sorted(phrases):
        names = [name for (p, name), pos in sorted(changes.items()) if p == phrase and pos]
        if names:
            axes.append([None] + [(phrase, n) for n in names])
    out: list[tuple[Choice, ...]] = []
    for combo in product(*axes):
        picked = tuple(c for c in combo if c is not None)
        if picked:
            out.append(picked)
    out.sort(key=lambda c: (len(c), c))
    return out


def flip_record(item: Item, readings: Iterable[str], mine: Result, theirs: Result, program: Program) -> dict[str, Any]:

    """One JSON line: the case, the readings responsible, the answer under the chosen readings and
    under them, and what changed (the answer, or only bindings such as an amount)."""
    phrases = [r.partition(".")[0] for r in readings]
    changed = "answer" if mine.get("answer") != theirs.get("answer") else "bindings"
    return {"id": item.id, "readings": list(readings),
            "phrases": [{"phrase": p, "citation": program.phrases[p].citation, "text": program.phrases[p].text}
                        for p in phrases],
            "changed": changed,
            "answer": mine.get("answer"), "bindings": mine.get("bindings", []),
            "alternative_answer": theirs.get("answer", "error"), "alternative_bindings": theirs.get("bindings", []),
            **({"alternative_error": theirs["error"]} if "error" in theirs else {})}
