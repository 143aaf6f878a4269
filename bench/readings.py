"""`batch --compare-readings` against one plain `batch --verdicts-only` run, same cases, same run.

    python -m bench.readings --n 10000 --seed 1 [--goal lawful] [--all-combinations]

Generates N cases with bench/gen.py (over the bundled law's vocabulary), then times, in this
process and alternately (plain, compare, plain, compare, ...), the whole of each path from the
case mappings to the results: `run_verdicts` (what `batch --verdicts-only` runs) and
`apps.compare.compare` (what `batch --compare-readings` runs: the default answers, the phrase rows
under each alternative, the answers again for the cases they may change). The law's rulebases of
the alternatives are built before the clock starts (they come from the law cache in a real run).
Prints the times, their ratio and what the comparison evaluated.
"""
from __future__ import annotations

import argparse
import os
import time

from reasoner.apps.batch import Item, run_verdicts
from reasoner.law.queries import check_atom, resolve
from reasoner.engine.rulebase import default_rulebase

from bench.gen import generate


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--goal", default="lawful")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--all-combinations", action="store_true")
    args = ap.parse_args(argv)
    from reasoner.apps.compare import compare
    from reasoner.language.readings import alternatives
    rb = default_rulebase()
    atom, _ = resolve(args.goal)
    atom = check_atom(atom, rb.checked)
    cases = generate(rb.checked, args.seed, args.n)
    items = [Item(f"gen_{i}", c) for i, c in enumerate(cases)]
    for sel in alternatives(rb.source):   # warm: the alternatives' checked law (the law cache's job)
        rb.with_readings(sel).batch_program([atom.key])
    rb.batch_program([atom.key])
    plain, compared, stats, flips = [], [], {}, []
    for _ in range(args.rounds):
        t = time.perf_counter()
        results = list(run_verdicts(rb, atom, items))
        plain.append(time.perf_counter() - t)
        t = time.perf_counter()
        stats = {}
        flips = compare(rb, atom, items, args.all_combinations, stats=stats)
        compared.append(time.perf_counter() - t)
    load = os.getloadavg()
    best_plain, best_compare = min(plain), min(compared)
    changed = {item.id for item, *_ in flips}
    print(f"cases: {args.n} generated (seed {args.seed}), goal {args.goal}; answers: "
          f"{sum(1 for r in results if r.get('answer') == 'true')} true, "
          f"{sum(1 for r in results if r.get('answer') == 'false')} false, "
          f"{sum(1 for r in results if r.get('answer') == 'undetermined')} undetermined, "
          f"{sum(1 for r in results if 'error' in r)} error(s)")
    print(f"plain run_verdicts (batch --verdicts-only): {', '.join(f'{x:.2f}' for x in plain)} s")
    print(f"compare (batch --compare-readings{' --all-combinations' if args.all_combinations else ''}): "
          f"{', '.join(f'{x:.2f}' for x in compared)} s")
    print(f"ratio (best / best): {best_compare / best_plain:.2f}x")
    print(f"compared: {stats.get('readings_tried')} reading(s) tried on {stats.get('cases_rerun')} case(s) "
          f"they may change ({stats.get('runs')} run(s)); {len(changed)} case(s) turn on a reading ({len(flips)} change(s))")
    print(f"load average after: {load[0]:.2f} / {load[1]:.2f}")


if __name__ == "__main__":
    main()
