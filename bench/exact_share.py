#!/usr/bin/env python3
"""The share of exact answers at the default split budget, and why the others are not exact.

    python bench/exact_share.py [--n 2000] [--seed 1] [--goals lawful,forfeiture] [--no-bundled]

Generated cases (bench/gen.py) are answered as `reasoner batch --verdicts-only` answers them
(apps/batch.py run_verdicts: the three-valued pass, completions, the splits side by side); every
bundled case file (facts/*.yaml) x saved query (queries/*.yaml) as `reasoner ask` answers it
(answer/answering.py ask). For each the answers that are exact, and the inexact ones counted by
reason: past the split budget, a completion left open, an input that cannot be split, time, other.
Also the branch evaluations of the exact part (completions and split variants, counted where they
are handed to the evaluation, engine/worlds.py evaluate_groups, and the split's Evaluator).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

REASONS = ("budget", "completion open", "cannot split", "time", "other")


def reason_kind(text: str) -> str:
    """One of REASONS for an inexact answer's exact_reason."""
    from reasoner.apps.batch import OPEN_REASON
    if "branch evaluations" in text:
        return "budget"
    if text == OPEN_REASON:
        return "completion open"
    if "cannot be split" in text:
        return "cannot split"
    if "time" in text:
        return "time"
    return "other"


class Counted:
    """Counts the worlds (variants, completions) handed to the evaluation by the exact part."""

    def __init__(self):
        self.worlds = 0
        self._undo = []

    def __enter__(self):
        from reasoner.engine import worlds
        from reasoner.engine.exact import probe, split
        real = worlds.evaluate_groups

        def counting(program, goal, groups, *a, **k):
            self.worlds += sum(len(asked) for _, asked in groups)
            return real(program, goal, groups, *a, **k)
        for mod in (probe, split):
            self._undo.append((mod, mod.evaluate_groups))
            mod.evaluate_groups = counting
        real_many = split.Evaluator.many

        def many(ev, rows_lists):
            self.worlds += len(rows_lists)
            return real_many(ev, rows_lists)
        self._undo.append((split.Evaluator, real_many))
        split.Evaluator.many = many
        return self

    def __exit__(self, *exc):
        from reasoner.engine.exact import split
        for mod, fn in reversed(self._undo):
            if mod is split.Evaluator:
                mod.many = fn
            else:
                mod.evaluate_groups = fn


def generated_cases(n: int, seed: int) -> tuple:
    """(the default rulebase, n generated cases (bench/gen.py) loaded, their batch Items): the cases
    of the batch path, shared by exact_share, exact_dump, exact_why and exact_reach."""
    from bench.fastload import load_all
    from bench.gen import generate
    from reasoner.apps.batch import Item
    from reasoner.engine.rulebase import default_rulebase
    rb = default_rulebase()
    cases = load_all(rb.checked, generate(rb.checked, seed, n))
    items = [Item(c.path or f"gen_{i}", c) for i, c in enumerate(cases)]
    return rb, cases, items


def checked_goal(rb, name: str) -> tuple:
    """(the goal atom checked against the rulebase's law, the saved query or None) for a saved query
    name or an atom text."""
    from reasoner.law.queries import check_atom, resolve
    atom, saved = resolve(name)
    return check_atom(atom, rb.checked), saved


def generated(n: int, seed: int, goal_names: list) -> dict:
    """{goal: (answers, exact, Counter of reasons, worlds, seconds)} over n generated cases, batch path."""
    from reasoner.apps.batch import run_verdicts
    rb, cases, items = generated_cases(n, seed)
    out = {}
    for name in goal_names:
        atom, saved = checked_goal(rb, name)
        t = time.perf_counter()
        with Counted() as counted:
            results = list(run_verdicts(rb, atom, items, saved=saved, cases=cases))
        out[name] = _tally(results, counted.worlds, time.perf_counter() - t)
    return out


def _tally(results, worlds, seconds):
    total, exact, reasons = 0, 0, Counter()
    for r in results:
        if "error" in r:
            reasons["error"] += 1
            total += 1
            continue
        total += 1
        if r.get("exact", True):
            exact += 1
        else:
            reasons[reason_kind(r.get("exact_reason", ""))] += 1
    return total, exact, reasons, worlds, seconds


def bundled() -> tuple:
    """(answers, exact, Counter of reasons, worlds, seconds, [(case, query, reason)]) over every
    bundled case file x saved query, as `reasoner ask` answers it."""
    from reasoner.answer.answering import ask
    from reasoner.engine.rulebase import default_rulebase
    from reasoner.core.errors import ReasonerError
    rb = default_rulebase()
    total, exact, reasons, which = 0, 0, Counter(), []
    t = time.perf_counter()
    with Counted() as counted:
        for f in sorted((ROOT / "facts").glob("*.yaml")):
            for q in sorted((ROOT / "queries").glob("*.yaml")):
                try:
                    a = ask(str(f), q.stem, rb)
                except ReasonerError:
                    continue    # a question the case cannot be asked (no entity of its kind, ...)
                total += 1
                if a.exact:
                    exact += 1
                else:
                    reasons[reason_kind(a.exact_reason)] += 1
                    which.append((f.stem, q.stem, a.exact_reason))
    return total, exact, reasons, counted.worlds, time.perf_counter() - t, which


def line(label, total, exact, reasons, worlds, seconds):
    share = exact / total if total else 1.0
    why = ", ".join(f"{k} {reasons[k]:,}" for k in (*REASONS, "error") if reasons.get(k))
    return (f"| {label} | {total:,} | {exact:,} | {share:.2%} | {total - exact:,} | {why or '-'} | "
            f"{worlds:,} | {seconds:.1f} |")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--goals", default="lawful,forfeiture")
    ap.add_argument("--no-bundled", action="store_true")
    ap.add_argument("--list", action="store_true", help="list the bundled answers that are not exact")
    args = ap.parse_args(argv)
    from reasoner.engine.exact.unknowns import DEFAULT_BUDGET
    load = os.getloadavg()[0]
    print(f"budget {DEFAULT_BUDGET}, load average {load:.1f} at the start, {os.cpu_count()} cores")
    print("| cases | answers | exact | share | inexact | by reason | worlds evaluated | seconds |")
    print("|---|---:|---:|---:|---:|---|---:|---:|")
    goal_names = [g.strip() for g in args.goals.split(",") if g.strip()]
    if args.n:
        by_goal = generated(args.n, args.seed, goal_names)
        all_reasons, tot = Counter(), [0, 0, 0, 0.0]
        for name, (total, exact, reasons, worlds, seconds) in by_goal.items():
            print(line(f"{args.n:,} generated (seed {args.seed}), {name}", total, exact, reasons, worlds, seconds))
            all_reasons.update(reasons)
            tot[0] += total
            tot[1] += exact
            tot[2] += worlds
            tot[3] += seconds
        if len(by_goal) > 1:
            print(line(f"{args.n:,} generated (seed {args.seed}), all goals", tot[0], tot[1], all_reasons,
                       tot[2], tot[3]))
    if not args.no_bundled:
        total, exact, reasons, worlds, seconds, which = bundled()
        print(line("bundled case files x saved queries (ask)", total, exact, reasons, worlds, seconds))
        if args.list:
            for case, query, why in which:
                print(f"  {case} {query}: {why}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
