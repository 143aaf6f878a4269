#!/usr/bin/env python3
"""The long profile of the two answer engines (issue #6): the same proofs on generated cases.

    python bench/engines.py                    # 2,000 cases x every saved query, writes bench/engines.md
    python bench/engines.py --n 200 --no-write

For every generated case (bench/gen.py, seeded) and every saved query, answer_case on the set
engine (the default of `reasoner ask`) and on pyDatalog (the reference) must give the same
answer, bindings, missing facts and the same proof graph: nodes, edges and every attribute.
Exits 1 on the first disagreement, naming the case and the query. tests/engine/test_engines_agree.py
runs the same check on every case file in facts/ and a small generated sample.
"""
from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def graph_parts(g):
    return (dict(g.graph), sorted((n, sorted(d.items(), key=repr)) for n, d in g.nodes(data=True)),
            sorted((u, v, sorted(d.items())) for u, v, d in g.edges(data=True)))


def main(argv=None):
    from bench.fastload import load_all
    from bench.gen import generate
    from reasoner.answer.answering import answer_case
    from reasoner.law.queries import resolve
    from reasoner.engine.rulebase import default_rulebase

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2000, help="generated cases (default 2,000)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--no-write", action="store_true", help="do not write bench/engines.md")
    args = ap.parse_args(argv)
    rb = default_rulebase()
    queries = sorted(p.stem for p in (ROOT / "queries").glob("*.yaml"))
    goals = [(q, *resolve(q)) for q in queries]
    cases = load_all(rb.checked, generate(rb.checked, args.seed, args.n))
    seconds = {"sets": 0.0, "pydatalog": 0.0}
    nodes = 0
    tally: dict = {}
    started = datetime.datetime.now().astimezone()
    for i, case in enumerate(cases):
        for name, atom, saved in goals:
            got = {}
            for engine in ("pydatalog", "sets"):
                t0 = time.perf_counter()
                got[engine] = answer_case(rb, case, atom, saved, engine=engine)
                seconds[engine] += time.perf_counter() - t0
            ref, fast = got["pydatalog"], got["sets"]
            same = ((fast.answer, fast.bindings, fast.missing) == (ref.answer, ref.bindings, ref.missing)
                    and graph_parts(fast.graph) == graph_parts(ref.graph))
            if not same:
                print(f"DISAGREEMENT: generated case {i} (seed {args.seed}), query {name}: "
                      f"pyDatalog {ref.answer}, sets {fast.answer}", file=sys.stderr)
                return 1
            nodes += ref.graph.number_of_nodes()
            tally[(name, ref.answer)] = tally.get((name, ref.answer), 0) + 1
        if (i + 1) % 200 == 0:
            print(f"{i + 1:,} cases: all proofs identical", flush=True)
    pairs = len(cases) * len(goals)
    summary = (f"{len(cases):,} generated cases (seed {args.seed}) x {len(goals)} saved queries = {pairs:,} answers: "
               f"every answer, binding, missing fact and proof graph identical on both engines "
               f"({nodes:,} graph nodes in all). Time for answer + proof: pyDatalog {seconds['pydatalog']:.1f} s, "
               f"sets {seconds['sets']:.1f} s ({seconds['pydatalog'] / seconds['sets']:.1f}x faster).")
    print(summary)
    if not args.no_write:
        lines = ["# The two answer engines, proof for proof (bench/engines.py)", "",
                 f"Run {started:%Y-%m-%d %H:%M %Z}: `python bench/engines.py --n {args.n} --seed {args.seed}`.", "",
                 summary, "", "| query | true | false | undetermined |", "|---|---:|---:|---:|"]
        for name, _, _ in goals:
            lines.append(f"| {name} | " + " | ".join(f"{tally.get((name, a), 0):,}" for a in
                                                      ("true", "false", "undetermined")) + " |")
        (ROOT / "bench/engines.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
