"""docs/examples/ is up to date: regenerate the handouts into a temporary folder and compare bytes.

If this fails after a change to the law, the case files or the renderers, run:
    python tools/make_examples.py
"""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "examples"


def load_tool():
    spec = importlib.util.spec_from_file_location("make_examples", ROOT / "tools" / "make_examples.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_examples_are_up_to_date(tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    tool = load_tool()
    available = {name for name, (_, patterns, _) in tool.EXAMPLES.items() if tool.find_case(patterns)}
    if not available:
        pytest.skip("none of the case files the examples use exist yet (facts/ch350_*, facts/ch348_*)")
    tool.make_examples(tmp_path, quiet=True)
    recorded = (EXAMPLES / "README.md").read_text(encoding="utf-8") if (EXAMPLES / "README.md").exists() else ""
    same_matplotlib = f"matplotlib {matplotlib.__version__}." in recorded
    stale = []
    for name in sorted(available):
        for suffix in (".md", ".html", ".svg"):
            fresh = tmp_path / f"{name}{suffix}"
            kept = EXAMPLES / f"{name}{suffix}"
            assert fresh.exists(), fresh
            if suffix != ".md" and not same_matplotlib:
                continue  # figures differ between matplotlib versions; the text must not
            if not kept.exists() or kept.read_bytes() != fresh.read_bytes():
                stale.append(kept.relative_to(ROOT).as_posix())
    assert not stale, f"out of date: {', '.join(stale)}; regenerate with: python tools/make_examples.py"
