#!/usr/bin/env python3
"""Issue 24 item 4: benchmark-sized programs through `reasoner run PROGRAM FACTS_DIR`, beside clingo.

    python bench/joins.py [--only tc5,tc6,sg,pointsto] [--write]

Each workload is written once as a fact directory (NAME.csv) and as an ASP facts file; then, in one
run, each path is started as a fresh process under /usr/bin/time -v (wall seconds, peak RSS):
- reasoner: `reasoner run --timeout 900 PROGRAM FACTS_DIR -o`-less, the model written to a file,
  under the default row limits (as a new user runs it);
- clingo: the same rules (the language's syntax is ASP's for these programs), ground and solved by
  the clingo Python module in a fresh interpreter, every atom of the model written to a file.
The size of the goal relation must be equal on both paths (the run exits 1 otherwise).

Workloads (seeded, generated here; no benchmark's data is copied):
- tc5 / tc6: transitive closure, left recursion, over 10^5 edges (chains of 10 edges) and 10^6
  edges (chains of 2 edges): closures of 550,000 and 1,500,000 pairs;
- sg: same generation over a forest of binary trees of depth 4 (100,012 parent facts);
- pointsto: an Andersen-style points-to analysis (variables, allocation sites, assignments, loads
  and stores through fields, calls binding actual to formal arguments) of a generated program of
  about 50,000 input facts; `is_ptr(V)` holds for every variable that may point somewhere.
"""
from __future__ import annotations

import argparse
import datetime
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TC = "path(X, Y) :- edge(X, Y).\npath(X, Z) :- path(X, Y), edge(Y, Z).\n"
SG = ("sg(X, Y) :- parent(X, P), parent(Y, P), X != Y.\n"
      "sg(X, Y) :- parent(X, A), sg(A, B), parent(Y, B).\n")
POINTSTO = """\
vpt(V, H) :- alloc(V, H).
vpt(To, H) :- assign(To, From), vpt(From, H).
vpt(To, H) :- load(To, Base, F), vpt(Base, B), hpt(B, F, H).
hpt(B, F, H) :- store(Base, F, From), vpt(Base, B), vpt(From, H).
assign(Formal, Actual) :- call(I, Fn), actual(I, K, Actual), formal(Fn, K, Formal).
assign(Ret, Value) :- call(I, Fn), result(I, Ret), returns(Fn, Value).
is_ptr(V) :- vpt(V, H).
"""


def chains(n_edges, length):
    out = []
    c = 0
    while len(out) < n_edges:
        out.extend((f"c{c}n{i}", f"c{c}n{i + 1}") for i in range(length))
        c += 1
    return {"edge": out[:n_edges]}


def forest(n_parent):
    rows = []
    t = 0
    while len(rows) < n_parent:
        # a binary tree of depth 4 below root t_0: node k has children 2k+1 and 2k+2 (child, parent)
        rows.extend((f"t{t}_{k}", f"t{t}_{(k - 1) // 2}") for k in range(1, 31))
        t += 1
    return {"parent": rows}


def points_to(seed=24, functions=1600, shared=0.0, calls=2, module=10):
    """A generated program: each function has a few variables, allocation sites, formals and a
    return value; statements pick variables from their own function (a share `shared` from a few
    globals); a function calls functions after it in its module (`module` functions each), so
    values flow down each module's call graph."""
    rnd = random.Random(seed)
    facts = {k: [] for k in ("alloc", "assign", "load", "store", "call", "actual", "formal", "result", "returns")}
    fields = [f"f{i}" for i in range(6)]
    globals_ = [f"g{i}" for i in range(40)]
    local = {fn: [f"v{fn}_{i}" for i in range(10)] for fn in range(functions)}
    site = 0
    for fn in range(functions):
        vs = local[fn]
        pick = lambda: rnd.choice(globals_) if rnd.random() < shared else rnd.choice(vs)  # noqa: E731
        for k in range(2):
            facts["formal"].append((f"fn{fn}", k, vs[k]))
        facts["returns"].append((f"fn{fn}", vs[2]))
        for _ in range(4):
            facts["alloc"].append((pick(), f"h{site}"))
            site += 1
        for _ in range(10):
            facts["assign"].append((pick(), pick()))
        for _ in range(3):
            facts["load"].append((pick(), pick(), rnd.choice(fields)))
            facts["store"].append((pick(), rnd.choice(fields), pick()))
        for c in range(calls):
            inv = f"i{fn}_{c}"
            last = (fn // module + 1) * module - 1
            callee = f"fn{min(functions - 1, last, fn + 1 + rnd.randrange(module))}"
            facts["call"].append((inv, callee))
            for k in range(2):
                facts["actual"].append((inv, k, pick()))
            facts["result"].append((inv, pick()))
    return facts


WORKLOADS = {
    "tc5": ("transitive closure, 10^5 edges (chains of 10)", TC, lambda: chains(100_000, 10), "path"),
    "tc6": ("transitive closure, 10^6 edges (chains of 2)", TC, lambda: chains(1_000_000, 2), "path"),
    "sg": ("same generation, 100,020 parent facts (binary trees of depth 4)", SG, lambda: forest(100_000), "sg"),
    "pointsto": ("points-to analysis (generated program)", POINTSTO, points_to, "is_ptr"),
}

CLINGO = r"""
import sys, clingo
program, facts, out = sys.argv[1:4]
ctl = clingo.Control(["--warn=none"])
ctl.load(program); ctl.load(facts)
ctl.ground([("base", [])])
with open(out, "w") as fh:
    def on_model(m):
        fh.write("".join(f"{s}.\n" for s in m.symbols(atoms=True)))
    ctl.solve(on_model=on_model)
"""


def write(folder: Path, text, facts):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "program.dl").write_text(text)
    d = folder / "facts"
    d.mkdir(exist_ok=True)
    lp = []
    for name, rows in facts.items():
        (d / f"{name}.csv").write_text("".join(",".join(map(str, r)) + "\n" for r in rows))
        lp.extend(f"{name}({','.join(map(str, r))}).\n" for r in rows)
    (folder / "facts.lp").write_text("".join(lp))
    return sum(len(r) for r in facts.values())


