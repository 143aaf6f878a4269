"""Interview questions for a number state the declared range and unit (docs/LANGUAGE.md "Value
spaces"); an answer outside the range is refused with the range and asked again."""
from click.testing import CliRunner

from reasoner.cli import main

PROGRAM = """@entity operation "a snowmobile operation".
@input alcohol(O: operation, N: number(grams_per_100_ml) 0..1) "the alcohol concentration in {O}".
@input speed(O: operation, N: number(mph) 0..) "the speed in {O}".
@input fee(O: operation, F: money 0..500) "the fee paid for {O}".
@input note(O: operation, N: number) "the note number of {O}".
@predicate ok(O: operation) "{O} is ok".
ok(O) :- alcohol(O, A), A < 0.08, speed(O, S), S <= 50, fee(O, F), F > 10, note(O, N), N > 0.
"""


def interview(tmp_path, answers):
    prog = tmp_path / "p.dl"
    prog.write_text(PROGRAM)
    case = tmp_path / "case.yaml"
    case.write_text("entities:\n  op1: {type: operation}\n")
    saved = tmp_path / "done.yaml"
    r = CliRunner().invoke(main, ["interview", str(case), "ok(op1)", "--rules", str(prog), "--save", str(saved)],
                           input=answers)
    return r, saved


def test_number_questions_state_the_range_and_unit(tmp_path):
    r, saved = interview(tmp_path, "0.05\n20\n3\n45\n")   # alcohol, fee, note, speed
    assert r.exit_code == 0, r.stderr
    err = r.stderr
    assert "(a number, from 0 to 1 grams per 100 ml; or unknown)" in err
    assert "(a number, at least 0 mph; or unknown)" in err
    assert "(dollars, e.g. 125.50, from 0 to 500; or unknown)" in err
    assert "the note number of the ride? (a number; or unknown)" in err   # no declared range: none said
    assert "try again" not in err
    assert "now TRUE" in err


def test_out_of_range_answers_are_refused_with_the_range(tmp_path):
    # before: the question did not say the range, and -5 mph went on to a case-file error
    r, saved = interview(tmp_path, "1.5\n0.05\n600\n20\n3\n-5\n45\n")
    assert r.exit_code == 0, r.stderr
    err = r.stderr
    assert "1.5 is out of range: alcohol is from 0 to 1 grams_per_100_ml (for example 0.5); try again" in err
    assert "-5 is out of range: speed is at least 0 mph (for example 30); try again" in err
    assert "600 is out of range: fee is from 0 to 500 (for example 1); try again" in err
    assert err.count("try again") == 3 and "now TRUE" in err
    text = saved.read_text()
    assert "alcohol: 0.05" in text and "speed: 45" in text and "fee: '20'" in text
    assert "-5" not in text and "1.5" not in text and "600" not in text


def test_real_law_question_states_its_unit(tmp_path):
    """A number question of the bundled law carries the range and unit its @input declares."""
    from reasoner.apps.interview import Prompt
    from reasoner.engine.rulebase import default_rulebase
    from reasoner.answer.whatif import input_decl
    decl = input_decl(default_rulebase().checked.program, "empty_weight_lb")
    q = Prompt("v1", "empty_weight_lb", "number", "the empty weight in pounds of v1", (), decl.params[1])
    assert q.prompt == "What is the empty weight in pounds of v1? (a number, at least 0 pounds; or unknown)"


def test_hints_take_their_examples_from_the_declared_space(tmp_path):
    # before: "expected a number ... (for example 30 or 12.5)" for a concentration of 0 to 1, and a
    # misspelled word was "not a symbol in this case" with no did-you-mean
    prog = tmp_path / "w.dl"
    prog.write_text('@entity operation "a snowmobile operation".\n'
                    '@input alcohol(O: operation, N: number(grams_per_100_ml) 0..1) "the alcohol concentration in {O}".\n'
                    '@input road(O: operation, C: {us, county, town}) "the class of the road of {O}".\n'
                    '@predicate bad(O: operation) "{O} is bad".\n'
                    'bad(O) :- alcohol(O, A), A > 0.08, road(O, county).\n')
    case = tmp_path / "case.yaml"
    case.write_text("entities:\n  op1: {type: operation}\n")
    r = CliRunner().invoke(main, ["interview", str(case), "bad(op1)", "--rules", str(prog)],
                           input="lots\n0.1\ncountyy\nmotorway\ncounty\n")
    assert r.exit_code == 0, r.stderr
    err = r.stderr
    assert "expected a number, got 'lots' (for example 0.5); try again" in err
    assert "30 or 12.5" not in err
    assert "'countyy' is not a word road can take (did you mean: county?); try again" in err
    assert "'motorway' is not a word road can take (one of: county, town, us); try again" in err
    assert "now TRUE" in err
