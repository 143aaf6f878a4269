#!/usr/bin/env python3
"""Regenerate tests/slow_tests.txt from measured durations, and docs/README.md's tier figures.

    python -m pytest -q -n 2 -m "not slow" --durations=0 -p no:cacheprovider > /tmp/durations.txt
    python tools/slow_tests.py /tmp/durations.txt [--limit 0.5] [--scale 1] [--write]
    python -m pytest -q -n 2 -m "not slow" -p no:cacheprovider > /tmp/fast.txt
    python tools/slow_tests.py --figures /tmp/fast.txt

Reads pytest's `--durations=0` report (lines `1.23s call     tests/x/test_y.py::test_z[param]`),
adds up each test function's setup, call and teardown over all its parameters, and lists every test
function over --limit seconds (the tier rule: a test over 0.5 s is slow; setup.cfg, docs/README.md)
with the ones the list already names (a listed test is left out of the fast tier, so it is not
measured there; one whose file is gone is dropped); the law's own tests (tests/law/) always stay in
the fast tier. --scale: on a loaded machine every test takes longer; each duration is divided by it
before it is compared with --limit (the fast tier's wall time in the measuring run over its wall time
on a quiet machine). --write: rewrite tests/slow_tests.txt (its header comment kept) and the counts
in docs/README.md's tier figures (a fresh collection), else print the list and what changed.

--figures RUN: rewrite docs/README.md's tier figures (between `<!-- tiers -->` and `<!-- /tiers -->`)
from a fresh collection and RUN, the output of a fast-tier run with `-n 2` on the 2-core machine (its
last line, "N passed ... in S s", gives the wall time); the date and the load average are today's.
"""
from __future__ import annotations

import argparse
import datetime
import os
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "tests" / "slow_tests.txt"
DOCS = ROOT / "docs" / "README.md"
FIGURES = re.compile(r"<!-- tiers -->.*?<!-- /tiers -->", re.S)
LINE = re.compile(r"^\s*([\d.]+)s\s+(setup|call|teardown)\s+(?:tests/)?(\S+?\.py)::([^\s\[]+)")


def durations(report: str) -> dict:
    """{"dir/test_x.py::test_name": seconds} from a --durations=0 report, parameters summed."""
    total: dict = defaultdict(float)
    for line in report.splitlines():
        m = LINE.match(line)
        if m:
            total[f"{m.group(3)}::{m.group(4)}"] += float(m.group(1))
    return dict(total)


def counted() -> tuple[int, int]:
    """(fast tier, whole suite): one collection, no test run."""
    out = subprocess.run([sys.executable, "-m", "pytest", "-m", "not slow", "--collect-only", "-q", "-p", "no:cacheprovider"],
                         capture_output=True, text=True, cwd=ROOT).stdout
    m = re.search(r"(\d+)/(\d+) tests collected", out)
    if not m:
        raise SystemExit(f"pytest --collect-only gave no count:\n{out[-2000:]}")
    return int(m.group(1)), int(m.group(2))


def about(n: int) -> str:
    """n to the nearest ten, with a thousands comma (the docs' "about" figure)."""
    return f"{round(n, -1):,}"


def figures(wall: float | None = None) -> str:
    """docs/README.md's tier figures, as the markers hold them; without a run, the wall time the
    figures already state is kept."""
    fast, total = counted()
    old = FIGURES.search(DOCS.read_text(encoding="utf-8"))
    timed = re.search(r"(\d+ s wall with `-n 2`.*?\))<!--", old.group(0), re.S) if old else None
    today = datetime.date.today().isoformat()
    if wall is not None:
        run = f"{wall:.0f} s wall with `-n 2` on the 2-core machine ({today}, load average {os.getloadavg()[0]:.1f})"
    else:
        run = timed.group(1) if timed else "not yet timed"
    return (f"<!-- tiers -->about {about(fast)} of the {about(total)} tests (counted {today} with\n"
            f"`pytest -m \"not slow\" --collect-only -q`: {fast:,} of {total:,}; `tests/cli/test_docs_agree.py`\n"
            f"holds these figures within 10% of the count),\n{run}<!-- /tiers -->")


def write_figures(wall: float | None = None) -> None:
    text = DOCS.read_text(encoding="utf-8")
    if not FIGURES.search(text):
        raise SystemExit(f"{DOCS}: no `<!-- tiers -->` ... `<!-- /tiers -->` to rewrite")
    new = FIGURES.sub(lambda _: figures(wall), text, count=1)
    from reasoner.core.atomic import write_atomic
    write_atomic(DOCS, new)
    print(f"{DOCS}: {FIGURES.search(new).group(0)}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path, nargs="?")
    parser.add_argument("--limit", type=float, default=0.5)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--figures", type=Path, metavar="RUN")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    if args.figures:
        run = re.search(r"(\d+) passed.*? in ([\d.]+)s", args.figures.read_text(encoding="utf-8"))
        if not run:
            parser.error(f"{args.figures}: no 'N passed ... in S s' line (the output of a pytest run)")
        write_figures(float(run.group(2)))
        return 0
    if args.report is None:
        parser.error("give a --durations=0 report, or --figures RUN")
    measured = {t: s / args.scale for t, s in durations(args.report.read_text(encoding="utf-8")).items()}
    if not measured:
        parser.error(f"{args.report}: no `--durations=0` lines (run pytest with --durations=0)")
    text = LIST.read_text(encoding="utf-8")
    header = [l for l in text.splitlines() if l.startswith("#")]
    listed = {l.strip() for l in text.splitlines() if l.strip() and not l.startswith("#")}
    over = {t for t, s in measured.items() if s > args.limit and not t.startswith("law/")}
    listed = {t for t in listed if (ROOT / "tests" / t.split("::")[0]).is_file()}
    keep = sorted(over | listed)   # a listed test is not measured in the fast tier: it stays listed
    for t in sorted(over - listed):
        print(f"new  {measured[t]:6.2f} s  {t}")
    if args.write:
        from reasoner.core.atomic import write_atomic
        write_atomic(LIST, "\n".join(header + keep) + "\n")
        print(f"{LIST}: {len(keep)} tests ({len(over - listed)} new)")
        write_figures()
    else:
        print(f"{len(keep)} tests would be listed ({len(over - listed)} new over {args.limit} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
