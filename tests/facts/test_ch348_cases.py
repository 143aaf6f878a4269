"""The bundled ch. 348 case files (facts/ch348_*.yaml) hold a one-line description. Their expected
answers are YAML law tests in facts/tests (run by tests/law/test_law_yaml.py, which also checks that
every case file has some)."""
from pathlib import Path

import yaml

FACTS = Path(__file__).resolve().parents[2] / "facts"


def test_every_ch348_case_file_has_a_description():
    files = sorted(FACTS.glob("ch348_*.yaml"))
    assert len(files) >= 15
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data.get("description") and "\n" not in data["description"].strip()
