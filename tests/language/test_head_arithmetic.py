"""Arithmetic in head arguments: `p(X + 1) :- q(X).`, computed exactly after the body,
on both engines and in the clingo translation; every variable must be bound by the body."""
import pytest

from reasoner.answer.answering import answer_case
from reasoner.core.errors import RuleError
from reasoner.facts.case import load_case
from reasoner.language.ast import Const
from reasoner.language.parser import parse_text
from reasoner.law.queries import resolve


def rows(rb, case, query, engine):
    ans = answer_case(rb, load_case(case, rb.checked), *resolve(query), engine=engine)
    return ans, [tuple(v for k, v in sorted(b.items()) if k != "answer") + (b["answer"],) for b in ans.bindings]


def test_constant_arithmetic_in_a_head_is_computed_when_parsed():
    prog = parse_text("result(1 - 2 - 3) :- seed(x).\nneg(-3).\nhalf(1 / 2).\n", "h.dl")
    assert [r.head.args for r in prog.rules] == [(Const(-4),), (Const(-3),), (Const(__import__("fractions").Fraction(1, 2)),)]


@pytest.mark.parametrize("engine", ["sets", "pydatalog"])
def test_head_arithmetic_over_body_variables(program, engine):
    rb = program("next(X + 1, X * 2) :- num(X).\nbig(max(X, 10)) :- num(X), X > 1.\n", fact_preds=(("num", 1),))
    case = {"facts": {"num": [[1], [5]]}}
    ans, got = rows(rb, case, "next(A, B)", engine)
    assert got == [(2, 2, "true"), (6, 10, "true")]
    assert "(X + 1) = 5 + 1 = 6 (in the head)" in ans.text()
    assert rows(rb, case, "big(V)", engine)[1] == [(10, "true")]


def test_head_arithmetic_in_the_clingo_translation(program):
    pytest.importorskip("clingo")
    from reasoner.engine.clingo_export import AspProgram
    rb = program("next(X + 1, X * 2) :- num(X).\n", fact_preds=(("num", 1),))
    loaded = load_case({"facts": {"num": [[1], [5]]}}, rb.checked)
    assert AspProgram(rb.checked).solve([loaded.rows], [("next", 2)])[0][("next", "c")] == {(2, 2), (6, 10)}


def test_head_arithmetic_on_an_unknown_value_is_undetermined(program):
    rb = program('@entity car "a car".\n@input speed(C: car, S: number) "the speed of {C}".\n'
                 'over(C, S - 55) :- speed(C, S), S > 55.\n')
    case = {"entities": {"c1": {"type": "car", "speed": 70}, "c2": {"type": "car"}}}
    for engine in ("sets", "pydatalog"):
        _, got = rows(rb, case, "over(C, D)", engine)
        assert got[0] == ("c1", 15, "true") and got[1][0] == "c2" and got[1][2] == "undetermined"


def test_recursion_with_head_arithmetic_is_bounded_by_the_body(program):
    rb = program("count(0).\ncount(N + 1) :- count(N), N < 5.\n")
    for engine in ("sets", "pydatalog"):
        assert [r[0] for r in rows(rb, {}, "count(N)", engine)[1]] == [0, 1, 2, 3, 4, 5]


def test_an_unbound_variable_in_head_arithmetic_is_an_error(program):
    with pytest.raises(RuleError) as info:
        program("q(1).\np(Y + 1) :- q(X).\n")
    assert "unsafe variable Y in the head of p: `(Y + 1)` needs it bound by the body" in info.value.message
    with pytest.raises(RuleError) as info:
        program("p(X * 2).\n")
    assert "unsafe variable X in the head of p" in info.value.message


def test_division_by_zero_of_constants_in_a_head_is_a_parse_error():
    with pytest.raises(RuleError) as info:
        parse_text("p(1 / 0).\n", "h.dl")
    assert "cannot compute (1 / 0)" in info.value.message and info.value.location == "h.dl:1:3"
