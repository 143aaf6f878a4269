"""`reasoner serve`: a warm question's server time, beside the same question asked in-process.

    python -m bench.serve [--runs 30] [--case facts/ch350_night_direction_unlawful.yaml] [--query lawful]

In one process and alternately, run by run: `reasoner.ask` on the case (the peer: the answering the
server calls), `POST /api/ask` with the case as JSON, and the case page (`GET /case/NAME`: the answer,
the argument, what-if's nearest changes and the figure), each through Starlette's test client (no
network: the time is the server's). One warm-up run of each first (the law loaded, the templates
compiled). Prints the medians, the server's ratio to the peer, and the load average. No timed assert
anywhere: the target (a warm question under 100 ms) is read off this table (bench/serve.md).
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
    ap.add_argument("--query", default="lawful")
    args = ap.parse_args(argv)
    import yaml
    import reasoner
    from starlette.testclient import TestClient
    from reasoner.server.app import create_app
    case = Path(args.case)
    data = yaml.safe_load(case.read_text(encoding="utf-8"))
    client = TestClient(create_app(case.parent, host="127.0.0.1"), base_url="http://127.0.0.1:8000")

    def peer():
        return reasoner.ask(str(case), args.query).answer

    def api():
        r = client.post("/api/ask", json={"case": data, "query": args.query})
        assert r.status_code == 200, r.text
        return r.json()["answer"]

    def page():
        r = client.get(f"/case/{case.stem}?q={args.query}")
        assert r.status_code == 200, r.text[:300]
        return "ok"

    paths = {"reasoner.ask (peer)": peer, "POST /api/ask": api, "GET /case page (+ what-if, figure)": page}
    times: dict = {name: [] for name in paths}
    answers = {name: fn() for name, fn in paths.items()}   # warm-up
    for _ in range(args.runs):
        for name, fn in paths.items():
            t = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - t)
    base = statistics.median(times["reasoner.ask (peer)"])
    print(f"case {case}, query {args.query}: answer {answers['POST /api/ask']}; {args.runs} runs each, "
          f"alternating; load average {os.getloadavg()[0]:.2f}")
    print(f"{'path':40} {'median ms':>10} {'min ms':>8} {'ratio':>7}")
    for name, ts in times.items():
        med = statistics.median(ts)
        print(f"{name:40} {med * 1000:10.1f} {min(ts) * 1000:8.1f} {med / base:7.2f}")


if __name__ == "__main__":
    main()
