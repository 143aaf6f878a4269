#!/usr/bin/env python3
"""A million input rows through `reasoner run` (issue 14, item 5), before and after, back to back.

    python bench/million.py                          # this checkout, 3 runs
    python bench/million.py --src /tmp/old --src .  # two source trees, runs alternating

The data (--workload): `edges`, `edge.facts`, 1,000,000 tab-separated random edges over 300,000 nodes
(`n0` .. `n299999`, seeded: the same file every time), and the program `has(X) :- edge(X, _).`;
`weights`, `w.csv`, 1,000,000 rows of a node and a whole number 0-999, and `big(X) :- w(X, N),
N > 990.`. Each run is a fresh
`reasoner run PROGRAM FACTS_DIR` process (its forked worker included: os.wait4 gives the whole
process tree's user CPU and the largest resident set); its output must be byte-identical across
the source trees. A source tree is a directory holding the `reasoner` package (e.g. an older commit
unpacked with `git archive COMMIT | tar -x -C DIR`); it runs with this Python. The machine is
shared, so each run reports the load average beside its times: compare runs made back to back.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = "import sys; sys.path.insert(0, sys.argv.pop(1)); from reasoner.cli import main; main()"


def make_data(directory: Path, workload: str, rows=1_000_000, nodes=300_000, seed=1) -> Path:
    """`edges`: edge.facts (two symbols a row) and `has(X) :- edge(X, _).`; `weights`: w.csv (a
    symbol and a whole number 0-999 a row) and `big(X) :- w(X, N), N > 990.`"""
    facts = directory / "facts"
    facts.mkdir(parents=True, exist_ok=True)
    r = random.Random(seed)
    if workload == "edges":
        with open(facts / "edge.facts", "w", encoding="utf-8") as f:
            f.write("".join(f"n{r.randrange(nodes)}\tn{r.randrange(nodes)}\n" for _ in range(rows)))
        (directory / "prog.dl").write_text("has(X) :- edge(X, _).\n", encoding="utf-8")
    else:
        with open(facts / "w.csv", "w", encoding="utf-8") as f:
            f.write("".join(f"n{r.randrange(nodes)},{r.randrange(1000)}\n" for _ in range(rows)))
        (directory / "prog.dl").write_text("big(X) :- w(X, N), N > 990.\n", encoding="utf-8")
    return directory


def run_once(src: str, data: Path, fmt: str, out: Path):
    cmd = [sys.executable, "-c", RUNNER, src, "run", "--timeout", "600", "--format", fmt,
           str(data / "prog.dl"), str(data / "facts")]
    load = os.getloadavg()[0]
    start = time.perf_counter()
    with open(out, "wb") as sink:
        proc = subprocess.Popen(cmd, stdout=sink, env={**os.environ, "REASONER_CACHE_DIR": str(data / "cache")})
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status:
        raise SystemExit(f"{src}: exit status {status}")
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    return {"user": usage.ru_utime, "sys": usage.ru_stime, "wall": wall, "rss": usage.ru_maxrss / 1024,
            "load": (load + os.getloadavg()[0]) / 2, "sha": digest, "lines": out.read_bytes().count(b"\n")}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", action="append", help="a source tree holding the reasoner package (repeatable)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--format", dest="formats", action="append", choices=["text", "json"])
    ap.add_argument("--workload", choices=["edges", "weights"], default="edges")
    args = ap.parse_args(argv)
    sources = args.src or [str(ROOT)]
    formats = args.formats or ["text"]
    with tempfile.TemporaryDirectory() as tmp:
        data = make_data(Path(tmp), args.workload)
        print(f"workload {args.workload}: {(data / 'prog.dl').read_text().strip()}\n")
        print("| source | format | user CPU | sys | wall | max RSS | load average | output |")
        print("|---|---|---:|---:|---:|---:|---:|---|")
        digests = {}
        for fmt in formats:
            for _ in range(args.runs):
                for src in sources:
                    r = run_once(src, data, fmt, Path(tmp) / "out")
                    digests.setdefault(fmt, set()).add(r["sha"])
                    print(f"| {src} | {fmt} | {r['user']:.2f} s | {r['sys']:.2f} s | {r['wall']:.1f} s | "
                          f"{r['rss']:.0f} MB | {r['load']:.1f} | {r['lines']:,} lines, sha256 {r['sha'][:12]} |",
                          flush=True)
        for fmt, seen in digests.items():
            if len(seen) != 1:
                raise SystemExit(f"the {fmt} outputs differ between runs or source trees")
        print(f"\noutputs byte-identical across sources and runs ({', '.join(formats)})")


if __name__ == "__main__":
    main()
