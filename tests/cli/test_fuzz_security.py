"""Crafted text never executes, through every command and output format (the idea of
test_security.py, extended to the whole command line).

The payload `__import__('os').system('touch MARKER')` goes into case values, entity attribute
strings, descriptions, raw facts, batch ids and cells, interview answers, rule strings, readings,
templates, queries and citations. For every command (ask text/json/--exit-code, why, why-not,
whatif, interview --save, batch folder/jsonl/csv, export in every format, run text/json, check,
cite) the marker file never appears, exec/eval/compile never see the payload, pyDatalog's
source-compiling load()/ask() are never called, and where the payload is data it comes back as
data.
"""
import builtins
import contextlib
import json
import re

import pytest
from click.testing import CliRunner

from reasoner.cli import main

PAYLOAD = "__import__('os').system('touch {marker}')"


@pytest.fixture
def marker(tmp_path):
    path = tmp_path / "pwned"
    yield path
    assert not path.exists(), "a case or rule value was executed as Python"


@contextlib.contextmanager
def no_exec():
    """Fail if crafted data reaches exec/eval/compile, or if pyDatalog's load/ask run."""
    import pyDatalog.pyDatalog as pd

    def forbidden(*a, **k):
        raise AssertionError("pyDatalog.load/ask was called")
    saved = {n: getattr(builtins, n) for n in ("exec", "eval", "compile")}

    def guard(name):
        def wrapped(source, *a, **k):
            if "__import__" in str(source) or "pwned" in str(source):
                raise AssertionError(f"crafted data reached {name}()")
            return saved[name](source, *a, **k)
        return wrapped
    saved_pd = (pd.load, pd.ask)
    try:
        for n in saved:
            setattr(builtins, n, guard(n))
        pd.load = pd.ask = forbidden
        yield
    finally:
        for n, f in saved.items():
            setattr(builtins, n, f)
        pd.load, pd.ask = saved_pd


def law_text(payload):
    quoted = payload.replace('"', '\\"')
    return f'''
@entity thing "a thing ({quoted})".
@input label(T: thing, L: string) "the label of {{T}} ({quoted})".
@input flag(T: thing) "{{T}} is flagged ({quoted})".
@input size(T: thing, N: number) "the size of {{T}}".
@predicate named(T: thing, L: string) "{{T}} is named {{L}} ({quoted})".
@predicate evil(T: thing, S: string) "{{T}} carries {{S}}".

@provision "350.02(4)"
@reading "{quoted}"
named(T, L) :- label(T, L).

@provision "350.02(4)"
evil(T, "{quoted}") :- thing(T), not flag(T), size(T, N), N > 3.
'''


@pytest.fixture
def files(tmp_path, marker):
    payload = PAYLOAD.format(marker=marker)
    law = tmp_path / "law.dl"
    law.write_text(law_text(payload), encoding="utf-8")
    case = tmp_path / "case.yaml"
    case.write_text(json.dumps({"description": payload, "entities": {
        "t1": {"type": "thing", "label": payload, "size": 5},
        "t2": {"type": "thing", "flag": False}}}), encoding="utf-8")
    return {"payload": payload, "law": law, "case": case, "dir": tmp_path}