def timed(cmd, out: Path):
    start = time.perf_counter()
    with out.open("w") as fh:
        proc = subprocess.run(["/usr/bin/time", "-v", *cmd], stdout=fh, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr).group(1))
    return wall, rss / 1024, proc.returncode, proc.stderr


def count(path: Path, goal: str) -> int:
    prefix = goal + "("
    with path.open() as fh:
        return sum(1 for line in fh if line.startswith(prefix))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default=",".join(WORKLOADS))
    ap.add_argument("--write", action="store_true", help="append the table to bench/results.md")
    ap.add_argument("--functions", type=int, default=1600,
                    help="functions of the generated points-to program (31 input facts each)")
    args = ap.parse_args(argv)
    reasoner = str(Path(sys.executable).with_name("reasoner"))
    load0 = os.getloadavg()
    lines = [f"## Benchmark-sized programs beside clingo (bench/joins.py, issue 24)", "",
             f"`python bench/joins.py --only {args.only}` — {datetime.datetime.utcnow():%Y-%m-%d %H:%M} UTC, "
             f"{os.cpu_count()} cores, load average {load0[0]:.1f} before. Each path a fresh process under "
             "/usr/bin/time -v (wall, peak RSS); `reasoner run` under its default row limits, writing the "
             "model; clingo writing its model.", "",
             "| workload | input facts | goal rows | path | seconds | peak RSS MB | time / clingo | memory / clingo |",
             "|---|---:|---:|---|---:|---:|---:|---:|"]
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        for key in args.only.split(","):
            title, text, make, goal = WORKLOADS[key]
            folder = Path(tmp) / key
            n = write(folder, text, points_to(functions=args.functions) if key == "pointsto" else make())
            script = folder / "clingo_run.py"
            script.write_text(CLINGO)
            got = {}
            for name, cmd in (("clingo", [sys.executable, str(script), str(folder / "program.dl"),
                                          str(folder / "facts.lp"), str(folder / "clingo.out")]),
                              ("reasoner run", [reasoner, "run", "--timeout", "900", str(folder / "program.dl"),
                                                str(folder / "facts")])):
                out = folder / f"{name.replace(' ', '_')}.stdout"
                wall, rss, rc, err = timed(cmd, out)
                result = folder / "clingo.out" if name == "clingo" else out
                rows = count(result, goal) if rc == 0 else None
                got[name] = (wall, rss, rows, rc, err)
            cw, cr, crows = got["clingo"][:3]
            for name in ("reasoner run", "clingo"):
                wall, rss, rows, rc, err = got[name]
                if rc != 0:
                    ok = False
                    shown = err.strip().splitlines()[0][:160] if err.strip() else f"exit {rc}"
                    lines.append(f"| {title} | {n:,} | – | {name} | failed: {shown} | {rss:.0f} | | |")
                    continue
                if rows != crows:
                    ok = False
                lines.append(f"| {title} | {n:,} | {rows:,}{'' if rows == crows else ' DIFFERENT'} | {name} | "
                             f"{wall:.1f} | {rss:.0f} | {wall / cw:.2f}× | {rss / cr:.2f}× |")
            print("\n".join(lines[-2:]), flush=True)
    lines += ["", f"Load average after: {os.getloadavg()[0]:.1f}.", ""]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        with (ROOT / "bench" / "results.md").open("a") as fh:
            fh.write("\n" + text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
