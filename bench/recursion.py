#!/usr/bin/env python3
"""Recursion benchmark (issue 14): transitive closure beside clingo and pyDatalog, in one run.

    python bench/recursion.py                    # prints a Markdown section; --write appends it to bench/results.md

Graphs: a chain of 1,000 nodes (closure 499,500 pairs) and a random graph of 10,000 edges over
10,000 nodes (seeded). Programs: left recursion `path(X,Z) :- path(X,Y), edge(Y,Z).` and right
recursion `path(X,Z) :- edge(X,Y), path(Y,Z).`

Paths timed (each in a fresh forked child, median of --runs; facts already in memory):
- set engine: engine/setsession.py on the rule program (what `ask`/`run` use), both copies
  (certain and possible) saturated semi-naively; the result is counted, not printed;
- batch engine: engine/batch.py (what `batch --verdicts-only` uses), the same program, one case;
- clingo: the plain two-valued ASP program (ground + solve + reading the model back);
- clingo (3-valued): our translation (engine/clingo_export.py: certain and possible copies, the
  case id as an argument), the same work as our engines do (one run, --pyd-timeout);
- pyDatalog: the reference engine through Session (left recursion only: it hangs on right
  recursion over cycles, PYDATALOG_NOTES.md), stopped after --pyd-timeout seconds.
Every path's closure is checked against the set engine's.
"""
from __future__ import annotations

import argparse
import datetime
import multiprocessing
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LEFT = "path(X, Y) :- edge(X, Y).\npath(X, Z) :- path(X, Y), edge(Y, Z).\n"
RIGHT = "path(X, Y) :- edge(X, Y).\npath(X, Z) :- edge(X, Y), path(Y, Z).\n"


def chain(n):
    return [(f"n{i}", f"n{i + 1}") for i in range(n - 1)]


def random_graph(edges, nodes, seed=14):
    rnd = random.Random(seed)
    out = set()
    while len(out) < edges:
        out.add((f"n{rnd.randrange(nodes)}", f"n{rnd.randrange(nodes)}"))
    return sorted(out)


def rulebase(text):
    from reasoner.language.ast import Program
    from reasoner.language.parser import parse_text
    from reasoner.engine.rulebase import Rulebase, _assign_ids
    prog = Program()
    prog.merge(parse_text(text, "tc.dl"))
    _assign_ids(prog)
    return Rulebase(prog, None, fact_preds=(("edge", 2),))


def rows_of(edges):
    from reasoner.facts.directory import Row
    return [Row("edge", e) for e in edges]


def path_sets(text, edges):
    from reasoner.engine.setsession import SetSession
    rb = rulebase(text)
    engine = rb.set_engine([("path", 2)])
    rows = rows_of(edges)
    t = time.perf_counter()
    with SetSession(engine, rows) as s:
        n = len(s.status("path", (None, None))[0])
    return time.perf_counter() - t, n


def path_batch(text, edges):
    from reasoner.engine.batch import BatchProgram
    rb = rulebase(text)
    program = BatchProgram(rb.checked, goals=[("path", 2)])
    rows = rows_of(edges)
    t = time.perf_counter()
    result = program.run([rows], chunk=None)
    n = len(result.status(0, "path", (None, None))[0])
    return time.perf_counter() - t, n


def path_clingo(text, edges):
    import clingo
    t = time.perf_counter()
    facts = "".join(f"edge({a},{b}).\n" for a, b in edges)
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], facts + text + "#show path/2.\n")
    ctl.ground([("base", [])])
    count = [0]
    ctl.solve(on_model=lambda m: count.__setitem__(0, len(m.symbols(shown=True))))
    return time.perf_counter() - t, count[0]


def path_clingo3(text, edges):
    from reasoner.engine.clingo_export import AspProgram
    rb = rulebase(text)
    rows = rows_of(edges)
    t = time.perf_counter()
    solved = AspProgram(rb.checked).solve([rows], [("path", 2)])
    return time.perf_counter() - t, len(solved[0][("path", "c")])


