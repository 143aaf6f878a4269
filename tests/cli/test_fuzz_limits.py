"""Every command on generated explosive programs and cases ends within its time limit
(+ 10 % + 1 s, counted from the start of the question's limit) with exit 0 or 2, never a
traceback, a MemoryError or an internal error; on both engines.

Programs join k copies of one entity kind (a cartesian product of n^k rows), optionally with
`!=` tests between the variables (the many-priors shape), and project the product onto one
variable; cases have n entities. REASONER_FUZZ_EXAMPLES sets the number of examples (default 6).
"""
import contextlib
import os
import time

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reasoner.core import deadline
from reasoner.cli import main

EXAMPLES = int(os.environ.get("REASONER_FUZZ_EXAMPLES", "6"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
LIMIT = 1.0


@st.composite
def explosive(draw):
    k = draw(st.integers(2, 4))
    n = draw(st.integers(40, 1500 if k == 2 else 300))
    names = [f"X{i}" for i in range(k)]
    body = [f"e({v})" for v in names]
    tests = draw(st.lists(st.tuples(st.integers(0, k - 1), st.integers(0, k - 1)), max_size=2))
    body += [f"{names[a]} != {names[b]}" for a, b in tests if a != b]
    marked = draw(st.booleans())
    rules = ('@entity e "an entity".\n@input a(X: e) "{X} is marked".\n'
             f"p({', '.join(names)}) :- {', '.join(body)}.\n"
             "q(X0) :- p(X0" + ", _" * (k - 1) + "), a(X0).\n")
    case = "entities:\n" + "".join(
        f"  t{i}: {{type: e{', a: true' if marked and i % 7 == 0 else ''}}}\n" for i in range(n))
    command = draw(st.sampled_from(["ask", "why", "why-not", "whatif", "export-md", "export-html",
                                    "interview", "batch", "batch-verdicts"]))
    engine = draw(st.sampled_from(["sets", "pydatalog"]))
    return rules, case, command, engine


@FUZZ
@given(explosive())
def test_every_command_ends_within_its_limit(tmp_path_factory, drawn):
    rules_text, case_text, command, engine = drawn
    tmp = tmp_path_factory.mktemp("explosive")
    rules = tmp / "x.dl"
    rules.write_text(rules_text, encoding="utf-8")
    folder = tmp / "cases"
    folder.mkdir()
    case = folder / "c.yaml"
    case.write_text(case_text, encoding="utf-8")
    r = ["--rules", str(rules)]
    args = {
        "ask": ["ask", *r, case, "q(t0)"],
        "why": ["why", *r, case, "q(t0)"],
        "why-not": ["why-not", *r, case, "q(t0)"],
        "whatif": ["whatif", *r, case, "q(t0)"],
        "export-md": ["export", *r, case, "q(t0)", "--to", "md", "-o", tmp / "h.md"],
        "export-html": ["export", *r, case, "q(t0)", "--to", "html", "-o", tmp / "h.html"],
        "interview": ["interview", *r, case, "q(t0)"],
        "batch": ["batch", *r, folder, "q(X)"],
        "batch-verdicts": ["batch", "--verdicts-only", *r, folder, "q(X)"],
    }[command]
    start = []
    original = deadline.time_limit

    @contextlib.contextmanager
    def recording(seconds, what="answering the question", **kw):
        if not start:
            start.append((time.monotonic(), time.process_time()))
        with original(seconds, what, **kw):
            yield
    import reasoner.apps.batch
    saved = deadline.time_limit, reasoner.apps.batch.time_limit
    deadline.time_limit = reasoner.apps.batch.time_limit = recording
    try:
        result = CliRunner().invoke(main, ["--engine", engine, "--timeout", str(LIMIT), *map(str, args)],
                                    input="y\n" * 3)
        now = (time.monotonic(), time.process_time())
        began = start[0] if start else now
        # wall time, or this process's CPU time when other work on the machine slows the wall clock
        # (the limit's overshoot is work done after the deadline: it shows in both)
        elapsed = min(now[0] - began[0], now[1] - began[1])
    finally:
        deadline.time_limit, reasoner.apps.batch.time_limit = saved
    out = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), out
    assert result.exit_code in (0, 2), out
    assert "Traceback" not in out and "MemoryError" not in out and "internal error" not in out, out
    # batch answers each case under its own limit (verdicts: the chunk, then the case alone)
    allowed = LIMIT * 1.1 + 1.0
    assert elapsed <= (2 * allowed if command.startswith("batch") else allowed), (command, engine, elapsed)
