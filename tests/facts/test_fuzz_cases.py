"""Fuzzing case files through the command line (`ask`, `ask --format json`, `ask --exit-code`,
`check`, `export -o`, `interview --save`).

Whatever the file holds: never a traceback (no exception but SystemExit), exit 0 or 2 (check: 0
or 1; --exit-code: 0, 3, 4 or 2), a rejection is one `error:` line naming the file (plus, at
most, an indented source excerpt), nothing is printed on stdout for a rejected file, and nothing
is written (no -o / --save file, no temporary file left beside it).

REASONER_FUZZ_EXAMPLES sets the number of hypothesis examples per property (default 10: the CI
profile stays well under a minute).
"""
import datetime
import os
import string

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.gen import generate
from reasoner.cli import main
from reasoner.facts.case import MAX_ENTITIES
from reasoner.facts.yamlsafe import MAX_BYTES
from reasoner.engine.rulebase import default_rulebase

EXAMPLES = int(os.environ.get("REASONER_FUZZ_EXAMPLES", "10"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])


def invoke(args, input=None):
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def assert_clean(result, path, codes=(0, 2)):
    """No traceback; an allowed exit code; a rejection is one located `error:` line."""
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"{type(result.exception).__name__}: {result.exception}"
    assert result.exit_code in codes, (result.exit_code, result.stdout[-500:], result.stderr[-500:])
    if result.exit_code == 2:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert lines and lines[0].startswith("error:"), result.stderr[:500]
        assert path.name in lines[0], f"no location in: {lines[0][:300]}"
        assert all(line[:1].isspace() for line in lines[1:]) and len(lines) <= 3, result.stderr[:500]
        assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    assert "Traceback" not in result.stdout


def assert_nothing_written(folder, before):
    assert sorted(p.name for p in folder.iterdir()) == before, "a file was written for a rejected case"


def every_command(path, tmp_path):
    """Run every case-reading command on PATH with the bundled law; check each result."""
    out_dir = tmp_path / "out"
    out_dir.mkdir(exist_ok=True)
    before = sorted(p.name for p in out_dir.iterdir())
    results = {}
    r = invoke(["ask", path, "lawful"])
    assert_clean(r, path)
    results["ask"] = r.exit_code
    if r.exit_code == 2:
        assert r.stdout == "", "partial output before a rejection"
    assert_clean(invoke(["ask", path, "lawful", "--format", "json"]), path)
    assert_clean(invoke(["ask", path, "forfeiture", "--exit-code"]), path, codes=(0, 2, 3, 4, 5))
    checked = invoke(["check", path])
    assert_clean(checked, path, codes=(0, 1))
    if checked.exit_code == 1:
        assert path.name in checked.stdout and "problem" in checked.stdout
    target = out_dir / "answer.json"
    exported = invoke(["export", path, "lawful", "-o", target])
    assert_clean(exported, path)
    if exported.exit_code != 0:
        assert not target.exists()
        assert_nothing_written(out_dir, before)
    else:
        target.unlink()
    saved = out_dir / "done.yaml"
    interviewed = invoke(["interview", path, "lawful", "--save", saved], input="")
    assert_clean(interviewed, path, codes=(0, 2, 6))   # 6: questions asked, none answered (no input)
    if interviewed.exit_code != 0:
        assert not saved.exists()
        assert_nothing_written(out_dir, before)
    elif saved.exists():
        saved.unlink()
    # the verdicts agree: a file ask rejects, check rejects (and the other way round)
    assert (results["ask"] == 2) == (checked.exit_code == 1), (results["ask"], checked.stdout[-300:])
    return results["ask"]


