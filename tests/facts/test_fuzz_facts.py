"""A property: raw `facts:` added to a case never change an answer about a
derived predicate without an error. Whatever predicate name (a derived predicate of the law, an
entity kind, an attribute, or an unrelated word) and whatever tuples: either the command refuses
the case (exit 2, one located error) or every answer is what it was without the raw facts.

REASONER_FUZZ_EXAMPLES sets the number of hypothesis examples (default 10)."""
import json
import os
from pathlib import Path

import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reasoner.cli import main
from reasoner.engine.rulebase import default_rulebase

EXAMPLES = int(os.environ.get("REASONER_FUZZ_EXAMPLES", "10"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
ROOT = Path(__file__).resolve().parents[2]
CASES = ["ch350_night_direction_unlawful.yaml", "ch350_night_direction_lawful.yaml",
         "ch348_grain_semi_first_offense.yaml"]
QUERIES = ["lawful", "violation(O, P)", "forfeiture"]

_checked = default_rulebase().checked
DERIVED = sorted(key for key in _checked.derived if "__" not in key[0])
KINDS = sorted((kind, 1) for kind in _checked.program.entities)
INPUTS = sorted(d.key for d in _checked.program.preds.values() if d.is_input)
OTHER = st.tuples(st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True).filter(lambda s: "__" not in s),
                  st.integers(1, 3))
KEYS = st.one_of(st.sampled_from(DERIVED), st.sampled_from(KINDS), st.sampled_from(INPUTS), OTHER)


def _answers(case, query):
    r = CliRunner().invoke(main, ["ask", str(case), query, "--format", "json"])
    return r, (json.loads(r.stdout) if r.exit_code == 0 else None)


def _key(data):
    return data["answer"], sorted(data.get("cited", [])), json.dumps(data.get("bindings"), sort_keys=True)


@FUZZ
@given(case=st.sampled_from(CASES), key=KEYS, rows=st.integers(1, 3), data=st.data())
def test_raw_facts_never_change_a_derived_answer_silently(tmp_path_factory, case, key, rows, data):
    name, arity = key
    # the question: the predicate itself when the law derives it, else one of the saved queries
    query = (f"{name}({', '.join(f'X{i}' for i in range(arity))})" if key in _checked.derived
             else data.draw(st.sampled_from(QUERIES)))
    folder = tmp_path_factory.mktemp("rawfacts")
    text = (ROOT / "facts" / case).read_text()
    base_r, base = _answers(ROOT / "facts" / case, query)
    assert base_r.exit_code == 0, base_r.stderr
    ids = sorted(yaml.safe_load(text)["entities"])
    values = st.one_of(st.sampled_from(ids), st.sampled_from(["truck", "judgment"]), st.integers(-5, 100000))
    tuples = [[data.draw(values) for _ in range(arity)] for _ in range(rows)]
    path = folder / "with_facts.yaml"
    path.write_text(text + "facts:\n  " + name + ": " + json.dumps(tuples) + "\n")
    r, got = _answers(path, query)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    if r.exit_code == 2:
        assert r.stderr.startswith("error: ") and "with_facts.yaml" in r.stderr.splitlines()[0]
        assert "internal error" not in r.stderr
        return
    assert r.exit_code == 0, r.stderr
    assert _key(got) == _key(base), f"raw facts {name}: {tuples} changed {query}"