def path_pydatalog(text, edges):
    from reasoner.engine.pydatalog.session import Session
    rb = rulebase(text)
    compiled = rb.compiled
    rows = rows_of(edges)
    t = time.perf_counter()
    with Session(compiled, rows) as s:
        n = len(s.status("path", (None, None))[0])
    return time.perf_counter() - t, n


PATHS = {"set engine": path_sets, "batch engine": path_batch, "clingo": path_clingo,
         "clingo (3-valued translation)": path_clingo3, "pyDatalog": path_pydatalog}


def _child(conn, fn, text, edges):
    import gc
    gc.freeze()
    try:
        conn.send(("ok",) + fn(text, edges))
    except BaseException as exc:  # noqa: BLE001 - reported in the table
        conn.send(("error", f"{type(exc).__name__}: {exc}"[:200], 0))


def timed(fn, text, edges, timeout):
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, fn, text, edges), daemon=True)
    proc.start()
    child.close()
    try:
        if not parent.poll(timeout):
            return None, f"did not finish in {timeout:g} s"
        msg = parent.recv()
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join(5)
    if msg[0] != "ok":
        return None, msg[1]
    return msg[1], msg[2]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--chain", type=int, default=1000)
    ap.add_argument("--edges", type=int, default=10_000)
    ap.add_argument("--nodes", type=int, default=10_000)
    ap.add_argument("--timeout", type=float, default=300.0)
    ap.add_argument("--pyd-timeout", type=float, default=120.0)
    ap.add_argument("--write", action="store_true", help="append the section to bench/results.md")
    args = ap.parse_args(argv)
    graphs = [(f"chain of {args.chain:,} nodes", chain(args.chain)),
              (f"random graph, {args.edges:,} edges over {args.nodes:,} nodes", random_graph(args.edges, args.nodes))]
    lines = ["## Recursion: transitive closure (bench/recursion.py)", "",
             f"{datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}, {os.cpu_count()} cores, "
             f"median of {args.runs} runs, each in a fresh forked child; seconds; ratio = path / clingo "
             "(plain two-valued ASP). The set and batch engines compute both copies (certain and possible).",
             "", "| graph | recursion | closure pairs | path | seconds | ratio to clingo |", "|---|---|---:|---|---:|---:|"]
    for gname, edges in graphs:
        for rname, text in (("left", LEFT), ("right", RIGHT)):
            results = {}
            expected = None
            for pname, fn in PATHS.items():
                if pname == "pyDatalog" and rname == "right":
                    results[pname] = (None, "not run: pyDatalog hangs on right recursion over cycles "
                                            "(refused by the compiler)")
                    continue
                times, note = [], ""
                slow = pname in ("pyDatalog", "clingo (3-valued translation)")  # one run, shorter limit
                for _ in range(1 if slow else args.runs):
                    seconds, n = timed(fn, text, edges, args.pyd_timeout if slow else args.timeout)
                    if seconds is None:
                        note = n
                        break
                    if expected is None:
                        expected = n
                    elif n != expected:
                        note = f"DIFFERENT closure: {n} pairs against {expected}"
                    times.append(seconds)
                results[pname] = (statistics.median(times) if times and not note else None, note)
                print(gname, rname, pname, results[pname], flush=True)
            base = results["clingo"][0]
            for pname, (seconds, note) in results.items():
                shown = f"{seconds:.3f}" if seconds is not None else "–"
                ratio = f"{seconds / base:.2f}×" if seconds is not None and base else (note or "–")
                lines.append(f"| {gname} | {rname} | {expected:,} | {pname} | {shown} | {ratio} |")
    lines.append("")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.write:
        with open(ROOT / "bench" / "results.md", "a", encoding="utf-8") as f:
            f.write("\n" + text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
