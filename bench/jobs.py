"""Issue 24 item 1: `reasoner batch --jobs N` against `--jobs 1` on the same generated cases.

    python bench/jobs.py --n 10000 --runs 2 [--query lawful] [--proofs 300]

Writes N generated cases (bench/gen.py, seed 1) as a folder of YAML files, then runs
`reasoner batch CASES/ QUERY --verdicts-only -o OUT --jobs J` for J = 1 and 2 alternately,
each under /usr/bin/time -v (wall, user CPU, peak RSS of the largest process), and checks that
every run's output is byte-identical to the first --jobs 1 run's. --proofs K does the same
for the first K cases without --verdicts-only (answers with proofs). Prints a Markdown table.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def write_cases(folder: Path, n: int, seed: int) -> None:
    """N generated cases as a folder of YAML case files (as `python -m bench.gen --out` writes them).
    A folder, not JSONL: a JSONL case is written to YAML and read back (facts/case.py dump_dict),
    which costs more than answering it and would measure PyYAML's emitter."""
    from bench.gen import dump, generate
    from reasoner.engine.rulebase import default_rulebase
    folder.mkdir(parents=True)
    for i, case in enumerate(generate(default_rulebase().checked, seed, n)):
        (folder / f"case_{i:06d}.yaml").write_text(dump(case), encoding="utf-8")


def timed(cmd: list, out: Path) -> dict:
    start = time.perf_counter()
    proc = subprocess.run(["/usr/bin/time", "-v", *cmd], capture_output=True, text=True)
    wall = time.perf_counter() - start
    err = proc.stderr
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", err).group(1))
    user = float(re.search(r"User time \(seconds\): ([\d.]+)", err).group(1))
    if proc.returncode not in (0, 2):
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{err[-2000:]}")
    return {"wall": wall, "user": user, "rss_mb": rss / 1024, "bytes": out.read_bytes()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, nargs="+", default=[10000])
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--query", default="lawful")
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--proofs", type=int, default=0, help="also this many cases with proofs")
    ap.add_argument("--keep", type=Path, default=None,
                    help="write the generated cases here (or reuse them when there already)")
    args = ap.parse_args(argv)
    reasoner = str(Path(sys.executable).with_name("reasoner"))
    print(f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print("| cases | mode | jobs | wall s (median) | user CPU s | peak RSS MB (largest process) | speed-up | output |")
    print("|---:|---|---:|---:|---:|---:|---:|---|")
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        store = args.keep or tmp
        for n in args.n:
            modes = [("verdicts", n, ["--verdicts-only"])]
            if args.proofs:
                modes.append(("proofs", min(n, args.proofs), []))
            for mode, count, flags in modes:
                cases = store / f"cases_{count}_seed{args.seed}"
                if not cases.exists():
                    write_cases(cases, count, args.seed)
                got: dict = {j: [] for j in args.jobs}
                for _ in range(args.runs):
                    for j in args.jobs:   # alternately, so the machine's drift falls on both
                        out = tmp / f"out_{j}.jsonl"
                        got[j].append(timed([reasoner, "batch", str(cases), args.query, *flags, "-o", str(out),
                                             "--jobs", str(j)], out))
                reference = got[args.jobs[0]][0]["bytes"]
                base = None
                for j in args.jobs:
                    runs = got[j]
                    wall = sorted(r["wall"] for r in runs)[len(runs) // 2]
                    same = all(r["bytes"] == reference for r in runs)
                    ok &= same
                    base = base or wall
                    print(f"| {count:,} | {mode} | {j} | {wall:.2f} | {sorted(r['user'] for r in runs)[len(runs) // 2]:.2f} "
                          f"| {max(r['rss_mb'] for r in runs):.0f} | {base / wall:.2f}x | "
                          f"{'byte-identical' if same else 'DIFFERENT'} ({len(reference):,} bytes) |")
    print(f"load average after {os.getloadavg()[0]:.2f}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