def cli(args, input=None):
    with no_exec():
        result = CliRunner().invoke(main, [str(a) for a in args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "internal error" not in result.output and "Traceback" not in result.output
    return result


def test_ask_text_json_and_exit_code(files):
    p, law, case = files["payload"], files["law"], files["case"]
    r = cli(["ask", case, "named(t1, L)", "--rules", law])
    assert r.exit_code == 0 and _flat(p) in _flat(r.stdout)   # the text view wraps at 100 columns
    r = cli(["ask", case, "named(t1, L)", "--rules", law, "--format", "json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["bindings"][0]["L"] == p
    r = cli(["ask", case, "evil(T, S)", "--rules", law, "--exit-code"])
    assert r.exit_code in (0, 4) and _flat(p) in _flat(r.stdout)


def _flat(text):
    """The text without its layout: the wrapped lines joined, whitespace dropped."""
    return re.sub(r"\s+", "", text)


def test_why_why_not_and_whatif(files):
    p, law, case = files["payload"], files["law"], files["case"]
    assert cli(["why", case, "named(t1, L)", "--rules", law]).exit_code == 0
    assert cli(["why", case, "named(t1, L)", "--rules", law, "--format", "json"]).exit_code == 0
    assert cli(["why-not", case, "named(t2, L)", "--rules", law]).exit_code in (0, 2)
    for fmt in ("text", "json"):
        r = cli(["whatif", case, "evil(T, S)", "--rules", law, "--format", fmt])
        assert r.exit_code == 0, r.output
    del p


def test_interview_answers_are_data(files):
    p, law, case, d = files["payload"], files["law"], files["case"], files["dir"]
    saved = d / "done.yaml"
    r = cli(["interview", case, "named(t2, L)", "--rules", law, "--save", saved], input=p + "\n" * 5)
    assert r.exit_code == 0, r.output
    r = cli(["interview", case, "evil(t2, S)", "--rules", law, "--save", saved, "--format", "json"],
            input=f"{p}\n" * 5)
    # a number question refuses the payload every time: no usable answer, exit 6, nothing saved
    assert r.exit_code in (0, 6), r.output
    if r.exit_code == 6:
        assert '"saved": null' in r.output
    if saved.exists():
        assert cli(["ask", saved, "named(X, L)", "--rules", law]).exit_code == 0


@pytest.mark.parametrize("to", ["text", "json", "graphml", "dot", "md", "html", "svg", "png"])
def test_export_every_format(files, to):
    if to in ("svg", "png", "md", "html"):
        pytest.importorskip("matplotlib")
    if to == "dot":
        pytest.importorskip("pydot")
    law, case, d = files["law"], files["case"], files["dir"]
    out = d / f"proof.{ 'txt' if to == 'text' else to}"
    r = cli(["export", case, "named(t1, L)", "--rules", law, "--to", to, "-o", out])
    assert r.exit_code == 0, r.output
    assert out.exists()
    if to in ("json", "graphml", "md", "html", "text"):
        text = out.read_text(encoding="utf-8")
        assert "__import__" in text.replace("\\", "")  # shown as data (Markdown escapes it), never run


def test_batch_folder_jsonl_and_csv(files):
    p, law, case, d = files["payload"], files["law"], files["case"], files["dir"]
    folder = d / "cases"
    folder.mkdir()
    (folder / "a.yaml").write_text(case.read_text(encoding="utf-8"), encoding="utf-8")
    r = cli(["batch", folder, "named(X, L)", "--rules", law])
    assert r.exit_code == 0, r.output
    jsonl = d / "cases.jsonl"
    jsonl.write_text(json.dumps({"id": p, "entities": {"t1": {"type": "thing", "label": p}}}) + "\n"
                     + json.dumps({"id": "b", "facts": {"q": [[p]]}, "description": p}) + "\n", encoding="utf-8")
    for fmt in ("json", "text"):
        r = cli(["batch", jsonl, "named(X, L)", "--rules", law, "--format", fmt, "-o", d / f"out.{fmt}"])
        assert r.exit_code in (0, 2), r.output
    lines = [json.loads(x) for x in (d / "out.json").read_text(encoding="utf-8").splitlines()]
    assert lines[0]["id"] == p
    csv_file = d / "cases.csv"
    quoted = p.replace('"', '""')
    csv_file.write_text(f'id,entity,type,label\n"{quoted}",t1,thing,"{quoted}"\n', encoding="utf-8")
    r = cli(["batch", csv_file, "named(X, L)", "--rules", law])
    assert r.exit_code in (0, 2), r.output


def test_run_and_check_with_payloads_everywhere(files):
    p, d = files["payload"], files["dir"]
    quoted = p.replace('"', '\\"')
    program = d / "prog.dl"
    program.write_text(f'r(X) :- q(X).\ns("{quoted}").\n@provision "350.02(4)"\n@reading "{quoted}"\n'
                       f't(X, "{quoted}") :- q(X), X != "{quoted}".\n', encoding="utf-8")
    case = d / "facts.yaml"
    case.write_text(json.dumps({"description": p, "facts": {"q": [[p], ["plain"]]}}), encoding="utf-8")
    r = cli(["run", program, case, "--format", "json"])
    assert r.exit_code == 0, r.output
    model = json.loads(r.stdout)["model"]
    assert [p] in model["r"] and model["s"] == [[p]] and model["t"] == [["plain", p]]
    r = cli(["run", program, case, "--query", "t(X, Y)"])
    assert r.exit_code == 0 and p in r.stdout
    r = cli(["check", program, case])
    assert r.exit_code in (0, 1)
    r = cli(["check", files["law"], files["case"]])
    assert r.exit_code in (0, 1)


@pytest.mark.parametrize("where", ["query", "citation", "predicate", "annotation", "entity id", "symbol",
                                   "yaml tag", "rules option"])
def test_payload_in_code_positions_is_rejected(files, where):
    p, law, case, d = files["payload"], files["law"], files["case"], files["dir"]
    if where == "query":
        r = cli(["ask", case, p, "--rules", law])
    elif where == "citation":
        r = cli(["cite", p])
    elif where == "predicate":
        bad = d / "bad.dl"
        bad.write_text(p + "(a).\n", encoding="utf-8")
        r = cli(["run", bad, case])
    elif where == "annotation":
        bad = d / "bad.dl"
        bad.write_text(f'@provision {p}\nq(a).\n', encoding="utf-8")
        r = cli(["check", bad])
        assert r.exit_code == 1
        return
    elif where == "entity id":
        bad = d / "bad.yaml"
        bad.write_text(json.dumps({"entities": {p: {"type": "thing"}}}), encoding="utf-8")
        r = cli(["ask", bad, "named(X, L)", "--rules", law])
    elif where == "symbol":
        sym = d / "sym.dl"
        sym.write_text('@entity thing "t".\n@input kind(T: thing, K: symbol) "k".\nk(T, K) :- kind(T, K).\n')
        bad = d / "bad.yaml"
        bad.write_text(json.dumps({"entities": {"t1": {"type": "thing", "kind": p}}}), encoding="utf-8")
        r = cli(["ask", bad, "k(X, K)", "--rules", sym])
    elif where == "yaml tag":
        bad = d / "bad.yaml"
        bad.write_text(f"entities: !!python/object/apply:os.system [\"touch {files['dir'] / 'pwned'}\"]\n")
        r = cli(["ask", bad, "named(X, L)", "--rules", law])
        assert r.exit_code in (0, 2)
        return
    else:
        r = cli(["ask", case, "named(X, L)", "--rules", d / (p + ".dl")])
    assert r.exit_code == 2, r.output
