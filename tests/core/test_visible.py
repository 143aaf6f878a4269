"""core/visible.py: control characters from input are shown as their escapes, never sent."""
import json

import pytest

from reasoner.core.visible import escape_json, visible


@pytest.mark.parametrize("raw, shown", [
    ("\x1b[2Jx\x1b]0;pwned\x07", "\\x1b[2Jx\\x1b]0;pwned\\x07"),
    ("a\rb", "a\\rb"),
    ("nul\x00", "nul\\x00"),
    ("del\x7f", "del\\x7f"),
    ("csi\x9b2J nel\x85", "csi\\x9b2J nel\\x85"),
    ("\u202eevil", "\\u202eevil"),
    ("\u202a\u202b\u202c\u202d", "\\u202a\\u202b\\u202c\\u202d"),
    ("\u2066\u2067\u2068\u2069", "\\u2066\\u2067\\u2068\\u2069"),
    ("one\u2028two\u2029", "one\\u2028two\\u2029"),
])
def test_a_control_character_is_written_as_its_escape(raw, shown):
    assert visible(raw) == shown
    assert visible(raw, field=True) == shown


def test_the_layout_s_tabs_and_line_breaks_are_kept_but_not_inside_a_field():
    assert visible("id\tanswer\nrow") == "id\tanswer\nrow"
    assert visible("fake\ttrue\nop_forged", field=True) == "fake\\ttrue\\nop_forged"


def test_ordinary_text_comes_back_as_it_is_and_twice_is_once():
    text = "Café — s. 350.02(2)(b)4.c, C:\\cases\\x.yaml, עברית"
    assert visible(text) is text
    once = visible("\x1b[2J\tx\u202e", field=True)
    assert visible(once, field=True) == once == "\\x1b[2J\\tx\\u202e"


def test_json_keeps_its_value_and_escapes_what_a_terminal_or_a_line_reader_would_act_on():
    value = {"id": "a\u2028b\u2029c\u202ed\x7fe\x85f", "é": "ü"}
    text = escape_json(json.dumps(value, ensure_ascii=False))
    assert text == '{"id": "a\\u2028b\\u2029c\\u202ed\\u007fe\\u0085f", "é": "ü"}'
    assert json.loads(text) == value
