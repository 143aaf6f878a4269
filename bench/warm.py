"""A warm question: the law loaded and the case parsed once in this process, the Question built once,
then `.answer()` and its argument (the text ask prints) again and again; a new Question about the
same parsed case each time (answered from what the law keeps: answer/answering.py AnswerMemo); and,
for comparison, a new Question each time with the law's memo emptied first (nothing kept between
questions: the cost of answering).

    PYTHONPATH=. python bench/warm.py [--runs 100] [--case facts/...yaml] [--query lawful]

Prints the median and the fastest of --runs (milliseconds), and the load average; for the new
Questions, also the processor time (less moved by a busy machine's other work than the wall
time) and how many times it evaluates the law.
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


def evaluations(question, loaded, query, law) -> int:
    """How many times a new Question evaluates the law (set-engine sessions and the exact split's
    batches of variants): a count the machine's load does not change."""
    from reasoner.engine.setsession import SetEngine
    count = [0]
    original = SetEngine.evaluate_many

    def counted(self, cases, *args, **kwargs):
        count[0] += 1
        return original(self, cases, *args, **kwargs)
    SetEngine.evaluate_many = counted   # type: ignore[method-assign]
    try:
        law._engines.pop("answers", None)
        question.of(loaded, query, law).answer().argument_text()
    finally:
        SetEngine.evaluate_many = original   # type: ignore[method-assign]
    return count[0]


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
        loaded = q.case
        times, cpu = [], []
        for _ in range(args.runs):   # a new Question on the same parsed case: the law's kept answer
            t, c = time.perf_counter(), time.process_time()
            Question.of(loaded, query, law).answer().argument_text()
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        print(f"  a new Question about the parsed case each time (the law's kept answer): "
              f"{1000 * statistics.median(times):.2f} ms median, {1000 * statistics.median(cpu):.2f} ms of "
              f"processor time ({len(times)} runs)")
        times, cpu = [], []   # the peer: the same, answered from scratch (the law's memo emptied)
        for _ in range(max(args.runs // 5, 5)):
            law._engines.pop("answers", None)
            t, c = time.perf_counter(), time.process_time()
            Question.of(loaded, query, law).answer().argument_text()
            times.append(time.perf_counter() - t)
            cpu.append(time.process_time() - c)
        print(f"  a new Question about the parsed case each time (nothing kept: the memo emptied): "
              f"{1000 * statistics.median(times):.2f} ms median, {1000 * statistics.median(cpu):.2f} ms of "
              f"processor time ({len(times)} runs); {evaluations(Question, loaded, query, law)} evaluations "
              "of the law")
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
