"""Nothing typed in a question or a case is dropped into a silent FALSE.

- A quoted constant at a number, time or date position is read as that value or refused with a
  hint: `clock_time(op1, "14:00")` was FALSE where the case says `clock_time: "14:00"` (case files
  need the quotes), `age(p1, "45")` and `operation_date(op1, "2024-01-15")` likewise.
- A raw fact under `facts:` whose predicate no rule reads is an error with a did-you-mean, and
  `check` reports it: `public_utility_functon: [[op1]]` was dropped, the 350.045 presumption stayed
  in force and the answer was Unlawful with 0 problems reported.
- Entity ids that are value words (`unknown`, `null`, `yes`, ...) are refused: a reference to them
  read as unknown."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ADULT = str(ROOT / "facts" / "ch350_adult_at_limit.yaml")     # op1 at 14:00 on 2024-01-15, p1 aged 45


def reasoner(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "reasoner.cli", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))


@pytest.mark.parametrize("query", ['clock_time(op1, "14:00")', 'operation_date(op1, "2024-01-15")', 'age(p1, "45")',
                                   "clock_time(op1, 14:00)", "operation_date(op1, 2024-01-15)", "age(p1, 45)"])
def test_quoted_values_read_by_the_position_type(query):
    out = reasoner("ask", "--exit-code", ADULT, query)
    assert out.returncode == 0, out.stdout + out.stderr     # TRUE


@pytest.mark.parametrize("query", ['clock_time(op1, "14:01")', 'age(p1, "46")', 'operation_date(op1, "2024-01-16")'])
def test_other_values_are_false(query):
    assert reasoner("ask", "--exit-code", ADULT, query).returncode == 3


@pytest.mark.parametrize("query, hint", [('clock_time(op1, "2pm")', "19:40"), ("clock_time(op1, 1400)", "19:40"),
                                         ('operation_date(op1, "15/01/2024")', "2024-01-15"),
                                         ('age(p1, "45,0")', "write 45.0"), ("age(p1, 14:00)", "30 or 12.5"),
                                         ('age(p1, "forty")', "30 or 12.5")])
def test_values_that_are_not_of_the_type_are_refused(query, hint):
    out = reasoner("ask", ADULT, query)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.startswith("error: query:") and hint in out.stderr, out.stderr


def _utility_case(tmp_path, extra):
    text = (ROOT / "facts" / "ch350_utility_lineman.yaml").read_text(encoding="utf-8")
    text = text.replace("    public_utility_function: true\n", "") + extra
    case = tmp_path / "u.yaml"
    case.write_text(text, encoding="utf-8")
    return case


def test_misspelled_raw_fact_is_an_error_with_did_you_mean(tmp_path):
    case = _utility_case(tmp_path, "facts:\n  public_utility_functon: [[op1]]\n")
    out = reasoner("ask", str(case), "lawful")
    assert out.returncode == 2 and "Unlawful" not in out.stdout
    assert "u.yaml:" in out.stderr and "public_utility_functon, which no rule reads" in out.stderr
    assert "did you mean: public_utility_function?" in out.stderr
    assert "an attribute of an operation: write it under the entity" in out.stderr
    checked = reasoner("check", str(case))
    assert checked.returncode == 1 and "1 problem(s)" in checked.stdout


def test_raw_facts_of_a_program_predicate_still_load(tmp_path):
    (tmp_path / "p.dl").write_text("path(X, Y) :- edge(X, Y).\npath(X, Z) :- path(X, Y), edge(Y, Z).\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_text("facts:\n  edge: [[a, b], [b, c]]\n", encoding="utf-8")
    out = reasoner("run", "p.dl", "c.yaml", "--query", "path(a, c)", cwd=tmp_path)
    assert out.returncode == 0 and "path(a, c): true" in out.stdout
    (tmp_path / "c.yaml").write_text("facts:\n  egde: [[a, b]]\n", encoding="utf-8")
    out = reasoner("run", "p.dl", "c.yaml", cwd=tmp_path)
    assert out.returncode == 2 and "egde" in out.stderr and "did you mean" in out.stderr   # named either way


@pytest.mark.parametrize("eid", ["unknown", "null", "yes", "false"])
def test_ids_that_are_value_words_are_refused(tmp_path, eid):
    case = tmp_path / "id.yaml"
    case.write_text(f'entities:\n  "{eid}": {{type: person, age: 30}}\n  op1: {{type: operation, operator: "{eid}"}}\n',
                    encoding="utf-8")
    out = reasoner("ask", str(case), "age(X, N)")
    assert out.returncode == 2 and f"id.yaml:2: entity id {eid!r} is a word values are read as" in out.stderr
