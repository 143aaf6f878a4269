"""Evaluation: negation, comparisons at boundaries, exact numbers, three-valued answers, isolation."""
import pytest

from reasoner.answer.answering import ask

LAW = '''
@entity operation "a snowmobile operation".
@input at_night(O: operation) "{O} took place during the hours of darkness".
@input with_traffic(O: operation) "{O} travelled in the direction of vehicular traffic in the nearest lane".
@input trail_distance_ft(O: operation, D: number) "the distance in feet between the trail of {O} and the roadway".
@input clock(O: operation, T: time) "the clock time of {O}".
@input made(O: operation, D: date) "the date of manufacture of the snowmobile in {O}".
@input bac(O: operation, A: number) "the alcohol concentration of the operator in {O}".

@provision "350.02(2)(b)4.a"
far(O) :- trail_distance_ft(O, D), D >= 40.

@provision "350.02(2)(b)4"
night_violation(O) :- at_night(O), not with_traffic(O), not far(O).

@provision "350.10(1)(g)"
late(O) :- clock(O, T), T >= 22:30.
@provision "350.10(1)(g)"
late(O) :- clock(O, T), T <= 07:00.

@provision "350.09(8m)"
recent(O) :- made(O, D), D > 1994-05-07.

@provision "350.101(1)(b)"
drunk(O) :- bac(O, A), A >= 0.1.
'''


def case(**attrs):
    return {"entities": {"op1": {"type": "operation", **attrs}}}


@pytest.fixture
def rb(program):
    return program(LAW)


@pytest.mark.parametrize("dist, expected", [(39, "false"), (40, "true"), (41, "true")])
def test_comparison_boundaries(rb, dist, expected):
    res = ask(case(trail_distance_ft=dist), "far(op1)", rb)
    assert res.answer == expected
    assert (res.cited == {"350.02(2)(b)4.a"}) == (expected == "true")


def test_exact_decimals_are_not_rounded(rb):
    # pyDatalog rounds floats to 8 digits; 39.9999999 must stay below 40.
    assert ask(case(trail_distance_ft=39.9999999), "far(op1)", rb).answer == "false"
    assert ask(case(bac=0.0999999999), "drunk(op1)", rb).answer == "false"
    assert ask(case(bac=0.1), "drunk(op1)", rb).answer == "true"
    assert ask(case(bac=0.10000000001), "drunk(op1)", rb).answer == "true"


@pytest.mark.parametrize("clock, expected", [("22:29", "false"), ("22:30", "true"), ("23:59", "true"),
                                             ("00:00", "true"), ("07:00", "true"), ("07:01", "false")])
def test_clock_window_across_midnight(rb, clock, expected):
    assert ask(case(clock=clock), "late(op1)", rb).answer == expected


@pytest.mark.parametrize("made, expected", [("1994-05-07", "false"), ("1994-05-08", "true")])
def test_dates(rb, made, expected):
    assert ask(case(made=made), "recent(op1)", rb).answer == expected


def test_unknown_input_gives_undetermined_with_the_deciding_fact(rb):
    res = ask(case(at_night=True, trail_distance_ft=10), "night_violation(op1)", rb)
    assert res.answer == "undetermined"
    assert res.missing == ["whether op1 travelled in the direction of vehicular traffic in the nearest lane"]
    assert res.cited == {"350.02(2)(b)4"}
    # stating the missing fact resolves it, either way
    assert ask(case(at_night=True, trail_distance_ft=10, with_traffic=False), "night_violation(op1)", rb).answer == "true"
    assert ask(case(at_night=True, trail_distance_ft=10, with_traffic=True), "night_violation(op1)", rb).answer == "false"


def test_unknown_number_is_undetermined_not_false(rb):
    res = ask(case(at_night=True, with_traffic=False), "night_violation(op1)", rb)
    assert res.answer == "undetermined"
    assert res.missing == ["the distance in feet between the trail of op1 and the roadway"]
    assert ask(case(at_night=True, with_traffic=False, trail_distance_ft=40), "night_violation(op1)", rb).answer == "false"


