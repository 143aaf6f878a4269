"""A party argued under another provision than the party before it gets its own full element list:
'only what differs from X' only when both are argued under the same provision (trainer review 3:
handout 03, the operator under s. 350.101(1)(a) beside the owner under s. 350.08; handout 07, the
single-trip permit under s. 348.25(8)(a) beside the annual one under (8)(b))."""
from pathlib import Path

from click.testing import CliRunner

from reasoner.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _text(tmp_path, case, query):
    out = tmp_path / "h.txt"
    run = CliRunner().invoke(main, ["export", str(ROOT / case), query, "--to", "text", "-o", str(out)])
    assert run.exit_code == 0, run.output
    return " ".join(out.read_text().split())


def test_the_operator_under_another_section_than_the_owner_has_his_own_elements(tmp_path):
    text = _text(tmp_path, "facts/ch350_impaired_borrowed_sled.yaml", "violations")
    assert "only what differs" not in text and "holds as for" not in text
    a = text[text.index("s. 350.101(1)(a) (Wis. Stat."):text.index("Conclusion: Chris Meyer (the operator) violated s. 350.101(1)(a)")]
    assert "the operator of the ride was under the influence of an intoxicant — met" in a
    assert "the intoxicant rendered the operator of the ride incapable of safe snowmobile operation — met" in a
    # the verdicts and the offenders stay
    assert "Quinn Adler (the owner or person in charge or control) violated s. 350.08" in text
    assert "Chris Meyer (the operator) violated s. 350.101(1)(b)" in text


def test_a_single_trip_permit_is_compared_only_with_a_single_trip_permit(tmp_path):
    text = _text(tmp_path, "facts/ch348_permit_fees_mixed.yaml", "permit_fee")
    assert "only what differs from the annual" not in text
    # the permits in the order of the table of parties (trainer review 11, G7): the wide-and-heavy one first
    trip = text[text.index("s. 348.25(8)(a) (Wis. Stat."):text.index("Conclusion: the fee for the single-trip wide-and-heavy permit is $65.00")]
    assert "the single-trip wide-and-heavy permit is a single trip permit issued under s. 348.26" in trip
    oversize = text[text.index("The single-trip oversize permit: only what differs"):text.index("Conclusion: the fee for the single-trip oversize permit is $40.00")]
    assert "the vehicle or combination under the single-trip oversize permit exceeds length limitations — met" in oversize
    # two permits under the same par. (a) may still share: only what differs from the other single-trip permit
    assert "The single-trip oversize permit: only what differs from the single-trip wide-and-heavy permit" in text
    assert "the fee for the annual long-and-heavy permit is $610.00" in text
    assert "the fee for the single-trip oversize permit is $40.00" in text
