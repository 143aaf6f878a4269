"""Review 5 (ch. 348 handouts 06, 08, 11), second pass: each fix checked at its source."""
from pathlib import Path

from reasoner.prose.answers import count_words, total_line

ROOT = Path(__file__).resolve().parents[2]


def test_a_count_a_person_reads_is_in_words_under_ten():
    # 08: 'Total: $2,000.00 (2 separate offenses)' -> '(two separate offenses)'
    assert total_line("", 200000, 2) == "Total: $2,000.00 (two separate offenses)."
    assert count_words(9) == "nine" and count_words(10) == "10" and count_words(1200) == "1,200"


def test_the_saved_question_fields_otherwise_and_total_are_documented():
    text = (ROOT / "docs" / "LANGUAGE.md").read_text()
    saved = text.split("## Saved queries")[1]
    assert "`otherwise:`" in saved and "`total:`" in saved and "total: Amount" in saved
    assert "query: forfeiture" in saved and "when: permit_weight_basis" in saved
