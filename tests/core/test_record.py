"""reasoner/record.py behaves as the dataclasses it replaces in the syntax tree (reasoner/language/ast.py)."""
import copy
import pickle
from dataclasses import dataclass, field as dc_field

import pytest

from reasoner.language.ast import Atom, Const, Loc, Negative, Positive, Program, Rule, Var
from reasoner.core.record import FrozenRecordError, field, record, replace


@record(frozen=True)
class R:
    a: int
    b: tuple
    c: object = field(default=None, compare=False)


@dataclass(frozen=True)
class D:
    a: int
    b: tuple
    c: object = dc_field(default=None, compare=False)


@record
class M:
    a: int
    items: list = field(default_factory=list)
    note: str = ""


def test_constructor_equality_hash_and_repr_match_a_dataclass():
    for args, kw in [((1, (2,)), {}), ((1,), {"b": (2,), "c": "x"}), ((), {"a": 1, "b": ()})]:
        r, d = R(*args, **kw), D(*args, **kw)
        assert repr(r)[1:] == repr(d)[1:]
        assert (r.a, r.b, r.c) == (d.a, d.b, d.c)
    assert R(1, (2,), "x") == R(1, (2,), "y")            # c is not compared
    assert hash(R(1, (2,), "x")) == hash(R(1, (2,), "y"))
    assert R(1, (2,)) != R(1, (3,))
    assert R(1, ()) != D(1, ())                          # another class is never equal
    assert len({R(1, ()), R(1, (), 5), R(2, ())}) == 2


def test_wrong_arguments_are_refused():
    with pytest.raises(TypeError):
        R(1)
    with pytest.raises(TypeError):
        R(1, (), None, 4)
    with pytest.raises(TypeError):
        R(1, (), a=2)
    with pytest.raises(TypeError):
        R(1, (), d=2)


def test_frozen_refuses_assignment_mutable_is_unhashable_with_fresh_defaults():
    r = R(1, ())
    with pytest.raises(FrozenRecordError):
        r.a = 2
    with pytest.raises(AttributeError):
        del r.b
    m1, m2 = M(1), M(1)
    m1.items.append(3)
    assert m2.items == [] and m1.note == ""
    m1.note = "changed"
    assert m1 != M(1)
    with pytest.raises(TypeError):
        hash(m1)


def test_pickle_copy_and_replace_keep_the_value():
    atom = Atom("p", (Var("X"), Const(3)), Loc("f.dl", 1, 2))
    rule = Rule(atom, [Positive(atom), Negative(Atom("q", (Var("X"),)))], Loc("f.dl", 1, 1), "350.02")
    for back in (pickle.loads(pickle.dumps(rule)), copy.deepcopy(rule), copy.copy(rule)):
        assert back == rule and back.head.loc == atom.loc and back.readings == []
    other = replace(rule, head=Atom("r", ()))
    assert other.head == Atom("r", ()) and other.body == rule.body and rule.head == atom
    with pytest.raises(TypeError):
        replace(rule, nope=1)
    assert Program().rules == [] and Program().rules is not Program().rules
    assert replace(D(1, ()), a=2) == D(2, ())          # a dataclass goes to dataclasses.replace