def test_false_is_known_false(rb):
    res = ask(case(at_night=False), "night_violation(op1)", rb)
    assert res.answer == "false"
    assert res.cited == frozenset() and res.checked == {"350.02(2)(b)4"}
    assert res.missing == []


def test_negation_defeated_by_exception(rb):
    res = ask(case(at_night=True, with_traffic=False, trail_distance_ft=45), "night_violation(op1)", rb)
    assert res.answer == "false"
    assert "350.02(2)(b)4.a" in res.cited  # the exception that defeated the rule applies
    assert "350.02(2)(b)4" in res.checked


def test_cases_do_not_leak_into_each_other(rb):
    assert ask(case(trail_distance_ft=50), "far(op1)", rb).answer == "true"
    assert ask(case(), "far(op1)", rb).answer == "undetermined"
    assert ask(case(trail_distance_ft=5), "far(op1)", rb).answer == "false"


def test_open_query_lists_bindings(program):
    rb = program(LAW + '@provision "350.02(2)(b)4.a"\ndist(O, D) :- trail_distance_ft(O, D).\n')
    res = ask({"entities": {"a": {"type": "operation", "trail_distance_ft": 12},
                            "b": {"type": "operation"}}}, "dist(X, D)", rb)
    assert res.answer == "true"
    assert {"X": "a", "D": 12, "answer": "true"} in res.bindings
    assert any(b["X"] == "b" and b["answer"] == "undetermined" for b in res.bindings)


def test_arithmetic_is_exact_with_ceiling(program):
    rb = program('@entity v "a vehicle".\n@input gross(V: v, G: number) "the gross weight of {V}".\n'
                 'fee(V, F) :- gross(V, G), G > 100000, F = 35000 + 10000 * ceil((G - 100000) / 10000).\n')
    for gross, cents in [(100001, 45000), (110000, 45000), (110001, 55000)]:
        res = ask({"entities": {"t": {"type": "v", "gross": gross}}}, "fee(t, F)", rb)
        assert res.bindings == [{"F": cents, "answer": "true"}]


def test_division_by_zero_is_a_clear_error(program):
    from reasoner.core.errors import EvaluationError
    rb = program('@entity v "v".\n@input n(V: v, N: number) "n".\nq(V, Z) :- n(V, N), Z = 10 / N.\n')
    with pytest.raises(EvaluationError, match="division by zero"):
        ask({"entities": {"t": {"type": "v", "n": 0}}}, "q(t, Z)", rb)


REFS = '''
@entity operation "an operation".
@entity person "a person".
@input operator(O: operation, P: person) "the person operating {O}".
@input age(P: person, A: number) "the age of {P}".
@input kind(O: operation, K: symbol) "the kind of {O}".
young_operator(O) :- operator(O, P), age(P, A), A < 12.
racing(O) :- kind(O, race).
not_racing(O) :- operation(O), not kind(O, race).
'''


def test_unknown_reference_is_undetermined_not_false(program):
    rb = program(REFS)
    people = {"kid": {"type": "person", "age": 10}, "adult": {"type": "person", "age": 40}}
    res = ask({"entities": {"op1": {"type": "operation"}, **people}}, "young_operator(op1)", rb)
    assert res.answer == "undetermined"
    assert res.missing == ["the person operating op1"]
    res = ask({"entities": {"op1": {"type": "operation", "operator": "adult"}, **people}}, "young_operator(op1)", rb)
    assert res.answer == "false"
    res = ask({"entities": {"op1": {"type": "operation", "operator": "kid"}, **people}}, "young_operator(op1)", rb)
    assert res.answer == "true"


def test_unknown_symbol_value_against_a_constant(program):
    rb = program(REFS)
    assert ask({"entities": {"op1": {"type": "operation"}}}, "racing(op1)", rb).answer == "undetermined"
    assert ask({"entities": {"op1": {"type": "operation"}}}, "not_racing(op1)", rb).answer == "undetermined"
    assert ask({"entities": {"op1": {"type": "operation", "kind": "trail"}}}, "not_racing(op1)", rb).answer == "true"
    assert ask({"entities": {"op1": {"type": "operation", "kind": "race"}}}, "not_racing(op1)", rb).answer == "false"
