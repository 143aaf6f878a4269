"""The facts/ch350_*.yaml case files are files of facts with a one-line description. Their expected
answers are YAML law tests in facts/tests (run by tests/law/test_law_yaml.py, which also checks that
every case file has some)."""
from pathlib import Path

FACTS = Path(__file__).resolve().parents[2] / "facts"


def test_case_files_have_one_line_descriptions():
    import yaml
    files = list(FACTS.glob("ch350_*.yaml"))
    assert len(files) >= 20
    for p in files:
        data = yaml.safe_load(p.read_text())
        assert set(data) <= {"description", "entities", "facts"}
        assert data["description"] and "\n" not in data["description"].strip()
