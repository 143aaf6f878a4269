"""The checks of a saved query's keys (law/queries.py _KEY_SHAPES): each malformed key refused with
its own message and the file, the first malformed key in the order subject, otherwise, none,
incident, parties, not_so, held, so being the one said, and well-formed values kept as read."""
from __future__ import annotations

import pytest
import yaml

from reasoner.core.errors import QueryError
from reasoner.law.queries import _read_saved

MESSAGES = {
    "subject": "`subject:` names the entity kind the question is about, e.g. subject: operation",
    "otherwise": "`otherwise:` gives `query:` (the saved question answering the rest when this one's answer "
                 "is no), `lead:` (the law's words before its answer) and, optionally, `when:` (a predicate "
                 "its argument must establish for the lead to be true)",
    "none": "`none:` is the sentence a 'which ...?' question answered with none says after 'None:', e.g. "
            "none: no provision is shown violated on the facts stated",
    "incident": "`incident:` maps a predicate the proof establishes of the subject to what the incident was, "
                "e.g. incident: {overweight: the weighing}",
    "parties": "`parties:` gives `none:` (the words for a party the case names whom no row names, e.g. not "
               "liable) and, optionally, `also:` (a goal about the other parties) with `lead:` (the law's "
               "words before its answer)",
    "not_so": "`not_so:` is what a row the answer says no for is, in the law's words, e.g. not_so: not joined",
    "held": "`held:` gives `query:` (the saved question giving the penalty of a subject the answer holds), "
            "`answer:` (the answer, true or false, that holds it) and `lead:` (the law's words before its amount)",
    "so": "`so:` is what a row the answer says yes for is, in the law's words, e.g. so: violated both pars. (a) and (b)",
}
BAD = {"subject": "Not A Name", "otherwise": {"query": "q"}, "none": ["x"], "incident": {"Bad": "x"},
       "parties": {"also": "a", "lead": "l"}, "not_so": ["not", "joined"],
       "held": {"query": "q", "answer": "maybe", "lead": "L"}, "so": 3}


def _read(tmp_path, doc):
    path = tmp_path / "q.yaml"
    path.write_text(yaml.safe_dump({"goal": "lawful(O)", **doc}), encoding="utf-8")
    return path, _read_saved("q", path)


@pytest.mark.parametrize("key", list(MESSAGES))
def test_each_malformed_key_refused_with_its_own_message(tmp_path, key):
    with pytest.raises(QueryError) as err:
        _read(tmp_path, {key: BAD[key]})
    assert str(err.value) == f"{tmp_path / 'q.yaml'}: {MESSAGES[key]}"


def test_the_first_malformed_key_in_order_is_the_one_said(tmp_path):
    keys = list(MESSAGES)
    for i, key in enumerate(keys[:-1]):
        with pytest.raises(QueryError) as err:
            _read(tmp_path, {k: BAD[k] for k in keys[i:]})
        assert MESSAGES[key] in str(err.value)
        assert not any(MESSAGES[k] in str(err.value) for k in keys if k != key)


def test_well_formed_keys_kept_as_read(tmp_path):
    _, saved = _read(tmp_path, {"subject": "vehicle", "otherwise": {"query": "forfeiture", "lead": " Instead: "},
                                "none": "no  one", "not_so": "not   joined", "so": "violated  both",
                                "held": {"query": "forfeiture", "answer": True, "lead": "owes  it"},
                                "parties": {"none": "not liable"}, "incident": {"overweight": "the  weighing"}})
    assert (saved.subject, saved.none, saved.not_so, saved.so) == ("vehicle", "no one", "not joined", "violated both")
    assert saved.otherwise == {"query": "forfeiture", "lead": "Instead:"}
    assert saved.held == {"query": "forfeiture", "answer": "true", "lead": "owes it"}
    assert saved.parties == {"none": "not liable"} and saved.incident == {"overweight": "the weighing"}
    _, empty = _read(tmp_path, {})
    assert (empty.subject, empty.otherwise, empty.held, empty.not_so, empty.so) == ("", {}, {}, "", "")
