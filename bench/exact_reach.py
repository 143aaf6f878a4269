#!/usr/bin/env python3
"""How much of a goal's rules a completion of its unknown inputs can change (issue 11).

    python bench/exact_reach.py [--n 1000] [--seed 1]

Exact answers evaluate completions of a case's unknown inputs (engine/probe.py) and split them
(engine/exact.py), each a whole evaluation of the goal's dependency cone. Re-evaluating only the
rules a changed input reaches would save the rest. For each goal the three-valued pass leaves open
on generated cases (bench/gen.py), this prints the share of the cone's rules whose head depends,
through any number of rules (under `not` or not), on one of the case's splittable unknown inputs:
the part such an incremental evaluation would still have to run.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--goals", default="lawful,forfeiture")
    args = ap.parse_args(argv)
    from bench.common import goals as resolve_goals
    from bench.exact_share import generated_cases
    from reasoner.answer.answering import verdict
    from reasoner.engine.exact.unknowns import unknowns
    from reasoner.language.ast import Negative, Positive
    from reasoner.law.queries import pattern
    rb, cases, _ = generated_cases(args.n, args.seed)
    checked = rb.checked
    reads, readers = defaultdict(set), defaultdict(set)   # pred -> preds it reads / preds reading it
    for key, rules in checked.derived.items():
        for rule in rules:
            for lit in rule.body:
                if isinstance(lit, (Positive, Negative)):
                    reads[key].add(lit.atom.key)
                    readers[lit.atom.key].add(key)

    def closure(start, edges):
        seen, todo = set(), list(start)
        while todo:
            for nxt in edges.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    def size(keys):
        return sum(len(checked.derived.get(k, ())) for k in keys)

    for name, atom in resolve_goals([g.strip() for g in args.goals.split(",")]):
        cone = closure([atom.key], reads) | {atom.key}
        goal = (atom.pred, tuple(pattern(atom)))
        found = rb.batch_program([atom.key]).verdicts([c.rows for c in cases], [goal], chunk=None)
        shares = []
        for case, v in zip(cases, found):
            if isinstance(v, Exception) or all(b["answer"] == "true" for b in verdict(atom, *v[goal])[1]):
                continue
            inputs = {(u.row.pred, len(u.row.args)) for u in unknowns(rb, case, atom) if u.choices}
            shares.append(size(closure(inputs, readers) & cone) / size(cone))
        if shares:
            print(f"{name}: {size(cone)} rules in the cone; {len(shares)} open goals of {len(cases)} cases; "
                  f"rules a completion can change: median {statistics.median(shares):.0%}, "
                  f"mean {statistics.mean(shares):.0%}, min {min(shares):.0%}")


if __name__ == "__main__":
    main()
