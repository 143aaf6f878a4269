"""Case files: validation against the vocabulary, with file:line and did-you-mean."""
import pytest

from reasoner.core.errors import CaseError, InputLimitError
from reasoner.facts.case import load_case

VOCAB = '''
@entity operation "a snowmobile operation".
@entity person "a person".
@input at_night(O: operation) "{O} took place at night".
@input trail_distance_ft(O: operation, D: number) "the trail distance of {O}".
@input clock_time(O: operation, T: time) "the clock time of {O}".
@input made(O: operation, D: date) "the manufacture date in {O}".
@input fee(O: operation, F: money) "the fee in {O}".
@input operator(O: operation, P: person) "the operator of {O}".
@input note(O: operation, S: string) "the note on {O}".
p(O) :- operation(O).
'''


@pytest.fixture
def checked(program):
    return program(VOCAB).checked


def load(tmp_path, checked, text):
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    return load_case(path, checked)


def error(tmp_path, checked, text):
    with pytest.raises((CaseError, InputLimitError)) as info:
        load(tmp_path, checked, text)
    return info.value


def test_types_are_converted_exactly(tmp_path, checked):
    case = load(tmp_path, checked, "entities:\n  op1:\n    type: operation\n    at_night: false\n"
                "    trail_distance_ft: 39.95\n    clock_time: 23:05\n    made: 1994-05-07\n"
                "    fee: \"$1,000.18\"\n    operator: p1\n  p1: {type: person}\n")
    rows = {r.pred: r for r in case.rows if r.known}
    from fractions import Fraction
    assert rows["trail_distance_ft"].args[1] == Fraction("39.95")
    assert str(rows["clock_time"].args[1]) == "23:05"
    assert str(rows["made"].args[1]) == "1994-05-07"
    assert rows["fee"].args[1] == 100018
    assert rows["operator"].args[1] == "p1"
    assert "at_night" not in rows  # known false: no fact in either copy
    unknown = {r.pred for r in case.rows if not r.known}
    assert unknown == {"note"}


def test_unknown_attribute_with_did_you_mean(tmp_path, checked):
    err = error(tmp_path, checked, "entities:\n  op1:\n    type: operation\n    at_nite: true\n")
    assert err.location.endswith("case.yaml:4") and "unknown attribute 'at_nite'" in err.message
    assert "at_night" in err.hint


def test_wrong_type_names_file_and_line(tmp_path, checked):
    err = error(tmp_path, checked, "entities:\n  op1:\n    type: operation\n    trail_distance_ft: far\n")
    assert err.location.endswith("case.yaml:4") and "expected a number" in err.message


@pytest.mark.parametrize("value", ["25:00", "noon", "7pm"])
def test_bad_time(tmp_path, checked, value):
    err = error(tmp_path, checked, f"entities:\n  op1:\n    type: operation\n    clock_time: \"{value}\"\n")
    assert err.location.endswith(":4") and "clock_time" in err.message


def test_reference_must_name_an_entity_of_the_right_kind(tmp_path, checked):
    err = error(tmp_path, checked, "entities:\n  op1:\n    type: operation\n    operator: nobody\n")
    assert "no entity 'nobody'" in err.message


def test_unknown_entity_type(tmp_path, checked):
    err = error(tmp_path, checked, "entities:\n  op1:\n    type: operperation\n")
    assert "unknown entity type" in err.message and "operation" in err.hint


@pytest.mark.parametrize("text, message", [
    ("entities: [1, 2]\n", "must map entity ids"),
    ("a: &x [1]\nb: *x\n", "aliases"),
    ("entities:\n  op1: {type: operation}\n  op1: {type: operation}\n", "duplicate key"),
    ("entities:\n  op1: {type: operation, trail_distance_ft: .nan}\n", "trail_distance_ft"),
    ("entities:\n  op1: {type: operation, trail_distance_ft: .inf}\n", "trail_distance_ft"),
    ("entities:\n  op1: {type: operation\n", "not valid YAML"),
    ("", "empty"),
    ("entitys: {}\n", "did you mean: entities"),
])
def test_malformed_files(tmp_path, checked, text, message):
    err = error(tmp_path, checked, text)
    assert message in str(err)


def test_size_limit(tmp_path, checked):
    err = error(tmp_path, checked, "description: " + "x" * (3 * 1024 * 1024) + "\n")
    assert "larger than" in err.message


def test_dict_cases_keep_exact_numbers(checked):
    from decimal import Decimal
    from fractions import Fraction
    case = load_case({"entities": {"op1": {"type": "operation", "trail_distance_ft": Decimal("39.9999999999"),
                                           "fee": Fraction(1, 4)}}}, checked)
    rows = {r.pred: r.args[1] for r in case.rows if r.known and len(r.args) == 2}
    assert rows["trail_distance_ft"] == Fraction("39.9999999999")
    assert rows["fee"] == 25
