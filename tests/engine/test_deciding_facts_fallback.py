"""The deciding facts first. When the exact split does not finish, the answer
falls back to the three-valued one and the inputs the unfinished split happened to branch on prove
nothing: the list holds the unknown inputs of the possible proof (every one of them may decide),
never an input the proof does not read. When it finishes, an input it branched on decides only if
some value of it changes the outcome (reasoner/deciding.py)."""
from pathlib import Path

import yaml

from reasoner.answer.answering import ask

FACTS = Path(__file__).resolve().parents[2] / "facts"
TABLE = ("the average weight in pounds per square foot of load measurement for the load of the pulpwood truck, "
         "taken from the table in Figure 348.19(1)(b) (not in the excerpt)")


def pulpwood_without_table_figure():
    """A report: the officer estimated nothing, so the table figure of s. 348.19(1)(b) is not stated."""
    data = yaml.safe_load((FACTS / "ch348_pulpwood_distant_scale.yaml").read_text())
    del data["entities"]["pulp_truck"]["table_weight_per_sq_ft_lb"]
    return data


def test_unfinished_split_lists_only_the_facts_of_the_possible_proof():
    res = ask(pulpwood_without_table_figure(), "duty_forfeiture(pulp_truck, Min, Max)")
    assert res.answer == "undetermined" and not res.exact, res.text()
    # the one fact the excuse of s. 348.19 (1) (b) turns on, and only it; the figure's table is
    # missing from the excerpt, which the entry says
    assert res.missing == [TABLE], res.missing
    (entry,) = res.missing_inputs
    assert entry["rank"] == 1 and entry["decides"] is True and entry["provision"] == "348.19(1)(b)"
    assert "missing from the excerpt" in entry["note"]
    # inputs the unfinished split branched on are not asked for: given what is stated (not weighed,
    # not on the interstate system, not directed to stop) no rule of the answer can use them
    assert not {"in_i39_i41_corridor", "stopped_and_submitted", "used_as_motor_home", "found_weight_lb"} & \
        {m["attribute"] for m in res.missing_inputs}
    assert "348.21(2)(a)" in res.cited and "348.19(1)(b)" in res.cited and "348.21(3)(a)" not in res.cited


def test_the_table_figure_decides_it_either_way():
    data = pulpwood_without_table_figure()
    for figure, verdict in ((150, "false"), (200, "true")):   # 40 x 8 x 200 + 30,000 = 94,000 > 80,000
        data["entities"]["pulp_truck"]["table_weight_per_sq_ft_lb"] = figure
        res = ask(data, "duty_forfeiture(pulp_truck, Min, Max)")
        assert res.answer == verdict, res.text()


# -- a finished split: an input it branched on decides only if some value of it changes the outcome --
AB = '''
@entity thing "a thing".
@input a(X: thing) "{X} is a".
@input b(X: thing) "{X} is b".
@predicate p(X: thing) "{X} is p".
@provision "350.045"
p(X) :- thing(X), a(X), b(X).
@provision "350.07"
p(X) :- thing(X), a(X), not b(X).
'''


def test_an_input_whose_values_lead_to_the_same_outcome_does_not_decide(tmp_path):
    """p holds exactly when a does: the split branches on b under a (the three-valued rules cannot
    see that b and not b cover every case), but both values of b give TRUE, so b decides nothing
    and is listed only behind --all-missing."""
    import json
    from click.testing import CliRunner
    from reasoner.cli import main
    rules = tmp_path / "ab.dl"
    rules.write_text(AB)
    case = tmp_path / "t.yaml"
    case.write_text("entities:\n  t1: {type: thing}\n")
    run = CliRunner().invoke
    text = run(main, ["ask", "--rules", str(rules), str(case), "p(t1)", "--view", "full"]).stdout
    assert "Facts that would decide it:\n  s. 350.045:\n    - whether t1 is a\nProof:" in text
    assert "whether t1 is b" in run(main, ["ask", "--rules", str(rules), str(case), "p(t1)", "--all-missing"]).stdout
    data = json.loads(run(main, ["ask", "--rules", str(rules), str(case), "p(t1)", "--format", "json"]).stdout)
    assert data["answer"] == "undetermined" and data["exact"] is True
    assert [(m["attribute"], m["decides"], m["rank"]) for m in data["missing"]] == [("a", True, 1), ("b", False, 2)]


def test_husbandry_does_not_decide_the_amount_when_the_limit_is_the_3t_basis():
    """--strict, a 21,500-lb axle on a 20,000-lb limit: s. 348.21(3t)(b) computes the penalty on
    20,000 lb, the limit itself, so whether the truck was an implement of husbandry changes no
    amount; the raw-forest and reload regimes do."""
    from reasoner.facts.presume import strict_mode
    with strict_mode(True):
        res = ask(FACTS / "ch348_report_axle_overweight.yaml", "forfeiture(truck, Min, Max)")
    decides = {m["attribute"]: m["decides"] for m in res.missing_inputs}
    assert decides["husbandry_348_15_3b"] is False
    assert decides["raw_forest_combination"] and decides["excess_reloadable"]
    assert "whether truck violated s. 348.15(3)(b)" not in " ".join(res.missing)


def test_interview_says_when_only_a_subdivision_with_a_gap_reads_the_fact():
    from reasoner.apps.interview import Interview
    from reasoner.language.parser import parse_atom
    from reasoner.engine.rulebase import default_rulebase
    it = Interview(default_rulebase(), pulpwood_without_table_figure(), parse_atom("duty_forfeiture(V, Min, Max)"))
    q = it.next_question()
    assert q.attribute == "table_weight_per_sq_ft_lb"
    assert ("(note: only s. 348.19(1)(b) reads it, and part of s. 348.19(1)(b) is missing from the excerpt)? "
            "(a number") in q.prompt
    it.reply(q, "150")       # 40 x 8 x 150 + 30,000 = 78,000 lb: within the limit, excused
    assert it.done and it.answer.answer == "false"
