"""The typed plan: one class per step kind (engine/plan.py), read by both set
interpreters; a plan prints itself one step a line; the analyses' memo tables live in one named
object (`checked.analysis`), never as attributes added to the checked program."""
import pickle

from reasoner.engine import plan as ir
from reasoner.engine.batch import BatchProgram
from reasoner.language.checks import Analysis, check
from reasoner.language.parser import parse_text as parse_program
from reasoner.engine.rulebase import default_rulebase

PROGRAM = '''
@entity thing "a thing".
@input size(X: thing, N: number) "the size of {X}".
@input red(X: thing) "{X} is red".
@input near(X: thing, Y: thing) "{X} is near {Y}".
big(X) :- size(X, N), N > 10.
lonely(X) :- red(X), not big(X).
twin(X) :- near(X, Y), near(Y, Z), X != Z.
double(X, D) :- size(X, N), D = N * 2.
'''


def program():
    return check(parse_program(PROGRAM, "t.dl"))


def test_every_step_is_one_of_the_plan_classes():
    rb = default_rulebase()
    kinds = {}
    for p in rb.batch_program([("lawful", 1), ("forfeiture", 2)]).plans:
        assert isinstance(p, ir.Plan)
        for step in p.steps:
            assert type(step) in (ir.Positive, ir.Exists, ir.Negative, ir.Compare, ir.Assign)
            assert not hasattr(step, "__dict__")        # slots: no attribute added on the side
            kinds[step.kind] = kinds.get(step.kind, 0) + 1
    assert set(kinds) == {"positive", "exists", "negative", "compare", "assign"} or \
        {"positive", "negative", "compare"} <= set(kinds)


def test_a_plan_prints_one_step_a_line():
    bp = BatchProgram(program())
    shown = {str(p.rule.head) + "/" + p.copy: str(p) for p in bp.plans}
    assert shown["big(X)/c"] == ("plan for big(X) (certain copy) -> big/c\n"
                                 "  1. scan size/c                              -> (case#, X, N)\n"
                                 "  2. test N > 10                              -> (case#, X)\n"
                                 "  head (case#, X)")
    assert "not big/p on 0,1 = case#,X" in shown["lonely(X)/c"]     # certain copy: no possible row
    assert "not big/c on 0,1 = case#,X" in shown["lonely(X)/p"]     # possible copy: no certain row
    assert "let D = (N * 2)" in shown["double(X, D)/c"]
    assert "exists near/c on 0,1 = case#,Y with 1 test(s)" in shown["twin(X)/c"]   # Z only tested: fused
    assert "twin/p" in shown["twin(X)/p"].splitlines()[0]


def test_semi_naive_variants_read_the_delta():
    prog = check(parse_program('@entity n "a node".\n@input edge(X: n, Y: n) "{X} to {Y}".\n'
                               "path(X, Y) :- edge(X, Y).\npath(X, Z) :- path(X, Y), edge(Y, Z).\n", "p.dl"))
    bp = BatchProgram(prog)
    (keys, plans), = [g for g in bp.groups if g[0] is not None]
    recursive = [p for p in plans if len(p.rule.body) == 2]
    (key, variant), = bp.delta_variants(recursive[0], keys)
    assert str(variant).splitlines()[1].startswith("  1. scan delta path/")
    assert variant.reads[0][0] == "\0delta"


def test_the_analyses_live_in_one_object_not_on_the_program():
    from reasoner.answer.answering import ask
    rb = default_rulebase()
    before = set(vars(rb.checked))
    ask("facts/ch350_night_direction_lawful.yaml", "lawful", rulebase=rb)
    added = set(vars(rb.checked)) - before
    assert added <= {"_analysis"}
    assert isinstance(rb.checked.analysis, Analysis)
    assert rb.checked.analysis.case_attributes       # the case loader's table, filled
    again = pickle.loads(pickle.dumps(rb.checked))   # as the law cache stores it: no memo tables
    assert again.analysis.case_attributes == {} and again.rules == rb.checked.rules
