#!/usr/bin/env python3
"""Why the inexact answers of bench/exact_share.py are not exact, case by case: the candidates the
split had (input, entity, number of values), and the budget that would have made the split finish.

    python bench/exact_why.py --n 1000 [--seed 1] [--goal forfeiture] [--budgets 300,600,1200,5000]

Each generated case whose batch verdict (`reasoner batch --verdicts-only`) is not exact is split
again on its own (split.split_many, as the batch path splits it) at each larger budget; printed: the
case, the reason, the candidates, and the smallest budget tried at which it is exact ("never" when
none). A summary groups the cases by the inputs split on and by that budget.
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--goal", default="forfeiture")
    ap.add_argument("--budgets", default="300,600,1200,5000")
    ap.add_argument("--only", default="", help="comma-separated 0-based cases")
    args = ap.parse_args(argv)
    from bench.exact_share import checked_goal, generated_cases, reason_kind
    from reasoner.apps.batch import run_verdicts
    from reasoner.apps.batch import pattern
    from reasoner.engine.exact.split import split_many
    from reasoner.engine.exact.unknowns import unknowns
    rb, cases, items = generated_cases(args.n, args.seed)
    atom, saved = checked_goal(rb, args.goal)
    if args.only:
        which = [int(x) for x in args.only.split(",")]
        reasons = {i: "" for i in which}
    else:
        results = list(run_verdicts(rb, atom, items, saved=saved, cases=cases))
        reasons = {i: r.get("exact_reason", "") for i, r in enumerate(results) if not r.get("exact", True)}
    budgets = [int(b) for b in args.budgets.split(",")]
    by_kind, by_inputs, by_budget = Counter(), Counter(), Counter()
    for i, why in reasons.items():
        case = cases[i]
        cands = unknowns(rb, case, atom)
        shown = ", ".join(f"{u.row.pred}({u.entity})x{len(u.choices) if u.choices else ('follows' if u.leader is not None else 0)}"
                          for u in cands)
        need = "never"
        for b in budgets:
            ex = split_many(rb, atom, pattern(atom), [case], budget=b)[0]
            if not ex.exact:
                ex2 = split_many(rb, atom, pattern(atom), [case], budget=b, cone=[True])[0]
                ex = ex2 if ex2.exact else ex
            if ex.exact:
                need = str(b)
                break
        kind = reason_kind(why)
        by_kind[kind] += 1
        by_inputs[tuple(sorted({u.row.pred for u in cands}))] += 1
        by_budget[(kind, need)] += 1
        print(f"case {i}: {kind} | exact at budget {need} | {len(cands)} inputs: {shown}", flush=True)
    print("by reason:", dict(by_kind))
    print("by (reason, budget that finishes):", dict(sorted(by_budget.items())))
    for k, v in by_inputs.most_common():
        print(f"  {v} x {', '.join(k)}")


if __name__ == "__main__":
    main()
