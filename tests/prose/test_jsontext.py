"""render/jsontext.py writes exactly what json.dumps(obj, indent=2, ensure_ascii=False) writes
(`reasoner run --format json` prints it), for run's models and for any other JSON data."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reasoner.render import jsontext

scalars = st.one_of(st.text(), st.integers(-10**30, 10**30), st.booleans(), st.none(),
                    st.floats(allow_nan=False), st.sampled_from(["a\0b", "\n", '"', "\\u0000", "%s", "é", "\u2028"]))
rows = st.integers(0, 3).flatmap(lambda w: st.lists(st.lists(st.one_of(st.text(), st.integers()), min_size=w, max_size=w)))
data = st.recursive(st.one_of(scalars, rows), lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=4)), max_leaves=20)


@pytest.mark.parametrize("small", [0, jsontext.SMALL])
@settings(max_examples=300, deadline=None)
@given(obj=data)
def test_the_same_text_as_json_dumps(small, obj):
    old = jsontext.SMALL
    jsontext.SMALL = small      # 0: every list of rows goes the column-wise way
    try:
        assert jsontext.dumps(obj) == json.dumps(obj, indent=2, ensure_ascii=False)
    finally:
        jsontext.SMALL = old


def test_a_model_of_many_rows():
    rows = [[f"n{i}", i, "x\ty"] for i in range(200)] + [["quote\"d", -5, "é"]]
    obj = {"model": {"edge": rows, "empty": [], "one": [[]] * 100, "mixed": [[1, None]] * 100, "flag": [True] * 80},
           "answers": [], "query": "q(X)"}
    assert jsontext.dumps(obj) == json.dumps(obj, indent=2, ensure_ascii=False)
