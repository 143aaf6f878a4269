"""`reasoner queries --all` lists every relation of the law one can ask, with its sentence (from its
@predicate template), in text and JSON."""
import json

from click.testing import CliRunner

from reasoner.cli import main
from reasoner.engine.rulebase import default_rulebase
from reasoner.language.parser import parse_atom
from reasoner.law.queries import check_atom


def queries(*args):
    result = CliRunner().invoke(main, ["queries", "--all", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_queries_all_lists_relations_beyond_the_saved_questions_with_their_sentences():
    lines = queries().splitlines()
    at = lines.index("person_violation(P, C)  (provisions: 350.09; saved as equipment_duties)")
    assert lines[at + 1] == "    P violated s. C"
    at = lines.index("permit_may_be_issued(P)  (provisions: 348.25)")
    assert lines[at + 1] == ("    P may be issued under the single-article rule of s. 348.25(4) or one of "
                             "its exceptions")
    assert all(len(line) <= 100 for line in lines)


def test_queries_all_in_json_is_every_declared_derived_relation_and_each_can_be_asked():
    rows = json.loads(queries("--format", "json"))["relations"]
    checked = default_rulebase().checked
    declared = {k for k in checked.derived if k in checked.program.preds
                and not checked.program.preds[k].is_input and "__" not in k[0]}
    assert {(r["name"], len(parse_atom(r["goal"]).args)) for r in rows} == declared
    for r in rows:
        check_atom(parse_atom(r["goal"]), checked)   # each goal is a question `ask` takes
    violation = [r for r in rows if r["name"] == "person_violation"][0]
    assert violation == {"name": "person_violation", "goal": "person_violation(P, C)",
                         "sentence": "P violated s. C", "subject": "person",
                         "provisions": violation["provisions"], "sections": ["350.09"],
                         "saved": ["equipment_duties"]}


def test_an_unknown_predicate_points_to_queries_all():
    result = CliRunner().invoke(main, ["ask", "facts/ch350_night_direction_unlawful.yaml", "persn_violation(P, C)"])
    assert result.exit_code == 2
    assert result.output.strip() == ("error: unknown predicate 'persn_violation' in the query (hint: did you "
                                     "mean: person_violation, sign_violation, violation? `reasoner queries "
                                     "--all` lists every relation one can ask)")
