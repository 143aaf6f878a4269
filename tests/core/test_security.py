"""Rule and fact text never reaches Python: crafted values stay inert data."""
import builtins
import contextlib
import json
import os

import pytest
from click.testing import CliRunner

from reasoner.answer.answering import ask
from reasoner.cli import main
from reasoner.core.errors import ReasonerError

PAYLOAD = "__import__('os').system('touch {marker}')"

LAW = '''
@entity thing "a thing".
@input label(T: thing, L: string) "the label of {T}".
named(T, L) :- label(T, L).
'''


@pytest.fixture
def marker(tmp_path):
    path = tmp_path / "pwned"
    yield path
    assert not path.exists(), "a case or rule value was executed as Python"


@contextlib.contextmanager
def no_exec():
    """Fail if case or rule data reaches exec/eval/compile, or if pyDatalog's load/ask is called.

    (Libraries such as networkx compile their own generated code; that is allowed.)"""
    import pyDatalog.pyDatalog as pd

    def forbidden(*a, **k):
        raise AssertionError("pyDatalog.load/ask was called")
    saved = {n: getattr(builtins, n) for n in ("exec", "eval", "compile")}

    def guard(name):
        def wrapped(source, *a, **k):
            if "__import__" in str(source) or "pwned" in str(source):
                raise AssertionError(f"case or rule data reached {name}()")
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


def test_case_string_values_are_data(program, marker):
    rb = program(LAW)
    rb.compiled  # compile outside the guarded block (compiling uses no exec either, but imports may)
    value = PAYLOAD.format(marker=marker)
    with no_exec():
        res = ask({"entities": {"t1": {"type": "thing", "label": value}}}, "named(t1, L)", rb)
    assert res.answer == "true" and res.bindings[0]["L"] == value


def test_raw_facts_are_data(program, marker):
    rb = program('p(X) :- q(X).\n', fact_preds=[("q", 1)])
    with no_exec():
        res = ask({"facts": {"q": [[PAYLOAD.format(marker=marker)]]}}, "p(X)", rb)
    assert res.answer == "true"


def test_rule_strings_are_data(program, marker):
    with no_exec():
        rb = program(f'p("{PAYLOAD.format(marker=marker)}").\n')
        assert ask({"facts": {}}, "p(X)", rb).answer == "true"


@pytest.mark.parametrize("text", [
    "__import__('os').system('touch x')(a).",
    "p(X) :- q(X).__class__.",
    "p(a) :- os.system(a).",
])
def test_rule_text_reaching_for_python_is_rejected(program, text):
    with pytest.raises(ReasonerError):
        program(text)


def test_entity_ids_cannot_smuggle_code(program, marker):
    rb = program(LAW)
    with pytest.raises(ReasonerError, match="lowercase name"):
        ask({"entities": {PAYLOAD.format(marker=marker): {"type": "thing"}}}, "named(X, L)", rb)


def test_cli_run_with_payloads_is_inert(tmp_path, marker):
    prog = tmp_path / "p.dl"
    prog.write_text('r(X) :- q(X).\n')
    case = tmp_path / "c.yaml"
    case.write_text(json.dumps({"facts": {"q": [[PAYLOAD.format(marker=marker)]]}}))
    result = CliRunner().invoke(main, ["run", str(prog), str(case), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["model"]["r"] == [[PAYLOAD.format(marker=marker)]]
    assert not os.path.exists(marker)
