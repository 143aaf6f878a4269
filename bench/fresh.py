"""A fresh `reasoner ask` against the bare imports of its command line, alternating run for run.

    PYTHONPATH=. python bench/fresh.py [--pairs 21] [--case facts/...yaml] [--query lawful]

Each pair runs `python -m reasoner ask CASE QUERY` and `python -c "import click, yaml"` (the peer),
in fresh processes, one after the other (which goes first alternates), so that a drift of the shared
machine's speed hits both. Prints each command's median wall time and the ratio of the medians, with
the load average before and after. Run once beforehand so that the .pyc files are written (with
PYTHONDONTWRITEBYTECODE unset: otherwise every run compiles the modules again); this script unsets
it for its children.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_once(argv, env) -> float:
    t = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=21)
    parser.add_argument("--case", default="facts/ch350_night_direction_lawful.yaml")
    parser.add_argument("--query", default="lawful")
    args = parser.parse_args(argv)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    ask = [sys.executable, "-m", "reasoner", "ask", args.case, args.query]
    bare = [sys.executable, "-c", "import click, yaml"]
    for cmd in (ask, bare):   # warm: the .pyc files and the law cache written
        run_once(cmd, env)
    load_before = os.getloadavg()
    times: dict = {"ask": [], "bare": []}
    for i in range(args.pairs):
        order = (("ask", ask), ("bare", bare)) if i % 2 == 0 else (("bare", bare), ("ask", ask))
        for name, cmd in order:
            times[name].append(run_once(cmd, env))
    load_after = os.getloadavg()
    a, b = statistics.median(times["ask"]), statistics.median(times["bare"])
    print(f"ask {args.case} {args.query}: {1000 * a:.0f} ms median; bare imports (click, yaml): "
          f"{1000 * b:.0f} ms median; ratio {a / b:.2f}x ({args.pairs} alternating pairs; "
          f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
