#!/usr/bin/env python3
"""Memory of the batch path against N (issue #6: verdicts with flat memory).

    python bench/memory.py                     # N = 1,000 10,000 100,000, writes bench/memory.md
    python bench/memory.py --n 1000 5000 --no-write

For each N the generated cases are loaded first; then tracemalloc follows only what the batch
path allocates while it answers `lawful` and `forfeiture` for all N cases
(BatchProgram.verdicts, a thousand cases at a time): its peak, and what is still allocated at
the end (the verdicts it returns, which grow with N by nature). The peak minus the kept verdicts
is the evaluation's own working memory, the part that must not grow with N.
"""
from __future__ import annotations

import argparse
import datetime
import gc
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv=None):
    from bench.common import goals as resolve_goals
    from bench.fastload import load_all
    from bench.gen import generate
    from reasoner.engine.batch import CHUNK, BatchProgram
    from reasoner.law.queries import pattern
    from reasoner.engine.rulebase import default_rulebase

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, nargs="+", default=[1000, 10000, 100000])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args(argv)
    rb = default_rulebase()
    goal_atoms = [atom for _, atom in resolve_goals(["lawful", "forfeiture"])]
    goals = [(a.pred, tuple(pattern(a))) for a in goal_atoms]
    program = BatchProgram(rb.checked, goals=[a.key for a in goal_atoms])
    rows = []
    started = datetime.datetime.now().astimezone()
    for n in args.n:
        cases = [c.rows for c in load_all(rb.checked, generate(rb.checked, args.seed, n))]
        gc.collect()
        tracemalloc.start()
        t0 = time.perf_counter()
        out = program.verdicts(cases, goals)
        seconds = time.perf_counter() - t0
        kept, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert len(out) == n
        rows.append((n, peak, kept, peak - kept, seconds))
        print(f"N = {n:,}: peak {peak / 2**20:.1f} MB, verdicts kept {kept / 2**20:.1f} MB, "
              f"working memory {(peak - kept) / 2**20:.1f} MB ({seconds:.1f} s under tracemalloc)", flush=True)
        del cases, out
        gc.collect()
    if not args.no_write:
        lines = ["# Memory of the batch path (bench/memory.py)", "",
                 f"Run {started:%Y-%m-%d %H:%M %Z}: `python bench/memory.py --n {' '.join(map(str, args.n))}`; "
                 f"goals lawful, forfeiture; {CHUNK:,} cases per chunk. Allocations traced with tracemalloc "
                 "(which slows the run; these times are not the benchmark's).", "",
                 "| N | peak allocated | verdicts kept at the end | working memory (peak − kept) |",
                 "|---:|---:|---:|---:|"]
        for n, peak, kept, work, _ in rows:
            lines.append(f"| {n:,} | {peak / 2**20:.1f} MB | {kept / 2**20:.1f} MB | {work / 2**20:.1f} MB |")
        (ROOT / "bench/memory.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
