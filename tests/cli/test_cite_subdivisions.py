"""`reasoner cite` of a citation whose own text the excerpt lacks prints its subdivisions; a long
input is never echoed whole in an error."""
import json

import pytest
from click.testing import CliRunner

from reasoner.cli import main


def cite(*args):
    return CliRunner().invoke(main, ["cite", *args])


@pytest.mark.parametrize("citation, first_subdivision", [
    ("350.02", "  (2) (no text of its own in the excerpt; its subdivisions follow)"),
    ("350.02(2)", "  (a) (no text of its own in the excerpt; its subdivisions follow)"),
    ("348.19", "  (1) (no text of its own in the excerpt; its subdivisions follow)"),
    ("348.21(2)", "  (a) Any person who violates s. 348.17 (2) or 348.19 (3) may be required to forfeit not less than"),
])
def test_a_citation_with_subdivisions_in_the_excerpt_prints_them(citation, first_subdivision):
    result = cite(citation)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:3] == [citation, f"The text of {citation} itself is not in the excerpt; its subdivisions "
                                   "in the excerpt follow.", first_subdivision]


def test_a_citation_with_subdivisions_only_in_json_has_no_text_and_says_why():
    data = json.loads(cite("350.02(2)", "--format", "json").output)
    assert data["text"] is None
    assert data["note"] == ("The text of 350.02(2) itself is not in the excerpt; its subdivisions in the "
                            "excerpt follow.")
    assert [s["citation"] for s in data["subdivisions"]] == ["350.02(2)(a)", "350.02(2)(b)"]


def test_only_on_a_citation_without_its_own_text_says_to_drop_only():
    result = cite("350.02", "--only")
    assert result.exit_code == 2
    assert result.output.strip() == ('error: the text of 350.02 itself is not in the excerpt (hint: its '
                                     'subdivisions are: `reasoner cite "350.02"` without --only)')


def test_a_citation_with_nothing_in_the_excerpt_is_still_unknown():
    result = cite("350.99")
    assert result.exit_code == 2
    assert result.output.startswith("error: unknown statute citation 350.99 (hint: did you mean:")


def test_a_long_citation_is_echoed_as_its_first_80_characters_and_its_length():
    result = cite("350." + "x" * 100_000)
    assert result.exit_code == 2
    assert result.output.strip() == ("error: not a statute citation: '350." + "x" * 75 + "… (100,006 characters) "
                                     '(hint: write it like "350.02(2)(b)4.a")')


def test_a_long_value_in_a_query_is_echoed_short():
    goal = 'violation(op1, "350.' + "9" * 300 + '")'
    result = CliRunner().invoke(main, ["ask", "facts/ch350_night_direction_unlawful.yaml", goal])
    assert result.exit_code == 2
    assert result.output.startswith("error: query: '350." + "9" * 75 + "… (306 characters) is not something "
                                    "argument 2 of violation can be")
