#!/usr/bin/env python3
"""The long differential profile (issue #6).

    python bench/differential.py                      # 10,000 programs each, writes bench/differential.md
    python bench/differential.py --examples 500 --no-write

Runs, through pytest with a larger hypothesis budget:
  1. tests/engine/test_differential.py (REASONER_DIFF_EXAMPLES): random stratified non-recursive programs
     with negation and comparisons, two-valued; the pyDatalog engine's model must equal clingo's;
  3. tests/engine/test_exact_differential.py (REASONER_EXACT_DIFF_EXAMPLES): random programs with unknown
     inputs; the exact answers (engine/exact.py) must equal brute-force enumeration of completions;
  2. the three-valued random programs of tests/cli/test_bench_smoke.py (REASONER_BATCH_DIFF_EXAMPLES):
     unknown inputs, every derived predicate's certain and possible rows; engine/batch.py, the
     clingo translation and the set engine (engine/setsession.py, also every rule body's rows)
     must equal pyDatalog (the reference);
  3. tests/engine/test_recursion_differential.py (REASONER_REC_DIFF_EXAMPLES): random stratified programs
     with recursion (self and mutual) and negation of lower strata, three-valued; the batch engine
     and the set engine must equal clingo (the oracle), every proof of a recursive atom acyclic.
Fails (exit 1) if any program disagrees; hypothesis prints the smallest failing program.
"""
from __future__ import annotations

import argparse
import datetime
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROFILES = [
    ("two-valued programs: pyDatalog = clingo", "REASONER_DIFF_EXAMPLES",
     ["tests/engine/test_differential.py"]),
    ("three-valued programs: batch = clingo translation = set engine = pyDatalog", "REASONER_BATCH_DIFF_EXAMPLES",
     ["tests/cli/test_bench_smoke.py", "-k", "random_three_valued"]),
    ("recursive stratified three-valued programs: batch = set engine = clingo, proofs acyclic",
     "REASONER_REC_DIFF_EXAMPLES", ["tests/engine/test_recursion_differential.py", "-k", "equal_clingo"]),
    ("exact answers (engine/exact.py) = enumeration of every completion of the unknown inputs = clingo brave/cautious (no unknown number)",
     "REASONER_EXACT_DIFF_EXAMPLES", ["tests/engine/test_exact_differential.py", "-k", "random_programs"]),
    ("completions (engine/probe.py): a settled answer = enumeration of every completion; an open probe = a split that cannot finish",
     "REASONER_EXACT_DIFF_EXAMPLES", ["tests/engine/test_exact_probe.py", "-k", "settles_only"]),
    ("worlds (engine/worlds.py): every variant's rows = the batch engine's on that variant alone",
     "REASONER_EXACT_DIFF_EXAMPLES", ["tests/engine/test_worlds.py", "-k", "batch_engines_rows"]),
    ("questions with repeated variables (issue 25): exact answers and bindings = enumeration of every completion = clingo brave/cautious of the question as a rule; Kleene answers of both engines and batch equal and sound",
     "REASONER_REPEAT_DIFF_EXAMPLES", ["tests/engine/test_repeated_variables.py", "-k", "random_questions"]),
]


def run_profile(env_name, args, examples):
    env = dict(os.environ, **{env_name: str(examples)})
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--hypothesis-show-statistics", *args]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    tail = (proc.stdout + proc.stderr).strip().splitlines()
    summary = next((line for line in reversed(tail) if re.search(r"\d+ (passed|failed)", line)), tail[-1] if tail else "")
    stats = re.findall(r"(\d+) passing, (\d+) failing", proc.stdout)   # one line per hypothesis phase
    if stats:
        passing, failing = sum(int(p) for p, _ in stats), sum(int(f) for _, f in stats)
        summary = f"{passing:,} programs passed, {failing} failed ({summary.strip('= ')})"
    return proc.returncode, seconds, summary, proc.stdout + proc.stderr


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--examples", type=int, default=10_000, help="programs per profile (default 10,000)")
    ap.add_argument("--no-write", action="store_true", help="do not write bench/differential.md")
    ap.add_argument("--only", default=None, help="run only the profiles whose title contains this text "
                    "(or profile N, 1-based); their rows replace the same rows in bench/differential.md")
    args = ap.parse_args(argv)
    rows = []
    failed = False
    for n, (title, env_name, test_args) in enumerate(PROFILES, 1):
        if args.only and args.only not in title and args.only != str(n):
            continue
        print(f"{title}: {args.examples:,} programs ...", flush=True)
        code, seconds, summary, output = run_profile(env_name, test_args, args.examples)
        print(f"  {summary} in {seconds:.0f} s ({1000 * seconds / args.examples:.1f} ms per program)")
        if code != 0:
            failed = True
            print(output[-6000:], file=sys.stderr)
        rows.append((title, summary, seconds, code))
    if not args.no_write:
        if args.only:
            _replace_rows(rows, args.examples)
            print("updated bench/differential.md")
            return 1 if failed else 0
        lines = ["# Differential profile (issue #6)", "",
                 f"`python bench/differential.py --examples {args.examples}` — "
                 f"{datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}, {os.cpu_count()} cores.", "",
                 "| profile | programs | result | time | per program |", "|---|---:|---|---:|---:|"]
        for title, summary, seconds, code in rows:
            lines.append(f"| {title} | {args.examples:,} | {'agree' if code == 0 else 'DISAGREE'}: {summary} | "
                         f"{seconds:.0f} s | {1000 * seconds / args.examples:.1f} ms |")
        lines += ["", "Each profile is a hypothesis property; `passed` means every generated program gave the "
                  "same answers on every path (hypothesis stops at the first disagreement and shrinks it).", ""]
        (ROOT / "bench" / "differential.md").write_text("\n".join(lines), encoding="utf-8")
        print("wrote bench/differential.md")
    return 1 if failed else 0


def _replace_rows(rows, examples):
    """Replace (or add) the rows of the profiles just run in bench/differential.md's table."""
    path = ROOT / "bench" / "differential.md"
    lines = path.read_text(encoding="utf-8").splitlines()
    for title, summary, seconds, code in rows:
        row = (f"| {title} | {examples:,} | {'agree' if code == 0 else 'DISAGREE'}: {summary} | "
               f"{seconds:.0f} s | {1000 * seconds / examples:.1f} ms |")
        where = [i for i, line in enumerate(lines) if line.startswith(f"| {title} |")]
        if where:
            lines[where[0]] = row
        else:
            last = max(i for i, line in enumerate(lines) if line.startswith("| "))
            lines.insert(last + 1, row)
    lines.append(f"Row(s) {', '.join(r[0].split(' (')[0] for r in rows)} run "
                 f"{datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z} with `--only`.")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
