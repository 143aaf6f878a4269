"""Issue 15: the row budget's margin and the many-priors case (python bench/limits.py; writes
bench/limits.md).

1. The largest rule body (bindings after any literal of a plan) and relation the set engine holds
   for every hand-written case in facts/ with every saved query, against the default row budget.
2. One vehicle with N prior weight convictions (the `weight_prior(V, A), weight_prior(V, B),
   A != B` shape of 348.21(3r)): the set engine's answer with its proof (answer_case), against
   the same question on the lawful demo case, as a ratio; and the case loading time apart.
"""
from __future__ import annotations

import gc
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reasoner import deadline  # noqa: E402
from reasoner.api import answer_case  # noqa: E402
from reasoner.engine import batch as engine_batch  # noqa: E402
from reasoner.facts.case import load_case  # noqa: E402
from reasoner.queries import resolve  # noqa: E402
from reasoner.rulebase import default_rulebase  # noqa: E402



def priors_case(n, path):
    from tests.test_limits import PRIOR, PRIORS_HEAD as HEAD
    path.write_text(HEAD.format(n=n) + "".join(PRIOR.format(i=i, under=("s3", "s3g")[i % 2]) for i in range(n)),
                    encoding="utf-8")
    return path


def largest_rows(rb):
    """(largest bindings list in any plan step, largest relation) over facts/ x queries/."""
    peak = {"bindings": 0, "relation": 0}
    original = engine_batch._Plan._run

    def watched(self, rel, errors):
        out = original(self, rel, errors)
        peak["bindings"] = max(peak["bindings"], len(out or ()))
        return out
    engine_batch._Plan._run = watched
    from reasoner.engine import setsession
    orig_eval = setsession.SetEngine._evaluate

    def eval_watched(self, facts):
        rels, bodies = orig_eval(self, facts)
        peak["relation"] = max([peak["relation"]] + [len(r.rows) for r in rels.values()])
        return rels, bodies
    setsession.SetEngine._evaluate = eval_watched
    try:
        n = 0
        for case in sorted((ROOT / "facts").glob("*.yaml")):
            loaded = load_case(case, rb.checked)
            for q in sorted((ROOT / "queries").glob("*.yaml")):
                atom, saved = resolve(q.stem)
                answer_case(rb, loaded, atom, saved)
                n += 1
    finally:
        engine_batch._Plan._run = original
        setsession.SetEngine._evaluate = orig_eval
    return n, peak


def timed(fn, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main():
    import tempfile
    rb = default_rulebase()
    n_questions, peak = largest_rows(rb)
    atom, saved = resolve("forfeiture")
    demo = load_case(ROOT / "facts/ch348_log_truck_third_offense.yaml", rb.checked)
    base = timed(lambda: answer_case(rb, demo, atom, saved))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in (100, 1000, 4000, 9998):
            path = priors_case(n, Path(tmp) / f"priors{n}.yaml")
            t = time.perf_counter()
            loaded = load_case(path, rb.checked)
            load = time.perf_counter() - t
            answer = answer_case(rb, loaded, atom, saved)
            assert answer.answer == "true" and "348.21(3g)(b)" in answer.cited, answer.cited
            took = timed(lambda: answer_case(rb, loaded, atom, saved), repeat=2)
            rows.append((n, path.stat().st_size, load, took, took / base))
    load_avg = os.getloadavg()
    lines = [
        "# Limits (issue 15)", "",
        f"Command: `python bench/limits.py` — run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. "
        f"Machine: {os.cpu_count()} cores, Python {platform.python_version()}; load average "
        f"{load_avg[0]:.2f} (shared machine: absolute times are noisy, ratios less so).", "",
        "## Row budget margin", "",
        f"Every hand-written case in facts/ with every saved query ({n_questions} questions) on the set "
        f"engine: the largest rule body (rows after a plan) was {peak['bindings']:,} rows and the largest "
        f"relation {peak['relation']:,} rows, against the default budget of {deadline.DEFAULT_MAX_ROWS:,} "
        f"({deadline.DEFAULT_MAX_ROWS // max(peak['bindings'], peak['relation'], 1):,}x margin).", "",
        "## One vehicle with N prior weight convictions (`forfeiture`, set engine, answer with proof)", "",
        f"Baseline: the same question on facts/ch348_log_truck_third_offense.yaml (2 priors): {base * 1000:.1f} ms.",
        "",
        "| N priors | case file | load case (s) | answer + proof (s) | / baseline |",
        "|---:|---:|---:|---:|---:|",
    ]
    for n, size, load, took, ratio in rows:
        lines.append(f"| {n:,} | {size / 1e6:.2f} MB | {load:.2f} | {took:.3f} | {ratio:.0f}x |")
    lines += ["", "Before issue 15 the 9,998-prior case ran 53 s to 7.9 GB and ended in a MemoryError: "
              "the body of `third_weight_conviction(V) :- weight_prior(V, A), weight_prior(V, B), A != B` "
              "made every pair (10^8 rows). The set engine now keeps only the variables still needed (the "
              "second literal becomes an existence test) and finds the proof's witness variable by "
              "variable.", "",
              "Superlinear part (polish, 2026-11-30): with the garbage collector running, every full collection "
              "walks all live objects, and loading and answering allocate ~120,000 fact rows for 9,998 priors, so "
              "the collections grew with the case times the allocations. Measured before on this machine (load "
              "average ~3-4): 9,998 priors loaded in 3.1-4.1 s (1,000: 0.20 s; 16-20x for 10x the file) and "
              "answered in 0.75-1.17 s (5,000: 0.34 s); with collections off only 2.2 s to load. The collector is "
              "now paused while a case is parsed (facts/case.py parse_case) and while a question is evaluated and "
              "its proof built (api.answer_case, reasoner/gcpause.py), as the set engine already did for its "
              "evaluation, and the proof builder indexes the case's fact locations one predicate at a time on first "
              "use. After the change, at load average ~3 (first run, 12:59 UTC): 9,998 priors loaded in 1.20 s "
              "(4,000: 0.63 s, linear) and answered in 0.82 s (4,000: 0.19 s); at load average ~5 the same run "
              "gives the table above. No plan step holds pairs (each sees at most 9,998 bindings), but from "
              "2,500 to 9,998 priors the comparison tests run grow 8x (25,025 to 209,985) and the `!=` tests "
              "28x: the existence test for `weight_prior(V, B), A != B` is keyed on the case only and scans B "
              "rows until one passes, so it depends on row order (not fixed yet). The answer is near a "
              "second, not yet well under it, on this shared machine.", ""]
    out = ROOT / "bench/limits.md"
    out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
