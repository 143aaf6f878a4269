"""Parser and static checks: one failing program per error, asserting message and location."""
import pytest

from reasoner.core.errors import RuleError
from reasoner.language.ast import Assign, Compare, Negative, Positive
from reasoner.language.parser import parse_text


def error_of(program, text, **kw):
    with pytest.raises(RuleError) as info:
        program(text, **kw)
    return info.value


def test_parse_rule_with_annotations_and_literals():
    prog = parse_text('@provision "350.10(1)(g)"\n@reading "inclusive"\n'
                      'v(O) :- t(O, T), T >= 22:30, not x(O, _), Z = ceil((T - 1) / 2).\n', "a.dl")
    rule = prog.rules[0]
    assert rule.provision == "350.10(1)(g)" and rule.readings == ["inclusive"]
    kinds = [type(l).__name__ for l in rule.body]
    assert kinds == ["Positive", "Compare", "Negative", "Compare"]
    assert str(rule.body[1]) == "T >= 22:30"


def test_parse_error_has_file_line_column_and_caret(program):
    err = error_of(program, "p(X) :- q(X)\nr(X) :- q(X).\n")
    assert err.location.endswith("prog.dl:2:1")
    assert "expected ',' or '.'" in err.message
    assert err.excerpt.splitlines()[1].strip() == "^"


def test_unexpected_character_points_at_it(program):
    err = error_of(program, "p(X) :- q(X) ; r(X).\n")
    assert err.location.endswith("prog.dl:1:14")
    assert "unexpected character ';'" in err.message


def test_unknown_annotation(program):
    err = error_of(program, '@provisoin "350.03(1)"\np(a).\n')
    assert "unknown annotation @provisoin" in err.message and err.location.endswith(":1:1")


def test_unsafe_head_variable(program):
    err = error_of(program, "q(a).\np(X, Y) :- q(X).\n")
    assert "unsafe variable Y in the head of p" in err.message
    assert err.location.endswith("prog.dl:2:1")


def test_unsafe_negation_variable(program):
    err = error_of(program, "q(a).\nr(a).\np(X) :- q(X), not r(Y).\n")
    assert "unsafe variable Y in negation `not r(Y)`" in err.message
    assert err.location.endswith("prog.dl:3:19")


def test_unsafe_comparison_variable(program):
    err = error_of(program, "q(a).\np(X) :- q(X), N > 3.\n")
    assert "unsafe variable N in comparison" in err.message
    assert err.location.endswith("prog.dl:2:15")


def test_unsafe_arithmetic_variable(program):
    err = error_of(program, "q(1).\np(Z) :- q(X), Z = X + Y.\n")
    assert "unsafe variable Y" in err.message and "arithmetic" in err.message


def test_arity_mismatch(program):
    err = error_of(program, "q(a).\np(X) :- q(X, Y).\n")
    assert "q used with 2 argument(s)" in err.message
    assert err.location.endswith("prog.dl:2:9")


def test_undefined_predicate_with_suggestion(program):
    err = error_of(program, "quux(a).\np(X) :- qux(X).\n")
    assert "undefined predicate qux/1" in err.message
    assert "did you mean: quux" in err.hint
    assert err.location.endswith("prog.dl:2:9")


def test_cycle_through_negation(program):
    err = error_of(program, "q(a).\np(X) :- q(X), not r(X).\nr(X) :- q(X), not p(X).\n")
    assert "cycle through negation" in err.message


def test_positive_recursion_is_one_stratum(program):
    rb = program("edge(a, b).\npath(X, Y) :- edge(X, Y).\npath(X, Z) :- path(X, Y), edge(Y, Z).\n")
    assert rb.checked.recursive == {("path", 2)}
    assert rb.checked.order.index(("edge", 2)) < rb.checked.order.index(("path", 2))


def test_cycle_through_negation_is_shown(program):
    err = error_of(program, "q(a).\np(X) :- q(X), not r(X).\nr(X) :- s(X).\ns(X) :- p(X).\n")
    assert "cycle through negation: p -> not r -> s -> p" in err.message
    assert err.location.endswith("prog.dl:2:1")


def test_unknown_citation_suggests_nearest(program):
    err = error_of(program, '@provision "350.02(2)(b)2"\np(a).\n')
    assert "unknown citation '350.02(2)(b)2'" in err.message
    assert "350.02(2)(b)1" in err.hint


def test_input_predicate_cannot_be_concluded(program):
    err = error_of(program, '@entity op "x".\n@input night(O: op) "{O} at night".\nnight(a).\n')
    assert "is an input; rules cannot conclude it" in err.message


