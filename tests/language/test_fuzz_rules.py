"""Fuzzing rule files through the command line: `reasoner run PROGRAM CASE` and `reasoner check PROGRAM`.

Random token soup, truncated and damaged copies of the bundled law, unicode, deep parentheses,
huge numbers: never a traceback (no exception but SystemExit), `run` exits 0 or 2 and `check` 0 or
1, and a rejection names the rule file (file:line:col). Also the evaluation time limit
(`run --timeout`). REASONER_FUZZ_EXAMPLES sets the hypothesis examples per property (default 10).
"""
import multiprocessing
import os
import time

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reasoner.cli import main
from reasoner.engine.rulebase import law_files

EXAMPLES = int(os.environ.get("REASONER_FUZZ_EXAMPLES", "10"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
CASE = "facts:\n  q: [[a], [b], [3]]\n  e: [[a, b], [b, c]]\n"


def invoke(args):
    return CliRunner().invoke(main, [str(a) for a in args])


def run_and_check(program, case):
    """`run` and `check` on PROGRAM; both clean; returns (run result, check result)."""
    ran = invoke(["run", program, case, "--timeout", "30"])
    assert ran.exception is None or isinstance(ran.exception, SystemExit), repr(ran.exception)
    assert ran.exit_code in (0, 2), (ran.exit_code, ran.stdout[-300:], ran.stderr[-500:])
    if ran.exit_code == 2:
        lines = [line for line in ran.stderr.splitlines() if line.strip()]
        assert lines and lines[0].startswith("error:"), ran.stderr[:500]
        assert program.name in lines[0] or case.name in lines[0], f"no location: {lines[0][:300]}"
        assert "internal error" not in ran.stderr and "Traceback" not in ran.stderr
        assert all(line[:1].isspace() for line in lines[1:]), ran.stderr[:500]
    checked = invoke(["check", program])
    assert checked.exception is None or isinstance(checked.exception, SystemExit), repr(checked.exception)
    # 2: a path that does not exist is bad input (`check /nonexistent` exited 1)
    assert checked.exit_code in (0, 1) or not program.exists() and checked.exit_code == 2, \
        (checked.exit_code, checked.stdout[-500:], checked.stderr[-500:])
    if checked.exit_code == 2:
        assert program.name in checked.stderr and "no such file" in checked.stderr
    if checked.exit_code == 1:
        assert program.name in checked.stdout, checked.stdout[:500]
        assert "internal error" not in checked.stdout + checked.stderr
    return ran, checked


@pytest.fixture
def case(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(CASE)
    return path


def program_file(tmp_path, text, name="program.dl"):
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
    return path


NASTY = {
    "deep_parentheses": "p(X, Y) :- q(X), Y = " + "(" * 20000 + "1" + ")" * 20000 + ".\n",
    "deep_parentheses_300": "p(X, Y) :- q(X), Y = " + "(" * 300 + "1" + ")" * 300 + ".\n",
    "deep_calls": "p(X, Y) :- q(X), Y = " + "abs(" * 5000 + "1" + ")" * 5000 + ".\n",
    "deep_unary_minus": "p(X, Y) :- q(X), Y = " + "- " * 5000 + "1.\n",
    "deep_terms": "p(" + "f(" * 5000 + "X" + ")" * 5000 + ") :- q(X).\n",
    "deep_atom_parentheses": "p" + "(" * 5000 + "X" + ")" * 5000 + " :- q(X).\n",
    "long_sum": "p(X, Y) :- q(X), Y = " + " + ".join(["1"] * 20000) + ".\n",
    "huge_integer": "p(X, Y) :- q(X), Y = " + "9" * 5000 + ".\n",
    "huge_integer_fact": "p(" + "9" * 100_000 + ").\n",
    "huge_decimal": "p(X, Y) :- q(X), Y = 0." + "1" * 5000 + ".\n",
    "huge_product": "p(X, Y) :- q(X), Y = " + " * ".join(["99999999999999999999"] * 90) + ".\n",
    "bad_date": "p(X, Y) :- q(X), Y = 2020-13-45.\n",
    "huge_date": "p(X) :- q(X), X < 99999-01-01.\n",
    "bad_time": "p(X, Y) :- q(X), Y = 99:99.\n",
    "division_by_zero": "p(X, Y) :- q(X), Y = 1 / 0.\n",
    "division_by_zero_value": "p(X, Y) :- q(X), X = 3, Y = 1 / (X - 3).\n",
    "compare_types": "p(X) :- q(X), X < 3.\n",
    "arithmetic_on_text": "p(X, Y) :- q(X), Y = X + 1.\n",
    "recursion": "p(X) :- q(X).\np(X) :- p(X).\n",
    "mutual_recursion": "p(X) :- r(X).\nr(X) :- p(X).\nr(X) :- q(X).\n",
    "negation_cycle": "p(X) :- q(X), not r(X).\nr(X) :- q(X), not p(X).\n",
    "unsafe_negation": "p(X) :- not q(X).\n",
    "unsafe_head": "p(X, Y) :- q(X).\n",
    "unsafe_comparison": "p(X) :- q(X), Y > 3.\n",
    "arity_clash": "p(X) :- q(X).\np(X, Y) :- e(X, Y).\n",
    "undefined": "p(X) :- nothing_like_this(X).\n",
    "input_with_rules": '@entity thing "t".\n@input f(A: thing) "f".\nf(X) :- q(X).\n',
    "unterminated_string": 'p("abc) :- q(X).\n',
    "string_escapes": 'p("a\\"b\\\\c").\n',
    "newline_in_string": 'p("a\nb").\n',
    "annotation_without_rule": '@provision "350.02(4)"\n',
    "unknown_annotation": '@exec "x".\np(X) :- q(X).\n',
    "unknown_citation": '@provision "999.99(9)"\np(X) :- q(X).\n',
    "bad_type": '@input f(A: nothing) "f".\n',
    "entity_number": '@entity 3 "x".\n',
    "pydatalog_prefix": "_pyD_x(X) :- q(X).\n",
    "double_underscore": "p__c(X) :- q(X).\n",
    "variable_head": "X(a).\n",
    "negated_head": "not p(a).\n",
    "empty": "",
    "only_comments": "% nothing\n% at all\n",
    "whitespace": "  \t\n\n \r\n",
    "lone_dot": ".\n",
    "lone_neck": ":- q(X).\n",
    "no_final_dot": "p(X) :- q(X)",
    "unicode_variable": "p(X) :- q(X), Ü = 3.\n",
    "unicode_predicate": "πred(X) :- q(X).\n",
    "zero_width": "p\u200b(X) :- q(X).\n",
    "right_to_left": "p(X) :- q(X) \u202e.\n",
    "nul_byte": "p(X) :- q(X).\x00\n",
    "emoji_string": 'p("🚀 ✓ \u202e").\n',
    "many_rules": "".join(f"p{i}(X) :- q(X).\n" for i in range(400)),
    "wide_body": "p(X) :- " + ", ".join(["q(X)"] * 2000) + ".\n",
    "unknown_function": "p(X, Y) :- q(X), Y = exec(1).\n",
    "function_arity": "p(X, Y) :- q(X), Y = min(1).\n",
    "python_dunder": "p(X) :- q(X).__class__.\n",
}
BINARY = {
    "latin1": "p(X) :- q(X). % caf\xe9\n".encode("latin-1"),
    "utf16": "p(X) :- q(X).\n".encode("utf-16"),
    "random_bytes": bytes(range(256)),
}


@pytest.mark.parametrize("name", sorted(NASTY) + sorted(BINARY))
def test_nasty_rule_files(name, tmp_path, case):
    program = program_file(tmp_path, NASTY[name] if name in NASTY else BINARY[name], f"{name}.dl")
    run_and_check(program, case)


def test_missing_program(tmp_path, case):
    ran, checked = run_and_check(tmp_path / "absent.dl", case)
    assert ran.exit_code == 2 and checked.exit_code == 2


# -- generated --------------------------------------------------------------------------------------------
TOKENS = ["p", "q", "e", "r", "not", "X", "Y", "_", "a", "b", "3", "0.5", "-", "+", "*", "/", "(", ")",
          ",", ".", ":-", "<", "<=", "=", "!=", ">", ">=", '"s"', "22:30", "1994-05-07", "@provision",
          '"350.02(4)"', "@input", "@entity", "thing", ":", "number", '"t"', "%", "\n", "ceil", "min",
          "abs", "__", "é", "\t", "99999999999999999999999"]


@FUZZ
@given(tokens=st.lists(st.sampled_from(TOKENS), max_size=40))
def test_token_soup(tmp_path, case, tokens):
    run_and_check(program_file(tmp_path, " ".join(tokens) + "\n"), case)


@FUZZ
@given(tokens=st.lists(st.sampled_from(TOKENS), max_size=12),
       rule=st.sampled_from(["p(X) :- q(X), {}.", "p(X) :- {}.", "{} :- q(X).", "p(X, Y) :- q(X), Y = {}."]))
def test_token_soup_inside_a_rule(tmp_path, case, tokens, rule):
    run_and_check(program_file(tmp_path, rule.format(" ".join(tokens)) + "\n"), case)


LAW = [p.read_text(encoding="utf-8") for p in law_files()]


@FUZZ
@given(which=st.integers(0, 10 ** 6), cut=st.integers(0, 10 ** 7), span=st.integers(1, 200),
       how=st.sampled_from(["truncate", "delete", "duplicate", "swap"]))
def test_damaged_law_files(tmp_path, case, which, cut, span, how):
    text = LAW[which % len(LAW)]
    i = cut % (len(text) + 1)
    if how == "truncate":
        text = text[:i]
    elif how == "delete":
        text = text[:i] + text[i + span:]
    elif how == "duplicate":
        text = text[:i] + text[i:i + span] + text[i:]
    else:
        text = text[i:] + text[:i]
    run_and_check(program_file(tmp_path, text, "damaged.dl"), case)


@FUZZ
@given(text=st.text(max_size=200))
def test_random_unicode_text(tmp_path, case, text):
    run_and_check(program_file(tmp_path, text), case)


@FUZZ
@given(depth=st.integers(1, 3000), kind=st.sampled_from(["(", "abs(", "- ", "1 + "]))
def test_deep_expressions(tmp_path, case, depth, kind):
    closing = ")" * depth if kind.endswith("(") else ""
    text = f"d(a).\np(X, Y) :- d(X), Y = {kind * depth}1{closing}.\n"
    ran, checked = run_and_check(program_file(tmp_path, text), case)
    if depth <= 30:
        assert checked.exit_code == 0, checked.stdout


@FUZZ
@given(digits=st.integers(1, 20000), where=st.sampled_from(["head", "compare", "assign", "decimal"]))
def test_huge_numbers(tmp_path, case, digits, where):
    n = "7" * digits
    text = {"head": f"p({n}).", "compare": f"p(X) :- d(X), 3 < {n}.", "assign": f"p(X, Y) :- d(X), Y = {n} * 2.",
            "decimal": f"p(X, Y) :- d(X), Y = 1.{n}."}[where] + "\nd(a).\n"
    ran, checked = run_and_check(program_file(tmp_path, text), case)
    total = digits + (1 if where == "decimal" else 0)
    assert (ran.exit_code == 0) == (total <= 100), ran.stderr[:300]


# -- limits -------------------------------------------------------------------------------------------------
def test_run_timeout_stops_the_evaluation(tmp_path):
    """A legal but huge join (40^5 rows) is cut off by `run --timeout`; the worker is gone."""
    program = program_file(tmp_path, "p(A, B, C, D, E) :- q(A), q(B), q(C), q(D), q(E).\n")
    case = tmp_path / "many.yaml"
    case.write_text("facts:\n  q: [" + ", ".join(f"[x{i}]" for i in range(40)) + "]\n")
    start = time.monotonic()
    r = invoke(["--max-rows", "1000000000", "run", program, case, "--timeout", "1"])   # the time limit, not the row budget
    elapsed = time.monotonic() - start
    assert r.exit_code == 2 and isinstance(r.exception, SystemExit)
    assert r.stderr.startswith("error:") and "time limit of 1 s" in r.stderr, r.stderr
    assert elapsed < 15, elapsed
    assert not multiprocessing.active_children()


def test_run_timeout_is_generous_enough_for_small_programs(tmp_path, case):
    program = program_file(tmp_path, "p(X) :- q(X).\n")
    r = invoke(["run", program, case, "--timeout", "20"])
    assert r.exit_code == 0 and "p(a)." in r.stdout
