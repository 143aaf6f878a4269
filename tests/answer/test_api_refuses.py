"""The Python API refuses a setting, a case or a query it cannot take, with one message naming it;
the command line names a REASONER_* variable set to something it cannot read."""
import math
import os

import pytest
from click.testing import CliRunner

import reasoner
from reasoner.cli import main
from reasoner.core.settings import Settings, SettingsError

CASE = "facts/ch350_night_direction_unlawful.yaml"


@pytest.mark.parametrize("given, message", [
    (dict(max_rows=math.nan), "max_rows must be a whole number (an int) or None, not float nan"),
    (dict(max_rows=True), "max_rows must be a whole number (an int) or None, not bool True"),
    (dict(max_rows=10), "max_rows must be at least 1000, not 10"),
    (dict(strict="no"), "strict must be True or False, not str 'no'"),
    (dict(debug=1), "debug must be True or False, not int 1"),
    (dict(time_limit="10"), "time_limit must be a number of seconds (an int or a float), not str '10'"),
    (dict(time_limit=math.inf), "time_limit: inf is not a time limit: give a number of seconds greater "
                                "than 0 and at most 86400"),
    (dict(exact_budget=1.5), "exact_budget must be a whole number (an int) or None, not float 1.5"),
    (dict(exact_budget=-1), "exact_budget must be at least 0, not -1"),
    (dict(max_fact_rows=0), "max_fact_rows must be at least 1, not 0"),
    (dict(engine="fast"), "unknown engine 'fast' (one of: sets, pydatalog)"),
    (dict(readings=[1]), "readings must be reading names ('phrase.reading'), not int 1"),
    (dict(readings=5), "readings must be a reading name ('phrase.reading') or a list of them, not int 5"),
])
def test_a_setting_of_the_wrong_type_or_range_is_refused_naming_the_field(given, message):
    with pytest.raises(reasoner.ReasonerError) as caught:
        Settings(**given)
    assert str(caught.value) == message
    assert isinstance(caught.value, ValueError)   # docs/API.md: a ReasonerError and a ValueError


def test_replace_is_checked_like_the_constructor():
    with pytest.raises(SettingsError, match="^strict must be True or False, not str 'yes'$"):
        Settings().replace(strict="yes")


def test_a_reading_given_as_a_str_is_one_reading_not_its_letters():
    assert Settings(readings="phrase.reading").readings == ("phrase.reading",)
    assert Settings(readings=["a.b", "c.d"]).readings == ("a.b", "c.d")


@pytest.mark.parametrize("case, message", [
    (None, "case must be a case file's path (a str or os.PathLike) or a dict with the case-file "
           "structure, not NoneType None"),
    (42, "case must be a case file's path (a str or os.PathLike) or a dict with the case-file "
         "structure, not int 42"),
    (b"facts/x.yaml", "case must be a case file's path (a str or os.PathLike) or a dict with the "
                      "case-file structure, not bytes b'facts/x.yaml'"),
])
def test_ask_refuses_a_case_that_is_not_a_path_or_a_dict(case, message):
    with pytest.raises(reasoner.ReasonerError) as caught:
        reasoner.ask(case, "lawful")
    assert str(caught.value) == message


@pytest.mark.parametrize("query, message", [
    (None, "query must be a str (a saved query's name such as 'lawful', or an atom such as "
           "'lawful(op1)'), not NoneType None"),
    ("  ", "query is empty: give a saved query's name such as 'lawful' (`reasoner queries`), or an "
           "atom such as 'lawful(op1)'"),
])
def test_ask_and_batch_refuse_a_query_that_is_not_a_non_empty_str(query, message):
    for call in (lambda: reasoner.ask(CASE, query), lambda: reasoner.batch("facts/", query)):
        with pytest.raises(reasoner.ReasonerError) as caught:
            call()
        assert str(caught.value) == message


def test_batch_refuses_a_source_that_is_not_a_path():
    with pytest.raises(reasoner.ReasonerError, match="^source must be a folder of case files, a .jsonl "
                                                     r"or a .csv file \(a str or os.PathLike\), not int$"):
        reasoner.batch(7, "lawful")


def test_ask_takes_a_path_object():
    from pathlib import Path
    assert reasoner.ask(Path(CASE), "lawful").answer == "false"


