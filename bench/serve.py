"""`reasoner serve`: a warm question's server time beside the same question asked in-process, and
the case page of a bundled case and of a sparse report.

    python -m bench.serve [--runs 30] [--case facts/ch350_night_direction_unlawful.yaml] [--query lawful]
                          [--report facts/ch350_report_night_direction.yaml]

In one process and alternately, run by run: `reasoner.ask` on the case (the peer: the answering the
server calls), `POST /api/ask` with the case as JSON, and `GET /case/NAME` of the case and of the
report: as a page opens (the answer, the argument, the figure, the form; what-if is on request) and
with `?whatif=1` the first time (what-if's nearest changes searched: a new server each run, so that
its what-if cache is empty) and again (kept by the server). Each through Starlette's test client (no
network: the time is the server's). One warm-up run of each first (the law loaded, the templates
compiled). Prints the medians, the ratio to the peer, and the load average before and after. No
timed assert anywhere: the targets (a warm question under 100 ms, a bundled case's page within a
second) are read off this table (bench/serve.md).
"""
from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--case", default="facts/ch350_night_direction_unlawful.yaml")
    ap.add_argument("--report", default="facts/ch350_report_night_direction.yaml")
    ap.add_argument("--query", default="lawful")
    args = ap.parse_args(argv)
    import yaml
    import reasoner
    from starlette.testclient import TestClient
    from reasoner.server.app import create_app
    case, report = Path(args.case), Path(args.report)
    data = yaml.safe_load(case.read_text(encoding="utf-8"))
    load_before = os.getloadavg()

    def client(folder):
        return TestClient(create_app(folder, host="127.0.0.1"), base_url="http://127.0.0.1:8000")
    kept = {folder: client(folder) for folder in {case.parent, report.parent}}

    def peer():
        return reasoner.ask(str(case), args.query).answer

    def api():
        r = kept[case.parent].post("/api/ask", json={"case": data, "query": args.query})
        assert r.status_code == 200, r.text
        return r.json()["answer"]

    def page(path, whatif="", fresh=False):
        def get():
            c = client(path.parent) if fresh else kept[path.parent]
            r = c.get(f"/case/{path.stem}?q={args.query}{whatif}")
            assert r.status_code == 200, r.text[:300]
            return "ok"
        return get

    paths = {"reasoner.ask (peer)": peer, "POST /api/ask": api}
    for label, path in (("case", case), ("report", report)):
        paths[f"GET {label} page"] = page(path)
        paths[f"GET {label} page ?whatif=1, first"] = page(path, "&whatif=1", fresh=True)
        paths[f"GET {label} page ?whatif=1, again"] = page(path, "&whatif=1")
    times: dict = {name: [] for name in paths}
    answers = {name: fn() for name, fn in paths.items()}   # warm-up
    for _ in range(args.runs):
        for name, fn in paths.items():
            t = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t)
    base = statistics.median(times["reasoner.ask (peer)"])
    print(f"case {case}, report {report}, query {args.query}: answer {answers['POST /api/ask']}; {args.runs} runs "
          f"each, alternating; load average {load_before[0]:.2f} before, {os.getloadavg()[0]:.2f} after")
    print(f"{'path':40} {'median ms':>10} {'min ms':>8} {'ratio':>7}")
    for name, ts in times.items():
        med = statistics.median(ts)
        print(f"{name:40} {med * 1000:10.1f} {min(ts) * 1000:8.1f} {med / base:7.2f}")


if __name__ == "__main__":
    main()