# -- hand-picked nasty files ----------------------------------------------------------------------
NASTY = {
    "billion_laughs.yaml": 'a: &a ["lol", "lol", "lol"]\nb: &b [*a, *a, *a]\nc: &c [*b, *b, *b]\n'
                           "entities: {op1: {type: operation, highway_class: *c}}\n",
    "merge_key.yaml": "base: &b {type: operation}\nentities:\n  op1:\n    <<: *b\n",
    "duplicate_entity.yaml": "entities:\n  op1: {type: operation}\n  op1: {type: person}\n",
    "duplicate_attribute.yaml": "entities:\n  op1: {type: operation, at_night: true, at_night: false}\n",
    "duplicate_top.yaml": "entities: {}\nentities: {}\n",
    "deep_seq.yaml": "entities: " + "[" * 100_000 + "]" * 100_000 + "\n",
    "deep_map.yaml": "entities:\n" + "".join("  " * (i + 1) + f"k{i}:\n" for i in range(60)),
    "deep_flow_map.yaml": "entities: " + "{a: " * 500 + "1" + "}" * 500 + "\n",
    "nan.yaml": "entities:\n  op1: {type: operation, speed_mph: .nan}\n",
    "inf.yaml": "entities:\n  op1: {type: operation, speed_mph: .inf}\n",
    "neg_inf.yaml": "entities:\n  op1: {type: operation, trail_distance_ft: -.inf}\n",
    "huge_int.yaml": "entities:\n  op1: {type: operation, speed_mph: " + "9" * 5000 + "}\n",
    "huge_exponent.yaml": "entities:\n  op1: {type: operation, speed_mph: 1.0e+999999999}\n",
    "tiny_exponent.yaml": "entities:\n  op1: {type: operation, speed_mph: 1.0e-999999999}\n",
    "huge_money.yaml": 'entities:\n  p1: {type: person, course_amount_charged: "$1e999999999"}\n',
    "nan_money.yaml": "entities:\n  p1: {type: person, course_amount_charged: .nan}\n",
    "money_fraction_cent.yaml": "entities:\n  p1: {type: person, course_amount_charged: 0.001}\n",
    "huge_date.yaml": "entities:\n  op1: {type: operation, operation_date: 99999-01-01}\n",
    "bad_date.yaml": "entities:\n  op1: {type: operation, operation_date: 2023-02-30}\n",
    "huge_time.yaml": 'entities:\n  op1: {type: operation, clock_time: "99999999999999999999:00"}\n',
    "sexagesimal.yaml": "entities:\n  op1: {type: operation, speed_mph: 1:30:00}\n",
    "hex.yaml": "entities:\n  op1: {type: operation, speed_mph: 0x1F}\n",
    "bool_for_number.yaml": "entities:\n  op1: {type: operation, speed_mph: yes}\n",
    "string_for_bool.yaml": 'entities:\n  op1: {type: operation, at_night: "true"}\n',
    "number_for_bool.yaml": "entities:\n  op1: {type: operation, at_night: 1}\n",
    "map_value.yaml": "entities:\n  op1: {type: operation, at_night: {a: 1}}\n",
    "list_of_lists.yaml": "entities:\n  op1: {type: operation, speed_mph: [[1]]}\n",
    "empty_list.yaml": "entities:\n  op1: {type: operation, speed_mph: []}\n",
    "list_type.yaml": "entities:\n  op1: {type: [operation]}\n",
    "null_type.yaml": "entities:\n  op1: {type: ~}\n",
    "no_type.yaml": "entities:\n  op1: {at_night: true}\n",
    "unknown_type.yaml": "entities:\n  op1: {type: spaceship}\n",
    "unknown_attribute.yaml": "entities:\n  op1: {type: operation, warp_speed: 9}\n",
    "dangling_reference.yaml": "entities:\n  op1: {type: operation, operator: nobody}\n",
    "wrong_kind_reference.yaml": "entities:\n  op1: {type: operation, operator: op1}\n",
    "unicode_id.yaml": "entities:\n  öp1: {type: operation}\n",
    "unicode_symbol.yaml": 'entities:\n  op1: {type: operation, highway_class: "ünïcødé"}\n',
    "emoji_description.yaml": 'description: "🚀 \u202e reversed \u200b"\nentities:\n  op1: {type: operation}\n',
    "surrogate_escape.yaml": 'entities:\n  op1: {type: operation, highway_class: "\\ud800"}\n',
    "rtl_key.yaml": "entities:\n  op1: {type: operation, \u202eat_night: true}\n",
    "integer_key.yaml": "entities:\n  1: {type: operation}\n",
    "null_key.yaml": "entities:\n  ~: {type: operation}\n",
    "complex_key.yaml": "entities:\n  ? [a, b]\n  : {type: operation}\n",
    "python_tag.yaml": "entities: !!python/object/apply:os.system [\"touch pwned\"]\n",
    "binary_tag.yaml": "entities:\n  op1: !!binary aGVsbG8=\n",
    "two_documents.yaml": "entities: {}\n---\nentities: {}\n",
    "empty.yaml": "",
    "only_comment.yaml": "# nothing here\n",
    "only_null.yaml": "~\n",
    "scalar.yaml": "42\n",
    "list.yaml": "- entities\n",
    "tab_indent.yaml": "entities:\n\top1: {type: operation}\n",
    "nul_byte.yaml": "entities:\n  op1: {type: operation\x00}\n",
    "control_chars.yaml": "entities:\n  op1: {type: operation, highway_class: \"\x07\x1b[31m\"}\n",
    "unknown_top_key.yaml": "entitys:\n  op1: {type: operation}\n",
    "facts_nested.yaml": "facts:\n  edge: [[a, [b]]]\n",
    "facts_nan.yaml": "facts:\n  q: [[.nan]]\n",
    "facts_huge.yaml": "facts:\n  q: [[" + "9" * 5000 + "]]\n",
    "facts_not_list.yaml": "facts:\n  q: 3\n",
    "facts_bad_name.yaml": "facts:\n  Q__c: [[a]]\n",
    "facts_ragged.yaml": "facts:\n  q: [[a], [a, b]]\n",
    "description_map.yaml": "description: {a: [1, 2]}\nentities:\n  op1: {type: operation}\n",
    "bom.yaml": "\ufeffentities:\n  op1: {type: operation, at_night: true}\n",
    "crlf.yaml": "entities:\r\n  op1: {type: operation, at_night: true}\r\n",
    "long_value.yaml": "entities:\n  op1: {type: operation, highway_class: " + "x" * 50_000 + "}\n",
    "long_key.yaml": "entities:\n  op1: {type: operation, " + "y" * 50_000 + ": true}\n",
}
BINARY = {
    "latin1.yaml": "entities:\n  op1: {type: operation}\n# caf\xe9\n".encode("latin-1"),
    "invalid_utf8.yaml": b"entities:\n  op1: {type: operation, highway_class: \"\xff\xfe\"}\n",
    "utf16.yaml": "entities:\n  op1: {type: operation}\n".encode("utf-16"),
    "random_bytes.yaml": bytes(range(256)) * 4,
}


