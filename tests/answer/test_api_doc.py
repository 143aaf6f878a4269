"""docs/API.md's walk-through runs as written (doctest), from the repository root, and the package
face (reasoner/__init__.py) offers what `__all__` says, typed (py.typed ships in the package)."""
import doctest
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)
    for name in ("REASONER_STRICT", "REASONER_ENGINE", "REASONER_EXACT_BUDGET", "REASONER_MAX_ROWS",
                 "REASONER_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)


FRAME = "\n## A table: `to_frame()`\n"   # the section that needs pandas (the frames extra): last


def run_doc(text: str, name: str) -> tuple[int, int]:
    test = doctest.DocTestParser().get_doctest(text, {}, name, str(ROOT / "docs" / "API.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS, verbose=False)
    runner.run(test)
    return runner.failures, runner.tries


def test_the_api_walk_through_runs_as_written():
    text = (ROOT / "docs" / "API.md").read_text(encoding="utf-8")
    assert FRAME in text
    failed, tried = run_doc(text.split(FRAME)[0], "API.md")
    assert tried > 20 and failed == 0


def test_the_to_frame_example_runs_as_written():
    pytest.importorskip("pandas")
    section = (ROOT / "docs" / "API.md").read_text(encoding="utf-8").split(FRAME)[1]
    assert "\n## " not in section   # the last section: the walk-through above runs without pandas
    failed, tried = run_doc(section, "API.md to_frame")
    assert tried >= 8 and failed == 0


def test_the_package_face():
    import reasoner
    for name in reasoner.__all__:
        assert getattr(reasoner, name) is not None, name
    assert set(reasoner.__all__) <= set(dir(reasoner))
    with pytest.raises(AttributeError):
        reasoner.no_such_name
    assert (ROOT / "reasoner" / "py.typed").is_file()
    assert reasoner.ask.__annotations__["return"] in ("Answer", reasoner.Answer)


def test_importing_the_package_loads_nothing_else():
    import subprocess
    code = "import sys, reasoner; print(sorted(m for m in sys.modules if m.startswith('reasoner')))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "['reasoner']"


def test_an_answer_shows_itself_in_jupyter_as_the_handouts_answer_and_argument():
    from reasoner import ask
    html = ask(str(ROOT / "facts/ch350_night_direction_unlawful.yaml"), "lawful")._repr_html_()
    assert "Unlawful: Sam Olson (the operator) violated s. 350.02(2)(b)4" in html and "Elements" in html
    assert "<script" not in html.lower()
    lawful = ask(str(ROOT / "facts/ch350_night_direction_lawful.yaml"), "lawful")._repr_html_()
    assert "The ride violated no provision of the ch. 350 excerpt" in lawful and "Unlawful" not in lawful
