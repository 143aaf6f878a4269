"""A warm question: the law loaded and the case parsed once in this process, the Question built once,
then `.answer()` and its argument (the text ask prints) again and again; and, for comparison, a new
Question about the same parsed case each time (what is not kept between questions).

    PYTHONPATH=. python bench/warm.py [--runs 100] [--case facts/...yaml] [--query lawful]

Prints the median and the fastest of --runs (milliseconds), and the load average.
"""
from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = (("facts/ch350_night_direction_lawful.yaml", "lawful"),
         ("facts/ch350_night_direction_unlawful.yaml", "lawful"),
         ("facts/ch348_grain_semi_first_offense.yaml", "forfeiture"))


def main(argv=None) -> int:
    import reasoner
    from reasoner.answer.question import Question
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--case", default=None)
    parser.add_argument("--query", default="lawful")
    args = parser.parse_args(argv)
    cases = ((args.case, args.query),) if args.case else CASES
    law = reasoner.load_law()
    print(f"load average {os.getloadavg()[0]:.2f}")
    for case, query in cases:
        q = Question.of(str(ROOT / case), query, law)
        q.answer().argument_text()   # warm
        times = []
        for _ in range(args.runs):
            t = time.perf_counter()
            q.answer().argument_text()
            times.append(time.perf_counter() - t)
        print(f"{case} {query}: ask + argument {1000 * statistics.median(times):.2f} ms median, "
              f"{1000 * min(times):.2f} ms fastest ({args.runs} runs)")
        loaded = q.case   # the peer: a new Question on the same parsed case, answered from scratch
        times = []
        for _ in range(max(args.runs // 5, 5)):
            t = time.perf_counter()
            Question.of(loaded, query, law).answer().argument_text()
            times.append(time.perf_counter() - t)
        print(f"  a new Question about the parsed case each time (nothing kept): "
              f"{1000 * statistics.median(times):.2f} ms median ({len(times)} runs)")
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
