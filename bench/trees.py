#!/usr/bin/env python3
"""Two checkouts of the reasoner measured in one run, alternating (issue 20: "bench/run at 10,000
cases before and after in one run").

    python bench/trees.py BEFORE_DIR AFTER_DIR [--n 10000] [--rounds 2] [--ask-runs 10]

Each round runs `python bench/run --n N --paths batch,clingo,proofs --no-facts --no-write` in
BEFORE_DIR, then in AFTER_DIR (the order swaps every round), each with this interpreter, from its
own folder (so each imports its own `reasoner`; bench/run's fresh `ask` runs `python -m reasoner.cli`
there too). A machine whose speed drifts moves both trees alike within a round; clingo, run inside
each bench/run on the same cases, is the peer every ratio is taken against. Prints a Markdown table
of the lines bench/run prints (ms a case of batch, proofs and clingo; the fresh ask's median) and the
ratios (the fresh ask against a Python importing click, PyYAML, networkx and pyDatalog, its peer in
bench/run); writes nothing.
"""
from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

PATTERNS = {
    "batch": re.compile(r"^\s+batch\s+([\d.]+) ms/case"),
    "proofs": re.compile(r"^\s+proofs\s+([\d.]+) ms/case"),
    "clingo": re.compile(r"^\s+clingo\s+([\d.]+) ms/case"),
    "ask": re.compile(r"^fresh process .*: median (\d+) ms"),
    "peer": re.compile(r"python importing click\+yaml\+networkx\+pyDatalog (\d+) ms"),
}


def measure(tree: Path, n: int, ask_runs: int) -> dict:
    cmd = [sys.executable, "bench/run", "--n", str(n), "--paths", "batch,clingo,proofs", "--no-facts",
           "--no-write", "--ask-runs", str(ask_runs)]
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=tree, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{tree}: bench/run exited {done.returncode}\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    out = {"seconds": time.perf_counter() - start}
    for line in done.stdout.splitlines():
        for key, pattern in PATTERNS.items():
            m = pattern.search(line)
            if m and key not in out:
                out[key] = float(m.group(1))
    missing = [k for k in PATTERNS if k not in out]
    if missing:
        sys.exit(f"{tree}: bench/run printed no {', '.join(missing)}\n{done.stdout[-2000:]}")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--ask-runs", type=int, default=10)
    args = ap.parse_args(argv)
    runs = {"before": [], "after": []}
    for r in range(args.rounds):
        order = ("before", "after") if r % 2 == 0 else ("after", "before")
        for side in order:
            m = measure(getattr(args, side), args.n, args.ask_runs)
            runs[side].append(m)
            print(f"round {r + 1} {side}: " + ", ".join(f"{k} {v:.3f}" for k, v in m.items()), file=sys.stderr)
    print("| tree | round | batch ms/case | proofs ms/case | clingo ms/case | batch / clingo | proofs / clingo "
          "| fresh ask ms | ask / peer |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for side in ("before", "after"):
        for i, m in enumerate(runs[side], 1):
            print(f"| {side} | {i} | {m['batch']:.3f} | {m['proofs']:.3f} | {m['clingo']:.3f} | "
                  f"{m['batch'] / m['clingo']:.2f}× | {m['proofs'] / m['clingo']:.2f}× | {m['ask']:.0f} | "
                  f"{m['ask'] / m['peer']:.2f}× |")
    for key in ("batch", "proofs"):
        b = statistics.median(m[key] / m["clingo"] for m in runs["before"])
        a = statistics.median(m[key] / m["clingo"] for m in runs["after"])
        print(f"\n{key} / clingo, median over rounds: before {b:.2f}×, after {a:.2f}× (after/before {a / b:.2f})")
    b = statistics.median(m["ask"] / m["peer"] for m in runs["before"])
    a = statistics.median(m["ask"] / m["peer"] for m in runs["after"])
    print(f"fresh ask / its peer in the same run, median over rounds: before {b:.2f}×, after {a:.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
