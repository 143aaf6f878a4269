#!/usr/bin/env python3
"""Dump every answer and export of every bundled case x saved query, to compare two trees byte for byte.

    REASONER_CACHE_DIR=/tmp/cache python tools/dump_outputs.py OUT_DIR [--jobs 2] [--formats ask-json,md,...]
    diff -r BEFORE_DIR AFTER_DIR          # a restructure must leave this empty

For each case in facts/ and each saved query in queries/ it writes OUT_DIR/CASE/QUERY.FORMAT with what
`reasoner ask CASE QUERY [--format json]` and `reasoner export CASE QUERY --to FORMAT` print (svg and
png: the file `-o` writes), and for any command that does not exit 0 a `.FORMAT.exit` file with the
exit code and the error lines. It drives the command line in one process (click.testing.CliRunner)
through the console entry's group, `reasoner.cli.main`, so it runs unchanged on either side of a
move of the modules behind it. Paths in the output are the relative paths `facts/CASE.yaml`, and the
command runs from the repository root, so two checkouts give comparable bytes.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FORMATS = ("ask-json", "ask-text", "text", "json", "graphml", "dot", "md", "html", "svg", "png")


def commands(case: str, query: str, fmt: str, tmp: Path):
    """(argv, file the command writes or None) for one output."""
    if fmt == "ask-json":
        return ["ask", case, query, "--format", "json"], None
    if fmt == "ask-text":
        return ["ask", case, query], None
    if fmt in ("svg", "png"):
        out = tmp / f"out.{fmt}"
        return ["export", case, query, "--to", fmt, "-o", str(out)], out
    return ["export", case, query, "--to", fmt], None


def dump_case(job) -> tuple:
    """Every query x format of one case into OUT/CASE/; returns (outputs written, non-zero exits)."""
    case, queries, formats, out_dir = job
    from click.testing import CliRunner
    from reasoner.cli import main as cli
    runner = CliRunner()
    written = failed = 0
    folder = out_dir / Path(case).stem
    folder.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmpname:
        tmp = Path(tmpname)
        for query in queries:
            for fmt in formats:
                argv, out = commands(case, query, fmt, tmp)
                result = runner.invoke(cli, argv, catch_exceptions=True)
                if result.exit_code != 0:
                    failed += 1
                    note = f"exit {result.exit_code}\n{result.stdout}{result.stderr}"
                    if result.exception is not None and not isinstance(result.exception, SystemExit):
                        note += f"exception {type(result.exception).__name__}: {result.exception}\n"
                    (folder / f"{query}.{fmt}.exit").write_text(note, encoding="utf-8")
                    continue
                data = out.read_bytes() if out is not None else result.stdout_bytes
                (folder / f"{query}.{fmt}").write_bytes(data)
                if out is not None:
                    out.unlink()
                written += 1
    return written, failed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--formats", default=",".join(FORMATS), help="comma-separated subset of " + ", ".join(FORMATS))
    parser.add_argument("--cases", default="*.yaml", help="glob over facts/ (default: every case)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes, one case at a time each")
    args = parser.parse_args(argv)
    if not os.environ.get("REASONER_CACHE_DIR"):
        parser.error("set REASONER_CACHE_DIR (a fixed law cache, so both runs read the same law)")
    formats = [f for f in args.formats.split(",") if f]
    unknown = sorted(set(formats) - set(FORMATS))
    if unknown:
        parser.error("unknown formats: " + ", ".join(unknown))

    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    cases = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "facts").glob(args.cases))
    queries = sorted(p.stem for p in (ROOT / "queries").glob("*.yaml"))
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    jobs = [(case, queries, formats, args.out) for case in cases]
    if args.jobs > 1:
        import multiprocessing
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            counts = pool.map(dump_case, jobs, chunksize=1)
    else:
        counts = [dump_case(job) for job in jobs]
    written, failed = sum(c[0] for c in counts), sum(c[1] for c in counts)
    print(f"{len(cases)} cases x {len(queries)} queries x {len(formats)} formats: {written} outputs, "
          f"{failed} non-zero exits, {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