@pytest.fixture(scope="module")
def law():
    return default_rulebase()


@pytest.mark.parametrize("name", sorted(NASTY) + sorted(BINARY))
def test_nasty_case_files(name, tmp_path, law, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a YAML payload that ran would leave `pwned` here
    path = tmp_path / name
    if name in BINARY:
        path.write_bytes(BINARY[name])
    else:
        path.write_bytes(NASTY[name].encode("utf-8", "surrogatepass"))
    every_command(path, tmp_path)
    assert not (tmp_path / "pwned").exists()


PURE_PYTHON = ["billion_laughs.yaml", "merge_key.yaml", "duplicate_entity.yaml", "deep_seq.yaml", "deep_map.yaml",
               "deep_flow_map.yaml", "python_tag.yaml", "two_documents.yaml", "tab_indent.yaml", "nul_byte.yaml",
               "bom.yaml", "crlf.yaml", "surrogate_escape.yaml", "huge_exponent.yaml"]


@pytest.mark.parametrize("name", PURE_PYTHON)
def test_nasty_case_files_without_libyaml(name, tmp_path, law, monkeypatch):
    """The same files through PyYAML's pure-Python loader (used where PyYAML lacks libyaml)."""
    import yaml

    from reasoner.facts import yamlsafe
    monkeypatch.setattr(yamlsafe, "LOADER", yaml.SafeLoader)
    monkeypatch.chdir(tmp_path)
    path = tmp_path / name
    path.write_bytes(NASTY[name].encode("utf-8", "surrogatepass"))
    every_command(path, tmp_path)
    assert not (tmp_path / "pwned").exists()


def test_missing_file_and_directory(tmp_path):
    missing = tmp_path / "nowhere.yaml"
    assert_clean(invoke(["ask", missing, "lawful"]), missing)
    assert invoke(["ask", missing, "lawful"]).exit_code == 2
    folder = tmp_path / "folder.yaml"
    folder.mkdir()
    r = invoke(["ask", folder, "lawful"])
    # Click refuses a directory for a file argument itself (its usage-error format, exit 2)
    assert r.exit_code == 2 and isinstance(r.exception, SystemExit)
    assert "folder.yaml" in r.stderr and "is a directory" in r.stderr


# -- limits ---------------------------------------------------------------------------------------------
def test_case_file_size_limit(tmp_path):
    """Over 2 MB (here 10 MB) is refused before it is read; just under is read."""
    big = tmp_path / "big.yaml"
    big.write_text('description: "' + "x" * (10 * 1024 * 1024) + '"\n')
    r = invoke(["ask", big, "lawful"])
    assert_clean(r, big)
    assert r.exit_code == 2 and "larger than 2 MB" in r.stderr
    edge = tmp_path / "edge.yaml"
    body = "entities:\n  op1: {type: operation}\ndescription: \"\"\n"
    edge.write_text(body[:-2] + "x" * (MAX_BYTES - len(body) - 10) + '"\n')
    assert edge.stat().st_size < MAX_BYTES
    r = invoke(["ask", edge, "lawful"])
    assert_clean(r, edge)
    assert r.exit_code == 0
    over = tmp_path / "over.yaml"
    over.write_text(body[:-2] + "x" * (MAX_BYTES - len(body) + 10) + '"\n')
    r = invoke(["check", over])
    assert r.exit_code == 1 and "larger than 2 MB" in r.stdout


def test_entity_count_limit(tmp_path):
    many = tmp_path / "many.yaml"
    many.write_text("entities: {" + ", ".join(f"p{i}: {{type: person}}" for i in range(MAX_ENTITIES + 1)) + "}\n")
    r = invoke(["ask", many, "lawful"])
    assert_clean(r, many)
    assert r.exit_code == 2 and f"more than {MAX_ENTITIES} entities" in r.stderr


# -- generated: random YAML data, mutated real cases, random text ------------------------------------------
KINDS = ["operation", "person", "vehicle", "snowmobile", "permit", "spaceship"]
ATTRS = ["at_night", "speed_mph", "operator", "clock_time", "operation_date", "highway_class", "age",
         "course_amount_charged", "found_weight_lb", "type", "bogus"]
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10 ** 120), max_value=10 ** 120),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=12),
    st.dates(min_value=datetime.date(1, 1, 1)),
    st.sampled_from(["unknown", "~", "23:05", "25:00", "$1,000.18", "1e+999999999", "0x10", ".nan", "yes",
                     "operation", "op1", "p1", "county", "-0", "1_000", "12.50", "1994-05-07"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3) |
                      st.dictionaries(st.sampled_from(ATTRS) | st.text(max_size=6), inner, max_size=3),
                      max_leaves=12)
