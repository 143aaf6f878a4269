"""Two trees' warm questions side by side: one persistent process per tree (the law loaded and each
case parsed once), asked in turn, which goes first alternating round by round, each time a new
Question about the parsed case, answered with its argument (what bench/warm.py prints as "a new
Question ... each time"); processor time, so that a busy machine's other work moves it less. The
law's kept answers (answer/answering.py AnswerMemo) are emptied before each question, so that both
trees answer from scratch; --keep leaves them (the branch's new Questions then answer from them).

    python bench/warm_pair.py --base /tmp/main-copy --branch . [--rounds 10] [--per-round 10] [--case FILE:QUERY ...]

Each tree runs with its own PYTHONPATH and REASONER_CACHE_DIR (--cache + _base / _branch). Prints each case's median and 10th
percentile per tree and the ratio of the medians, with the load average before and after.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

CASES = (("facts/ch350_night_direction_lawful.yaml", "lawful"),
         ("facts/ch350_night_direction_unlawful.yaml", "lawful"),
         ("facts/ch348_grain_semi_first_offense.yaml", "forfeiture"))

WORKER = r'''
import sys, time
import reasoner
from reasoner.answer.question import Question
CASES = [tuple(x) for x in %s]
KEEP = %s
law = reasoner.load_law()
loaded = []
for c, q in CASES:
    first = Question.of(c, q, law)
    first.answer().argument_text()
    for _ in range(3):
        Question.of(first.case, q, law).answer().argument_text()
    loaded.append(first.case)
print("ready", flush=True)
for line in sys.stdin:
    i, n = map(int, line.split())
    out = []
    for _ in range(n):
        if not KEEP:
            getattr(law, "_engines", {}).pop("answers", None)
        t = time.process_time()
        Question.of(loaded[i], CASES[i][1], law).answer().argument_text()
        out.append(time.process_time() - t)
    print(" ".join(f"{x:.6f}" for x in out), flush=True)
'''


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True)
    parser.add_argument("--branch", required=True)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--per-round", type=int, default=10)
    parser.add_argument("--cache", default="/tmp/warm_pair_cache")
    parser.add_argument("--case", action="append", default=[],
                        help="FILE:QUERY, repeatable: these cases instead of the three above")
    parser.add_argument("--keep", action="store_true",
                        help="leave the law's kept answers (default: emptied before each question)")
    args = parser.parse_args(argv)
    cases = [tuple(c.rsplit(":", 1)) for c in args.case] or list(CASES)
    worker = WORKER % (repr([list(c) for c in cases]), repr(args.keep))
    trees = {"base": os.path.abspath(args.base), "branch": os.path.abspath(args.branch)}
    procs = {}
    for name, folder in trees.items():
        env = dict(os.environ, PYTHONPATH=folder, REASONER_CACHE_DIR=f"{args.cache}_{name}")
        p = subprocess.Popen([sys.executable, "-c", worker], cwd=folder, env=env, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
        procs[name] = p
    print(f"load average before {os.getloadavg()[0]:.2f}")
    times: dict[tuple[str, int], list[float]] = {(n, i): [] for n in trees for i in range(len(cases))}
    for r in range(args.rounds):
        order = ["base", "branch"] if r % 2 == 0 else ["branch", "base"]
        for i in range(len(cases)):
            for name in order:
                p = procs[name]
                assert p.stdin is not None and p.stdout is not None
                p.stdin.write(f"{i} {args.per_round}\n")
                p.stdin.flush()
                times[(name, i)] += [float(x) for x in p.stdout.readline().split()]
    print(f"load average after {os.getloadavg()[0]:.2f}")
    for i, (case, query) in enumerate(cases):
        base, branch = times[("base", i)], times[("branch", i)]

        def tenth(v: list[float]) -> float:
            return sorted(v)[len(v) // 10]
        print(f"{case} {query}: base {1000 * statistics.median(base):.1f} / {1000 * tenth(base):.1f} ms, "
              f"branch {1000 * statistics.median(branch):.1f} / {1000 * tenth(branch):.1f} ms "
              f"(median / 10th percentile of {len(base)}), branch / base "
              f"{statistics.median(branch) / statistics.median(base):.2f}x")
    for p in procs.values():
        assert p.stdin is not None
        p.stdin.close()
        p.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
