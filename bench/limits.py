"""Issue 15: the row budget's margin and the many-priors case (python bench/limits.py; writes
bench/limits.md).

1. The largest rule body (bindings after any literal of a plan) and relation the set engine holds
   for every hand-written case in facts/ with every saved query, against the default row budget.
2. One vehicle with N prior weight convictions (the `weight_prior(V, A), weight_prior(V, B),
   A != B` shape of 348.21(3r)): the set engine's answer with its proof (answer_case), against
   the same question on the lawful demo case, as a ratio; and the case loading time apart. Wall
   and CPU time of this process both: on a shared machine the CPU time is the steadier one.
3. The whole `reasoner ask CASE forfeiture` of the 9,998-prior case in a fresh process (start-up,
   loading the law from its cache, reading the YAML, answering, the text proof), beside a Python
   that only imports click and PyYAML, medians of 5 in the same run.
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

from reasoner.core import deadline  # noqa: E402
from reasoner.answer.answering import answer_case  # noqa: E402
from reasoner.engine import batch as engine_batch  # noqa: E402
from reasoner.facts.case import load_case  # noqa: E402
from reasoner.law.queries import resolve  # noqa: E402
from reasoner.engine.rulebase import default_rulebase  # noqa: E402



def priors_case(n, path):
    from tests.test_limits import PRIOR, PRIORS_HEAD as HEAD
    path.write_text(HEAD.format(n=n) + "".join(PRIOR.format(i=i, under=("s3", "s3g")[i % 2]) for i in range(n)),
                    encoding="utf-8")
    return path


def largest_rows(rb):
    """(largest bindings list in any plan step, largest relation) over facts/ x queries/."""
    peak = {"bindings": 0, "relation": 0}
    original = engine_batch.BatchPlan._run

    def watched(self, rel, errors, limit):
        out = original(self, rel, errors, limit)
        peak["bindings"] = max(peak["bindings"], len(out or ()))
        return out
    engine_batch.BatchPlan._run = watched
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
        engine_batch.BatchPlan._run = original
        setsession.SetEngine._evaluate = orig_eval
    return n, peak


def timed(fn, repeat=3):
    """(best wall seconds, best CPU seconds of this process) over `repeat` runs."""
    best, cpu = float("inf"), float("inf")
    for _ in range(repeat):
        gc.collect()
        t, c = time.perf_counter(), time.process_time()
        fn()
        best = min(best, time.perf_counter() - t)
        cpu = min(cpu, time.process_time() - c)
    return best, cpu


def fresh_process(args, repeat=5):
    """Median (wall, user+system CPU) seconds of `args` run in a new process."""
    import resource
    import statistics
    import subprocess
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main():
    import tempfile
    rb = default_rulebase()
    n_questions, peak = largest_rows(rb)
    atom, saved = resolve("forfeiture")
    demo = load_case(ROOT / "facts/ch348_log_truck_third_offense.yaml", rb.checked)
    base, base_cpu = timed(lambda: answer_case(rb, demo, atom, saved))
    rows = []
    whole = None
    with tempfile.TemporaryDirectory() as tmp:
        for n in (100, 1000, 4000, 9998):
            path = priors_case(n, Path(tmp) / f"priors{n}.yaml")
            load, load_cpu = timed(lambda: load_case(path, rb.checked), repeat=2)
            loaded = load_case(path, rb.checked)
            answer = answer_case(rb, loaded, atom, saved)
            assert answer.answer == "true" and "348.21(3g)(b)" in answer.cited, answer.cited
            took, cpu = timed(lambda: answer_case(rb, loaded, atom, saved), repeat=3)
            rows.append((n, path.stat().st_size, load, load_cpu, took, cpu, cpu / base_cpu))
            if n == 9998:
                whole = fresh_process([sys.executable, "-m", "reasoner.cli", "ask", str(path), "forfeiture"])
                peer = fresh_process([sys.executable, "-c", "import click, yaml"])
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
        f"Baseline: the same question on facts/ch348_log_truck_third_offense.yaml (2 priors): {base * 1000:.1f} ms "
        f"wall, {base_cpu * 1000:.1f} ms CPU. Best of 2 (loading) and of 3 (answering), in this process.",
        "",
        "| N priors | case file | load case: wall (s) | CPU (s) | answer + proof: wall (s) | CPU (s) | CPU / baseline |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for n, size, load, load_cpu, took, cpu, ratio in rows:
        lines.append(f"| {n:,} | {size / 1e6:.2f} MB | {load:.2f} | {load_cpu:.2f} | {took:.3f} | {cpu:.3f} | {ratio:.0f}x |")
    if whole:
        lines += ["", "## The whole command", "",
                  f"`reasoner ask` of the 9,998-prior case (1.35 MB) in a fresh process, median of 5: "
                  f"{whole[0]:.2f} s wall, {whole[1]:.2f} s CPU (start-up, the law from its cache, reading the "
                  f"YAML, answering, the text proof). A Python that only imports click and PyYAML, the same way: "
                  f"{peer[0]:.2f} s wall, {peer[1]:.2f} s CPU."]
    lines += ["", "Before issue 15 the 9,998-prior case ran 53 s to 7.9 GB and ended in a MemoryError: "
              "the body of `third_weight_conviction(V) :- weight_prior(V, A), weight_prior(V, B), A != B` "
              "made every pair (10^8 rows). The set engine now keeps only the variables still needed (the "
              "second literal becomes an existence test) and finds the proof's witness variable by "
              "variable.", "",
              "Superlinear part (polish, 2026-11-30): with the garbage collector running, every full collection "
              "walks all live objects, and loading and answering allocate ~120,000 fact rows for 9,998 priors. The "
              "collector is now paused while a case is parsed (facts/case.py parse_case) and while a question is "
              "evaluated and its proof built (api.answer_case, reasoner/gcpause.py); before that, 9,998 priors "
              "took 3.1-4.1 s to load and 0.75-1.17 s to answer on this machine.", "",
              "Proof witnesses and two-valued strata (2026-11-30, afternoon): a proof's seeded search (the witness "
              "of `weight_prior(logger, p0)` among 9,998 rows) now binds the seed before the literal that reads it, "
              "and that literal looks it up as an index key, exactly (never a row with UNKNOWN there), instead of "
              "scanning the relation and filtering; so rule bodies are no longer made whole to be searched "
              "(`SMALL_BODY` back from 65,536 to 1,024 rows). And a non-recursive stratum whose reads have equal "
              "certain and possible copies evaluates its certain copy only (the possible copy takes the same "
              "rows, as recursive strata already did): here the priors' affirmance is unstated, so "
              "`prior_within_12_months` is computed twice, but its two copies come out equal and everything "
              "above it (`weight_prior`, `third_weight_conviction`, the forfeiture) once. Case loading resolves "
              "each distinct YAML scalar's tag once, parses plain whole numbers directly and reads an entity's "
              "attributes with the kind's declarations looked up once. Back to back on the 9,998-prior case "
              "(load average ~2 with other work): answer + proof 0.8-1.0 s before, 0.42-0.54 s after; the whole "
              "`reasoner ask` 2.2-2.5 s user CPU before, 1.6-1.8 s after.", ""]
    out = ROOT / "bench/limits.md"
    out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
