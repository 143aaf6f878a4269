"""JSON text exactly as `json.dumps(obj, indent=2, ensure_ascii=False)` writes it, made fast for
long lists of rows (`reasoner run --format json` over a million fact rows).

With `indent`, the json module encodes in pure Python, value by value: about 8 s for a model of
1.3 million rows. Here a list of rows (lists of equal length holding only text and whole numbers,
as run's model is) is written a column at a time: each value encoded by the json module's own
string encoder or int.__repr__, the rows joined with one format string. Everything else goes
through json.dumps itself, re-indented to its depth (json.dumps writes a line break only between
items, never inside a string, which it escapes), so the text is the same byte for byte
(tests/prose/test_jsontext.py).
"""
from __future__ import annotations

import json
from json.encoder import encode_basestring

SMALL = 64      # lists up to this long are left to json.dumps


def dumps(obj) -> str:
    """json.dumps(obj, indent=2, ensure_ascii=False), byte for byte."""
    return _dump(obj, 0)


def _dump(obj, level) -> str:
    if type(obj) is dict and obj and all(type(k) is str for k in obj):
        inner = "\n" + "  " * (level + 1)
        items = [encode_basestring(k) + ": " + _dump(v, level + 1) for k, v in obj.items()]
        return "{" + inner + ("," + inner).join(items) + "\n" + "  " * level + "}"
    if type(obj) is list and len(obj) > SMALL:
        text = _rows(obj, level)
        if text is not None:
            return text
    text = json.dumps(obj, indent=2, ensure_ascii=False)
    return text.replace("\n", "\n" + "  " * level) if level else text


def _scalar(value) -> str:
    return encode_basestring(value) if type(value) is str else int.__repr__(value)


def _rows(rows, level):
    """A list of rows (lists of one length, of str and int values only) at depth `level`; None for
    any other list."""
    if set(map(type, rows)) != {list}:
        return None
    widths = set(map(len, rows))
    if len(widths) != 1:
        return None
    width = widths.pop()
    row_in = "\n" + "  " * (level + 1)
    if width == 0:
        body = ("," + row_in).join(["[]"] * len(rows))
    else:
        value_in = "\n" + "  " * (level + 2)
        columns = []
        for column in zip(*rows):
            kinds = set(map(type, column))
            if kinds == {str}:
                columns.append(map(encode_basestring, column))
            elif kinds == {int}:
                columns.append(map(int.__repr__, column))
            elif kinds == {str, int}:
                columns.append(map(_scalar, column))
            else:       # bool, None, float, ...: json.dumps writes them
                return None
        fmt = "[" + value_in + ("," + value_in).join(["%s"] * width) + row_in + "]"
        body = ("," + row_in).join(map(fmt.__mod__, zip(*columns)))
    return "[" + row_in + body + "\n" + "  " * level + "]"
