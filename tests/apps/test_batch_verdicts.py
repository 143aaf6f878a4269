"""`reasoner batch --verdicts-only`: the batch engine's answers and bindings equal the ones with
proofs, case for case, on every case file in facts/ and every saved query; bad cases and
evaluation errors stay per case."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAVED = sorted(p.stem for p in (ROOT / "queries").glob("*.yaml"))


def results(args):
    r = CliRunner().invoke(main, args)
    return r, {d["id"]: d for d in map(json.loads, (x for x in r.output.splitlines() if x.startswith("{")))}


@pytest.mark.parametrize("query", SAVED)
def test_same_answers_and_bindings_as_with_proofs(query):
    full_r, full = results(["batch", str(ROOT / "facts"), query])
    fast_r, fast = results(["batch", "--verdicts-only", str(ROOT / "facts"), query])
    assert full_r.exit_code == fast_r.exit_code == 0
    assert len(full) == len(fast) == len(list((ROOT / "facts").glob("*.yaml")))
    for cid, d in full.items():
        assert (fast[cid]["answer"], fast[cid]["bindings"]) == (d["answer"], d["bindings"]), cid
        assert "cited" not in fast[cid] and "missing" not in fast[cid]


def test_errors_stay_with_their_case(tmp_path):
    rules = tmp_path / "div.dl"
    rules.write_text('@entity thing "a thing".\n@input n(X: thing, N: number) "the n of {X}".\n'
                     "q(X, R) :- n(X, N), R = 10 / N.\n", encoding="utf-8")
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "a.yaml").write_text("entities:\n  t1: {type: thing, n: 0}\n", encoding="utf-8")
    (folder / "b.yaml").write_text("entities:\n  t1: {type: thing, n: 5}\n", encoding="utf-8")
    (folder / "c.yaml").write_text("entities:\n  t1: {type: thing, colour: red}\n", encoding="utf-8")
    r, out = results(["batch", "--verdicts-only", "--rules", str(rules), str(folder), "q(X, R)"])
    assert r.exit_code == 2
    assert "division by zero" in out["a"]["error"]
    assert out["b"]["answer"] == "true" and out["b"]["bindings"] == [{"X": "t1", "R": 2, "answer": "true"}]
    assert "colour" in out["c"]["error"] and out["c"]["location"].endswith("c.yaml:2")
    text = CliRunner().invoke(main, ["batch", "--verdicts-only", "--format", "text", "--rules", str(rules),
                                     str(folder), "q(X, R)"])
    assert "b\ttrue\tX=t1, R=2: true\t\t" in text.output.splitlines()   # then the note and presumed columns
