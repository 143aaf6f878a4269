"""Every closed set of the vocabulary, value by value: each rule that reads a closed-set input lets
through exactly the values the statute names (a value no rule covers is a finding, not a default).

The table below is written from the statute text, not from the rule files. The first test finds
every rule of the law that reads a closed-set input and compares the list with the table, so a new
rule reading a closed set, or a new word in a set, fails here until someone says, from the statute,
which words it lets through. (The night trail exception by highway class, s. 350.02(2)(b)4.c, is a YAML
law test: reasoner/law/tests/ch350_night_trail_approval_outcomes.yaml.)"""
from collections import defaultdict

import pytest
from reasoner.answer.answering import ask
from reasoner.engine.rulebase import default_rulebase
from reasoner.language.ast import Negative, Positive, Var, literal_vars

HIGHWAYS = {"us", "state_trunk", "connecting", "county", "town", "city_street", "village_street", "other"}

# (input, the class predicate or constant test that reads it) -> the words the statute lets through
STATUTE = {
    # 350.02(2)(a)4 "On the roadway of county or town highways and city or village streets"
    ("highway_class", "event_roadway_class"): {"county", "town", "city_street", "village_street"},
    # 350.02(2)(b)1 "Along U.S. numbered highways, state and county highways"
    ("highway_class", "distance_rule_highway_class"): {"us", "state_trunk", "county"},
    # 350.02(2)(b)4.c "approved by the department of transportation with respect to ... state trunk
    # highways" (U.S. highways read as state trunk highways: the rule's @reading)
    ("highway_class", "dot_approved_trail_class"): {"us", "state_trunk"},
    # 350.02(2)(b)4.c "... or by the officer in charge of maintenance with respect to ... other
    # highways": every highway that is not a state trunk highway, whatever its class
    ("highway_class", "officer_approved_trail_class"): HIGHWAYS - {"us", "state_trunk"},
    # 350.04(2)(e) "state trunk or connecting highways" (U.S. highways are state trunk highways)
    ("highway_class", "trunk_or_connecting_class"): {"us", "state_trunk", "connecting"},
    # 350.03(2)(b) a marked race "on public lands, highways or snowmobile trails"... excepted
    ("race_location", "race_exception_place"): {"public_land", "highway", "snowmobile_trail"},
    # 350.047 ordinances of counties, towns, cities and villages
    ("ordinance_adopted_by", "ordinance_government"): {"county", "town", "city", "village"},
    # 350.04(2) routes designated by a town, city or village
    ("ordinance_adopted_by", "route_designating_government"): {"town", "city", "village"},
    # 350.09(2)(c) "multiple beam type"; 350.09(2)(d) "single beam type"
    ("head_lamp_beam_type", "multiple_beam_type"): {"multiple"},
    ("head_lamp_beam_type", "single_beam_type"): {"single"},
    # 350.101(1)(d): "If the person is charged with violating both pars. (a) and (b)": the rule names
    # the two paragraphs (joinder17: no table line 'pars. (a) and (b) are the related charges')
    ("charge_paragraph", "related_counts"): {"a", "b"},
    # 350.101(1)(d) merges only pars. (a) and (b): a par. (c) finding stands apart (joinder17)
    ("charge_paragraph", "conviction_not_merged"): {"c"},
    # s. 350.101(1)(c) "a person who has not attained the age of 19": a par. (c) charge against a person
    # stated to be 19 or older cannot be (what-if offers no such change)
    ("charge_paragraph", "facts_conflict_charge"): {"c"},
    # s. 348.21(4) "the affirmance of the judgment by an appellate court, if the judgment has been
    # affirmed": only a judgment is affirmed (a certificate of conviction may evidence one)
    ("prior_disposition", "affirmance_counted"): {"judgment", "certificate"},
    # 348.21(4) "a conviction ... judgment, forfeiture of deposit, payment of a forfeiture ... or a
    # certificate" counts; acquittal, dismissal and another disposition do not
    ("prior_disposition", "counts_as_conviction"): {"judgment", "deposit_forfeited", "forfeiture_paid",
                                                    "certificate"},
    # 348.22 "conviction" includes a judgment, forfeiture of bail or appearance money, payment of a fine
    ("conviction_disposition", "conviction_counts_for_report"): {"judgment", "bail_forfeited",
                                                                 "appearance_money_forfeited", "fine_paid"},
    # 348.21(2)(a): a prior under par. (2)(a); 348.21(3r): priors under sub. (3) or (3g)
    ("prior_under", "duty_prior"): {"s2a"},
    ("prior_under", "weight_prior"): {"s3", "s3g"},
    # 348.25(8): the fee schedule names annual and multiple trip permits under (8)(b), single trip
    # under (8)(a), an amendment's fee; 348.25(4)(b) single trip permits may be issued
    ("permit_kind", "annual_permit"): {"annual", "multiple_trip"},
    ("permit_kind", "permit_fee"): {"amendment"},
    ("permit_kind", "permit_may_be_issued"): {"single_trip"},
    ("permit_kind", "single_trip_permit"): {"single_trip"},
    # 348.21(2)(b) "the weight prescribed in s. 348.15 (3) or 348.16 or in a declaration issued under s.
    # 348.175, or prescribed in an overweight permit issued under s. 348.27 (9m) (a) 4.": a posted limit
    # (s. 348.17 (1)) or another kind is not named
    ("weight_limit_source", "reload_limit_source"): {"statute_declaration_or_permit"},
}

