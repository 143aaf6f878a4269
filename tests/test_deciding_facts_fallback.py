"""The deciding facts first when the exact split does not finish (issue 10, item 4): the answer then
falls back to the three-valued one, and the inputs the unfinished split happened to branch on prove
nothing. The list holds the unknown inputs of the possible proof (every one of them may decide),
never an input the proof does not read."""
from pathlib import Path

import yaml

from reasoner.api import ask

FACTS = Path(__file__).resolve().parent.parent / "facts"
TABLE = ("the average weight in pounds per square foot of load measurement for the load of pulp_truck, "
         "taken from the table in Figure 348.19 (1) (b) (not in the excerpt)")


def pulpwood_without_table_figure():
    """A report: the officer estimated nothing, so the table figure of s. 348.19 (1) (b) is not stated."""
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
