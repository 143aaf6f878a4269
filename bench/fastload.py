"""Loading generated cases without the YAML round trip (the benchmark's data preparation).

`reasoner.facts.case.load_case` on a dict dumps it to YAML and parses it back with PyYAML's
pure-Python loader (about 20 ms for a generated case): at N = 100,000 that is most of an hour
before any engine runs. The generated dicts are plain data, so here they are turned straight into
the loader's own located nodes (what PyYAML would have produced for the dumped text) and validated
by the loader's own `_Builder`: same checks, same rows. bench/run verifies this on a sample of
every run (`check_same`): the rows must equal load_case's exactly, or the run fails.
"""
from __future__ import annotations

import datetime

from reasoner.facts.case import Case, case_from_root
from reasoner.facts.yamlsafe import Located


def _node(value, line=1) -> Located:
    if isinstance(value, dict):
        return Located({str(k): (Located(str(k), line, 1), _node(v, line)) for k, v in value.items()},
                       line, 1, tag="map")
    if isinstance(value, list):
        return Located([_node(v, line) for v in value], line, 1, tag="seq")
    if isinstance(value, bool):
        raw = "true" if value else "false"
        return Located(raw, line, 1, raw=raw, tag="bool")
    if isinstance(value, int):
        return Located(str(value), line, 1, raw=str(value), tag="int")
    if isinstance(value, float):
        raw = repr(value)
        return Located(raw, line, 1, raw=raw, tag="float")
    if isinstance(value, datetime.date):
        raw = value.isoformat()
        return Located(raw, line, 1, raw=raw, tag="timestamp")
    if value is None:
        return Located("", line, 1, raw="", tag="null")
    return Located(str(value), line, 1, raw=str(value), tag="str")


def load_dict(checked, data: dict, name: str) -> Case:
    return case_from_root(_node(data), name, checked, name)


def load_all(checked, dicts, prefix="gen"):
    return [load_dict(checked, d, f"{prefix}_{i}") for i, d in enumerate(dicts)]


def check_same(checked, dicts, loaded, sample: int = 50, prefix="gen"):
    """The rows of the first `sample` cases must equal what load_case (YAML) gives."""
    from reasoner.facts.case import load_case
    for i, d in enumerate(dicts[:sample]):
        slow = load_case(d, checked, f"{prefix}_{i}")
        fast = loaded[i]
        a = [(r.pred, r.args, r.known) for r in slow.rows]
        b = [(r.pred, r.args, r.known) for r in fast.rows]
        if a != b:
            raise AssertionError(f"fast loading differs from load_case on generated case {i}")
