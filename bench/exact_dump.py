#!/usr/bin/env python3
"""Each generated case's batch verdict, one JSON line a case and goal, to compare two trees answer by
answer (the exact answers must agree where both are exact).

    python bench/exact_dump.py --n 1000 --seed 1 --goals forfeiture > out.jsonl

The cases and the path are bench/exact_share.py's (bench/gen.py, `reasoner batch --verdicts-only`).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--goals", default="forfeiture")
    args = ap.parse_args(argv)
    from bench.exact_share import Counted, checked_goal, generated_cases
    from reasoner.apps.batch import run_verdicts
    rb, cases, items = generated_cases(args.n, args.seed)
    for name in [g.strip() for g in args.goals.split(",") if g.strip()]:
        atom, saved = checked_goal(rb, name)
        with Counted() as counted:
            results = list(run_verdicts(rb, atom, items, saved=saved, cases=cases))
        for i, r in enumerate(results):
            print(json.dumps({"case": i, "goal": name, **r}, default=repr, sort_keys=True))
        print(f"{name}: {counted.worlds} worlds evaluated", file=sys.stderr)


if __name__ == "__main__":
    main()
