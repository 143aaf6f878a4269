"""The warm question through the Python API: `reasoner.ask(case, query)` and its argument, as a
notebook user asks them again and again (the law loaded and cached, the case a file).

    PYTHONPATH=. python bench/question.py [--repeat 30]

Prints milliseconds per question (the fastest of --repeat) for: ask + argument from the case's path
(what a user writes today), ask through a Case parsed once (when the tree has reasoner.Case), and
the peer, loading the same case file alone; the ratios to the peer are what to compare between
trees (the machine's speed cancels out).
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ("facts/ch350_night_direction_unlawful.yaml", "facts/ch348_grain_semi_first_offense.yaml")
QUERIES = ("lawful", "forfeiture")


def median_ms(fn, repeat: int) -> float:
    fn()   # warm
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return 1000 * min(times)   # the least disturbed run: the machine is shared (its load varies)


def main(argv=None) -> int:
    import reasoner
    from reasoner.facts.case import load_case
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args(argv)
    law = reasoner.load_law()
    for case in CASES:
        path = str(ROOT / case)
        peer = median_ms(lambda: load_case(path, law.checked), args.repeat)
        print(f"{case}: load the case alone (peer) {peer:.2f} ms")
        for query in QUERIES:
            def question():
                a = reasoner.ask(path, query)
                a.argument_text()
            ms = median_ms(question, args.repeat)
            line = f"  {query}: ask + argument {ms:.2f} ms ({ms / peer:.1f} x peer)"
            if hasattr(reasoner, "Case"):
                c = reasoner.Case.from_file(path)

                def on_case():
                    c.ask(query).argument_text()
                ms2 = median_ms(on_case, args.repeat)
                line += f"; through a Case {ms2:.2f} ms ({ms2 / peer:.1f} x peer)"
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
