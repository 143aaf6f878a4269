#!/usr/bin/env python3
"""Snapshot the tool's behaviour, to diff two trees byte for byte around a restructure.

    REASONER_CACHE_DIR=/tmp/cache python tools/behaviour_snapshot.py OUT_DIR [--jobs 2]
    REASONER_CACHE_DIR=/tmp/cache python tools/behaviour_snapshot.py OUT_DIR --compare BEFORE_DIR

For every bundled case in facts/ x every saved query in queries/: what `reasoner ask` prints as text
and as JSON, and the HTML handout `reasoner export --to html` writes (tools/dump_outputs.py, the
per-case part); then for every saved query, `reasoner batch facts/ QUERY` over the whole folder as
CSV, JSON and text (OUT/batch/QUERY.FORMAT). --compare: after writing, list every file that differs
from (or is missing in) BEFORE_DIR and exit 1 if any does. The batch text output ends with a timing
line; it is dropped before writing (the only inherently variable bytes).
"""
from __future__ import annotations

import argparse
import filecmp
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import dump_outputs  # noqa: E402  (the per-case dump, one folder per case)

FORMATS = ("ask-text", "ask-json", "html")
BATCH = ("csv", "json", "text")


def dump_batch(out: Path, queries) -> int:
    from click.testing import CliRunner
    from reasoner.cli import main as cli
    runner = CliRunner()
    folder = out / "batch"
    folder.mkdir(parents=True, exist_ok=True)
    failed = 0
    for query in queries:
        for fmt in BATCH:
            result = runner.invoke(cli, ["batch", "facts", query, "--to", fmt], catch_exceptions=True)
            data = result.stdout_bytes
            if fmt == "text":
                data = b"".join(l for l in data.splitlines(keepends=True) if not _timing(l))
            if result.exit_code not in (0, 1):
                failed += 1
                data += f"\nexit {result.exit_code}\n{result.stderr}".encode()
            (folder / f"{query}.{fmt}").write_bytes(data)
    return failed


def _timing(line: bytes) -> bool:
    return b" s)" in line and (b"cases" in line or b"answered" in line)


def compare(before: Path, after: Path) -> list:
    diffs = []
    for path in sorted(before.rglob("*")):
        if path.is_file():
            other = after / path.relative_to(before)
            if not other.exists() or not filecmp.cmp(path, other, shallow=False):
                diffs.append(str(path.relative_to(before)))
    for path in sorted(after.rglob("*")):
        if path.is_file() and not (before / path.relative_to(after)).exists():
            diffs.append(str(path.relative_to(after)) + " (new)")
    return diffs


def compare_written(before: Path, after: Path) -> list:
    """compare() over the files AFTER has (a run over some of the cases)."""
    return [str(p.relative_to(after)) for p in sorted(after.rglob("*")) if p.is_file()
            and (not (before / p.relative_to(after)).exists()
                 or not filecmp.cmp(p, before / p.relative_to(after), shallow=False))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--compare", type=Path, default=None, help="a snapshot to diff against")
    parser.add_argument("--cases", default="*.yaml", help="glob over facts/ (default: every case); with "
                        "--compare, only the files written are compared")
    args = parser.parse_args(argv)
    if not os.environ.get("REASONER_CACHE_DIR"):
        parser.error("set REASONER_CACHE_DIR (a fixed law cache, so both runs read the same law)")
    out = args.out.resolve()
    before = args.compare.resolve() if args.compare else None
    start = time.perf_counter()
    dump_outputs.main([str(out), "--formats", ",".join(FORMATS), "--jobs", str(args.jobs), "--cases", args.cases])
    queries = sorted(p.stem for p in (ROOT / "queries").glob("*.yaml"))
    failed = dump_batch(out, queries)
    print(f"batch: {len(queries)} queries x {len(BATCH)} formats, {failed} failures; "
          f"{time.perf_counter() - start:.1f} s in all", file=sys.stderr)
    if before is not None:
        diffs = compare(before, out) if args.cases == "*.yaml" else compare_written(before, out)
        for d in diffs:
            print("differs:", d)
        print(f"{len(diffs)} files differ from {before}", file=sys.stderr)
        return 1 if diffs else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