IDS = st.sampled_from(["op1", "p1", "v1", "Op1", "1", "x y", "ü", "snow_1"]) | \
    st.text(alphabet=string.ascii_lowercase + string.digits + "_", min_size=1, max_size=6)
ENTITY = st.fixed_dictionaries({}, optional={"type": st.sampled_from(KINDS) | SCALARS,
                                             **{a: VALUES for a in ATTRS[:-2]}})
CASES = st.fixed_dictionaries({}, optional={"description": VALUES,
                                            "entities": st.dictionaries(IDS, ENTITY, max_size=3) | VALUES,
                                            "facts": st.dictionaries(st.text(max_size=5), VALUES, max_size=2),
                                            "extra": VALUES})


@FUZZ
@given(data=CASES)
def test_random_yaml_structures(tmp_path, data):
    path = tmp_path / "random.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    every_command(path, tmp_path)


MUTATIONS = ["set", "delete_type", "unknown_attr", "rename", "dangle", "nest", "retype", "drop_entities"]


@FUZZ
@given(seed=st.integers(0, 10 ** 6), mutation=st.sampled_from(MUTATIONS), value=VALUES, pick=st.integers(0, 10 ** 6))
def test_mutated_generated_cases(tmp_path, law, seed, mutation, value, pick):
    case = generate(law.checked, seed, 1)[0]
    entities = case["entities"]
    eid = sorted(entities)[pick % len(entities)]
    body = entities[eid]
    attrs = sorted(k for k in body if k != "type")
    if mutation == "set" and attrs:
        body[attrs[pick % len(attrs)]] = value
    elif mutation == "delete_type":
        del body["type"]
    elif mutation == "unknown_attr":
        body["not_an_attribute"] = value
    elif mutation == "rename":
        entities[str(value)[:20] or "X"] = entities.pop(eid)
    elif mutation == "dangle" and attrs:
        body[attrs[pick % len(attrs)]] = "entity_that_is_not_there"
    elif mutation == "nest":
        body["type"] = {"type": body["type"]}
    elif mutation == "retype":
        body["type"] = KINDS[pick % len(KINDS)]
    elif mutation == "drop_entities":
        case["entities"] = value
    path = tmp_path / "mutated.yaml"
    path.write_text(yaml.safe_dump(case, allow_unicode=True, sort_keys=False), encoding="utf-8")
    every_command(path, tmp_path)


@FUZZ
@given(seed=st.integers(0, 10 ** 6), cut=st.integers(0, 10 ** 6), junk=st.text(max_size=8),
       how=st.sampled_from(["truncate", "insert", "delete"]))
def test_damaged_case_text(tmp_path, law, seed, cut, junk, how):
    text = yaml.safe_dump(generate(law.checked, seed, 1)[0], allow_unicode=True, sort_keys=False)
    i = cut % (len(text) + 1)
    text = {"truncate": text[:i], "insert": text[:i] + junk + text[i:], "delete": text[:i] + text[i + 8:]}[how]
    path = tmp_path / "damaged.yaml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    every_command(path, tmp_path)


@FUZZ
@given(blob=st.binary(max_size=300))
def test_random_bytes(tmp_path, blob):
    path = tmp_path / "bytes.yaml"
    path.write_bytes(blob)
    every_command(path, tmp_path)