def test_unknown_type_in_declaration(program):
    err = error_of(program, '@entity op "x".\n@input d(O: op, D: numbr) "d".\n')
    assert "unknown type 'numbr'" in err.message and "number" in err.hint


def test_law_rules_need_a_provision():
    from reasoner.language.checks import check
    prog = parse_text("p(a).\n", "law.dl")
    with pytest.raises(RuleError, match="has no @provision annotation"):
        check(prog, None, require_provisions=True)


def test_body_is_ordered_positives_then_bound_tests_then_negations(program):
    rb = program("q(a, 1).\nr(a).\np(X) :- not r(X), N > 0, q(X, N), Z = N * 2, Z < 5.\n")
    rule = [r for r in rb.checked.rules if r.head.pred == "p"][0]
    kinds = [type(l) for l in rule.body]
    assert kinds == [Positive, Negative, Compare, Assign, Compare]


def test_provision_names_the_sentences_a_rule_encodes_by_their_first_words(program):
    prog = parse_text('@provision "348.25(2)(b)" "If an overweight permit" "This paragraph does not apply"\n'
                      'p(a).\n@provision "348.25(2)(b)"\nq(a).\n', "a.dl")
    assert prog.rules[0].sentences == ("If an overweight permit", "This paragraph does not apply")
    assert prog.rules[1].sentences == ()
    program('@provision "348.25(2)(b)" "This paragraph does not apply"\np(a).\n')   # checks


@pytest.mark.parametrize("words,message,hint", [
    # words that open no sentence of the text: not the statute's (a paraphrase, a mid-sentence phrase)
    ("This paragraph does apply", "no sentence of s. 348.25(2)(b) open with", "exactly as the statute index"),
    ("the weight authorized in the permit", "no sentence of s. 348.25(2)(b) open with", "exactly as"),
])
def test_provision_sentence_that_is_not_in_the_index_is_an_error(program, words, message, hint):
    err = error_of(program, f'@provision "348.25(2)(b)" "{words}"\np(a).\n')
    assert message in err.message and err.location.endswith("prog.dl:2:1") and hint in err.hint


def test_provision_sentence_that_opens_two_sentences_asks_for_more_words(program):
    err = error_of(program, '@provision "348.19(3)" "No operator of a vehicle shall fail or refuse"\np(a).\n')
    assert "2 sentences of s. 348.19(3) open with" in err.message and "more of its first words" in err.hint
    program('@provision "348.19(3)" "No operator of a vehicle shall fail or refuse after a weighing"\np(a).\n')


# -- @positive: how a form with an argument left open reads when true ----------------------------------------
POSITIVE_DECLS = ('@entity vehicle "a vehicle".\n@entity prior "a prior conviction".\n'
                  '@input prior_of(C: prior, V: vehicle) "the vehicle whose incident {C} is a prior for".\n')


def test_positive_is_parsed_for_the_form_with_an_argument_left_open():
    prog = parse_text(POSITIVE_DECLS + '@positive prior_of(_, V) "the person charged for {V} has a prior conviction".\n'
                      '@negative prior_of(_, V) "the person charged for {V} has no prior conviction".\n')
    names, template, loc = prog.positives[("prior_of", 2, (0,))]
    assert names == ("_", "V") and template == "the person charged for {V} has a prior conviction" and loc.line == 4
    assert ("prior_of", 2, (0,)) in prog.negatives   # the two forms are kept apart


def test_positive_given_twice_or_without_an_open_argument_is_an_error(program):
    twice = error_of(program, POSITIVE_DECLS + '@positive prior_of(_, V) "a".\n@positive prior_of(_, V) "b".\n')
    assert "@positive prior_of(_, V) given twice" in twice.message and twice.location.endswith("prog.dl:5:11")
    closed = error_of(program, POSITIVE_DECLS + '@positive prior_of(C, V) "{V} has {C}".\n')
    assert "@positive prior_of leaves no argument open" in closed.message and closed.location.endswith("prog.dl:4:11")


def test_positive_for_an_undeclared_predicate_or_parameter_is_refused(program):
    undeclared = error_of(program, POSITIVE_DECLS + '@positive prior_for(_, V) "{V} has a prior".\n')
    assert "@positive for prior_for/2, which no @input or @predicate declares" in undeclared.message
    assert undeclared.location.endswith("prog.dl:4:11")
    assert "give the @positive the same number of parameters" in str(undeclared)
    slot = error_of(program, POSITIVE_DECLS + '@positive prior_of(_, V) "{W} has a prior".\n')
    assert "@positive prior_of: {W} is not one of its parameters" in slot.message
