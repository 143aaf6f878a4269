"""A presumed condition that is not met reads as the statute states it, with its status beside it:
"op1 took place on lands owned by the operator's parent or guardian — not met (presumed: not
raised)". Its negative sentence followed by "not met" read as the opposite of the finding."""
import re
from pathlib import Path

from reasoner.answer.answering import ask

ROOT = Path(__file__).resolve().parents[2]
NEGATIVE_NOT_MET = re.compile(r"\b(did|does|was|is|were|are|has|had) not\b[^—]*— not met \(presumed")


def _joined(text: str) -> str:
    return " ".join(text.split())


def test_the_parent_land_exception_reads_in_the_statute_s_words():
    text = _joined(ask(str(ROOT / "facts/ch350_report_youth_alone.yaml"), "lawful").argument_text())
    # a way's ground named by its provision alone (histories18)
    assert ('s. 350.05(3): '
            "the ride took place on lands owned by the operator's parent or guardian — not met, "
            "because it is assumed that the ride did not take place on lands owned by the operator's parent or "
            "guardian (the case is silent)") in text
    assert "did not take place on lands owned by the operator's parent or guardian — not met" not in text
    # where the presumed fact is the reason an exception fails, the reason says what holds
    assert ("assumed not to apply, because the case's facts do not mention it") in text


def test_no_bundled_answer_follows_a_negative_sentence_with_not_met_on_a_presumption():
    found = []
    for case in sorted((ROOT / "facts").glob("*.yaml")):
        text = _joined(ask(str(case), "lawful").argument_text())
        text = re.sub(r'\s"[^\n]*?[.:;]"(?=\s)', " ", text)   # the statute's quoted words (beside each element) are not the argument's
        found += [(case.name, m.group(0)[:120]) for m in NEGATIVE_NOT_MET.finditer(text)]
    assert found == []
