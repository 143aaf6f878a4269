"""An input relation with no rows. An empty NAME.csv / NAME.tsv / NAME.facts in a
fact directory, or `NAME: []` under a case's `facts:`, declares NAME an input with no rows (its
arity is the one the rules read it with); a predicate no fact file, case or rule defines stays an
error (the typo guard). Both engines run the programs."""
import json

import pytest
from click.testing import CliRunner

from reasoner.cli import main

PLANET = ("planet(X) :- orbits(X, Y), star(Y), not intermediate(X, Y).\n"
          "intermediate(X, Y) :- orbits(X, Z), orbits(Z, Y).\n")
ACCESS = ("reads(S, O) :- may_read(S, O), not forbidden(S, O).\n"
          "forbidden(S, O) :- high(O), low(S).\n")
ENGINES = ["sets", "pydatalog"]


def run(engine, program, case):
    result = CliRunner().invoke(main, ["--engine", engine, "run", str(program), str(case), "--format", "json"],
                                catch_exceptions=False)
    return result


def planet_dir(tmp_path, stars=""):
    d = tmp_path / "planet"
    d.mkdir()
    (d / "orbits.csv").write_text("earth,sun\nmoon,earth\n")
    (d / "star.csv").write_text(stars)
    (tmp_path / "planet.dl").write_text(PLANET)
    return d


@pytest.mark.parametrize("engine", ENGINES)
def test_an_empty_csv_is_an_input_with_no_rows(tmp_path, engine):
    d = planet_dir(tmp_path)
    result = run(engine, tmp_path / "planet.dl", d)
    assert result.exit_code == 0, result.output
    model = json.loads(result.output)["model"]
    assert model["planet"] == [] and model["intermediate"] == [["moon", "sun"]]
    # the same program with a star: the rule itself works, so the empty answer above is the empty input
    (d / "star.csv").write_text("sun\n")
    model = json.loads(run(engine, tmp_path / "planet.dl", d).output)["model"]
    assert model["planet"] == [["earth"]] and model["star"] == [["sun"]]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("suffix", [".facts", ".tsv", ".csv"])
def test_an_access_policy_with_no_low_entries(tmp_path, engine, suffix):
    d = tmp_path / "acl"
    d.mkdir()
    (d / f"may_read{suffix}").write_text("alice\tdoc1\nbob\tdoc2\n" if suffix != ".csv" else "alice,doc1\nbob,doc2\n")
    (d / f"high{suffix}").write_text("doc1\n")
    (d / f"low{suffix}").write_text("")
    (tmp_path / "acl.dl").write_text(ACCESS)
    result = run(engine, tmp_path / "acl.dl", d)
    assert result.exit_code == 0, result.output
    model = json.loads(result.output)["model"]
    assert model["reads"] == [["alice", "doc1"], ["bob", "doc2"]] and model["forbidden"] == []
    (d / f"low{suffix}").write_text("alice\n")
    model = json.loads(run(engine, tmp_path / "acl.dl", d).output)["model"]
    assert model["reads"] == [["bob", "doc2"]] and model["forbidden"] == [["alice", "doc1"]]


@pytest.mark.parametrize("engine", ENGINES)
def test_an_empty_list_in_a_case_declares_the_relation(tmp_path, engine):
    (tmp_path / "planet.dl").write_text(PLANET)
    (tmp_path / "none.yaml").write_text("facts:\n  orbits: [[earth, sun], [moon, earth]]\n  star: []\n")
    result = run(engine, tmp_path / "planet.dl", tmp_path / "none.yaml")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["model"]["planet"] == []
    (tmp_path / "sun.yaml").write_text("facts:\n  orbits: [[earth, sun], [moon, earth]]\n  star: [[sun]]\n")
    assert json.loads(run(engine, tmp_path / "planet.dl", tmp_path / "sun.yaml").output)["model"]["planet"] == [["earth"]]


@pytest.mark.parametrize("engine", ENGINES)
def test_a_predicate_only_a_rule_body_mentions_stays_an_error(tmp_path, engine):
    d = planet_dir(tmp_path)
    (tmp_path / "typo.dl").write_text(PLANET.replace("star(Y)", "strr(Y)"))
    for case in (d, tmp_path / "c.yaml"):
        (tmp_path / "c.yaml").write_text("facts:\n  orbits: [[earth, sun]]\n  star: []\n")
        result = run(engine, tmp_path / "typo.dl", case)
        assert result.exit_code == 2 and "undefined predicate strr/1" in result.output
        assert "Traceback" not in result.output
    (d / "star.csv").unlink()     # no file at all: star itself is undefined
    result = run(engine, tmp_path / "planet.dl", d)
    assert result.exit_code == 2 and "undefined predicate star/1" in result.output


def test_an_empty_relation_read_with_two_arities_is_an_error(tmp_path):
    d = planet_dir(tmp_path)
    (tmp_path / "two.dl").write_text(PLANET + "binary(X) :- orbits(X, Y), star(X, Y).\n")
    result = run("sets", tmp_path / "two.dl", d)
    assert result.exit_code == 2 and "star used with 2 argument(s)" in result.output


def test_an_empty_file_for_a_derived_predicate_adds_nothing(tmp_path):
    d = planet_dir(tmp_path, "sun\n")
    (d / "intermediate.csv").write_text("")
    model = json.loads(run("sets", tmp_path / "planet.dl", d).output)["model"]
    assert model["intermediate"] == [["moon", "sun"]] and model["planet"] == [["earth"]]