# readers that only join the value with another input of the case (no class test of their own)
JOINS = {("charge_paragraph", "guilty_under")}


def _law():
    return default_rulebase().source


def _readers(prog):
    """(input, class predicate) -> the rules' class tests; constants: (input, head) -> the words."""
    found = defaultdict(set)
    for rule in prog.rules:
        for lit in rule.body:
            if not isinstance(lit, (Positive, Negative)):
                continue
            decl = prog.preds.get(lit.atom.key)
            if decl is None or not decl.is_input:
                continue
            for i, param in enumerate(decl.params):
                if not param.words:
                    continue
                arg = lit.atom.args[i]
                if not isinstance(arg, Var):
                    found[(decl.name, rule.head.pred)].add(str(arg))
                    continue
                tests = [other for other in rule.body if other is not lit
                         and isinstance(other, (Positive, Negative)) and arg.name in literal_vars(other)
                         and prog.preds.get(other.atom.key) is not None
                         and not prog.preds[other.atom.key].is_input]
                if not tests:
                    found[(decl.name, rule.head.pred)].add(None)
                for other in tests:
                    if isinstance(other, Positive):
                        found[(decl.name, other.atom.pred)].add(None)
    return found


def test_every_rule_reading_a_closed_set_is_in_the_statute_table():
    readers = set(_readers(_law()))
    assert readers - set(STATUTE) - JOINS == set(), "a rule reads a closed set the table does not cover"
    assert (set(STATUTE) | JOINS) - readers == set(), "the table names a rule the law no longer has"


def test_every_word_of_every_closed_set_is_named_in_the_vocabulary():
    prog = _law()
    words = {}
    for decl in prog.preds.values():
        for param in decl.params:
            if param.words:
                words[decl.name] = set(param.words)
    assert words["highway_class"] == HIGHWAYS
    for (inp, _), allowed in STATUTE.items():
        assert allowed <= words[inp], (inp, allowed - words[inp])


@pytest.mark.parametrize("key", [k for k, v in _readers(_law()).items() if None not in v and k in STATUTE],
                         ids=lambda k: f"{k[0]}-{k[1]}")
def test_a_constant_test_names_the_statute_words(key):
    assert _readers(_law())[key] == STATUTE[key]


CLASS_TESTS = sorted(k for k in STATUTE if k[1] in {
    "event_roadway_class", "distance_rule_highway_class", "dot_approved_trail_class",
    "officer_approved_trail_class", "trunk_or_connecting_class", "race_exception_place",
    "ordinance_government", "route_designating_government", "multiple_beam_type", "single_beam_type"})


@pytest.mark.parametrize("key", CLASS_TESTS, ids=lambda k: f"{k[0]}-{k[1]}")
def test_a_class_test_lets_through_exactly_the_statute_words(key, tmp_path):
    inp, test = key
    prog = _law()
    decl = next(d for d in prog.preds.values() if d.name == inp and d.is_input)
    kind = decl.params[0].type
    words = sorted(decl.params[1].words)
    through = set()
    for word in words:
        case = tmp_path / f"{word}.yaml"
        case.write_text(f"entities:\n  e1:\n    type: {kind}\n    {inp}: {word}\n", encoding="utf-8")
        answer = ask(str(case), f"{test}({word})").answer
        assert answer in ("true", "false"), (word, answer)
        if answer == "true":
            through.add(word)
    assert through == STATUTE[key]
