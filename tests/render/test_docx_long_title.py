"""A Word handout of a case whose description is longer than a Word document's title may be
(255 characters) is written: its title is the question, the long description its scenario."""
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from reasoner.cli import main

docx = pytest.importorskip("docx")
NIGHT = Path(__file__).resolve().parents[2] / "facts" / "ch350_night_direction_unlawful.yaml"


def test_a_description_over_255_characters_is_a_word_handout_with_the_title_cut(tmp_path):
    data = yaml.safe_load(NIGHT.read_text(encoding="utf-8"))
    data["description"] = "Night ride against traffic " + "on a long trail " * 30 + "end."
    case = tmp_path / "case.yaml"
    case.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    out = tmp_path / "x.docx"
    result = CliRunner().invoke(main, ["export", str(case), "lawful", "--to", "docx", "-o", str(out)])
    assert result.exit_code == 0, result.output
    document = docx.Document(str(out))
    title = document.core_properties.title
    assert len(title) <= 255
    assert title.startswith("Is this snowmobile operation lawful")   # the question, not the description
    text = "\n".join(p.text for p in document.paragraphs)
    assert "Scenario: Night ride against traffic on a long trail" in text and "end." in text
