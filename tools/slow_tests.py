#!/usr/bin/env python3
"""Regenerate tests/slow_tests.txt from measured durations.

    python -m pytest -q -m "not slow" --durations=0 -p no:cacheprovider > /tmp/durations.txt
    python tools/slow_tests.py /tmp/durations.txt [--limit 0.75] [--write]

Reads pytest's `--durations=0` report (lines `1.23s call     tests/x/test_y.py::test_z[param]`),
adds up each test function's setup, call and teardown over all its parameters, and lists every test
function over --limit seconds (the tier rule, setup.cfg / docs/README.md) with the ones the list
already names (a listed test is left out of the fast tier, so it is not measured there; one whose
file is gone is dropped); the law's own tests (tests/law/) always stay in the fast tier. --write:
rewrite tests/slow_tests.txt (its header comment kept), else print the list and what changed.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "tests" / "slow_tests.txt"
LINE = re.compile(r"^\s*([\d.]+)s\s+(setup|call|teardown)\s+(?:tests/)?(\S+?\.py)::([^\s\[]+)")


def durations(report: str) -> dict:
    """{"dir/test_x.py::test_name": seconds} from a --durations=0 report, parameters summed."""
    total: dict = defaultdict(float)
    for line in report.splitlines():
        m = LINE.match(line)
        if m:
            total[f"{m.group(3)}::{m.group(4)}"] += float(m.group(1))
    return dict(total)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path)
    parser.add_argument("--limit", type=float, default=0.75)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args(argv)
    measured = durations(args.report.read_text(encoding="utf-8"))
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
        sys.path.insert(0, str(ROOT))
        from reasoner.core.atomic import write_atomic
        write_atomic(LIST, "\n".join(header + keep) + "\n")
        print(f"{LIST}: {len(keep)} tests ({len(over - listed)} new)")
    else:
        print(f"{len(keep)} tests would be listed ({len(over - listed)} new over {args.limit} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