@pytest.mark.parametrize("variable, value, message", [
    ("REASONER_MAX_FACT_ROWS", "abc", "REASONER_MAX_FACT_ROWS='abc': 'abc' is not a whole number of rows"),
    ("REASONER_MAX_FACT_ROWS", "0", "REASONER_MAX_FACT_ROWS='0': 0 rows is too small a budget: give at least 1"),
    ("REASONER_EXACT_BUDGET", "lots", "REASONER_EXACT_BUDGET='lots': not a whole number"),
    ("REASONER_STRICT", "maybe", "REASONER_STRICT='maybe': not a yes or no (1/true/yes/on or 0/false/no/off)"),
    ("REASONER_TIMEOUT", "nan", "REASONER_TIMEOUT='nan': nan is not a time limit: give a number of "
                                "seconds greater than 0 and at most 86400"),
])
def test_a_bad_environment_variable_is_refused_by_the_api_naming_it(variable, value, message):
    with pytest.raises(SettingsError) as caught:
        Settings.from_environment({variable: value})
    assert caught.value.message == message
    assert caught.value.hint.startswith(f"write {variable}=")


@pytest.mark.parametrize("variable, value, line", [
    ("REASONER_MAX_FACT_ROWS", "abc", "error: REASONER_MAX_FACT_ROWS='abc': 'abc' is not a whole number "
                                      "of rows (hint: write REASONER_MAX_FACT_ROWS=a whole number of rows, at least 1)"),
    ("REASONER_MAX_FACT_ROWS", "0", "error: REASONER_MAX_FACT_ROWS='0': 0 rows is too small a budget: give "
                                    "at least 1 (hint: write REASONER_MAX_FACT_ROWS=a whole number of rows, at least 1)"),
    ("REASONER_MAX_ROWS", "abc", "error: REASONER_MAX_ROWS (read as reasoner --max-rows): 'abc' is not a "
                                 "whole number of rows (hint: write REASONER_MAX_ROWS=a whole number of "
                                 "rows, at least 1000, or unset it)"),
    ("REASONER_EXACT_BUDGET", "-3", "error: REASONER_EXACT_BUDGET (read as reasoner --exact-budget): -3 is "
                                    "not in the range x>=0 (hint: write REASONER_EXACT_BUDGET=a whole number "
                                    "of branch evaluations, 0 or more, or unset it)"),
])
def test_a_bad_environment_variable_is_one_line_naming_it_exit_2(variable, value, line):
    env = {k: v for k, v in os.environ.items() if not k.startswith("REASONER_")}
    result = CliRunner().invoke(main, ["ask", CASE, "lawful"], env={**env, variable: value})
    assert result.exit_code == 2
    assert result.output.strip() == line


def test_a_tilde_is_a_stated_unknown_that_no_presumption_fills(tmp_path):
    # docs/LANGUAGE.md: `~` is the case saying the attribute is open; leaving the line out presumes it
    text = open("facts/ch350_report_night_direction.yaml").read()
    assert "public_utility_function" not in text
    stated = tmp_path / "stated.yaml"
    stated.write_text(text.replace("    travelled_with_traffic: false\n",
                                   "    travelled_with_traffic: false\n    public_utility_function: ~\n"))
    left_out = reasoner.ask("facts/ch350_report_night_direction.yaml", "lawful")
    tilde = reasoner.ask(str(stated), "lawful")
    assert left_out.answer == "false"
    assert [p["fact"] for p in left_out.presumed] == ["not public_utility_function(op1)"]
    assert tilde.answer == "undetermined"
    assert "not public_utility_function(op1)" not in [p["fact"] for p in tilde.presumed]
    assert "whether the ride was carried out to fulfil the corporate function of a public utility" in tilde.missing


def test_a_bad_jobs_variable_names_it_and_its_flag():
    env = {k: v for k, v in os.environ.items() if not k.startswith("REASONER_")}
    result = CliRunner().invoke(main, ["batch", "facts/", "lawful"], env={**env, "REASONER_JOBS": "0"})
    assert result.exit_code == 2
    assert result.output.strip() == ("error: REASONER_JOBS (read as reasoner batch --jobs): 0 is not in the "
                                     "range x>=1 (hint: write REASONER_JOBS=a whole number of worker "
                                     "processes, at least 1, or unset it)")


def test_batch_refuses_jobs_that_are_not_a_positive_int():
    with pytest.raises(reasoner.ReasonerError, match=r"^jobs must be a whole number of processes, at least 1, "
                                                     r"or None, not 0$"):
        reasoner.batch("facts/", "lawful", jobs=0)
