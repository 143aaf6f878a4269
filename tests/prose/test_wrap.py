"""reasoner/render/wrap.py wraps exactly as textwrap.wrap (default options), on the statute texts and
on random text."""
import json
import textwrap
from pathlib import Path

from hypothesis import given, settings, strategies as st

from reasoner.render.wrap import wrap

STATUTES = Path(__file__).parents[2] / "reasoner" / "law" / "statutes.json"


def _texts():
    data = json.loads(STATUTES.read_text(encoding="utf-8"))
    out = []

    def walk(node):
        if isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
        elif isinstance(node, str) and len(node) > 20:
            out.append(node)
    walk(data)
    return out


def test_every_statute_text_wraps_as_textwrap_at_every_width():
    texts = _texts()
    assert len(texts) > 100
    plain = 0
    for text in texts:
        plain += "-" not in text
        for width in (1, 5, 12, 30, 47, 60, 61, 75, 96, 200):
            for shown in (text, f'"{text}"', f"Reading: {text}"):
                assert wrap(shown, width) == textwrap.wrap(shown, width), (shown[:60], width)
    assert plain > 50          # most texts take the fast path


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab c.\n\t-\u00a0\u2014xyz   ")), max_size=120),
       st.integers(min_value=-1, max_value=40))
def test_random_text_wraps_as_textwrap(text, width):
    try:
        want = textwrap.wrap(text, width)
    except ValueError as exc:
        try:
            wrap(text, width)
        except ValueError as mine:
            assert str(mine) == str(exc)
            return
        raise AssertionError("textwrap refused this width, wrap did not")
    assert wrap(text, width) == want
