"""An attribute written under the wrong kind of entity says which kind it belongs to."""
import pytest

import reasoner


def case(tmp_path, text):
    path = tmp_path / "case.yaml"
    path.write_text(text)
    return str(path)


def test_an_operation_attribute_under_a_person_says_to_move_it(tmp_path):
    path = case(tmp_path, "entities:\n  op1:\n    type: operation\n    operator: jdoe\n"
                          "  jdoe:\n    type: person\n    at_night: true\n")
    with pytest.raises(reasoner.ReasonerError) as caught:
        reasoner.ask(path, "lawful")
    assert caught.value.location == f"{path}:7"
    assert caught.value.message == ("`at_night` is an attribute of an operation, not of a person: move it "
                                    "under the operation")
    assert caught.value.hint == "operation entities in this case: op1"


def test_without_an_entity_of_the_right_kind_the_hint_says_to_add_one(tmp_path):
    path = case(tmp_path, "entities:\n  jdoe:\n    type: person\n    at_night: true\n")
    with pytest.raises(reasoner.ReasonerError) as caught:
        reasoner.ask(path, "lawful")
    assert caught.value.hint == ("the case has no operation yet: add one under `entities:` with "
                                 "`type: operation`")


def test_an_attribute_of_no_kind_is_still_unknown_with_did_you_mean(tmp_path):
    path = case(tmp_path, "entities:\n  jdoe:\n    type: person\n    agee: 30\n")
    with pytest.raises(reasoner.ReasonerError) as caught:
        reasoner.ask(path, "lawful")
    assert caught.value.message == "unknown attribute 'agee' for jdoe (a person)"
    assert caught.value.hint.startswith("did you mean: age")
